"""Warp collectives and shuffles, as reshapes of the per-thread vector."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "collectives"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- the interpreter's own rules
# Where the language leaves a choice to the back end, these pin the interpreter's.

SUMS = """
kernel group_sums(X: tensor<f32>[128], O: tensor<f32>[128], B: tensor<f32>[4]) {
  O[ctx.thread] = sum<over ctx.lane, width 16>(X[ctx.thread])
  B[0] = sum<over ctx.thread>(X[ctx.thread])
}
"""


def _butterfly(x: np.ndarray) -> np.ndarray:
    """Rows combined pairwise in f32, halves first: what an xor butterfly computes."""
    while x.shape[1] > 1:
        half = x.shape[1] // 2
        x = x[:, :half] + x[:, half:]
    return x[:, 0]


def test_float_reductions_combine_as_a_butterfly():
    x = (np.random.default_rng(8).standard_normal(128) * 1e3).astype(np.float32)
    o, b = np.zeros(128, np.float32), np.zeros(4, np.float32)
    run_text(SUMS, "group_sums", 1, X=x, O=o, B=b)
    np.testing.assert_array_equal(o, np.repeat(_butterfly(x.reshape(8, 16)), 16))
    warps = _butterfly(x.reshape(4, 32))
    assert b[0] == _butterfly(warps.reshape(1, 4))[0]


# ---------------------------------------------------------------- the CUDA back end's choices

SHUFFLED = """
kernel k(X: tensor<i32>[N], O: tensor<i32>[N], F: tensor<f32>[N], n: i32, a: f32) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  O[i] = shfl<idx -6, width 1>(5) - n + shfl<xor 3>(ctx.warp) + shfl<down 1>(X[i]) + shfl<up 2>(i32(ctx.lane))
  F[i] = -shfl<xor 1>(f32(-2.0)) - shfl<down 4, width 8>(-f32(a))
}
"""


def test_a_shuffle_of_a_warp_uniform_value_is_the_value_itself():
    """Every lane reads what it holds, so the CUDA back end writes no shuffle for it
    (ptxas folds one of a constant itself, and can then get a subtraction around it
    wrong); a varying value keeps its shuffle."""
    import phobos
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate

    variant = phobos.compile(SHUFFLED).k.variants[0]
    source = generate(variant).source
    body = source[source.index('extern "C"'):]
    assert body.count("ph::shfl_") == 2
    assert "ph::shfl_down<i32>((0 <= i_ && i_ < N_ ? X_[i_] : 0), 1, 32)" in body
    assert "ph::shfl_up<i32>((i32)((i64)(threadIdx.x & 31)), 2, 32)" in body
    assert "ph::wsub((5ll), (i64)(n_))" in body and "(i64)(threadIdx.x >> 5)" in body
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed to build it")
    assert build(generate(variant), variant, "sm_90")[:4] == b"\x7fELF"
