"""slicing.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.autotune(T=[16])
def shifted_copy(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], dr: ph.i32, dc: ph.i32):
    r: ph.let = ph.ctx.block.y * T
    c: ph.let = ph.ctx.block.x * T
    Y[r:+T, c:+T] = X[r + dr:+T, c + dc:+T]


@ph.kernel
def ranges(X: ph.tensor[ph.f32][M, 12], Y: ph.tensor[ph.f32][M, 12]):
    r: ph.let = ph.ctx.block.x * 8
    Y[r:r + 8, 0:4] = X[r:r + 8, 8:] * 2.0
    Y[r:r + 8, 4:] = X[r:r + 8, :8] + 1.0


@ph.kernel
@ph.autotune(C=[64])
def row_pick(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], i: ph.i32):
    c: ph.let = ph.ctx.block.x * C
    row: ph.var = X[i, c:+C]
    t: ph.var = X[0:+8, c:+C]
    t[2, :] = row
    t[3:+2, 0:+8] = t[0:+2, 8:+8] * 10.0
    tail: ph.let = t[6:+4, :]
    Y[0:+8, c:+C] = t
    Y[8, c:+C] = tail[1, :] - 1.0


@ph.kernel
@ph.autotune(C=[32])
def mixed_windows(X: ph.tensor[ph.f32][M, N], K: ph.tensor[ph.i32][M, N], Y: ph.tensor[ph.f32][M, N],
                  J: ph.tensor[ph.i32][M, N], s: ph.i32):
    c: ph.let = ph.ctx.block.x * C
    t: ph.var = X[0:+8, c:+C]
    k: ph.var = K[0:+8, c:+C]
    t[1, :] = t[s, :] + 1.0
    k[2:+2, :] = k[s:+2, :] * 3
    Y[0:+8, c:+C] = t
    J[0:+8, c:+C] = k


@ph.kernel
@ph.launch(128)
def tile_gather(X: ph.tensor[ph.f32][8, 8], Y: ph.tensor[ph.f32][128], Z: ph.tensor[ph.f32][8, 8]):
    t: ph.var = X[:, :]
    i: ph.let = ph.ctx.thread // 8 - 4
    j: ph.let = ph.ctx.thread % 8
    Y[ph.ctx.thread] = t[i, j]
    u: ph.var[ph.tile[ph.f32][8, 8]] = -1.0
    u[j, i] = ph.f32(ph.ctx.thread)
    Z[:, :] = u


@ph.kernel
def absent_reads(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    c: ph.let = ph.ctx.block.x * 16
    t: ph.var = X[c + 8:+16] + 1.0
    if ph.ctx.thread < 16:
        Y[c + ph.ctx.thread] = t[ph.ctx.thread]


@ph.kernel
def tile_assign(X: ph.tensor[ph.f32][8, 8], A: ph.tensor[ph.f32][8, 8], B: ph.tensor[ph.f32][8, 8],
                C: ph.tensor[ph.f32][8, 8], D: ph.tensor[ph.f32][8, 8]):
    a: ph.var = X[:, :]
    b: ph.var[ph.tile[ph.f32][8, 8]] = 0.0
    b = a
    b[0, :] = 5.0
    c: ph.var[ph.tile[ph.f32][8, 8]] = 1.0
    c = ph.rowsum(a)
    d: ph.var[ph.tile[ph.f32][8, 8]] = 0.0
    d = ph.transpose(a)
    d[1, 1] = -1.0
    A[:, :] = a
    B[:, :] = b
    C[:, :] = c
    D[:, :] = d


@ph.kernel
def view_reads(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], W: ph.tensor[ph.f32][M, 8]):
    r: ph.let = ph.ctx.block.x * 8
    v: ph.let = X[r:+8, 1:+4]
    Y[r:+8, 0:+4] = v * 2.0
    if ph.ctx.thread < 64:
        W[r + ph.ctx.thread // 8, ph.ctx.thread % 8] = v[ph.ctx.thread // 8, ph.ctx.thread % 8 - 2] + 1.0


@ph.kernel
def view_varying(X: ph.tensor[ph.f32][N, 4], Y: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    v: ph.let = X[i - 1:+3, :]
    Y[i] = v[0, 0] + v[1, 1] + v[2, 3]


@ph.kernel
def oob_scalar(X: ph.tensor[ph.i32][N], Y: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread - 5
    Y[i] = X[i + 3] + 1


@ph.kernel
@ph.autotune(R=[8], C=[32])
def absent_broadcast(X: ph.tensor[ph.f32][M, N], ROW: ph.tensor[ph.f32][1, N],
                     COL: ph.tensor[ph.f32][M, 1], Y: ph.tensor[ph.f32][M, N],
                     Z: ph.tensor[ph.f32][M, N], k: ph.i32, j: ph.i32):
    r: ph.let = ph.ctx.block.y * R
    c: ph.let = ph.ctx.block.x * C
    x: ph.let = X[r:+R, c:+C]
    Y[r:+R, c:+C] = x + ROW[k:+1, c:+C]
    Z[r:+R, c:+C] = x * COL[r:+R, j:+1]


@ph.kernel
@ph.autotune(T=[16])
def transpose_tiles(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][N, M]):
    r: ph.let = ph.ctx.block.y * T
    c: ph.let = ph.ctx.block.x * T
    Y[c:+T, r:+T] = ph.transpose(X[r:+T, c:+T])


@ph.kernel
def fill_then_patch(X: ph.tensor[ph.f32][M, 8], Y: ph.tensor[ph.f32][M, 8]):
    r: ph.let = ph.ctx.block.x * 8
    t: ph.var[ph.tile[ph.f32][8, 8]]
    t[:, :] = 3.0
    t[0:+8, 0:+8] = X[r + 4:+8, :]
    Y[r:+8, :] = t


@ph.kernel
@ph.launch(128)
def outside_reads(X: ph.tensor[ph.f64][2, 4], Y: ph.tensor[ph.f64][N]):
    acc: ph.var = X[:, :] * ph.f64(2)
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    Y[i] = acc[ph.i32(-1), ph.ctx.block.x] + acc[ph.ctx.thread % 4 - 1, ph.ctx.thread % 5] + acc[1, ph.ctx.block.x - 3]
