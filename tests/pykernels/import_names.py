"""The markers imported by name, one of them under another name."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821, B007

from __future__ import annotations

from phobos.lang import autotune, ctx, exp, f32, fn, i32, inf, kernel, let, tensor, tile, unroll, var
from phobos.lang import sum as lane_sum


@fn
def twice(x):
    return x + x


@kernel
@autotune(TILE=[64])
def import_names(X: tensor[f32][N], Y: tensor[f32][N], n: i32):
    base: let = ctx.block.x * TILE
    x: var = X[base:+TILE]
    t: var[tile[f32][TILE]] = exp(x)
    for i in unroll(2, range(n)):
        t = twice(t)
    s: let = lane_sum(X[ctx.thread], over=ctx.lane)
    Y[base:+TILE] = t + s - inf
