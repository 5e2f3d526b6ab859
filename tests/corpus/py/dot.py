"""dot.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, tensors keep their one-letter names, and a loop variable or
# an assignment a Python linter thinks unused has its Phobos meaning.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.autotune(TM=[32], TN=[32], TK=[16])
def gemm(A: ph.tensor[ph.f32][M, K], B: ph.tensor[ph.f32][K, N], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        a: ph.var = A[m0:+TM, k:+TK]
        b: ph.var = B[k:+TK, n0:+TN]
        acc += ph.dot(a, b)
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[32], TN=[32], TK=[16])
def gemm_f16(A: ph.tensor[ph.f16][M, K], B: ph.tensor[ph.f16][K, N], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[32], TN=[32], TK=[16])
def gemm_bf16(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[32], TN=[32], TK=[32])
def gemm_i8(A: ph.tensor[ph.i8][M, K], B: ph.tensor[ph.i8][K, N], C: ph.tensor[ph.i32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.i32][TM, TN]] = 0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[16], TN=[32], TK=[8])
def gemm_nt(A: ph.tensor[ph.f32][M, K], BT: ph.tensor[ph.f32][N, K], C: ph.tensor[ph.f32][M, N],
            alpha: ph.f32, beta: ph.f32):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        a: ph.var = A[m0:+TM, k:+TK]
        b: ph.var = BT[n0:+TN, k:+TK]
        acc += ph.dot(a, ph.transpose(b))
    C[m0:+TM, n0:+TN] = alpha * acc + beta * C[m0:+TM, n0:+TN]


@ph.kernel
@ph.autotune(T=[16])
def dot_ragged(A: ph.tensor[ph.f32][M, KA], B: ph.tensor[ph.f32][KB, N], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * T
    n0: ph.let = ph.ctx.block.x * T
    acc: ph.var[ph.tile[ph.f32][T, T]] = 0.0
    for k in range(0, ph.max(KA, KB), T):
        acc += ph.dot(A[m0:+T, k:+T] + 1.0, B[k:+T, n0:+T] * 2.0 + 1.0)
    C[m0:+T, n0:+T] = acc


@ph.kernel
@ph.autotune(BM=[16], BN=[64])
def attention(Q: ph.tensor[ph.f32][M, 32], K: ph.tensor[ph.f32][N, 32], V: ph.tensor[ph.f32][N, 32],
              O: ph.tensor[ph.f32][M, 32], scale: ph.f32):
    r: ph.let = ph.ctx.block.x * BM
    q: ph.let = Q[r:+BM, :]
    k: ph.let = K[0:+BN, :]
    s: ph.let = ph.dot(q, ph.transpose(k)) * scale
    O[r:+BM, :] = ph.dot(ph.softmax(s), V[0:+BN, :])


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[32], TN=[64], TK=[32])
@ph.launch(128)
def gemm_i8_bias(A: ph.tensor[ph.i8][M, K], B: ph.tensor[ph.i8][K, N], BIAS: ph.tensor[ph.i32][1, N],
                 C: ph.tensor[ph.i32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.i32][TM, TN]] = 0
    for k in range(0, K, TK):
        a: ph.let = A[m0:+TM, k:+TK]
        b: ph.let = B[k:+TK, n0:+TN]
        acc = acc + ph.dot(a, b)
    C[m0:+TM, n0:+TN] = acc + BIAS[0:+1, n0:+TN]


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_wgmma(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], BIAS: ph.tensor[ph.bf16][1, N],
               C: ph.tensor[ph.bf16][M, N], alpha: ph.f32):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    scale: ph.let = alpha * 0.5
    C[m0:+TM, n0:+TN] = ph.bf16(ph.max(scale * acc + BIAS[0:+1, n0:+TN], 0.0))


@ph.kernel
@ph.autotune(TM=[64], TN=[192], TK=[16])
def gemm_wgmma_f16(A: ph.tensor[ph.f16][M, K], B: ph.tensor[ph.f16][K, N], C: ph.tensor[ph.f32][M, N],
                   D: ph.tensor[ph.f16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc
    D[m0:+TM, n0:+TN] = ph.f16(acc)


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[128])
def gemm_wgmma_i8(A: ph.tensor[ph.i8][M, K], B: ph.tensor[ph.i8][K, N], BIAS: ph.tensor[ph.i32][1, N],
                  C: ph.tensor[ph.i32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.i32][TM, TN]] = 0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc + BIAS[0:+1, n0:+TN]


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_wgmma_linear(A: ph.tensor[ph.bf16][M, K], W: ph.tensor[ph.bf16][N, K], BIAS: ph.tensor[ph.f32][1, N],
                      C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], ph.transpose(W[n0:+TN, k:+TK]))
    C[m0:+TM, n0:+TN] = ph.bf16(acc + BIAS[0:+1, n0:+TN])


@ph.kernel
@ph.autotune(TM=[64], TN=[128], TK=[128])
def gemm_wgmma_linear_i8(A: ph.tensor[ph.i8][M, K], W: ph.tensor[ph.i8][N, K], C: ph.tensor[ph.i32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.i32][TM, TN]] = 0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], ph.transpose(W[n0:+TN, k:+TK]))
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_wgmma_batched(A: ph.tensor[ph.bf16][Z, M, K], B: ph.tensor[ph.bf16][Z, K, N],
                       C: ph.tensor[ph.bf16][Z, M, N]):
    z: ph.let = ph.ctx.block.z
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[z, m0:+TM, k:+TK], B[z, k:+TK, n0:+TN])
    C[z, m0:+TM, n0:+TN] = ph.bf16(acc)


@ph.kernel
@ph.autotune(TM=[64], TN=[128], TK=[64])
def gemm_wgmma_heads(X: ph.tensor[ph.bf16][S, H, M, K], W: ph.tensor[ph.bf16][K, N],
                     O: ph.tensor[ph.f32][S, H, M, N]):
    s: ph.let = ph.ctx.block.z // H
    h: ph.let = ph.ctx.block.z % H
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(X[s, h, m0:+TM, k:+TK], W[k:+TK, n0:+TN])
    O[s, h, m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[32], TN=[32], TK=[16])
def gemm_tf32(A: ph.tensor[ph.f32][M, K], W: ph.tensor[ph.f32][N, K], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], ph.transpose(W[n0:+TN, k:+TK]), precision="tf32")
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[32])
def gemm_wgmma_tf32(A: ph.tensor[ph.f32][M, K], W: ph.tensor[ph.f32][N, K], C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], ph.transpose(W[n0:+TN, k:+TK]), precision="tf32")
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[64])
@ph.launch(128)
def mlp_bf16(X: ph.tensor[ph.bf16][M, 64], W1: ph.tensor[ph.bf16][64, 64], W2: ph.tensor[ph.bf16][64, 32],
             O: ph.tensor[ph.f32][M, 32]):
    m0: ph.let = ph.ctx.block.x * TM
    h: ph.let = ph.bf16(ph.max(ph.dot(X[m0:+TM, :], W1[:, :]), 0.0))
    O[m0:+TM, :] = ph.dot(h, W2[:, :])


@ph.kernel
@ph.tensorcore
@ph.launch(128)
def flash_bf16(Q: ph.tensor[ph.bf16][Z, S, 64], K: ph.tensor[ph.bf16][Z, S, 64], V: ph.tensor[ph.bf16][Z, S, 64],
               O: ph.tensor[ph.f32][Z, S, 64], scale: ph.f32):
    z: ph.let = ph.ctx.block.y
    r: ph.let = ph.ctx.block.x * 64
    q: ph.let = Q[z, r:+64, :]
    m: ph.var[ph.tile[ph.f32][64, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][64, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][64, 64]] = 0.0
    for j in range(0, S, 64):
        s: ph.let = ph.dot(q, ph.transpose(K[z, j:+64, :])) * scale
        m_new: ph.let = ph.max(m, ph.rowmax(s))
        p: ph.let = ph.exp(s - m_new)
        alpha: ph.let = ph.exp(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[z, j:+64, :])
        m = m_new
    O[z, r:+64, :] = acc / l


@ph.kernel
@ph.tensorcore
@ph.launch(128)
def flash_causal_bf16(Q: ph.tensor[ph.bf16][Z, S, 64], K: ph.tensor[ph.bf16][Z, S, 64],
                      V: ph.tensor[ph.bf16][Z, S, 64], O: ph.tensor[ph.f32][Z, S, 64], scale: ph.f32):
    z: ph.let = ph.ctx.block.y
    r: ph.let = ph.ctx.block.x * 64
    q: ph.let = Q[z, r:+64, :]
    m: ph.var[ph.tile[ph.f32][64, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][64, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][64, 64]] = 0.0
    for j in range(0, r + 64, 64):
        later: ph.let = ph.iota(1, 64, axis=1) + j > ph.iota(64, 1, axis=0) + r
        s: ph.let = ph.where(later, -ph.inf, ph.dot(q, ph.transpose(K[z, j:+64, :])) * scale)
        m_new: ph.let = ph.max(m, ph.rowmax(s))
        p: ph.let = ph.exp(s - m_new)
        alpha: ph.let = ph.exp(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[z, j:+64, :])
        m = m_new
    O[z, r:+64, :] = acc / l


@ph.kernel
@ph.launch(64)
def softmax_products(A: ph.tensor[ph.bf16][M, 32], B: ph.tensor[ph.bf16][32, 16], X: ph.tensor[ph.f32][M, 24],
                     W: ph.tensor[ph.f32][24, 16], Y: ph.tensor[ph.f32][M, 16], Z: ph.tensor[ph.f32][M, 16]):
    r: ph.let = ph.ctx.block.x * 32
    s: ph.var[ph.tile[ph.f32][32, 16]] = ph.dot(A[r:+32, :], B[:, :])
    Y[r:+32, :] = ph.softmax(ph.dot(A[r:+32, :], B[:, :])) + s
    t: ph.var[ph.tile[ph.f32][16, 16]] = 0.0
    t += ph.dot(X[r:+16, :], W[:, :])
    Z[r:+16, :] = ph.softmax(ph.dot(X[r:+16, :], W[:, :])) - t
    Z[(r + 16):+16, :] = ph.softmax(ph.dot(X[(r + 16):+16, :], W[:, :]))


@ph.kernel
@ph.launch(64)
def fma_ragged(A: ph.tensor[ph.f32][M, K], B: ph.tensor[ph.f32][K, 24], C: ph.tensor[ph.f32][M, 24]):
    m0: ph.let = ph.ctx.block.x * 32
    acc: ph.var[ph.tile[ph.f32][32, 24]] = 0.0
    for k in range(0, K, 8):
        acc += ph.dot(A[m0:+32, k:+8], B[k:+8, :])
        A[m0:+32, (k + 8):+8] = A[m0:+32, (k + 8):+8] * 2.0
    C[m0:+32, :] = acc


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[64], TK=[32])
@ph.launch(128)
def gemm_softmax_bf16(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, 64], P: ph.tensor[ph.f32][M, 64]):
    m0: ph.let = ph.ctx.block.x * TM
    acc: ph.var[ph.tile[ph.f32][TM, 64]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, :])
    P[m0:+TM, :] = ph.softmax(acc)


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[64])
@ph.launch(128)
def norm_gemm_bf16(X: ph.tensor[ph.bf16][M, 64], G: ph.tensor[ph.bf16][64], W: ph.tensor[ph.bf16][64, 32],
                   Y: ph.tensor[ph.f32][M, 32], eps: ph.f32):
    m0: ph.let = ph.ctx.block.x * TM
    x: ph.let = ph.f32(X[m0:+TM, :])
    mean: ph.let = ph.rowsum(x) / 64.0
    centred: ph.let = x - mean
    rstd: ph.let = ph.rsqrt(ph.rowsum(centred * centred) / 64.0 + eps)
    h: ph.let = ph.bf16(centred * rstd * ph.f32(G[:]))
    Y[m0:+TM, :] = ph.dot(h, W[:, :])


@ph.kernel
@ph.tensorcore
@ph.autotune(TM=[64])
@ph.launch(128)
def rms_gemm_narrow_bf16(X: ph.tensor[ph.bf16][M, 64], G: ph.tensor[ph.bf16][64], W: ph.tensor[ph.bf16][64, 16],
                         Y: ph.tensor[ph.f32][M, 16], eps: ph.f32):
    m0: ph.let = ph.ctx.block.x * TM
    x: ph.let = ph.f32(X[m0:+TM, :])
    h: ph.let = ph.bf16(x * ph.rsqrt(ph.rowsum(x * x) / 64.0 + eps) * ph.f32(G[:]))
    Y[m0:+TM, :] = ph.dot(h, W[:, :])


@ph.kernel
@ph.tensorcore
@ph.launch(128)
def decode_split_bf16(Q: ph.tensor[ph.bf16][Z, 16, 64], K: ph.tensor[ph.bf16][Z, L, 64],
                      V: ph.tensor[ph.bf16][Z, L, 64], PART: ph.tensor[ph.f32][P, Z, 16, 64],
                      STATS: ph.tensor[ph.f32][P, Z, 16, 2], scale: ph.f32, per_split: ph.i64):
    z: ph.let = ph.ctx.block.y
    split: ph.let = ph.ctx.block.x
    q: ph.let = Q[z, :, :]
    m: ph.var[ph.tile[ph.f32][16, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][16, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][16, 64]] = 0.0
    first: ph.let = split * per_split
    for j in range(first, ph.min(L, first + per_split), 64):
        s: ph.let = ph.dot(q, ph.transpose(K[z, j:+64, :])) * scale
        in_split: ph.let = ph.iota(1, 64, axis=1) + j < first + per_split
        kept: ph.let = ph.where(in_split, s, -ph.inf)
        m_new: ph.let = ph.max(m, ph.rowmax(kept))
        p: ph.let = ph.exp(kept - m_new)
        alpha: ph.let = ph.exp(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[z, j:+64, :])
        m = m_new
    PART[split, z, :, :] = acc
    STATS[split, z, :, 0:+1] = m
    STATS[split, z, :, 1:+1] = l


@ph.kernel
@ph.pipeline("off")
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_one_stage_long_k(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = ph.bf16(acc)


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_b_window_offset3(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN + 3
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = ph.bf16(acc)


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[128])
def gemm_b_window_offset3_i8(A: ph.tensor[ph.i8][M, K], B: ph.tensor[ph.i8][K, N], C: ph.tensor[ph.i32][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN + 3
    acc: ph.var[ph.tile[ph.i32][TM, TN]] = 0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = acc


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_epilogue_two_overlapping_stores(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N],
                                         C: ph.tensor[ph.bf16][R, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    r0: ph.let = ph.ctx.block.y * (TM + 16)
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[r0:+TM, n0:+TN] = ph.bf16(acc)
    C[r0 + 16:+TM, n0:+TN] = ph.bf16(acc * 2.0 - 1.0)


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_prologue_reads_output(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N],
                               C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    c0: ph.let = C[m0, n0]
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = ph.bf16(acc + ph.f32(C[m0:+TM, n0:+TN]) + ph.f32(c0))


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_batch_const_index(A: ph.tensor[ph.bf16][Z, M, K], B: ph.tensor[ph.bf16][K, N],
                           C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[2, m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = ph.bf16(acc)


@ph.kernel
@ph.launch(128)
def loop_window_literal_offset(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N],
                               C: ph.tensor[ph.f32][M, N]):
    m0: ph.let = ph.ctx.block.y * 64
    n0: ph.let = ph.ctx.block.x * 64
    acc: ph.var[ph.tile[ph.f32][64, 64]] = 0.0
    for k in range(0, K, 64):
        acc += ph.dot(A[m0:+64, k + 3:+64], B[k:+64, n0:+64])
    C[m0:+64, n0:+64] = acc


@ph.kernel
@ph.launch(128)
def dot_into_own_operand_i8(A: ph.tensor[ph.i8][K, K], B: ph.tensor[ph.i8][K, N]):
    n0: ph.let = ph.ctx.block.x * 64
    B[0:+64, n0:+64] = ph.dot(A[0:+64, 0:+64], B[0:+64, n0:+64])


@ph.kernel
@ph.launch(128)
def dot_into_own_operand_bf16(A: ph.tensor[ph.bf16][K, K], B: ph.tensor[ph.bf16][K, N]):
    n0: ph.let = ph.ctx.block.x * 64
    B[0:+64, n0:+64] = ph.dot(A[0:+64, 0:+64], B[0:+64, n0:+64])


@ph.kernel
@ph.launch(128)
def loop_window_placed_by_stored_index(A: ph.tensor[ph.f16][M, K], B: ph.tensor[ph.f16][K, N],
                                       C: ph.tensor[ph.f32][M, N], IDX: ph.tensor[ph.i64][R, T]):
    r: ph.let = ph.ctx.block.x
    m0: ph.let = r * 32
    acc: ph.var[ph.tile[ph.f32][32, 32]] = 0.0
    for k in range(0, K, 16):
        acc += ph.dot(A[m0:+32, IDX[r, k // 16]:+16], B[k:+16, 0:+32])
        if k + 16 < K:
            IDX[r:+1, k // 16 + 1:+1] = IDX[r:+1, k // 16:+1] + 16
    C[m0:+32, 0:+32] = acc


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_store_offset3(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N], C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0 + 3:+TN] = ph.bf16(acc)


@ph.kernel
@ph.autotune(TM=[128], TN=[128], TK=[64])
def gemm_b_window_by_block_y(A: ph.tensor[ph.bf16][M, K], B: ph.tensor[ph.bf16][K, N],
                             C: ph.tensor[ph.bf16][M, N]):
    m0: ph.let = ph.ctx.block.x * TM
    n0: ph.let = ph.ctx.block.y * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], B[k:+TK, n0:+TN])
    C[m0:+TM, n0:+TN] = ph.bf16(acc)


@ph.kernel
@ph.tensorcore
@ph.pipeline(4)
@ph.launch(128)
def decode_split_ring4(Q: ph.tensor[ph.bf16][Z, 16, 64], K: ph.tensor[ph.bf16][Z, L, 64],
                       V: ph.tensor[ph.bf16][Z, L, 64], PART: ph.tensor[ph.f32][P, Z, 16, 64],
                       STATS: ph.tensor[ph.f32][P, Z, 16, 2], scale: ph.f32, per_split: ph.i64):
    z: ph.let = ph.ctx.block.y
    split: ph.let = ph.ctx.block.x
    q: ph.let = Q[z, :, :]
    m: ph.var[ph.tile[ph.f32][16, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][16, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][16, 64]] = 0.0
    first: ph.let = split * per_split
    for j in range(first, ph.min(L, first + per_split), 64):
        s: ph.let = ph.dot(q, ph.transpose(K[z, j:+64, :])) * scale
        in_split: ph.let = ph.iota(1, 64, axis=1) + j < first + per_split
        kept: ph.let = ph.where(in_split, s, -ph.inf)
        m_new: ph.let = ph.max(m, ph.rowmax(kept))
        p: ph.let = ph.exp(kept - m_new)
        alpha: ph.let = ph.exp(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[z, j:+64, :])
        m = m_new
    PART[split, z, :, :] = acc
    STATS[split, z, :, 0:+1] = m
    STATS[split, z, :, 1:+1] = l
