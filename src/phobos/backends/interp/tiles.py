"""Tile values and the absent-element rule, as whole-array numpy operations.

A tile value is an array of the tile's shape and its *present region*: one half-open
interval per dim. Elements outside the region are absent (they came from beyond a
tensor's edge). Their array entries are never observed:

- arithmetic intersects the operands' regions (a broadcast dim of extent 1 that is
  present covers the whole extent; one that is absent stays absent);
- reductions, the sum inside `dot` and the row statistics of `softmax` skip absent
  elements; along a reduced axis the result is present, the identity if nothing was;
- a store writes only present elements; a scalar read of an absent element is 0.

Because every slice is a box, so is every region, and a region costs a few ints.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from . import numerics
from .types import F32, F64, float_to, highest, is_float, lowest

Region = tuple[tuple[int, int], ...]
# One subscript of a window: (start, length) for a span, (index, None) for an index.
Pick = tuple[int, int | None]


class Tile:
    """An array and its present region."""

    __slots__ = ("data", "region")

    def __init__(self, data: np.ndarray, region: Region):
        self.data = data
        self.region = region

    def __repr__(self) -> str:
        return f"Tile({self.data!r}, region={self.region})"


def full(shape: tuple[int, ...]) -> Region:
    return tuple((0, n) for n in shape)


def is_empty(region: Region) -> bool:
    return any(lo >= hi for lo, hi in region)


def boxes(region: Region) -> tuple[slice, ...]:
    return tuple(slice(lo, hi) for lo, hi in region)


def fit(region: Region, shape: tuple[int, ...], target: tuple[int, ...]) -> Region:
    """A region of an operand of `shape` seen in the broadcast `target` shape."""
    out = list(full(target))
    offset = len(target) - len(shape)
    for k, ((lo, hi), n) in enumerate(zip(region, shape, strict=True)):
        t = target[offset + k]
        if n == t:
            out[offset + k] = (lo, hi)
        elif lo >= hi:  # an absent dim of extent 1 stays absent
            out[offset + k] = (0, 0)
    return tuple(out)


def meet(regions: list[Region]) -> Region:
    return tuple(
        (max(iv[0] for iv in ivs), min(iv[1] for iv in ivs)) for ivs in zip(*regions, strict=True)
    )


def elementwise(fn: Callable[..., np.ndarray], operands: list, shape: tuple[int, ...]) -> Tile:
    """`fn` over tiles and uniform scalars; the result is present where all are."""
    data = fn(*(op.data if isinstance(op, Tile) else op for op in operands))
    regions = [fit(op.region, op.data.shape, shape) for op in operands if isinstance(op, Tile)]
    data = np.asarray(data)
    if data.shape != shape:
        data = np.broadcast_to(data, shape)
    return Tile(data, meet(regions) if regions else full(shape))


def broadcast(value: Tile | np.generic, shape: tuple[int, ...], dtype: np.dtype) -> Tile:
    """A tile or a uniform scalar brought to `shape` (read-only where it broadcasts)."""
    if not isinstance(value, Tile):
        return Tile(np.broadcast_to(np.asarray(value, dtype), shape), full(shape))
    if value.data.shape == shape:
        return value
    return Tile(np.broadcast_to(value.data, shape), fit(value.region, value.data.shape, shape))


def extract(data: np.ndarray, region: Region, picks: list[Pick]) -> Tile:
    """The window `picks` of an array whose present region is `region`.

    Used for loads (the region is the whole tensor) and sub-tiles. Positions outside
    the source or its region are absent (and read as zeros); each dim's interval is
    kept even where another is empty, since reducing over the empty one gives present
    identities. An index outside makes the whole value absent.
    """
    src: list[int | slice] = []
    dst: list[slice] = []
    out: list[tuple[int, int]] = []
    shape: list[int] = []
    for (lo, hi), (start, length) in zip(region, picks, strict=True):
        if length is None:
            if not lo <= start < hi:
                shape = [n for _, n in picks if n is not None]
                return Tile(np.zeros(shape, data.dtype), tuple((0, 0) for _ in shape))
            src.append(start)
            continue
        a, b = max(start, lo), min(start + length, hi)
        if a >= b:
            a = b = start
        shape.append(length)
        src.append(slice(a, b))
        dst.append(slice(a - start, b - start))
        out.append((a - start, b - start))
    if all(iv == (0, n) for iv, n in zip(out, shape, strict=True)):
        return Tile(np.array(data[tuple(src)]), tuple(out))
    result = np.zeros(shape, data.dtype)
    if not is_empty(tuple(out)):
        result[tuple(dst)] = data[tuple(src)]
    return Tile(result, tuple(out))


def place(target: np.ndarray, picks: list[Pick], value: Tile) -> None:
    """Write the present elements of `value` (of the window's shape) into the window
    `picks` of `target`, dropping those that fall outside it."""
    dst: list[int | slice] = []
    src: list[slice] = []
    window = iter(value.region)
    for n, (start, length) in zip(target.shape, picks, strict=True):
        if length is None:
            if not 0 <= start < n:
                return
            dst.append(start)
            continue
        lo, hi = next(window)
        a, b = max(start + lo, 0), min(start + hi, n)
        if a >= b:
            return
        dst.append(slice(a, b))
        src.append(slice(a - start, b - start))
    target[tuple(dst)] = value.data[tuple(src)]


def gather(tile: Tile, index: list, valid: np.ndarray | np.generic) -> np.ndarray | np.generic:
    """Each thread's element of a tile at its own position (where `valid`); 0 where the
    position is invalid, outside the tile or absent."""
    safe = []
    for (lo, hi), i in zip(tile.region, index, strict=True):
        ok = (i >= lo) & (i < hi)
        valid = valid & ok
        safe.append(np.where(ok, i, 0))
    value = tile.data[tuple(safe)]
    return numerics.scalar_if_0d(np.where(valid, value, tile.data.dtype.type(0)))


# ---------------------------------------------------------------- reductions


def _combiner(op: str, dtype: np.dtype) -> tuple[np.ufunc, np.generic]:
    if op == "sum":
        return np.add, dtype.type(0)
    if op == "max":
        return (np.fmax if is_float(dtype) else np.maximum), lowest(dtype)
    return (np.fmin if is_float(dtype) else np.minimum), highest(dtype)


def _work_dtype(dtype: np.dtype) -> np.dtype:
    """16-bit floats are reduced in f32 (exact for max and min, an f32 sum otherwise)."""
    return F32 if is_float(dtype) and dtype.itemsize == 2 else dtype


def reduce(op: str, tile: Tile, axis: int | None, result: np.dtype) -> Tile | np.generic:
    """sum/max/min of the present elements, over `axis` (kept, extent 1) or all. The
    identity is what nothing gives; it takes no part where an element is present, so a
    float max or min of NaN alone is NaN (fmax and fmin skip a NaN, but -inf would win)."""
    work = _work_dtype(result)
    ufunc, identity = _combiner(op, work)
    present = tile.data[boxes(tile.region)].astype(work, copy=False)
    ordered = op != "sum" and is_float(work)  # numpy's fmax and fmin leave the zeros unordered
    if axis is None:
        value = ufunc.reduce(present, axis=None) if present.size else identity
        if ordered and present.size:
            value = numerics.zeros_ordered(op, np.asarray(value), present, None)[()]
        return float_to(np.asarray(value), result)[()] if work != result else work.type(value)
    shape = tuple(1 if k == axis else n for k, n in enumerate(tile.data.shape))
    region = tuple((0, 1) if k == axis else r for k, r in enumerate(tile.region))
    out = np.full(shape, identity, work)
    if not is_empty(region) and present.shape[axis]:
        reduced = ufunc.reduce(present, axis=axis, keepdims=True)
        out[boxes(region)] = numerics.zeros_ordered(op, reduced, present, axis) if ordered else reduced
    return Tile(float_to(out, result) if work != result else out, region)


def softmax(tile: Tile) -> Tile:
    """Softmax along the last axis over the present elements, in f32 (f64 for f64)."""
    dtype = tile.data.dtype
    work = F64 if dtype == F64 else F32
    out = np.zeros(tile.data.shape, dtype)
    if is_empty(tile.region):
        return Tile(out, tile.region)
    box = boxes(tile.region)
    x = tile.data[box].astype(work)
    peak = np.fmax.reduce(x, axis=-1, keepdims=True, initial=-np.inf)
    shifted = x - peak
    e = np.exp(shifted) if work == F64 else np.exp(shifted.astype(F64)).astype(F32)
    total = np.add.reduce(e, axis=-1, keepdims=True)
    out[box] = float_to(e / total, dtype)
    return Tile(out, tile.region)


def dot(a: Tile, b: Tile, result: np.dtype) -> Tile:
    """The matrix product, summing over the k present in both; rows are a's, columns b's."""
    (r0, r1), (ka0, ka1) = a.region
    (kb0, kb1), (c0, c1) = b.region
    k0, k1 = max(ka0, kb0), min(ka1, kb1)
    out = np.zeros((a.data.shape[0], b.data.shape[1]), result)
    if r0 < r1 and c0 < c1 and k0 < k1:
        left = a.data[r0:r1, k0:k1]
        right = b.data[k0:k1, c0:c1]
        if is_float(result):
            out[r0:r1, c0:c1] = left.astype(result) @ right.astype(result)
        else:
            # 64-bit products and sums wrap modulo 2^64, so truncating to the result
            # gives the product modulo its own width.
            wide = left.astype(np.int64) @ right.astype(np.int64)
            out[r0:r1, c0:c1] = wide.astype(result)
    return Tile(out, ((r0, r1), (c0, c1)))


def transpose(tile: Tile) -> Tile:
    return Tile(tile.data.T, tile.region[::-1])
