"""Reductions and softmax, with absent elements skipped."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
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
    # A row of NaN alone reduces to the identities, as if nothing were present.
    assert s[1].tolist()[:2] == [-np.inf, np.inf] and np.isnan(s[1, 2])
    assert s[2].tolist() == [23.0, 16.0, sum(range(16, 24))]
