"""Every kernel and fn the language guide (seed 000) shows, as (name, source) pairs.

The guide's fragments (a parameter list, a kernel header, the unrolled loops, the
call of `scale_in_place`) are wrapped in the smallest kernel or fn that holds them;
the guide's own lines are kept as written, comments included.
"""

from __future__ import annotations

SEED_EXAMPLES: list[tuple[str, str]] = [
    (
        "scale_rows",
        """\
@launch(256)
kernel scale_rows(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 32
  var x = X[r :+ 32, :]
  var s = S[r :+ 32, :]
  Y[r :+ 32, :] = x * s
}
""",
    ),
    (
        "tensor_parameters",
        """\
kernel tensor_parameters(
A: tensor<f32>[M, K],       // two symbolic dimensions
B: tensor<i8>[N, 4096],     // a literal dimension
G: tensor<f32>[N, 1]       // a column
) {
}
""",
    ),
    (
        "gemm_signature",
        # One line in the guide; split here only to keep this file's lines short.
        "kernel gemm(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N], "
        "alpha: f32, beta: f32) {\n}\n",
    ),
    (
        "runtime_dimension_loop",
        """\
@autotune(TILE_K in [4, 32])
kernel runtime_dimension_loop(A: tensor<f32>[M, TILE_K], B: tensor<f32>[M, K]) {
  for kt in range(0, K, TILE_K) {
  }
}
""",
    ),
    (
        "partial_sums",
        """\
@launch(256)
kernel partial_sums(X: tensor<f32>[1, N], O: tensor<f32>[1, 256]) {
  var acc: f32 = 0.0
  for<unroll 4> i in range(ctx.thread, N, 256) {
    acc += X[0, i]
  }
  O[0, ctx.thread] = acc
}
""",
    ),
    (
        "unrolled_expansion",
        # `body(i)` stands for the loop's body; a fn is checked whether or not it is
        # called, so the body is a statement fn here, one that does nothing.
        """\
fn body(i) {
}
fn unrolled_expansion(lo, mid, hi, step) {
for i in range(lo, mid, 4 * step) {   // whole turns
  body(i)
  body(i + step)
  body(i + 2 * step)
  body(i + 3 * step)
}
for i in range(mid, hi, step) {       // the rest
  body(i)
}
}
""",
    ),
    (
        "silu_act",
        """\
fn silu(x) = x / (1.0 + exp(-x))

@autotune(TILE in [1024])
kernel act(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  let base = ctx.block.x * TILE
  var x = X[base :+ TILE]
  Y[base :+ TILE] = silu(x)
}
""",
    ),
    (
        "scale_in_place",
        """\
fn scale_in_place(t, s) {
  t = t * s
}
// ...
@launch(32)
kernel halve(X: tensor<f32>[32, 32]) {
  var acc = X[:, :]
  scale_in_place(acc, 0.5)
  X[:, :] = acc
}
""",
    ),
]
