"""Slicing: windows, ranges, indices and views, masked at the edges."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "slicing"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- the interpreter's own rules
# Where the language leaves a choice to the back end, these pin the interpreter's.

DUPLICATES = """
kernel last_wins(Y: tensor<i32>[4], Z: tensor<i32>[8]) {
  Y[ctx.thread % 3] = i32(ctx.thread)
  var t: tile<i32>[8] = -1
  t[ctx.thread % 7 + 3] = i32(ctx.thread)
  Z[:] = t
}
"""


def test_the_highest_thread_wins_among_stores_to_one_element():
    y, z = np.zeros(4, np.int32), np.zeros(8, np.int32)
    run_text(DUPLICATES, "last_wins", 1, Y=y, Z=z)
    assert list(y) == [126, 127, 125, 0]
    # Thread t stores position t % 7 + 3; positions 8 and 9 lie outside the tile.
    assert list(z) == [-1, -1, -1] + [max(t for t in range(128) if t % 7 + 3 == p) for p in range(3, 8)]
