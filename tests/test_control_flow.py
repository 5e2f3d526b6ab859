"""Control flow that differs between threads, run under an active mask."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "control_flow"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- the interpreter's own rules
# Where the language leaves a choice to the back end, these pin the interpreter's.

LEFT_FOR_GOOD = """
kernel left_for_good(S: tensor<i32>[2], N: tensor<i32>[64]) {
  var n: i32 = 0
  while S[ctx.thread % 2] < 3 {
    n += 1
    if ctx.thread == 1 {
      S[0] = 0
      S[1] += 1
    }
  }
  N[ctx.thread] = n
}
"""


def test_a_thread_whose_while_test_fails_has_left_the_loop():
    # Even threads fail their first test; thread 1 then makes their test true again,
    # which the interpreter (threads in lockstep) shows at once. They do not come back.
    s, n = np.array([5, 0], np.int32), np.zeros(64, np.int32)
    run_text(LEFT_FOR_GOOD, "left_for_good", 1, S=s, N=n)
    assert (n[0::2] == 0).all() and (n[1::2] == 3).all()
