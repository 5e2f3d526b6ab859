"""numerics.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
def int_ops32(A: ph.tensor[ph.i32][N], B: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][13, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        a: ph.let = A[i]
        b: ph.let = B[i]
        O[0, i] = a + b
        O[1, i] = a - b
        O[2, i] = a * b
        O[3, i] = a // b
        O[4, i] = a % b
        O[5, i] = a & b
        O[6, i] = a | b
        O[7, i] = a ^ b
        O[8, i] = a << b
        O[9, i] = a >> b
        O[10, i] = -a
        O[11, i] = ~a
        O[12, i] = ph.abs(a)


@ph.kernel
def int_ops64(A: ph.tensor[ph.i64][N], B: ph.tensor[ph.i64][N], O: ph.tensor[ph.i64][13, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        a: ph.let = A[i]
        b: ph.let = B[i]
        O[0, i] = a + b
        O[1, i] = a - b
        O[2, i] = a * b
        O[3, i] = a // b
        O[4, i] = a % b
        O[5, i] = a & b
        O[6, i] = a | b
        O[7, i] = a ^ b
        O[8, i] = a << b
        O[9, i] = a >> b
        O[10, i] = -a
        O[11, i] = ~a
        O[12, i] = ph.abs(a)


@ph.kernel
@ph.autotune(T=[64])
def int_ops_tile(A: ph.tensor[ph.i32][N], B: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][13, N]):
    c: ph.let = ph.ctx.block.x * T
    a: ph.let = A[c:+T]
    b: ph.let = B[c:+T]
    O[0, c:+T] = a + b
    O[1, c:+T] = a - b
    O[2, c:+T] = a * b
    O[3, c:+T] = a // b
    O[4, c:+T] = a % b
    O[5, c:+T] = a & b
    O[6, c:+T] = a | b
    O[7, c:+T] = a ^ b
    O[8, c:+T] = a << b
    O[9, c:+T] = a >> b
    O[10, c:+T] = -a
    O[11, c:+T] = ~a
    O[12, c:+T] = ph.abs(a)


@ph.kernel
def float_ops(A: ph.tensor[ph.f32][N], B: ph.tensor[ph.f32][N], O: ph.tensor[ph.f32][7, N],
              C: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        a: ph.let = A[i]
        b: ph.let = B[i]
        O[0, i] = a + b
        O[1, i] = a - b
        O[2, i] = a * b
        O[3, i] = a / b
        O[4, i] = a % b
        O[5, i] = ph.min(a, b)
        O[6, i] = ph.max(a, b)
        bits: ph.let = (
            ph.where(a < b, 1, 0) | ph.where(a <= b, 2, 0) | ph.where(a == b, 4, 0)
            | ph.where(a != b, 8, 0) | ph.where(a > b, 16, 0) | ph.where(a >= b, 32, 0)
        )
        C[i] = ph.i32(bits)


@ph.kernel
def signed_zero_pairs(A: ph.tensor[ph.f32][N], B: ph.tensor[ph.f32][N],
                      O: ph.tensor[ph.f32][2, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        O[0, i] = 1.0 / ph.max(A[i], B[i])
        O[1, i] = 1.0 / ph.min(A[i], B[i])


@ph.kernel
@ph.autotune(R=[8], C=[64])
def signed_zero_rows(A: ph.tensor[ph.f32][M, N], B: ph.tensor[ph.f32][M, N],
                     O: ph.tensor[ph.f32][2, M, N], S: ph.tensor[ph.f32][M, 2]):
    r: ph.let = ph.ctx.block.x * R
    hi: ph.var[ph.tile[ph.f32][R, 1]] = -ph.inf
    lo: ph.var[ph.tile[ph.f32][R, 1]] = ph.inf
    for c in range(0, N, C):
        a: ph.let = A[r:+R, c:+C]
        b: ph.let = B[r:+R, c:+C]
        O[0, r:+R, c:+C] = 1.0 / ph.max(a, b)
        O[1, r:+R, c:+C] = 1.0 / ph.min(a, b)
        hi = ph.max(hi, ph.rowmax(a))
        lo = ph.min(lo, ph.rowmin(a))
    S[r:+R, 0:+1] = 1.0 / hi
    S[r:+R, 1:+1] = 1.0 / lo


@ph.kernel
def conversions(F: ph.tensor[ph.f32][N], D: ph.tensor[ph.f64][N], I: ph.tensor[ph.i64][N],
                U: ph.tensor[ph.u32][N], S: ph.tensor[ph.i8][N], FI: ph.tensor[ph.i32][4, N],
                DI: ph.tensor[ph.i64][2, N], DU: ph.tensor[ph.u32][N], W: ph.tensor[ph.i32][N],
                W8: ph.tensor[ph.i8][N], WU8: ph.tensor[ph.u8][N], WU16: ph.tensor[ph.u16][N],
                X: ph.tensor[ph.i64][2, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        f: ph.let = F[i]
        FI[0, i] = ph.i32(f)
        FI[1, i] = ph.i32(ph.i8(f))
        FI[2, i] = ph.i32(ph.u8(f))
        FI[3, i] = ph.i32(ph.i64(f))
        DI[0, i] = ph.i64(D[i])
        DI[1, i] = ph.i64(ph.i32(D[i]))
        DU[i] = ph.u32(D[i])
        W[i] = ph.i32(I[i])
        W8[i] = ph.i8(I[i])
        WU8[i] = ph.u8(I[i])
        WU16[i] = ph.u16(I[i])
        X[0, i] = ph.i64(U[i])
        X[1, i] = ph.i64(S[i])
