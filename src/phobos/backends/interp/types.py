"""How each Phobos element type is held in numpy, and constants made to match.

Every value the interpreter computes carries exactly its ir dtype, so numpy's own
promotion never widens an operation: an i32 add stays an i32 add and wraps at 32 bits.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np

from phobos.dtypes import BF16, BY_NAME, DType

NUMPY: dict[DType, np.dtype] = {
    BY_NAME[name]: np.dtype(t)
    for name, t in (
        ("f16", np.float16), ("bf16", ml_dtypes.bfloat16), ("f32", np.float32),
        ("f64", np.float64), ("i8", np.int8), ("i32", np.int32), ("i64", np.int64),
        ("u8", np.uint8), ("u16", np.uint16), ("u32", np.uint32), ("bool", np.bool_),
    )
}

F32 = np.dtype(np.float32)
F64 = np.dtype(np.float64)


def numpy_dtype(dtype: DType) -> np.dtype:
    return NUMPY[dtype]


def to_bfloat16(x: np.ndarray | np.generic) -> np.ndarray | np.generic:
    """f64 to bf16 with one rounding (to nearest, ties to even).

    ml_dtypes converts f64 through f32, rounding twice. Rounding to f32 *toward odd*
    first keeps the information a second rounding needs (f32 has 16 more bits than
    bf16), so the f32 -> bf16 step then rounds as a direct conversion would.
    """
    x = np.asarray(x, F64)
    with np.errstate(over="ignore"):
        near = x.astype(F32)
    inexact = near.astype(F64) != x
    bits = near.view(np.uint32).copy()
    # Truncate toward zero where rounding went away from it, then set the sticky bit.
    away = inexact & (np.abs(near.astype(F64)) > np.abs(x))
    bits = np.where(away, bits - np.uint32(1), bits)
    bits = np.where(inexact & np.isfinite(x), bits | np.uint32(1), bits)
    out = bits.view(F32).astype(ml_dtypes.bfloat16)
    return out[()] if out.ndim == 0 else out


def float_to(x: np.ndarray | np.generic, target: np.dtype) -> np.ndarray | np.generic:
    """A float value (any width) rounded once to the float type `target`."""
    if x.dtype == target:
        return x
    if target == NUMPY[BF16]:
        if x.dtype == F64:
            return to_bfloat16(x)
        return x.astype(F32).astype(target)
    if x.dtype == NUMPY[BF16]:
        x = x.astype(F32)
    return x.astype(target)


def constant(value: int | float | bool, dtype: DType) -> np.generic:
    """A literal as a numpy scalar of exactly `dtype` (ints wrap, floats round once)."""
    nd = NUMPY[dtype]
    if dtype.is_bool:
        return np.bool_(bool(value))
    if dtype.is_float:
        return float_to(np.float64(value), nd)  # type: ignore[return-value]
    bits = dtype.bits
    v = int(value) & ((1 << bits) - 1)
    if dtype.is_signed_int and v >> (bits - 1):
        v -= 1 << bits
    return nd.type(v)


def lowest(dtype: np.dtype) -> np.generic:
    """The identity of max: -inf for floats, the smallest value for integers."""
    if dtype.kind == "f" or dtype == NUMPY[BF16]:
        return dtype.type(-np.inf)
    return dtype.type(np.iinfo(dtype).min)


def highest(dtype: np.dtype) -> np.generic:
    """The identity of min: +inf for floats, the largest value for integers."""
    if dtype.kind == "f" or dtype == NUMPY[BF16]:
        return dtype.type(np.inf)
    return dtype.type(np.iinfo(dtype).max)


def is_float(dtype: np.dtype) -> bool:
    return dtype.kind == "f" or dtype == NUMPY[BF16]
