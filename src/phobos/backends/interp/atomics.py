"""Atomic read-modify-writes, done as if the active threads ran one after another.

Threads act in thread order: each sees the element as the lower-numbered threads
left it, and gets the element's old value back. The threads are sorted (stably) by
the element they name and laid out one row per element, so the whole sequence for
every element is one `accumulate` along the rows: exact for integers (wrapping) and
for floats alike, since the additions happen in thread order. `cas` depends on each
comparison, so it goes round by round, the r-th thread of every element at once.
"""

from __future__ import annotations

import numpy as np

from . import numerics
from .masks import Mask
from .memory import Index, per_thread
from .types import is_float


def _accumulator(op: str, dtype: np.dtype) -> np.ufunc:
    floats = is_float(dtype)
    return {
        "add": np.add,
        "max": np.fmax if floats else np.maximum,
        "min": np.fmin if floats else np.minimum,
        "and": np.bitwise_and,
        "or": np.bitwise_or,
        "xor": np.bitwise_xor,
    }[op]


def atomic(op: str, flat_array: np.ndarray, flat: Index, valid: Index, value: Index,
           compare: Index | None, mask: Mask, threads: int) -> np.ndarray:
    """Apply `op` for every active thread whose position is inside; return the old
    values (0 for a thread whose position is outside, or that is inactive)."""
    dtype = flat_array.dtype
    old = np.zeros(threads, dtype)
    take = per_thread(valid, threads)
    if mask is not None:
        take = take & mask
    who = np.flatnonzero(take)
    if who.size == 0:
        return old
    where = per_thread(flat, threads)[who]
    order = np.argsort(where, kind="stable")
    who, where = who[order], where[order]
    values = per_thread(value, threads)[who]
    starts = np.flatnonzero(np.concatenate(([True], where[1:] != where[:-1])))
    sizes = np.diff(np.append(starts, who.size))
    row = np.repeat(np.arange(starts.size), sizes)
    col = np.arange(who.size) - starts[row]
    # Row g: the element's value, then the values of its threads, in thread order.
    seq = np.zeros((starts.size, int(sizes.max()) + 1), dtype)
    seq[:, 0] = flat_array[where[starts]]
    seq[row, col + 1] = values
    ends = (np.arange(starts.size), sizes)
    if op == "xchg":
        before, final = seq[row, col], seq[ends]
    elif op == "cas":
        expected = np.zeros_like(seq)
        expected[row, col + 1] = per_thread(compare, threads)[who]
        state = seq[:, 0].copy()
        seen = np.zeros_like(seq)
        for r in range(1, seq.shape[1]):
            seen[:, r] = state
            live = sizes >= r
            state = np.where(live & (state == expected[:, r]), seq[:, r], state)
        before, final = seen[row, col + 1], state
    else:
        running = _accumulator(op, dtype).accumulate(seq, axis=1)
        if op in ("max", "min") and is_float(dtype):
            running = numerics.zeros_ordered(op, running, seq, 1, running=True)
        before, final = running[row, col], running[ends]
    flat_array[where[starts]] = final
    old[who] = before
    return old
