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


@dataclass(frozen=True)
class AtomRows(RowGroups):
    """Rows placed as a tensor-core accumulator places them (dot_mma.py's C fragment
    of m16n8 atoms): warp w holds the 16-row blocks w, w + warps, ..., and in a block
    lane l the rows l / 4 and l / 4 + 8, so a row's group is the 4 consecutive lanes
    of one quad and each pass is one of a thread's rows: passes (h, block) give rows
    8 h + 16 warps block past the thread's first. `width` is 4 and the element groups
    are pairs (the accumulator's two consecutive columns)."""

    @property
    def warps_of_cta(self) -> int:
        return self.threads // WARP

    @property
    def blocks(self) -> int:
        """16-row blocks each warp holds."""
        return -(-self.rows // (16 * self.warps_of_cta))

    @property
    def per_pass(self) -> int:
        return 8 * self.warps_of_cta

    @property
    def passes(self) -> int:
        return 2 * self.blocks

    @property
    def ragged(self) -> bool:
        return self.rows % (16 * self.warps_of_cta) != 0

    @property
    def threads_modes(self) -> Modes:
        return Modes((4, 8, self.warps_of_cta), (0, 1, 16), (1, 0, 0))

    @property
    def passes_modes(self) -> Modes:
        return Modes((2, self.blocks), (8, 16 * self.warps_of_cta), (0, 0))


def atom_rows(rows: int, length: int, threads: int) -> AtomRows:
    """The accumulator's rows for `rows` rows of `length` pairs (rows a multiple of 16)."""
    return AtomRows(rows, length, threads, 4)


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
