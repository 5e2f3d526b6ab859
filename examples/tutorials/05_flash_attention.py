"""Tutorial 5: flash attention, OUT = softmax(Q K^T * scale) V, one head per grid row.

    .venv/bin/python examples/tutorials/05_flash_attention.py

Each CTA takes BM query rows of one head and walks the keys BN at a time. The whole
S x S score matrix is never formed: the kernel keeps, for each query row, the running
maximum `row_max` of its scores, the running sum `row_sum` of their exponentials,
and the running output `acc`, all [BM, ...] tiles. When a new block of keys raises a
row's maximum, what was summed so far is rescaled by `alpha = exp(row_max - new_max)`
(the "online softmax"); after the last block, `acc / row_sum` is the output. This is tutorial
2's softmax, with its row reductions `rowmax` and `rowsum`, spread over a loop, and
tutorial 4's `dot`, twice a turn.

S = 200 is not a multiple of 64. In the last turn the keys past S are absent, so their
scores are absent: `rowmax` and `rowsum` skip them and the second `dot` sums only the
present keys. The query rows past S are absent too, and the store leaves them out.

Q, K and V are bf16 and `@tensorcore` demands tensor cores for both products (the
scores' exponentials are rounded to bf16 for the second one, as flash attention
does); the statistics and the output stay f32. D, the head size, is an `@autotune`
name used as a dim: the launch picks the variant whose D matches the tensors.
The grid is 2-d: `ctx.block.x` picks the block of queries, `ctx.block.y` the head.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: dims such as `S`
# and the autotune names `BM`, `BN` and `D` are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import numpy as np
from common import bfloat16, cdiv, check, to_device, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
@tensorcore
@autotune(BM in [64], BN in [64], D in [64, 128])
@launch(128)
kernel flash_attention(Q: tensor<bf16>[Z, S, D], K: tensor<bf16>[Z, S, D], V: tensor<bf16>[Z, S, D],
                       OUT: tensor<f32>[Z, S, D], scale: f32) {
  let z = ctx.block.y
  let r = ctx.block.x * BM
  let q = Q[z, r :+ BM, :]
  var row_max: tile<f32>[BM, 1] = -inf
  var row_sum: tile<f32>[BM, 1] = 0.0
  var acc: tile<f32>[BM, D] = 0.0
  for j in range(0, S, BN) {
    let s = dot(q, transpose(K[z, j :+ BN, :])) * scale
    let new_max = max(row_max, rowmax(s))
    let p = exp(s - new_max)
    let alpha = exp(row_max - new_max)
    row_sum = row_sum * alpha + rowsum(p)
    acc = acc * alpha + dot(bf16(p), V[z, j :+ BN, :])
    row_max = new_max
  }
  OUT[z, r :+ BM, :] = acc / row_sum
}
"""


@ph.kernel
@ph.tensorcore
@ph.autotune(BM=[64], BN=[64], D=[64, 128])
@ph.launch(128)
def flash_attention(
    Q: ph.tensor[ph.bf16][Z, S, D],
    K: ph.tensor[ph.bf16][Z, S, D],
    V: ph.tensor[ph.bf16][Z, S, D],
    OUT: ph.tensor[ph.f32][Z, S, D],
    scale: ph.f32,
):
    z: ph.let = ph.ctx.block.y
    r: ph.let = ph.ctx.block.x * BM
    q: ph.let = Q[z, r:+BM, :]
    row_max: ph.var[ph.tile[ph.f32][BM, 1]] = -ph.inf
    row_sum: ph.var[ph.tile[ph.f32][BM, 1]] = 0.0
    acc: ph.var[ph.tile[ph.f32][BM, D]] = 0.0
    for j in range(0, S, BN):
        s: ph.let = ph.dot(q, ph.transpose(K[z, j:+BN, :])) * scale
        new_max: ph.let = ph.max(row_max, ph.rowmax(s))
        p: ph.let = ph.exp(s - new_max)
        alpha: ph.let = ph.exp(row_max - new_max)
        row_sum = row_sum * alpha + ph.rowsum(p)
        acc = acc * alpha + ph.dot(ph.bf16(p), V[z, j:+BN, :])
        row_max = new_max
    OUT[z, r:+BM, :] = acc / row_sum


def grid(meta: dict) -> tuple[int, int]:
    """(blocks of query rows, heads)."""
    return cdiv(meta["S"], meta["BM"]), meta["Z"]


def reference(q: np.ndarray, k: np.ndarray, v: np.ndarray, scale: float) -> np.ndarray:
    """Attention in float64 of the bf16 inputs, the whole score matrix at once."""
    s = np.einsum("zqd,zkd->zqk", q.astype(np.float64), k.astype(np.float64)) * scale
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return (p / p.sum(axis=-1, keepdims=True)) @ v.astype(np.float64)


def main() -> None:
    print(f"05 flash attention, on {where_kernels_run()}")
    rng = np.random.default_rng(5)
    batch, heads, s, d = 2, 2, 200, 64  # 200 queries and keys: three whole blocks of 64 and a partial one
    q, k, v = (rng.standard_normal((batch * heads, s, d)).astype(bfloat16) for _ in range(3))
    scale = 1.0 / np.sqrt(d)
    want = reference(q, k, v, scale)

    native = phobos.compile(SOURCE).flash_attention
    for name, kernel in (("phobos syntax", native), ("python spelling", flash_attention)):
        o = to_device(np.full((batch * heads, s, d), np.nan, np.float32))
        kernel[grid](to_device(q), to_device(k), to_device(v), o, scale)
        # The probabilities are rounded to bf16 (8 bits) for the second product.
        check(f"flash_attention ({name})", o, want, atol=4e-3)


if __name__ == "__main__":
    main()
