"""Phobos in two kernels, each checked against numpy.

    python examples/demo.py

`scale_rows` is the first kernel of the language guide, in Phobos's own syntax;
`row_softmax` is written in Python through `phobos.lang`. Where a CUDA device is
visible they run on it, with the arrays moved there through torch (or cupy); with no
CUDA device they run on the CPU interpreter, and Phobos says so once.
"""

# The kernel body below is read by Phobos, never run by Python: dims such as `M` and
# the autotune names `ROWS` and `COLS` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import sys
from typing import Any

import numpy as np

import phobos
import phobos.lang as ph
from phobos.runtime.backend import cuda_device

# Each CTA scales 32 rows of X by the matching entries of the column S.
SCALE_ROWS = """
@launch(256)
kernel scale_rows(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 32
  var x = X[r :+ 32, :]
  var s = S[r :+ 32, :]
  Y[r :+ 32, :] = x * s
}
"""


# Each CTA takes ROWS whole rows: a ROWS x COLS tile, COLS at least the row length.
# Where the tile overhangs the tensor its elements are absent, so softmax sees only
# the row's real entries and the store writes only them.
@ph.kernel
@ph.autotune(ROWS=[8], COLS=[128, 256, 512, 1024])
def row_softmax(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N]):
    r: ph.let = ph.ctx.block.x * ROWS
    x: ph.var = X[r:+ROWS, 0:+COLS]
    Y[r:+ROWS, 0:+COLS] = ph.softmax(x)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def next_power_of_2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def device_arrays() -> tuple[Any, Any]:
    """Functions moving a numpy array to where kernels run, and back."""
    if not cuda_device()[0]:
        return (lambda a: a), (lambda a: a)
    try:
        import torch

        return (lambda a: torch.from_numpy(a).cuda()), (lambda t: t.cpu().numpy())
    except ImportError:
        import cupy

        return cupy.asarray, cupy.asnumpy


def report(name: str, got: np.ndarray, want: np.ndarray, tolerance: float) -> bool:
    error = float(np.max(np.abs(got - want)))
    ok = error <= tolerance
    print(f"{name}: shape {got.shape}, max |phobos - numpy| = {error:.2e}  {'ok' if ok else 'WRONG'}")
    print(f"  phobos {np.array2string(got[0, :4], precision=5)}")
    print(f"  numpy  {np.array2string(want[0, :4], precision=5)}")
    return ok


def main() -> int:
    rng = np.random.default_rng(0)
    there, back = device_arrays()

    # 100 rows: not a multiple of the 32-row tile, so the last CTA's tile overhangs.
    scale_rows = phobos.compile(SCALE_ROWS).scale_rows
    x = rng.standard_normal((100, 64), dtype=np.float32)
    s = rng.standard_normal((100, 1), dtype=np.float32)
    y = there(np.zeros_like(x))
    scale_rows[cdiv(100, 32)](there(x), there(s), y)  # y is written in place
    ok = report("scale_rows", back(y), x * s, 1e-6)

    # 1000 columns in a 1024-wide tile, 100 rows in tiles of 8: both edges masked.
    x = rng.standard_normal((100, 1000), dtype=np.float32)
    y = there(np.zeros_like(x))

    def grid(meta: dict) -> int:  # one CTA per ROWS rows; meta holds M, N, ROWS, COLS, X, Y
        return cdiv(meta["M"], meta["ROWS"])

    row_softmax[grid](there(x), y, COLS=next_power_of_2(x.shape[1]))  # a tile as wide as a row
    e = np.exp(x - x.max(axis=1, keepdims=True))
    ok &= report("row_softmax", back(y), e / e.sum(axis=1, keepdims=True), 1e-6)

    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
