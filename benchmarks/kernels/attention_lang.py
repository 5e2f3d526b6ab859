"""attention.phobos in the Python spelling (`phobos.lang`): the same six kernels, line
for line, so that a user can start from either. Each compiles to the same ir as its
native twin (tests/test_attention.py checks it); attention.py launches the native ones.
"""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run: dims and autotune
# names are no Python names, and `l` is the softmax's row sum as the papers write it.
# ruff: noqa: F821, E741


@ph.fn
def kv_head(z, heads, group):
    """The K/V row block of query block z: its batch, then its head's group."""
    return (z // heads) * (heads // group) + (z % heads) // group


@ph.kernel
@ph.tensorcore
@ph.autotune(D=[64, 128, 256], BM=[64, 128], BN=[64], OCC=[2, 3], NT=[128, 256])
@ph.occupancy("OCC")
@ph.launch("NT")
def attention_fwd(Q: ph.tensor[ph.bf16][Z, S, D], K: ph.tensor[ph.bf16][ZK, S, D], V: ph.tensor[ph.bf16][ZK, S, D],
                  O: ph.tensor[ph.bf16][Z, S, D], LSE: ph.tensor[ph.f32][Z, S, 1],
                  scale: ph.f32, heads: ph.i64, group: ph.i64, causal: ph.bool):
    z: ph.let = ph.ctx.block.y
    zk: ph.let = kv_head(z, heads, group)
    r: ph.let = ph.ctx.block.x * BM
    q: ph.let = Q[z, r:+BM, :]
    m: ph.var[ph.tile[ph.f32][BM, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][BM, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][BM, D]] = 0.0
    end: ph.var = S
    if causal:
        end = ph.min(S, r + BM)
    scale2: ph.let = scale * 1.4426950408889634  # the scores in base 2: exp(x) is exp2(x * log2(e))
    for j in range(0, end, BN):
        s: ph.var = ph.dot(q, ph.transpose(K[zk, j:+BN, :]))  # scaled where it is read (scale > 0: attention.py)
        if causal and j + BN > r:  # only the turns whose keys pass the block's first row
            s = ph.where(ph.iota(1, BN, axis=1) + j > ph.iota(BM, 1, axis=0) + r, -ph.inf, s)
        m_new: ph.let = ph.max(m, ph.rowmax(s) * scale2)
        p: ph.let = ph.exp2(s * scale2 - m_new)  # one multiply-add a score in fast math
        alpha: ph.let = ph.exp2(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[zk, j:+BN, :])
        m = m_new
    O[z, r:+BM, :] = ph.bf16(acc / l)
    LSE[z, r:+BM, :] = m * 0.6931471805599453 + ph.log(l)


@ph.kernel
@ph.autotune(D=[64, 128, 256], BM=[64])
@ph.launch(128)
def attention_bwd_delta(O: ph.tensor[ph.bf16][Z, S, D], DO: ph.tensor[ph.bf16][Z, S, D],
                        DELTA: ph.tensor[ph.f32][Z, S, 1]):
    z: ph.let = ph.ctx.block.y
    r: ph.let = ph.ctx.block.x * BM
    DELTA[z, r:+BM, :] = ph.rowsum(ph.f32(O[z, r:+BM, :]) * ph.f32(DO[z, r:+BM, :]))


@ph.kernel
@ph.tensorcore
@ph.autotune(D=[64, 128, 256], BM=[64], WIDE=[0, 1], NT=[128, 256])
@ph.launch("NT")
def attention_bwd_kv(Q: ph.tensor[ph.bf16][Z, S, D], K: ph.tensor[ph.bf16][ZK, S, D],
                     V: ph.tensor[ph.bf16][ZK, S, D], DO: ph.tensor[ph.bf16][Z, S, D],
                     LSE: ph.tensor[ph.f32][Z, S, 1], DELTA: ph.tensor[ph.f32][Z, S, 1],
                     DK: ph.tensor[ph.f32][ZK, S, D], DV: ph.tensor[ph.f32][ZK, S, D],
                     scale: ph.f32, heads: ph.i64, group: ph.i64, causal: ph.bool):
    BN: ph.let = (64 << WIDE) >> (D // 256)  # 64 or 128 keys; 32 or 64 at D 256, where 128 would not fit
    zk: ph.let = ph.ctx.block.y
    c: ph.let = ph.ctx.block.x * BN
    k: ph.let = K[zk, c:+BN, :]
    v: ph.let = V[zk, c:+BN, :]
    dk: ph.var[ph.tile[ph.f32][BN, D]] = 0.0
    dv: ph.var[ph.tile[ph.f32][BN, D]] = 0.0
    kv_heads: ph.let = heads // group
    start: ph.var = 0
    if causal:
        start = c // BM * BM
    scale2: ph.let = scale * 1.4426950408889634  # base 2, as the forward
    for g in range(0, group):
        z: ph.let = (zk // kv_heads) * heads + (zk % kv_heads) * group + g
        for i in range(start, S, BM):
            q: ph.let = Q[z, i:+BM, :]
            d_o: ph.let = DO[z, i:+BM, :]
            s: ph.var = ph.dot(q, ph.transpose(k))
            if causal and c + BN > i:  # only the query blocks the diagonal crosses
                s = ph.where(ph.iota(1, BN, axis=1) + c > ph.iota(BM, 1, axis=0) + i, -ph.inf, s)
            p: ph.let = ph.exp2(s * scale2 - LSE[z, i:+BM, :] * 1.4426950408889634)
            dv = dv + ph.dot(ph.transpose(ph.bf16(p)), d_o)
            dp: ph.let = ph.dot(d_o, ph.transpose(v))
            ds: ph.let = p * (dp - DELTA[z, i:+BM, :])
            dk = dk + ph.dot(ph.transpose(ph.bf16(ds)), q)
    DK[zk, c:+BN, :] = dk * scale
    DV[zk, c:+BN, :] = dv


@ph.kernel
@ph.tensorcore
@ph.autotune(D=[64, 128, 256], BM=[64, 128], BN=[64], NT=[128, 256])
@ph.launch("NT")
def attention_bwd_q(Q: ph.tensor[ph.bf16][Z, S, D], K: ph.tensor[ph.bf16][ZK, S, D],
                    V: ph.tensor[ph.bf16][ZK, S, D], DO: ph.tensor[ph.bf16][Z, S, D],
                    LSE: ph.tensor[ph.f32][Z, S, 1], DELTA: ph.tensor[ph.f32][Z, S, 1],
                    DQ: ph.tensor[ph.f32][Z, S, D], scale: ph.f32, heads: ph.i64, group: ph.i64, causal: ph.bool):
    z: ph.let = ph.ctx.block.y
    zk: ph.let = kv_head(z, heads, group)
    r: ph.let = ph.ctx.block.x * BM
    q: ph.let = Q[z, r:+BM, :]
    d_o: ph.let = DO[z, r:+BM, :]
    lse2: ph.let = LSE[z, r:+BM, :] * 1.4426950408889634
    scale2: ph.let = scale * 1.4426950408889634
    delta: ph.let = DELTA[z, r:+BM, :]
    dq: ph.var[ph.tile[ph.f32][BM, D]] = 0.0
    end: ph.var = S
    if causal:
        end = ph.min(S, r + BM)
    for j in range(0, end, BN):
        s: ph.var = ph.dot(q, ph.transpose(K[zk, j:+BN, :]))
        if causal and j + BN > r:  # only the turns whose keys pass the block's first row
            s = ph.where(ph.iota(1, BN, axis=1) + j > ph.iota(BM, 1, axis=0) + r, -ph.inf, s)
        p: ph.let = ph.exp2(s * scale2 - lse2)
        dp: ph.let = ph.dot(d_o, ph.transpose(V[zk, j:+BN, :]))
        ds: ph.let = p * (dp - delta)
        dq = dq + ph.dot(ph.bf16(ds), K[zk, j:+BN, :])
    DQ[z, r:+BM, :] = dq * scale


@ph.kernel
@ph.tensorcore
@ph.autotune(D=[64, 128, 256], T=[16], BN=[128, 64], RING=[2, 3, 4])
@ph.pipeline("RING")
@ph.launch(128)
def attention_decode_split(Q: ph.tensor[ph.bf16][Z, T, D], K: ph.tensor[ph.bf16][ZK, L, D],
                           V: ph.tensor[ph.bf16][ZK, L, D], PART: ph.tensor[ph.f32][P, Z, T, D],
                           STATS: ph.tensor[ph.f32][P, Z, T, 2], scale: ph.f32, heads: ph.i64, group: ph.i64,
                           splits: ph.i64, per_split: ph.i64):
    z: ph.let = ph.ctx.block.y
    split: ph.let = ph.ctx.block.x
    zk: ph.let = kv_head(z, heads, group)
    q: ph.let = Q[z, :, :]
    m: ph.var[ph.tile[ph.f32][T, 1]] = -ph.inf
    l: ph.var[ph.tile[ph.f32][T, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][T, D]] = 0.0
    first: ph.let = split * per_split
    scale2: ph.let = scale * 1.4426950408889634  # the scores in base 2, as the forward's; so are the saved maxima
    for j in range(first, ph.min(L, first + per_split), BN):
        s: ph.let = ph.dot(q, ph.transpose(K[zk, j:+BN, :])) * scale2
        in_split: ph.let = ph.iota(1, BN, axis=1) + j < first + per_split
        kept: ph.let = ph.where(in_split, s, -ph.inf)
        m_new: ph.let = ph.max(m, ph.rowmax(kept))
        p: ph.let = ph.exp2(kept - m_new)
        alpha: ph.let = ph.exp2(m - m_new)
        l = l * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[zk, j:+BN, :])
        m = m_new
    PART[split, z, :, :] = acc
    STATS[split, z, :, 0:+1] = m
    STATS[split, z, :, 1:+1] = l


@ph.kernel
@ph.autotune(D=[64, 128, 256], T=[16])
@ph.launch(128)
def attention_decode_combine(PART: ph.tensor[ph.f32][P, Z, T, D], STATS: ph.tensor[ph.f32][P, Z, T, 2],
                             O: ph.tensor[ph.bf16][Z, T, D]):
    z: ph.let = ph.ctx.block.x
    m: ph.var[ph.tile[ph.f32][T, 1]] = -ph.inf
    for p in range(0, P):
        m = ph.max(m, STATS[p, z, :, 0:+1])
    l: ph.var[ph.tile[ph.f32][T, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][T, D]] = 0.0
    for p in range(0, P):
        w: ph.let = ph.exp2(STATS[p, z, :, 0:+1] - m)
        l = l + STATS[p, z, :, 1:+1] * w
        acc = acc + PART[p, z, :, :] * w
    O[z, :, :] = ph.bf16(acc / l)
