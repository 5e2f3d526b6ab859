"""Compile-time arithmetic on constants, with Phobos's semantics."""

from __future__ import annotations

import math

from phobos.dtypes import DType


def wrap(value: int, dtype: DType) -> int:
    """Two's-complement wrap of an integer to `dtype`'s width."""
    mask = (1 << dtype.bits) - 1
    value &= mask
    if dtype.is_signed_int and value >> (dtype.bits - 1):
        value -= 1 << dtype.bits
    return value


def int_div(a: int, b: int) -> int:
    """Division truncating toward zero."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def int_rem(a: int, b: int) -> int:
    """Remainder taking the dividend's sign."""
    return a - b * int_div(a, b)


def fold_int(op: str, a: int, b: int, dtype: DType) -> int | bool:
    """`a op b` on integers of `dtype`; division by zero raises ZeroDivisionError."""
    match op:
        case "+":
            return wrap(a + b, dtype)
        case "-":
            return wrap(a - b, dtype)
        case "*":
            return wrap(a * b, dtype)
        case "/":
            return wrap(int_div(a, b), dtype)
        case "%":
            return wrap(int_rem(a, b), dtype)
        case "&":
            return wrap(a & b, dtype)
        case "|":
            return wrap(a | b, dtype)
        case "^":
            return wrap(a ^ b, dtype)
        case "<<":
            return wrap(a << (b % dtype.bits), dtype)
        case ">>":
            return wrap(a >> (b % dtype.bits), dtype)
    return fold_compare(op, a, b)


def fold_compare(op: str, a: int | float | bool, b: int | float | bool) -> bool:
    match op:
        case "==":
            return a == b
        case "!=":
            return a != b
        case "<":
            return a < b
        case "<=":
            return a <= b
        case ">":
            return a > b
        case ">=":
            return a >= b
    raise AssertionError(op)


def fold_float(op: str, a: float, b: float) -> float | bool:
    """`a op b` in f64 (Python's floats); a literal fold rounds it to f32 (literals.py)."""
    match op:
        case "+":
            return a + b
        case "-":
            return a - b
        case "*":
            return a * b
        case "/":
            if b == 0.0:
                if a == 0.0 or math.isnan(a):
                    return math.nan
                return math.copysign(math.inf, a) * math.copysign(1.0, b)
            return a / b
        case "%":
            return math.fmod(a, b) if b != 0.0 and not math.isinf(a) else math.nan  # fmod(inf, b) raises
    return fold_compare(op, a, b)
