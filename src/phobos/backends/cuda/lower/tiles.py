"""Tile statements, and what needs a whole tile first (the sweeps are sweeps.py).

Reductions and `dot` need many elements for each one they produce, so they are
materialized first into scratch shared memory (after the tile variables), with a
barrier after. So is any part of a value that reads the place being written at
other positions than the one written (`t = transpose(t)`, `X[1 :+ 8] = X[0 :+ 8]`).

A reduction along the last axis, and the row maximum and sum of `softmax`, give each
row a group of threads (groups.py): each folds its share of the row in registers,
the group combines by xor shuffles, and a group wider than a warp through one small
shared array. `softmax` itself is then elementwise, `exp(x - max) / sum` read from
its materialized row statistics, so it fuses into the sweep that uses it. In a
statement that runs in a register layout's order (sweeps.py), each lane folds the
elements it holds, the row values and softmax's statistics stay in registers (one a
pass), and a group's warps meet in shared memory of the statement's own, so none of
it needs a barrier after.

Collectives and atomics are here too: they are hoisted locals (exprs.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from phobos.dtypes import F64
from phobos.ir import nodes as ir
from phobos.ir.nodes import Uniformity as U
from phobos.ir.specialize import Specialization
from phobos.ir.text import same_window

from .. import ctypes as ct
from ..layout.fragments import (
    ELEMENTWISE,
    MAX_GROUPS,
    Registers,
    cheap,
    make_layout,
    product_in_registers,
    reads_registers,
)
from ..layout.groups import WARP, RowGroups, row_groups
from ..plan.kernel import ALIGN
from ..plan.products import ProductPlan, Summed
from . import products
from .exprs import (
    Pos,
    Region,
    broadcast_pos,
    const_int,
    fit,
    full_region,
    holds_any,
    imax,
    imin,
    in_bounds,
    is_full,
    linear,
    paren,
    sub,
)
from .stage_ring import Ring
from .sweeps import Ordered, SweepWriter

T = TypeVar("T")
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


class TileWriter(SweepWriter):
    def __init__(self, kernel: ir.Kernel, spec: Specialization, registers: Registers):
        super().__init__(kernel, spec, registers)
        self.arena_base = 0
        self.arena_used = 0
        self.arena_peak = 0
        self.scalar_peak = 0  # the peak of the scratch code below sm_80 uses (tensor_cores_only: not counted)
        self.tensor_cores_only = False  # while writing a branch compiled from sm_80 only
        # Per statement: each softmax's row statistics (maximum, sum), by node identity,
        # and whether they are kept in registers (one per pass) rather than scratch.
        self.row_stats: dict[int, tuple[str, str]] = {}
        self.stats_in_registers: dict[int, bool] = {}
        self.own_base: str | None = None  # the name of the offset of the statements' own shared memory
        self.own_used = 0
        self.scalar_own_used = 0  # the end of the own shared memory code below sm_80 uses
        self.row_values: set[int] = set()  # per statement: reductions kept in registers, one per pass
        self.read_in_order: set[int] = set()  # per statement: values read in its layout's order (fragments)
        # Per statement, the plan's `acc = x + dot(a, b)` whose product is summed into acc's
        # own registers, by the sum's node id (dropped where the product is written otherwise).
        self.summed_into: dict[int, Summed] = {}
        self.ring: Ring | None = None  # the `for` loop being written, where products stage a turn ahead
        self.products: dict[int, ProductPlan] = {}  # each product's plan, by node id (the kernel's plan)
        self.staged_any = False
        self.lowerings: dict[tuple[int, int], str] = {}  # each dot's (line, column): how it is written
        self.uses_wgmma = False  # a product has an sm_90a branch (dot_wgmma.py): the kernel builds for sm_90a
        self.hopper_helpers: dict[str, str] = {}  # the C++ helpers of those branches, by name

    # ------------------------------------------------------------ helpers

    def temp(self, e: ir.Expr) -> str:
        """Scratch shared memory for a tile value of `e`'s type, for this statement."""
        d, shape = e.type.dtype, e.type.shape
        return self.scratch(ct.storage_type(d), ct.element_bytes(d), math.prod(shape), str(e.type))

    def scratch(self, ctype: str, size: int, count: int, comment: str, base: str = "tmp") -> str:
        """`count` elements of `size` bytes of scratch shared memory, for this statement
        only (the barrier planner orders statements that both use scratch)."""
        offset = self.arena_base + self.arena_used
        self.arena_used += -(-size * count // ALIGN) * ALIGN
        self.arena_peak = max(self.arena_peak, self.arena_used)
        if not self.tensor_cores_only:
            self.scalar_peak = max(self.scalar_peak, self.arena_used)
        name = self.names.take(base)
        self.line(f"{ctype}* {name} = ({ctype}*)(smem + {offset});  // {comment}")
        return name

    def own_scratch(self, ctype: str, size: int, count: int, comment: str, base: str) -> str:
        """`count` elements of `size` bytes of shared memory that no other statement
        uses: after the tiles and the statement scratch, at `self.own_base` (known
        once the whole kernel is written)."""
        if self.own_base is None:
            self.own_base = self.names.take("own")
        offset = self.own_used
        self.own_used += -(-size * count // ALIGN) * ALIGN
        if not self.tensor_cores_only:
            self.scalar_own_used = self.own_used
        name = self.names.take(base)
        self.line(f"{ctype}* {name} = ({ctype}*)(smem + {self.own_base} + {offset});  // {comment}")
        return name

    # ------------------------------------------------------------ materialized values

    def elem(self, e: ir.Expr, pos: Pos) -> str:
        if isinstance(e, ir.Read) and e.sym in self.registers:  # registers hold values, not storage
            return self.register_elem(e.sym, pos)
        if id(e) in self.summed_into:  # the product already added itself to the tile's registers
            summed = self.summed_into[id(e)]
            if self.materialize(summed.product) == self.sym(summed.into):
                return self.register_elem(summed.into, pos)
            del self.summed_into[id(e)]
        if isinstance(e, ir.Dot) and self.product_in_registers(e):
            products = self.materialize(e)
            order = self.ordered
            # read at the element the loops are at, or at a row fold's column (softmax of a product)
            assert order is not None and pos[:-1] == order.pos[:-1] and pos[-1] in (order.pos[-1], order.column), \
                "a product in registers read out of order"
            return f"{products}[{order.spread_index}]"
        if id(e) in self.row_values:
            return f"{self.memo[id(e)]}[{self.own_row(pos)}]"
        # A forced node is read from its copy once made too (`copy` takes it off `force`
        # to compute it): reading the original would race with the sweep's writes.
        if id(e) in self.force or (e.type.shape and id(e) in self.memo):
            return self.scratch_elem(e, pos)
        return super().elem(e, pos)

    def product_plan(self, e: ir.Dot) -> ProductPlan:
        """How product `e` is computed: its plan, made in its statement's layout before
        any code (plan/products.py)."""
        return self.products[id(e)]

    def product_in_registers(self, e: ir.Dot) -> bool:
        """Whether the statement computes product `e` into its layout's registers."""
        order = self.ordered
        return (order is not None and id(e) in self.read_in_order
                and product_in_registers(e, order.layout, self.registers.tiles))

    def reads_registers(self, e: ir.Expr) -> bool:
        """Whether `e` reads a register tile."""
        return reads_registers(e, self.registers.tiles)

    def own_row(self, pos: Pos) -> str:
        """The register index of this thread's row at `pos`, which must be the row the
        layout-order loops are at (the register planner sees to that)."""
        order = self.ordered
        assert order is not None and pos[:-1] == order.pos[:-1], "a register row read out of the layout's order"
        return order.row_index

    def register_elem(self, sym: ir.Sym, pos: Pos) -> str:
        """The value of element `pos` of a register tile: this thread's own."""
        if sym in self.registers.replicated:
            return f"{self.sym(sym)}[{self.own_row(pos)}]"
        index = self._spread_index(sym, pos)
        if self.registers.packed(sym):
            d, index = sym.vtype.dtype, paren(index)
            return ct.load(d, f"ph::half_of<{ct.storage_type(d)}>({self.sym(sym)}[{index} / 2], {index} % 2)")
        return f"{self.sym(sym)}[{index}]"

    def register_write(self, sym: ir.Sym, pos: Pos, value: str) -> str:
        """The statement giving element `pos` of a register tile the value `value`."""
        if sym in self.registers.replicated:
            return f"{self.sym(sym)}[{self.own_row(pos)}] = {value};"
        index = self._spread_index(sym, pos)
        if self.registers.packed(sym):
            index = paren(index)
            return f"ph::set_half({self.sym(sym)}[{index} / 2], {index} % 2, {ct.pack(sym.vtype.dtype, value)});"
        return f"{self.sym(sym)}[{index}] = {value};"

    def _spread_index(self, sym: ir.Sym, pos: Pos) -> str:
        """Where this thread keeps element `pos` of the spread register tile `sym`, by the
        tile's own layout (a product's left operand may be narrower or wider than the
        statement's: the rows and the loops' names are the same)."""
        order = self.ordered
        assert order is not None and pos[-1] in (order.pos[-1], order.column), "a register read out of order"
        self.own_row(pos)
        return self.registers.spread[sym].register_index(order.lane, order.slot, order.pass_)

    def scratch_elem(self, e: ir.Expr, pos: Pos) -> str:
        """An element of `e` materialized in scratch (16-byte aligned, like every tile)."""
        tmp, shape = self.materialize(e), e.type.shape
        whole = self.group_read(e.type.dtype, pos, lambda p: f"{tmp}[{linear(p, shape)}]",
                                shape[-1] if len(shape) > 1 else None, "0", True, tmp)
        return ct.load(e.type.dtype, whole or f"{tmp}[{linear(pos, shape)}]")

    def region(self, e: ir.Expr) -> Region:
        if id(e) in self.force:
            self.materialize(e)
        return super().region(e)

    def materialize(self, e: ir.Expr) -> str:
        """The tile value `e` written to scratch, followed by a barrier; its region is
        recorded for `region`."""
        key = id(e)
        if key in self.memo:
            return self.memo[key]
        match e:
            case ir.Reduce():
                tmp, region = self.reduce_axis(e)
            case ir.Dot():
                tmp, region = products.write(self, e)
            case _:  # a softmax too: its elements, fused, written out
                tmp, region = self.copy(e)
        if key not in self.row_values and not (isinstance(e, ir.Dot) and self.product_in_registers(e)):
            self.sync()
        self.memo[key] = tmp
        self.region_memo[key] = region
        return tmp

    def copy(self, e: ir.Expr) -> tuple[str, Region]:
        self.force.discard(id(e))
        region = self.region(e)
        pos = self.pos(len(e.type.shape))
        value = self.elem(e, pos)
        box = self.box_var(region) if not is_full(region, e.type.shape) else None
        tmp = self.temp(e)
        kept = region if box is None else [(f"{box}.lo[{k}]", f"{box}.hi[{k}]") for k in range(len(region))]
        self.sweep(e.type.shape, kept, [f"{tmp}[{linear(pos, e.type.shape)}] = {ct.pack(e.type.dtype, value)};"])
        return tmp, kept

    def combine(self, op: str, d, acc: str, value: str) -> str:
        if op == "sum":
            return ct.binary("+", d, acc, value)
        return ct.min_max(op, d, acc, value)

    def reduce_axis(self, e: ir.Reduce) -> tuple[str, Region]:
        """sum/max/min along one axis: the last axis by groups of threads per row
        (`row_reduce`); another axis by one thread per output element, folding its line."""
        x, axis, d = e.operand, e.axis, e.type.dtype
        assert axis is not None
        source = self.region(x)
        region = [("0", "1") if k == axis else r for k, r in enumerate(source)]
        pos = self.pos(len(e.type.shape))
        j = self.loop_name("j")
        along = [j if k == axis else p for k, p in enumerate(pos)]
        value = ct.cast(x.type.dtype, d, self.elem(x, along))
        acc = self.loop_name("acc")
        if axis == len(e.type.shape) - 1 and x.type.shape[-1] > 1:
            vt = ct.value_type(d)
            # A float max or min starts at NaN, so that of NaN alone it is NaN.
            fold = Fold(acc, vt, ct.neutral(e.op, d), lambda a, b: self.combine(e.op, d, a, b), value,
                        ct.identity(e.op, d))
            what = f"{e.op} along the last axis of {x.type}"
            order = self.ordered
            if order is not None and order.is_spread(x.type.shape) and id(e) in self.read_in_order:
                # The statement's sweeps run in the same order: each thread keeps its rows' values.
                tmp = self.names.take(f"row_{e.op}")
                self.line(f"{vt} {tmp}[{order.layout.passes}];  // the {e.op} of each row this thread holds")
                self.row_values.add(id(e))
                self.row_reduce(what, x.type.shape, source, [fold], [f"{tmp}[{order.row_index}] = {acc};"],
                                every_lane=True)
                return tmp, region
            tmp = self.temp(e)
            out = linear([*pos[:-1], "0"], e.type.shape)
            self.row_reduce(what, x.type.shape, source, [fold], [f"{tmp}[{out}] = {ct.pack(d, acc)};"])
            return tmp, region
        lo, hi = source[axis]
        tmp = self.temp(e)
        self.sweep(e.type.shape, region, [
            f"{ct.value_type(d)} {acc} = {ct.fold_start(e.op, d, holds_any([(lo, hi)]))};",
            f"for (i64 {j} = {lo}; {j} < {hi}; ++{j}) {acc} = {self.combine(e.op, d, acc, value)};",
            f"{tmp}[{linear(pos, e.type.shape)}] = {ct.pack(d, acc)};",
        ])
        return tmp, region

    def row_reduce(self, what: str, shape: tuple[int, ...], source: Region, folds: list[Fold],
                   stores: list[str], every_lane: bool = False) -> None:
        """Fold every row (last axis) of a tile of `shape` whose present region is
        `source` into each of `folds`, one after another (a fold's value may use an
        earlier fold's result), then run `stores` once per present row (in every lane
        of the row's group when `every_lane`: they fill replicated registers).

        The folds' values and `stores` name the row's position `self.pos(rank)[:-1]`,
        the element's `loop_name("j")`, and the accumulators. A row absent in another
        dim, or past the last row, folds nothing, but its lanes still take part in the
        shuffles (which need every lane of the warp). In a statement that runs in a
        register layout's order, each lane folds the elements it holds there."""
        order = self.ordered if self.ordered is not None and self.ordered.is_spread(shape) else None
        layout = order.layout.groups if order is not None else row_groups(math.prod(shape[:-1]), shape[-1],
                                                                             self.kernel.threads)
        # A reduction kept in registers has its warps meet in shared memory of its own
        # statement (the barrier planner's place for it), not the statement scratch.
        allocate = self.scratch if order is None else self.own_scratch
        parts = [] if layout.warps == 1 else [
            allocate(f.ctype, VALUE_BYTES[f.ctype], self.kernel.threads // WARP, f"{f.acc} of each warp",
                     f"{f.acc}_part")
            for f in folds
        ]
        if order is not None:
            self.line(f"// {what}: {order.layout.describe()}; each lane folds its own elements in registers, "
                      f"then xor shuffles combine the group{' and one shared step its warps' if parts else ''}")
            rows = self.layout_rows(order)
        else:
            self.line(f"// {what}: {self.describe(layout)}")
            rows = self.group_rows(layout, shape[:-1], self.pos(len(shape))[:-1])
        with rows as exists:
            self.fold_rows(shape, source, folds, stores, every_lane, order, layout, parts, exists)

    def fold_rows(self, shape: tuple[int, ...], source: Region, folds: list[Fold], stores: list[str],
                  every_lane: bool, order: Ordered | None, layout: RowGroups, parts: list[str],
                  exists: str | None) -> None:
        """The body of `row_reduce` for the row at `self.pos(rank)[:-1]`."""
        pos = self.pos(len(shape))
        width, lanes = layout.width, layout.lanes
        j = self.loop_name("j")
        lane, row = self.loop_name("lane"), self.loop_name("row")
        live = [exists] if exists else []
        for p, (lo, hi), n in zip(pos[:-1], source[:-1], shape[:-1], strict=True):
            if (lo, hi) != ("0", str(n)):
                live.append(f"{lo} <= {p} && {p} < {hi}")
        lo, hi = source[-1]
        alive = self.loop_name("live")
        if live:
            said = " and ".join(w for w, c in (("exists", bool(exists)), ("is present", len(live) > bool(exists)))
                                if c)
            self.line(f"const bool {alive} = {' && '.join(live)};  // the row {said}")
        # The row's present elements [begin, end); a row that is not live has none.
        if const_int(lo) is None:
            begin = self.loop_name("begin")
            self.line(f"const int {begin} = (int){paren(lo)};")
            lo = begin
        if live or const_int(hi) is None:
            end = self.loop_name("end")
            text = hi if const_int(hi) is not None else f"(int){paren(hi)}"
            self.line(f"const int {end} = {f'{alive} ? {text} : 0' if live else text};")
            hi = end
        for k, fold in enumerate(folds):
            start = fold.identity if fold.empty is None else ct.pick(holds_any([(lo, hi)]), fold.identity, fold.empty)
            self.line(f"{fold.ctype} {fold.acc} = {start};")
            if order is not None:
                with self.layout_slots(order) as present:
                    if present:
                        self.line(f"if (!({present})) continue;")
                    size, g = order.layout.size, order.group
                    step = f"{fold.acc} = {fold.step(fold.acc, fold.value)};"
                    each_lane = f"for (int {order.lane} = 0; {order.lane} < {size}; ++{order.lane}) {{"
                    column = f"const int {j} = {g} + {order.lane};"
                    checked = const_int(hi) != order.layout.cols or lo != "0"
                    if checked:  # a group wholly inside the row's present elements folds unchecked
                        whole = " && ".join(t for t in (f"{lo} <= {g}" if lo != "0" else "", f"{g} + {size} <= {hi}")
                                            if t)
                        self.line(f"if ({whole}) {{")
                        self.depth += 1
                    self.unrolled(each_lane, [column, step])
                    if checked:
                        self.depth -= 1
                        self.line("} else {")
                        inside = " && ".join(t for t in (f"{lo} <= {j}" if lo != "0" else "", f"{j} < {hi}") if t)
                        with self.indented():
                            self.unrolled(each_lane, [column, f"if ({inside}) {step}"])
                        self.line("}")
            else:
                start = lane if lo == "0" else f"{lo} + {lane}"
                self.line("#pragma unroll 4")
                self.line(f"for (int {j} = {start}; {j} < {hi}; {j} += {width}) "
                          f"{fold.acc} = {fold.step(fold.acc, fold.value)};")
            m = self.loop_name("m")
            self.line(f"// the {lanes} lanes combine pairwise, halving: each ends with the same bits")
            self.line("#pragma unroll")
            self.line(f"for (int {m} = {lanes // 2}; {m} >= 1; {m} /= 2) "
                      f"{fold.acc} = {fold.step(fold.acc, f'ph::shfl_xor({fold.acc}, {m}, {lanes})')};")
            if parts:
                part, warps, w = parts[k], layout.warps, self.loop_name("w")
                self.line(f"// the row's {warps} warps: each leaves its value in {part}, then every thread "
                          "of the row combines them in order")
                self.line(f"if (threadIdx.x % {WARP} == 0) {part}[threadIdx.x / {WARP}] = {fold.acc};")
                self.sync()
                self.line(f"{fold.acc} = {part}[{row} * {warps}];")
                self.line(f"for (int {w} = 1; {w} < {warps}; ++{w}) "
                          f"{fold.acc} = {fold.step(fold.acc, f'{part}[{row} * {warps} + {w}]')};")
        guard = [*([alive] if live else []), *([] if every_lane else [f"{lane} == 0"])]
        self.line(f"if ({' && '.join(guard)}) {{" if guard else "{")
        with self.indented():
            for text in stores:
                self.line(text)
        self.line("}")

    @staticmethod
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

    def by_arch(self, tensor_cores: Callable[[], T], scalar: Callable[[], None],
                hopper: Callable[[], T] | None = None) -> list[T]:
        """`tensor_cores()` under `#if __CUDA_ARCH__ >= 800` and `scalar()` under `#else`,
        and `hopper()` before them under sm_90a's feature macro where given (so a build
        for plain sm_90 takes the sm_80 branch), each from the same state (none leaves a
        name the code after would read); the scratch and the own shared memory after
        them are the largest branch's, and what the tensor-core branches alone take is
        left out of the shared memory counted below sm_80 (`scalar_peak`). Returns the
        tensor-core branches' results in the order written (hopper's first)."""
        before, own = self.branch_state(), self.own_used
        used, own_end = 0, own
        heads = ["#if __CUDA_ARCH__ >= 800", "#else"]
        branches: list[Callable[[], T | None]] = [tensor_cores, scalar]
        if hopper is not None:
            heads = ["#if defined(__CUDA_ARCH_FEAT_SM90_ALL)", "#elif __CUDA_ARCH__ >= 800", "#else"]
            branches.insert(0, hopper)
        results: list[T] = []
        for head, write in zip(heads, branches, strict=True):
            self.line(head)
            self.tensor_cores_only = write is not scalar
            value = write()
            if write is not scalar:
                results.append(value)  # type: ignore[arg-type]
            self.tensor_cores_only = False
            used, own_end = max(used, self.arena_used), max(own_end, self.own_used)
            self.restore_branch_state(before)
            self.own_used = own
        self.arena_used, self.own_used = used, own_end
        self.line("#endif")
        return results

    def note_lowering(self, e: ir.Dot, text: str) -> None:
        """Record how the product at `e`'s place is written, for `phobos compile` to say."""
        self.lowerings[(e.span.line, e.span.column)] = text

    def branch_state(self) -> tuple[dict, ...]:
        """What writing code records for later code to reuse (values computed, regions,
        row statistics) and the scratch in use: before one of two branches of which one
        is compiled, so that neither leaves a name the code after it would read."""
        return (dict(self.memo), dict(self.region_memo), dict(self.index_memo), dict(self.row_stats),
                dict(self.stats_in_registers), {"arena": self.arena_used, "force": set(self.force)})

    def restore_branch_state(self, state: tuple[dict, ...]) -> None:
        memo, regions, indices, stats, in_registers, rest = state
        self.memo, self.region_memo, self.index_memo = dict(memo), dict(regions), dict(indices)
        self.row_stats, self.stats_in_registers = dict(stats), dict(in_registers)
        self.arena_used, self.force = rest["arena"], set(rest["force"])

    def softmax_stats(self, e: ir.Softmax) -> tuple[str, str]:
        """Each row's maximum and sum of `exp(x - max)` over its present elements, in
        scratch, one entry per row, followed by a barrier. An operand that is not a
        cheap read of shared memory is materialized first: the rows are read three
        times (maximum, sum, output)."""
        key = id(e)
        if key in self.row_stats:
            return self.row_stats[key]
        x, d = e.operand, e.type.dtype
        order = self.ordered
        if order is None or not order.is_spread(x.type.shape) or id(e) not in self.read_in_order:
            order = None
        if not cheap(x, order is not None):
            self.force.add(id(x))
        shape = x.type.shape
        source = self.region(x)
        pos = self.pos(len(shape))
        j = self.loop_name("j")
        work, suffix = ("f64", "") if d == F64 else ("f32", "f")
        work_type = F64 if d == F64 else ct.F32
        value = f"({work}){paren(self.elem(x, [*pos[:-1], j]))}"
        peak, total = self.loop_name("peak"), self.loop_name("total")
        if order is not None:  # kept in registers, each thread its rows' (the sweeps that read them follow)
            peaks, totals = self.names.take("row_max"), self.names.take("row_sum")
            self.line(f"{work} {peaks}[{order.layout.passes}], {totals}[{order.layout.passes}];  "
                      "// the maximum and sum of exp(x - maximum) of each row this thread holds")
            row = order.row_index
        else:
            rows = math.prod(shape[:-1])
            size = 8 if d == F64 else 4
            peaks = self.scratch(work, size, rows, "each row's maximum", "row_max")
            totals = self.scratch(work, size, rows, "each row's sum of exp(x - maximum)", "row_sum")
            row = self.loop_name("row")
        self.stats_in_registers[key] = order is not None
        exponential = ct.math1("exp", work_type, f"{value} - {peak}", self.spec.fast_math)
        if self.exp_in_place(e):  # the operand's registers take exp(x - max), which the output divides
            exponential = f"({self.elem(x, [*pos[:-1], j])} = {exponential})"
        folds = [
            Fold(peak, work, ct.literal(-math.inf, F64 if d == F64 else ct.F32),
                 lambda a, b: f"fmax{suffix}({a}, {b})", value),
            Fold(total, work, "0" if d == F64 else "0.0f", lambda a, b: f"({a} + {b})", exponential),
        ]
        self.row_reduce(f"softmax's row statistics of {x.type}", shape, source, folds,
                        [f"{peaks}[{row}] = {peak};", f"{totals}[{row}] = {total};"], every_lane=order is not None)
        if order is None:
            self.sync()
        self.row_stats[key] = (peaks, totals)
        return peaks, totals

    def exp_in_place(self, e: ir.Softmax) -> bool:
        """Whether the row sums leave exp(x - max) in the operand's registers for the
        output to divide: statistics kept in registers, of a consumed operand."""
        return self.stats_in_registers[id(e)] and id(e) in self.registers.consumed

    def softmax_elem(self, e: ir.Softmax, pos: Pos) -> str:
        """An element of softmax(x): `exp(x - max) / sum` with its row's statistics."""
        peaks, totals = self.softmax_stats(e)
        x, d, shape = e.operand, e.type.dtype, e.type.shape
        work = "f64" if d == F64 else "f32"
        if self.stats_in_registers[id(e)]:
            row = self.own_row(pos)
        else:
            row = linear(pos[:-1], shape[:-1]) if len(shape) > 1 else "0"
        fast, work_type = self.spec.fast_math, F64 if d == F64 else ct.F32
        if self.exp_in_place(e):
            share = ct.binary("/", work_type, self.elem(x, pos), f"{totals}[{row}]", fast)
        else:
            exponential = ct.math1("exp", work_type, f"({work}){paren(self.elem(x, pos))} - {peaks}[{row}]", fast)
            share = ct.binary("/", work_type, exponential, f"{totals}[{row}]", fast)
        return share if d == F64 else ct.rounded(d, share)

    def reduce_all(self, e: ir.Reduce) -> str:
        """sum/max/min of every present element: per thread, then over the CTA. Each
        thread folds its share in a register layout's order (the statement's, or one of
        the operand's own shape when the operand is a plain stream of elements): whole
        groups read at once, every read issued before the folds need them."""
        x, d = e.operand, e.type.dtype
        shape = x.type.shape
        region = self.region(x)
        acc = self.names.take(e.op)
        self.line(f"{ct.value_type(d)} {acc} = {ct.fold_start(e.op, d, holds_any(region))};")
        order = self.ordered if self.ordered is not None and self.ordered.covers(shape) else None
        if order is None and not any(isinstance(n, ir.Reduce | ir.Softmax | ir.Dot) for n in ir.walk_expr(x)):
            layout = make_layout(shape[:-1], shape[-1], self.registers.size, self.kernel.threads)
            if layout.passes * layout.slots <= MAX_GROUPS:
                order = self.order(layout)
        if order is None:
            pos = self.pos(len(shape))
            value = ct.cast(x.type.dtype, d, self.elem(x, pos))
            self.sweep(shape, region, [f"{acc} = {self.combine(e.op, d, acc, value)};"])
        else:
            saved, self.ordered = self.ordered, order
            try:
                self.layout_elements(
                    order, shape, region, self.elem(x, order.pos), lambda: self.elem(x, order.pos),
                    lambda v: [f"{acc} = {self.combine(e.op, d, acc, ct.cast(x.type.dtype, d, v))};"],
                    [], None, False)
            finally:
                self.ordered = saved
        self.line(f"{acc} = ph::cta_reduce({acc}, {ct.combiner(e.op)}, ({ct.value_type(d)}){ct.neutral(e.op, d)});")
        return acc

    # ------------------------------------------------------------ collectives and atomics

    def lane_reduce(self, e: ir.LaneReduce) -> str:
        d = e.type.dtype
        vt = ct.value_type(d)
        value = self.scalar(e.operand)
        name = self.names.take(e.op)
        if e.over == "thread":
            self.line(f"const {vt} {name} = ph::cta_reduce(({vt}){value}, {ct.combiner(e.op)}, "
                      f"({vt}){ct.neutral(e.op, d)});")
        else:
            self.line(f"const {vt} {name} = ph::lane_reduce(({vt}){value}, {ct.combiner(e.op)}, {e.width});")
        return name

    def shuffle(self, e: ir.Shuffle) -> str:
        """A value every lane of a warp holds alike is what every lane reads, so it is
        written as itself: no shuffle. (ptxas 13.0 and 13.5 fold a shuffle of a constant
        themselves and can then negate the wrong operand of a subtraction around it: the
        H200's differential run, seed 2838.) A lane argument holding an atomic keeps its
        shuffle, so the atomic still happens."""
        vt = ct.value_type(e.type.dtype)
        value = self.scalar(e.operand)
        if e.operand.uni <= U.WARP and not any(isinstance(n, ir.Atomic) for n in ir.walk_expr(e.arg)):
            return f"({value})"  # parenthesized, as a name is whole: `-` before `-2.0f` is no `--`
        if e.mode == "idx":
            arg = f"(int)({self.scalar(e.arg)} & {e.width - 1})"
        else:
            arg = str(int(e.arg.value))  # type: ignore[attr-defined]
        name = self.names.take("shfl")
        self.line(f"const {vt} {name} = ph::shfl_{e.mode}<{vt}>({value}, {arg}, {e.width});")
        return name

    def atomic(self, e: ir.Atomic) -> str:
        """One element of a tensor or tile; outside it (or absent) nothing happens and 0 comes back."""
        d = e.type.dtype
        vt = ct.value_type(d)
        coords = [self.index(it.index, "at") for it in e.items if isinstance(it, ir.At)]
        args = [f"({vt}){self.scalar(e.value)}"]
        if e.compare is not None:
            args.insert(0, f"({vt}){self.scalar(e.compare)}")
        if e.tile is None:
            inside = self.in_tensor(e.target, coords)
            place = f"&{self.tensor_ref(e.target, coords)}"
        else:
            if e.tile in self.full_syms:
                inside = in_bounds(coords, [str(n) for n in e.tile.vtype.shape])
            else:
                inside = f"{self.boxes[e.tile]}.has({', '.join(coords)})"
            place = f"&{self.sym(e.tile)}[{linear(coords, e.tile.vtype.shape)}]"
        name = self.names.take("old")
        call = f"ph::atomic_{e.op}({place}, {', '.join(args)})"
        if inside == "true":
            self.line(f"const {vt} {name} = {call};")
        else:
            self.line(f"{vt} {name} = {ct.zero(d)};")
            self.line(f"if ({inside}) {name} = {call};")
        return name

    # ------------------------------------------------------------ tile statements

    def force_misaligned(self, root: ir.Expr, reads_target: Callable[[ir.Expr], bool],
                         aligned: Callable[[ir.Expr], bool]) -> list[ir.Expr]:
        """Mark for materializing each part of `root` that reads the target elsewhere
        than at the element being written (a barrier follows each), and return the
        other parts that read it before the store's sweep: scalars, which are hoisted,
        and reductions across rows, materialized too unless kept in registers (see
        `settle`). A row reduction may read the target in place: a row's threads have
        all folded it before any of them stores into it."""
        early: list[ir.Expr] = []

        def reads(e: ir.Expr) -> bool:
            return ir.any_node(e, reads_target)

        def visit(e: ir.Expr, fold: ir.Reduce | None = None) -> None:
            """`fold`: the row reduction `e` is (part of) the operand of, if any."""
            if not e.type.shape or aligned(e):
                if not e.type.shape and reads(e):
                    early.append(e)
                return
            if isinstance(e, (*ELEMENTWISE, ir.Softmax)):  # softmax reads its operand in place too
                for c in e.children():
                    visit(c, fold)
            elif isinstance(e, ir.Reduce) and e.axis == len(e.type.shape) - 1:
                visit(e.operand, fold or e)  # row i folds the operand's row i, which only row i's store follows
            elif not reads(e):
                return
            elif fold is not None:  # read where the row reduction reads it: before the store's sweep
                early.append(fold)
            elif isinstance(e, ir.Reduce):
                early.append(e)
            elif not isinstance(e, ir.Dot):  # a product is materialized anyway
                self.force.add(id(e))

        visit(root)
        return early

    def settle(self, early: Sequence[ir.Expr]) -> None:
        """The barrier between a statement's early reads of its target and its store's
        sweep, so that no thread stores before every thread has read (spec: a
        statement's reads see the tensor as it was before it). Needed after a hoisted
        scalar and a row reduction kept in registers; a materialization has one."""
        if not any(not e.type.shape or id(e) in self.row_values for e in early):
            return
        if not self.lines or self.lines[-1].strip() != "__syncthreads();":
            self.sync()

    def assign_tile(self, sym: ir.Sym, value: ir.Expr | None) -> None:
        """A whole tile variable takes a new value and region."""
        shape, d = sym.vtype.shape, sym.vtype.dtype
        pos = self.pos(len(shape))
        box = self.boxes[sym]
        in_registers = sym in self.registers
        # A register tile is read only by the thread holding the element (the planner sees to it).
        early = [] if value is None or in_registers else self.force_misaligned(
            value,
            lambda n: isinstance(n, ir.Read) and n.sym is sym,
            lambda n: isinstance(n, ir.Read) and n.sym is sym,
        )
        if value is None or not value.type.shape:
            text = ct.zero(d) if value is None else self.hoisted(value)
            region = full_region(shape)
        else:
            region = fit(self.region(value), value.type.shape, shape)
            text = self.elem(value, broadcast_pos(pos, value.type.shape, shape))
        new_box = None if is_full(region, shape) else self.box_var(region)
        kept = region if new_box is None else [(f"{new_box}.lo[{k}]", f"{new_box}.hi[{k}]") for k in range(len(shape))]

        def again() -> str:
            if value is None or not value.type.shape:
                return text
            return self.elem(value, broadcast_pos(pos, value.type.shape, shape))

        def place(p: Pos) -> str:
            return f"{self.sym(sym)}[{linear(p, shape)}]"

        def write(p: Pos, x: str) -> str:
            return self.register_write(sym, p, x)

        self.settle(early)
        self.element_sweep(shape, kept, d, place, shape[-1] if len(shape) > 1 else None, "0", True, text, again,
                           write if in_registers else None)
        if sym in self.full_syms:
            return
        if new_box is None:
            self.line(f"{box} = {{{{{', '.join('0' for _ in shape)}}}, {{{', '.join(map(str, shape))}}}}};")
        elif new_box != box:
            self.line(f"{box} = {new_box};")

    def store_window(self, items: tuple[ir.Item, ...], value: ir.Expr, extents: list[str], ref, dtype,
                     pitch: int | str | None, aligned: bool,
                     write: Callable[[Pos, Pos, str], str] | None = None, early: Sequence[ir.Expr] = (),
                     inside: bool = False) -> None:
        """Write the present elements of `value` into a window, dropping what falls
        outside the target (`extents`, per dim); `ref(p, starts)` names the element at
        the window's position `p`, given the items' `window_starts` (`write(p, starts,
        x)` the statement giving it the value x, where the target is a register tile).
        The target has rows of `pitch` elements (None: one row) from a base that is 16-byte aligned
        when `aligned`. `early`: what reads the target before the sweep (`settle`). With
        `inside`, the window is known to lie inside the target (a whole turn's test)."""
        window = tuple(it.length for it in items if isinstance(it, ir.Window))
        if value.type.shape:
            region = fit(self.region(value), value.type.shape, window)
        else:
            region = full_region(window)
        pos = self.pos(len(window))
        if value.type.shape:
            text = self.elem(value, broadcast_pos(pos, value.type.shape, window))
        else:
            text = self.hoisted(value)
        starts = self.window_starts(items)
        clipped: Region = []
        outside: list[str] = []
        inner = iter(region)
        last_start = None  # the innermost window's start, when the innermost item is a window
        for it, extent, s in zip(items, extents, starts, strict=True):
            if isinstance(it, ir.At):
                if not inside:
                    outside.append(f"{s} < 0 || {s} >= {extent}")
                continue
            lo, hi = next(inner)
            if inside:
                clipped.append((lo, hi))
                continue
            last_start = s if it is items[-1] else None
            first, last = const_int(s), const_int(extent)
            # Positions of the window that fall outside [0, extent) are dropped.
            if first is None or first < 0:
                lo = imax(lo, sub("0", s))
            if first is None or last is None or first + it.length > last:
                hi = imin(hi, sub(extent, s))
            clipped.append((lo, hi))
        if outside:
            box = self.names.take("box")
            los = ", ".join(lo for lo, _ in clipped)
            his = ", ".join(hi for _, hi in clipped)
            self.line(f"ph::Box<{len(window)}> {box} = {{{{{los}}}, {{{his}}}}};")
            self.line(f"if ({' || '.join(outside)}) {box} = {{}};  // the window's index is outside")
            clipped = [(f"{box}.lo[{k}]", f"{box}.hi[{k}]") for k in range(len(window))]

        def again() -> str:
            if not value.type.shape:
                return text
            return self.elem(value, broadcast_pos(pos, value.type.shape, window))

        self.settle(early)
        self.element_sweep(window, clipped, dtype, lambda p: ref(p, starts), pitch, last_start, aligned, text, again,
                           None if write is None else lambda p, x: write(p, starts, x))

    def store_tensor(self, s: ir.Store) -> None:
        name = s.tensor

        def reads(n: ir.Expr) -> bool:
            return isinstance(n, ir.Load) and n.tensor == name

        early = self.force_misaligned(s.value, reads, lambda n: reads(n) and same_window(n.items, s.items))
        early += [x for x in ir.item_exprs(s.items) if ir.any_node(x, reads)]
        dims = self.tensors[name].dims
        extents = [self.dim(n) for n in dims]
        self.store_window(s.items, s.value, extents, lambda p, starts: self.window_ref(name, s.items, p, starts),
                          s.value.type.dtype, dims[-1] if len(dims) > 1 else None, name in self.aligned,
                          early=early, inside=self.whole is not None and id(s) in self.whole.stores)

    def store_tile_window(self, s: ir.TileStore) -> None:
        sym = s.sym
        # A register tile is only ever read at the element being written (and the window is the whole tile).
        in_registers = sym in self.registers

        def reads(root: ir.Expr) -> bool:
            return ir.any_node(root, lambda n: isinstance(n, ir.Read) and n.sym is sym)

        early: list[ir.Expr] = []
        if not in_registers:
            if s.value.type.shape and reads(s.value):
                self.force.add(id(s.value))  # all of it first, then the store
            early = [root for root in (s.value, *ir.item_exprs(s.items)) if not root.type.shape and reads(root)]
        shape = sym.vtype.shape

        def place(p: Pos, starts: Pos) -> str:
            return f"{self.sym(sym)}[{linear(self.window_coords(s.items, p, starts), shape)}]"

        def write(p: Pos, starts: Pos, x: str) -> str:
            return self.register_write(sym, self.window_coords(s.items, p, starts), x)

        self.store_window(s.items, s.value, [str(n) for n in shape], place, sym.vtype.dtype,
                          shape[-1] if len(shape) > 1 else None, True, write if in_registers else None, early)
