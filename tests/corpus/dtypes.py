"""Element types: bf16, f16, i8, u8, u16, u32 and bool (dtypes.phobos).

16-bit float arithmetic is defined as the f32 operation rounded to the 16-bit type
after every operation, so those results are checked exactly; math functions, whose
f32 results a GPU may give within a few ulp, get one 16-bit ulp.
"""

from __future__ import annotations

import math

import numpy as np

from .case import BF16, Case, awkward, cdiv, f64, integers, normal, sentinel

NATIVE = "dtypes.phobos"
PYTHON = "py.dtypes"
F32 = np.float32


def round_bf16(x: float) -> float:
    """x rounded once to bf16 (to nearest, ties to even), by exact arithmetic."""
    if not math.isfinite(x) or x == 0.0:
        return x
    _, e = math.frexp(x)
    quantum = 2.0 ** max(e - 8, -133)  # 8 significant bits; the subnormal step below 2^-126
    r = round(x / quantum) * quantum  # the division is exact; round() ties to even
    return math.copysign(math.inf, x) if abs(r) >= 2.0**128 else r


def to_bf16(x: np.ndarray) -> np.ndarray:
    return np.array([round_bf16(float(v)) for v in np.ravel(x)]).reshape(np.shape(x)).astype(BF16)


def _half_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 500)
    return {
        "A": normal(rng, n, BF16), "B": normal(rng, n, BF16),
        "H": normal(rng, n, np.float16), "G": normal(rng, n, np.float16),
        "OB": sentinel((2, n), BF16), "OH": sentinel((2, n), np.float16),
        "MATH": sentinel((2, n)), "MIX": sentinel(n),
    }


def _half_expect(a: dict) -> dict:
    x, y = a["A"].astype(F32), a["B"].astype(F32)
    h, g = a["H"].astype(F32), a["G"].astype(F32)
    ob = np.stack([((x * y).astype(BF16).astype(F32) + x).astype(BF16), (x / y).astype(BF16)])
    oh = np.stack([((h * g).astype(np.float16).astype(F32) + h).astype(np.float16),
                   (h - g).astype(np.float16)])
    math_rows = np.stack([
        np.exp(f64(x)).astype(F32).astype(BF16).astype(F32),
        np.sqrt(np.abs(f64(h))).astype(F32).astype(np.float16).astype(F32),
    ])
    return {"OB": ob, "OH": oh, "MATH": math_rows, "MIX": x + h}


def _store_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 20, 400)
    d = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)
    # Just above and below the halfway points of bf16 and f16, where rounding through
    # f32 first would land on the wrong side.
    d[:6] = [1 + 2**-8 + 2**-30, 1 + 2**-8 - 2**-30, -(1 + 2**-8 + 2**-40),
             1 + 2**-11 + 2**-35, 1 + 2**-11, 3 * 2**-8 + 2**-31]
    return {
        "X": normal(rng, n) * 100, "D": d, "H": sentinel(n, np.float16), "B": sentinel(n, BF16),
        "DB": sentinel(n, BF16), "DH": sentinel(n, np.float16), "DF": sentinel(n),
    }


def _store_expect(a: dict) -> dict:
    x, d = a["X"], a["D"]
    return {"H": x.astype(np.float16), "B": (x * F32(3)).astype(BF16), "DB": to_bf16(d),
            "DH": d.astype(np.float16), "DF": d.astype(F32)}


def _small_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 500)
    return {
        "A": integers(rng, -128, 128, n, np.int8), "B": integers(rng, -128, 128, n, np.int8),
        "P": integers(rng, 0, 256, n, np.uint8), "Q": integers(rng, 0, 65536, n, np.uint16),
        "R": rng.integers(0, 2**32, n, dtype=np.int64).astype(np.uint32),
        "G": rng.random(n) < 0.5, "O": sentinel((5, n), np.int32), "S": sentinel(n, np.int8),
        "F": np.zeros(n, bool),
    }


def _small_expect(a: dict) -> dict:
    x, y = a["A"].astype(np.int32), a["B"].astype(np.int32)
    p, q, r = a["P"].astype(np.int32), a["Q"].astype(np.int32), a["R"].astype(np.int64)
    o = np.stack([x * y + 1, (p >> 4) & 15, q - 40000, r % 1000000, a["G"].astype(np.int32)])
    return {"O": o.astype(np.int32), "S": (x * y).astype(np.int8), "F": (x > y) | a["G"]}


def _tiles_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 40), awkward(rng, 64, 4, 150)
    return {"X": normal(rng, (m, n), BF16), "Y": sentinel((m, n), BF16),
            "Z": sentinel((m, n), np.float16), "D": sentinel((m, n), np.float64)}


def _tiles_expect(a: dict) -> dict:
    x = a["X"].astype(F32)
    return {
        "Y": ((x * x).astype(BF16).astype(F32) - F32(1)).astype(BF16),
        "Z": (x * F32(0.5)).astype(np.float16),
        "D": f64(x) / 3.0,
    }


def _grid(meta: dict) -> int:
    return cdiv(meta["N"], 128)


CASES = [
    Case("dtypes/half_math", "half_math", _half_inputs, _half_expect, grid=_grid,
         native=NATIVE, python=PYTHON,
         tol={"OB": (0.0, 0.0), "OH": (0.0, 0.0), "MATH": (2.0**-8, 0.0), "MIX": (0.0, 0.0)}),
    Case("dtypes/store_round", "store_round", _store_inputs, _store_expect, grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("dtypes/small_ints", "small_ints", _small_inputs, _small_expect, grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("dtypes/half_tiles", "half_tiles", _tiles_inputs, _tiles_expect,
         grid=lambda meta: (cdiv(meta["N"], meta["T"]), cdiv(meta["M"], 8)),
         native=NATIVE, python=PYTHON),
]
