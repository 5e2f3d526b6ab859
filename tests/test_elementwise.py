"""Elementwise arithmetic and broadcasting on tiles and per-thread scalars."""

from __future__ import annotations

import re

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check

import phobos

AREA = "elementwise"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- the interpreter's own rules
# Where the language leaves a choice to the back end, these pin the interpreter's.

DIRECT = """
@autotune(T in [32, 64])
kernel shift(X: tensor<f32>[N], Y: tensor<f32>[N], by: f32) {
  let c = ctx.block.x * T
  Y[c :+ T] = X[c :+ T] + by + f32(ctx.grid.x * 1000 + ctx.block.x)
}
"""


def test_run_takes_a_variant_and_writes_in_place():
    # The runtime calls `run` with one variant, the grid, and the arguments by name.
    from phobos.backends.interp import run

    variant = phobos.compile(DIRECT).shift.variants[1]
    x, y = np.arange(100, dtype=np.float32), np.zeros(100, np.float32)
    run(variant, (2, 1, 1), {"X": x, "Y": y}, {"by": 0.5}, {"N": 100})
    block = np.minimum(np.arange(100) // 64, 1)
    assert (y == x + 0.5 + 2000 + block).all()


@pytest.mark.parametrize(("tensors", "dims", "message"), [
    ({"X": np.zeros(8, np.float64), "Y": np.zeros(8, np.float32)}, {"N": 8}, "needs f32 elements"),
    ({"X": np.zeros(16, np.float32)[::2], "Y": np.zeros(8, np.float32)}, {"N": 8}, "row-major"),
    ({"X": np.zeros(8, np.float32)}, {"N": 8}, "tensor `Y`: no array"),
    ({"X": np.zeros(8, np.float32), "Y": np.zeros(8, np.float32)}, {}, "no value for dim(s) N"),
])
def test_run_refuses_what_would_go_wrong_quietly(tensors, dims, message):
    from phobos.backends.interp import run

    variant = phobos.compile(DIRECT).shift.variants[0]
    with pytest.raises(phobos.PhobosError, match=re.escape(message)):
        run(variant, (1, 1, 1), tensors, {"by": 1.0}, dims)
