"""Tutorial 8: seeing inside a kernel with print and assert, and masks made of indices.

    .venv/bin/python examples/tutorials/08_debugging.py

`print("text", value, ...)` shows its parts on one line headed by the block it ran
in: once per CTA where every value is the same in all its threads (a tile, a sum, a
scalar parameter), once per thread otherwise. `assert(cond, "message")` checks a bool
or a tile of bool. The interpreter runs both always, and a failed assert is an error
at its line naming the block and the elements (or threads) where it failed. On the GPU
they are compiled in only with `debug=True` on the kernel (or PHOBOS_DEBUG=1), and
cost nothing otherwise. In the Python spelling they are Python's own `print(...)` and
`assert cond, "message"`.

The kernel below keeps the first `keep` columns of each row (a mask built from
`iota`, a tile of indices) and asserts that every value it stores is finite.
"""

# The Python-spelled kernel is read by Phobos, never run by Python: the dims `M` and `N`
# are names Python never binds.
# ruff: noqa: F821

from __future__ import annotations

import contextlib
import io

import numpy as np
from common import cdiv, check, to_device, to_host, where_kernels_run

import phobos
import phobos.lang as ph

SOURCE = """
@launch(128)
kernel leading_columns(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], keep: i64) {
  let r = ctx.block.x * 8
  let x = X[r :+ 8, 0 :+ 64]
  let kept = where(iota<axis 1>(8, 64) < keep, x, 0.0)
  assert(kept == kept, "a value is NaN")
  if ctx.block.x == 0 {
    print("block 0 keeps", keep, "columns; its first row sums to", sum(kept[0 :+ 1, :]))
  }
  Y[r :+ 8, 0 :+ 64] = kept
}
"""


@ph.kernel
@ph.launch(128)
def leading_columns(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], keep: ph.i64):
    r: ph.let = ph.ctx.block.x * 8
    x: ph.let = X[r:+8, 0:+64]
    kept: ph.let = ph.where(ph.iota(8, 64, axis=1) < keep, x, 0.0)
    assert kept == kept, "a value is NaN"
    if ph.ctx.block.x == 0:
        print("block 0 keeps", keep, "columns; its first row sums to", ph.sum(kept[0:+1, :]))
    Y[r:+8, 0:+64] = kept


def main() -> None:
    print(f"08 debugging, on {where_kernels_run()}")
    rng = np.random.default_rng(8)
    m, n, keep = 20, 50, 7
    x = rng.standard_normal((m, n)).astype(np.float32)
    want = np.where(np.arange(n)[None, :] < keep, x, 0.0).astype(np.float64)
    for name, kernel in (("phobos syntax", phobos.compile(SOURCE).leading_columns),
                         ("python spelling", leading_columns)):
        y = to_device(np.full((m, n), np.nan, np.float32))
        kernel[cdiv(m, 8)](to_device(x), y, keep)
        check(f"leading_columns ({name})", y, want, atol=0.0)
        bad = x.copy()
        bad[13, 2] = np.nan  # in block 1, row 5 of its tile, a kept column
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                kernel[cdiv(m, 8)](to_device(bad), to_device(np.zeros((m, n), np.float32)), keep)
        except phobos.PhobosError as err:
            said = str(err).splitlines()[0]
            assert "block (1, 0, 0)" in said and "[5, 2]" in said and "a value is NaN" in said, said
            print(f"the assert caught the NaN ({name}): {said.split('error: ', 1)[1]}")
        else:
            assert where_kernels_run() != "the CPU interpreter", "the interpreter runs every assert"
            print(f"on the GPU the assert is compiled in only with debug=True ({name})")
    print(f"(the result's first row: {to_host(y)[0, :keep].round(3)})")


if __name__ == "__main__":
    main()
