"""functions.phobos and the seed's scale_in_place, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.fn
def sq(x):
    return x * x


@ph.fn
def hypot2(a, b):
    return ph.sqrt(sq(a) + sq(b))


@ph.fn
def clamp01(x):
    return ph.min(ph.max(x, 0.0), 1.0)


@ph.fn
def scale_in_place(t, s):
    t = t * s  # assigns the caller's tile


@ph.fn(uses="bias")
def add_bias(t):
    t = t + bias


@ph.fn
def zero_head(t):
    t[0:+4] = 0.0


@ph.fn
def bump(v, by):
    v += by


@ph.fn
def bump_twice(v, by):
    bump(v, by)
    bump(v, by)


@ph.fn
def count_to(n, out):
    k: ph.var[ph.i64] = 0
    for j in range(0, 100):
        if j >= n:
            break
        k += 1
    out = k


@ph.fn
def twice(x):
    return x + x


@ph.kernel
@ph.launch(32)
def halve(X: ph.tensor[ph.f32][32, 32]):
    acc: ph.var = X[:, :]
    scale_in_place(acc, 0.5)
    X[:, :] = acc


@ph.kernel
@ph.autotune(T=[64])
def fn_tiles(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], H: ph.tensor[ph.f32][N],
             C: ph.tensor[ph.f32][N]):
    c: ph.let = ph.ctx.block.x * T
    a: ph.var = X[c:+T]
    b: ph.var = Y[c:+T]
    t: ph.var = a
    zero_head(t)
    H[c:+T] = hypot2(a, b)
    scale_in_place(t, 0.5)
    bias: ph.let = 0.25
    add_bias(t)
    C[c:+T] = clamp01(t)


@ph.kernel
def fn_scalars(X: ph.tensor[ph.i64][N], Y: ph.tensor[ph.i64][N], COUNT: ph.tensor[ph.i32][4]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        v: ph.var = X[i]
        bump(v, 3)
        bump(v, v)
        bump_twice(v, 1)
        k: ph.let = 1000
        got: ph.var[ph.i64] = 0
        count_to(X[i] % 10, got)
        Y[i] = v * k + got
    old: ph.let = twice(ph.atomic_add(COUNT[0], 1))


@ph.fn(uses="step")
def add_step(t):
    t = t + step


@ph.fn
def add_steps(t, step):
    add_step(t)
    add_step(t)


@ph.fn
def add_local_step(t):
    step: ph.let = 0.5
    add_step(t)


@ph.fn(uses="step")
def offset(x):
    return x + step


@ph.fn
def offset_by(x, step):
    return offset(x)


@ph.kernel
def free_names(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], step: ph.f32):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    v: ph.var = X[i]
    add_steps(v, 2.0)
    add_local_step(v)
    add_step(v)
    Y[i] = offset_by(v, 10.0) + offset(0.0)
