"""What the supported GPU targets give one CTA, and what a register tile may take.

The checker refuses a kernel whose tiles no target could hold, and the CUDA back end
lays tiles out within the same numbers; both read them here, so the checker never
imports from a back end.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from phobos.dtypes import DType

ARCHES = ("sm_75", "sm_80", "sm_86", "sm_89", "sm_90")
# Shared memory one CTA may have on each architecture (with the opt-in above 48 KB).
SHARED_LIMIT = {
    "sm_75": 64 * 1024, "sm_80": 163 * 1024, "sm_86": 99 * 1024, "sm_89": 99 * 1024, "sm_90": 227 * 1024,
}
LARGEST_SHARED_ARCH = max(SHARED_LIMIT, key=SHARED_LIMIT.__getitem__)
LARGEST_SHARED = SHARED_LIMIT[LARGEST_SHARED_ARCH]

# Bytes: a tensor whose base is a multiple of this may be read and written in 16-byte
# groups; the CUDA back end compiles a variant per set of aligned tensors, and a
# launch's key records which tensors are.
ALIGNMENT = 16

# Bytes of registers per thread that register tiles may take in all (64 32-bit registers;
# an element takes a whole register, or two for a 64-bit type).
REGISTER_BUDGET = 256


def element_bytes(dtype: DType) -> int:
    """Bytes of one element of a tile in memory (a bool takes a byte)."""
    return 1 if dtype.is_bool else dtype.bits // 8


def register_bytes(dtype: DType) -> int:
    """Bytes of registers one element of a register tile takes."""
    return 8 if dtype.bits == 64 else 4


def tile_bytes(dtype: DType, shape: tuple[int, ...]) -> int:
    return element_bytes(dtype) * math.prod(shape)


def fits_registers(dtype: DType, shape: tuple[int, ...], threads: int) -> bool:
    """Whether a tile could be kept in registers at all: each thread holds at least its
    share of the elements, which must fit the budget."""
    return -(-math.prod(shape) // threads) * register_bytes(dtype) <= REGISTER_BUDGET


def least_shared_bytes(tiles: Iterable[tuple[DType, tuple[int, ...]]], threads: int) -> int:
    """A lower bound on the shared memory a CTA of `threads` needs for `tiles`, each of
    which has a place of its own for the whole kernel (as the CUDA back end lays them
    out): the tiles too large for registers, plus whatever of the others exceeds what
    registers could take of them (the budget on every thread; an element takes a
    register of at least its own size, so no tile saves more bytes than it costs)."""
    must, could = 0, 0
    for dtype, shape in tiles:
        size = tile_bytes(dtype, shape)
        if fits_registers(dtype, shape, threads):
            could += size
        else:
            must += size
    return must + max(0, could - REGISTER_BUDGET * threads)
