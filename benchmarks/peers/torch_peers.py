"""The PyTorch peers: each benchmark as one would write it in PyTorch.

Each function takes the inputs as tensors and returns the result, so the same
function runs eagerly and through `torch.compile`. They allocate their outputs, as
PyTorch code does; the caching allocator keeps that off the GPU's timeline.
"""

from __future__ import annotations

from typing import Any

import torch
import torch.nn.functional as F

EPS = 1e-5


def add(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return a + b


def scale_rows(x: torch.Tensor, s: torch.Tensor) -> torch.Tensor:
    return x * s


def cast_bf16_f32(x: torch.Tensor) -> torch.Tensor:
    return x.float()


def total(x: torch.Tensor) -> torch.Tensor:
    return x.sum()


def softmax(x: torch.Tensor) -> torch.Tensor:
    return torch.softmax(x, dim=-1)


def layer_norm(x: torch.Tensor, w: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    return F.layer_norm(x, (x.shape[-1],), w, b, EPS)


def rms_norm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    return F.rms_norm(x, (x.shape[-1],), w, EPS)


def row_means(x: torch.Tensor) -> torch.Tensor:
    return x.mean(dim=1, keepdim=True)


def compiled(fn: Any) -> Any:
    """`fn` through torch.compile for these exact shapes (it compiles at the first call).

    Inductor compiles in this process instead of starting a pool of worker
    processes: the code it generates is the same, and there is one thing fewer to
    start (or to hang) on the benchmark's virtual machine."""
    import torch._inductor.config as inductor

    inductor.compile_threads = 1
    return torch.compile(fn, dynamic=False, fullgraph=True)
