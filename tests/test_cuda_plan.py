"""The CUDA back end's kernel plan (backends/cuda/plan/kernel.py): made before any C++,
and what the writer writes from."""

from __future__ import annotations

import re

import pytest

import phobos
from phobos.backends.cuda.plan.kernel import Staging, plan_kernel
from phobos.backends.cuda.write.kernel import written
from phobos.ir import nodes as ir
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


# A loop whose windows' places a turn's start knows (the loop's variable, a `let` of the
# body's own level), and one whose window moves with a `var` the body changes.
TURNS = """kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, 8]) {
  let r = ctx.block.x * 8
  var acc: tile<f32>[8, 8] = 0.0
  for c in range(0, N, 8) {
    let x = X[r :+ 8, c :+ 8]
    acc = acc + x
  }
  var at = 0
  for c in range(0, N, 8) {
    acc = acc + X[r :+ 8, at :+ 8]
    at = at + 8
  }
  Y[r :+ 8, :] = acc
}
"""


def test_a_loop_is_written_whole_where_a_turns_start_can_test_its_windows() -> None:
    variant = phobos.compile(TURNS, path="k.phobos").kernels["k"].variants[0]
    plan = plan_kernel(variant, usual(variant))
    first, second = (s for s in variant.body if isinstance(s, ir.For))
    turns = plan.whole_turns[id(first)]
    assert [name for name, _ in turns.windows] == ["X"] and [s.name for s in turns.tiles] == ["acc"]
    assert [let.sym.name for let in turns.lets] == ["x.start0", "x.start1"]
    assert id(second) not in plan.whole_turns  # `at` is assigned in the body
    source = written(variant, usual(variant))[0].source
    assert source.count("// every window inside its tensor, every tile whole") == 1


def test_with_the_setting_off_each_turn_is_written_once(monkeypatch: pytest.MonkeyPatch) -> None:
    from phobos.backends.cuda.plan.presence import ENV_WHOLE_TURNS
    from phobos.backends.cuda.runtime.launch import generated

    variant = phobos.compile(TURNS, path="k.phobos").kernels["k"].variants[0]
    monkeypatch.delenv(ENV_WHOLE_TURNS, raising=False)
    assert "every window inside its tensor" in generated(variant).source
    monkeypatch.setenv(ENV_WHOLE_TURNS, "0")
    assert plan_kernel(variant, usual(variant)).whole_turns == {}
    assert "every window inside its tensor" not in generated(variant).source  # a launch writes the setting's code


# Products summed into their accumulator's registers, and sums that may not be: a bf16
# product after `acc * 0.5` (tensor cores); an x that reads memory; a product that reads
# acc itself; and, in a kernel of its own, a blocked f32 product added to its accumulator.
SUMS = """kernel k(A: tensor<bf16>[M, K], B: tensor<bf16>[K, 64], C: tensor<f32>[M, 64], D: tensor<f32>[M, 64]) {
  let m0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 64) {
    acc = acc * 0.5 + dot(A[m0 :+ 64, k :+ 64], B[k :+ 64, :])
    acc = C[m0 :+ 64, :] + dot(A[m0 :+ 64, k :+ 64], B[k :+ 64, :])
    acc = acc + dot(bf16(acc), B[k :+ 64, :])
  }
  D[m0 :+ 64, :] = acc
}
"""
BLOCKED = """@launch(256)
kernel k(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N]) {
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 32) {
    acc += dot(A[ctx.block.y * 128 :+ 128, k :+ 32], B[k :+ 32, ctx.block.x * 128 :+ 128])
  }
  C[ctx.block.y * 128 :+ 128, ctx.block.x * 128 :+ 128] = acc
}
"""


def _sums(source: str) -> tuple[list[ir.Assign], dict]:
    variant = phobos.compile(source, path="k.phobos").kernels["k"].variants[0]
    plan = plan_kernel(variant, usual(variant))
    assert written(variant, usual(variant))[1].plan.summed.keys() == plan.summed.keys()
    loop = next(s for s in variant.body if isinstance(s, ir.For))
    return [s for s in loop.body if isinstance(s, ir.Assign)], plan.summed


def test_the_plan_says_which_products_are_summed_into_their_accumulator() -> None:
    (scaled, from_memory, reads_acc), summed = _sums(SUMS)
    assert summed[id(scaled.value)].into.name == "acc"
    assert summed[id(scaled.value)].addend is scaled.value.left  # acc * 0.5, written to acc first
    assert id(from_memory.value) not in summed and id(reads_acc.value) not in summed
    (blocked,), summed = _sums(BLOCKED)
    assert summed[id(blocked.value)].into.name == "acc" and summed[id(blocked.value)].addend is None
    assert summed[id(blocked.value)].product is blocked.value.right


@pytest.mark.parametrize(("body", "kept"), [
    ("  let mask = iota<axis 1>(1, 64) + n < 40\n  O[:, :] = where(mask, 1.0, 0.0)\n", False),
    # a var the tile reads may change while the tile is in scope
    ("  var v = n\n  let mask = iota<axis 1>(1, 64) < v\n  v = v + 1\n  O[:, :] = where(mask, 1.0, 0.0)\n", True),
    # read otherwise than element by element: a reduction of it
    ("  let idx = iota<axis 1>(1, 64) * 2\n  O[:, 0 :+ 1] = f32(sum<axis 1>(idx))\n", True),
    # a tile read from memory is no index tile
    ("  let mask = O[:, :] > 0.0\n  O[:, :] = where(mask, 1.0, 0.0)\n", True),
])
def test_an_index_tile_is_no_tile_of_the_plan_unless_it_must_be(body: str, kept: bool) -> None:
    """plan/index_tiles.py: a `let` of iota and unchanging scalars is recomputed at each
    elementwise read (no tile in the plan, no declaration in the code); one that reads a
    `var`, is reduced, or reads memory stays a tile."""
    source = f"@launch(64)\nkernel k(O: tensor<f32>[1, 64], n: i64) {{\n{body}}}\n"
    variant = phobos.compile(source, path="k.phobos").kernels["k"].variants[0]
    plan = plan_kernel(variant, usual(variant))
    assert bool(plan.tiles) == kept, [sym.name for sym in plan.tiles]
