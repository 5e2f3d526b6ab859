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
