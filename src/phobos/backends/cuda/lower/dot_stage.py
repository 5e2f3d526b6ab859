"""A product's operand staged in shared memory, so that each warp reads its fragments
with ldmatrix rather than gathering them element by element from where they are.

The whole CTA copies the operand once, 16 bytes a thread a turn where the source
allows it, into a tile whose rows are the operand's rows as memory holds them: a
transposed window is copied as the window it is (its rows are then the operand's
columns) and ldmatrix's `.trans` turns the fragments, so that a `transpose` costs
nothing. The copy is padded with zeros to whole k steps, and every element outside
the operand's present region, or at a k outside the range both operands have, is
written as a zero, so the fragments need no masks. Each stored row is 16 bytes
longer than its elements: ldmatrix's 8 row addresses then fall in 8 different
16-byte bank groups. Where each element lies is its stage layout (layout/stages.py).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout.fragments import layout_at
from ..layout.stages import SWIZZLE_ATOM, StageLayout, taken_bytes
from .exprs import Region, VectorBody

if TYPE_CHECKING:
    from .tiles import TileWriter

Present = Callable[[str, str], str]  # the condition that operand element (i, j) is read


@dataclass(frozen=True)
class Staged:
    """An operand in shared memory, as its plan lays it out: `address` names the u32
    shared address of its first stored byte, `pointer` the same place as a pointer."""

    plan: StageLayout
    address: str
    pointer: str
    in_flight: bool = False  # whole groups were copied by cp.async: wait for them before the barrier
    kept: bool = False  # in a place of the loop's own (stage_ring.py), not statement scratch the next statement reuses

    @property
    def turned(self) -> bool:
        return self.plan.turned

    def at(self, row: str, col: str) -> str:
        """C++ of the shared address of stored element (row, col)."""
        return self.plan.at(self.address, row, col)

    def ref(self, storage: str, row: str, col: str) -> str:
        """C++ naming stored element (row, col), of C++ type `storage`."""
        return self.plan.ref(storage, self.pointer, row, col)


def place(w: TileWriter, plan: StageLayout, raw: str) -> str:
    """A swizzled stage's pointer, from the first byte of the memory taken for it
    (`taken_bytes`) moved up to the next multiple of SWIZZLE_ATOM in shared memory: the
    swizzle is a function of the address."""
    storage = ct.storage_type(plan.stored.type.dtype)
    pointer = w.names.take("stage")
    up = f"(0u - ph::smem_address({raw})) % {SWIZZLE_ATOM}"
    w.line(f"{storage}* {pointer} = ({storage}*)((unsigned char*)({raw}) + {up});")
    return pointer


def stage(w: TileWriter, plan: StageLayout, present: Present, reader: str = "ldmatrix",
          into: tuple[str, str] | None = None) -> Staged:
    """Copy `plan.stored` (shape padded to `plan.shape`) to a statement scratch tile,
    or to the place `into` names (a pointer to it and its shared address);
    `present(i, j)` is the condition that operand element (i, j) is read (the stored
    element (r, c) is operand element (c, r) where turned). No barrier: the caller's."""
    stored, (rows, cols) = plan.stored, plan.shape
    d = stored.type.dtype
    size = ct.element_bytes(d)
    storage = ct.storage_type(d)
    if into is not None:
        tile, address = into
    else:
        if plan.swizzled:
            raw = w.scratch("unsigned char", 1, taken_bytes(plan), f"{stored.type} staged for {reader}, swizzled",
                            "raw")
            tile = place(w, plan, raw)
        else:
            tile = w.scratch(storage, 1, plan.bytes, f"{stored.type} staged for {reader}, rows of {plan.pitch} bytes",
                             "stage")
        address = w.names.take("stage_at")
        w.line(f"const u32 {address} = ph::smem_address({tile});")
    if w.reads_registers(stored):
        _stage_held(w, plan, shown_as(plan, present), tile)
        return Staged(plan, address, tile, kept=into is not None)
    group = 16 // size
    assert cols % group == 0, "a stored row is whole 16-byte groups (plan pads k, the atoms the rest)"
    e, r, c, lane, inner = (w.loop_name(base) for base in ("e", "r", "c", "v", "col"))

    shown = shown_as(plan, present)

    def place_of(row: str, col: str) -> str:
        return plan.ref(storage, tile, row, col)

    zero = ct.pack(d, ct.zero(d))
    vec = VectorBody(group, inner, c, lane)
    w.vec = vec
    try:
        whole = w.elem(stored, [r, inner])
    finally:
        w.vec = None
    single = ct.pack(d, w.elem(stored, [r, inner]))
    source = _copied_from(stored, vec, ct.pack(d, whole))
    chunks, threads = rows * cols // group, w.kernel.threads
    interior = source is not None and chunks % threads == 0
    if interior:  # the whole stored tile inside its tensor: no test a chunk, the loop unrolled
        tests = [*vec.tests, shown("0", "0"), shown(str(rows - 1), str(cols - 1))]
        turn = w.loop_name("i")
        w.line(f"if ({' && '.join(tests)}) {{  // {stored.type} inside its tensor: copied whole, in flight")
        with w.indented():
            per_row, chunk = cols // group, w.loop_name("chunk")
            step = _row_stride(w, stored) if threads % per_row == 0 else None
            if step is not None:  # each thread the same columns, rows a whole CTA's apart
                rows_apart = threads // per_row
                w.line(f"const int {r} = threadIdx.x / {per_row}, {c} = threadIdx.x % {per_row} * {group};")
                w.line(f"const {storage}* {chunk} = {source};  // the thread's first chunk")
                w.unrolled(f"for (int {turn} = 0; {turn} < {chunks // threads}; ++{turn}) {{", [
                    f"ph::stage_async16({plan.at(address, f'({r} + {turn} * {rows_apart})', c)}, "
                    f"{chunk} + {turn} * {rows_apart} * {step});",
                ])
            else:
                w.unrolled(f"for (int {turn} = 0; {turn} < {chunks // threads}; ++{turn}) {{", [
                    f"const int {e} = threadIdx.x + {turn} * {threads};",
                    f"const int {r} = {e} / {per_row}, {c} = {e} % {per_row} * {group};",
                    f"ph::stage_async16({plan.at(address, r, c)}, {source});",
                ])
        w.line("} else {")
        w.depth += 1
    w.line(f"// {stored.type} to shared memory, {group} elements a thread a turn, zeros where nothing is read")
    w.line(f"for (int {e} = threadIdx.x; {e} < {rows * cols // group}; {e} += {w.kernel.threads}) {{")
    with w.indented():
        w.line(f"const int {r} = {e} / {cols // group}, {c} = {e} % {cols // group} * {group};")
        first, last = shown(r, c), shown(r, f"{c} + {group - 1}")
        lanes = f"for (int {lane} = 0; {lane} < {group}; ++{lane}) {{"
        each = f"const int {inner} = {c} + {lane};"
        if source is not None:
            w.line(f"if ({' && '.join([*vec.tests, first, last])}) {{  // copied whole, in flight")
            with w.indented():
                w.line(f"ph::stage_async16({plan.at(address, r, c)}, {source});")
            w.line("} else {")
            w.depth += 1
        elif vec.loads:
            w.line(f"if ({' && '.join([*vec.tests, first, last])}) {{  // read whole")
            with w.indented():
                for text in vec.loads:
                    w.line(text)
                out = w.loop_name("out")
                w.line(f"ph::Vec<{storage}, {group}> {out};")
                alone = re.search(rf"\b{inner}\b", whole) is not None  # a lane that reads on its own
                w.unrolled(lanes, [*([each] if alone else []), f"{out}.v[{lane}] = {ct.pack(d, whole)};"])
                w.line(f"ph::vstore(&{place_of(r, c)}, {out});")
            w.line("} else {")
            w.depth += 1
        else:
            w.line("{")
            w.depth += 1
        w.unrolled(lanes, [each, f"{place_of(r, inner)} = {shown(r, inner)} ? {single} : {zero};"])
        w.depth -= 1
        w.line("}")
    w.line("}")
    if interior:
        w.depth -= 1
        w.line("}")
    return Staged(plan, address, tile, source is not None, into is not None)


def _row_stride(w: TileWriter, stored: ir.Expr) -> str | None:
    """The elements between two rows of a copied window in its tensor (C++), so that a
    thread's chunks a fixed number of rows apart are one address plus constants; None
    where the stored rows are not the window's first windowed dim."""
    if not isinstance(stored, ir.Load):
        return None
    windows = [k for k, it in enumerate(stored.items) if isinstance(it, ir.Window)]
    if len(windows) != 2:
        return None
    after = w.tensors[stored.tensor].dims[windows[0] + 1:]
    literal = math.prod(n for n in after if isinstance(n, int))
    return " * ".join([str(literal), *(w.dim(n) for n in after if not isinstance(n, int))])


def shown_as(plan: StageLayout, present: Present) -> Present:
    """The condition that stored element (row, col) is read (operand element (col, row)
    where the stage is turned)."""
    return (lambda row, col: present(col, row)) if plan.turned else present


def _stage_held(w: TileWriter, plan: StageLayout, shown: Present, tile: str) -> None:
    """Stage an operand computed from register tiles: each thread writes the elements it
    holds in the operand's register layout (that of the statement's rows at the operand's
    width), a zero where the element is not read. The stage is the operand's own shape,
    nothing padded, so every stored element is some thread's."""
    stored = plan.stored
    assert not plan.turned and plan.shape == stored.type.shape, "a register operand is staged as it is"
    layout = layout_at(w.registers.layouts, stored.type.shape)
    assert layout is not None and layout.cols == stored.type.shape[-1]
    outer = w.ordered
    w.ordered = order = w.order(layout)
    try:
        (row, col), d = order.pos, stored.type.dtype
        value = ct.pack(d, w.elem(stored, order.pos))
        place = plan.ref(ct.storage_type(d), tile, row, col)
        w.line(f"// {stored.type} to shared memory from the registers that hold it: each thread its own elements")
        w.layout_elements(order, stored.type.shape, [("0", str(n)) for n in stored.type.shape], None, None,
                          lambda _: [f"{place} = {shown(row, col)} ? {value} : {ct.pack(d, ct.zero(d))};"],
                          None, None, False)
    finally:
        w.ordered = outer


def _copied_from(stored: ir.Expr, vec: VectorBody, value: str) -> str | None:
    """The global address of a thread's group where the stored value is that group of a
    tensor as it is (a window read whole, nothing computed), which cp.async can copy
    straight to shared memory; None where the group is read otherwise or computed."""
    if not isinstance(stored, ir.Load) or len(vec.locals) != 1:
        return None
    (address, local), = vec.locals.items()
    return address if value == f"{local}.v[{vec.lane}]" else None


def presents(ra: Region, rb: Region, k_lo: str, k_hi: str) -> tuple[Present, Present]:
    """The conditions that an element of A (row, k) and of B (k, column) is read, given
    the operands' present regions and the range of k both have."""

    def a_present(i: str, k: str) -> str:
        return f"{ra[0][0]} <= {i} && {i} < {ra[0][1]} && {k_lo} <= {k} && {k} < {k_hi}"

    def b_present(k: str, j: str) -> str:
        return f"{k_lo} <= {k} && {k} < {k_hi} && {rb[1][0]} <= {j} && {j} < {rb[1][1]}"

    return a_present, b_present
