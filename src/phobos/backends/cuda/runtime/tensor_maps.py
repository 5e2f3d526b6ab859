"""The tensor maps a general variant's loops load through (plan/tma_loads.py): encoded by
the driver for each new set of tensor pointers, kept for the next, and passed by value
after the kernel's own arguments. A launch on a GPU without TMA passes them zeroed: the
branch that reads them is compiled only for sm_90a.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phobos.backends.gpu.abi import Generated
from phobos.backends.gpu.arrays import DeviceArray

from ..gemm.gemm_launch import MapCells, _at, _encode


class TensorMaps:
    """A launch's cells for the variant's tensor maps, filled from the tensors' pointers."""

    def __init__(self, gen: Generated, arrays: dict[str, DeviceArray], pointer_order: Sequence[str], encode: bool):
        self.params = [p for p in gen.params if p.kind == "tensormap"]
        self.boxes = {name: (cols, rows) for name, cols, rows in gen.boxes}
        self.arrays = {p.name: arrays[p.dtype] for p in self.params}
        self._places = tuple(list(pointer_order).index(p.dtype) for p in self.params)
        self._cells = MapCells([p.name for p in self.params])
        self.encode = encode

    def cell(self, p: Any) -> Any:
        return self._cells.cells[p.name]

    def fill(self, pointers: Sequence[int], grid: tuple[int, int, int], stream: int = 0,
             handle: Any = None) -> tuple[int, int, int]:
        """Writes the maps of the tensors at `pointers` (in the launch's pointer order);
        the grid is the user's."""
        key = tuple(pointers[place] for place in self._places)
        if self.encode:
            self._cells.write(key, lambda: tuple(_encode(_at(self.arrays[p.name], ptr), *self.boxes[p.name])
                                                 for p, ptr in zip(self.params, key, strict=True)))
        return grid
