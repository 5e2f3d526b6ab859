"""atomics.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
def histogram(X: ph.tensor[ph.i32][N], H: ph.tensor[ph.i32][B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        ph.atomic_add(H[X[i]], 1)


@ph.kernel
def tickets(T: ph.tensor[ph.i32][N], COUNT: ph.tensor[ph.i32][4]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        T[i] = ph.atomic_add(COUNT[0], 1)


@ph.kernel
def extremes(K: ph.tensor[ph.i32][N], X: ph.tensor[ph.f32][N], I: ph.tensor[ph.i32][N],
             U: ph.tensor[ph.u32][N], F: ph.tensor[ph.f32][2, B], J: ph.tensor[ph.i32][2, B],
             V: ph.tensor[ph.u32][2, B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        k: ph.let = K[i]
        ph.atomic_max(F[0, k], X[i])
        ph.atomic_min(F[1, k], X[i])
        ph.atomic_max(J[0, k], I[i])
        ph.atomic_min(J[1, k], I[i])
        ph.atomic_max(V[0, k], U[i])
        ph.atomic_min(V[1, k], U[i])


@ph.kernel
def bits(K: ph.tensor[ph.i32][N], X: ph.tensor[ph.i64][N], A: ph.tensor[ph.i64][3, B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        k: ph.let = K[i]
        ph.atomic_and(A[0, k], X[i])
        ph.atomic_or(A[1, k], X[i])
        ph.atomic_xor(A[2, k], X[i])


@ph.kernel
def sums(X: ph.tensor[ph.f32][N], W: ph.tensor[ph.i32][N], S: ph.tensor[ph.f32][4],
         T: ph.tensor[ph.i32][4], U: ph.tensor[ph.u32][4]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        ph.atomic_add(S[0], X[i])
        ph.atomic_add(T[1], W[i])
        ph.atomic_add(U[2], ph.u32(W[i]))


@ph.kernel
def swap(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], OLD: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    OLD[i] = ph.atomic_xchg(Y[i], X[i])


@ph.kernel
def claim(K: ph.tensor[ph.i32][N], TAKEN: ph.tensor[ph.i32][B], WON: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        old: ph.let = ph.atomic_cas(TAKEN[K[i]], 0, 1)
        WON[i] = ph.where(old == 0, 1, 0)


@ph.kernel
def tile_histogram(X: ph.tensor[ph.i32][N], H: ph.tensor[ph.i32][16]):
    h: ph.var[ph.tile[ph.i32][16]] = 0
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        ph.atomic_add(h[X[i] % 16], 1)
    ph.barrier()
    if ph.ctx.thread < 16:
        ph.atomic_add(H[ph.ctx.thread], h[ph.ctx.thread])
