"""Element types: what each is, how wide, and how numpy holds it; shared by every stage."""

from __future__ import annotations

import math
from dataclasses import dataclass

import ml_dtypes
import numpy as np


@dataclass(frozen=True)
class DType:
    name: str
    kind: str  # "f" float, "i" signed, "u" unsigned storage, "b" bool
    bits: int

    @property
    def is_float(self) -> bool:
        return self.kind == "f"

    @property
    def is_int(self) -> bool:
        return self.kind in ("i", "u")

    @property
    def is_signed_int(self) -> bool:
        return self.kind == "i"

    @property
    def is_unsigned(self) -> bool:
        return self.kind == "u"

    @property
    def is_bool(self) -> bool:
        return self.kind == "b"

    def int_range(self) -> tuple[int, int]:
        if self.kind == "i":
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        if self.kind == "u":
            return 0, (1 << self.bits) - 1
        raise ValueError(f"{self.name} is not an integer type")

    def __str__(self) -> str:
        return self.name


F16 = DType("f16", "f", 16)
BF16 = DType("bf16", "f", 16)
F32 = DType("f32", "f", 32)
F64 = DType("f64", "f", 64)
I8 = DType("i8", "i", 8)
I32 = DType("i32", "i", 32)
I64 = DType("i64", "i", 64)
U8 = DType("u8", "u", 8)
U16 = DType("u16", "u", 16)
U32 = DType("u32", "u", 32)
BOOL = DType("bool", "b", 1)

# Indices, loop variables and ctx fields: the width the target addresses memory with,
# 64-bit signed on every target Phobos has.
INDEX = I64

BY_NAME: dict[str, DType] = {
    t.name: t for t in (F16, BF16, F32, F64, I8, I32, I64, U8, U16, U32, BOOL)
}

_NP_F32 = np.dtype(np.float32)
_NP_F64 = np.dtype(np.float64)

NUMPY: dict[DType, np.dtype] = {
    t: np.dtype(held)
    for t, held in (
        (F16, np.float16), (BF16, ml_dtypes.bfloat16), (F32, np.float32), (F64, np.float64),
        (I8, np.int8), (I32, np.int32), (I64, np.int64),
        (U8, np.uint8), (U16, np.uint16), (U32, np.uint32), (BOOL, np.bool_),
    )
}


# The numpy dtype that holds each torch dtype Phobos has a type for, by torch's name for it
# (torch itself is never imported here).
TORCH_DTYPES: dict[str, np.dtype] = {
    f"torch.{name}": np.dtype(held)
    for name, held in (
        ("float16", np.float16), ("bfloat16", ml_dtypes.bfloat16), ("float32", np.float32),
        ("float64", np.float64), ("int8", np.int8), ("int32", np.int32), ("int64", np.int64),
        ("uint8", np.uint8), ("uint16", np.uint16), ("uint32", np.uint32), ("bool", np.bool_),
    )
}

def numpy_dtype(dtype: DType) -> np.dtype:
    """The numpy dtype that holds values of `dtype` (bf16 through ml_dtypes)."""
    return NUMPY[dtype]


def to_bfloat16(x: np.ndarray | np.generic) -> np.ndarray | np.generic:
    """f64 to bf16 with one rounding (to nearest, ties to even).

    ml_dtypes converts f64 through f32, rounding twice. Rounding to f32 *toward odd*
    first keeps the information a second rounding needs (f32 has 16 more bits than
    bf16), so the f32 -> bf16 step then rounds as a direct conversion would.
    """
    x = np.asarray(x, _NP_F64)
    with np.errstate(over="ignore"):
        near = x.astype(_NP_F32)
    inexact = near.astype(_NP_F64) != x
    bits = near.view(np.uint32).copy()
    # Truncate toward zero where rounding went away from it, then set the sticky bit.
    away = inexact & (np.abs(near.astype(_NP_F64)) > np.abs(x))
    bits = np.where(away, bits - np.uint32(1), bits)
    bits = np.where(inexact & np.isfinite(x), bits | np.uint32(1), bits)
    out = bits.view(_NP_F32).astype(ml_dtypes.bfloat16)
    return out[()] if out.ndim == 0 else out


def float_to(x: np.ndarray | np.generic, target: np.dtype) -> np.ndarray | np.generic:
    """A float value (any width) rounded once to the float type `target`."""
    if x.dtype == target:
        return x
    if target == NUMPY[BF16]:
        if x.dtype == _NP_F64:
            return to_bfloat16(x)
        return x.astype(_NP_F32).astype(target)
    if x.dtype == NUMPY[BF16]:
        x = x.astype(_NP_F32)
    return x.astype(target)


def _odd_f64(x: np.ndarray) -> np.ndarray:
    """i64 -> f64 rounded toward odd, exactly: past 2^53 the low 11 bits are folded
    into bit 11 (set where any was), which leaves a multiple of 2^11 of at most 53
    significant bits. Any later rounding to 51 bits or fewer then rounds as a direct
    conversion would: the value stays strictly between the same two multiples of 2^12."""
    sticky = ((x >> 11) | ((x & 0x7FF) != 0)) << 11
    big = (x >= 1 << 53) | (x <= -(1 << 53))
    return np.where(big, sticky, x).astype(_NP_F64)


def int_to_float(x: np.ndarray | np.generic, target: np.dtype) -> np.ndarray | np.generic:
    """An integer value rounded once to the float type `target` (to nearest, ties to even).

    numpy's own i64 -> f32 and -> f64 are single roundings (the C conversions); an
    integer of 32 bits or fewer is exact in f64; an i64 bound for a 16-bit float goes
    through f64 rounded to odd, since through f64 rounded to nearest would round twice
    (2^62 + 2^54 + 1 would give 2^62 in bf16, not 2^62 + 2^55).
    """
    x = np.asarray(x)
    if x.dtype.itemsize == 8 and target.itemsize == 2:
        assert x.dtype == np.int64, x.dtype
        out = float_to(_odd_f64(x), target)
    elif target.itemsize == 2:
        out = float_to(x.astype(_NP_F64), target)
    else:
        out = x.astype(target)
    return out[()] if isinstance(out, np.ndarray) and out.ndim == 0 else out


def reduction_identity(op: str, dtype: DType) -> int | float:
    """What a `sum`, `max` or `min` of no element gives (spec: Reductions of tiles)."""
    if op == "sum":
        return 0.0 if dtype.is_float else 0
    if dtype.is_float:
        return -math.inf if op == "max" else math.inf
    lo, hi = dtype.int_range()
    return lo if op == "max" else hi


def reduction_neutral(op: str, dtype: DType) -> int | float:
    """What combines with every value to give that value, where a reduction starts and
    what pads a combination: the identity, but NaN for a float max or min (fmax and fmin
    skip a NaN, where -inf or +inf would win over one, making a max of NaN alone -inf)."""
    return math.nan if op != "sum" and dtype.is_float else reduction_identity(op, dtype)


def round_float(value: float, dtype: DType) -> float:
    """`value` rounded once to the float type `dtype`, as a store of it would."""
    with np.errstate(over="ignore"):
        return float(float_to(np.float64(value), NUMPY[dtype]))
