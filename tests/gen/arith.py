"""How facts combine through operators and built-ins: types, intervals, magnitudes and
the error two correct back ends may show, one rule per operation.

Elementwise IEEE operations (`+ - * /`, `%`, min, max, abs, conversions) round the same
in every correct back end (NVRTC builds relaxed kernels with `--fmad=false`), so exact operands give an
exact result; math functions, sums whose order is free, `dot` and `softmax` do not.
"""

from __future__ import annotations

import math

from .facts import (
    INF,
    INT_RANGE,
    UNIT,
    Box,
    Fact,
    Interval,
    accumulator,
    box_broadcast,
    box_meet,
    broadcast,
    int_fact,
    is_float,
    iv_add,
    iv_mag,
    iv_mul,
    iv_sub,
    iv_union,
    narrowing,
    nonempty,
    promote,
    rounding,
)

# How many units of roundoff a math built-in may be off on CUDA (at most 2 ulp for
# the functions used, with a margin), and the Lipschitz factor of each on its domain.
MATH_UNITS = 16


def shape_and_box(a: Fact, b: Fact) -> tuple[tuple[int, ...], Box]:
    shape = broadcast(a.shape, b.shape)
    assert shape is not None, (a.shape, b.shape)
    if not shape:
        return shape, ()
    boxes = [box_broadcast(f.sure, f.shape, shape) for f in (a, b) if f.shape]
    box = boxes[0] if len(boxes) == 1 else box_meet(boxes[0], boxes[1])
    return shape, box


def joined(a: Fact, b: Fact, dtype: str, **more: object) -> Fact:
    shape, box = shape_and_box(a, b)
    return Fact(dtype, shape, max(a.level, b.level), sure=box, **more)  # type: ignore[arg-type]


def float_op(op: str, a: Fact, b: Fact, dtype: str) -> Fact:
    """`a op b` computed in the float `dtype` (both already promoted)."""
    ma, mb, ea, eb = a.mag, b.mag, a.err, b.err
    if op in ("+", "-"):
        mag = ma + mb
        err = ea + eb
    elif op == "*":
        mag = ma * mb if ma and mb else 0.0
        err = _times(ma, eb) + _times(mb, ea) + ea * eb
    elif op == "max" or op == "min":
        mag, err = max(ma, mb), max(ea, eb)
    else:
        raise ValueError(op)
    if err and op not in ("max", "min"):
        err += rounding(dtype, mag)
    return joined(a, b, dtype, mag=mag, err=err)


def _times(m: float, e: float) -> float:
    return 0.0 if e == 0.0 else m * e


def float_div(a: Fact, d: Fact, dtype: str, least: float) -> Fact:
    """`a / d` where |d| ≥ `least` (0: a raw denominator; both must then be exact)."""
    if least == 0:
        return joined(a, d, dtype, mag=INF, err=0.0 if a.exact and d.exact else INF)
    mag = a.mag / least
    err = a.err / least + _times(a.mag, d.err) / least**2
    if err:
        err += rounding(dtype, mag)
    return joined(a, d, dtype, mag=mag, err=err)


def int_op(op: str, a: Fact, b: Fact, dtype: str, divisor: int | None = None) -> Fact:
    """`a op b` in the integer `dtype`; `divisor` is b's value when it is a literal."""
    x, y = a.iv, b.iv
    iv: Interval | None = None
    if op == "+":
        iv = iv_add(x, y)
    elif op == "-":
        iv = iv_sub(x, y)
    elif op == "*":
        iv = iv_mul(x, y)
    elif op in ("max", "min"):
        if x is not None and y is not None:
            pick = max if op == "max" else min
            iv = (pick(x[0], y[0]), pick(x[1], y[1]))
    elif op == "idiv":
        m = iv_mag(x)
        iv = None if m == INF else (-int(m), int(m))
    elif op == "%":
        m = iv_mag(x)
        if divisor is not None and divisor > 0:
            k = divisor - 1
            iv = (0, k) if x is not None and x[0] >= 0 else (-k, k)
        elif m != INF:
            iv = (-int(m), int(m))
    elif op == "&":
        nonneg = [v for v in (x, y) if v is not None and v[0] >= 0]
        if nonneg:
            iv = (0, min(v[1] for v in nonneg))
    elif op in ("|", "^"):
        if x is not None and y is not None and x[0] >= 0 and y[0] >= 0:
            iv = (0, 2 ** max(x[1], y[1]).bit_length() - 1)
    elif op == ">>":
        if x is not None:
            iv = (min(x[0], 0), max(x[1], 0))
    elif op == "<<":
        iv = None
    else:
        raise ValueError(op)
    shape, box = shape_and_box(a, b)
    f = int_fact(dtype, iv, max(a.level, b.level))
    return f.with_(shape=shape, sure=box, mag=iv_mag(f.iv))


def compare(a: Fact, b: Fact) -> Fact:
    return joined(a, b, "bool")


def negate(a: Fact) -> Fact:
    if is_float(a.dtype):
        return a
    iv = None if a.iv is None else (-a.iv[1], -a.iv[0])
    return _int_like(a, iv)


def bitnot(a: Fact) -> Fact:
    iv = None if a.iv is None else (-a.iv[1] - 1, -a.iv[0] - 1)
    return _int_like(a, iv)


def absolute(a: Fact) -> Fact:
    if is_float(a.dtype):
        return a
    if a.iv is None or a.iv[0] == INT_RANGE[a.dtype][0]:
        return _int_like(a, None)
    lo, hi = a.iv
    return _int_like(a, (0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi))))


def _int_like(a: Fact, iv: Interval | None) -> Fact:
    f = int_fact(a.dtype, iv, a.level)
    return a.with_(iv=f.iv, mag=iv_mag(f.iv), const=False)


def select(c: Fact, a: Fact, b: Fact, dtype: str) -> Fact:
    f = joined(joined(c, a, dtype), b, dtype)
    if is_float(dtype):
        return f.with_(mag=max(a.mag, b.mag), err=max(a.err, b.err))
    if dtype == "bool":
        return f
    iv = iv_union(a.iv, b.iv)
    return f.with_(iv=int_fact(dtype, iv).iv, mag=iv_mag(iv))


def convert(x: Fact, dtype: str) -> Fact:
    """`dtype(x)`, or the implicit conversion of a store or an assignment."""
    src = x.dtype
    base = x.with_(dtype=dtype)
    if is_float(dtype):
        if is_float(src):
            widening = dtype in ("f32", "f64") and UNIT[dtype] <= UNIT[src]
            return base.with_(err=x.err if widening or dtype == src else narrowing(x.err, dtype, x.mag), iv=None)
        lo, hi = x.iv if x.iv is not None else INT_RANGE[src]
        return base.with_(mag=float(max(abs(lo), abs(hi))), err=0.0, iv=None)
    lo_t, hi_t = INT_RANGE[dtype]
    if is_float(src):
        m = x.mag
        iv = (lo_t, hi_t) if m == INF else (max(lo_t, -int(m) - 1), min(hi_t, int(m) + 1))
        return base.with_(mag=float(max(abs(iv[0]), abs(iv[1]))), err=0.0, iv=iv)
    f = int_fact(dtype, x.iv)
    iv = f.iv if f.iv is not None else (lo_t, hi_t)
    if x.iv is None and src in INT_RANGE and INT_RANGE[src][0] >= lo_t and INT_RANGE[src][1] <= hi_t:
        iv = INT_RANGE[src]
    return base.with_(iv=iv, mag=iv_mag(iv), err=0.0)


def math_fn(name: str, x: Fact, mag_out: float, lipschitz: float) -> Fact:
    """A math built-in of a float `x`: never bit for bit across back ends."""
    work = "f64" if x.dtype == "f64" else "f32"
    err = lipschitz * x.err + MATH_UNITS * UNIT[work] * max(mag_out, 1e-30)
    if x.dtype in ("f16", "bf16"):
        err = narrowing(err, x.dtype, mag_out)
    return x.with_(mag=mag_out, err=err, const=False)


def reduce_all(op: str, t: Fact) -> Fact:
    """`sum`, `max` or `min` of a whole tile: a uniform scalar."""
    n = math.prod(t.shape)
    if op == "sum":
        return _summed(t, n, ()).with_(level=0, sure=())
    return _extreme(t, nonempty(t.sure), ()).with_(level=0, sure=())


def reduce_axis(op: str, t: Fact, axis: int) -> Fact:
    shape = tuple(1 if k == axis else n for k, n in enumerate(t.shape))
    box = tuple((0, 1) if k == axis else d for k, d in enumerate(t.sure))
    if op == "sum":
        return _summed(t, t.shape[axis], shape).with_(sure=box)
    return _extreme(t, nonempty(t.sure, axis), shape).with_(sure=box)


def _summed(t: Fact, n: int, shape: tuple[int, ...]) -> Fact:
    acc = accumulator(t.dtype)
    if not is_float(acc):
        iv = None if t.iv is None else (n * min(t.iv[0], 0), n * max(t.iv[1], 0))
        f = int_fact(acc, iv)
        return t.with_(dtype=acc, shape=shape, iv=f.iv, mag=iv_mag(f.iv), const=False)
    mag = n * t.mag
    err = n * t.err + n * mag * UNIT[acc]
    return t.with_(dtype=acc, shape=shape, mag=mag, err=err, const=False)


def _extreme(t: Fact, surely_some: bool, shape: tuple[int, ...]) -> Fact:
    """max or min: exact, but a reduction over nothing gives the identity (±inf, or the
    integer type's extreme)."""
    if is_float(t.dtype):
        return t.with_(shape=shape, mag=t.mag if surely_some else INF, const=False)
    iv = t.iv if surely_some and t.iv is not None else INT_RANGE[t.dtype]
    return t.with_(shape=shape, iv=iv, mag=iv_mag(iv), const=False)


def lane_reduce(op: str, x: Fact, n: int, level: int) -> Fact:
    """A collective over `n` threads; every thread of the group takes part."""
    if op == "sum":
        acc = accumulator(x.dtype)
        if not is_float(acc):
            iv = None if x.iv is None else (n * min(x.iv[0], 0), n * max(x.iv[1], 0))
            f = int_fact(acc, iv)
            return x.with_(dtype=acc, level=level, iv=f.iv, mag=iv_mag(f.iv), const=False)
        mag = n * x.mag
        return x.with_(dtype=acc, level=level, mag=mag, err=n * x.err + n * mag * UNIT[acc], const=False)
    return x.with_(level=level, const=False)


def dot(a: Fact, b: Fact) -> Fact:
    (m, k), (_, n) = a.shape, b.shape
    out = accumulator(promote(a.dtype, b.dtype))
    box = (a.sure[0], b.sure[1])
    if not is_float(out):
        return Fact(out, (m, n), sure=box)
    mag = k * a.mag * b.mag
    err = k * (_times(a.mag, b.err) + _times(b.mag, a.err)) + 2 * k * mag * UNIT[out]
    return Fact(out, (m, n), mag=mag, err=err, sure=box)


def softmax(t: Fact) -> Fact:
    work = "f64" if t.dtype == "f64" else "f32"
    n = t.shape[-1]
    err = 4 * t.err + (n + 8) * MATH_UNITS * UNIT[work]
    if t.dtype in ("f16", "bf16"):
        err = narrowing(err, t.dtype, 1.0)
    return t.with_(mag=1.0, err=err, const=False)


def transpose(t: Fact) -> Fact:
    return t.with_(shape=t.shape[::-1], sure=t.sure[::-1])
