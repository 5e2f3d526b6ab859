"""Tile statements, and what needs a whole tile first (the sweeps are sweeps.py).

Reductions and `dot` need many elements for each one they produce, so they are
materialized first into scratch shared memory (after the tile variables), with a
barrier after. So is any part of a value that reads the place being written at
other positions than the one written (`t = transpose(t)`, `X[1 :+ 8] = X[0 :+ 8]`).
The folds along rows (reductions, softmax's statistics) are rows.py's.

Collectives and atomics are here too: they are hoisted locals (exprs.py).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from phobos.ir import nodes as ir
from phobos.ir.nodes import Uniformity as U
from phobos.ir.specialize import Specialization
from phobos.ir.text import same_window

from .. import ctypes as ct
from ..layout.fragments import (
    ELEMENTWISE,
    Registers,
    product_in_registers,
    reads_registers,
)
from ..plan.kernel import ALIGN
from ..plan.products import ProductPlan, Summed
from ..plan.tma_loads import TensorMap, TmaLoad
from . import products, rows
from .exprs import (
    Pos,
    Region,
    broadcast_pos,
    const_int,
    fit,
    full_region,
    imax,
    imin,
    in_bounds,
    is_full,
    linear,
    paren,
    sub,
)
from .in_flight import Flights
from .stage_ring import Ring
from .sweeps import SweepWriter

T = TypeVar("T")


class TileWriter(SweepWriter):
    def __init__(self, kernel: ir.Kernel, spec: Specialization, registers: Registers):
        super().__init__(kernel, spec, registers)
        self.arena_base = 0
        self.arena_used = 0
        self.arena_peak = 0
        self.scalar_peak = 0  # the peak of the scratch code below sm_80 uses (tensor_cores_only: not counted)
        self.tensor_cores_only = False  # while writing a branch compiled from sm_80 only
        self.arch_branch: str | None = None  # the `#if` of the branch by_arch is writing; None: every target
        # Per statement: each softmax's row statistics (maximum, sum), by node identity,
        # and whether they are kept in registers (one per pass) rather than scratch.
        self.row_stats: dict[int, tuple[str, str]] = {}
        self.stats_in_registers: dict[int, bool] = {}
        self.own_base: str | None = None  # the name of the offset of the statements' own shared memory
        self.own_used = 0
        self.scalar_own_used = 0  # the end of the own shared memory code below sm_80 uses
        # Loops' rings of stages apart from the own memory (`ring_scratch`): where they start
        # (C++), the bytes they take, the scratch peak of statements inside loops with rings
        # (the rings start past it), and how many such loops enclose the statement written.
        self.rings_apart = False  # the plan's rotated turns: rings in a region of their own
        self.rings_base: str | None = None
        self.rings_used = 0
        self.ring_loops_peak = 0
        self.in_ring_loops = 0
        self.row_values: set[int] = set()  # per statement: reductions kept in registers, one per pass
        self.read_in_order: set[int] = set()  # per statement: values read in its layout's order (fragments)
        # Per statement, the plan's `acc = x + dot(a, b)` whose product is summed into acc's
        # own registers, by the sum's node id (dropped where the product is written otherwise).
        self.summed_into: dict[int, Summed] = {}
        self.ring: Ring | None = None  # the `for` loop being written, where products stage a turn ahead
        self.flights = Flights()  # products left in flight past their statements (in_flight.py)
        self.products: dict[int, ProductPlan] = {}  # each product's plan, by node id (the kernel's plan)
        # The operands TMA loads, by each product's node id, and the C++ names of their maps (plan/tma_loads.py).
        self.tma_loads: dict[int, tuple[TmaLoad | None, TmaLoad | None]] = {}
        self.map_names: dict[TensorMap, str] = {}
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
        if self.in_ring_loops:
            self.ring_loops_peak = max(self.ring_loops_peak, self.arena_used)
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

    def ring_scratch(self, size: int, comment: str, base: str) -> str:
        """`size` bytes of shared memory for a loop's ring of stages (stage_ring.py). The
        rings start past the scratch of the statements inside their loops, so the
        scratch of statements outside them may reuse it: such a statement runs before
        the loop's first copy or after its last read, a barrier apart (its scratch use
        has one before it, and a loop's products count as scratch users). With rotated
        turns off, the rings take own memory, as they did."""
        if not self.rings_apart:
            return self.own_scratch("unsigned char", 1, size, comment, base)
        if self.rings_base is None:
            self.rings_base = self.names.take("rings")
        offset = self.rings_used
        self.rings_used += -(-size // ALIGN) * ALIGN
        name = self.names.take(base)
        self.line(f"unsigned char* {name} = (unsigned char*)(smem + {self.rings_base} + {offset});  // {comment}")
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
                tmp, region = rows.reduce_axis(self, e)
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

    def by_arch(self, tensor_cores: Callable[[], T], scalar: Callable[[], None],
                hopper: Callable[[], T] | None = None) -> list[T]:
        """`tensor_cores()` under `#if __CUDA_ARCH__ >= 800` and `scalar()` under `#else`,
        and `hopper()` before them under sm_90a's feature macro where given (so a build
        for plain sm_90 takes the sm_80 branch), each from the same state (none leaves a
        name the code after would read); the scratch and the own shared memory after
        them are the largest branch's, and what the tensor-core branches alone take is
        left out of the shared memory counted below sm_80 (`scalar_peak`). Returns the
        tensor-core branches' results in the order written (hopper's first)."""
        before, own, rings = self.branch_state(), self.own_used, self.rings_used
        used, own_end, rings_end = 0, own, rings
        heads = ["#if __CUDA_ARCH__ >= 800", "#else"]
        branches: list[Callable[[], T | None]] = [tensor_cores, scalar]
        if hopper is not None:
            heads = ["#if defined(__CUDA_ARCH_FEAT_SM90_ALL)", "#elif __CUDA_ARCH__ >= 800", "#else"]
            branches.insert(0, hopper)
        results: list[T] = []
        for head, write in zip(heads, branches, strict=True):
            self.line(head)
            self.tensor_cores_only, self.arch_branch = write is not scalar, head
            value = write()
            if write is not scalar:
                results.append(value)  # type: ignore[arg-type]
            self.tensor_cores_only, self.arch_branch = False, None
            used, own_end = max(used, self.arena_used), max(own_end, self.own_used)
            rings_end = max(rings_end, self.rings_used)
            self.restore_branch_state(before)
            self.own_used, self.rings_used = own, rings
        self.arena_used, self.own_used, self.rings_used = used, own_end, rings_end
        self.line("#endif")
        return results

    def softmax_elem(self, e: ir.Softmax, pos: Pos) -> str:
        return rows.softmax_elem(self, e, pos)

    def reduce_all(self, e: ir.Reduce) -> str:
        return rows.reduce_all(self, e)

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
            elif isinstance(e, ir.Reduce | ir.Dot):  # a product is computed before the sweep, whole
                early.append(e)
            else:
                self.force.add(id(e))

        visit(root)
        return early

    def settle(self, early: Sequence[ir.Expr]) -> None:
        """The barrier between a statement's early reads of its target and its store's
        sweep, so that no thread stores before every thread has read (spec: a
        statement's reads see the tensor as it was before it). Needed after a hoisted
        scalar, a row reduction kept in registers and a product (which may read an operand
        where it lies in global memory, into registers); a materialization has one."""
        if not any(not e.type.shape or id(e) in self.row_values or isinstance(e, ir.Dot) for e in early):
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
            self.known_full.add(sym)
            self.line(f"{box} = {{{{{', '.join('0' for _ in shape)}}}, {{{', '.join(map(str, shape))}}}}};")
            return
        self.known_full.discard(sym)
        if new_box != box:
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
