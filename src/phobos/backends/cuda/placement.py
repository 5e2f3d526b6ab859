"""Placement as data: which thread and register of a CTA holds each element of a tile.

CuTe writes a layout as a shape and a stride; here an index (a thread's, or a
register's) splits into `Modes`, the fastest first, each adding its stride to a row
and to a column. A `Fragment` is three of them, a group's (a warpgroup's), a thread's
within it and a register's, and answers "which thread and register holds element
(i, j)" with `holder`. The GEMM plans (gemm_plan.py, gemm_mma_plan.py) hold their
accumulators' fragments; the row layouts of the memory-bound kernels (fragments.py)
give theirs by `Layout.placement`. Positions a fragment gives past a tile's edge (a
ragged last pass or slot) are masked by the code that reads it.
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
