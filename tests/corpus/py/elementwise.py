"""elementwise.phobos and the seed's elementwise kernels, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.launch(256)
def scale_rows(X: ph.tensor[ph.f32][M, 64], S: ph.tensor[ph.f32][M, 1], Y: ph.tensor[ph.f32][M, 64]):
    r: ph.let = ph.ctx.block.x * 32
    x: ph.var = X[r:+32, :]
    s: ph.var = S[r:+32, :]
    Y[r:+32, :] = x * s


@ph.fn
def silu(x):
    return x / (1.0 + ph.exp(-x))


@ph.kernel
@ph.autotune(TILE=[1024])
def act(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    base: ph.let = ph.ctx.block.x * TILE
    x: ph.var = X[base:+TILE]
    Y[base:+TILE] = silu(x)


@ph.kernel
def axpby(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], a: ph.f32, b: ph.f32):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        Y[i] = a * X[i] + b * Y[i]


@ph.kernel
@ph.autotune(R=[16], C=[64])
def broadcast_mix(X: ph.tensor[ph.f32][M, N], ROW: ph.tensor[ph.f32][1, N],
                  COL: ph.tensor[ph.f32][M, 1], Y: ph.tensor[ph.f32][M, N], s: ph.f32):
    r: ph.let = ph.ctx.block.y * R
    c: ph.let = ph.ctx.block.x * C
    x: ph.var = X[r:+R, c:+C]
    row: ph.let = ROW[0:+1, c:+C]
    col: ph.let = COL[r:+R, 0:+1]
    y: ph.var = x * row + col * s
    y = ph.where(y > 0.0, y, 0.25 * y)
    Y[r:+R, c:+C] = ph.min(ph.max(y, -2.0), 3.0) - ph.abs(col)


@ph.fn
def gelu(x):
    return 0.5 * x * (1.0 + ph.erf(x * 0.7071067811865476))


@ph.kernel
@ph.autotune(R=[8], C=[32])
def bias_gelu(X: ph.tensor[ph.f32][M, N], B: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][M, N]):
    r: ph.let = ph.ctx.block.y * R
    c: ph.let = ph.ctx.block.x * C
    x: ph.var[ph.tile[ph.f32][R, C]] = X[r:+R, c:+C]
    b: ph.var[ph.tile[ph.f32][C]] = B[c:+C]
    Y[r:+R, c:+C] = gelu(x + b)


@ph.kernel
@ph.autotune(T=[128])
def math_table(X: ph.tensor[ph.f32][N], O: ph.tensor[ph.f32][13, N]):
    c: ph.let = ph.ctx.block.x * T
    x: ph.var = X[c:+T]
    p: ph.let = ph.abs(x) + 0.5
    O[0, c:+T] = ph.exp(x)
    O[1, c:+T] = ph.exp2(x)
    O[2, c:+T] = ph.log(p)
    O[3, c:+T] = ph.log2(p)
    O[4, c:+T] = ph.sqrt(p)
    O[5, c:+T] = ph.rsqrt(p)
    O[6, c:+T] = ph.sin(x)
    O[7, c:+T] = ph.cos(x)
    O[8, c:+T] = ph.tanh(x)
    O[9, c:+T] = ph.erf(x)
    O[10, c:+T] = ph.abs(x)
    O[11, c:+T] = ph.floor(x)
    O[12, c:+T] = ph.ceil(x)


@ph.kernel
def math_scalar(X: ph.tensor[ph.f64][N], O: ph.tensor[ph.f64][13, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        x: ph.let = X[i]
        p: ph.let = ph.abs(x) + 0.5
        O[0, i] = ph.exp(x)
        O[1, i] = ph.exp2(x)
        O[2, i] = ph.log(p)
        O[3, i] = ph.log2(p)
        O[4, i] = ph.sqrt(p)
        O[5, i] = ph.rsqrt(p)
        O[6, i] = ph.sin(x)
        O[7, i] = ph.cos(x)
        O[8, i] = ph.tanh(x)
        O[9, i] = ph.erf(x)
        O[10, i] = ph.abs(x)
        O[11, i] = ph.floor(x)
        O[12, i] = ph.ceil(x)


@ph.kernel
@ph.launch(64)
def select_sign(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], T: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        x: ph.let = X[i]
        big: ph.let = x > 1.0 or x < -1.0
        Y[i] = ph.where(big and x > 0.0, 1.0, ph.where(big, -1.0, x))
    t: ph.let = X[ph.ctx.block.x * 64:+64]
    T[ph.ctx.block.x * 64:+64] = ph.where((t >= 0.0) & (t < 0.5), t * 2.0, -t)
