"""Statements that read what they store: every read sees the target as it was before
the statement, however the store's window overlaps it (spec: Tile statements)."""

from __future__ import annotations

import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check

AREA = "overlap"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)
