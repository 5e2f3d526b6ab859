"""Every spelling of the Python front end, one kernel or fn per group of them."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821, F841, B007

from __future__ import annotations

import phobos.lang as ph


@ph.fn
def silu(x):
    """An expression fn: its body is one `return e`."""
    return x / (1.0 + ph.exp(-x))


@ph.fn(uses=("W", "C"))
def scale_in_place(t, s):
    t = t * s * W
    t += C


@ph.kernel(interpret=True)
@ph.launch(256)
@ph.autotune(TILE=[32, 256], T=[256, 128])
@ph.aligned(M="TILE", N=16)
@ph.tensorcore
@ph.pipeline("off")
def attributes(
    A: ph.tensor[ph.f32][M, K],
    B: ph.tensor[ph.i8][N, 4096],
    G: ph.tensor[ph.bf16][N],
    alpha: ph.f32,
    n: ph.i32,
    flag: ph.bool,
) -> None:
    """Every attribute and parameter spelling; the body only returns."""
    return


@ph.kernel
@ph.launch("T")
@ph.autotune(T=[128], R=[16], C=[32])
def declarations(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N]):
    r: ph.let = ph.ctx.block.x * R
    s: ph.let[ph.i32] = 2
    acc: ph.var[ph.tile[ph.f32][R, C]] = 0.0
    a: ph.var = X[r:+R, 0:+C]
    t: ph.var[ph.tile[ph.f32][R, C]]
    v: ph.var[ph.f32] = 0.0
    w: ph.var[ph.tile[ph.f16][2 * R, C]] = 1.5
    t = a
    acc = acc + t * ph.f32(s)
    v = v + 1.0
    Y[r:+R, 0:+C] = acc


@ph.kernel
def slices(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], i: ph.i32, j: ph.i32):
    a: ph.let = X[i:+4, j: +8]
    b: ph.let = X[i:i + 4, :]
    c: ph.let = X[i:, :j]
    d: ph.let = X[(i):+4, j:(j + 8)]
    Y[i, j] = X[j, i]
    Y[i:+4, :] = X[0:+4, :]


@ph.kernel
@ph.autotune(U=[2])
def loops(X: ph.tensor[ph.f32][N], n: ph.i32):
    total: ph.var[ph.f32] = 0.0
    for i in range(n):
        total += X[i]
    for i in range(1, n):
        if i > 4:
            break
        elif i == 2:
            continue
        else:
            total -= 1.0
    for i in range(0, n, 2):
        pass
    for i in ph.unroll(4, range(0, N)):
        total *= 2.0
    for i in ph.unroll(U, range(0, N, 4)):
        total /= 2.0
    k: ph.var = 0
    while k < n:
        k += 1
        if k == 3:
            return
    if total > 0.0:
        X[0] = total
    else:
        pass


@ph.kernel
def operators(X: ph.tensor[ph.i32][N], a: ph.i32, b: ph.i32, x: ph.f32):
    i: ph.var = a + b - a * b % 3
    i = (a & b) | (a ^ b) << 2 >> 1
    i = -a + ~b
    f: ph.var = x / 2.0
    q: ph.let = a // b
    c: ph.let = a < b < 10
    d: ph.let = not (a == b) and a != b or a <= b and a >= b and x > 1.0
    i += 1
    i -= 1
    i *= 2
    i //= 2
    i %= 5
    i &= 7
    i |= 8
    i ^= 1
    i <<= 2
    i >>= 1
    f /= 3.0
    X[i] += 1
    e: ph.let = True or False
    g: ph.let = ph.inf
    h: ph.let = -ph.nan
    big: ph.let = 0xFF + 1_000 + 0b101 + 1e-5


@ph.kernel
@ph.launch(64)
def collectives(X: ph.tensor[ph.f32][64], T: ph.tensor[ph.f32][8, 8]):
    v: ph.let = X[ph.ctx.thread]
    s: ph.let = ph.sum(v, over=ph.ctx.lane, width=8)
    m: ph.let = ph.max(v, over=ph.ctx.lane)
    u: ph.let = ph.shfl(v, xor=16)
    w: ph.let = ph.shfl(v, idx=0, width=8)
    t: ph.var = T[:, :]
    r: ph.let = ph.sum(t, axis=1)
    ph.barrier()
    ph.atomic_add(X, 0, s + m + u + w)
    e: ph.let = ph.where(v > 0.0, ph.exp(v), ph.min(v, 0.0))
    f: ph.let = ph.dot(t, ph.transpose(t))
    g: ph.let = ph.softmax(t)
    x: ph.let = ph.ctx.block.y + ph.ctx.grid.z + ph.ctx.warp + ph.ctx.warps + ph.ctx.threads


@ph.kernel
def fn_calls(X: ph.tensor[ph.f32][N]):
    W: ph.let = 2.0
    C: ph.let = 1.0
    acc: ph.var = X[0:+4]
    acc = silu(acc)
    scale_in_place(acc, 0.5)
    X[0:+4] = later(acc)


@ph.fn
def later(x):
    return x + 1.0
