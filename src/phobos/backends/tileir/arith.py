"""Elementwise arithmetic with Phobos's exact semantics, on values of one shape:
integers wrap, `/` truncates and `x / 0` is 0, `x % 0` is x, shift counts are taken
modulo the width, f16 and bf16 compute in f32 and round each result, float to int
truncates, saturates and sends NaN to 0, min and max of floats ignore a NaN.
The interpreter's numerics.py is the reference these follow.
"""

from __future__ import annotations

from phobos.dtypes import DType
from phobos.ir.nodes import ROUND_TF32

from . import erf_fit
from . import model as m
from .emit import NEAREST, NONE_OVERFLOW, SCALAR, SIGNED, UNSIGNED, Emitter, element_of, shape_of, tile

FLOAT_OPS = {"+": "addf", "-": "subf", "*": "mulf", "/": "divf", "%": "remf"}
INT_OPS = {"+": "addi", "-": "subi", "*": "muli", "&": "andi", "|": "ori", "^": "xori"}
BOOL_OPS = {"&&": "andi", "||": "ori", "&": "andi", "|": "ori", "^": "xori", "!=": "xori"}
PREDICATE = {
    "==": "EQUAL", "!=": "NOT_EQUAL", "<": "LESS_THAN", "<=": "LESS_THAN_OR_EQUAL",
    ">": "GREATER_THAN", ">=": "GREATER_THAN_OR_EQUAL",
}
MATH = {
    "exp": "exp", "exp2": "exp2", "log": "log", "log2": "log2", "sqrt": "sqrt", "rsqrt": "rsqrt",
    "sin": "sin", "cos": "cos", "tanh": "tanh", "floor": "floor", "ceil": "ceil",
}
MATH_ATTRS: dict[str, dict[str, m.Attr]] = {
    "exp": {"rounding_mode": m.Enum("RoundingMode", "FULL")},
    "tanh": {"rounding_mode": m.Enum("RoundingMode", "FULL")},
    "sqrt": {"rounding_mode": NEAREST},
}


def retype(v: m.Value, element: m.Scalar) -> m.Tile:
    return tile(element, shape_of(v))


def widen(e: Emitter, v: m.Value, dtype: DType) -> m.Value:
    """A 16-bit float in f32, where Phobos computes it; anything else as it is."""
    if dtype.is_float and dtype.bits == 16:
        return e.b.one("ftof", retype(v, m.F32), from_=v, rounding_mode=NEAREST)
    return v


def narrow(e: Emitter, v: m.Value, dtype: DType) -> m.Value:
    """An f32 result rounded back to its 16-bit float type, once."""
    if dtype.is_float and dtype.bits == 16:
        return e.b.one("ftof", retype(v, SCALAR[dtype.name]), from_=v, rounding_mode=NEAREST)
    return v


def binary(e: Emitter, op: str, dtype: DType, a: m.Value, b: m.Value) -> m.Value:
    """`a op b` of two operands of `dtype` and one shape."""
    shape = shape_of(a)
    if dtype.is_bool:
        if op == "==":
            return e.b.one("xori", a.type, lhs=e.b.one("xori", a.type, lhs=a, rhs=b), rhs=e.const(m.I1, True, shape))
        return e.b.one(BOOL_OPS[op], a.type, lhs=a, rhs=b)
    if op in PREDICATE:
        result = tile(m.I1, shape)
        if dtype.is_float:
            ordering = "UNORDERED" if op == "!=" else "ORDERED"  # NaN != x holds; no other comparison does
            return e.b.one(
                "cmpf", result, comparison_predicate=m.Enum("ComparisonPredicate", PREDICATE[op]),
                comparison_ordering=m.Enum("ComparisonOrdering", ordering),
                lhs=widen(e, a, dtype), rhs=widen(e, b, dtype),
            )
        return e.cmpi(PREDICATE[op], a, b) if dtype.is_signed_int else e.b.one(
            "cmpi", result, comparison_predicate=m.Enum("ComparisonPredicate", PREDICATE[op]),
            lhs=a, rhs=b, signedness=UNSIGNED,
        )
    if dtype.is_float:
        x, y = widen(e, a, dtype), widen(e, b, dtype)
        fields: dict = {"lhs": x, "rhs": y}
        if op == "/":
            fields["rounding_mode"] = e.rounding(NEAREST, x)
        elif op != "%":
            fields["rounding_mode"] = NEAREST
        return narrow(e, e.b.one(FLOAT_OPS[op], x.type, **fields), dtype)
    if op in ("/", "%"):
        return divide(e, op, a, b)
    if op in ("<<", ">>"):
        count = e.b.one("andi", b.type, lhs=b, rhs=e.const(element_of(b), dtype.bits - 1, shape))
        if op == "<<":
            return e.b.one("shli", a.type, lhs=a, rhs=count, overflow=NONE_OVERFLOW)
        return e.b.one("shri", a.type, lhs=a, rhs=count, signedness=SIGNED)
    fields = {"lhs": a, "rhs": b}
    if op in ("+", "-", "*"):
        fields["overflow"] = NONE_OVERFLOW
    return e.b.one(INT_OPS[op], a.type, **fields)


def divide(e: Emitter, op: str, a: m.Value, b: m.Value) -> m.Value:
    """Signed `/` or `%` with the zero and -1 divisors made defined, as Phobos has them."""
    shape, element = shape_of(a), element_of(a)
    zero, one, minus_one = (e.const(element, v, shape) for v in (0, 1, -1))
    by_zero = e.cmpi("EQUAL", b, zero)
    by_minus_one = e.cmpi("EQUAL", b, minus_one)
    either = e.b.one("ori", by_zero.type, lhs=by_zero, rhs=by_minus_one)
    safe = e.select(either, one, b)
    if op == "%":
        r = e.b.one("remi", a.type, lhs=a, rhs=safe, signedness=SIGNED)
        return e.select(by_zero, a, r)  # x % -1 is 0, which remi by 1 gives
    q = e.b.one("divi", a.type, lhs=a, rhs=safe, signedness=SIGNED, rounding=m.Enum("RoundingMode", "ZERO"))
    q = e.select(by_minus_one, e.b.one("negi", a.type, source=a, overflow=NONE_OVERFLOW), q)
    return e.select(by_zero, zero, q)


def unary(e: Emitter, op: str, dtype: DType, a: m.Value) -> m.Value:
    shape = shape_of(a)
    if op == "!":
        return e.b.one("xori", a.type, lhs=a, rhs=e.const(m.I1, True, shape))
    if op == "~":
        return e.b.one("xori", a.type, lhs=a, rhs=e.const(element_of(a), -1, shape))
    if dtype.is_float:
        x = widen(e, a, dtype)
        return narrow(e, e.b.one("negf", x.type, source=x), dtype)
    return e.b.one("negi", a.type, source=a, overflow=NONE_OVERFLOW)


def math(e: Emitter, fn: str, dtype: DType, args: list[m.Value]) -> m.Value:
    """A math built-in; the caller has refused the ones not lowered yet."""
    a = args[0]
    if fn in ("min", "max"):
        b = args[1]
        if dtype.is_float:
            x, y = widen(e, a, dtype), widen(e, b, dtype)
            return narrow(e, e.b.one(fn + "f", x.type, lhs=x, rhs=y), dtype)
        return e.b.one(fn + "i", a.type, lhs=a, rhs=b, signedness=SIGNED)
    if fn == "abs" and not dtype.is_float:
        return e.b.one("absi", a.type, source=a)
    if fn == ROUND_TF32:
        return round_tf32(e, a)
    x = widen(e, a, dtype)
    if fn == "abs":
        return narrow(e, e.b.one("absf", x.type, source=x), dtype)
    if fn == "erf":
        return narrow(e, erf(e, x), dtype)
    attrs: dict[str, m.Attr] = {name: e.rounding(mode, x) for name, mode in MATH_ATTRS.get(fn, {}).items()}  # type: ignore[arg-type]
    if fn == "exp2" and e.fast_math and element_of(x) == m.F32:
        attrs["flush_to_zero"] = True  # math_mode="fast": a result below 2^-126 is 0, as on CUDA
    return narrow(e, e.b.one(MATH[fn], x.type, source=x, **attrs), dtype)


def cast(e: Emitter, v: m.Value, source: DType, target: DType) -> m.Value:
    """`target(v)` of a `source` value, as Phobos converts."""
    to = retype(v, SCALAR[target.name])
    if source.is_float and target.is_float:
        if source.bits == 16 and target.bits == 16:
            v = widen(e, v, source)
        return e.b.one("ftof", to, from_=v, rounding_mode=NEAREST) if element_of(v) != to.element else v
    if source.is_int and target.is_float:
        if target.name == "bf16" and source.bits > 24:
            return int_to_bf16(e, v, source)
        sign = SIGNED if source.is_signed_int else UNSIGNED
        return e.b.one("itof", to, from_=v, signedness=sign, rounding_mode=NEAREST)
    if source.is_int and target.is_int:
        if source.bits < target.bits:
            return e.b.one("exti", to, from_=v, signedness=SIGNED if source.is_signed_int else UNSIGNED)
        if source.bits > target.bits:
            return e.b.one("trunci", to, from_=v, overflow=NONE_OVERFLOW)
        return v
    assert source.is_float and target.is_int, (source, target)
    return float_to_int(e, v, source, target)


def int_to_bf16(e: Emitter, v: m.Value, source: DType) -> m.Value:
    """An i32, u32 or i64 rounded once to bf16, by steps each exact or rounding once
    whatever way tileiras lowers them (an integer -> bf16 `itof` may go through f32,
    rounding twice: 2^30 + 2^22 + 1 would give 2^30): to f64 exactly, an i64 first
    folding its low 11 bits into bit 11 past 2^53 (as phobos.dtypes does); then rounded
    to odd at f32's 24 bits on the f64's bits (the low 29 bits of the significand
    folded into bit 29), exact in f32; then f32 -> bf16, the one rounding."""
    shape = shape_of(v)

    def i64(value: int) -> m.Value:
        return e.const(m.I64, value, shape)

    def nonzero(x: m.Value, mask: int) -> m.Value:
        return e.cmpi("NOT_EQUAL", e.b.one("andi", x.type, lhs=x, rhs=i64(mask)), i64(0))

    if source.bits == 64:
        low = e.select(nonzero(v, 0x7FF), i64(1), i64(0))
        high = e.b.one("shri", v.type, lhs=v, rhs=i64(11), signedness=SIGNED)
        folded = e.b.one("shli", v.type, lhs=e.b.one("ori", v.type, lhs=high, rhs=low), rhs=i64(11),
                         overflow=NONE_OVERFLOW)
        big = e.b.one("ori", tile(m.I1, shape), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", v, i64(1 << 53)),
                      rhs=e.cmpi("LESS_THAN_OR_EQUAL", v, i64(-(1 << 53))))
        v = e.select(big, folded, v)
    sign = SIGNED if source.is_signed_int else UNSIGNED
    exact = e.b.one("itof", tile(m.F64, shape), from_=v, signedness=sign, rounding_mode=NEAREST)
    bits = e.b.one("bitcast", tile(m.I64, shape), source=exact)
    kept = e.b.one("andi", bits.type, lhs=bits, rhs=i64(-(1 << 29)))
    odd = e.b.one("ori", bits.type, lhs=kept, rhs=e.select(nonzero(bits, (1 << 29) - 1), i64(1 << 29), i64(0)))
    single = e.b.one("ftof", tile(m.F32, shape), from_=e.b.one("bitcast", tile(m.F64, shape), source=odd),
                     rounding_mode=NEAREST)
    return e.b.one("ftof", tile(m.BF16, shape), from_=single, rounding_mode=NEAREST)


def float_to_int(e: Emitter, v: m.Value, source: DType, target: DType) -> m.Value:
    """Truncate toward zero; past the range give its end; NaN gives 0."""
    x = widen(e, v, source)
    shape, element = shape_of(x), element_of(x)
    lo, hi = target.int_range()
    to = retype(x, SCALAR[target.name])
    sign = SIGNED if target.is_signed_int else UNSIGNED
    top, bottom = e.const(element, float(hi + 1), shape), e.const(element, float(lo), shape)

    def compare(predicate: str, a: m.Value, b: m.Value, ordering: str = "ORDERED") -> m.Value:
        return e.b.one(
            "cmpf", tile(m.I1, shape), comparison_predicate=m.Enum("ComparisonPredicate", predicate),
            comparison_ordering=m.Enum("ComparisonOrdering", ordering), lhs=a, rhs=b,
        )
    inside = e.b.one(
        "andi", tile(m.I1, shape), lhs=compare("GREATER_THAN_OR_EQUAL", x, bottom), rhs=compare("LESS_THAN", x, top)
    )
    safe = e.select(inside, x, e.const(element, 0.0, shape))
    out = e.b.one("ftoi", to, from_=safe, signedness=sign, rounding_mode=m.Enum("RoundingMode", "NEAREST_INT_TO_ZERO"))
    out = e.select(compare("GREATER_THAN_OR_EQUAL", x, top), e.const(to.element, hi, shape), out)
    return e.select(compare("LESS_THAN", x, bottom), e.const(to.element, lo, shape), out)



def horner(e: Emitter, coefficients: list[float], t: m.Value) -> m.Value:
    """c0 + t (c1 + t (c2 + ...)), in t's type."""
    shape, element = shape_of(t), element_of(t)
    acc = e.const(element, coefficients[-1], shape)
    for c in reversed(coefficients[:-1]):
        product = e.b.one("mulf", t.type, lhs=acc, rhs=t, rounding_mode=NEAREST)
        acc = e.b.one("addf", t.type, lhs=product, rhs=e.const(element, c, shape), rounding_mode=NEAREST)
    return acc


def round_tf32(e: Emitter, x: m.Value) -> m.Value:
    """An f32 tile cut to TF32 as the interpreter cuts it: its 13 low mantissa bits
    cleared; NaN kept."""
    shape = shape_of(x)
    bits = e.b.one("bitcast", tile(m.I32, shape), source=x)
    kept = e.b.one("andi", bits.type, lhs=bits, rhs=e.const(m.I32, -0x2000, shape))
    rounded = e.b.one("bitcast", x.type, source=kept)
    unordered = e.b.one(
        "cmpf", tile(m.I1, shape), comparison_predicate=m.Enum("ComparisonPredicate", "NOT_EQUAL"),
        comparison_ordering=m.Enum("ComparisonOrdering", "UNORDERED"), lhs=x, rhs=x,
    )
    return e.select(unordered, x, rounded)


def erf(e: Emitter, x: m.Value) -> m.Value:
    """erf of an f32 tile, which Tile IR has no op for: x P(x^2) below 1, 1 - exp(-x^2) Q
    up to 4, and 1 from there, each with x's sign (the fits: scripts/tileir_erf_fit.py).
    Below 1 it is x + x (P(x^2) - 1): x is exact and the rounding errors of each step
    land on the part P - 1, about a ninth of the result, so it keeps within 1.4 ulp where
    x P(x^2), rounded step by step (tileiras fuses none of them), reaches 2.4."""
    shape, element = shape_of(x), element_of(x)

    def f(op: str, a: m.Value, b: m.Value) -> m.Value:
        return e.b.one(op, x.type, lhs=a, rhs=b, rounding_mode=NEAREST)

    def less(a: m.Value, bound: float) -> m.Value:
        return e.b.one(
            "cmpf", tile(m.I1, shape), comparison_predicate=m.Enum("ComparisonPredicate", "LESS_THAN"),
            comparison_ordering=m.Enum("ComparisonOrdering", "ORDERED"), lhs=a, rhs=e.const(element, bound, shape),
        )

    size = e.b.one("absf", x.type, source=x)
    square = f("mulf", x, x)
    near = f("addf", x, f("mulf", x, horner(e, [erf_fit.SMALL[0] - 1.0, *erf_fit.SMALL[1:]], square)))
    s = f("mulf", f("subf", size, e.const(element, 2.5, shape)), e.const(element, 1 / 1.5, shape))
    tail = e.b.one("exp", x.type, source=e.b.one("negf", x.type, source=square),
                   rounding_mode=m.Enum("RoundingMode", "FULL"))
    one = e.const(element, 1.0, shape)
    far = e.select(less(size, 4.0), f("subf", one, f("mulf", tail, horner(e, erf_fit.LARGE, s))), one)
    far = e.select(less(x, 0.0), e.b.one("negf", x.type, source=far), far)
    out = e.select(less(size, 1.0), near, far)
    unordered = e.b.one(
        "cmpf", tile(m.I1, shape), comparison_predicate=m.Enum("ComparisonPredicate", "NOT_EQUAL"),
        comparison_ordering=m.Enum("ComparisonOrdering", "UNORDERED"), lhs=x, rhs=x,
    )
    return e.select(unordered, x, out)  # erf(NaN) is NaN
