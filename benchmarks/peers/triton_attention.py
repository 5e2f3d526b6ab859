"""The Triton peer of the attention rows: a fused forward written the way Triton's
tutorials write one (an online softmax over key blocks, one program per query block
and head), with the causal mask and grouped K/V heads the rows need. Tile sizes and
warps are the tutorials' habits for the head size, untuned beyond that.
"""

from __future__ import annotations

from typing import Any

import triton
import triton.language as tl


@triton.jit
def _forward(Q, K, V, Out, stride_qz, stride_qs, stride_kz, stride_ks, seq, heads, group, scale,
             CAUSAL: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD: tl.constexpr):
    block = tl.program_id(0)
    z = tl.program_id(1)
    zk = (z // heads) * (heads // group) + (z % heads) // group
    rows = block * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, HEAD)
    q = tl.load(Q + z * stride_qz + rows[:, None] * stride_qs + cols[None, :], mask=rows[:, None] < seq, other=0.0)
    m = tl.full([BLOCK_M], float("-inf"), tl.float32)
    total = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD], tl.float32)
    end = tl.minimum(seq, (block + 1) * BLOCK_M) if CAUSAL else seq
    for start in range(0, end, BLOCK_N):
        keys = start + tl.arange(0, BLOCK_N)
        inside = keys[:, None] < seq
        k = tl.load(K + zk * stride_kz + keys[:, None] * stride_ks + cols[None, :], mask=inside, other=0.0)
        s = tl.dot(q, tl.trans(k)) * scale
        valid = keys[None, :] < seq
        if CAUSAL:
            valid = valid & (keys[None, :] <= rows[:, None])
        s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m, tl.max(s, 1))
        p = tl.exp(s - m_new[:, None])
        alpha = tl.exp(m - m_new)
        total = total * alpha + tl.sum(p, 1)
        v = tl.load(V + zk * stride_kz + keys[:, None] * stride_ks + cols[None, :], mask=inside, other=0.0)
        acc = acc * alpha[:, None] + tl.dot(p.to(v.dtype), v)
        m = m_new
    out = acc / total[:, None]
    tl.store(Out + z * stride_qz + rows[:, None] * stride_qs + cols[None, :], out.to(Out.dtype.element_ty),
             mask=rows[:, None] < seq)


def attention(q: Any, k: Any, v: Any, causal: bool = False, scale: float | None = None) -> Any:
    """softmax(q k^T * scale) v for q [B, H, S, D] and k, v [B, HKV, S, D], HKV dividing H."""
    import torch

    b, h, s, d = q.shape
    hkv = k.shape[1]
    q, k, v = (x.contiguous() for x in (q, k, v))
    out = torch.empty_like(q)
    block_m, block_n = (128, 64) if d <= 64 else (128, 32)
    grid = (triton.cdiv(s, block_m), b * h)
    _forward[grid](q, k, v, out, s * d, d, s * d, d, s, h, h // hkv, d ** -0.5 if scale is None else scale,
                   CAUSAL=causal, BLOCK_M=block_m, BLOCK_N=block_n, HEAD=d, num_warps=4 if d <= 64 else 8,
                   num_stages=3)
    return out
