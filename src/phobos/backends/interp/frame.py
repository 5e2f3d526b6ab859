"""The state a compiled kernel runs against: one launch, and one CTA of it."""

from __future__ import annotations

from typing import Any

import numpy as np

from .masks import Mask


class Launch:
    """What every CTA of a launch shares: tensors, scalar arguments, dims, grid."""

    __slots__ = ("tensors", "flat", "params", "dims", "grid")

    def __init__(self, tensors: dict[str, np.ndarray], params: dict[str, np.generic],
                 dims: dict[str, np.int64], grid: tuple[int, int, int]):
        self.tensors = tensors
        # Row-major arrays, so these are views: a write through them lands in place.
        self.flat = {name: a.reshape(-1) for name, a in tensors.items()}
        self.params = params
        self.dims = dims
        self.grid = tuple(np.int64(n) for n in grid)


class Frame:
    """One CTA's run: its storage slots, its block index, and who has jumped where."""

    __slots__ = ("launch", "vals", "block", "returned", "breaks")

    def __init__(self, launch: Launch, slots: int, block: tuple[int, int, int]):
        self.launch = launch
        self.vals: list[Any] = [None] * slots
        self.block = tuple(np.int64(n) for n in block)
        self.returned: Mask = None  # threads that have run `return`
        self.breaks: list[Mask] = []  # per enclosing loop: threads that broke this turn
