"""`iota`: tiles of element indices, in both spellings, on the interpreter, and as the
GPU back ends write them (the corpus's causal kernels run them on every back end)."""

from __future__ import annotations

import numpy as np
import pytest

import phobos
import phobos.lang as ph
from phobos import PhobosError

# ruff: noqa: F821 - the Python-spelled kernels' dims are names Python never binds

SOURCE = """
@launch(64)
kernel ramps(A: tensor<i64>[5, 7], B: tensor<i64>[5, 7], C: tensor<i64>[2, 3, 4], D: tensor<i64>[N]) {
  A[:, :] = iota(5, 7)
  B[:, :] = iota<axis 0>(5, 7) * 10 + iota<axis -1>(1, 7)
  C[:, :, :] = iota<axis 1>(2, 3, 4)
  let i = ctx.block.x * 16
  D[i :+ 16] = iota(16) + i
}
"""


@ph.kernel(interpret=True)
@ph.launch(64)
def ramps(A: ph.tensor[ph.i64][5, 7], B: ph.tensor[ph.i64][5, 7], C: ph.tensor[ph.i64][2, 3, 4],
          D: ph.tensor[ph.i64][N]):
    A[:, :] = ph.iota(5, 7)
    B[:, :] = ph.iota(5, 7, axis=0) * 10 + ph.iota(1, 7, axis=-1)
    C[:, :, :] = ph.iota(2, 3, 4, axis=1)
    i: ph.let = ph.ctx.block.x * 16
    D[i:+16] = ph.iota(16) + i


@pytest.mark.parametrize("spelling", ["phobos", "python"])
def test_indices_along_each_axis(spelling: str) -> None:
    kernel = phobos.compile(SOURCE, interpret=True).ramps if spelling == "phobos" else ramps
    a, b, c, d = (np.full(s, -1, np.int64) for s in ((5, 7), (5, 7), (2, 3, 4), (37,)))
    kernel[3](a, b, c, d)
    assert (a == np.arange(7)[None, :]).all()
    assert (b == np.arange(5)[:, None] * 10 + np.arange(7)[None, :]).all()
    assert (c == np.arange(3)[None, :, None]).all()
    assert (d == np.arange(37)).all()


def test_the_type_is_an_index_tile() -> None:
    ir = phobos.compile(SOURCE).ramps.ir
    assert "iota<axis 0>(5, 7)" in ir and "iota<axis 1>(2, 3, 4)" in ir and "iota<axis 1>(1, 7)" in ir


@pytest.mark.parametrize(("call", "expected"), [
    ("iota()", "`iota` takes the extents of its tile"),
    ("iota(0)", "an extent of iota must be at least 1, not 0"),
    ("iota(n)", "an extent of iota must be an integer known at compile time"),
    ("iota<axis 2>(4, 4)", "axis 2 is out of range for a 2-d tile"),
    ("iota<over ctx.lane>(4)", "`iota` takes only axis, not `over`"),
])
def test_refusals(call: str, expected: str) -> None:
    text = f"kernel k(X: tensor<i64>[N], n: i64) {{\n  let t = {call}\n  X[0 :+ 4] = X[0 :+ 4]\n}}"
    with pytest.raises(PhobosError) as info:
        phobos.compile(text, interpret=True).k[1](np.zeros(4, np.int64), 4)
    assert expected in str(info.value)


def test_a_triton_arange_points_at_iota() -> None:
    def uses_arange(X: ph.tensor[ph.i64][N]):
        X[0:+16] = ph.arange(0, 16)  # type: ignore[attr-defined]

    with pytest.raises(PhobosError) as info:
        ph.kernel(uses_arange)
    assert "phobos.lang has no `arange`; a tile of element indices is `ph.iota(n)`" in str(info.value)


def test_the_gpu_back_ends_write_it() -> None:
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate
    from phobos.backends.tileir.lower import lower_kernel
    from phobos.backends.tileir.printer import module_text

    variant = phobos.compile(SOURCE).ramps.variants[0]
    gen = generate(variant)
    assert "(i64)(i0)" in gen.source and "(i64)(i1)" in gen.source  # each element its own position
    assert build(gen, variant, "sm_90")
    text = module_text(lower_kernel(variant))
    assert "iota" in text
