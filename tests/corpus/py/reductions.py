"""reductions.phobos and the seed's partial_sums, spelt in Python (row_means is seed
001's own module, tests/pykernels/row_means.py)."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.launch(256)
def partial_sums(X: ph.tensor[ph.f32][1, N], O: ph.tensor[ph.f32][1, 256]):
    acc: ph.var[ph.f32] = 0.0
    for i in ph.unroll(4, range(ph.ctx.thread, N, 256)):
        acc += X[0, i]
    O[0, ph.ctx.thread] = acc


@ph.kernel
@ph.autotune(R=[8], C=[64])
def row_stats(X: ph.tensor[ph.f32][M, N], S: ph.tensor[ph.f32][M, 3]):
    r: ph.let = ph.ctx.block.x * R
    total: ph.var[ph.tile[ph.f32][R, 1]] = 0.0
    hi: ph.var[ph.tile[ph.f32][R, 1]] = -ph.inf
    lo: ph.var[ph.tile[ph.f32][R, 1]] = ph.inf
    for c in range(0, N, C):
        x: ph.let = X[r:+R, c:+C]
        total += ph.rowsum(x)
        hi = ph.max(hi, ph.rowmax(x))
        lo = ph.min(lo, ph.rowmin(x))
    S[r:+R, 0:+1] = total
    S[r:+R, 1:+1] = hi
    S[r:+R, 2:+1] = lo


@ph.kernel
@ph.autotune(ROWS=[8], COLS=[256])
def softmax_rows(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N]):
    r: ph.let = ph.ctx.block.x * ROWS
    Y[r:+ROWS, 0:+COLS] = ph.softmax(X[r:+ROWS, 0:+COLS])


@ph.kernel
@ph.autotune(R=[16], C=[32])
def col_sums(X: ph.tensor[ph.f32][M, N], COLS: ph.tensor[ph.f32][1, N], TOTAL: ph.tensor[ph.f32][G]):
    c: ph.let = ph.ctx.block.x * C
    acc: ph.var[ph.tile[ph.f32][1, C]] = 0.0
    total: ph.var[ph.f32] = 0.0
    for r in range(0, M, R):
        x: ph.let = X[r:+R, c:+C]
        acc += ph.sum(x, axis=0)
        total += ph.sum(x)
    COLS[0:+1, c:+C] = acc
    TOTAL[ph.ctx.block.x] = total


@ph.kernel
@ph.autotune(R=[8], C=[32])
def int_rows(X: ph.tensor[ph.i32][M, N], B: ph.tensor[ph.i8][M, N], S: ph.tensor[ph.i32][M, 4]):
    r: ph.let = ph.ctx.block.x * R
    s: ph.var[ph.tile[ph.i32][R, 1]] = 0
    hi: ph.var[ph.tile[ph.i32][R, 1]] = -2147483647 - 1
    lo: ph.var[ph.tile[ph.i32][R, 1]] = 2147483647
    b: ph.var[ph.tile[ph.i32][R, 1]] = 0
    for c in range(0, N, C):
        x: ph.let = X[r:+R, c:+C]
        s += ph.rowsum(x)
        hi = ph.max(hi, ph.rowmax(x))
        lo = ph.min(lo, ph.rowmin(x))
        b += ph.rowsum(B[r:+R, c:+C])
    S[r:+R, 0:+1] = s
    S[r:+R, 1:+1] = hi
    S[r:+R, 2:+1] = lo
    S[r:+R, 3:+1] = b


@ph.kernel
def beyond_edge(X: ph.tensor[ph.f32][M, N], S: ph.tensor[ph.f32][M, 4], I: ph.tensor[ph.i32][M, 2]):
    r: ph.let = ph.ctx.block.x * 8
    x: ph.let = X[r:+8, N:+8]
    S[r:+8, 0:+1] = ph.rowsum(x)
    S[r:+8, 1:+1] = ph.rowmax(x)
    S[r:+8, 2:+1] = ph.rowmin(x)
    S[r:+8, 3:+1] = ph.sum(x) + 1.0
    k: ph.let = ph.i32(x)
    I[r:+8, 0:+1] = ph.rowmax(k)
    I[r:+8, 1:+1] = ph.rowmin(k)


@ph.kernel
@ph.autotune(R=[8], C=[128])
def half_rows(X: ph.tensor[ph.f16][M, N], B: ph.tensor[ph.bf16][M, N], S: ph.tensor[ph.f32][M, 1],
              P: ph.tensor[ph.bf16][M, 1]):
    r: ph.let = ph.ctx.block.x * R
    S[r:+R, 0:+1] = ph.rowsum(X[r:+R, 0:+C])
    P[r:+R, 0:+1] = ph.rowmax(B[r:+R, 0:+C])


@ph.kernel
@ph.launch(256)
def sum_picks(X: ph.tensor[ph.f32][M, 64], Y: ph.tensor[ph.f32][M, 64], lo: ph.f32, hi: ph.f32):
    r: ph.let = ph.ctx.block.x * 8
    x: ph.var = X[r:+8, :]
    s: ph.let = ph.sum(x)
    if s > hi:
        Y[r:+8, :] = x * 2.0
    elif s > lo:
        Y[r:+8, :] = x + 1.0
    else:
        Y[r:+8, :] = -x


@ph.kernel
@ph.launch(128)
def causal_rows(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], offset: ph.i64):
    r: ph.let = ph.ctx.block.x * 16
    s: ph.let = X[r:+16, 0:+64]
    Y[r:+16, 0:+64] = ph.softmax(ph.where(ph.iota(16, 64, axis=1) <= ph.iota(16, 64, axis=0) + r + offset, s, -ph.inf))


@ph.kernel
@ph.launch(128)
def peak_weights(X: ph.tensor[ph.f32][M, 8], Y: ph.tensor[ph.f32][M, 8], P: ph.tensor[ph.f32][M, 8]):
    r0: ph.let = ph.ctx.block.x * 4
    acc: ph.var[ph.tile[ph.f32][4, 8]] = X[r0:+4, :]
    acc += ph.softmax(ph.max(acc, axis=1)) * 2.0
    Y[r0:+4, :] = acc
    peaks: ph.var[ph.tile[ph.f32][4, 8]] = 0.0
    for j in range(0, 3):
        peaks += ph.softmax(ph.max(X[(r0 - 3 + j):+4, (j - 1):+8], axis=1))
    P[r0:+4, :] = peaks


@ph.kernel
def negated_extremes(X: ph.tensor[ph.i32][N], Y: ph.tensor[ph.i32][4]):
    x: ph.let = X[0:+8]
    Y[0] = ph.min(-8 * x)
    Y[1] = ph.max(-8 * x)
    Y[2] = ph.min(-x)
    Y[3] = ph.max(0 - 2 * x)


@ph.kernel
@ph.autotune(R=[8], C=[64])
def nan_extremes(X: ph.tensor[ph.f32][M, N], H: ph.tensor[ph.f16][M, N], B: ph.tensor[ph.bf16][M, N],
                 D: ph.tensor[ph.f64][M, N], S: ph.tensor[ph.f32][M, 2], SH: ph.tensor[ph.f16][M, 2],
                 SB: ph.tensor[ph.bf16][M, 2], SD: ph.tensor[ph.f64][M, 2], COLS: ph.tensor[ph.f32][K, N],
                 T: ph.tensor[ph.f64][G, 10]):
    r: ph.let = ph.ctx.block.x * R
    x: ph.let = X[r:+R, 0:+C]
    h: ph.let = H[r:+R, 0:+C]
    b: ph.let = B[r:+R, 0:+C]
    d: ph.let = D[r:+R, 0:+C]
    S[r:+R, 0:+1] = ph.rowmax(x)
    S[r:+R, 1:+1] = ph.rowmin(x)
    SH[r:+R, 0:+1] = ph.rowmax(h)
    SH[r:+R, 1:+1] = ph.rowmin(h)
    SB[r:+R, 0:+1] = ph.rowmax(b)
    SB[r:+R, 1:+1] = ph.rowmin(b)
    SD[r:+R, 0:+1] = ph.rowmax(d)
    SD[r:+R, 1:+1] = ph.rowmin(d)
    COLS[2 * ph.ctx.block.x:+1, 0:+C] = ph.max(x, axis=0) - ph.min(b, axis=0)
    COLS[2 * ph.ctx.block.x + 1:+1, 0:+C] = ph.max(X[M:+R, 0:+C], axis=0)
    T[ph.ctx.block.x, 0] = ph.f64(ph.max(x))
    T[ph.ctx.block.x, 1] = ph.f64(ph.min(x))
    T[ph.ctx.block.x, 2] = ph.f64(ph.max(h))
    T[ph.ctx.block.x, 3] = ph.f64(ph.min(h))
    T[ph.ctx.block.x, 4] = ph.f64(ph.max(b))
    T[ph.ctx.block.x, 5] = ph.f64(ph.min(b))
    T[ph.ctx.block.x, 6] = ph.max(d)
    T[ph.ctx.block.x, 7] = ph.min(d)
    T[ph.ctx.block.x, 8] = ph.f64(ph.max(X[r:+R, N:+8]))
    T[ph.ctx.block.x, 9] = ph.min(D[r:+R, N:+8])
