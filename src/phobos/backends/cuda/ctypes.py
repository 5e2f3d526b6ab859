"""Phobos element types as C++: their names, literals, conversions and arithmetic.

A value of a 16-bit float type is held as an f32 that is exactly one of the type's
values; each operation computes in f32 and rounds back (`ph::round_f16`), as the
interpreter does. Memory holds such values as their 16 bits (`f16`, `bf16`).
"""

from __future__ import annotations

import math
import re
import struct

import ml_dtypes
import numpy as np

from phobos.dtypes import BF16, F16, F32, F64, DType, reduction_identity, reduction_neutral
from phobos.ir.nodes import ROUND_TF32
from phobos.targets import element_bytes as element_bytes  # one definition, the checker's too

SIXTEEN = (F16, BF16)


def value_type(d: DType) -> str:
    """The C++ type a value of `d` is computed in."""
    return "f32" if d in SIXTEEN else d.name


def storage_type(d: DType) -> str:
    """The C++ type an element of `d` has in memory."""
    return d.name


def load(d: DType, ref: str) -> str:
    """A value read from memory (`ref` names one element)."""
    return f"ph::from_{d.name}({ref})" if d in SIXTEEN else ref


def _call_argument(value: str, fn: str) -> str | None:
    """The argument when `value` is one whole call `fn(...)`, else None."""
    if not value.startswith(fn + "(") or not value.endswith(")"):
        return None
    depth = 0
    for k, ch in enumerate(value[len(fn):], len(fn)):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0:
            return value[len(fn) + 1:-1] if k == len(value) - 1 else None
    return None


def pack(d: DType, value: str) -> str:
    """A value made ready to be written to memory: an element read from memory of the
    same type is copied as it is, and a value rounded to the type is converted once
    (rounding again gives the same bits)."""
    if d not in SIXTEEN:
        return value
    inner = _call_argument(value, f"ph::from_{d.name}")
    if inner is not None:
        return inner
    inner = _call_argument(value, f"ph::round_{d.name}")
    return f"ph::to_{d.name}({value if inner is None else inner})"


def rounded(d: DType, expr: str) -> str:
    """An f32 result rounded to `d` where `d` is a 16-bit float."""
    return f"ph::round_{d.name}({expr})" if d in SIXTEEN else expr


def bf16_value(value: float) -> float:
    """f64 -> bf16 rounded once: through f32 rounded to odd, as the interpreter does."""
    with np.errstate(over="ignore"):
        near = np.float64(value).astype(np.float32)
    if math.isfinite(value) and float(near) != value:
        bits = struct.unpack("<I", struct.pack("<f", near))[0]
        if abs(float(near)) > abs(value):
            bits -= 1
        near = np.float32(struct.unpack("<f", struct.pack("<I", bits | 1))[0])
    return float(near.astype(ml_dtypes.bfloat16).astype(np.float32))


def _f32_text(x: float) -> str:
    if math.isnan(x):
        return "__int_as_float(0x7fc00000)"
    if math.isinf(x):
        return "__int_as_float(0x7f800000)" if x > 0 else "-__int_as_float(0x7f800000)"
    text = repr(float(np.float32(x)))
    return text + "f" if ("." in text or "e" in text) else text + ".0f"


def _f64_text(x: float) -> str:
    if math.isnan(x):
        return "__longlong_as_double(0x7ff8000000000000ll)"
    if math.isinf(x):
        return "__longlong_as_double(0x7ff0000000000000ll)" if x > 0 else "-__longlong_as_double(0x7ff0000000000000ll)"
    text = repr(float(x))
    return text if ("." in text or "e" in text) else text + ".0"


def literal(value: int | float | bool, d: DType) -> str:
    """A constant of type `d` as C++ text (its value type: f16 is an f32 literal)."""
    if d.is_bool:
        return "true" if value else "false"
    if d.is_float:
        v = float(value)
        if d == F64:
            return _f64_text(v)
        if d == F32:
            with np.errstate(over="ignore"):
                return _f32_text(float(np.float64(v).astype(np.float32)))
        if d == F16:
            with np.errstate(over="ignore"):
                return _f32_text(float(np.float64(v).astype(np.float16)))
        return _f32_text(bf16_value(v))
    bits = d.bits
    n = int(value) & ((1 << bits) - 1)
    if d.is_signed_int and n >> (bits - 1):
        n -= 1 << bits
    if d.name == "i64":
        return "(-0x7fffffffffffffffll - 1)" if n == -(1 << 63) else f"{n}ll"
    if d.name == "i32":
        return "(-0x7fffffff - 1)" if n == -(1 << 31) else str(n)
    if d.is_unsigned:
        return f"{n}u" if d.name == "u32" else f"({d.name}){n}"
    return f"({d.name}){n}"


def zero(d: DType) -> str:
    return literal(False if d.is_bool else 0, d)


def identity(op: str, d: DType) -> str:
    """The identity of a sum, max or min over values of `d`: what one of nothing gives."""
    return literal(reduction_identity(op, d), d)


def neutral(op: str, d: DType) -> str:
    """What a fold starts from and a combination is padded with (phobos.dtypes)."""
    return literal(reduction_neutral(op, d), d)


def fold_start(op: str, d: DType, present: str) -> str:
    """The value a fold over elements starts from, where the C++ condition `present`
    says whether any element is: `neutral`, so a float max of NaN alone is NaN, or the
    identity where nothing is present (spec: Reductions of tiles)."""
    return pick(present, neutral(op, d), identity(op, d))


def pick(cond: str, a: str, b: str) -> str:
    """`cond ? a : b`, folded where `cond` is "true" or "false" or `a` is `b`."""
    if a == b or cond == "true":
        return a
    if cond == "false":
        return b
    return f"({cond} ? {a} : {b})"


def combiner(op: str) -> str:
    return {"sum": "ph::Sum()", "max": "ph::Max()", "min": "ph::Min()"}[op]


def cast(src: DType, dst: DType, x: str) -> str:
    """The conversion `dst(x)` of a `src` value, with the interpreter's rules."""
    if src == dst:
        return x
    if dst.is_float:
        if dst in SIXTEEN:
            if src.is_float and src != F64:
                return f"ph::round_{dst.name}({x})"
            # From f64 (rounded to odd, which an i64 may need first) it rounds once.
            wide = x if src == F64 else f"ph::odd_f64({x})" if src.bits == 64 else f"(f64)({x})"
            return f"ph::round_{dst.name}({wide})"
        return f"({dst.name})({x})"
    if src.is_float:
        return f"ph::to_{dst.name}((f64)({x}))"
    return f"({dst.name})({x})"


FLOAT_MATH = {
    "exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2", "sqrt": "sqrt",
    "sin": "sin", "cos": "cos", "tanh": "tanh", "erf": "erf", "abs": "fabs",
    "floor": "floor", "ceil": "ceil",
}


# math_mode="fast": the hardware's approximations of the f32 functions (the spec's
# Numerics gives each one's error); the others keep their precise functions.
FAST_MATH = {
    "exp": "__expf", "exp2": "ph::exp2_approx", "log": "__logf", "log2": "__log2f", "sin": "__sinf", "cos": "__cosf",
    "tanh": "ph::tanh_approx", "sqrt": "ph::sqrt_approx", "rsqrt": "rsqrtf",
}


def math1(fn: str, d: DType, x: str, fast: bool = False) -> str:
    """A one-argument math built-in: precise CUDA functions (f32 ones for 16-bit types),
    or where `fast` the f32 approximations of FAST_MATH."""
    if not d.is_float:
        return f"ph::iabs({x})"
    if fn == ROUND_TF32:
        return f"ph::round_tf32({x})"
    if fast and d != F64 and fn in FAST_MATH:
        return rounded(d, f"{FAST_MATH[fn]}({x})")
    suffix = "" if d == F64 else "f"
    if fn == "rsqrt":
        one = "1.0" if d == F64 else "1.0f"
        return rounded(d, f"{one} / sqrt{suffix}({x})")
    return rounded(d, f"{FLOAT_MATH[fn]}{suffix}({x})")


def min_max(fn: str, d: DType, a: str, b: str) -> str:
    if d.is_float:
        name = ("fmin" if fn == "min" else "fmax") + ("" if d == F64 else "f")
        return f"{name}({a}, {b})"
    return f"ph::i{fn}({a}, {b})"


COMPARE = ("==", "!=", "<", "<=", ">", ">=")


def binary(op: str, d: DType, a: str, b: str, fast: bool = False, exact: str | None = None) -> str:
    """`a op b` with both operands of `d` (the checker makes them agree); where `fast`,
    an f32 division is the hardware's approximate one; else, given `exact` (a bool the
    writer declared and tests after), it is `ph::div_quick`, which clears that bool
    where its operands need `/` instead."""
    if d.is_bool:
        c = {"&&": "&&", "||": "||", "&": "&&", "|": "||", "^": "!=", "==": "==", "!=": "!="}[op]
        return f"({a} {c} {b})"
    if op in COMPARE:
        return f"({a} {op} {b})"
    if d.is_float:
        if op == "%":
            return rounded(d, f"fmod{'' if d == F64 else 'f'}({a}, {b})")
        if op == "/" and fast and d != F64:
            return rounded(d, f"__fdividef({a}, {b})")
        if op == "/" and exact is not None and d != F64:
            return rounded(d, f"ph::div_quick({a}, {b}, {exact})")
        return rounded(d, f"({a} {op} {b})")
    if op in ("/", "%") and constant_divisor(b):
        return f"(({d.name})({a} {op} {b}))"
    named = {"+": "wadd", "-": "wsub", "*": "wmul", "/": "idiv", "%": "imod", "<<": "shl", ">>": "shr"}
    if op in named:
        return f"ph::{named[op]}({a}, {b})"
    return f"({a} {op} {b})"


INT_LITERAL = re.compile(r"(?:\([iu]\d+\))?(-?\d+)(?:ll|u)?")  # as `literal` writes an integer


def constant_divisor(b: str) -> bool:
    """Whether `b` is an integer literal C++'s `/` and `%` take as they are: not 0 and
    not -1, whose cases ph::idiv and ph::imod define. A division by such a literal is
    written as plain C++: NVRTC 13 has been seen not to finish a kernel where ph::imod
    of a dim by 2 meets an assumption that the dim is a multiple of 4."""
    found = INT_LITERAL.fullmatch(b)
    return found is not None and int(found.group(1)) not in (0, -1)


def unary(op: str, d: DType, x: str) -> str:
    if op == "!":
        return f"!{x}"
    if op == "~":
        return f"({d.name})(~{x})"
    if d.is_float:
        return f"(-{x})"
    return f"ph::wneg({x})"

