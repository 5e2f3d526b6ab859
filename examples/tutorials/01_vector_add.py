"""Tutorial 1: vector add, C = A + B.

    .venv/bin/python examples/tutorials/01_vector_add.py

A Phobos kernel is run by a grid of CTAs (blocks of threads). It works on whole
*tiles*: `A[i :+ BLOCK]` is a *window*, the BLOCK elements of A from position i on,
and the statement `C[i :+ BLOCK] = A[i :+ BLOCK] + B[i :+ BLOCK]` adds two windows and
stores the sum, every thread of the CTA taking part. Each CTA finds its window from
`ctx.block.x`, its index in the grid.

N need not be a multiple of BLOCK. The last CTA's window runs past the end of the
tensors; the elements out there are *absent*: the load reads nothing there, the sum
is absent there too, and the store writes only the present elements. No mask is
written by hand.

`@autotune(BLOCK in [1024, 256])` compiles the kernel once for each BLOCK. The grid
is a function of the launch's values, so it follows the BLOCK chosen: the interpreter
takes the first listed, the GPU times both at the first launch and keeps the faster.
`@launch(256)` gives each CTA 256 threads.

The same kernel is written twice: in Phobos's own syntax, compiled from a string by
`phobos.compile`, and in Python through `phobos.lang`, where `A[i:+BLOCK]` is the
window and `i: ph.let = ...` declares a name.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: the dim `N` and the
# autotune name `BLOCK` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import numpy as np
from common import cdiv, check, to_device, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
@autotune(BLOCK in [1024, 256])
@launch(256)
kernel vector_add(A: tensor<f32>[N], B: tensor<f32>[N], C: tensor<f32>[N]) {
  let i = ctx.block.x * BLOCK
  C[i :+ BLOCK] = A[i :+ BLOCK] + B[i :+ BLOCK]
}
"""


@ph.kernel
@ph.autotune(BLOCK=[1024, 256])
@ph.launch(256)
def vector_add(A: ph.tensor[ph.f32][N], B: ph.tensor[ph.f32][N], C: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.block.x * BLOCK
    C[i:+BLOCK] = A[i:+BLOCK] + B[i:+BLOCK]


def grid(meta: dict) -> int:
    """One CTA per BLOCK elements, rounded up so the tail gets a CTA; `meta` holds N and BLOCK."""
    return cdiv(meta["N"], meta["BLOCK"])


def main() -> None:
    print(f"01 vector add, on {where_kernels_run()}")
    rng = np.random.default_rng(1)
    n = 10_000  # 9 whole windows of 1024, and a tenth that overhangs the end
    a = rng.standard_normal(n, dtype=np.float32)
    b = rng.standard_normal(n, dtype=np.float32)
    want = a.astype(np.float64) + b  # an f32 sum is the f64 sum rounded once

    for name, kernel in (("phobos syntax", phobos.compile(SOURCE).vector_add), ("python spelling", vector_add)):
        c = to_device(np.full(n, np.nan, np.float32))
        kernel[grid](to_device(a), to_device(b), c)  # c is written in place
        check(f"vector_add ({name})", c, want, atol=0.0, rtol=2.0**-24)


if __name__ == "__main__":
    main()
