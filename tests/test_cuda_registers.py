"""Register tiles on the CUDA back end: which tiles the planner keeps in registers,
the layout their elements take, and what that removes from the generated code
(shared memory, barriers). Reading the source needs no GPU; the compile checks need
NVRTC and skip without it. Whether the results match the interpreter is gate 2's
(the corpus has cases written to exercise these paths: reductions/norm_rows,
reductions/stream_sum, reductions/wide_passes and reductions/softmax_last)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest
from cuda_source import one_copy

import phobos
from phobos.backends.cuda.layout.fragments import REGISTER_BUDGET, Registers, make_layout, plan_registers
from phobos.backends.cuda.layout.placement import Modes
from phobos.backends.cuda.runtime.compile import build, nvrtc_version
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.cuda.write.prelude import PRELUDE
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.targets import LARGEST_SHARED


def kernel(source: str) -> ir.Kernel:
    (k,) = phobos.compile(source, path="tests/test_cuda_registers.py").kernels.values()
    return k.variants[0]


def planned(source: str) -> tuple[ir.Kernel, Registers]:
    k = kernel(source)
    return k, plan_registers(k)


def in_registers(registers: Registers) -> dict[str, str]:
    """Each register tile by name: "spread" or "replicated"."""
    out = {s.name: "spread" for s in registers.spread}
    out.update({s.name: "replicated" for s in registers.replicated})
    return out


def body(k: ir.Kernel) -> str:
    return generate(k).source[len(PRELUDE):]


SOFTMAX = """
@launch(256)
kernel softmax_rows(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * 4
  var x = X[r :+ 4, 0 :+ 4096]
  Y[r :+ 4, 0 :+ 4096] = softmax(x)
}
"""

NORM = """
@launch(128)
kernel norm(X: tensor<bf16>[M, N], W: tensor<bf16>[N], Y: tensor<bf16>[M, N]) {
  let r = ctx.block.x * 2
  var x = X[r :+ 2, 0 :+ 1024]
  let mean = rowsum(x) / f32(N)
  let rstd = rsqrt(rowsum((x - mean) * (x - mean)) / f32(N) + 0.00001)
  Y[r :+ 2, 0 :+ 1024] = (x - mean) * rstd * W[0 :+ 1024]
}
"""

MEANS = """
@launch(256)
kernel means(X: tensor<f32>[M, N], OUT: tensor<f32>[M, 1]) {
  let r = ctx.block.x * 16
  var total: tile<f32>[16, 1] = 0.0
  for c in range(0, N, 512) {
    var a = X[r :+ 16, c :+ 512]
    total += rowsum(a)
  }
  OUT[r :+ 16, 0 :+ 1] = total * (1.0 / f32(N))
}
"""

STREAM = """
@launch(256)
kernel stream(X: tensor<f32>[N], P: tensor<f32>[G]) {
  var acc: tile<f32>[2048] = 0.0
  for c in range(ctx.block.x * 2048, N, ctx.grid.x * 2048) {
    acc[0 :+ 2048] = acc + X[c :+ 2048]
  }
  P[ctx.block.x] = sum(acc)
}
"""


# ---------------------------------------------------------------- the layout


@pytest.mark.parametrize(("lead", "cols", "size", "threads", "width", "passes", "slots", "ragged"), [
    ((4,), 4096, 4, 256, 64, 1, 16, False),  # four rows, two warps each
    ((16,), 512, 4, 256, 32, 2, 4, False),  # a warp a row, 8 rows a pass
    ((), 4096, 4, 256, 256, 1, 4, False),  # one row for the whole CTA
    ((12,), 96, 8, 64, 16, 3, 1, True),  # 12 groups a row among 16 lanes
    ((32,), 64, 4, 256, 16, 2, 1, False),  # the guide's scale_rows
    ((2, 3), 40, 4, 64, 16, 2, 1, True),  # two leading dims flatten into 6 rows
])
def test_layout_spreads_rows_over_groups(lead, cols, size, threads, width, passes, slots, ragged):
    layout = make_layout(lead, cols, size, threads)
    assert (layout.size, layout.width, layout.passes, layout.slots, layout.ragged_slots) == (
        size, width, passes, slots, ragged)
    # Every group of every row has exactly one owner: its lane in its pass.
    owners = set()
    for p in range(layout.passes):
        for t in range(threads):
            row = p * layout.groups.per_pass + t // width
            for k in range(layout.slots):
                group = t % width + k * width
                if row < layout.rows and group < cols // size:
                    assert (row, group) not in owners
                    owners.add((row, group))
    assert len(owners) == layout.rows * (cols // size)


LAYOUTS = [((4,), 4096, 4, 256), ((16,), 512, 4, 256), ((), 4096, 4, 256), ((12,), 96, 8, 64), ((2, 3), 40, 4, 64)]


@pytest.mark.parametrize(("lead", "cols", "size", "threads"), LAYOUTS)
def test_a_layouts_placement_is_where_the_sweeps_put_each_element(lead, cols, size, threads):
    """The placement (placement.py's Fragment, shared with the GEMM plans), from which
    sweeps.py writes its indices, is the layout's: row pass * per_pass + t / width,
    column (t % width + slot * width) * size + v, register (pass * slots + slot) * size + v."""
    layout = make_layout(lead, cols, size, threads)
    g, placement = layout.groups, layout.placement()
    held = {}
    for t in range(threads):
        for p in range(g.passes):
            for k in range(layout.slots):
                for v in range(layout.size):
                    register = (p * layout.slots + k) * layout.size + v
                    where = (p * g.per_pass + t // g.width, (t % g.width + k * g.width) * layout.size + v)
                    assert placement.position(0, t, register) == where
                    if where[0] < layout.rows and where[1] < cols:
                        held[where] = (t, register)
    assert len(held) == layout.rows * cols  # every element inside the tile, held once
    row, col = layout.rows - 1, cols - 1
    assert placement.holder(row, col) == (0, *held[row, col])
    replicated = layout.placement(spread=False)  # every lane of a row's group holds the row's value
    assert {replicated.position(0, t, p) for t in range(threads) for p in range(g.passes)} >= {
        (r, 0) for r in range(layout.rows)}


def test_group_shrinks_to_divide_the_row():
    assert make_layout((4,), 6, 4, 128).size == 2
    assert make_layout((4,), 7, 4, 128).size == 1


# ---------------------------------------------------------------- which tiles


def test_a_softmax_tile_lives_in_registers():
    k, registers = planned(SOFTMAX)
    assert in_registers(registers) == {"x": "spread"}
    code = body(k)
    assert "f32 x_[64];  // tile<f32>[4, 4096] in registers" in code
    assert "smem + 0);  // tile" not in code  # no shared-memory tile at all
    assert "f32 row_max[1], row_sum[1];" in code  # the statistics stay in registers too


def test_per_row_values_are_replicated_registers():
    k, registers = planned(NORM)
    assert in_registers(registers) == {"x": "spread", "mean": "replicated", "rstd": "replicated"}
    code = body(k)
    assert "f32 x_[16];" in code  # bf16 held as f32 values: converted once, at the load
    assert "f32 mean_[1];" in code and "f32 rstd_[1];" in code
    assert "ph::to_bf16(ph::round_bf16" not in code  # a rounded value is converted once


def test_a_loop_of_chunks_keeps_chunk_and_sums_in_registers_without_barriers():
    k, registers = planned(MEANS)
    assert in_registers(registers) == {"total": "replicated", "a": "spread"}
    code = body(k)
    # One warp a row: the shuffles combine it, so no statement needs a barrier.
    assert "__syncthreads" not in code
    assert "smem" not in code  # and no shared memory at all


def test_a_whole_window_store_accumulates_in_registers():
    k, registers = planned(STREAM)
    assert in_registers(registers) == {"acc": "spread"}
    code = body(k)
    assert "acc_[slot * 4 + v] = (acc_[slot * 4 + v] + X_g.v[v]);" in code
    assert "__syncthreads" not in code  # only inside the CTA reduction of the prelude


@pytest.mark.parametrize(("use", "why"), [
    ("Y[r :+ 4, 0 :+ 64] = transpose(transpose(x))", "transpose"),
    ("Y[r, 0] = x[1, 2]", "an element read"),
    ("Y[r :+ 2, 0 :+ 64] = x[0 :+ 2, :]", "a window read"),
    ("x[0 :+ 2, :] = 1.0\n  Y[r :+ 4, 0 :+ 64] = x", "a partial window store"),
    ("let old = atomic_add(x[0, 0], 1.0)\n  Y[r :+ 4, 0 :+ 64] = x", "an atomic"),
    ("Y[r :+ 4, 0 :+ 4] = dot(x, transpose(x[0 :+ 4, 0 :+ 64]))", "dot"),
    ("Y[0 :+ 1, 0 :+ 64] = sum<axis 0>(x)", "a reduction across rows"),
])
def test_tiles_read_elsewhere_than_in_place_stay_in_shared_memory(use: str, why: str):
    source = f"""
@launch(128)
kernel k(X: tensor<f32>[M, 64], Y: tensor<f32>[M, 64]) {{
  let r = ctx.block.x * 4
  var x = X[r :+ 4, :]
  {use}
}}
"""
    k, registers = planned(source)
    assert "x" not in in_registers(registers), why
    assert "f32* x_ = (f32*)(smem" in body(k)


def test_a_narrower_tile_of_the_same_rows_stays_in_shared_memory():
    _, registers = planned("""
@launch(128)
kernel k(X: tensor<f32>[M, 256], Y: tensor<f32>[M, 256]) {
  let r = ctx.block.x * 4
  var wide = X[r :+ 4, :]
  var narrow = X[r :+ 4, 0 :+ 64]
  Y[r :+ 4, :] = wide
  Y[r :+ 4, 0 :+ 64] = narrow
}
""")
    assert in_registers(registers) == {"wide": "spread"}


@pytest.mark.parametrize("use", ["softmax(max<axis 1>(acc))", "transpose(transpose(max<axis 1>(acc)))"])
def test_a_row_value_read_in_another_order_is_not_kept_in_registers(use: str):
    """A thread's registers hold the row values of its own rows in the statement's
    order; softmax's statistics of the one-column tile of row peaks (one thread a row),
    or a transpose visit the rows in another order, so the peaks go to the
    scratch (the H200's differential run, seed 105184)."""
    source = generate(kernel(f"""
@launch(128)
kernel k(X: tensor<f32>[M, 8], Y: tensor<f32>[M, 8]) {{
  let r0 = ctx.block.x * 4
  var acc: tile<f32>[4, 8] = X[r0 :+ 4, :]
  acc += {use}
  Y[r0 :+ 4, :] = acc
}}
""")).source
    assert "the max of each row this thread holds" not in source
    plain = generate(kernel("""
@launch(128)
kernel k(X: tensor<f32>[M, 8], Y: tensor<f32>[M, 8]) {
  let r0 = ctx.block.x * 4
  var acc: tile<f32>[4, 8] = X[r0 :+ 4, :]
  acc += max<axis 1>(acc) * 2.0
  Y[r0 :+ 4, :] = acc
}
""")).source
    assert "the max of each row this thread holds" in plain


def test_a_tile_read_broadcast_stays_out_and_the_others_keep_their_layout():
    """A one-row mask read along the rows of a product's tile (flash-decoding's keys of
    the split, here read from memory): the mask alone stays in shared memory, and the
    product and the masked tile keep the accumulator layout, where all three once stayed
    out (the product then read its operands where they lie, with no copy ahead)."""
    k, registers = planned("""
@launch(128)
kernel k(A: tensor<bf16>[16, 64], B: tensor<bf16>[64, 64], M: tensor<f32>[1, 64], O: tensor<f32>[16, 64]) {
  let s = dot(A[:, :], B[:, :])
  let mask = M[:, :] > 0.0
  let kept = where(mask, s, 0.0)
  O[:, :] = kept * 2.0
}
""")
    assert in_registers(registers) == {"s": "spread", "kept": "spread"}
    assert "bool* mask_ = (bool*)(smem" in body(k)


def test_an_index_tile_is_recomputed_where_it_is_read_and_never_stored():
    """A `let` tile made of iota and scalars that cannot change (flash-decoding's mask of
    the split's keys) is no tile at all: each read computes its element from the
    position, so it takes no shared memory and no barrier; a tile read otherwise than
    element by element (a window of it) is kept."""
    k, registers = planned("""
@launch(128)
kernel k(A: tensor<bf16>[16, 64], B: tensor<bf16>[64, 64], O: tensor<f32>[16, 64], n: i64) {
  let s = dot(A[:, :], B[:, :])
  let mask = iota<axis 1>(1, 64) < n
  let kept = where(mask, s, 0.0)
  O[:, :] = kept * 2.0
}
""")
    assert in_registers(registers) == {"s": "spread", "kept": "spread"}
    assert "mask_" not in body(k) and "__syncthreads" not in body(k).split("kept_")[1]
    k, _ = planned("""
@launch(128)
kernel w(O: tensor<i64>[1, 32]) {
  let idx = iota<axis 1>(1, 64) * 2
  O[:, :] = idx[:, 0 :+ 32]
}
""")
    assert "idx_" in body(k)


def test_a_tile_that_followed_a_layout_only_through_one_left_out_is_left_out_too():
    """`a` is read at one element by every thread, so it stays in shared memory; the
    fill of `t` then has no register tile to take its order from, so `t` stays out
    too. The planner once kept `t`, and writing the code failed on it (found by the
    differential run: corpus case generated/anchor_lost)."""
    k, registers = planned("""
@launch(64)
kernel anchor_lost(A: tensor<i32>[2, 32], T: tensor<i32>[2, 32]) {
  var a: tile<i32>[2, 32] = A[:, :]
  var t: tile<i32>[2, 32]
  t[:, :] = a[0, 5]
  T[:, :] = t
}
""")
    assert in_registers(registers) == {}
    assert "i32* t_ = (i32*)(smem" in body(k)


def test_the_register_budget_is_shared_in_declaration_order():
    _, registers = planned("""
@launch(256)
kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * 4
  var a = X[r :+ 4, 0 :+ 4096]
  var b = X[r :+ 4, 0 :+ 4096]
  Y[r :+ 4, 0 :+ 4096] = a + b
}
""")
    assert in_registers(registers) == {"a": "spread"}
    assert 64 * 4 == REGISTER_BUDGET  # `a` took all of it: 64 f32 a thread


ATTENTION_TURN = """
@tensorcore
@launch(128)
kernel k(Q: tensor<bf16>[Z, S, 128], K: tensor<bf16>[Z, S, 128], V: tensor<bf16>[Z, S, 128],
         O: tensor<f32>[Z, S, 128]) {
  let z = ctx.block.y
  let r = ctx.block.x * 64
  var m: tile<f32>[64, 1] = -inf
  var acc: tile<f32>[64, 128] = 0.0
  for j in range(0, S, 64) {
    let s = dot(Q[z, r :+ 64, :], transpose(K[z, j :+ 64, :]))
    let m_new = max(m, rowmax(s))
    let p = exp(s - m_new)
    acc = acc * exp(m - m_new) + dot(bf16(p), V[z, j :+ 64, :])
    m = m_new
  }
  O[z, r :+ 64, :] = acc
}
"""


def test_register_tiles_beside_products_take_what_the_launch_bounds_leave():
    """A thread of 128 (or two CTAs of 128 an SM) may have 256 registers: less 64 for the
    rest of the kernel, its tiles take 768 bytes, which holds attention's 64 x 128
    accumulator (256 bytes a thread), its scores and its probabilities (128 each) at
    D 128; three CTAs an SM would leave 170 registers, so the budget falls to its least."""
    from phobos.backends.cuda.layout.fragments import atom_budget

    assert atom_budget(128, None) == atom_budget(128, 2) == atom_budget(256, 1) == 768
    assert atom_budget(128, 3) == atom_budget(512, None) == 512
    _, registers = planned(ATTENTION_TURN)
    assert {"acc", "s", "p"} <= set(in_registers(registers))


def test_a_tile_larger_than_any_shared_memory_the_checker_lets_through_is_in_registers():
    # The checker counts a tile registers could hold as needing no shared memory
    # (test_check's test_tiles_registers_could_hold_are_not_counted): here it is so.
    k, registers = planned("""
@launch(1024)
kernel k(X: tensor<f32>[M, 256], Y: tensor<f32>[M, 256]) {
  let r = ctx.block.x * 256
  var t = X[r :+ 256, :]
  Y[r :+ 256, :] = t * 2.0
}
""")
    assert in_registers(registers) == {"t": "spread"}
    assert 256 * 256 * 4 > LARGEST_SHARED and generate(k).shared_bytes == 0


# ---------------------------------------------------------------- it compiles


@pytest.mark.parametrize("source", [SOFTMAX, NORM, MEANS, STREAM], ids=["softmax", "norm", "means", "stream"])
@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_register_kernels_compile(source: str, arch: str):
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))
    k = kernel(source)
    assert build(generate(k), k, arch)


IN_PLACE = re.compile(r"\(x_\[[^\]]*\] = expf\(")


@pytest.mark.parametrize(("last", "in_place"), [
    ("Y[r :+ 4, 0 :+ 4096] = softmax(x)", True),
    ("Y[r :+ 4, 0 :+ 4096] = softmax(x)\n  Y[r :+ 4, 0 :+ 4096] = x", False),  # read again after
    ("Y[r :+ 4, 0 :+ 4096] = softmax(x) + x", False),  # read again beside it
    ("for k in range(0, 2) {\n    Y[r :+ 4, 0 :+ 4096] = softmax(x)\n  }", False),  # again in the next turn
])
def test_softmax_leaves_its_exponentials_in_the_tile_only_at_its_last_use(last: str, in_place: bool):
    code = one_copy(body(kernel(SOFTMAX.replace("Y[r :+ 4, 0 :+ 4096] = softmax(x)", last))))
    assert bool(IN_PLACE.search(code)) == in_place
    # In place, the output divides what the row sums left: no exponential of its own.
    assert code.count("expf(") == (2 if in_place else 4)


MODES = [Modes((32, 8), (0, 1), (4, 0)), Modes((4, 3, 2), (0, 0, 16), (1, 128, 0)), Modes((1, 5), (0, 1), (0, 0)),
         Modes((4, 8, 4), (0, 1, 8), (2, 0, 0)), Modes((7,), (3,), (1,)), Modes((512, 1), (0, 1), (4, 0))]


def run(text: str, **names: int) -> int:
    """C++ integer arithmetic of the placement's forms, C's `/` on these non-negative
    ints being Python's `//`."""
    return eval(text.replace(" / ", " // "), {}, names)  # noqa: S307 - our own arithmetic


@pytest.mark.parametrize("modes", MODES, ids=str)
def test_the_cpp_a_placement_writes_is_its_placement(modes: Modes):
    """`Modes.terms`, `coordinates`, `place` and `index` (the C++ the sweeps and the
    GEMM writer write from a placement) compute what `Modes.at` says."""
    for i in range(modes.size):
        row, col = modes.terms("t")
        assert (run(row, t=i), run(col, t=i)) == modes.at(i)
        parts, rest = [], i
        for size in modes.sizes:
            rest, part = divmod(rest, size)
            parts.append(part)
        assert [run(part, t=i) for part in modes.coordinates("t")] == parts
        names = {f"m{k}": part for k, part in enumerate(parts)}
        assert run(modes.index([f"m{k}" for k in range(len(parts))]), **names) == i
        row, col = modes.place([f"m{k}" for k in range(len(parts))])
        assert (run(row, **names), run(col, **names)) == modes.at(i)


@pytest.mark.parametrize(("lead", "cols", "size", "threads"), LAYOUTS)
def test_a_row_sweeps_indices_are_its_layouts_placement(lead, cols, size, threads):
    """The lane, row and group column the row sweeps write from a layout's placement
    (`Fragment.place`, a column's common stride taken out) are where it puts each group."""
    layout = make_layout(lead, cols, size, threads)
    placement = layout.placement()
    lane, group = placement.threads.coordinates("t")
    row, _ = placement.threads.place(["lane", group])
    _, first = placement.place(["0"], ["lane", group], ["0", "slot", "0"])
    for t in range(threads):
        for slot in range(layout.slots):
            at = run(lane, t=t)
            assert (run(row, t=t, lane=at), run(first, t=t, lane=at, slot=slot)) == placement.position(
                0, t, slot * layout.size)


@pytest.mark.parametrize("fast", [False, True], ids=["relaxed", "fast"])
def test_the_16384_column_softmax_fits_two_ctas_an_sm(fast: bool):
    """The benchmark's softmax of 16384 columns runs 512 threads a CTA; at 64 registers
    a thread or fewer two CTAs fit an SM's 65,536, past 64 one. Its fast variant once
    took 68 (the row sweeps wrote their group column from `threadIdx.x`, unsigned, and
    the lane without its `%`) and ran at x0.775 of relaxed on the H200; it takes 62 and
    relaxed 60 (NVRTC 13.5, sm_90). scripts/registers.py compares every benchmark variant."""
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))
    from benchmarks.kernels.rows import softmax_rows

    spec = importlib.util.spec_from_file_location("registers", Path(__file__).parent.parent / "scripts/registers.py")
    assert spec is not None and spec.loader is not None
    registers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(registers)
    (variant,) = (v for v in softmax_rows.variants if v.bindings == {"COLS": 16384, "THREADS": 512})
    used = registers.usage(variant, fast)
    assert used["spill_bytes"] == 0
    assert used["registers"] <= 64, used
