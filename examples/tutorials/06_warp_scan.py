"""Tutorial 6: a prefix sum built from per-thread code and warp shuffles, Y[i] = X[0] + ... + X[i].

    .venv/bin/python examples/tutorials/06_warp_scan.py

The other tutorials work on whole tiles. Phobos also lets each thread hold its own
scalars: here thread t of CTA b handles element i = 256 b + t, reading `X[i]` (0 past
the end of X) into a per-thread `var v`. Threads come in warps of 32 *lanes*
(`ctx.lane`, `ctx.warp`), and a *shuffle* reads a value from another lane of the same
warp: `shfl<up d>(v)` is v of the lane d below.

`warp_scan` is the classic scan of a warp in five steps: each lane adds the value d
lanes below it, for d = 1, 2, 4, 8, 16, after which lane l holds the sum of lanes 0 to
l. It is a statement function: the name passed in, v, is updated in place.

To scan the whole CTA, the last lane of each warp writes its warp's total into a
small shared tile, `barrier()` makes those writes visible, and every warp scans the 8
totals with the same shuffles; warp w then adds the sum of the warps before it,
read with `shfl<idx w - 1>`. The CTA's own total goes to TOTALS.

A whole-array scan is then three launches: scan each CTA's 256 elements; scan the
CTAs' totals with the same kernel (one CTA holds them all here); add to each CTA's
elements the total of the CTAs before it. That last kernel is a tile statement again,
`Y[i :+ 256] += OFFSETS[ctx.block.x - 1]`: a scalar read outside a tensor is 0, so
CTA 0 adds nothing, and the window past the end of Y stores nothing.

The data is i32, so the sums are exact and checked exactly.
"""

# The Python-spelled kernels are read by Phobos, never run by Python: dims such as `N`
# are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

from typing import Any

import numpy as np
from common import cdiv, check, to_device, to_host, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
// One step of the scan: each lane adds v of the lane d below it (lanes below d add 0).
fn scan_step(v, d) = v + where(ctx.lane >= d, shfl<up d>(v), 0)

// After these five steps, lane l holds the sum of v over lanes 0 to l of its warp.
fn warp_scan(v) {
  v = scan_step(v, 1)
  v = scan_step(v, 2)
  v = scan_step(v, 4)
  v = scan_step(v, 8)
  v = scan_step(v, 16)
}

// An inclusive scan of each CTA's 256 elements (8 warps); the CTA's total to TOTALS.
@launch(256)
kernel block_scan(X: tensor<i32>[N], Y: tensor<i32>[N], TOTALS: tensor<i32>[B]) {
  let i = ctx.block.x * 256 + ctx.thread
  var v = X[i]
  warp_scan(v)
  var warp_totals: tile<i32>[8]
  if ctx.lane == 31 {
    warp_totals[ctx.warp] = v
  }
  barrier()
  var t = warp_totals[ctx.lane]
  warp_scan(t)
  v += where(ctx.warp > 0, shfl<idx ctx.warp - 1>(t), 0)
  Y[i] = v
  if ctx.thread == 255 {
    TOTALS[ctx.block.x] = v
  }
}

// Adds to CTA b's elements the sum of every CTA before it, OFFSETS[b - 1].
@launch(256)
kernel add_offsets(Y: tensor<i32>[N], OFFSETS: tensor<i32>[B]) {
  Y[ctx.block.x * 256 :+ 256] += OFFSETS[ctx.block.x - 1]
}
"""


@ph.fn
def scan_step(v, d):
    return v + ph.where(ph.ctx.lane >= d, ph.shfl(v, up=d), 0)


@ph.fn
def warp_scan(v):
    v = scan_step(v, 1)
    v = scan_step(v, 2)
    v = scan_step(v, 4)
    v = scan_step(v, 8)
    v = scan_step(v, 16)


@ph.kernel
@ph.launch(256)
def block_scan(X: ph.tensor[ph.i32][N], Y: ph.tensor[ph.i32][N], TOTALS: ph.tensor[ph.i32][B]):
    i: ph.let = ph.ctx.block.x * 256 + ph.ctx.thread
    v: ph.var = X[i]
    warp_scan(v)
    warp_totals: ph.var[ph.tile[ph.i32][8]]
    if ph.ctx.lane == 31:
        warp_totals[ph.ctx.warp] = v
    ph.barrier()
    t: ph.var = warp_totals[ph.ctx.lane]
    warp_scan(t)
    v += ph.where(ph.ctx.warp > 0, ph.shfl(t, idx=ph.ctx.warp - 1), 0)
    Y[i] = v
    if ph.ctx.thread == 255:
        TOTALS[ph.ctx.block.x] = v


@ph.kernel
@ph.launch(256)
def add_offsets(Y: ph.tensor[ph.i32][N], OFFSETS: ph.tensor[ph.i32][B]):
    Y[ph.ctx.block.x * 256:+256] += OFFSETS[ph.ctx.block.x - 1]


def prefix_sum(block_scan: phobos.Kernel, add_offsets: phobos.Kernel, x: np.ndarray) -> tuple[np.ndarray, Any]:
    """Y = the inclusive scan of x by the three launches; also the per-CTA scan, as the first launch left it."""
    blocks = cdiv(x.size, 256)
    assert blocks <= 256, "the CTAs' totals are scanned by one CTA"
    y = to_device(np.zeros_like(x))
    totals = to_device(np.zeros(blocks, np.int32))
    block_scan[blocks](to_device(x), y, totals)
    per_block = to_host(y).copy()
    offsets = to_device(np.zeros(blocks, np.int32))
    block_scan[1](totals, offsets, to_device(np.zeros(1, np.int32)))
    add_offsets[blocks](y, offsets)
    return per_block, y


def main() -> None:
    print(f"06 warp scan, on {where_kernels_run()}")
    rng = np.random.default_rng(6)
    n = 5_000  # 19 whole CTAs of 256 and a partial twentieth
    x = rng.integers(-50, 51, n, dtype=np.int32)
    padded = np.zeros(cdiv(n, 256) * 256, np.int64)
    padded[:n] = x
    want_blocks = np.cumsum(padded.reshape(-1, 256), axis=1).reshape(-1)[:n]

    native = phobos.compile(SOURCE)
    for name, kernels in (
        ("phobos syntax", (native.block_scan, native.add_offsets)),
        ("python spelling", (block_scan, add_offsets)),
    ):
        per_block, y = prefix_sum(*kernels, x)
        check(f"block_scan ({name})", per_block, want_blocks, atol=0.0)
        check(f"prefix_sum ({name})", y, np.cumsum(x, dtype=np.int64), atol=0.0)


if __name__ == "__main__":
    main()
