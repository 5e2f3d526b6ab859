"""The row-wise benchmark kernels, written in Phobos's Python spelling (`phobos.lang`).

Softmax and layer norm take whole rows: each CTA holds a tile of `rows` rows of COLS
columns, COLS being the row length rounded up to a power of two and `rows` enough
rows for 2048 elements (one row from 2048 columns up). So a row is read from memory
once, and the columns past its end are absent (the language masks them; softmax and
the row sums skip them). The CTA's size, THREADS, is chosen at launch from COLS so
each thread holds 16 to 32 elements: the CUDA back end keeps such a tile in
registers. benchmarks/kernels/__init__.py pins COLS and THREADS at launch.
"""

# The bodies below are read by Phobos, never run by Python: dims such as `M` and the
# autotune names `COLS`, `THREADS` and `ROWS` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph


@ph.kernel
@ph.autotune(COLS=[4096, 128, 256, 512, 1024, 2048, 8192, 16384], THREADS=[256, 128, 512, 1024])
@ph.launch("THREADS")
def softmax_rows(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N]):
    rows: ph.let = (2048 + COLS - 1) // COLS
    r: ph.let = ph.ctx.block.x * rows
    x: ph.var = X[r:+rows, 0:+COLS]
    Y[r:+rows, 0:+COLS] = ph.softmax(x)


@ph.fn
def centred(x, mean):
    return x - mean


# Layer norm over each row: y = (x - mean) / sqrt(var + eps) * w + b, in f32, stored
# as bf16. The variance is the mean of squared deviations (two passes over the tile,
# which stays on chip), not E[x^2] - mean^2, which cancels badly.
@ph.kernel
@ph.autotune(COLS=[4096, 128, 256, 512, 1024, 2048, 8192, 16384], THREADS=[256, 128, 512, 1024])
@ph.launch("THREADS")
def layer_norm(
    X: ph.tensor[ph.bf16][M, N],
    W: ph.tensor[ph.bf16][N],
    B: ph.tensor[ph.bf16][N],
    Y: ph.tensor[ph.bf16][M, N],
    eps: ph.f32,
):
    rows: ph.let = (2048 + COLS - 1) // COLS
    r: ph.let = ph.ctx.block.x * rows
    x: ph.var = X[r:+rows, 0:+COLS]
    mean: ph.let = ph.rowsum(x) / ph.f32(N)
    variance: ph.let = ph.rowsum(centred(x, mean) * centred(x, mean)) / ph.f32(N)
    rstd: ph.let = ph.rsqrt(variance + eps)
    Y[r:+rows, 0:+COLS] = centred(x, mean) * rstd * W[0:+COLS] + B[0:+COLS]


@ph.fn
def scaled(x, s):
    return x * s


# Seed 001's row_means, with wider column chunks: each CTA walks its ROWS rows in
# COLS-wide chunks and keeps the running sums in a ROWS x 1 tile (on the CUDA back
# end, the chunk and the sums live in registers). As in the seed, no @launch: a CTA
# has 128 threads. (The seed's @aligned promise is left out so that any extent works.)
@ph.kernel
@ph.autotune(ROWS=[1, 16, 4], COLS=[2048, 512, 64])
def row_means(X: ph.tensor[ph.f32][M, N], OUT: ph.tensor[ph.f32][M, 1]):
    r: ph.let = ph.ctx.block.x * ROWS
    total: ph.var[ph.tile[ph.f32][ROWS, 1]] = 0.0
    for c in range(0, N, COLS):
        a: ph.var = X[r:+ROWS, c:+COLS]
        total += ph.rowsum(a)
    OUT[r:+ROWS, 0:+1] = scaled(total, 1.0 / ph.f32(N))
