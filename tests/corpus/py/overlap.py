"""overlap.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.autotune(T=[32, 64])
def dot_row_f16(X: ph.tensor[ph.f16][T, T], Y: ph.tensor[ph.f16][T, T], Z: ph.tensor[ph.f16][T, T]):
    Z[:, :] = ph.dot(X[:, :], Y[:, :]) + Z[0:+1, :]


@ph.kernel
@ph.autotune(T=[32, 64])
def dot_row_f16_f32(X: ph.tensor[ph.f16][T, T], Y: ph.tensor[ph.f16][T, T], Z: ph.tensor[ph.f32][T, T]):
    Z[:, :] = ph.dot(X[:, :], Y[:, :]) + Z[0:+1, :]


@ph.kernel
@ph.autotune(T=[32, 64])
def dot_row_f32(X: ph.tensor[ph.f32][T, T], Y: ph.tensor[ph.f32][T, T], Z: ph.tensor[ph.f32][T, T]):
    Z[:, :] = ph.dot(X[:, :], Y[:, :]) + Z[0:+1, :]


@ph.kernel
@ph.autotune(TM=[64], TN=[64], TK=[32])
def gemm_row(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc + C[m0:+1, n0:+TN]


@ph.kernel
def shifted(X: ph.tensor[ph.f32][M, 32], Z: ph.tensor[ph.f32][M, 32]):
    r: ph.let = ph.ctx.block.x * 8
    Z[r + 1:+7, :] = Z[r:+7, :] * 2.0 + X[r:+7, :]
    Z[r:+7, :] = Z[r + 1:+7, :] - X[r + 1:+7, :]
    Z[r:+8, 1:+31] = Z[r:+8, 0:+1] + Z[r:+8, 1:+31]


@ph.kernel
@ph.autotune(T=[16, 32])
def transposed(Z: ph.tensor[ph.f32][T, T]):
    Z[:, :] = ph.transpose(Z[:, :]) + 1.0


@ph.kernel
@ph.launch(256)
def reduced(X: ph.tensor[ph.f32][M, 256], Z: ph.tensor[ph.f32][M, 256]):
    r: ph.let = ph.ctx.block.x * 8
    Z[r:+7, :] = X[r:+7, :] - ph.rowmax(Z[r + 1:+7, :])
    Z[r:+8, 0:+1] = ph.rowsum(Z[r:+8, :])
    Z[r:+8, :] = Z[r:+8, :] - ph.max(Z[r:+8, :])
    Z[r:+8, :] = Z[r:+8, :] * Z[r + 7, 255] + X[r:+8, :]


@ph.kernel
@ph.launch(256)
def row_values(X: ph.tensor[ph.f32][M, 256], Z: ph.tensor[ph.f32][M, 256]):
    r: ph.let = ph.ctx.block.x * 16
    x: ph.var = X[r:+8, :]
    Z[r:+8, :] = x - ph.rowmax(Z[r + 1:+8, :])
    Z[r:+8, :] = x * ph.rowsum(Z[r:+8, :])


@ph.kernel
def thread_stores(X: ph.tensor[ph.f32][128], Y: ph.tensor[ph.f32][128]):
    X[ph.ctx.thread] = ph.sum(X[0:+128]) + X[127 - ph.ctx.thread]
    t: ph.var = Y[:]
    t[ph.ctx.thread] = ph.max(t) - t[127 - ph.ctx.thread]
    Y[:] = t


@ph.kernel
def tile_self(X: ph.tensor[ph.f32][16, 16], Z: ph.tensor[ph.f32][16, 16]):
    t: ph.var = X[:, :]
    t[1:+15, :] = t[0:+15, :] + 1.0
    t = t * 0.5 + t[0, 3]
    t = t - ph.rowmax(t)
    t = ph.transpose(t)
    t[:, 0:+8] = t[:, 8:+8] - t[0:+1, 0:+8]
    Z[:, :] = t
