"""The attention rows of the benchmark (issue 24): benchmarks/kernels/attention.py beside
PyTorch's SDPA on its cuDNN and flash back ends, and (forward rows) a Triton fused
forward written as its tutorials write one, on the same inputs in the same run.

Each row: q [B, H, S, D] and k, v [B, HKV, S, D] in bf16. The forward is counted as
4 B H S^2 D FLOP, halved when causal; the backward as 2.5 times the forward; decoding
in TB/s of K and V read. The reference is SDPA in f32 on the same inputs (gradients
from f32 autograd); each side's output is checked against it before it is timed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

Tensor = Any
TOLERANCE = 2e-2  # relative, in the vector 2-norm: bf16 operands and P


@dataclass(frozen=True)
class AttentionRow:
    name: str
    b: int
    h: int
    s: int
    d: int
    causal: bool
    target: str
    kind: str = "fwd"  # "fwd", "bwd" or "decode"
    hkv: int = 0  # K/V heads (0: h)
    tokens: int = 1  # query tokens of a decode row

    @property
    def kv_heads(self) -> int:
        return self.hkv or self.h

    @property
    def work(self) -> float:
        """FLOP of a forward or backward row; bytes of K and V for a decode row."""
        if self.kind == "decode":
            return 2 * self.b * self.kv_heads * self.s * self.d * 2
        forward = 4 * self.b * self.h * self.s * self.s * self.d / (2 if self.causal else 1)
        return forward * (2.5 if self.kind == "bwd" else 1)


ROWS = (
    AttentionRow("attention_fwd_b4h32s4096d128", 4, 32, 4096, 128, False, ">= 1.0x the best SDPA"),
    AttentionRow("attention_fwd_causal_b4h32s4096d128", 4, 32, 4096, 128, True, ">= 1.0x the best SDPA"),
    AttentionRow("attention_fwd_b4h16s2048d64", 4, 16, 2048, 64, False, ">= 1.0x the best SDPA"),
    AttentionRow("attention_fwd_causal_b4h16s2048d64", 4, 16, 2048, 64, True, ">= 1.0x the best SDPA"),
    AttentionRow("attention_fwd_b16h16s1024d64", 16, 16, 1024, 64, False, ">= 1.0x the best SDPA"),
    AttentionRow("attention_gqa_b4h32s4096d128", 4, 32, 4096, 128, False, ">= 1.0x the best SDPA with enable_gqa",
                 hkv=8),
    AttentionRow("attention_bwd_b4h32s4096d128", 4, 32, 4096, 128, False, ">= 1.0x the best SDPA backward", "bwd"),
    AttentionRow("attention_bwd_causal_b4h32s4096d128", 4, 32, 4096, 128, True, ">= 1.0x the best SDPA backward",
                 "bwd"),
    AttentionRow("attention_bwd_b4h16s2048d64", 4, 16, 2048, 64, False, ">= 1.0x the best SDPA backward", "bwd"),
    AttentionRow("attention_bwd_causal_b4h16s2048d64", 4, 16, 2048, 64, True, ">= 1.0x the best SDPA backward",
                 "bwd"),
    AttentionRow("attention_decode_b8h32l8192d128", 8, 32, 8192, 128, False, ">= 0.9 of copy, >= 1.0x SDPA",
                 "decode"),
    AttentionRow("attention_decode_b64h32l4096d128", 64, 32, 4096, 128, False, ">= 0.9 of copy, >= 1.0x SDPA",
                 "decode"),
)


def selected(only: list[str], shrink: int) -> list[AttentionRow]:
    """The rows --only names (all when it names none), their batches and sequences
    divided by `shrink` (sequences rounded to multiples of 64, at least 64)."""
    rows = [r for r in ROWS if not only or any(r.name.startswith(t) for t in only)]
    if shrink == 1:
        return rows
    return [replace(r, b=max(1, r.b // shrink), s=max(64, r.s // shrink // 64 * 64)) for r in rows]


def _inputs(row: AttentionRow, device: str) -> dict[str, Tensor]:
    import torch

    g = torch.Generator(device=device).manual_seed(24)
    queries = row.tokens if row.kind == "decode" else row.s

    def normal(*shape: int) -> Tensor:
        return torch.randn(shape, generator=g, device=device).to(torch.bfloat16)

    ins = {"q": normal(row.b, row.h, queries, row.d), "k": normal(row.b, row.kv_heads, row.s, row.d),
           "v": normal(row.b, row.kv_heads, row.s, row.d)}
    if row.kind == "bwd":
        ins["do"] = normal(row.b, row.h, row.s, row.d)
    return ins


@contextlib.contextmanager
def _sdpa(backend: str | None) -> Iterator[None]:
    """SDPA on one back end ("cudnn", "flash"), or as torch picks (None)."""
    if backend is None:
        yield
        return
    from torch.nn.attention import SDPBackend, sdpa_kernel

    chosen = {"cudnn": SDPBackend.CUDNN_ATTENTION, "flash": SDPBackend.FLASH_ATTENTION}[backend]
    with sdpa_kernel(chosen):
        yield


def _sdpa_call(row: AttentionRow, ins: dict[str, Tensor], backend: str | None) -> Callable[[], Tensor]:
    import torch
    import torch.nn.functional as F

    gqa = row.kv_heads != row.h
    q, k, v = ins["q"], ins["k"], ins["v"]
    if row.kind != "bwd":
        def forward() -> Tensor:
            with _sdpa(backend):
                return F.scaled_dot_product_attention(q, k, v, is_causal=row.causal, enable_gqa=gqa)

        return forward
    leaves = [x.detach().requires_grad_() for x in (q, k, v)]

    def backward() -> Tensor:
        with _sdpa(backend):
            out = F.scaled_dot_product_attention(*leaves, is_causal=row.causal, enable_gqa=gqa)
            grads = torch.autograd.grad(out, leaves, ins["do"])
        return torch.cat([g.reshape(-1) for g in grads])

    return backward


def _triton_call(row: AttentionRow, ins: dict[str, Tensor]) -> Callable[[], Tensor]:
    """Triton's fused forward, written as its tutorials write one (peers/triton_attention.py)."""
    from benchmarks.peers.triton_attention import attention

    return lambda: attention(ins["q"], ins["k"], ins["v"], causal=row.causal)


def _phobos_call(row: AttentionRow, ins: dict[str, Tensor]) -> Callable[[], Tensor]:
    import torch

    from benchmarks.kernels.attention import attention, attention_decode

    q, k, v = ins["q"], ins["k"], ins["v"]
    if row.kind == "decode":
        return lambda: attention_decode(q, k, v)
    if row.kind == "fwd":
        return lambda: attention(q, k, v, causal=row.causal)
    leaves = [x.detach().requires_grad_() for x in (q, k, v)]

    def backward() -> Tensor:
        out = attention(*leaves, causal=row.causal)
        grads = torch.autograd.grad(out, leaves, ins["do"])
        return torch.cat([g.reshape(-1) for g in grads])

    return backward


def _reference(row: AttentionRow, ins: dict[str, Tensor]) -> Tensor:
    """SDPA in f32 (its math), gradients from f32 autograd."""
    import torch
    import torch.nn.functional as F

    exact = [ins[n].float().requires_grad_(row.kind == "bwd") for n in ("q", "k", "v")]
    out = F.scaled_dot_product_attention(*exact, is_causal=row.causal, enable_gqa=row.kv_heads != row.h)
    if row.kind != "bwd":
        return out.detach()
    grads = torch.autograd.grad(out, exact, ins["do"].float())
    return torch.cat([g.reshape(-1) for g in grads])


def run_row(row: AttentionRow, timer: Callable[[Callable[[], Any]], float], device: str,
            sync: Callable[[], None], error_of: Callable[[Tensor, Tensor], float]) -> dict[str, Any]:
    """Check and time every side of one row (bench.py's timer and relative error);
    never raises: a side that fails is recorded under `errors`."""
    result: dict[str, Any] = {"name": row.name, "shape": [row.b, row.h, row.kv_heads, row.s, row.d],
                              "causal": row.causal, "kind": row.kind, "target": row.target, "errors": {}}
    try:
        ins = _inputs(row, device)
        want = _reference(row, ins)
        sides = {"phobos": _phobos_call(row, ins)}
        for backend in ("cudnn", "flash") if device == "cuda" else (None,):
            sides[f"sdpa_{backend or 'math'}"] = _sdpa_call(row, ins, backend)
        if row.kind == "fwd" and (device == "cuda" or os.environ.get("TRITON_INTERPRET") == "1"):
            sides["triton"] = _triton_call(row, ins)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        result["errors"]["setup"] = f"{type(exc).__name__}: {exc}"[:600]
        return result
    unit = "tbps" if row.kind == "decode" else "tflops"
    for side, run in sides.items():
        try:
            got = run()
            sync()
            error = error_of(got, want)
            result[f"{side}_error"] = error
            if error > TOLERANCE:
                result["errors"][side] = f"wrong result: relative error {error:.3g}"
                continue
            ms = timer(run)
            result[f"{side}_ms"] = ms
            result[f"{side}_{unit}"] = row.work / ms / 1e9
        except Exception as exc:  # noqa: BLE001 - one side failing leaves the others
            result["errors"][side] = f"{type(exc).__name__}: {exc}"[:600]
    peers = [result.get(f"{s}_{unit}") for s in sides if s.startswith("sdpa")]
    best = max((p for p in peers if p), default=None)
    if best and result.get(f"phobos_{unit}"):
        result["phobos_vs_best_sdpa"] = result[f"phobos_{unit}"] / best
    if result.get("triton_tflops") and result.get("phobos_tflops"):
        result["phobos_vs_triton"] = result["phobos_tflops"] / result["triton_tflops"]
    return result
