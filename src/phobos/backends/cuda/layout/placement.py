"""Placement as data: which thread and register of a CTA holds each element of a tile.

CuTe writes a layout as a shape and a stride; here an index (a thread's, or a
register's) splits into `Modes`, the fastest first, each adding its stride to a row
and to a column. A `Fragment` is three of them, a group's (a warpgroup's), a thread's
within it and a register's, and answers "which thread and register holds element
(i, j)" with `holder`. The GEMM plans (gemm_plan.py, gemm_mma_plan.py) hold their
accumulators' fragments; the row layouts of the memory-bound kernels (fragments.py)
give theirs by `Layout.placement`. The writers read their indices from it: `terms`,
`coordinates`, `place` and `index` write `at` and its inverse as C++, and
`Fragment.place` a position (the GEMM's fragment rows and columns, a row sweep's
thread row, lane, group column and register index). Positions
a fragment gives past a tile's edge (a ragged last pass or slot) are masked by the
code that reads it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Modes:
    """An index split into modes, fastest first; mode m adds index_m * rows[m] to the
    row and index_m * cols[m] to the column."""

    sizes: tuple[int, ...]
    rows: tuple[int, ...]
    cols: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.prod(self.sizes)

    def at(self, index: int) -> tuple[int, int]:
        row = col = 0
        for size, dr, dc in zip(self.sizes, self.rows, self.cols, strict=True):
            index, part = divmod(index, size)
            row += part * dr
            col += part * dc
        return row, col

    def terms(self, index: str) -> tuple[str, str]:
        """`at` as C++: the row and the column of the index `index` (an int expression
        of no lower precedence than `/`)."""
        return self.place(self.coordinates(index))

    def coordinates(self, index: str) -> list[str]:
        """C++ of each mode's coordinate of the index `index` (as in `terms`), fastest
        first: `index / inner % size`, "0" for a mode of size 1. The last mode takes the
        rest of the index, as `at` does for an index inside the modes, even where it is
        of size 1 after modes that split the index; every other keeps its `%` even where
        nothing is left past it. Both are the forms ptxas handled best in the row sweeps
        (scripts/registers.py): where one group is the whole CTA, the lane written
        `threadIdx.x` took the fast 16384-column softmax from 62 registers to 70 (past
        64: one 512-thread CTA an SM where two fitted), and the row written `0` the fast
        4096-column softmax at 1024 threads from 32 to 37."""
        parts: list[str] = []
        inner = 1
        for m, size in enumerate(self.sizes):
            part = index if inner == 1 else f"{index} / {inner}"
            last = m == len(self.sizes) - 1
            parts.append(part if last and inner * size > 1 else "0" if size == 1 else f"{part} % {size}")
            inner *= size
        return parts

    def place(self, parts: list[str]) -> tuple[str, str]:
        """C++ of the row and the column of the index whose mode m is `parts[m]` (each
        of no lower precedence than `%`; "0" where a mode is at its first). A mode of
        size 1 adds nothing, but the last, which counts the rest of an index (see
        `coordinates`)."""
        rows, cols = self.strided(parts)
        return _sum(rows, factor=False), _sum(cols, factor=False)

    def strided(self, parts: list[str]) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
        """Each mode's share of the row and of the column as (coordinate, stride),
        without the modes `place` leaves out or strides of 0."""
        rows: list[tuple[str, int]] = []
        cols: list[tuple[str, int]] = []
        last = len(self.sizes) - 1
        for m, (size, dr, dc, part) in enumerate(zip(self.sizes, self.rows, self.cols, parts, strict=True)):
            if part != "0" and (size > 1 or m == last):
                rows += [(part, dr)] if dr else []
                cols += [(part, dc)] if dc else []
        return rows, cols

    def index(self, parts: list[str]) -> str:
        """The index whose mode m is `parts[m]` (C++ of each mode's coordinate, fastest
        first): the inverse of `at`'s split."""
        terms: list[str] = []
        inner = 1
        for size, part in zip(self.sizes, parts, strict=True):
            if size > 1 and part != "0":
                terms.append(part if inner == 1 else f"{part} * {inner}")
            inner *= size
        return " + ".join(reversed(terms)) or "0"  # the slowest first, as one writes an index

    def outer(self, first: int) -> Modes:
        """The modes from the `first`-th on (an index of them counts in steps of the
        modes before)."""
        return Modes(self.sizes[first:], self.rows[first:], self.cols[first:])


@dataclass(frozen=True)
class Fragment:
    """A tile across a CTA: thread `thread` of group `group` holds, in register
    `register` of its array, the element `position(group, thread, register)`."""

    groups: Modes
    threads: Modes
    registers: Modes

    def position(self, group: int, thread: int, register: int) -> tuple[int, int]:
        parts = (self.groups.at(group), self.threads.at(thread), self.registers.at(register))
        return sum(r for r, _ in parts), sum(c for _, c in parts)

    def place(self, group: list[str], thread: list[str], register: list[str]) -> tuple[str, str]:
        """`position` as C++, from each mode's coordinate (as `Modes.place` takes them);
        a row's or column's stride common to its terms is taken out, as in a row
        sweep's group column `(lane + slot * 512) * 4` (the group's place in its row,
        times its size): written `lane * 4 + slot * 2048`, ptxas gave layer norm's
        16384-column variant at 1024 threads 44 registers instead of 34."""
        found = [modes.strided(parts) for modes, parts in
                 ((self.groups, group), (self.threads, thread), (self.registers, register))]
        return _sum([t for rows, _ in found for t in rows]), _sum([t for _, cols in found for t in cols])

    def holder(self, row: int, col: int) -> tuple[int, int, int]:
        """(group, thread, register) holding element (row, col) (one of them where the
        placement replicates an element)."""
        return self._holders()[row, col]

    def _holders(self) -> dict[tuple[int, int], tuple[int, int, int]]:
        found = _HOLDERS.get(self)
        if found is None:
            found = _HOLDERS[self] = {
                self.position(g, t, r): (g, t, r)
                for g in range(self.groups.size) for t in range(self.threads.size) for r in range(self.registers.size)
            }
        return found


_HOLDERS: dict[Fragment, dict[tuple[int, int], tuple[int, int, int]]] = {}


def _sum(terms: list[tuple[str, int]], factor: bool = True) -> str:
    """C++ of the sum of coordinate * stride over `terms` ("0" for none); with `factor`,
    the strides' greatest common divisor taken out where there are several terms."""
    common = math.gcd(*(stride for _, stride in terms)) if factor and len(terms) > 1 else 1
    text = " + ".join(part if stride == common else f"{part} * {stride // common}" for part, stride in terms) or "0"
    return text if common == 1 else f"({text}) * {common}"
