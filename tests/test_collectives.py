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
