"""What the generator knows of a value, and the dtype tables it reasons with.

A `Fact` is an upper bound on what a value can be, over every run the kernel's inputs
allow: its type and shape, its uniformity level, for floats a bound on its magnitude
and on how far two correct back ends may disagree on it (`err` 0: bit for bit), for
integers an interval when one is known, and for tiles a box of positions certain to
be present. The promotion table here is written from docs/spec.md, apart from the
checker's, so a disagreement between them shows up as a refusal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

INF = math.inf

FLOATS = ("f16", "bf16", "f32", "f64")
SIGNED = ("i8", "i32", "i64")
UNSIGNED = ("u8", "u16", "u32")
NUMERIC = FLOATS + SIGNED
ALL = NUMERIC + UNSIGNED + ("bool",)

UNIFORM, WARP, VARYING = 0, 1, 2

# Unit roundoff: the largest relative error of one rounding to nearest.
UNIT = {"f16": 2.0**-11, "bf16": 2.0**-8, "f32": 2.0**-24, "f64": 2.0**-53}
FINITE_MAX = {"f16": 65504.0, "bf16": 3.38e38, "f32": 3.4e38, "f64": 1.79e308}
INT_RANGE = {
    "i8": (-(2**7), 2**7 - 1),
    "i32": (-(2**31), 2**31 - 1),
    "i64": (-(2**63), 2**63 - 1),
    "u8": (0, 2**8 - 1),
    "u16": (0, 2**16 - 1),
    "u32": (0, 2**32 - 1),
}
_INT_RANK = {"i8": 0, "i32": 1, "i64": 2}
_FLOAT_RANK = {"f16": 0, "bf16": 0, "f32": 1, "f64": 2}

Box = tuple[tuple[int, int], ...]  # per dim, [lo, hi) of positions certain to be present
Interval = tuple[int, int]


def is_float(d: str) -> bool:
    return d in FLOATS


def is_int(d: str) -> bool:
    return d in SIGNED or d in UNSIGNED


def promote(a: str, b: str) -> str:
    """The type two operands are computed in (docs/spec.md, "The promotion table")."""
    if a == b:
        return "i32" if a == "i8" else a
    if is_float(a) and is_float(b):
        if {a, b} == {"f16", "bf16"}:
            return "f32"
        return a if _FLOAT_RANK[a] > _FLOAT_RANK[b] else b
    if is_float(a) or is_float(b):
        return a if is_float(a) else b
    wider = a if _INT_RANK[a] > _INT_RANK[b] else b
    return "i32" if wider == "i8" else wider


def accumulator(d: str) -> str:
    """The type `sum` and `dot` give for elements of `d`."""
    return {"f16": "f32", "bf16": "f32", "i8": "i32"}.get(d, d)


def broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """numpy's broadcast of two shapes, or None where they do not broadcast."""
    out = []
    for x, y in zip(reversed((1,) * (len(b) - len(a)) + a), reversed((1,) * (len(a) - len(b)) + b), strict=True):
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y))
    return tuple(reversed(out))


def fits(shape: tuple[int, ...], target: tuple[int, ...]) -> bool:
    """Whether a value of `shape` broadcasts to exactly `target`."""
    return broadcast(shape, target) == target


def full(shape: tuple[int, ...]) -> Box:
    return tuple((0, n) for n in shape)


def box_broadcast(box: Box, shape: tuple[int, ...], target: tuple[int, ...]) -> Box:
    """A value's sure box seen at the broadcast `target` shape: a dim of extent 1 that is
    present covers the whole extent."""
    padded = ((0, 1),) * (len(target) - len(shape)) + box
    dims = (1,) * (len(target) - len(shape)) + shape
    return tuple(
        ((0, t) if lo < hi else (0, 0)) if n == 1 and t != 1 else (lo, hi)
        for (lo, hi), n, t in zip(padded, dims, target, strict=True)
    )


def box_meet(a: Box, b: Box) -> Box:
    return tuple((max(x0, y0), min(x1, y1)) for (x0, x1), (y0, y1) in zip(a, b, strict=True))


def box_contains(outer: Box, inner: Box) -> bool:
    """Whether every position `inner` is sure of, `outer` is sure of too."""
    return all(hi <= lo or (o0 <= lo and hi <= o1) for (lo, hi), (o0, o1) in zip(inner, outer, strict=True))


def nonempty(box: Box, axis: int | None = None) -> bool:
    dims = box if axis is None else (box[axis],)
    return all(lo < hi for lo, hi in dims)


@dataclass(frozen=True)
class Fact:
    dtype: str
    shape: tuple[int, ...] = ()
    level: int = UNIFORM
    mag: float = INF
    err: float = 0.0
    iv: Interval | None = None
    sure: Box = ()
    const: bool = False

    @property
    def tile(self) -> bool:
        return bool(self.shape)

    @property
    def exact(self) -> bool:
        return self.err == 0.0

    def with_(self, **changes: object) -> Fact:
        return replace(self, **changes)  # type: ignore[arg-type]


def int_fact(dtype: str, iv: Interval | None, level: int = UNIFORM, **more: object) -> Fact:
    """An integer fact whose interval is dropped where it leaves the type's range."""
    if iv is not None:
        lo, hi = INT_RANGE[dtype]
        if iv[0] < lo or iv[1] > hi:
            iv = None
    return Fact(dtype, level=level, iv=iv, **more)  # type: ignore[arg-type]


def iv_mag(iv: Interval | None) -> float:
    return INF if iv is None else float(max(abs(iv[0]), abs(iv[1])))


def iv_add(a: Interval | None, b: Interval | None) -> Interval | None:
    return None if a is None or b is None else (a[0] + b[0], a[1] + b[1])


def iv_sub(a: Interval | None, b: Interval | None) -> Interval | None:
    return None if a is None or b is None else (a[0] - b[1], a[1] - b[0])


def iv_mul(a: Interval | None, b: Interval | None) -> Interval | None:
    if a is None or b is None:
        return None
    corners = [x * y for x in a for y in b]
    return min(corners), max(corners)


def iv_union(a: Interval | None, b: Interval | None) -> Interval | None:
    return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))


def rounding(dtype: str, mag: float) -> float:
    """The error one rounding to `dtype` can add to a value of magnitude `mag`."""
    return UNIT[dtype] * mag if is_float(dtype) else 0.0


def narrowing(err: float, dtype: str, mag: float) -> float:
    """`err` after an inexact value is rounded to `dtype`: two back ends whose values
    straddle a rounding boundary land one unit apart."""
    return 0.0 if err == 0.0 else err + 2 * rounding(dtype, mag)
