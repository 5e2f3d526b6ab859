"""Tutorial 3: layer norm of each row, y = (x - mean) / sqrt(var + eps) * w + b.

    .venv/bin/python examples/tutorials/03_layer_norm.py

The data is bf16, as in a transformer; the statistics are computed in f32. A bf16 tile
minus an f32 column is an f32 tile (Phobos promotes as the operand types say), and
`rowsum` of it sums in f32; the store to the bf16 tensor Y rounds once, at the end.

Like the softmax, each CTA holds ROWS whole rows in one tile, so a row is read from
memory once and both passes over it (the mean, then the variance as the mean of
squared deviations, which does not cancel the way E[x^2] - mean^2 does) stay on chip.
The columns past N are absent: `rowsum` skips them, so dividing by N gives the true
mean. W and B are 1-d: `W[0 :+ COLS]` broadcasts along the rows.

`centred` is a Phobos *function*, `fn centred(x, mean) = x - mean`: inlined where it
is called, so it costs only its arithmetic. In Python it is a `@ph.fn`.
A scalar parameter, `eps: f32`, is passed like any argument.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: dims such as `M`
# and the autotune names `ROWS` and `COLS` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import numpy as np
from common import bfloat16, cdiv, check, next_power_of_2, to_device, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
fn centred(x, mean) = x - mean

@autotune(ROWS in [8], COLS in [128, 256, 512, 1024, 2048])
@launch(256)
kernel layer_norm(X: tensor<bf16>[M, N], W: tensor<bf16>[N], B: tensor<bf16>[N], Y: tensor<bf16>[M, N],
                  eps: f32) {
  let r = ctx.block.x * ROWS
  var x = X[r :+ ROWS, 0 :+ COLS]
  let mean = rowsum(x) / f32(N)
  let variance = rowsum(centred(x, mean) * centred(x, mean)) / f32(N)
  let rstd = rsqrt(variance + eps)
  Y[r :+ ROWS, 0 :+ COLS] = centred(x, mean) * rstd * W[0 :+ COLS] + B[0 :+ COLS]
}
"""


@ph.fn
def centred(x, mean):
    return x - mean


@ph.kernel
@ph.autotune(ROWS=[8], COLS=[128, 256, 512, 1024, 2048])
@ph.launch(256)
def layer_norm(
    X: ph.tensor[ph.bf16][M, N],
    W: ph.tensor[ph.bf16][N],
    B: ph.tensor[ph.bf16][N],
    Y: ph.tensor[ph.bf16][M, N],
    eps: ph.f32,
):
    r: ph.let = ph.ctx.block.x * ROWS
    x: ph.var = X[r:+ROWS, 0:+COLS]
    mean: ph.let = ph.rowsum(x) / ph.f32(N)
    variance: ph.let = ph.rowsum(centred(x, mean) * centred(x, mean)) / ph.f32(N)
    rstd: ph.let = ph.rsqrt(variance + eps)
    Y[r:+ROWS, 0:+COLS] = centred(x, mean) * rstd * W[0:+COLS] + B[0:+COLS]


def grid(meta: dict) -> int:
    return cdiv(meta["M"], meta["ROWS"])


def reference(x: np.ndarray, w: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    """Layer norm in float64 of the bf16 inputs."""
    x, w, b = (v.astype(np.float64) for v in (x, w, b))
    mean = x.mean(axis=1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=1, keepdims=True)
    return (x - mean) / np.sqrt(variance + eps) * w + b


def main() -> None:
    print(f"03 layer norm, on {where_kernels_run()}")
    rng = np.random.default_rng(3)
    m, n, eps = 52, 300, 1e-5  # 52 rows in tiles of 8, 300 columns in a tile of 512
    x = (2.0 + 3.0 * rng.standard_normal((m, n))).astype(bfloat16)
    w = rng.standard_normal(n).astype(bfloat16)
    b = rng.standard_normal(n).astype(bfloat16)
    want = reference(x, w, b, eps)

    for name, kernel in (("phobos syntax", phobos.compile(SOURCE).layer_norm), ("python spelling", layer_norm)):
        y = to_device(np.full((m, n), np.nan, bfloat16))
        kernel[grid](to_device(x), to_device(w), to_device(b), y, eps, COLS=next_power_of_2(n))
        # bf16 keeps 8 significant bits: the one rounding of the store is within 2^-9 of the value.
        check(f"layer_norm ({name})", y, want, atol=1e-3, rtol=2.0**-8)


if __name__ == "__main__":
    main()
