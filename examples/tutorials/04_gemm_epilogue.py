"""Tutorial 4: a matrix product with an epilogue, C = gelu(A W^T + bias), as nn.Linear and GELU.

    .venv/bin/python examples/tutorials/04_gemm_epilogue.py

Each CTA computes one TM x TN block of C. It keeps an f32 accumulator tile, `var acc:
tile<f32>[TM, TN] = 0.0`, and walks K in steps of TK: each turn `dot` multiplies a
TM x TK window of A by a TK x TN window of W^T and adds the product in. W is held as
nn.Linear holds its weight, [N, K], so the kernel reads `transpose(W[n0 :+ TN, k :+
TK])`. On a GPU this loop runs on tensor cores (bf16 operands into an f32
accumulator); on the interpreter it is the same sums.

M, N and K need not be multiples of the tiles. `dot` sums only over the k present in
both operands, so the last, partial k window adds nothing spurious, and the blocks
that overhang C's edges store only their present elements.

The *epilogue*, after the loop, adds the bias row and applies GELU to the accumulator
before the one store, which rounds to bf16: the product never goes to memory in f32.
`gelu` is an expression function, fused into that store.

The grid is 2-d, `ctx.block.x` over blocks of columns and `ctx.block.y` over blocks of
rows. The autotune lists several tile shapes: the interpreter runs the first, the GPU
times them all at the first launch and keeps the fastest.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: dims such as `M`
# and the autotune names `TM`, `TN` and `TK` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import math

import numpy as np
from common import bfloat16, cdiv, check, to_device, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
fn gelu(x) = 0.5 * x * (1.0 + erf(x * 0.7071067811865476))

@autotune(TM in [128, 64], TN in [128, 64], TK in [64, 32])
@launch(256)
kernel linear_gelu(A: tensor<bf16>[M, K], W: tensor<bf16>[N, K], BIAS: tensor<bf16>[1, N],
                   C: tensor<bf16>[M, N]) {
  let m0 = ctx.block.y * TM
  let n0 = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {
    acc += dot(A[m0 :+ TM, k :+ TK], transpose(W[n0 :+ TN, k :+ TK]))
  }
  C[m0 :+ TM, n0 :+ TN] = bf16(gelu(acc + BIAS[0 :+ 1, n0 :+ TN]))
}
"""


@ph.fn
def gelu(x):
    return 0.5 * x * (1.0 + ph.erf(x * 0.7071067811865476))


@ph.kernel
@ph.autotune(TM=[128, 64], TN=[128, 64], TK=[64, 32])
@ph.launch(256)
def linear_gelu(
    A: ph.tensor[ph.bf16][M, K],
    W: ph.tensor[ph.bf16][N, K],
    BIAS: ph.tensor[ph.bf16][1, N],
    C: ph.tensor[ph.bf16][M, N],
):
    m0: ph.let = ph.ctx.block.y * TM
    n0: ph.let = ph.ctx.block.x * TN
    acc: ph.var[ph.tile[ph.f32][TM, TN]] = 0.0
    for k in range(0, K, TK):
        acc += ph.dot(A[m0:+TM, k:+TK], ph.transpose(W[n0:+TN, k:+TK]))
    C[m0:+TM, n0:+TN] = ph.bf16(gelu(acc + BIAS[0:+1, n0:+TN]))


def grid(meta: dict) -> tuple[int, int]:
    """(blocks of columns, blocks of rows): x walks N, y walks M."""
    return cdiv(meta["N"], meta["TN"]), cdiv(meta["M"], meta["TM"])


def reference(a: np.ndarray, w: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """gelu(a w^T + bias) in float64 of the bf16 inputs."""
    h = a.astype(np.float64) @ w.astype(np.float64).T + bias.astype(np.float64)
    return 0.5 * h * (1.0 + np.vectorize(math.erf)(h / math.sqrt(2.0)))


def main() -> None:
    print(f"04 GEMM with a bias and GELU epilogue, on {where_kernels_run()}")
    rng = np.random.default_rng(4)
    m, n, k = 200, 132, 104  # none a multiple of its tile
    a = rng.standard_normal((m, k)).astype(bfloat16)
    w = (rng.standard_normal((n, k)) / np.sqrt(k)).astype(bfloat16)
    bias = rng.standard_normal((1, n)).astype(bfloat16)
    want = reference(a, w, bias)

    for name, kernel in (("phobos syntax", phobos.compile(SOURCE).linear_gelu), ("python spelling", linear_gelu)):
        c = to_device(np.full((m, n), np.nan, bfloat16))
        kernel[grid](to_device(a), to_device(w), to_device(bias), c)
        # The f32 sums are far closer than the bf16 store, which is within 2^-9 of the value.
        check(f"linear_gelu ({name})", c, want, atol=1e-3, rtol=2.0**-8)


if __name__ == "__main__":
    main()
