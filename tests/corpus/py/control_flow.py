"""control_flow.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
def collatz(X: ph.tensor[ph.i64][N], STEPS: ph.tensor[ph.i32][N], cap: ph.i32):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        x: ph.var = X[i]
        n: ph.var[ph.i32] = 0
        while x != 1:
            if n >= cap:
                break
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            n += 1
        STEPS[i] = n


@ph.kernel
def skip_sum(Y: ph.tensor[ph.i64][N], W: ph.tensor[ph.i64][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    acc: ph.var[ph.i64] = 0
    for j in range(i % 5, i % 13 + 3, i % 3 + 1):
        if j % 4 == 1:
            continue
        acc += j * j
    Y[i] = acc
    k: ph.var[ph.i64] = 0
    s: ph.var[ph.i64] = 0
    while k < 10 + i % 5:
        k += 1
        if k % 3 == 0:
            continue
        s += k
    W[i] = s


@ph.kernel
def early_exit(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], Z: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i >= N:
        return
    x: ph.let = X[i]
    if x < 0.0:
        Y[i] = -1.0
        return
    Z[i] = 7
    k: ph.var[ph.i64] = 0
    while True:
        k += 1
        if ph.f32(k) > x * 4.0:
            break
    Y[i] = ph.f32(k)


@ph.kernel
def nested_break(Y: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    count: ph.var[ph.i32] = 0
    for a in range(2, 20):
        for d in range(2, a):
            if a % d == 0:
                count += ph.i32(d)
                break
        if a > i % 17 + 2:
            break
    Y[i] = count


@ph.kernel
def unrolled(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    acc: ph.var[ph.f32] = 0.0
    for j in ph.unroll(3, range(i, N, 7)):
        acc += X[j]
    Y[i] = acc


@ph.kernel
@ph.autotune(T=[64])
def uniform_branches(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], flag: ph.i32):
    c: ph.let = ph.ctx.block.x * T
    if ph.ctx.block.x % 2 == 0:
        Y[c:+T] = X[c:+T] * 2.0
    elif flag > 0:
        Y[c:+T] = X[c:+T] + 100.0
    k: ph.var[ph.i64] = 0
    t: ph.var = X[c:+T]
    while k < 3:
        t = t * 0.5
        k += 1
    if ph.ctx.block.x == 1:
        Y[c:+T] = t


@ph.kernel
@ph.autotune(T=[32])
def tensor_driven(P: ph.tensor[ph.i32][4], X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N]):
    c: ph.let = ph.ctx.block.x * T
    if P[0] > 0:
        Y[c:+T] = X[c:+T] + 1.0
    else:
        Y[c:+T] = X[c:+T] - 1.0
    t: ph.var = X[c:+T]
    for k in range(0, P[1]):
        t = t * 2.0
    if P[2] == 1:
        Y[c:+T] = t


@ph.kernel
def odd_steps(Y: ph.tensor[ph.i64][N], step: ph.i64):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    n: ph.var[ph.i64] = 0
    for j in range(0, 10, step):
        n += 1
    m: ph.var[ph.i64] = 0
    for j in range(i % 4, 20, i % 3 - 1):
        m += j
    Y[i] = n * 1000 + m


@ph.kernel
def bounds_once(Y: ph.tensor[ph.i64][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    hi: ph.var[ph.i64] = 5 + i % 3
    turns: ph.var[ph.i64] = 0
    for j in range(0, hi):
        hi += 1
        turns += 1
        if j == i % 7:
            break
    Y[i] = turns * 100 + hi


@ph.kernel
def return_in_loop(Y: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i >= N:
        return
    s: ph.var[ph.i32] = 0
    for j in range(0, 10):
        s += 1
        if j == i % 13:
            Y[i] = s * 10
            return
    Y[i] = s


@ph.kernel
@ph.launch(128)
def tiles_after_inner_break(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, 16],
                            C: ph.tensor[ph.f32][M, 16], STEPS: ph.tensor[ph.i32][R, 128]):
    for r in range(0, 4):
        row: ph.let = ph.ctx.block.x * 4 + r
        k: ph.var[ph.i32] = 0
        while k < 40:
            k += 1
            if k > (ph.ctx.thread + row) % 11:
                break
        STEPS[row, ph.ctx.thread] = k
        acc: ph.var[ph.tile[ph.f32][16, 16]] = 0.0
        for kk in range(0, K, 32):
            acc += ph.dot(A[row * 16:+16, kk:+32], B[kk:+32, :])
        C[row * 16:+16, :] = acc


@ph.kernel
@ph.launch(64)
def checked_scale(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], s: ph.f32):
    i: ph.let = ph.ctx.block.x * 64
    x: ph.let = X[i:+64]
    assert x * x >= 0.0, "squares are non-negative"
    if ph.ctx.block.x == 0:
        print("the first block scales by", s)
    if ph.ctx.thread == 0:
        assert s == s
    Y[i:+64] = x * s


@ph.kernel
@ph.autotune(T=[64])
def for_runtime_step(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.f32][N], Z: ph.tensor[ph.f32][N], step: ph.i64):
    c: ph.let = ph.ctx.block.x * T
    t: ph.var = X[c:+T]
    for k in range(ph.ctx.block.x, ph.ctx.block.x + 7, step):
        t = t * 0.5 + ph.f32(k)
    Y[c:+T] = t
    u: ph.var = X[c:+T]
    for k in range(1, N, step):
        if k > 9:
            break
        u = u + ph.f32(k)
    Z[c:+T] = u
