"""Tutorial 7: a PyTorch module whose forward runs Phobos kernels.

    .venv/bin/python examples/tutorials/07_torch_module.py     (needs torch)

`NormLinearGELU` is nn.LayerNorm, then nn.Linear, then GELU, as a transformer's MLP
begins. It owns ordinary torch parameters, so it initializes, moves and saves like any
module, but its forward launches two kernels from the earlier tutorials instead of
torch's operators: tutorial 3's `layer_norm` and tutorial 4's `linear_gelu`, written
in Python with `phobos.lang` and imported from those files.

Phobos kernels take torch tensors on the GPU as they are (CUDA tensors, in place). On
the CPU interpreter they take numpy arrays, and `tensor.numpy()` is a view of the same
memory, so a kernel writing the view writes the torch tensor. (numpy has no bfloat16 of
its own; the view goes through the 16-bit patterns to ml_dtypes' bfloat16.) The
forward pass is for inference: Phobos kernels have no autograd, so it runs under
`torch.no_grad()`.

torch is an optional peer of Phobos: without it this script says so and stops.
"""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
from common import bfloat16, check, load_tutorial, next_power_of_2, on_gpu, where_kernels_run

try:
    import torch
    import torch.nn.functional as F
    from torch import nn
except ImportError:  # torch is an optional peer of Phobos
    if __name__ == "__main__":
        print("07 torch module: skipped, torch is not installed (pip install torch to run it)")
        sys.exit(0)
    raise

layer_norm = load_tutorial("03_layer_norm")
linear_gelu = load_tutorial("04_gemm_epilogue")


def phobos_array(t: torch.Tensor) -> Any:
    """What a kernel takes for `t`: on the GPU the tensor itself; on the interpreter a numpy
    view of its memory, so that what the kernel writes lands in `t`."""
    t = t.detach()
    assert t.is_contiguous(), "kernels read tensors row-major"
    if on_gpu():
        return t
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(bfloat16)
    return t.numpy()


class NormLinearGELU(nn.Module):
    """gelu(linear(layer_norm(x))) on bf16 rows of `features`, each step a Phobos kernel."""

    def __init__(self, features: int, out_features: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(features, eps=eps, dtype=torch.bfloat16)
        self.linear = nn.Linear(features, out_features, dtype=torch.bfloat16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        rows, features = x.shape
        h = torch.empty_like(x)
        layer_norm.layer_norm[layer_norm.grid](
            phobos_array(x), phobos_array(self.norm.weight), phobos_array(self.norm.bias), phobos_array(h),
            self.norm.eps, COLS=next_power_of_2(features),
        )
        y = x.new_empty((rows, self.linear.out_features))
        bias_row = self.linear.bias.view(1, -1)  # the kernel's BIAS is a [1, N] row
        linear_gelu.linear_gelu[linear_gelu.grid](
            phobos_array(h), phobos_array(self.linear.weight), phobos_array(bias_row), phobos_array(y)
        )
        return y


def main() -> None:
    print(f"07 torch module, on {where_kernels_run()}")
    torch.manual_seed(7)
    device = "cuda" if on_gpu() else "cpu"
    rows, features, out_features = 100, 300, 132  # rows and columns overhang every tile
    module = NormLinearGELU(features, out_features).to(device)
    with torch.no_grad():  # LayerNorm starts as w = 1, b = 0; make it less trivial
        module.norm.weight.normal_(1.0, 0.2)
        module.norm.bias.normal_(0.0, 0.2)
    x = (1.0 + 2.0 * torch.randn(rows, features, device=device)).to(torch.bfloat16)

    with torch.no_grad():
        y = module(x)
        # torch's own layers, in f32 from the same bf16 values.
        p = {name: v.float() for name, v in module.named_parameters()}
        h = F.layer_norm(x.float(), (features,), p["norm.weight"], p["norm.bias"], module.norm.eps)
        torch_y = F.gelu(F.linear(h, p["linear.weight"], p["linear.bias"]))

    def host(t: torch.Tensor) -> np.ndarray:
        return t.detach().float().cpu().numpy()

    # The numpy references of tutorials 3 and 4, with the bf16 rounding between the two kernels.
    normed = layer_norm.reference(host(x), host(module.norm.weight), host(module.norm.bias), module.norm.eps)
    want = linear_gelu.reference(
        normed.astype(bfloat16), host(module.linear.weight), host(module.linear.bias).reshape(1, -1)
    )
    check("NormLinearGELU vs numpy", host(y), want, atol=5e-3, rtol=2.0**-8)
    # torch keeps the normalized rows in f32 where the module rounds them to bf16: a wider tolerance.
    check("NormLinearGELU vs torch layers", host(y), host(torch_y), atol=3e-2, rtol=2.0**-7)


if __name__ == "__main__":
    main()
