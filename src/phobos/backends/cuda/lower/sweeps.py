"""Sweeps: the loops that visit a tile's elements, spread over the CTA.

A plain sweep is a block-stride loop over a tile's elements in row-major order, so
consecutive threads touch consecutive elements (coalesced in global memory), and
it skips the elements outside the region being written.

A sweep that writes a tile or a tensor window (`element_sweep`) takes a *vector
path* where it can: each thread takes a group of 16 bytes of consecutive elements
of the innermost dim a turn (4 f32, 8 bf16, 16 i8, ...), consecutive threads
consecutive groups, and moves each group whole (`ph::vload`, `ph::vstore`) when it
lies wholly in the region written. A group that crosses the region's edge is done
element by element with the scalar path's masks. Each element is still computed by
the scalar path's expression, so results do not change by a bit. The path needs the
innermost length to be a multiple of the group, and the written place's (and each
whole read's) group addresses aligned: a 16-byte aligned base (a tile always; a
tensor as the launch found it, `aligned`), and a row pitch and window start that
are multiples of the group. What is not known at compile time is one uniform test
choosing between the vector loop and the scalar loop.

A statement that touches a register tile (fragments.py) runs every sweep in that
tile's layout order instead (`Ordered`): each thread visits its own rows, one a
pass, and its own groups of each row, all loops unrolled so every register index is
a compile-time constant; a sweep that fills registers or folds issues the reads of
all its groups first. Those sweeps take the same vector path, group by group.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from phobos.dtypes import DType
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from .. import ctypes as ct
from ..layout.fragments import Layout, Registers
from ..layout.groups import RowGroups
from ..layout.placement import Modes
from .exprs import ExprWriter, Pos, Region, VectorBody, is_full, paren


@dataclass(frozen=True)
class Ordered:
    """A statement whose sweeps run in a register layout's order (fragments.py): the
    names its loops give the row position (`pos[:-1]`), the pass, the slot (the
    lane's k-th group of the row), the group's first column and the lane within the
    group; `column` is a row reduction's element."""

    layout: Layout
    pos: Pos
    pass_: str
    slot: str
    group: str
    lane: str
    column: str

    @property
    def spread_index(self) -> str:
        """Where the element being computed sits in a spread register tile: the
        placement's register index of (lane, slot, pass)."""
        return self.layout.register_index(self.lane, self.slot, self.pass_)

    @property
    def slot_index(self) -> str:
        """Which of this thread's groups (over all passes) the loops are at: the
        register index of (slot, pass), in groups."""
        return self.layout.group_index(self.slot, self.pass_)

    @property
    def row_index(self) -> str:
        """Where the element's row sits in a replicated register tile (or a row value)."""
        return Modes((self.layout.passes,), (0,), (0,)).index([self.pass_])

    def is_spread(self, shape: tuple[int, ...]) -> bool:
        return shape == self.layout.full_shape

    def covers(self, shape: tuple[int, ...]) -> bool:
        return shape in (self.layout.full_shape, self.layout.row_shape)


class SweepWriter(ExprWriter):
    """Writes sweeps; the tile writer builds on it."""

    def __init__(self, kernel: ir.Kernel, spec: Specialization, registers: Registers):
        super().__init__(kernel, spec)
        self.loop_vars: dict[str, str] = {}
        self.registers = registers
        self.ordered: Ordered | None = None  # the statement's register layout order, if any

    def loop_name(self, base: str) -> str:
        """A name for a variable local to a sweep's loop; sweeps reuse it."""
        if base not in self.loop_vars:
            self.loop_vars[base] = self.names.take(base)
        return self.loop_vars[base]

    def pos(self, rank: int) -> Pos:
        return [self.loop_name(f"i{k}") for k in range(rank)]

    def sync(self) -> None:
        self.line("__syncthreads();")

    def unrolled(self, head: str, body: list[str]) -> None:
        """A loop the compiler unrolls fully (`head` opens it), so a register array it
        indexes by the loop variable stays in registers."""
        self.line("#pragma unroll")
        self.line(head)
        with self.indented():
            for text in body:
                self.line(text)
        self.line("}")

    def sweep(self, shape: tuple[int, ...], region: Region, body: list[str]) -> None:
        """Run `body` for every element of `shape` inside `region`, spread over the CTA.

        `body` refers to the position as `self.pos(len(shape))`.
        """
        if self.ordered is not None and self.ordered.covers(shape):
            self.layout_sweep(self.ordered, shape, region, body)
            return
        threads = self.kernel.threads
        total = math.prod(shape)
        pos = self.pos(len(shape))
        check = None if is_full(region, shape) else self.box_var(region)
        if len(shape) == 1:
            self.line(f"for (int {pos[0]} = threadIdx.x; {pos[0]} < {total}; {pos[0]} += {threads}) {{")
        else:
            e = self.loop_name("e")
            self.line(f"for (int {e} = threadIdx.x; {e} < {total}; {e} += {threads}) {{")
        with self.indented():
            if len(shape) > 1:
                for name, part in zip(pos, self.unflatten(e, shape), strict=True):
                    self.line(f"const int {name} = {part};")
            if check is not None:
                self.line(f"if (!{check}.has({', '.join(pos)})) continue;")
            for text in body:
                self.line(text)
        self.line("}")

    @staticmethod
    def unflatten(e: str, shape: tuple[int, ...]) -> list[str]:
        """The row-major position of flat index `e` in `shape`, one C++ term per dim."""
        parts = []
        stride = math.prod(shape)
        for k, n in enumerate(shape):
            stride //= n
            if n == 1:
                parts.append("0")
            elif k == 0:
                parts.append(f"{e} / {stride}" if stride > 1 else e)
            elif stride > 1:
                parts.append(f"{e} / {stride} % {n}")
            else:
                parts.append(f"{e} % {n}")
        return parts

    def order(self, layout: Layout) -> Ordered:
        """The names the loops of a sweep in `layout`'s order use (`elem` reads
        register tiles by them)."""
        return Ordered(layout, self.pos(len(layout.lead) + 1), self.loop_name("pass"), self.loop_name("slot"),
                       self.loop_name("g"), self.loop_name("v"), self.loop_name("j"))

    @contextmanager
    def layout_rows(self, order: Ordered) -> Iterator[str | None]:
        """`group_rows` over the layout's rows, unrolled (a register's index names its pass)."""
        layout = order.layout
        with self.group_rows(layout.groups, layout.lead, order.pos[:-1], order.pass_) as exists:
            yield exists

    @contextmanager
    def group_rows(self, groups: RowGroups, lead: tuple[int, ...], pos: list[str],
                   unrolled_pass: str | None = None) -> Iterator[str | None]:
        """Open the loop over the rows this thread's group holds, one a pass, each row's
        position in the `lead` dims named by `pos`; the pass loop is unrolled, its
        counter named `unrolled_pass`, when that is given. Yields the test that the row
        exists (None: it always does)."""
        lane, row = self.loop_name("lane"), self.loop_name("row")
        thread_lane, *thread_groups = groups.threads_modes.coordinates("threadIdx.x")
        thread_row, _ = groups.threads_modes.place([lane, *thread_groups])
        self.line("{")
        self.depth += 1
        self.line(f"const int {lane} = {thread_lane};  // the thread's place in its row's group")
        if groups.passes > 1:
            counter = unrolled_pass or self.loop_name("pass")
            if unrolled_pass:
                self.line("#pragma unroll")
            self.line(f"for (int {counter} = 0; {counter} < {groups.passes}; ++{counter}) {{")
            self.depth += 1
            pass_row, _ = groups.passes_modes.terms(counter)
            self.line(f"const int {row} = {pass_row} + {thread_row};")
        else:
            self.line(f"const int {row} = {thread_row};")
        for name, part in zip(pos, self.unflatten(row, lead), strict=True):
            self.line(f"const int {name} = {part};")
        try:
            yield f"{row} < {groups.rows}" if groups.ragged else None
        finally:
            if groups.passes > 1:
                self.depth -= 1
                self.line("}")
            self.depth -= 1
            self.line("}")

    @contextmanager
    def layout_slots(self, order: Ordered) -> Iterator[str | None]:
        """Open the loop over the lane's groups of its row (unrolled), the group's first
        column named; yields the test that the group exists (None: it always does)."""
        layout = order.layout
        placement = layout.placement()
        # The column in signed int, from the lane group_rows named (written from
        # threadIdx.x, unsigned, it took the fast 16384-column softmax past 64 registers).
        _, *thread_groups = placement.threads.coordinates("threadIdx.x")
        passes = ["0"] * len(layout.groups.passes_modes.sizes)
        _, first = placement.place(["0"], [self.loop_name("lane"), *thread_groups], ["0", order.slot, *passes])
        self.line("#pragma unroll")
        self.line(f"for (int {order.slot} = 0; {order.slot} < {layout.slots}; ++{order.slot}) {{")
        with self.indented():
            self.line(f"const int {order.group} = {first};")
            # A slot the placement puts past the row's end (the last, for some lanes) is not there.
            yield f"{order.group} < {layout.cols}" if layout.ragged_slots else None
        self.line("}")

    def layout_sweep(self, order: Ordered, shape: tuple[int, ...], region: Region, body: list[str]) -> None:
        """`sweep` in the layout's order. A row value's body runs in lane 0 of its row's
        group only (a body writes memory)."""
        self.layout_elements(order, shape, region, None, None, lambda _: body, None, None, False)

    def layout_elements(self, order: Ordered, shape: tuple[int, ...], region: Region, text: str | None,
                        value: Callable[[], str] | None, act: Callable[[str], list[str]], groups: list[str] | None,
                        store: tuple[str, str, Callable[[str], str]] | None, every_lane: bool) -> None:
        """Write the lines `act(element)` for each present element of a tile of `shape` (the
        layout's full or per-row shape) in this thread's share, `text` being the
        element as `order.pos` names it. With `groups` (the run-time tests under which
        the groups' accesses are aligned; None: no vector path), a whole present group
        reads its operands whole (`value()` writes the element for that body) and, with
        `store` (the group's address, storage type and how an element is packed), is
        written whole; a group crossing the region's edge goes element by element.
        Without `store`, the whole-group reads of all the thread's groups are issued
        first, each predicated on its group, so they are in flight together. A per-row
        value is acted on by lane 0 of each group unless `every_lane` (a replicated
        register tile)."""
        layout, pos = order.layout, order.pos
        check = None if is_full(region, shape) else self.box_var(region)
        if not order.is_spread(shape):
            with self.layout_rows(order) as exists:
                self.line(f"const int {pos[-1]} = 0;")
                tests = [t for t in (exists, None if every_lane else layout.groups.leader(self.loop_name('lane')),
                                     f"{check}.has({', '.join(pos)})" if check else None) if t]
                self.line(f"if ({' && '.join(tests)}) {{" if tests else "{")
                with self.indented():
                    for text_line in act(text or ""):
                        self.line(text_line)
                self.line("}")
            return
        size = layout.size
        vec = None
        whole = ""
        if groups is not None and size > 1 and value is not None:
            vec = VectorBody(size, pos[-1], order.group, order.lane, tests=list(groups))
            self.vec = vec
            try:
                whole = value()
            finally:
                self.vec = None
        conditions: list[str] = []
        if vec is not None:
            conditions = list(vec.tests)
            if check is not None:
                first = ", ".join([*pos[:-1], order.group])
                last = ", ".join([*pos[:-1], f"{order.group} + {size - 1}"])
                conditions += [f"{check}.has({first})", f"{check}.has({last})"]
        # A sweep that fills registers or folds issues all its groups' reads first; one
        # that writes memory goes group by group (holding every group's reads at once
        # costs the registers that keep more CTAs on an SM: layer norm at 128 threads a
        # row went from 3.26 to 3.95 TB/s on the H200 without the staging there, 2026-11-30).
        staged = self.stage_reads(order, vec, conditions) if vec is not None and vec.loads and store is None else None
        lanes = f"for (int {order.lane} = 0; {order.lane} < {size}; ++{order.lane}) {{"
        inner = f"const int {pos[-1]} = {order.group} + {order.lane};"
        with self.layout_rows(order) as exists, self.layout_slots(order) as present:
            skip = [t for t in (exists, present) if t]
            if skip:
                self.line(f"if (!({' && '.join(skip)})) continue;")
            if vec is not None:
                test = conditions if staged is None else [f"{staged[0]}[{order.slot_index}]"]
                if test:
                    self.line(f"if ({' && '.join(test)}) {{  // the whole group is present and aligned")
                    self.depth += 1
                if staged is None:
                    for text_line in vec.loads:
                        self.line(text_line)
                else:
                    for text_line in staged[1]:
                        self.line(text_line)
                uses_inner = re.search(rf"\b{pos[-1]}\b", whole) is not None
                if store is not None:
                    address, storage, packed = store
                    out = self.loop_name("out")
                    self.line(f"ph::Vec<{storage}, {size}> {out};")
                self.unrolled(lanes, [*([inner] if uses_inner else []),
                                      *([f"{out}.v[{order.lane}] = {packed(whole)};"] if store is not None
                                        else act(whole))])
                if store is not None:
                    self.line(f"ph::vstore({address}, {out});")
                if test:
                    self.depth -= 1
                    self.line("} else {  // element by element, masked")
                    self.depth += 1
            if vec is None or test:
                masked = [] if check is None else [f"if (!{check}.has({', '.join(pos)})) continue;"]
                self.unrolled(lanes, [inner, *masked, *act(text or "")])
            if vec is not None and test:
                self.depth -= 1
                self.line("}")

    def stage_reads(self, order: Ordered, vec: VectorBody, conditions: list[str]) -> tuple[str, list[str]]:
        """Issue the whole-group reads of every group this thread holds before any is
        used: each group's test and reads into arrays indexed by its slot (predicated
        loads, no branch between them). Returns the array of tests and the lines that
        name one group's reads for the body."""
        count = order.layout.passes * order.layout.slots
        whole = self.names.take("whole")
        self.line(f"bool {whole}[{count}];  // whether each of this thread's groups is read whole")
        reads = []
        for text_line in vec.loads:
            match = re.fullmatch(r"const (ph::Vec<[^>]*>) (\w+) = (.*);", text_line)
            assert match is not None, text_line
            vtype, name, load = match.groups()
            stage = self.names.take(f"{name}s")
            self.line(f"{vtype} {stage}[{count}];")
            reads.append((vtype, name, stage, load))
        with self.layout_rows(order) as exists, self.layout_slots(order) as present:
            test = [t for t in (exists, present, *conditions) if t]
            self.line(f"{whole}[{order.slot_index}] = {' && '.join(test) or 'true'};")
            self.line(f"if ({whole}[{order.slot_index}]) {{")
            with self.indented():
                for _, _, stage, load in reads:
                    self.line(f"{stage}[{order.slot_index}] = {load};")
            self.line("}")
        return whole, [f"const {vtype}& {name} = {stage}[{order.slot_index}];" for vtype, name, stage, _ in reads]

    def element_sweep(self, shape: tuple[int, ...], region: Region, d: DType, place: Callable[[Pos], str],
                      pitch: int | str | None, start: str | None, aligned: bool, text: str,
                      value: Callable[[], str], write: Callable[[Pos, str], str] | None = None) -> None:
        """Write each element of `shape` inside `region` to `place(pos)`, of type `d`:
        `text` is the element (written with `self.pos`), `value()` writes it again for
        the vector body. The written place has rows of `pitch` elements (None: one row)
        and the sweep's innermost position is at `start` + position there (None: the
        innermost dim is not the place's own, so no vector path). `write`, where the place
        is a register tile (the statement then runs in its layout's order): the statement
        giving the element at a position a value."""
        registers = write is not None
        if self.ordered is not None and self.ordered.covers(shape):
            groups = None
            if registers:
                groups = []
            elif start is not None:
                groups = self.group_tests(d, self.ordered.layout.size, pitch, start, aligned)
            order = self.ordered
            store = None if registers else (f"&{place([*order.pos[:-1], order.group])}", ct.storage_type(d),
                                            lambda x: ct.pack(d, x))
            self.layout_elements(order, shape, region, text, value,
                                 lambda x: [write(order.pos, x) if write is not None
                                            else f"{place(order.pos)} = {ct.pack(d, x)};"], groups,
                                 store, registers)
            return
        size = 16 // ct.element_bytes(d)
        tests = None
        if start is not None and shape[-1] % size == 0:
            tests = self.group_tests(d, size, pitch, start, aligned)
        if tests is None:
            self.sweep(shape, region, [f"{place(self.pos(len(shape)))} = {ct.pack(d, text)};"])
            return
        pos = self.pos(len(shape))
        vec = VectorBody(size, pos[-1], self.loop_name("g"), self.loop_name("v"), tests=list(tests))
        self.vec = vec
        try:
            whole = value()
            target = f"&{place([*pos[:-1], vec.group])}"
        finally:
            self.vec = None
        check = None if is_full(region, shape) else self.box_var(region)
        if check is not None:
            region = [(f"{check}.lo[{k}]", f"{check}.hi[{k}]") for k in range(len(shape))]
        storage = ct.storage_type(d)
        if vec.tests:
            self.line(f"if ({' && '.join(vec.tests)}) {{  // every group's address is aligned")
            self.depth += 1
        groups = math.prod(shape) // size
        e = self.loop_name("e")
        self.line(f"// vector path: each thread moves {size} consecutive {storage} ({size * ct.element_bytes(d)} "
                  "bytes) a turn, consecutive threads consecutive groups")
        self.line(f"for (int {e} = threadIdx.x; {e} < {groups}; {e} += {self.kernel.threads}) {{")
        with self.indented():
            parts = self.unflatten(e, (*shape[:-1], shape[-1] // size))
            parts[-1] = "0" if parts[-1] == "0" else f"{paren(parts[-1])} * {size}"
            for name, part in zip([*pos[:-1], vec.group], parts, strict=True):
                self.line(f"const int {name} = {part};")
            lanes = f"for (int {vec.lane} = 0; {vec.lane} < {size}; ++{vec.lane}) {{"
            inner = f"const int {vec.inner} = {vec.group} + {vec.lane};"
            if check is not None:
                first = ", ".join([*pos[:-1], vec.group])
                last = ", ".join([*pos[:-1], f"{vec.group} + {size - 1}"])
                self.line(f"if ({check}.has({first}) && {check}.has({last})) {{  // the whole group is present")
                self.depth += 1
            for text_line in vec.loads:
                self.line(text_line)
            out = self.loop_name("out")
            self.line(f"ph::Vec<{storage}, {size}> {out};")
            reads_alone = re.search(rf"\b{vec.inner}\b", whole) is not None  # a lane that still reads on its own
            self.unrolled(lanes, [*([inner] if reads_alone else []), f"{out}.v[{vec.lane}] = {ct.pack(d, whole)};"])
            self.line(f"ph::vstore({target}, {out});")
            if check is not None:
                self.depth -= 1
                self.line("} else {  // the group crosses the region's edge: element by element, masked")
                with self.indented():
                    self.unrolled(lanes, [inner, f"if (!{check}.has({', '.join(pos)})) continue;",
                                          f"{place(pos)} = {ct.pack(d, text)};"])
                self.line("}")
        self.line("}")
        if vec.tests:
            self.depth -= 1
            self.line("} else {  // scalar path: one element a thread a turn")
            with self.indented():
                self.sweep(shape, region, [f"{place(pos)} = {ct.pack(d, text)};"])
            self.line("}")
