"""collectives.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
def lane_sums(X: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][7, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    O[0, i] = ph.sum(x, over=ph.ctx.lane, width=1)
    O[1, i] = ph.sum(x, over=ph.ctx.lane, width=2)
    O[2, i] = ph.sum(x, over=ph.ctx.lane, width=4)
    O[3, i] = ph.sum(x, over=ph.ctx.lane, width=8)
    O[4, i] = ph.sum(x, over=ph.ctx.lane, width=16)
    O[5, i] = ph.sum(x, over=ph.ctx.lane)
    O[6, i] = ph.sum(ph.i32(ph.ctx.block.x), over=ph.ctx.lane, width=8)


@ph.kernel
def lane_floats(X: ph.tensor[ph.f32][N], H: ph.tensor[ph.f16][N], O: ph.tensor[ph.f32][4, N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    O[0, i] = ph.max(x, over=ph.ctx.lane, width=8)
    O[1, i] = ph.min(x, over=ph.ctx.lane, width=16)
    O[2, i] = ph.sum(x, over=ph.ctx.lane)
    O[3, i] = ph.sum(H[i], over=ph.ctx.lane, width=4)


@ph.kernel
@ph.launch(256)
def block_sums(X: ph.tensor[ph.f32][N], S: ph.tensor[ph.f32][B], M: ph.tensor[ph.i32][B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    s: ph.let = ph.sum(x, over=ph.ctx.thread)
    m: ph.let = ph.max(ph.i32(x * 100.0), over=ph.ctx.thread)
    S[ph.ctx.block.x] = s
    M[ph.ctx.block.x] = m


@ph.kernel
@ph.launch(96)
def three_warps(X: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][3, B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    O[0, ph.ctx.block.x] = ph.max(x, over=ph.ctx.thread)
    O[1, ph.ctx.block.x] = ph.min(x, over=ph.ctx.thread)
    O[2, ph.ctx.block.x] = ph.sum(x, over=ph.ctx.thread)


@ph.kernel
def shuffles(X: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][6, N], W: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    O[0, i] = ph.shfl(x, xor=1)
    O[1, i] = ph.shfl(x, xor=5, width=8)
    O[2, i] = ph.shfl(x, up=3, width=16)
    O[3, i] = ph.shfl(x, down=2)
    O[4, i] = ph.shfl(x, idx=(ph.ctx.lane * 7 + 3) % 32)
    O[5, i] = ph.shfl(x, idx=ph.ctx.lane + 1, width=4)
    if ph.ctx.warp == 1:
        W[i] = ph.sum(x, over=ph.ctx.lane)


@ph.kernel
def warp_tree(X: ph.tensor[ph.f32][N], O: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    v: ph.var = X[i]
    v += ph.shfl(v, xor=16)
    v += ph.shfl(v, xor=8)
    v += ph.shfl(v, xor=4)
    v += ph.shfl(v, xor=2)
    v += ph.shfl(v, xor=1)
    O[i] = v


@ph.kernel
@ph.launch(128)
def masked_peak(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    v: ph.let = ph.where(i < N, X[i], -ph.inf)
    m: ph.let = ph.max(v, over=ph.ctx.thread)
    if i < N:
        Y[i] = X[i] - m


@ph.kernel
def uniform_shuffles(X: ph.tensor[ph.i32][N], O: ph.tensor[ph.i32][4, N], n: ph.i32):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    acc: ph.var[ph.i32] = 0
    for j in range(0, 6):
        acc += ph.min(ph.shfl(5, idx=-6, width=1) - n, 100 - n)
    O[0, i] = acc
    O[1, i] = ph.shfl(n * 2, down=3) - ph.shfl(ph.ctx.warp, xor=7, width=8)
    O[2, i] = ph.shfl(ph.ctx.warp * 10 + n, up=1, width=2) - ph.shfl(X[i], idx=ph.ctx.lane + 5)
    O[3, i] = 7 - ph.shfl(ph.i32(ph.ctx.block.x), idx=ph.ctx.lane * 3, width=16)


@ph.kernel
@ph.launch(96)
def nan_lanes(X: ph.tensor[ph.f32][N], D: ph.tensor[ph.f64][N], O: ph.tensor[ph.f32][2, N],
              W: ph.tensor[ph.f64][4, B]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    x: ph.let = X[i]
    d: ph.let = D[i]
    O[0, i] = ph.max(x, over=ph.ctx.lane, width=8)
    O[1, i] = ph.min(x, over=ph.ctx.lane)
    W[0, ph.ctx.block.x] = ph.f64(ph.max(x, over=ph.ctx.thread))
    W[1, ph.ctx.block.x] = ph.f64(ph.min(x, over=ph.ctx.thread))
    W[2, ph.ctx.block.x] = ph.max(d, over=ph.ctx.thread)
    W[3, ph.ctx.block.x] = ph.min(d, over=ph.ctx.thread)
