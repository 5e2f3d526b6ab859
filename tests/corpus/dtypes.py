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


# Significant bits and largest finite value of each float type, for exact references.
FLOATS = {"bf16": (8, (2 - 2.0**-7) * 2.0**127), "f16": (11, 65504.0),
          "f32": (24, (2 - 2.0**-23) * 2.0**127), "f64": (53, float.fromhex("0x1.fffffffffffffp+1023"))}
I64_MIN, I64_MAX = -(2**63), 2**63 - 1


def round_to(x: int, target: str) -> float:
    """The integer x rounded once to the float type `target` (ties to even; inf past
    its range), by integer arithmetic."""
    bits, largest = FLOATS[target]
    a = abs(x)
    shift = max(a.bit_length() - bits, 0)
    q, r = divmod(a, 1 << shift)
    if shift and (2 * r > 1 << shift or (2 * r == 1 << shift and q & 1)):
        q += 1
    v = float(q << shift)  # exact: it has `bits` significant bits at most
    return math.copysign(math.inf if v > largest else v, x)


def round_int(x: int, target: str) -> int:
    """i64(T(x)): x rounded once to the float type T, then back to i64, saturating as
    the conversion does."""
    v = round_to(x, target)
    return I64_MAX if v >= 2.0**63 else I64_MIN if v <= -(2.0**63) else int(v)


def halfway(rng: np.random.Generator, target: str, exponents: range, top: int) -> list[int]:
    """Integers at, one below and one above halfway points between neighbours of the
    float type `target`, two in each binade 2^e of `exponents`, either sign, below `top`."""
    bits = FLOATS[target][0]
    out = []
    for e in exponents:
        step = 1 << (e - bits + 1)  # the spacing of the target's values in [2^e, 2^(e+1))
        for m in rng.integers(0, 1 << (bits - 1), 2):
            half = (1 << e) + int(m) * step + step // 2
            sign = int(rng.choice([-1, 1]))
            out += [sign * v for v in (half - 1, half, half + 1) if v < top]
    return out


def _int_floats_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 64, 4, 2000)
    longs = [*halfway(rng, "bf16", range(8, 63), 2**63), *halfway(rng, "f16", range(11, 16), 2**63),
             *halfway(rng, "f32", range(24, 63), 2**63), *halfway(rng, "f64", range(53, 63), 2**63),
             2**62 + 2**54 + 1, 2**62 + 2**54, 2**62 + 2**54 - 1, 65519, 65520, -65520, 0, 1, -1,
             I64_MIN, I64_MAX]
    ints = [*halfway(rng, "bf16", range(8, 31), 2**31), *halfway(rng, "f16", range(11, 16), 2**31),
            *halfway(rng, "f32", range(24, 31), 2**31), 2**30 + 2**22 + 1, -(2**31), 2**31 - 1, 65520]
    unsigned = [abs(v) for v in halfway(rng, "bf16", range(8, 32), 2**32) + halfway(rng, "f32", range(24, 32), 2**32)]
    unsigned += [2**32 - 1, 2**31 + 2**23 + 1]

    def column(values: list[int], lo: int, hi: int, dtype: type) -> np.ndarray:
        picked = rng.permutation(np.array(values, dtype=object))[:n]
        rest = rng.integers(lo, hi, n - picked.size, dtype=np.int64) if n > picked.size else []
        return np.array([int(v) for v in picked] + [int(v) for v in rest], dtype=dtype)

    return {"L": column(longs, -(2**62), 2**62, np.int64), "I": column(ints, -(2**31), 2**31, np.int32),
            "U": column(unsigned, 0, 2**32, np.uint32), "O": sentinel((11, n), np.int64), "z": 0.0}


def _int_floats_expect(a: dict) -> dict:
    rows = [("L", "bf16"), ("L", "f16"), ("L", "f32"), ("L", "f64"), ("I", "bf16"), ("I", "f16"),
            ("I", "f32"), ("U", "bf16"), ("U", "f32"), ("L", "bf16"), ("I", "bf16")]
    return {"O": np.array([[round_int(int(v), t) for v in a[name]] for name, t in rows], np.int64)}


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
    Case("dtypes/int_floats", "int_floats", _int_floats_inputs, _int_floats_expect,
         grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON),
]
