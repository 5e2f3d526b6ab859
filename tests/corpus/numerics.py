"""Integer and float semantics, checked exactly: numerics.phobos.

The references are written with Python's unbounded integers, so they say what the
language means rather than what numpy happens to do.
"""

from __future__ import annotations

import numpy as np

from .case import Case, awkward, cdiv, sentinel

NATIVE = "numerics.phobos"
PYTHON = "py.numerics"


def wrap(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def int_div(a: int, b: int, bits: int) -> int:
    if b == 0:
        return 0
    q = abs(a) // abs(b)
    return wrap(q if (a < 0) == (b < 0) else -q, bits)


def int_rem(a: int, b: int, bits: int) -> int:
    if b == 0:
        return a
    return wrap(a - b * int_div(a, b, 2 * bits + 2), bits)


def int_table(a: int, b: int, bits: int) -> list[int]:
    shift = b & (bits - 1)
    return [
        wrap(a + b, bits), wrap(a - b, bits), wrap(a * b, bits), int_div(a, b, bits),
        int_rem(a, b, bits), wrap(a & b, bits), wrap(a | b, bits), wrap(a ^ b, bits),
        wrap(a << shift, bits), wrap(a >> shift, bits), wrap(-a, bits), wrap(~a, bits),
        wrap(abs(a), bits),
    ]


def _int_inputs(bits: int, tile: int):
    dtype = np.int32 if bits == 32 else np.int64
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    edges = [lo, hi, 0, 1, -1, 2, -2, 7, -7, lo + 1, hi - 1, bits, bits + 3, -bits, 3]

    def make(rng: np.random.Generator) -> dict:
        n = awkward(rng, tile, 4 * len(edges), 600)
        pick = rng.integers(0, 4, (2, n))
        wide = rng.integers(lo, hi, (2, n), dtype=np.int64, endpoint=True)
        small = rng.integers(-40, 41, (2, n))
        edge = np.array(edges, np.int64)[rng.integers(0, len(edges), (2, n))]
        a, b = np.where(pick == 0, wide, np.where(pick == 1, small, edge)).astype(dtype)
        a[: len(edges)] = edges  # every edge against a spread of divisors and shifts
        b[: len(edges)] = edges[::-1]
        return {"A": a, "B": b, "O": sentinel((13, n), dtype)}

    return make


def _int_expect(bits: int):
    def expect(a: dict) -> dict:
        table = [int_table(int(x), int(y), bits) for x, y in zip(a["A"], a["B"], strict=True)]
        return {"O": np.array(table, np.int64).T.astype(a["O"].dtype)}

    return expect


SPECIALS = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 3.0, 0.5, 1e-40], np.float32)


def _float_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 200, 600)
    a = (rng.standard_normal(n) * 10).astype(np.float32)
    b = (rng.standard_normal(n) * 10).astype(np.float32)
    k = SPECIALS.size
    a[: k * k] = np.repeat(SPECIALS, k)  # every pair of special values
    b[: k * k] = np.tile(SPECIALS, k)
    b[k * k : k * k + 10] = a[k * k : k * k + 10]  # some equal pairs
    return {"A": a, "B": b, "O": sentinel((7, n)), "C": sentinel(n, np.int32)}


def _float_expect(a: dict) -> dict:
    x, y = a["A"], a["B"]
    o = np.stack([x + y, x - y, x * y, x / y, np.fmod(x, y), np.fmin(x, y), np.fmax(x, y)])
    c = sum(flag * (op(x, y)) for flag, op in (
        (1, np.less), (2, np.less_equal), (4, np.equal), (8, np.not_equal), (16, np.greater),
        (32, np.greater_equal),
    ))
    return {"O": o, "C": c.astype(np.int32)}


def max_number(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """IEEE maximumNumber: NaN skipped, +0 above -0, as numpy's fmax does not promise."""
    m = np.fmax(x, y)
    zeros = (x == 0) & (y == 0)
    m[zeros] = np.where(np.signbit(x) & np.signbit(y), -0.0, 0.0)[zeros]
    return m


def min_number(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """IEEE minimumNumber: NaN skipped, -0 below +0."""
    m = np.fmin(x, y)
    zeros = (x == 0) & (y == 0)
    m[zeros] = np.where(np.signbit(x) | np.signbit(y), -0.0, 0.0)[zeros]
    return m


ZERO_PAIR_VALUES = np.array([0.0, -0.0, 0.0, -0.0, np.nan, 1.5, -2.0], np.float32)


def _zero_pair_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 60, 600)
    a, b = ZERO_PAIR_VALUES[rng.integers(0, ZERO_PAIR_VALUES.size, (2, n))]
    k = ZERO_PAIR_VALUES.size
    a[: k * k] = np.repeat(ZERO_PAIR_VALUES, k)  # every pair, each order
    b[: k * k] = np.tile(ZERO_PAIR_VALUES, k)
    return {"A": a, "B": b, "O": sentinel((2, n))}


def _reciprocal(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return (np.float32(1.0) / x).astype(np.float32)


def _zero_pair_expect(a: dict) -> dict:
    x, y = a["A"], a["B"]
    return {"O": np.stack([_reciprocal(max_number(x, y)), _reciprocal(min_number(x, y))])}


def _zero_row_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 6, 40), awkward(rng, 64, 3, 300)
    signs = rng.integers(0, 2, (2, m, n)).astype(bool)
    a, b = np.where(signs, np.float32(-0.0), np.float32(0.0))
    a[0], a[1] = -0.0, 0.0  # a row of -0 alone, a row of +0 alone
    a[2, rng.integers(0, n)] = np.nan  # NaN is skipped
    a[3, -1] = 0.0  # one +0 in the row's last tile, which overhangs
    a[3, :-1] = -0.0
    return {"A": a, "B": b, "O": sentinel((2, m, n)), "S": sentinel((m, 2))}


def _zero_row_expect(a: dict) -> dict:
    x, y = a["A"], a["B"]
    hi = np.where(np.any((x == 0) & ~np.signbit(x), axis=1), 0.0, -0.0).astype(np.float32)
    lo = np.where(np.any((x == 0) & np.signbit(x), axis=1), -0.0, 0.0).astype(np.float32)
    return {
        "O": np.stack([_reciprocal(max_number(x, y)), _reciprocal(min_number(x, y))]),
        "S": np.stack([_reciprocal(hi), _reciprocal(lo)], axis=1),
    }


def _saturate(v: float, lo: int, hi: int) -> int:
    if v != v:
        return 0
    if v >= hi:
        return hi
    if v <= lo:
        return lo
    return int(v)  # truncates toward zero


def _conversion_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 40, 500)
    f = (rng.standard_normal(n) * 10.0 ** rng.integers(0, 12, n)).astype(np.float32)
    f[:12] = [np.nan, np.inf, -np.inf, -0.7, 2.5, -2.5, 127.9, 128.0, -128.9, -129.0, 255.5, 3e9]
    d = rng.standard_normal(n) * 10.0 ** rng.integers(0, 21, n)
    d[:8] = [np.nan, 9.3e18, -9.3e18, 2.0**63, -(2.0**63), 4294967295.9, 4294967296.0, -0.9]
    i = rng.integers(-(2**63), 2**63 - 1, n, dtype=np.int64, endpoint=True)
    i[:4] = [255, 256, -1, 65535 + 65536]
    return {
        "F": f, "D": d, "I": i, "U": rng.integers(0, 2**32, n, dtype=np.int64).astype(np.uint32),
        "S": rng.integers(-128, 128, n).astype(np.int8),
        "FI": sentinel((4, n), np.int32), "DI": sentinel((2, n), np.int64),
        "DU": sentinel(n, np.uint32), "W": sentinel(n, np.int32), "W8": sentinel(n, np.int8),
        "WU8": sentinel(n, np.uint8), "WU16": sentinel(n, np.uint16), "X": sentinel((2, n), np.int64),
    }


def _conversion_expect(a: dict) -> dict:
    f = [float(v) for v in a["F"]]
    d = [float(v) for v in a["D"]]
    i = [int(v) for v in a["I"]]
    i32 = (-(2**31), 2**31 - 1)
    i64 = (-(2**63), 2**63 - 1)
    return {
        "FI": np.array([
            [_saturate(v, *i32) for v in f],
            [_saturate(v, -128, 127) for v in f],
            [_saturate(v, 0, 255) for v in f],
            [wrap(_saturate(v, *i64), 32) for v in f],
        ], np.int64).astype(np.int32),
        "DI": np.array([[_saturate(v, *i64) for v in d],
                        [_saturate(v, *i32) for v in d]], np.int64),
        "DU": np.array([_saturate(v, 0, 2**32 - 1) for v in d], np.int64).astype(np.uint32),
        "W": np.array([wrap(v, 32) for v in i], np.int64).astype(np.int32),
        "W8": np.array([wrap(v, 8) for v in i], np.int64).astype(np.int8),
        "WU8": np.array([v & 0xFF for v in i], np.int64).astype(np.uint8),
        "WU16": np.array([v & 0xFFFF for v in i], np.int64).astype(np.uint16),
        "X": np.stack([a["U"].astype(np.int64), a["S"].astype(np.int64)]),
    }


def _grid(meta: dict) -> int:
    return cdiv(meta["N"], 128)


CASES = [
    Case("numerics/int_ops32", "int_ops32", _int_inputs(32, 128), _int_expect(32), grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("numerics/int_ops64", "int_ops64", _int_inputs(64, 128), _int_expect(64), grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("numerics/int_ops_tile", "int_ops_tile", _int_inputs(32, 64), _int_expect(32),
         grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON),
    Case("numerics/float_ops", "float_ops", _float_inputs, _float_expect, grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("numerics/signed_zero_pairs", "signed_zero_pairs", _zero_pair_inputs, _zero_pair_expect,
         grid=_grid, native=NATIVE, python=PYTHON),
    Case("numerics/signed_zero_rows", "signed_zero_rows", _zero_row_inputs, _zero_row_expect,
         grid=lambda meta: cdiv(meta["M"], meta["R"]), native=NATIVE, python=PYTHON),
    Case("numerics/conversions", "conversions", _conversion_inputs, _conversion_expect,
         grid=_grid, native=NATIVE, python=PYTHON),
]
