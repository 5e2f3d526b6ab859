"""Division updates the checker refuses, each at its own line."""
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph


@ph.kernel
def int_true_division_update(X: ph.tensor[ph.i32][N]):
    i: ph.var = ph.ctx.thread
    i /= 2
    X[i] = 1


@ph.kernel
def float_floor_division_update(X: ph.tensor[ph.f32][N]):
    f: ph.var = 1.0
    f //= 2.0
    X[0] = f
