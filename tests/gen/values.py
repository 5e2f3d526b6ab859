"""The numbers the oracle computes with: its values (untyped literals, tiles with their
present box, views), the spec's conversions and arithmetic on numpy arrays, and the
reductions, softmax and dot over present elements.

Written from docs/spec.md, apart from the interpreter: integers wrap at their width,
`/` truncates and `%` takes the dividend's sign (x / 0 is 0, x % 0 is x), shift counts
are taken modulo the width; 16-bit floats compute in f32 and round each result; math
functions, sums, softmax and dot are computed in f64 and rounded once; float to
integer truncates, saturates and sends NaN to 0; integer to float rounds once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from .facts import INT_RANGE, accumulator, broadcast, is_float, promote
from .inputs import NUMPY

try:
    from corpus.case import tf32
except ImportError:  # imported as tests.gen
    from tests.corpus.case import tf32

NAMES = {v: k for k, v in NUMPY.items()}
F64 = np.float64
MATH = {
    "exp": np.exp,
    "exp2": np.exp2,
    "log": np.log,
    "log2": np.log2,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "sin": np.sin,
    "cos": np.cos,
    "tanh": np.tanh,
    "erf": np.vectorize(math.erf, otypes=[F64]),
    "floor": np.floor,
    "ceil": np.ceil,
}
FOLDED = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
CONVERSIONS = ("f16", "bf16", "f32", "f64", "i8", "i32", "i64", "u8", "u16", "u32")


@dataclass
class Literal:
    """An untyped literal: it takes its type where it is used."""

    value: int | float | bool


@dataclass
class Tile:
    data: np.ndarray
    box: tuple[tuple[int, int], ...]  # the present region, one [lo, hi) per dim


@dataclass
class View:
    tensor: str
    starts: list[np.ndarray | None]  # per tensor dim, the start per thread (None: an index item)
    items: list[np.ndarray | int]  # per tensor dim, the index per thread, or the length


Value = np.ndarray | Literal | Tile | View


def dname(a: np.ndarray) -> str:
    return NAMES[a.dtype]


def typed(v: Value, default: str | None = None) -> np.ndarray | Tile:
    """A literal given its default type (or `default`); anything else as it is."""
    if isinstance(v, Literal):
        d = default or ("bool" if isinstance(v.value, bool) else "i64" if isinstance(v.value, int) else "f32")
        return to_type(np.asarray(v.value), d)
    assert not isinstance(v, View)
    return v


def arr(v: np.ndarray | Tile) -> np.ndarray:
    return v.data if isinstance(v, Tile) else v


def dtype_of(v: Value) -> str:
    return dname(arr(typed(v)))


def to_type(a: np.ndarray, d: str) -> np.ndarray:
    """The spec's conversion of `a` to `d` (explicit or implicit; the checker allows only
    some implicitly)."""
    src = NAMES.get(a.dtype, "i64" if a.dtype.kind == "i" else "f64")
    target = NUMPY[d]
    if src == d:
        return a.astype(target)
    if is_float(d):
        if a.dtype.kind in "iu":
            return int_to_float(a, d)
        wide = a.astype(F64)
        return to_bf16(wide) if d == "bf16" else wide.astype(target)
    if src in ("f16", "bf16", "f32", "f64"):
        lo, hi = INT_RANGE[d]
        x = np.trunc(a.astype(F64))
        big, small = x >= float(hi), x <= float(lo)
        mid = ~(np.isnan(x) | big | small)
        out = np.zeros(x.shape, np.int64)
        out[mid] = x[mid].astype(np.int64)
        out[big], out[small] = hi, lo
        return out.astype(target)
    return a.astype(target)


def to_bf16(x: np.ndarray) -> np.ndarray:
    """f64 to bf16 rounded once: through f32 rounded to odd, which a second rounding to
    8 bits cannot spoil."""
    with np.errstate(over="ignore", invalid="ignore"):
        y = x.astype(np.float32)
        back = y.astype(F64)
        inexact = (back != x) & np.isfinite(x) & np.isfinite(y)
        toward_zero = np.where(inexact & (np.abs(back) > np.abs(x)), np.nextafter(y, np.float32(0)), y)
        bits = toward_zero.view(np.uint32) | np.where(inexact, np.uint32(1), np.uint32(0))
        return bits.view(np.float32).astype(ml_dtypes.bfloat16)


def int_to_float(a: np.ndarray, d: str) -> np.ndarray:
    """Integers rounded once to nearest-even in `d` (no double rounding through f64)."""
    bits = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}[d]
    flat = [_round_int(int(v), bits) for v in a.reshape(-1)]
    out = np.array(flat, F64).reshape(a.shape) if flat else np.zeros(a.shape, F64)
    with np.errstate(over="ignore"):
        return to_bf16(out) if d == "bf16" else out.astype(NUMPY[d])


def _round_int(v: int, bits: int) -> float:
    m = abs(v)
    if m.bit_length() <= bits:
        return float(v)
    shift = m.bit_length() - bits
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return math.copysign(float(q << shift), v)


def first(a: np.ndarray) -> Any:
    return np.asarray(a).reshape(-1)[0]


def literal(text: str) -> Literal:
    if text in ("true", "false"):
        return Literal(text == "true")
    if text == "inf":
        return Literal(math.inf)
    if "." in text or "e" in text:
        return Literal(float(text))
    return Literal(int(text, 0))


def compute(op: str, u: Any, v: Any, d: str) -> np.ndarray:
    """`u op v`, both already of type `d`."""
    if op in ("==", "!=", "<", "<=", ">", ">="):
        fn = {
            "==": np.equal,
            "!=": np.not_equal,
            "<": np.less,
            "<=": np.less_equal,
            ">": np.greater,
            ">=": np.greater_equal,
        }[op]
        return np.asarray(fn(u, v))
    if d == "bool":
        fn = {"&&": np.logical_and, "||": np.logical_or, "&": np.logical_and, "|": np.logical_or, "^": np.not_equal}[op]
        return np.asarray(fn(u, v))
    target = NUMPY[d]
    if is_float(d):
        work = F64 if d == "f64" else np.float32
        a, b = np.asarray(u).astype(work), np.asarray(v).astype(work)
        fn = {
            "+": np.add,
            "-": np.subtract,
            "*": np.multiply,
            "/": np.divide,
            "%": np.fmod,
            "min": np.fmin,
            "max": np.fmax,
        }[op]
        return np.asarray(fn(a, b)).astype(target)
    a, b = np.asarray(u).astype(target), np.asarray(v).astype(target)
    a, b = np.broadcast_arrays(a, b)
    if op in ("idiv", "/", "%"):
        q, r = int_divide(a.astype(np.int64), b.astype(np.int64), target)
        return (q if op != "%" else r).astype(target)
    if op in ("<<", ">>"):
        width = target.itemsize * 8
        count = (b.astype(np.int64) & (width - 1)).astype(target)
        return (np.left_shift(a, count) if op == "<<" else np.right_shift(a, count)).astype(target)
    fn = {
        "+": np.add,
        "-": np.subtract,
        "*": np.multiply,
        "&": np.bitwise_and,
        "|": np.bitwise_or,
        "^": np.bitwise_xor,
        "min": np.minimum,
        "max": np.maximum,
    }[op]
    return np.asarray(fn(a, b)).astype(target)


def int_divide(a: np.ndarray, b: np.ndarray, target: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    """Truncating division and the remainder with the dividend's sign, at the target's
    width: x / 0 is 0 and x % 0 is x; the smallest value / -1 wraps to itself."""
    width = target.itemsize * 8
    q = np.zeros(a.shape, np.int64)
    r = np.zeros(a.shape, np.int64)
    for k, (x, y) in enumerate(zip(a.reshape(-1).tolist(), b.reshape(-1).tolist(), strict=True)):
        if y == 0:
            qq, rr = 0, x
        else:
            qq = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
            rr = x - qq * y
        q.reshape(-1)[k] = wrap(qq, width)
        r.reshape(-1)[k] = wrap(rr, width)
    return q, r


def wrap(v: int, width: int) -> int:
    v &= (1 << width) - 1
    return v - (1 << width) if v >= 1 << (width - 1) else v


def math_fn(name: str, a: np.ndarray) -> np.ndarray:
    d = dname(a)
    if name == "abs":
        return np.abs(a).astype(a.dtype) if a.dtype.kind == "i" else np.abs(a)
    x = a.astype(F64)
    y = MATH[name](x)
    if d == "f64":
        return np.asarray(y, F64)
    return np.asarray(y, F64).astype(np.float32).astype(a.dtype)


def meet(a: tuple, b: tuple) -> tuple:
    return tuple((max(x0, y0), min(x1, y1)) for (x0, x1), (y0, y1) in zip(a, b, strict=True))


def broadcast_all(shapes: list[tuple[int, ...]]) -> tuple[int, ...]:
    out: tuple[int, ...] = ()
    for s in shapes:
        b = broadcast(out, s)
        assert b is not None
        out = b
    return out


def broadcast_box(box: tuple, shape: tuple[int, ...], target: tuple[int, ...]) -> tuple:
    """A present region seen at a broadcast shape: a present dim of extent 1 covers the
    whole extent; an absent one stays absent."""
    pad = len(target) - len(shape)
    full_box = ((0, 1),) * pad + tuple(box)
    dims = (1,) * pad + shape
    out = []
    for (lo, hi), n, t in zip(full_box, dims, target, strict=True):
        if n == 1 and t != 1:
            out.append((0, t) if lo < hi else (0, 0))
        else:
            out.append((lo, hi))
    return tuple(out)


def meet_boxes(x: Any, y: Any) -> tuple | None:
    tiles = [v for v in (x, y) if isinstance(v, Tile)]
    if not tiles:
        return None
    shape = broadcast_all([t.data.shape for t in tiles])
    boxes = [broadcast_box(t.box, t.data.shape, shape) for t in tiles]
    return boxes[0] if len(boxes) == 1 else meet(boxes[0], boxes[1])


def window_of(a: np.ndarray, box: tuple | None, starts: list[int], lengths: list[int | None]) -> Tile:
    """A window of an array (of a tile, with its present box): zeros where absent."""
    present = []
    index = []
    shape = []
    whole = True
    for k, (s, n) in enumerate(zip(starts, lengths, strict=True)):
        lo, hi = (0, a.shape[k]) if box is None else box[k]
        lo, hi = max(lo, 0), min(hi, a.shape[k])
        if n is None:
            whole = whole and lo <= s < hi
            index.append([s] if 0 <= s < a.shape[k] else [0])
            continue
        first, last = max(0, lo - s), min(n, hi - s)
        present.append((first, last) if first < last else (0, 0))
        index.append([min(max(s + i, 0), a.shape[k] - 1) for i in range(n)])
        shape.append(n)
    data = a[np.ix_(*index)].reshape(shape).copy()
    out_box = tuple(present) if whole else tuple((0, 0) for _ in present)
    mask = np.zeros(shape, bool)
    if all(lo < hi for lo, hi in out_box):
        mask[tuple(slice(lo, hi) for lo, hi in out_box)] = True
    data[~mask] = 0
    return Tile(data, out_box)


def present(t: Tile) -> np.ndarray:
    mask = np.zeros(t.data.shape, bool)
    if all(lo < hi for lo, hi in t.box):
        mask[tuple(slice(lo, hi) for lo, hi in t.box)] = True
    return mask


def identity(op: str, d: str) -> Any:
    if op == "sum":
        return 0
    if is_float(d):
        return -math.inf if op == "max" else math.inf
    lo, hi = INT_RANGE[d]
    return lo if op == "max" else hi


def reduce_values(op: str, values: np.ndarray, d: str) -> Any:
    if op == "sum":
        acc = accumulator(d)
        if not values.size:
            return to_type(np.asarray(0), acc)[()]
        if is_float(acc):
            return to_type(np.asarray(values.astype(F64).sum()), acc)[()]
        return to_type(np.asarray(values.astype(np.int64).sum()), acc)[()]
    if not values.size:
        return to_type(np.asarray(identity(op, d)), d)[()] if not is_float(d) else NUMPY[d].type(identity(op, d))
    if is_float(d):
        return (np.fmax.reduce if op == "max" else np.fmin.reduce)(values)
    return values.max() if op == "max" else values.min()


def reduce_all(op: str, t: Tile) -> Any:
    return reduce_values(op, t.data[present(t)], dname(t.data))


def reduce_axis(op: str, t: Tile, axis: int) -> Tile:
    d = dname(t.data)
    moved = np.moveaxis(t.data, axis, -1)
    lo, hi = t.box[axis]
    out_shape = moved.shape[:-1]
    acc = accumulator(d) if op == "sum" else d
    out = np.zeros(out_shape, NUMPY[acc])
    for index in np.ndindex(*out_shape):
        row = moved[index][lo:hi] if lo < hi else moved[index][:0]
        out[index] = reduce_values(op, row, d)
    out = np.expand_dims(out, axis)
    box = tuple((0, 1) if k == axis else b for k, b in enumerate(t.box))
    return Tile(out, box)


def softmax(t: Tile) -> Tile:
    d = dname(t.data)
    x = t.data.astype(F64)
    mask = present(t)
    out = np.zeros(x.shape, F64)
    for index in np.ndindex(*x.shape[:-1]):
        row, keep = x[index], mask[index]
        if keep.any():
            e = np.exp(row[keep] - row[keep].max())
            out[index][keep] = e / e.sum()
    work = out if d == "f64" else out.astype(np.float32)
    return Tile(work.astype(NUMPY[d]), t.box)


def dot(a: Tile, b: Tile, cut: bool = False) -> Tile:
    """The product of the present k, in f64; with `cut` the f32 operands cut to TF32 first."""
    da, db = dname(a.data), dname(b.data)
    d = promote(da, db)
    out_d = accumulator(d)
    k0, k1 = max(a.box[1][0], b.box[0][0]), min(a.box[1][1], b.box[0][1])
    x, y = to_type(a.data, d), to_type(b.data, d)
    if cut:
        x, y = tf32(x), tf32(y)
    if is_float(out_d):
        prod = x[:, k0:k1].astype(F64) @ y[k0:k1, :].astype(F64) if k0 < k1 else np.zeros((x.shape[0], y.shape[1]))
        data = to_type(prod, out_d)
    else:
        prod = (
            x[:, k0:k1].astype(np.int64) @ y[k0:k1, :].astype(np.int64)
            if k0 < k1
            else np.zeros((x.shape[0], y.shape[1]), np.int64)
        )
        data = prod.astype(NUMPY[out_d])
    return Tile(data, (a.box[0], b.box[1]))
