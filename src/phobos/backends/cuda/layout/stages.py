"""Shared-memory layouts of a product's staged operands, chosen before any code is
written: the rows of the stored expression, padded so that ldmatrix's row addresses
fall in different bank groups, or swizzled as TMA's 128-byte swizzle stores them for
wgmma; k padded to whole steps of the atom. lower/dot_stage.py copies operands into
them; lower/dot_mma.py and lower/dot_wgmma.py read them.

Which fragments ldmatrix can give (the PTX ISA's "Warp-level matrix load
instruction: ldmatrix"): a 16-bit operand either way round, an 8-bit one only with
k along its stored rows (`.trans` moves 16-bit elements), so an i8 left operand
whose rows are m and an i8 right operand that is a transposed window (`nn.Linear`'s
W[N, K]); any other i8 operand keeps the gather.

A right operand wgmma reads (lower/dot_wgmma.py) is stored *swizzled* instead, as a TMA box
with the 128-byte swizzle stores it: boxes of 128-byte rows (64 16-bit elements a row),
one after another along the stored columns, the 16-byte chunk c of row r at chunk
c ^ (r % 8) of its row, from an address aligned to 1024 bytes. Eight consecutive threads
copy the eight chunks of one row, which then fall in eight different bank groups.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from phobos.ir import nodes as ir

from .. import ctypes as ct
from .atoms import Atom

# Bytes past each stored row, and the most one product may stage (both operands): a
# kernel that would pass the smallest shared memory of a tensor-core target with its
# stages is written without them (write/kernel.py).
ROW_PAD = 16
STAGE_LIMIT = 96 * 1024
SWIZZLE_ROW = 128  # bytes a swizzled row holds
SWIZZLE_ATOM = 1024  # eight swizzled rows: the swizzle's period, and a swizzled stage's alignment


def swizzled_offset(row: int, col: int, element: int, box_cols: int, box_bytes: int) -> int:
    """The byte of element (row, col) in boxes of `box_cols` columns (128-byte rows), one
    after another along the columns, as TMA's 128-byte swizzle stores them: the 16-byte
    chunk c of row r at chunk c ^ r % 8 of its row."""
    box, inner = divmod(col, box_cols)
    chunk, within = divmod(inner * element, 16)
    return box * box_bytes + row * SWIZZLE_ROW + (chunk ^ row % 8) * 16 + within


@dataclass(frozen=True)
class StageLayout:
    """Where a staged operand lies in shared memory: the expression whose rows are
    stored, the stored shape (padded), whether it is turned (its rows the operand's
    columns) and whether it is stored swizzled, for wgmma, rather than in padded rows,
    for ldmatrix."""

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

    def byte_offset(self, row: int, col: int) -> int:
        """Where stored element (row, col) lies, in bytes from the stage's first: what
        `at` writes as C++, as a number (the explorer draws it)."""
        if not self.swizzled:
            return row * self.pitch + col * self.element
        return swizzled_offset(row, col, self.element, self.box_cols, self.box_bytes)

    @property
    def describe(self) -> str:
        if self.swizzled:
            return (f"swizzled as TMA's 128-byte swizzle stores it (16-byte chunk c of row r at chunk c ^ r % 8), "
                    f"boxes of {self.box_cols} columns")
        return f"rows {self.pitch} bytes apart (padded {ROW_PAD} bytes), unswizzled"

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


def stage_layout(x: ir.Expr, left: bool, atom: Atom | None = None, swizzled: bool = False
                 ) -> StageLayout | None:
    """What staging operand `x` copies: the expression whose rows are stored, the
    stored shape (k padded to whole steps of `atom`, each stored row to whole 16-byte
    groups, or for a swizzled stage to whole boxes) and whether it is turned; None
    where ldmatrix cannot give the operand's fragments. Without an atom the operand is
    read element by element (lower/dot_fma.py)."""
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
    return StageLayout(stored, (rows, -(-cols // group) * group), turned, swizzled)


def taken_bytes(plan: StageLayout, stages: int = 1) -> int:
    """The shared memory `stages` stages of a plan take, with the room to align them."""
    return stages * plan.bytes + (SWIZZLE_ATOM if plan.swizzled else 0)


def fits(plans: list[StageLayout]) -> bool:
    """Whether the planned operands' stages fit one product's limit, none of them empty."""
    return sum(map(taken_bytes, plans)) <= STAGE_LIMIT and all(math.prod(p.shape) for p in plans)


def operand_stages(e: ir.Dot, atom: Atom, left_in_registers: bool, wgmma: bool) -> list[StageLayout | None] | None:
    """The stage layouts of a product computed into registers: the operands ldmatrix can
    read (None for a left one that reads register tiles: it is read from them), or for
    wgmma B swizzled, and A too where its k runs along the stored rows (wgmma then reads
    it by descriptor as well); None where the stages would not fit."""
    left_swizzled = wgmma and not isinstance(e.left, ir.Transpose)
    layouts = [None if left_in_registers else stage_layout(e.left, True, atom, swizzled=left_swizzled),
               stage_layout(e.right, False, atom, swizzled=wgmma)]
    if not fits([s for s in layouts if s is not None]):
        return None
    return layouts
