"""Functions, inlined at every call: expression and statement fns."""

from __future__ import annotations

import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check

AREA = "functions"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)
