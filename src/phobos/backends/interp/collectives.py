"""Warp collectives as reshapes of the per-thread vector.

A group is `width` consecutive lanes of a warp (width divides 32, and the CTA has a
multiple of 32 threads, so groups never straddle warps). Reductions combine a group
as a butterfly of xor shuffles would, halving from width/2 down to 1, so every lane
gets the same bits; over the whole CTA the warps' results are then combined the same
way (their count padded to a power of two with a neutral value, which changes nothing
it meets: for float max and min NaN, not -inf or +inf, which would win over a NaN).
"""

from __future__ import annotations

import numpy as np

from .numerics import Fn2


def _halving(values: np.ndarray, combine: Fn2) -> np.ndarray:
    """Combine each row of a (groups, 2^k) array down to (groups, 1), pairwise."""
    while values.shape[1] > 1:
        half = values.shape[1] // 2
        values = combine(values[:, :half], values[:, half:])
    return values


def reduce_lanes(x: np.ndarray, width: int, combine: Fn2) -> np.ndarray:
    """Each thread gets the combination of its group of `width` lanes."""
    groups = _halving(x.reshape(-1, width), combine)
    return np.repeat(groups[:, 0], width)


def reduce_threads(x: np.ndarray, combine: Fn2, pad: np.generic) -> np.generic:
    """The combination over the whole CTA (a uniform value)."""
    warps = _halving(x.reshape(-1, 32), combine)[:, 0]
    padded = 1 << (warps.size - 1).bit_length()
    row = np.full((1, padded), pad, x.dtype)
    row[0, : warps.size] = warps
    return _halving(row, combine)[0, 0]


def source_lanes(mode: str, amount: int, width: int, threads: int) -> np.ndarray:
    """For xor, up and down with a constant amount: the thread each thread reads."""
    t = np.arange(threads)
    lane = t & (width - 1)
    if mode == "xor":
        return t ^ amount
    if mode == "up":
        return np.where(lane >= amount, t - amount, t)
    return np.where(lane + amount < width, t + amount, t)


def source_by_index(k: np.ndarray | np.generic, width: int, threads: int) -> np.ndarray:
    """For idx: lane k of the reader's group, k taken modulo the width."""
    t = np.arange(threads)
    return (t - (t & (width - 1))) + (np.asarray(k, np.int64) & (width - 1))
