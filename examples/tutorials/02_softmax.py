"""Tutorial 2: softmax of each row, y = exp(x - max(x)) / sum(exp(x - max(x))).

    .venv/bin/python examples/tutorials/02_softmax.py

Each CTA takes ROWS whole rows as one 2-d tile, `X[r :+ ROWS, 0 :+ COLS]`, with COLS
at least the row length. The row statistics are *row reductions*: `rowmax(x)` and
`rowsum(e)` turn a [ROWS, COLS] tile into a [ROWS, 1] column, and `x - m` broadcasts
that column back across the row, as numpy does.

The tile overhangs the tensor on two edges: the columns past N (1000 columns in a
1024-wide tile) and, in the last CTA, the rows past M. Those elements are absent, and
a reduction skips absent elements, so `rowmax` and `rowsum` see exactly the row's
real entries; the store writes only the present ones. (The built-in `softmax(x)`
computes the same thing in one call; it is written out here to show the pieces.)

COLS is an `@autotune` name that the launch pins: `kernel[grid](x, y, COLS=1024)`
picks the variant whose tile is as wide as a row, rounded up to a power of two.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: dims such as `M`
# and the autotune names `ROWS` and `COLS` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import numpy as np
from common import cdiv, check, next_power_of_2, to_device, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
@autotune(ROWS in [8], COLS in [128, 256, 512, 1024, 2048])
@launch(256)
kernel softmax_rows(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * ROWS
  var x = X[r :+ ROWS, 0 :+ COLS]
  let e = exp(x - rowmax(x))
  Y[r :+ ROWS, 0 :+ COLS] = e / rowsum(e)
}
"""


@ph.kernel
@ph.autotune(ROWS=[8], COLS=[128, 256, 512, 1024, 2048])
@ph.launch(256)
def softmax_rows(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N]):
    r: ph.let = ph.ctx.block.x * ROWS
    x: ph.var = X[r:+ROWS, 0:+COLS]
    e: ph.let = ph.exp(x - ph.rowmax(x))
    Y[r:+ROWS, 0:+COLS] = e / ph.rowsum(e)


def grid(meta: dict) -> int:
    return cdiv(meta["M"], meta["ROWS"])


def main() -> None:
    print(f"02 softmax, on {where_kernels_run()}")
    rng = np.random.default_rng(2)
    m, n = 100, 1000  # 100 rows in tiles of 8, 1000 columns in a tile of 1024
    x = (3.0 * rng.standard_normal((m, n))).astype(np.float32)
    e = np.exp(x - x.max(axis=1, keepdims=True).astype(np.float64))
    want = e / e.sum(axis=1, keepdims=True)

    for name, kernel in (("phobos syntax", phobos.compile(SOURCE).softmax_rows), ("python spelling", softmax_rows)):
        y = to_device(np.full((m, n), np.nan, np.float32))
        kernel[grid](to_device(x), y, COLS=next_power_of_2(n))
        check(f"softmax_rows ({name})", y, want, atol=1e-9, rtol=1e-5)


if __name__ == "__main__":
    main()
