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
16-byte bank groups.

Which fragments ldmatrix can give (the PTX ISA's "Warp-level matrix load
instruction: ldmatrix"): a 16-bit operand either way round, an 8-bit one only with
k along its stored rows (`.trans` moves 16-bit elements), so an i8 left operand
whose rows are m and an i8 right operand that is a transposed window (`nn.Linear`'s
W[N, K]); any other i8 operand keeps the gather.

A right operand wgmma reads (dot_wgmma.py) is stored *swizzled* instead, as a TMA box
with the 128-byte swizzle stores it: boxes of 128-byte rows (64 16-bit elements a row),
one after another along the stored columns, the 16-byte chunk c of row r at chunk
c ^ (r % 8) of its row, from an address aligned to 1024 bytes. Eight consecutive threads
copy the eight chunks of one row, which then fall in eight different bank groups.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from phobos.ir import nodes as ir

from .. import ctypes as ct
from .exprs import Region, VectorBody

if TYPE_CHECKING:
    from ..layout.atoms import Atom
    from .tiles import TileWriter

# Bytes past each stored row, and the most one product may stage (both operands): a
# kernel that would pass the smallest shared memory of a tensor-core target with its
# stages is written without them (kernel.py).
ROW_PAD = 16
STAGE_LIMIT = 96 * 1024
SWIZZLE_ROW = 128  # bytes a swizzled row holds
SWIZZLE_ATOM = 1024  # eight swizzled rows: the swizzle's period, and a swizzled stage's alignment

Present = Callable[[str, str], str]  # the condition that operand element (i, j) is read


@dataclass(frozen=True)
class Plan:
    """What staging an operand copies: the expression whose rows are stored, the stored
    shape (padded), whether it is turned (its rows the operand's columns) and whether
    it is stored swizzled, for wgmma, rather than in padded rows, for ldmatrix."""

    stored: ir.Expr
    shape: tuple[int, int]
    turned: bool
    swizzled: bool = False

    @property
    def element(self) -> int:
        return ct.element_bytes(self.stored.type.dtype)

    @property
    def pitch(self) -> int:
        """Bytes between stored rows: padded rows, or a swizzled box's rows."""
        return SWIZZLE_ROW if self.swizzled else self.shape[1] * self.element + ROW_PAD

    @property
    def box_cols(self) -> int:
        """Stored columns a swizzled box holds (its 128-byte rows)."""
        return SWIZZLE_ROW // self.element

    @property
    def box_bytes(self) -> int:
        return self.shape[0] * SWIZZLE_ROW

    @property
    def bytes(self) -> int:
        """The shared memory one stage takes (a swizzled one from an aligned address)."""
        if self.swizzled:
            return self.shape[1] // self.box_cols * self.box_bytes
        return self.shape[0] * self.pitch

    def at(self, base: str, row: str, col: str) -> str:
        """C++ of the byte `base` + where stored element (row, col) lies (for a swizzled
        stage, `col` at a 16-byte chunk's first element, or any element of it)."""
        if not self.swizzled:
            return f"{base} + ({row}) * {self.pitch} + ({col}) * {self.element}"
        per_chunk = 16 // self.element
        box, chunk = f"({col}) / {self.box_cols}", f"(({col}) % {self.box_cols} / {per_chunk} ^ ({row}) % 8)"
        within = f" + ({col}) % {per_chunk} * {self.element}" if per_chunk > 1 else ""
        return f"{base} + {box} * {self.box_bytes} + ({row}) * {SWIZZLE_ROW} + {chunk} * 16{within}"

    def ref(self, storage: str, pointer: str, row: str, col: str) -> str:
        """C++ naming stored element (row, col) of the stage at `pointer`, of C++ type `storage`."""
        if not self.swizzled:
            return f"(({storage}*)((unsigned char*){pointer} + ({row}) * {self.pitch}))[{col}]"
        return f"*({storage}*)({self.at(f'(unsigned char*){pointer}', row, col)})"


@dataclass(frozen=True)
class Staged:
    """An operand in shared memory, as its plan lays it out: `address` names the u32
    shared address of its first stored byte, `pointer` the same place as a pointer."""

    plan: Plan
    address: str
    pointer: str
    in_flight: bool = False  # whole groups were copied by cp.async: wait for them before the barrier

    @property
    def turned(self) -> bool:
        return self.plan.turned

    def at(self, row: str, col: str) -> str:
        """C++ of the shared address of stored element (row, col)."""
        return self.plan.at(self.address, row, col)

    def ref(self, storage: str, row: str, col: str) -> str:
        """C++ naming stored element (row, col), of C++ type `storage`."""
        return self.plan.ref(storage, self.pointer, row, col)


def plan(x: ir.Expr, left: bool, atom: Atom | None = None, swizzled: bool = False) -> Plan | None:
    """What staging operand `x` copies: the expression whose rows are stored, the
    stored shape (k padded to whole steps of `atom`, each stored row to whole 16-byte
    groups, or for a swizzled stage to whole boxes) and whether it is turned; None
    where ldmatrix cannot give the operand's fragments. Without an atom the operand is
    read element by element (dot_fma.py)."""
    turned = isinstance(x, ir.Transpose)
    stored = x.operand if isinstance(x, ir.Transpose) else x
    k_along_rows = turned if left else not turned  # k is the stored tile's row index
    if atom is not None and atom.per_register == 4 and k_along_rows:
        return None
    rows, cols = stored.type.shape
    step = 1 if atom is None else atom.k
    if k_along_rows:
        rows = -(-rows // step) * step
    else:
        cols = -(-cols // step) * step
    group = (SWIZZLE_ROW if swizzled else 16) // ct.element_bytes(stored.type.dtype)
    return Plan(stored, (rows, -(-cols // group) * group), turned, swizzled)


def place(w: TileWriter, plan: Plan, raw: str) -> str:
    """A swizzled stage's pointer, from the first byte of the memory taken for it
    (`taken_bytes`) moved up to the next multiple of SWIZZLE_ATOM in shared memory: the
    swizzle is a function of the address."""
    storage = ct.storage_type(plan.stored.type.dtype)
    pointer = w.names.take("stage")
    up = f"(0u - ph::smem_address({raw})) % {SWIZZLE_ATOM}"
    w.line(f"{storage}* {pointer} = ({storage}*)((unsigned char*)({raw}) + {up});")
    return pointer


def taken_bytes(plan: Plan, stages: int = 1) -> int:
    """The shared memory `stages` stages of a plan take, with the room to align them."""
    return stages * plan.bytes + (SWIZZLE_ATOM if plan.swizzled else 0)


def stage(w: TileWriter, plan: Plan, present: Present, reader: str = "ldmatrix",
          into: tuple[str, str] | None = None) -> Staged:
    """Copy `plan.stored` (shape padded to `plan.shape`) to a statement scratch tile,
    or to the place `into` names (a pointer to it and its shared address);
    `present(i, j)` is the condition that operand element (i, j) is read (the stored
    element (r, c) is operand element (c, r) where turned). No barrier: the caller's."""
    stored, (rows, cols), turned = plan.stored, plan.shape, plan.turned
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
    group = 16 // size
    assert cols % group == 0, "a stored row is whole 16-byte groups (plan pads k, the atoms the rest)"
    e, r, c, lane, inner = (w.loop_name(base) for base in ("e", "r", "c", "v", "col"))

    def shown(row: str, col: str) -> str:
        return present(col, row) if turned else present(row, col)

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
            w.unrolled(f"for (int {turn} = 0; {turn} < {chunks // threads}; ++{turn}) {{", [
                f"const int {e} = threadIdx.x + {turn} * {threads};",
                f"const int {r} = {e} / {cols // group}, {c} = {e} % {cols // group} * {group};",
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
    return Staged(plan, address, tile, source is not None)


def _copied_from(stored: ir.Expr, vec: VectorBody, value: str) -> str | None:
    """The global address of a thread's group where the stored value is that group of a
    tensor as it is (a window read whole, nothing computed), which cp.async can copy
    straight to shared memory; None where the group is read otherwise or computed."""
    if not isinstance(stored, ir.Load) or len(vec.locals) != 1:
        return None
    (address, local), = vec.locals.items()
    return address if value == f"{local}.v[{vec.lane}]" else None


def fits(plans: list[Plan]) -> bool:
    """Whether the planned operands' stages fit one product's limit, none of them empty."""
    return sum(map(taken_bytes, plans)) <= STAGE_LIMIT and all(math.prod(p.shape) for p in plans)


def presents(ra: Region, rb: Region, k_lo: str, k_hi: str) -> tuple[Present, Present]:
    """The conditions that an element of A (row, k) and of B (k, column) is read, given
    the operands' present regions and the range of k both have."""

    def a_present(i: str, k: str) -> str:
        return f"{ra[0][0]} <= {i} && {i} < {ra[0][1]} && {k_lo} <= {k} && {k} < {k_hi}"

    def b_present(k: str, j: str) -> str:
        return f"{k_lo} <= {k} && {k} < {k_hi} && {rb[1][0]} <= {j} && {j} < {rb[1][1]}"

    return a_present, b_present
