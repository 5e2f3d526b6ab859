"""Where the CUDA back end puts `__syncthreads()` (backends/cuda/plan/barriers.py)."""

from __future__ import annotations

import pytest

import phobos
from phobos.backends.cuda.write.kernel import generate

TEMPLATE = """
@launch(128)
kernel k(A: tensor<f32>[M, K], B: tensor<f32>[K, 16], C: tensor<f32>[M, 16], S: tensor<i32>[R, 128]) {
  for r in range(0, 4) {
    let row = ctx.block.x * 4 + r
    var n: i32 = 0
    INNER
    S[row, ctx.thread] = n
    var acc: tile<f32>[16, 16] = 0.0
    for kk in range(0, K, 32) {
      acc += dot(A[row * 16 :+ 16, kk :+ 32], B[kk :+ 32, :])
    }
    C[row * 16 :+ 16, :] = acc
  }
}
"""
INNER = {
    "none": "",
    "while_break": "while n < 40 { n += 1\n if n > ctx.thread % 11 { break } }",
    "for_continue": "for j in range(0, 9) { if j > ctx.thread % 5 { continue }\n n += 1 }",
    "varying_for_break": "for j in range(ctx.thread, 64) { n += 1\n if j % 7 == 3 { break } }",
}


def barriers(inner: str) -> int:
    kernel = phobos.compile(TEMPLATE.replace("INNER", inner)).k
    return generate(kernel.variants[0]).source.count("__syncthreads();")


@pytest.mark.parametrize("inner", [k for k in INNER if k != "none"])
def test_a_jump_that_leaves_an_inner_loop_keeps_the_outer_loops_barriers(inner: str):
    """A break or continue taken by only some threads leaves only its own loop: the
    threads meet again after it, so the tile statements after it in the loop around it
    are ordered by the barriers they would have without it."""
    assert barriers(INNER[inner]) == barriers(INNER["none"])
    assert barriers(INNER["none"]) > 2  # cta_reduce's own two, and the GEMM loop's


def test_a_return_in_an_inner_loop_is_refused_before_tile_statements():
    """A return taken by some threads makes the rest of the kernel varying, so a tile
    statement after it is refused by the checker, not left unordered."""
    inner = "while n < 40 { n += 1\n if n > ctx.thread % 11 { return } }"
    with pytest.raises(phobos.PhobosError, match="tile statement"):
        phobos.compile(TEMPLATE.replace("INNER", inner))
