"""Elementwise arithmetic with Phobos's exact semantics, on numpy scalars or arrays.

Each factory takes the ir dtypes and returns a function of numpy values, so the
choice of numpy routine is made once, when a kernel is compiled:

- integers wrap at their width; `/` truncates toward zero and `%` takes the
  dividend's sign; `x / 0` is 0 and `x % 0` is x; the smallest value / -1 wraps;
  shift counts are taken modulo the width and `>>` of a signed value is arithmetic;
- f16 and bf16 compute in f32 and round each result back;
- math built-ins are computed in f64 and rounded to f32 (then to f16 or bf16), which
  makes them correctly rounded in all but rare cases;
- float -> int truncates toward zero, saturates at the range and maps NaN to 0;
- min and max of floats ignore a NaN operand (fminf/fmaxf) and order the zeros, -0
  below +0 (IEEE 754-2019's minimumNumber and maximumNumber, as the GPU's FMNMX).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from phobos.dtypes import NUMPY, DType, float_to, int_to_float
from phobos.ir.nodes import ROUND_TF32

from .erf import erf
from .types import F32, F64

Value = np.ndarray | np.generic
Fn1 = Callable[[Value], Value]
Fn2 = Callable[[Value, Value], Value]


def scalar_if_0d(v: Value) -> Value:
    """numpy turns scalars into 0-d arrays in places (np.where); keep them scalars."""
    return v[()] if isinstance(v, np.ndarray) and v.ndim == 0 else v


_FLOAT_OPS: dict[str, Fn2] = {
    "+": np.add, "-": np.subtract, "*": np.multiply, "/": np.divide, "%": np.fmod,
}
_COMPARE: dict[str, Fn2] = {
    "==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
    ">": np.greater, ">=": np.greater_equal,
}
_INT_OPS: dict[str, Fn2] = {
    "+": np.add, "-": np.subtract, "*": np.multiply,
    "&": np.bitwise_and, "|": np.bitwise_or, "^": np.bitwise_xor,
}
_BOOL_OPS: dict[str, Fn2] = {
    "&&": np.logical_and, "||": np.logical_or, "&": np.logical_and, "|": np.logical_or,
    "^": np.not_equal, "==": np.equal, "!=": np.not_equal,
}


def binary(op: str, dtype: DType) -> Fn2:
    """`a op b` for two operands of `dtype` (the checker makes both sides agree)."""
    nd = NUMPY[dtype]
    if dtype.is_bool:
        return _BOOL_OPS[op]
    if op in _COMPARE:
        fn = _COMPARE[op]
        if dtype.is_float and dtype.bits == 16:
            return lambda a, b: fn(a.astype(F32), b.astype(F32))
        return fn
    if dtype.is_float:
        fn = _FLOAT_OPS[op]
        if dtype.bits == 16:
            return lambda a, b: float_to(fn(a.astype(F32), b.astype(F32)), nd)
        return fn
    if op == "/":
        return _int_divide(nd)
    if op == "%":
        return _int_remainder(nd)
    if op in ("<<", ">>"):
        shift = np.left_shift if op == "<<" else np.right_shift
        width = nd.type(dtype.bits - 1)
        return lambda a, b: shift(a, np.bitwise_and(b, width))
    return _INT_OPS[op]


def by_constant(op: str, divisor: int) -> Fn2:
    """Integer `/` or `%` by a constant other than 0 and -1, the common case, where
    neither the zero rule nor the overflow of the smallest value applies."""
    assert divisor not in (0, -1)
    if op == "%":
        return np.fmod
    return lambda a, b: (a - np.fmod(a, b)) // b


def _int_divide(nd: np.dtype) -> Fn2:
    one, zero, minus_one = nd.type(1), nd.type(0), nd.type(-1)

    def divide(a: Value, b: Value) -> Value:
        by_zero = b == zero
        by_minus_one = b == minus_one
        d = np.where(by_zero | by_minus_one, one, b)
        # a - fmod(a, d) is an exact multiple of d, so floor division truncates.
        q = (a - np.fmod(a, d)) // d
        q = np.where(by_minus_one, np.negative(a), q)
        return scalar_if_0d(np.where(by_zero, zero, q))

    return divide


def _int_remainder(nd: np.dtype) -> Fn2:
    one, zero, minus_one = nd.type(1), nd.type(0), nd.type(-1)

    def remainder(a: Value, b: Value) -> Value:
        by_zero = b == zero
        d = np.where(by_zero | (b == minus_one), one, b)
        return scalar_if_0d(np.where(by_zero, a, np.fmod(a, d)))

    return remainder


def unary(op: str, dtype: DType) -> Fn1:
    if op == "!":
        return np.logical_not
    if op == "~":
        return np.invert
    if dtype.is_float and dtype.bits == 16:
        nd = NUMPY[dtype]
        return lambda a: np.negative(a.astype(F32)).astype(nd)
    return np.negative


def cast(source: DType, target: DType) -> Fn1:
    """The conversion `target(x)` of a `source` value (the checker leaves out
    conversions to the same type); the result is always a new value."""
    s, t = NUMPY[source], NUMPY[target]
    if source.is_float and target.is_float:
        return lambda x: float_to(x, t)
    if source.is_int and target.is_float:
        return lambda x: int_to_float(x, t)
    if source.is_int and target.is_int:
        return lambda x: x.astype(t)
    if source.is_float and target.is_int:
        return _float_to_int(s, target)
    raise AssertionError(f"no conversion from {source} to {target}")


def _float_to_int(source: np.dtype, target: DType) -> Fn1:
    t = NUMPY[target]
    lo, hi = target.int_range()
    bottom, top = float(lo), float(hi + 1)  # both powers of two (or 0), exact in f64
    lo_v, hi_v = t.type(lo), t.type(hi)

    def convert(x: Value) -> Value:
        wide = x.astype(F32) if source.itemsize == 2 else x
        v = np.trunc(wide.astype(F64))
        # NaN fails every comparison, so it lands on the 0 of the first `where`.
        out = np.where((v >= bottom) & (v < top), v, 0.0).astype(t)
        out = np.where(v >= top, hi_v, out)
        return scalar_if_0d(np.where(v < bottom, lo_v, out))

    return convert


def _rsqrt(x: np.ndarray) -> np.ndarray:
    return 1.0 / np.sqrt(x)


MATH_F64: dict[str, Fn1] = {
    "exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sqrt": np.sqrt,
    "rsqrt": _rsqrt, "sin": np.sin, "cos": np.cos, "tanh": np.tanh, "erf": erf,
    "abs": np.abs, "floor": np.floor, "ceil": np.ceil,
}


def round_tf32(x: Value) -> Value:
    """f32 values cut to TF32 (10 mantissa bits): the 13 low bits cleared, which rounds
    toward zero, as the H200's tensor cores read an f32 fed to a tf32 product. NaN stays
    NaN (clearing its bits could leave inf)."""
    v = np.asarray(x, dtype=F32)
    bits = v.view(np.uint32) & np.uint32(0xFFFFE000)
    out = np.where(np.isnan(v), v, bits.view(F32))
    return scalar_if_0d(out)


def math1(name: str, dtype: DType) -> Fn1:
    """A one-argument math built-in on `dtype`."""
    if name == ROUND_TF32:
        return round_tf32
    if not dtype.is_float:
        assert name == "abs", name
        return np.abs  # wraps: abs of the smallest value is itself
    fn = MATH_F64[name]
    if dtype.bits == 64:
        if name == "erf":
            return lambda x: scalar_if_0d(erf(np.asarray(x)))
        return fn
    nd = NUMPY[dtype]

    def compute(x: Value) -> Value:
        y = np.asarray(fn(np.asarray(x.astype(F64)))).astype(F32)
        return scalar_if_0d(float_to(y, nd) if dtype.bits == 16 else y)

    return compute


def fmax(a: Value, b: Value) -> Value:
    """fmax with +0 above -0: where both are zeros, their sum is -0 only if both are."""
    return scalar_if_0d(np.where((a == 0) & (b == 0), a + b, np.fmax(a, b)))


def fmin(a: Value, b: Value) -> Value:
    """fmin with -0 below +0: where both are zeros, -0 if either is."""
    return scalar_if_0d(np.where((a == 0) & (b == 0), -(-a + -b), np.fmin(a, b)))


def zeros_ordered(op: str, result: np.ndarray, operands: np.ndarray, axis: int | None,
                  running: bool = False, keepdims: bool = True) -> np.ndarray:
    """A float max (min) reduced (the reduced axis kept, by `keepdims`), or accumulated
    (`running`), along `axis` by numpy's fmax (fmin), which gives either zero where its
    operands are +0 and -0: made +0 (-0) where any operand it covers is, as fmax and
    fmin above give them."""
    wanted = (operands == 0) & (np.signbit(operands) == (op == "min"))
    if running:
        seen = np.logical_or.accumulate(wanted, axis=axis)
    else:
        seen = np.any(wanted, axis=axis, keepdims=keepdims and axis is not None)
    zero = result.dtype.type(-0.0 if op == "min" else 0.0)
    return np.where(result == 0, np.where(seen, zero, -zero), result)


def min_max(name: str, dtype: DType) -> Fn2:
    """min or max of two values; for floats a NaN operand is ignored and -0 is below +0."""
    if not dtype.is_float:
        return np.minimum if name == "min" else np.maximum
    fn = fmin if name == "min" else fmax
    if dtype.bits == 16:
        nd = NUMPY[dtype]
        return lambda a, b: fn(a.astype(F32), b.astype(F32)).astype(nd)
    return fn
