from __future__ import annotations

import phobos.lang as ph


@ph.fn
def scaled(x, s):
    return x * s


@ph.kernel
@ph.autotune(ROWS=[4, 16], COLS=[64])
@ph.aligned(M="ROWS", N="COLS")
def row_means(X: ph.tensor[ph.f32][M, N], OUT: ph.tensor[ph.f32][M, 1]):
    r: ph.let = ph.ctx.block.x * ROWS
    total: ph.var[ph.tile[ph.f32][ROWS, 1]] = 0.0
    for c in range(0, N, COLS):
        a: ph.var = X[r:+ROWS, c:+COLS]
        total += ph.rowsum(a)
    OUT[r:+ROWS, 0:+1] = scaled(total, 1.0 / ph.f32(N))


# The seed's example above, verbatim; its body is read, never run by Python.
# ruff: noqa: F821
