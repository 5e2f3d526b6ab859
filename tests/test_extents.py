"""Every corpus kernel that takes a runtime extent, at the extents users pass: 1, 2, 3,
5 and 4097 (each clamped into the range its case draws from), on the interpreter;
gate 2 (scripts/gpu_gate.py) runs them on the GPU. The language takes any extent of
at least 1; the multiple-of-4 fact is only a specialization key."""

from __future__ import annotations

import pytest
from corpus import harness
from corpus.case import USER_EXTENTS, draws_an_extent, forced_extent
from corpus.cases import CASES

SIZED = [case for case in CASES if draws_an_extent(case)]


@pytest.mark.parametrize("extent", USER_EXTENTS)
@pytest.mark.parametrize("case", SIZED, ids=[c.name for c in SIZED])
def test_the_corpus_at_user_extents(case, extent: int):
    with forced_extent(extent):
        harness.check_draw(case, case.spellings[0], "interp", 1000 + extent)


def test_most_of_the_corpus_draws_its_extents():
    assert len(SIZED) >= 60, [c.name for c in CASES if c not in SIZED]
