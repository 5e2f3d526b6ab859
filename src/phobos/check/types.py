"""The promotion table and the implicit conversions, in one place.

The spec's Types section quotes this table; `tests/test_types.py` pins each row.
"""

from __future__ import annotations

from phobos.dtypes import BF16, BOOL, F16, F32, F64, I8, I32, I64, INDEX, DType

_FLOAT_RANK = {F16: 1, BF16: 1, F32: 2, F64: 3}
_INT_RANK = {I8: 1, I32: 2, I64: 3}


def promote(a: DType, b: DType) -> DType | None:
    """The type two numeric operands of one operator are computed in, or None.

    - the same type gives itself, except i8, which computes as i32;
    - an integer with a float gives the float;
    - f16 with bf16 gives f32; a 16-bit float with a wider float gives the wider;
    - two signed integers give the wider, at least i32.
    Unsigned storage types and bool take no part in arithmetic.
    """
    if a.kind not in ("f", "i") or b.kind not in ("f", "i"):
        return None
    if a.is_float and b.is_float:
        if a == b:
            return a
        if {a, b} == {F16, BF16}:
            return F32
        return a if _FLOAT_RANK[a] > _FLOAT_RANK[b] else b
    if a.is_float:
        return a
    if b.is_float:
        return b
    wider = a if _INT_RANK[a] >= _INT_RANK[b] else b
    return I32 if wider == I8 else wider


def literal_type(literal_kind: str, other: DType | None) -> DType:
    """The type an untyped literal takes beside an operand of type `other`.

    A literal takes the other operand's type where it fits that type's kind: an
    integer literal beside any integer or float, a float literal beside a float.
    Otherwise an integer literal is an index (i64) and a float literal an f32.
    """
    if literal_kind == "int":
        if other is not None and other.kind in ("f", "i", "u"):
            return other
        return INDEX
    if literal_kind == "float":
        if other is not None and other.is_float:
            return other
        return F32
    return BOOL


def accumulator(dtype: DType) -> DType:
    """The type a sum or a dot product accumulates in and returns."""
    if dtype in (F16, BF16):
        return F32
    if dtype == I8:
        return I32
    return dtype


def assignable(value: DType, target: DType) -> bool:
    """Whether a value converts implicitly on assignment or store.

    Within one kind (integers, signed or unsigned; or floats) a value converts,
    wrapping or rounding; across kinds, and to or from bool, it needs a conversion.
    """
    if value == target:
        return True
    if value.is_int and target.is_int:
        return True
    return value.is_float and target.is_float


def storage_only(what: str, dtype: DType, example: str) -> str:
    """The refusal of arithmetic (`what`) on an unsigned type, naming the conversion to write."""
    return f"{what} on {dtype}: unsigned types are storage only; convert first, as in {example}"
