"""Tile matrix products, with absent elements skipped in the sum."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "dot"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


WRAP = """
kernel dot_i32(A: tensor<i32>[8, 16], B: tensor<i32>[16, 8], C: tensor<i32>[8, 8]) {
  C[:, :] = dot(A[:, :], B[:, :])
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_an_i32_product_wraps_at_32_bits(backend):
    rng = np.random.default_rng(10)
    a = rng.integers(-(2**31), 2**31, (8, 16), dtype=np.int64).astype(np.int32)
    b = rng.integers(-(2**31), 2**31, (16, 8), dtype=np.int64).astype(np.int32)
    c = np.zeros((8, 8), np.int32)
    run_text(WRAP, "dot_i32", 1, backend, A=a, B=b, C=c)
    exact = [[sum(int(a[i, k]) * int(b[k, j]) for k in range(16)) for j in range(8)] for i in range(8)]
    want = (np.array(exact, dtype=object) % 2**32).astype(np.int64).astype(np.uint32).view(np.int32)
    np.testing.assert_array_equal(c, want)


TF32_ROWS = """
kernel tf32_rows(A: tensor<f32>[1, 8], I: tensor<f32>[8, 8], C: tensor<f32>[1, 8]) {
  C[:, :] = dot<precision tf32>(A[:, :], I[:, :])
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_tf32_dot_cuts_its_operands_toward_zero(backend):
    """Through an identity, the product is the cut operand itself: the 13 low mantissa
    bits are dropped, below, at and above half a TF32 step alike, as the H200's tensor
    cores drop them."""
    ulp = 2.0**-10  # of TF32 at 1
    a = np.array([[1 + ulp / 2, -(1 + ulp / 2), 1 + ulp / 4, 1 + 3 * ulp / 4, 3.0, 2.0**-149,
                   -2 - 5 * ulp / 4, -1.5 - ulp / 2]], np.float32)
    want = np.array([[1.0, -1.0, 1.0, 1.0, 3.0, 0.0, -2.0, -1.5]], np.float32)
    c = np.zeros((1, 8), np.float32)
    run_text(TF32_ROWS, "tf32_rows", 1, backend, A=a, I=np.eye(8, dtype=np.float32), C=c)
    np.testing.assert_array_equal(c, want)


def test_the_interpreters_tf32_cut_keeps_nan_and_infinities():
    from phobos.backends.interp.numerics import round_tf32

    x = np.array([np.nan, np.inf, -np.inf, -0.0, np.finfo(np.float32).max], np.float32)
    out = round_tf32(x)
    assert np.isnan(out[0]) and out[1] == np.inf and out[2] == -np.inf
    assert out[3] == 0.0 and np.signbit(out[3])
    assert out[4].view(np.uint32) == 0x7F7FE000  # the largest TF32, not inf
