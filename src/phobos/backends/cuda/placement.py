"""Placement as data: which thread and register of a CTA holds each element of a tile.

CuTe writes a layout as a shape and a stride; here an index (a thread's, or a
register's) splits into `Modes`, the fastest first, each adding its stride to a row
and to a column. A `Fragment` is three of them, a group's (a warpgroup's), a thread's
within it and a register's, and answers "which thread and register holds element
(i, j)" with `holder`. The GEMM plans (gemm_plan.py, gemm_mma_plan.py) hold their
accumulators' fragments; the row layouts of the memory-bound kernels (fragments.py)
give theirs by `Layout.placement`. The writers read their indices from it: `terms`,
`place` and `index` write `at` and its inverse as C++ (the GEMM's fragment rows and
columns, a row sweep's thread row, lane, group column and register index). Positions
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
        of no lower precedence than `/`). The outermost mode takes the rest of the
        index, as `at` does for an index inside the modes."""
        parts: list[str] = []
        inner = 1
        for size in self.sizes:
            part = index if inner == 1 else f"{index} / {inner}"
            parts.append(part if inner * size >= self.size else f"{part} % {size}")
            inner *= size
        return self.place(parts)

    def place(self, parts: list[str]) -> tuple[str, str]:
        """C++ of the row and the column of the index whose mode m is `parts[m]` (each
        of no lower precedence than `%`; "0" where a mode is at its first)."""
        rows: list[str] = []
        cols: list[str] = []
        for size, dr, dc, part in zip(self.sizes, self.rows, self.cols, parts, strict=True):
            if size > 1 and part != "0":
                for stride, out in ((dr, rows), (dc, cols)):
                    if stride:
                        out.append(part if stride == 1 else f"{part} * {stride}")
        return " + ".join(rows) or "0", " + ".join(cols) or "0"

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
