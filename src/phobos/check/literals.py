"""The values of float literals (spec, Types): an f32, rounded once from the decimal
text, and folded in f32; `f64(...)` of a literal expression takes its f64 fold instead.

A literal expression carries both folds, and why either does not exist, so that a
refusal comes only where the value is used: `1e300` is refused as an f32, but
`f64(1e300)` is 1e300.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from phobos.dtypes import BF16, F16, F32, F64, DType, round_float
from phobos.errors import Span

from . import fold

# Each float type: significand bits (the hidden one counted), the smallest normal
# exponent and the largest exponent.
_FORMATS: dict[DType, tuple[int, int, int]] = {
    F16: (11, -14, 15),
    BF16: (8, -126, 127),
    F32: (24, -126, 127),
    F64: (53, -1022, 1023),
}


def largest(dtype: DType) -> Fraction:
    """The largest finite value of the float type `dtype`."""
    bits, _, top = _FORMATS[dtype]
    return (2 - Fraction(1, 1 << (bits - 1))) * (1 << top)


def round_exact(x: int | Fraction, dtype: DType) -> float:
    """`x` rounded once to the float type `dtype` (to nearest, ties to even); ±inf past its range.

    Going through an f64 first would round twice, which differs for values near the
    midpoint of two neighbours of `dtype`.
    """
    if x == 0:
        return 0.0
    bits, bottom, _ = _FORMATS[dtype]
    a = abs(Fraction(x))
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if a < Fraction(2) ** e:
        e -= 1
    quantum = Fraction(2) ** (max(e, bottom) - (bits - 1))
    rounded = round(a / quantum) * quantum  # Fraction's round() ties to even
    out = math.inf if rounded > largest(dtype) else float(rounded)
    return out if x > 0 else -out


@dataclass(frozen=True)
class Unfit:
    """Why a literal expression has no value of some type: the message, and where."""

    message: str
    span: Span


@dataclass(frozen=True)
class FloatValues:
    """A float literal expression folded in f32 (its value) and in f64 (for `f64(...)`)."""

    f32: float
    f64: float
    shown: str  # how a message names it
    f32_unfit: Unfit | None = None
    f64_unfit: Unfit | None = None


def _g(value: float) -> str:
    return f"{value:.9g}"


def float_literal(value: float, text: str | None, span: Span) -> FloatValues | Unfit:
    """A float literal's values; `value` is its f64, `text` its decimal spelling if known.

    A literal that rounds to zero even in f64 is unfit for every type, so it comes
    back as an `Unfit`.
    """
    shown = text if text is not None else repr(value)
    if value == 0.0:
        if text is not None and Decimal(text) != 0:
            return Unfit(f"float literal {shown} is too small for any float type: it rounds to zero even in f64", span)
        return FloatValues(value, value, f"float literal {shown}")
    f32 = round_exact(Fraction(Decimal(text)) if text is not None else Fraction(value), F32)
    unfit = None
    if math.isinf(f32):
        unfit = Unfit(
            f"float literal {shown} is out of f32 range (the largest f32 is {_g(float(largest(F32)))}); "
            f"a float literal is an f32: write f64({shown}) for an f64 constant",
            span,
        )
    elif f32 == 0.0:
        unfit = Unfit(
            f"float literal {shown} is too small for f32: it rounds to zero; a float literal is an "
            f"f32: write f64({shown}) for an f64 constant",
            span,
        )
    return FloatValues(f32, value, f"float literal {shown}", unfit)


def special(value: float, name: str) -> FloatValues:
    """`inf` or `nan`, the same in every float type."""
    return FloatValues(value, value, f"`{name}`")


def from_int(value: int) -> FloatValues:
    """An integer literal expression met by a float literal: its value in f32 and in f64."""
    return FloatValues(round_exact(value, F32), round_exact(value, F64), f"integer literal {value}")


def negate(v: FloatValues) -> FloatValues:
    return FloatValues(-v.f32, -v.f64, "this literal expression", v.f32_unfit, v.f64_unfit)


def fold_values(op: str, a: FloatValues, b: FloatValues, span: Span) -> FloatValues:
    """`a op b` folded in f32 (each step rounded, as the GPU computes it) and in f64.

    One f64 operation rounded to f32 is the f32 operation: f64 has more than twice
    f32's precision, so the second rounding never changes the result.
    """
    f32 = fold.fold_float(op, a.f32, b.f32)
    f64 = fold.fold_float(op, a.f64, b.f64)
    assert isinstance(f32, float) and isinstance(f64, float), op
    f32 = round_float(f32, F32)
    return FloatValues(
        f32,
        f64,
        "this literal expression",
        a.f32_unfit or b.f32_unfit or _step_unfit(op, a.f32, b.f32, f32, F32, f64, span),
        a.f64_unfit or b.f64_unfit or _step_unfit(op, a.f64, b.f64, f64, F64, f64, span),
    )


def _step_unfit(op: str, a: float, b: float, result: float, dtype: DType, exact: float, span: Span) -> Unfit | None:
    """Why one folded step has no value in `dtype`: it overflowed, or a product or a
    quotient of non-zero numbers rounded to zero. (A division by zero is IEEE's inf.)"""
    if not (math.isfinite(a) and math.isfinite(b)):
        return None
    if math.isinf(result) and not (op == "/" and b == 0.0):
        problem = f"overflows {dtype}"
    elif result == 0.0 and op in ("*", "/") and a != 0.0 and b != 0.0:
        problem = f"rounds to zero in {dtype}"
    else:
        return None
    value = f" (its value is {_g(exact)})" if math.isfinite(exact) and exact != 0.0 else ""
    hint = "; write f64(...) around it for an f64 constant" if dtype == F32 else ""
    return Unfit(f"this literal expression {problem}{value}{hint}", span)


def as_float(v: FloatValues, dtype: DType, span: Span) -> float | Unfit:
    """The value a float literal expression takes as `dtype`: its f32 value, exactly
    widened to f64, or rounded to a 16-bit float, which must not overflow."""
    if v.f32_unfit is not None:
        return v.f32_unfit
    if dtype in (F32, F64) or not math.isfinite(v.f32):
        return v.f32
    out = round_float(v.f32, dtype)
    if math.isinf(out):
        return Unfit(
            f"{v.shown} is {_g(v.f32)}, out of {dtype} range (the largest {dtype} is {_g(float(largest(dtype)))})", span
        )
    return out


def int_as_float(value: int, dtype: DType, span: Span) -> float | Unfit:
    """An integer literal rounded once to the float type `dtype`, which must hold it."""
    out = round_exact(value, dtype)
    if math.isinf(out):
        return Unfit(
            f"integer literal {value} does not fit in {dtype} (the largest {dtype} is {_g(float(largest(dtype)))})",
            span,
        )
    return out
