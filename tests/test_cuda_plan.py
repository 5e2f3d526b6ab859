"""The CUDA back end's kernel plan (backends/cuda/plan/kernel.py): made before any C++,
and what the writer writes from."""

from __future__ import annotations

import re

import phobos
from phobos.backends.cuda.plan.kernel import Staging, plan_kernel
from phobos.backends.cuda.write.kernel import written
from phobos.ir.specialize import usual

# Two tiles a transpose keeps in shared memory (6 x 5 f32 = 120 bytes, padded to 128),
# one a row layout keeps in registers, and one tile a masked load leaves partly absent.
SOURCE = """kernel k(X: tensor<f32>[N], D: tensor<f32>[5, 6], E: tensor<f32>[3, 7], F: tensor<f32>[64]) {
  var a: tile<f32>[6, 5] = 1.0
  var b: tile<f32>[7, 3] = 2.0
  var r: tile<f32>[64] = 0.0
  var x: tile<f32>[64] = X[0 :+ 64]
  D[:, :] = transpose(a)
  E[:, :] = transpose(b)
  r = r + 1.0
  F[:] = r + x
}
"""


def _variant() -> phobos.Kernel:
    return phobos.compile(SOURCE, path="k.phobos").kernels["k"].variants[0]


def test_the_plan_places_each_tile_before_the_code_is_written() -> None:
    variant = _variant()
    plan = plan_kernel(variant, usual(variant))
    names = {sym.name: sym for sym in plan.tiles}
    assert list(names) == ["a", "b", "r", "x"]  # in the order of their declarations
    assert plan.shared == {names["a"]: 0, names["b"]: 128}  # 16-byte aligned, one after another
    assert names["r"] in plan.registers and names["r"] not in plan.shared
    assert plan.tiles_bytes == 128 + 96
    assert names["a"] in plan.full and names["r"] in plan.full
    assert names["x"] not in plan.full  # N may end inside the window
    assert plan.staging == Staging()


def test_the_writer_writes_what_the_plan_says() -> None:
    variant = _variant()
    gen, writer = written(variant, usual(variant))
    assert writer.plan.shared == plan_kernel(variant, usual(variant)).shared
    offsets = {int(m) for m in re.findall(r"\(f32\*\)\(smem \+ (\d+)\);  // tile<f32>\[[67], [53]\]", gen.source)}
    assert offsets == {0, 128}
    assert gen.shared_bytes >= writer.plan.tiles_bytes
