"""Attention on torch tensors through the kernels of attention.phobos, as a user calls it.

`attention(q, k, v, causal=False, scale=None)` takes q of shape [B, H, S, D] and k, v
of [B, HKV, S, D] (HKV dividing H: grouped-query attention; HKV = H: multi-head), in
bf16 or f16, D 64, 128 or 256 (256's backward needs sm_90's shared memory: 196,608
bytes a CTA, which `phobos compile --target sm_80` refuses with that count), and
returns [B, H, S, D] in q's dtype. It is differentiable: the forward is a PyTorch
operator (`phobos.torch.operator`) whose registered backward runs the three backward
kernels from the saved row log-sum-exp, so a model trains through it, under
`torch.compile` too. `attention_decode(q, k_cache, v_cache)` is flash-decoding: up to
16 query tokens against a long cache, split over the cache and combined. CUDA tensors
run on the GPU, CPU tensors on the interpreter.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch

import phobos
import phobos.torch

from . import cdiv

SOURCE = Path(__file__).with_name("attention.phobos").read_text()
# The operand types the kernels are compiled for, and their Phobos names.
ELEMENTS = {torch.bfloat16: "bf16", torch.float16: "f16"}
HEAD_DIMS = (64, 128, 256)  # 256: on sm_90, whose shared memory holds the backward's dK and dV tiles
BLOCK = 64  # query and key rows a tile (the kernels' BM and BN)
DECODE_TOKENS = 16  # query rows a decode tile: fewer are padded to it
DECODE_BLOCK = 64


def _rows(meta: Any) -> tuple[int, int]:
    return cdiv(meta["S"], meta["BM"]), meta["Z"]


def _kv_rows(meta: Any) -> tuple[int, int]:
    """attention_bwd_kv's grid: its key blocks are the `let BN` its WIDE and D make."""
    keys = (64 << meta["WIDE"]) >> (meta["D"] // 256)
    return cdiv(meta["S"], keys), meta["ZK"]


class _Operators:
    """The operators of one operand type (their names carry it: torch keeps each name)."""

    def __init__(self, element: str):
        # math_mode="fast": the scores' exp2 is one ex2.approx (FlashAttention's and Triton's
        # kernels do the same); its 3-ulp bound is far inside what bf16 probabilities keep.
        kernels = phobos.compile(SOURCE.replace("bf16", element), path=f"attention.phobos ({element})",
                                 math_mode="fast")
        op = phobos.torch.operator
        self.forward = op(kernels.attention_fwd, _rows, outputs=["O", "LSE"], name=f"phobos_attention::fwd_{element}")
        self.delta = op(kernels.attention_bwd_delta, _rows, outputs=["DELTA"],
                        name=f"phobos_attention::bwd_delta_{element}")
        self.kv = op(kernels.attention_bwd_kv, _kv_rows, outputs=["DK", "DV"],
                     name=f"phobos_attention::bwd_kv_{element}")
        self.q = op(kernels.attention_bwd_q, _rows, outputs=["DQ"], name=f"phobos_attention::bwd_q_{element}")
        self.decode_split = op(kernels.attention_decode_split, lambda meta: (meta["P"], meta["Z"]),
                               outputs={"PART": ("splits", "Z", "T", "D"), "STATS": ("splits", "Z", "T", 2)},
                               name=f"phobos_attention::decode_split_{element}")
        self.decode_combine = op(kernels.attention_decode_combine, lambda meta: meta["Z"], outputs=["O"],
                                 name=f"phobos_attention::decode_combine_{element}")
        self.forward.register_autograd(self._backward, setup_context=self._save)

    @staticmethod
    def _save(ctx: Any, inputs: tuple[Any, ...], output: tuple[Any, Any], keyword_only_inputs: Any = None) -> None:
        """(torch passes the autotune pins, keyword-only arguments, as `keyword_only_inputs`.)"""
        q, k, v, scale, heads, group, causal = inputs
        o, lse = output
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.args = (scale, heads, group, causal)
        ctx.mark_non_differentiable(lse)

    def _backward(self, ctx: Any, d_o: Any, _d_lse: Any) -> tuple[Any, ...]:
        q, k, v, o, lse = ctx.saved_tensors
        d_o = d_o.contiguous()
        delta = self.delta(o, d_o)
        dk, dv = self.kv(q, k, v, d_o, lse, delta, *ctx.args)
        dq = self.q(q, k, v, d_o, lse, delta, *ctx.args)
        return dq.to(q.dtype), dk.to(k.dtype), dv.to(v.dtype), None, None, None, None


# Made at import, not at the first call: a first call inside torch.compile would have
# Dynamo trace the compiler.
_OPERATORS: dict[torch.dtype, _Operators] = {dtype: _Operators(element) for dtype, element in ELEMENTS.items()}


def _operators(dtype: torch.dtype) -> _Operators:
    if dtype not in _OPERATORS:
        raise TypeError(f"attention takes bf16 or f16 tensors, not {dtype}")
    return _OPERATORS[dtype]


def _heads(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> tuple[int, int, int, int, int]:
    """B, H, HKV, D and the group size, with the shapes checked."""
    if q.dim() != 4 or k.dim() != 4 or k.shape != v.shape:
        raise ValueError(f"attention takes q [B, H, S, D] and k, v [B, HKV, S, D]; got {tuple(q.shape)}, "
                         f"{tuple(k.shape)}, {tuple(v.shape)}")
    b, h, _, d = q.shape
    hkv = k.shape[1]
    if k.shape[0] != b or k.shape[3] != d or h % hkv:
        raise ValueError(f"k and v must have q's batch and head size and a number of heads dividing {h}; got "
                         f"{tuple(k.shape)}")
    if d not in HEAD_DIMS or q.dtype != k.dtype or q.dtype != v.dtype:
        raise ValueError(f"attention takes a head size of {' or '.join(map(str, HEAD_DIMS))} and one dtype for q, "
                         f"k and v; got D = {d}, {q.dtype}, {k.dtype}, {v.dtype}")
    return b, h, hkv, d, h // hkv


def attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool = False,
              scale: float | None = None) -> torch.Tensor:
    """softmax(q k^T * scale) v over each head, key c of query i masked out where
    `causal` and c > i; `scale` defaults to D ** -0.5."""
    b, h, hkv, d, group = _heads(q, k, v)
    if q.shape[2] != k.shape[2]:
        raise ValueError(f"attention takes as many keys as queries; use attention_decode for {q.shape[2]} "
                         f"queries against {k.shape[2]} keys")
    s = q.shape[2]
    scale = d ** -0.5 if scale is None else float(scale)
    if scale <= 0:  # the kernels scale each score past its row's maximum, so the scale they take is positive
        q, scale = q * (-1.0 if scale < 0 else 0.0), -scale or 1.0
    ops = _operators(q.dtype)
    o, _ = ops.forward(q.reshape(b * h, s, d), k.reshape(b * hkv, s, d), v.reshape(b * hkv, s, d),
                       scale, h, group, bool(causal))
    return o.view(b, h, s, d)


def attention_decode(q: torch.Tensor, k_cache: torch.Tensor, v_cache: torch.Tensor, scale: float | None = None,
                     splits: int | None = None) -> torch.Tensor:
    """softmax(q k^T * scale) v for T <= 16 query tokens against a cache of L tokens, the
    cache split `splits` ways (default: enough to give every multiprocessor work)."""
    b, h, hkv, d, group = _heads(q, k_cache, v_cache)
    t, length = q.shape[2], k_cache.shape[2]
    if not 1 <= t <= DECODE_TOKENS:
        raise ValueError(f"attention_decode takes 1 to {DECODE_TOKENS} query tokens, not {t}")
    if length < 1:
        raise ValueError("attention_decode needs a cache of at least one token")
    if splits is not None and (not isinstance(splits, int) or splits < 1):
        raise ValueError(f"attention_decode's splits is a positive int, not {splits!r}")
    if splits is None:
        sms = torch.cuda.get_device_properties(q.device).multi_processor_count if q.is_cuda else 4
        splits = max(1, min(cdiv(length, DECODE_BLOCK), cdiv(2 * sms, b * h)))
    per_split = cdiv(cdiv(length, splits), DECODE_BLOCK) * DECODE_BLOCK
    splits = cdiv(length, per_split)
    scale = d ** -0.5 if scale is None else float(scale)
    padded = q.new_zeros(b * h, DECODE_TOKENS, d)
    padded[:, :t] = q.reshape(b * h, t, d)
    ops = _operators(q.dtype)
    part, stats = ops.decode_split(padded, k_cache.reshape(b * hkv, length, d), v_cache.reshape(b * hkv, length, d),
                                   scale, h, group, splits, per_split)
    return ops.decode_combine(part, stats)[:, :t].reshape(b, h, t, d)


def flops(b: int, h: int, s: int, d: int, causal: bool) -> float:
    """The forward's work as the anchors count it: 4 B H S^2 D, halved when causal."""
    return 4 * b * h * s * s * d / (2 if causal else 1)


__all__ = ["attention", "attention_decode", "flops"]
