"""Atomics on tensor and tile elements.

The corpus checks what every order of the threads gives; the tests below pin the
interpreter's own order: threads act one after another in thread order, CTAs one
after another, each seeing what the lower-numbered ones left.
"""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "atomics"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


ORDER = """
kernel tickets(T: tensor<i32>[N], C: tensor<i32>[4]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  T[i] = atomic_add(C[0], 1)
}

kernel claim(K: tensor<i32>[N], OWNER: tensor<i32>[B], OLD: tensor<i32>[N]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  OLD[i] = atomic_cas(OWNER[K[i]], -1, i32(i))
}

kernel chain(X: tensor<f32>[N], CELL: tensor<f32>[4], OLD: tensor<f32>[N], S: tensor<f32>[4]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  OLD[i] = atomic_xchg(CELL[1], X[i])
  atomic_add(S[0], X[i])
}

kernel masked(O: tensor<i32>[128], C: tensor<i32>[4]) {
  if ctx.thread % 3 == 0 {
    O[ctx.thread] = atomic_add(C[0], 1)
  } else {
    O[ctx.thread] = -5
  }
}

kernel tile_edges(X: tensor<f32>[4], O: tensor<f32>[128], T: tensor<f32>[8]) {
  var t = X[0 :+ 8]
  O[ctx.thread] = atomic_add(t[ctx.thread % 10], 1.0)
  T[0 :+ 8] = t
}
"""


def test_old_values_follow_thread_then_cta_order():
    t, c = np.zeros(300, np.int32), np.zeros(4, np.int32)
    run_text(ORDER, "tickets", 3, T=t, C=c)
    assert (t == np.arange(300)).all() and c[0] == 384  # threads past N count too


def test_cas_goes_to_the_lowest_thread_of_each_key():
    rng = np.random.default_rng(5)
    k = rng.integers(0, 20, 256).astype(np.int32)
    owner, old = np.full(20, -1, np.int32), np.zeros(256, np.int32)
    run_text(ORDER, "claim", 2, K=k, OWNER=owner, OLD=old)
    first = {int(key): i for i, key in reversed(list(enumerate(k)))}
    assert all(owner[key] == i for key, i in first.items())
    assert all(old[i] == (-1 if first[int(key)] == i else first[int(key)]) for i, key in enumerate(k))


def test_exchange_and_float_add_run_in_sequence():
    rng = np.random.default_rng(6)
    x = rng.standard_normal(256).astype(np.float32)
    cell, old, s = np.array([0, 9, 0, 0], np.float32), np.zeros(256, np.float32), np.zeros(4, np.float32)
    run_text(ORDER, "chain", 2, X=x, CELL=cell, OLD=old, S=s)
    assert old[0] == 9 and (old[1:] == x[:-1]).all() and cell[1] == x[-1]
    total = np.float32(0)
    for v in x:  # the f32 sum, one thread after another
        total = np.float32(total + v)
    assert s[0] == total


def test_inactive_threads_do_not_act():
    o, c = np.zeros(128, np.int32), np.zeros(4, np.int32)
    run_text(ORDER, "masked", 1, O=o, C=c)
    active = np.arange(128) % 3 == 0
    assert (o[active] == np.arange(active.sum())).all() and (o[~active] == -5).all()
    assert c[0] == active.sum()


def test_atomics_on_absent_or_outside_tile_elements_are_dropped():
    x, o, t = np.arange(4, dtype=np.float32), np.zeros(128, np.float32), np.full(8, -1, np.float32)
    run_text(ORDER, "tile_edges", 1, X=x, O=o, T=t)
    pos = np.arange(128) % 10
    for p in range(4):  # each present element counts up from its value, in thread order
        assert (o[pos == p] == p + np.arange((pos == p).sum())).all()
    assert (o[pos >= 4] == 0).all()
    assert (t[:4] == x + (pos[:, None] == np.arange(4)).sum(axis=0)).all() and (t[4:] == -1).all()
