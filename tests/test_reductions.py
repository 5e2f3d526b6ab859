"""Reductions and softmax, with absent elements skipped."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.case import BF16
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "reductions"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


NANS = """
kernel nan_rows(X: tensor<f32>[4, 8], S: tensor<f32>[4, 3]) {
  let x = X[:, :]
  S[:, 0:1] = rowmax(x)
  S[:, 1:2] = rowmin(x)
  S[:, 2:3] = rowsum(x)
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_max_and_min_ignore_nan_and_sum_keeps_it(backend):
    x = np.arange(32, dtype=np.float32).reshape(4, 8)
    x[0, 3] = x[1, :] = np.nan
    s = np.zeros((4, 3), np.float32)
    run_text(NANS, "nan_rows", 1, backend, X=x, S=s)
    assert s[0].tolist()[:2] == [7.0, 0.0] and np.isnan(s[0, 2])
    # A row of NaN alone gives NaN: the identities are for rows with nothing present.
    assert np.isnan(s[1]).all()
    assert s[2].tolist() == [23.0, 16.0, sum(range(16, 24))]


EXTREMES = """
kernel extremes(X: tensor<{t}>[M, N], R: tensor<{t}>[8, 2], C: tensor<{t}>[2, 8], W: tensor<{t}>[4]) {{
  let x = X[0 :+ 8, 0 :+ 8]
  R[:, 0 :+ 1] = rowmax(x)
  R[:, 1 :+ 1] = rowmin(x)
  C[0 :+ 1, :] = max<axis 0>(x)
  C[1 :+ 1, :] = min<axis -2>(x)
  W[0] = max(x)
  W[1] = min(x)
  W[2] = max(X[0 :+ 8, N :+ 8])
  W[3] = min(X[M :+ 8, 0 :+ 8])
}}
"""


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("dtype", ["f32", "f64", "f16", "bf16"])
def test_nan_alone_gives_nan_and_nothing_present_the_identity(dtype, backend):
    """Spec, Floats: max and min skip NaN, so a row (column, tile) of numbers and NaN
    gives the numbers' extreme and one of NaN alone NaN; the identities -inf and +inf
    come only from rows with no element present (here the window overhangs X's 6 x 5)."""
    nd = np.dtype(BF16) if dtype == "bf16" else np.dtype(dtype.replace("f", "float"))
    x = np.full((6, 5), np.nan, nd)
    x[1, 2], x[2, :] = 3.0, [1.0, -np.inf, np.nan, 4.0, np.nan]
    r, c, w = np.zeros((8, 2), nd), np.zeros((2, 8), nd), np.zeros(4, nd)
    run_text(EXTREMES.format(t=dtype), "extremes", 1, backend, X=x, R=r, C=c, W=w)
    nan, inf = np.nan, np.inf
    want_rows = [[nan, nan], [3, 3], [4, -inf], [nan, nan], [nan, nan], [nan, nan], [0, 0], [0, 0]]
    np.testing.assert_array_equal(r.astype(np.float64), want_rows)  # rows past M are absent: not stored
    np.testing.assert_array_equal(c.astype(np.float64), [[1, -inf, 3, 4, nan, 0, 0, 0], [1, -inf, 3, 4, nan, 0, 0, 0]])
    np.testing.assert_array_equal(w.astype(np.float64), [4, -inf, -inf, inf])
    x[:] = np.nan
    run_text(EXTREMES.format(t=dtype), "extremes", 1, backend, X=x, R=r, C=c, W=w)
    assert np.isnan(w[:2].astype(np.float64)).all() and np.isnan(c[:, :5].astype(np.float64)).all()
