"""Folds along a tile's rows: reductions along an axis, and softmax's row statistics
and elements; and the reduction of a whole tile to one value (over the CTA).

A reduction along the last axis, and the row maximum and sum of `softmax`, give each
row a group of threads (groups.py): each folds its share of the row in registers,
the group combines by xor shuffles, and a group wider than a warp through one small
shared array. `softmax` itself is then elementwise, `exp(x - max) / sum` read from
its materialized row statistics, so it fuses into the sweep that uses it. In a
statement that runs in a register layout's order (sweeps.py), each lane folds the
elements it holds, the row values and softmax's statistics stay in registers (one a
pass), and a group's warps meet in shared memory of the statement's own, so none of
it needs a barrier after. The tile writer (tiles.py) calls these with itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from phobos.dtypes import F64
from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout.fragments import MAX_GROUPS, cheap, make_layout
from ..layout.groups import RowGroups, row_groups
from .exprs import Pos, Region, const_int, holds_any, linear, paren

if TYPE_CHECKING:
    from .sweeps import Ordered
    from .tiles import TileWriter

VALUE_BYTES = {"f32": 4, "f64": 8, "i32": 4, "i64": 8, "i8": 1}  # the value types a reduction folds in


@dataclass(frozen=True)
class Fold:
    """One value a row reduction folds each row into: accumulator `acc` of C++ type
    `ctype`, starting at `identity` (at `empty` instead, where given, in a row with no
    present element), combined by `step(a, b)`; `value` is the row's element at the
    reduction's position `j`."""

    acc: str
    ctype: str
    identity: str
    step: Callable[[str, str], str]
    value: str
    empty: str | None = None


def combine(op: str, d, acc: str, value: str) -> str:
    """`acc` and `value` combined by reduction `op` (sum, max or min) in type `d`."""
    if op == "sum":
        return ct.binary("+", d, acc, value)
    return ct.min_max(op, d, acc, value)


def reduce_axis(w: TileWriter, e: ir.Reduce) -> tuple[str, Region]:
    """sum/max/min along one axis: the last axis by groups of threads per row
    (`row_reduce`); another axis by one thread per output element, folding its line."""
    x, axis, d = e.operand, e.axis, e.type.dtype
    assert axis is not None
    source = w.region(x)
    region = [("0", "1") if k == axis else r for k, r in enumerate(source)]
    pos = w.pos(len(e.type.shape))
    j = w.loop_name("j")
    along = [j if k == axis else p for k, p in enumerate(pos)]
    value = ct.cast(x.type.dtype, d, w.elem(x, along))
    acc = w.loop_name("acc")
    if axis == len(e.type.shape) - 1 and x.type.shape[-1] > 1:
        vt = ct.value_type(d)
        # A float max or min starts at NaN, so that of NaN alone it is NaN.
        fold = Fold(acc, vt, ct.neutral(e.op, d), lambda a, b: combine(e.op, d, a, b), value,
                    ct.identity(e.op, d))
        what = f"{e.op} along the last axis of {x.type}"
        order = w.ordered
        if order is not None and order.is_spread(x.type.shape) and id(e) in w.read_in_order:
            # The statement's sweeps run in the same order: each thread keeps its rows' values.
            tmp = w.names.take(f"row_{e.op}")
            w.line(f"{vt} {tmp}[{order.layout.passes}];  // the {e.op} of each row this thread holds")
            w.row_values.add(id(e))
            row_reduce(w, what, x.type.shape, source, [fold], [f"{tmp}[{order.row_index}] = {acc};"],
                       every_lane=True)
            return tmp, region
        tmp = w.temp(e)
        out = linear([*pos[:-1], "0"], e.type.shape)
        row_reduce(w, what, x.type.shape, source, [fold], [f"{tmp}[{out}] = {ct.pack(d, acc)};"])
        return tmp, region
    lo, hi = source[axis]
    tmp = w.temp(e)
    w.sweep(e.type.shape, region, [
        f"{ct.value_type(d)} {acc} = {ct.fold_start(e.op, d, holds_any([(lo, hi)]))};",
        f"for (i64 {j} = {lo}; {j} < {hi}; ++{j}) {acc} = {combine(e.op, d, acc, value)};",
        f"{tmp}[{linear(pos, e.type.shape)}] = {ct.pack(d, acc)};",
    ])
    return tmp, region


def row_reduce(w: TileWriter, what: str, shape: tuple[int, ...], source: Region, folds: list[Fold],
               stores: list[str], every_lane: bool = False) -> None:
    """Fold every row (last axis) of a tile of `shape` whose present region is
    `source` into each of `folds`, one after another (a fold's value may use an
    earlier fold's result), then run `stores` once per present row (in every lane
    of the row's group when `every_lane`: they fill replicated registers).

    The folds' values and `stores` name the row's position `w.pos(rank)[:-1]`,
    the element's `loop_name("j")`, and the accumulators. A row absent in another
    dim, or past the last row, folds nothing, but its lanes still take part in the
    shuffles (which need every lane of the warp). In a statement that runs in a
    register layout's order, each lane folds the elements it holds there."""
    order = w.ordered if w.ordered is not None and w.ordered.is_spread(shape) else None
    layout = order.layout.groups if order is not None else row_groups(math.prod(shape[:-1]), shape[-1],
                                                                      w.kernel.threads)
    # A reduction kept in registers has its warps meet in shared memory of its own
    # statement (the barrier planner's place for it), not the statement scratch.
    allocate = w.scratch if order is None else w.own_scratch
    parts = [] if layout.warps == 1 else [
        allocate(f.ctype, VALUE_BYTES[f.ctype], layout.part_count, f"{f.acc} of each warp",
                 f"{f.acc}_part")
        for f in folds
    ]
    if order is not None:
        w.line(f"// {what}: {order.layout.describe()}; each lane folds its own elements in registers, "
               f"then xor shuffles combine the group{' and one shared step its warps' if parts else ''}")
        rows = w.layout_rows(order)
    else:
        w.line(f"// {what}: {describe(layout)}")
        rows = w.group_rows(layout, shape[:-1], w.pos(len(shape))[:-1])
    with rows as exists:
        fold_rows(w, shape, source, folds, stores, every_lane, order, layout, parts, exists)


def fold_rows(w: TileWriter, shape: tuple[int, ...], source: Region, folds: list[Fold], stores: list[str],
              every_lane: bool, order: Ordered | None, layout: RowGroups, parts: list[str],
              exists: str | None) -> None:
    """The body of `row_reduce` for the row at `w.pos(rank)[:-1]`."""
    pos = w.pos(len(shape))
    width, lanes = layout.width, layout.lanes
    j = w.loop_name("j")
    lane, row = w.loop_name("lane"), w.loop_name("row")
    live = [exists] if exists else []
    for p, (lo, hi), n in zip(pos[:-1], source[:-1], shape[:-1], strict=True):
        if (lo, hi) != ("0", str(n)):
            live.append(f"{lo} <= {p} && {p} < {hi}")
    lo, hi = source[-1]
    alive = w.loop_name("live")
    if live:
        said = " and ".join(word for word, c in (("exists", bool(exists)), ("is present", len(live) > bool(exists)))
                       if c)
        w.line(f"const bool {alive} = {' && '.join(live)};  // the row {said}")
    # The row's present elements [begin, end); a row that is not live has none.
    if const_int(lo) is None:
        begin = w.loop_name("begin")
        w.line(f"const int {begin} = (int){paren(lo)};")
        lo = begin
    if live or const_int(hi) is None:
        end = w.loop_name("end")
        text = hi if const_int(hi) is not None else f"(int){paren(hi)}"
        w.line(f"const int {end} = {f'{alive} ? {text} : 0' if live else text};")
        hi = end
    for k, fold in enumerate(folds):
        start = fold.identity if fold.empty is None else ct.pick(holds_any([(lo, hi)]), fold.identity, fold.empty)
        w.line(f"{fold.ctype} {fold.acc} = {start};")
        if order is not None:
            with w.layout_slots(order) as present:
                if present:
                    w.line(f"if (!({present})) continue;")
                size, g = order.layout.size, order.group
                step = f"{fold.acc} = {fold.step(fold.acc, fold.value)};"
                each_lane = f"for (int {order.lane} = 0; {order.lane} < {size}; ++{order.lane}) {{"
                column = f"const int {j} = {g} + {order.lane};"
                checked = const_int(hi) != order.layout.cols or lo != "0"
                if checked:  # a group wholly inside the row's present elements folds unchecked
                    whole = " && ".join(t for t in (f"{lo} <= {g}" if lo != "0" else "", f"{g} + {size} <= {hi}")
                                        if t)
                    w.line(f"if ({whole}) {{")
                    w.depth += 1
                w.unrolled(each_lane, [column, step])
                if checked:
                    w.depth -= 1
                    w.line("} else {")
                    inside = " && ".join(t for t in (f"{lo} <= {j}" if lo != "0" else "", f"{j} < {hi}") if t)
                    with w.indented():
                        w.unrolled(each_lane, [column, f"if ({inside}) {step}"])
                    w.line("}")
        else:
            start = lane if lo == "0" else f"{lo} + {lane}"
            w.line("#pragma unroll 4")
            w.line(f"for (int {j} = {start}; {j} < {hi}; {j} += {width}) "
                   f"{fold.acc} = {fold.step(fold.acc, fold.value)};")
        m = w.loop_name("m")
        w.line(f"// the {lanes} lanes combine pairwise, halving: each ends with the same bits")
        w.line("#pragma unroll")
        w.line(f"for (int {m} = {lanes // 2}; {m} >= 1; {m} /= 2) "
               f"{fold.acc} = {fold.step(fold.acc, f'ph::shfl_xor({fold.acc}, {m}, {lanes})')};")
        if parts:
            part, warps, warp = parts[k], layout.warps, w.loop_name("w")
            w.line(f"// the row's {warps} warps: each leaves its value in {part}, then every thread "
                   "of the row combines them in order")
            w.line(f"if (threadIdx.x % {lanes} == 0) {part}[{layout.part_written(row)}] = {fold.acc};")
            w.sync()
            w.line(f"{fold.acc} = {part}[{layout.part_read(row, '0')}];")
            w.line(f"for (int {warp} = 1; {warp} < {warps}; ++{warp}) "
                   f"{fold.acc} = {fold.step(fold.acc, f'{part}[{layout.part_read(row, warp)}]')};")
    guard = [*([alive] if live else []), *([] if every_lane else [layout.leader(lane)])]
    w.line(f"if ({' && '.join(guard)}) {{" if guard else "{")
    with w.indented():
        for text in stores:
            w.line(text)
    w.line("}")


def describe(layout: RowGroups) -> str:
    """The group layout, for a comment in the generated code."""
    g = layout.width
    text = f"{layout.rows} row{'s' if layout.rows > 1 else ''} of {layout.length}, a group of {g} threads per row"
    if layout.warps > 1:
        text += f" ({layout.warps} warps)"
    if layout.passes > 1:
        text += f", {layout.per_pass} rows a pass ({layout.passes} passes)"
    text += f"; lane l folds elements l, l + {g}, ... in registers, then xor shuffles combine"
    if layout.warps > 1:
        text += " each warp and one shared step the warps"
    else:
        text += " the group"
    return text


def softmax_stats(w: TileWriter, e: ir.Softmax) -> tuple[str, str]:
    """Each row's maximum and sum of `exp(x - max)` over its present elements, in
    scratch, one entry per row, followed by a barrier. An operand that is not a
    cheap read of shared memory is materialized first: the rows are read three
    times (maximum, sum, output)."""
    key = id(e)
    if key in w.row_stats:
        return w.row_stats[key]
    x, d = e.operand, e.type.dtype
    order = w.ordered
    if order is None or not order.is_spread(x.type.shape) or id(e) not in w.read_in_order:
        order = None
    if not cheap(x, order is not None):
        w.force.add(id(x))
    shape = x.type.shape
    source = w.region(x)
    pos = w.pos(len(shape))
    j = w.loop_name("j")
    work, suffix = ("f64", "") if d == F64 else ("f32", "f")
    work_type = F64 if d == F64 else ct.F32
    value = f"({work}){paren(w.elem(x, [*pos[:-1], j]))}"
    peak, total = w.loop_name("peak"), w.loop_name("total")
    if order is not None:  # kept in registers, each thread its rows' (the sweeps that read them follow)
        peaks, totals = w.names.take("row_max"), w.names.take("row_sum")
        w.line(f"{work} {peaks}[{order.layout.passes}], {totals}[{order.layout.passes}];  "
               "// the maximum and sum of exp(x - maximum) of each row this thread holds")
        row = order.row_index
    else:
        rows = math.prod(shape[:-1])
        size = 8 if d == F64 else 4
        peaks = w.scratch(work, size, rows, "each row's maximum", "row_max")
        totals = w.scratch(work, size, rows, "each row's sum of exp(x - maximum)", "row_sum")
        row = w.loop_name("row")
    w.stats_in_registers[key] = order is not None
    exponential = ct.math1("exp", work_type, f"{value} - {peak}", w.spec.fast_math)
    if exp_in_place(w, e):  # the operand's registers take exp(x - max), which the output divides
        exponential = f"({w.elem(x, [*pos[:-1], j])} = {exponential})"
    folds = [
        Fold(peak, work, ct.literal(-math.inf, F64 if d == F64 else ct.F32),
             lambda a, b: f"fmax{suffix}({a}, {b})", value),
        Fold(total, work, "0" if d == F64 else "0.0f", lambda a, b: f"({a} + {b})", exponential),
    ]
    row_reduce(w, f"softmax's row statistics of {x.type}", shape, source, folds,
               [f"{peaks}[{row}] = {peak};", f"{totals}[{row}] = {total};"], every_lane=order is not None)
    if order is None:
        w.sync()
    w.row_stats[key] = (peaks, totals)
    return peaks, totals


def exp_in_place(w: TileWriter, e: ir.Softmax) -> bool:
    """Whether the row sums leave exp(x - max) in the operand's registers for the
    output to divide: statistics kept in registers, of a consumed operand."""
    return w.stats_in_registers[id(e)] and id(e) in w.registers.consumed


def softmax_elem(w: TileWriter, e: ir.Softmax, pos: Pos) -> str:
    """An element of softmax(x): `exp(x - max) / sum` with its row's statistics."""
    peaks, totals = softmax_stats(w, e)
    x, d, shape = e.operand, e.type.dtype, e.type.shape
    work = "f64" if d == F64 else "f32"
    if w.stats_in_registers[id(e)]:
        row = w.own_row(pos)
    else:
        row = linear(pos[:-1], shape[:-1]) if len(shape) > 1 else "0"
    fast, work_type = w.spec.fast_math, F64 if d == F64 else ct.F32
    if exp_in_place(w, e):
        share = ct.binary("/", work_type, w.elem(x, pos), f"{totals}[{row}]", fast)
    else:
        exponential = ct.math1("exp", work_type, f"({work}){paren(w.elem(x, pos))} - {peaks}[{row}]", fast)
        share = ct.binary("/", work_type, exponential, f"{totals}[{row}]", fast)
    return share if d == F64 else ct.rounded(d, share)


def reduce_all(w: TileWriter, e: ir.Reduce) -> str:
    """sum/max/min of every present element: per thread, then over the CTA. Each
    thread folds its share in a register layout's order (the statement's, or one of
    the operand's own shape when the operand is a plain stream of elements): whole
    groups read at once, every read issued before the folds need them."""
    x, d = e.operand, e.type.dtype
    shape = x.type.shape
    region = w.region(x)
    acc = w.names.take(e.op)
    w.line(f"{ct.value_type(d)} {acc} = {ct.fold_start(e.op, d, holds_any(region))};")
    order = w.ordered if w.ordered is not None and w.ordered.covers(shape) else None
    if order is None and not any(isinstance(n, ir.Reduce | ir.Softmax | ir.Dot) for n in ir.walk_expr(x)):
        layout = make_layout(shape[:-1], shape[-1], w.registers.size, w.kernel.threads)
        if layout.passes * layout.slots <= MAX_GROUPS:
            order = w.order(layout)
    if order is None:
        pos = w.pos(len(shape))
        value = ct.cast(x.type.dtype, d, w.elem(x, pos))
        w.sweep(shape, region, [f"{acc} = {combine(e.op, d, acc, value)};"])
    else:
        saved, w.ordered = w.ordered, order
        try:
            w.layout_elements(
                order, shape, region, w.elem(x, order.pos), lambda: w.elem(x, order.pos),
                lambda v: [f"{acc} = {combine(e.op, d, acc, ct.cast(x.type.dtype, d, v))};"],
                [], None, False)
        finally:
            w.ordered = saved
    w.line(f"{acc} = ph::cta_reduce({acc}, {ct.combiner(e.op)}, ({ct.value_type(d)}){ct.neutral(e.op, d)});")
    return acc
