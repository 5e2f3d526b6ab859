"""How each Phobos element type is held in numpy, and constants made to match.

Every value the interpreter computes carries exactly its ir dtype, so numpy's own
promotion never widens an operation: an i32 add stays an i32 add and wraps at 32 bits.
"""

from __future__ import annotations

import numpy as np

from phobos.dtypes import BF16, NUMPY, DType, float_to

F32 = np.dtype(np.float32)
F64 = np.dtype(np.float64)

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


def neutral(op: str, dtype: np.dtype) -> np.generic:
    """What combines with every value to give that value: 0 for a sum, NaN for a float
    max or min (fmax and fmin ignore it, which -inf and +inf would not: they would win
    over a NaN), the identity for an integer max or min. A combination padded with it
    is unchanged; one of nothing still gives the identity (`lowest`, `highest`)."""
    if op == "sum":
        return dtype.type(0)
    if is_float(dtype):
        return dtype.type(np.nan)
    return lowest(dtype) if op == "max" else highest(dtype)


def is_float(dtype: np.dtype) -> bool:
    return dtype.kind == "f" or dtype == NUMPY[BF16]
