"""Tutorial 7: a PyTorch module whose forward runs Phobos kernels.

    .venv/bin/python examples/tutorials/07_torch_module.py     (needs torch)

`NormLinearGELU` is nn.LayerNorm, then nn.Linear, then GELU, as a transformer's MLP
begins. It owns ordinary torch parameters, so it initializes, moves and saves like any
module, but its forward launches two kernels from the earlier tutorials instead of
torch's operators: tutorial 3's `layer_norm` and tutorial 4's `linear_gelu`, written
in Python with `phobos.lang` and imported from those files.

Each kernel becomes a PyTorch operator with `phobos.torch.operator`: it allocates the
kernel's output, so the forward reads like torch code, and torch sees what it reads
and writes (`torch.compile(fullgraph=True)` traces it; docs/torch.md). The operators
run on the GPU for CUDA tensors and on the interpreter for CPU tensors, bf16 included.
The forward pass is for inference: no backward is registered, so it runs under
`torch.no_grad()`.

torch is an optional peer of Phobos: without it this script says so and stops.
"""

from __future__ import annotations

import sys

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

import phobos.torch  # noqa: E402 - after torch is known to be there

layer_norm = load_tutorial("03_layer_norm")
linear_gelu = load_tutorial("04_gemm_epilogue")


# The operators, made once per process (torch keeps each operator's name for good).
layer_norm_op = phobos.torch.operator(layer_norm.layer_norm, layer_norm.grid, outputs=["Y"],
                                      name="tutorial::layer_norm")
linear_gelu_op = phobos.torch.operator(linear_gelu.linear_gelu, linear_gelu.grid, outputs=["C"],
                                       name="tutorial::linear_gelu")


class NormLinearGELU(nn.Module):
    """gelu(linear(layer_norm(x))) on bf16 rows of `features`, each step a Phobos kernel."""

    def __init__(self, features: int, out_features: int, eps: float = 1e-5) -> None:
        super().__init__()
        self.norm = nn.LayerNorm(features, eps=eps, dtype=torch.bfloat16)
        self.linear = nn.Linear(features, out_features, dtype=torch.bfloat16)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = layer_norm_op(x, self.norm.weight, self.norm.bias, self.norm.eps, COLS=next_power_of_2(x.shape[1]))
        return linear_gelu_op(h, self.linear.weight, self.linear.bias.view(1, -1))  # BIAS is a [1, N] row


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
