"""How a row reduction spreads over the CTA: a group of lanes per row.

A row reduction (`rowsum`, `sum<axis k>` along the last axis, the row maximum and
sum inside `softmax`) folds each row of a tile into one value. Giving each row one
thread leaves most of the CTA idle and makes that thread walk the whole row, so each
row gets a *group* of `width` threads instead: each thread folds every `width`-th
element of the row (neighbouring lanes read neighbouring elements, so shared memory
sees no bank conflicts and global memory coalesced reads), then the group combines
by xor shuffles. A group wider than a warp combines each warp by shuffles and then
its warps' values through a small shared array (one barrier).

The layout is a pure function of the tile's shape and the CTA's size, kept apart so
it can be tested and tuned alone.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .placement import Modes

WARP = 32
WARPGROUP = 128  # four warps: the threads of one wgmma product


def _floor_pow2(n: int) -> int:
    return 1 << (n.bit_length() - 1) if n >= 1 else 1


def _ceil_pow2(n: int) -> int:
    return 1 << (n - 1).bit_length() if n > 1 else 1


@dataclass(frozen=True)
class RowGroups:
    """`rows` rows of `length` elements, reduced by a CTA of `threads` threads in
    groups of `width` consecutive threads, one group per row."""

    rows: int
    length: int
    threads: int
    width: int

    @property
    def per_pass(self) -> int:
        """Rows reduced at once: one per group."""
        return self.threads // self.width

    @property
    def passes(self) -> int:
        return -(-self.rows // self.per_pass)

    @property
    def lanes(self) -> int:
        """The shuffle width: the group, or a whole warp when the group spans warps."""
        return min(self.width, WARP)

    @property
    def warps(self) -> int:
        """Warps per group (1 when a group fits in one warp)."""
        return max(1, self.width // WARP)

    @property
    def ragged(self) -> bool:
        """Whether the last pass has groups with no row."""
        return self.rows % self.per_pass != 0

    @property
    def threads_modes(self) -> Modes:
        """A thread's place: its lane (the column, in lanes) and the row of its group
        in the first pass."""
        return Modes((self.width, self.per_pass), (0, 1), (1, 0))

    @property
    def passes_modes(self) -> Modes:
        """Each pass a group's row `per_pass` rows further."""
        return Modes((self.passes,), (self.per_pass,), (0,))

    def leader(self, lane: str) -> str:
        """C++ of whether this thread is the first of its row's group (`lane` its place
        in the group's first warp): the one that writes a row's value."""
        return f"{lane} == 0"

    @property
    def part_count(self) -> int:
        """Values a fold's warps leave in shared memory for each other (`warps` > 1)."""
        return self.threads // WARP

    def part_written(self, row: str) -> str:
        """C++ of where this thread's warp leaves its value of row `row`."""
        return f"threadIdx.x / {WARP}"

    def part_read(self, row: str, warp: str) -> str:
        """C++ of where the `warp`-th warp of row `row` left its value."""
        return f"{row} * {self.warps}" if warp == "0" else f"{row} * {self.warps} + {warp}"


@dataclass(frozen=True)
class AtomRows(RowGroups):
    """Rows placed as a tensor-core accumulator places them (dot_mma.py's C fragment
    of m16n8 atoms). The CTA's warps form `row_warps` x `col_warps`: warp w holds the
    16-row blocks w / col_warps, w / col_warps + row_warps, ... and of each of its
    rows the 8-column atoms w % col_warps, w % col_warps + col_warps, ...; in a block,
    lane l holds the rows l / 4 and l / 4 + 8, so a row's group is the 4 consecutive
    lanes of one quad in each of `col_warps` warps, and each pass is one of a thread's
    rows: passes (h, block) give rows 8 h + 16 row_warps block past the thread's
    first. `width` is the group's threads (4 col_warps) and the element groups are
    pairs (the accumulator's two consecutive columns). Warps split the columns only
    where the rows are too few for every warp to hold a block of its own (a decoding
    step's 16 query rows), so no warp idles through the products."""

    col_warps: int = 1

    @property
    def warps_of_cta(self) -> int:
        return self.threads // WARP

    @property
    def row_warps(self) -> int:
        return self.warps_of_cta // self.col_warps

    @property
    def lanes(self) -> int:
        """The shuffle width: a row's quad (its other lanes are in other warps)."""
        return 4

    @property
    def warps(self) -> int:
        return self.col_warps

    @property
    def blocks(self) -> int:
        """16-row blocks each warp holds."""
        return -(-self.rows // (16 * self.row_warps))

    @property
    def per_pass(self) -> int:
        return 8 * self.row_warps

    @property
    def passes(self) -> int:
        return 2 * self.blocks

    @property
    def ragged(self) -> bool:
        return self.rows % (16 * self.row_warps) != 0

    @property
    def threads_modes(self) -> Modes:
        if self.col_warps == 1:
            return Modes((4, 8, self.warps_of_cta), (0, 1, 16), (1, 0, 0))
        return Modes((4, 8, self.col_warps, self.row_warps), (0, 1, 0, 16), (1, 0, 4, 0))

    @property
    def passes_modes(self) -> Modes:
        return Modes((2, self.blocks), (8, 16 * self.row_warps), (0, 0))

    def warp_column(self) -> str:
        """C++ of the thread's warp's place among a row's warps."""
        return f"threadIdx.x / {WARP} % {self.col_warps}"

    def leader(self, lane: str) -> str:
        if self.col_warps == 1:
            return super().leader(lane)
        return f"{lane} == 0 && {self.warp_column()} == 0"

    @property
    def part_count(self) -> int:
        return self.blocks * 16 * self.row_warps * self.col_warps

    def part_written(self, row: str) -> str:
        return f"{row} * {self.col_warps} + {self.warp_column()}"

    def part_read(self, row: str, warp: str) -> str:
        return f"{row} * {self.col_warps}" if warp == "0" else f"{row} * {self.col_warps} + {warp}"


def atom_rows(rows: int, length: int, threads: int) -> AtomRows:
    """The accumulator's rows for `rows` rows of `length` pairs (rows a multiple of 16):
    every warp a block of rows where there are enough, else the rows' blocks shared by
    as many warps as divide both, and the warps of a block splitting its columns."""
    warps, blocks = threads // WARP, rows // 16
    row_warps = warps if blocks >= warps else math.gcd(warps, max(blocks, 1))
    return AtomRows(rows, length, threads, 4 * (warps // row_warps), warps // row_warps)


def row_groups(rows: int, length: int, threads: int) -> RowGroups:
    """The group width: enough threads that the whole CTA works on one pass of
    rows, at least a warp when the rows are that long (so each warp reads one row's
    consecutive elements), never more threads than the row has elements (rounded up
    to a power of two), and a power of two that divides the CTA. `threads` is a
    multiple of 32 (the checker's rule for `@launch`)."""
    spread = _floor_pow2(threads // rows) if rows <= threads else 1
    width = max(spread, min(WARP, _ceil_pow2(length)))
    width = min(width, _ceil_pow2(length), threads & -threads)
    return RowGroups(rows, length, threads, max(width, 1))
