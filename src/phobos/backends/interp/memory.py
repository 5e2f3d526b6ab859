"""One element per thread: loads and stores of tensor and tile elements.

Each thread names its own position; positions are turned into flat offsets into a
row-major array. A load outside the array reads 0, a store outside it is dropped,
and where several threads store to one element the highest-numbered thread wins
(the interpreter's rule; a GPU picks one of them).
"""

from __future__ import annotations

import numpy as np

from .masks import Mask
from .numerics import scalar_if_0d

Index = np.ndarray | np.generic


def offsets(shape: tuple[int, ...], index: list[Index]) -> tuple[Index, Index]:
    """Flat offsets of the threads' positions, and which positions are inside `shape`.

    Offsets of positions outside are meaningless; callers mask them.
    """
    flat: Index = index[0]
    valid: Index = (flat >= 0) & (flat < shape[0])
    for n, i in zip(shape[1:], index[1:], strict=True):
        valid = valid & (i >= 0) & (i < n)
        flat = flat * np.int64(n) + i
    return flat, valid


def per_thread(value: Index, threads: int) -> np.ndarray:
    """A per-thread or uniform value as an array over the threads (a view, read-only)."""
    if isinstance(value, np.ndarray) and value.shape == (threads,):
        return value
    return np.broadcast_to(value, (threads,))


def load(flat_array: np.ndarray, flat: Index, valid: Index) -> np.ndarray | np.generic:
    """Each thread's element, 0 where its position is outside."""
    if flat_array.size == 0:
        return scalar_if_0d(np.zeros(np.shape(flat), flat_array.dtype))
    value = flat_array[np.where(valid, flat, 0)]
    return scalar_if_0d(np.where(valid, value, flat_array.dtype.type(0)))


def store(flat_array: np.ndarray, flat: Index, valid: Index, value: Index, mask: Mask,
          threads: int) -> None:
    """Write each active thread's value where its position is inside."""
    take = per_thread(valid, threads)
    if mask is not None:
        take = take & mask
    where = per_thread(flat, threads)[take]
    if where.size == 0:
        return
    values = per_thread(value, threads)[take]
    if where.size > 1 and not (where[1:] > where[:-1]).all():
        # Several threads may name one element: keep the last of each, in thread order.
        where, last = np.unique(where[::-1], return_index=True)
        values = values[::-1][last]
    flat_array[where] = values
