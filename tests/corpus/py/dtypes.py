"""dtypes.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
def half_math(A: ph.tensor[ph.bf16][N], B: ph.tensor[ph.bf16][N], H: ph.tensor[ph.f16][N],
              G: ph.tensor[ph.f16][N], OB: ph.tensor[ph.bf16][2, N], OH: ph.tensor[ph.f16][2, N],
              MATH: ph.tensor[ph.f32][2, N], MIX: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        a: ph.let = A[i]
        b: ph.let = B[i]
        OB[0, i] = a * b + a
        OB[1, i] = a / b
        h: ph.let = H[i]
        g: ph.let = G[i]
        OH[0, i] = h * g + h
        OH[1, i] = h - g
        MATH[0, i] = ph.f32(ph.exp(a))
        MATH[1, i] = ph.f32(ph.sqrt(ph.abs(h)))
        MIX[i] = a + h


@ph.kernel
def store_round(X: ph.tensor[ph.f32][N], D: ph.tensor[ph.f64][N], H: ph.tensor[ph.f16][N],
                B: ph.tensor[ph.bf16][N], DB: ph.tensor[ph.bf16][N], DH: ph.tensor[ph.f16][N],
                DF: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        H[i] = X[i]
        B[i] = X[i] * 3.0
        DB[i] = D[i]
        DH[i] = D[i]
        DF[i] = D[i]


@ph.kernel
def small_ints(A: ph.tensor[ph.i8][N], B: ph.tensor[ph.i8][N], P: ph.tensor[ph.u8][N],
               Q: ph.tensor[ph.u16][N], R: ph.tensor[ph.u32][N], G: ph.tensor[ph.bool][N],
               O: ph.tensor[ph.i32][5, N], S: ph.tensor[ph.i8][N], F: ph.tensor[ph.bool][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        a: ph.let = A[i]
        b: ph.let = B[i]
        O[0, i] = a * b + 1
        O[1, i] = (ph.i32(P[i]) >> 4) & 15
        O[2, i] = ph.i32(Q[i]) - 40000
        O[3, i] = ph.i32(ph.i64(R[i]) % 1000000)
        O[4, i] = ph.where(G[i], 1, 0)
        S[i] = a * b
        F[i] = a > b or G[i]


@ph.kernel
@ph.autotune(T=[64])
def half_tiles(X: ph.tensor[ph.bf16][M, N], Y: ph.tensor[ph.bf16][M, N], Z: ph.tensor[ph.f16][M, N],
               D: ph.tensor[ph.f64][M, N]):
    r: ph.let = ph.ctx.block.y * 8
    c: ph.let = ph.ctx.block.x * T
    x: ph.var = X[r:+8, c:+T]
    Y[r:+8, c:+T] = x * x - 1.0
    Z[r:+8, c:+T] = ph.f16(ph.f32(x) * 0.5)
    D[r:+8, c:+T] = ph.f64(x) / 3.0


@ph.kernel
@ph.autotune(T=[64])
def int_floats(L: ph.tensor[ph.i64][N], I: ph.tensor[ph.i32][N], U: ph.tensor[ph.u32][N],
               O: ph.tensor[ph.i64][11, N], z: ph.bf16):
    c: ph.let = ph.ctx.block.x * T
    l: ph.let = L[c:+T]
    i: ph.let = I[c:+T]
    u: ph.let = U[c:+T]
    O[0, c:+T] = ph.i64(ph.bf16(l))
    O[1, c:+T] = ph.i64(ph.f16(l))
    O[2, c:+T] = ph.i64(ph.f32(l))
    O[3, c:+T] = ph.i64(ph.f64(l))
    O[4, c:+T] = ph.i64(ph.bf16(i))
    O[5, c:+T] = ph.i64(ph.f16(i))
    O[6, c:+T] = ph.i64(ph.f32(i))
    O[7, c:+T] = ph.i64(ph.bf16(u))
    O[8, c:+T] = ph.i64(ph.f32(u))
    O[9, c:+T] = ph.i64(l + z)
    O[10, c:+T] = ph.i64(i + z)
