"""Atomics on tensor and tile elements: atomics.phobos.

Only results every order of the threads gives are checked here (final values, and old
values as a multiset); test_atomics.py pins the interpreter's thread order.
"""

from __future__ import annotations

import numpy as np

from .case import Case, awkward, cdiv, f64, integers, normal, sentinel

NATIVE = "atomics.phobos"
PYTHON = "py.atomics"


def _grid(meta: dict) -> int:
    return cdiv(meta["N"], 128)


def _keys(rng: np.random.Generator, n: int, bins: int) -> np.ndarray:
    # Skewed, so some keys are hit by many threads of one warp.
    return np.minimum(rng.geometric(0.15, n) - 1, bins - 1).astype(np.int32)


def _histogram_inputs(rng: np.random.Generator) -> dict:
    n, b = awkward(rng, 128, 4, 3000), 4 * int(rng.integers(2, 10))
    return {"X": integers(rng, -3, b + 3, n), "H": integers(rng, 0, 5, b)}


def _histogram_expect(a: dict) -> dict:
    x, h = a["X"], a["H"].copy()
    inside = (x >= 0) & (x < h.size)
    return {"H": h + np.bincount(x[inside], minlength=h.size).astype(np.int32)}


def _extremes_inputs(rng: np.random.Generator) -> dict:
    n, b = awkward(rng, 128, 4, 2000), 12
    return {
        "K": _keys(rng, n, b), "X": normal(rng, n), "I": integers(rng, -(2**31), 2**31, n),
        "U": rng.integers(0, 2**32, n, dtype=np.int64).astype(np.uint32),
        "F": np.stack([np.full(b, -np.inf, np.float32), np.full(b, np.inf, np.float32)]),
        "J": np.stack([np.full(b, -(2**31), np.int32), np.full(b, 2**31 - 1, np.int32)]),
        "V": np.stack([np.zeros(b, np.uint32), np.full(b, 2**32 - 1, np.uint32)]),
    }


def _per_key(a: dict, values: np.ndarray, start: np.ndarray, ufunc: np.ufunc) -> np.ndarray:
    out = start.copy()
    ufunc.at(out, a["K"], values)
    return out


def _extremes_expect(a: dict) -> dict:
    return {
        name: np.stack([_per_key(a, a[src], a[name][0], np.maximum),
                        _per_key(a, a[src], a[name][1], np.minimum)])
        for name, src in (("F", "X"), ("J", "I"), ("V", "U"))
    }


def _bits_inputs(rng: np.random.Generator) -> dict:
    n, b = awkward(rng, 128, 4, 1000), 8
    start = rng.integers(-(2**63), 2**63 - 1, (3, b), dtype=np.int64, endpoint=True)
    start[0] = -1  # all ones, for and
    return {"K": _keys(rng, n, b), "X": rng.integers(-(2**63), 2**63 - 1, n, dtype=np.int64,
            endpoint=True), "A": start}


def _bits_expect(a: dict) -> dict:
    start = a["A"]
    return {"A": np.stack([
        _per_key(a, a["X"], start[0], np.bitwise_and),
        _per_key(a, a["X"], start[1], np.bitwise_or),
        _per_key(a, a["X"], start[2], np.bitwise_xor),
    ])}


def _sums_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 3000)
    return {"X": normal(rng, n), "W": integers(rng, -(2**31), 2**31, n),
            "S": np.zeros(4, np.float32), "T": np.zeros(4, np.int32), "U": np.zeros(4, np.uint32)}


def _sums_expect(a: dict) -> dict:
    w = a["W"].astype(np.int64).sum()
    return {
        "S": np.array([f64(a["X"]).sum(), 0, 0, 0]),
        "T": np.array([0, w, 0, 0], np.int64).astype(np.int32),
        "U": np.array([0, 0, w % 2**32, 0], np.int64).astype(np.uint32),
    }


def _claim_inputs(rng: np.random.Generator) -> dict:
    n, b = awkward(rng, 128, 4, 2000), 40
    return {"K": integers(rng, 0, b, n), "TAKEN": np.zeros(b, np.int32), "WON": sentinel(n, np.int32)}


def _claim_expect(a: dict) -> dict:
    used = np.unique(a["K"])
    taken = np.zeros_like(a["TAKEN"])
    taken[used] = 1
    won = np.zeros(a["K"].size, np.int32)
    won[: used.size] = 1
    return {"TAKEN": taken, "WON": won}


def _tile_hist_expect(a: dict) -> dict:
    x = a["X"]
    r = np.fmod(x, 16)
    return {"H": a["H"] + np.bincount(r[r >= 0], minlength=16).astype(np.int32)}


CASES = [
    Case("atomics/histogram", "histogram", _histogram_inputs, _histogram_expect, grid=_grid,
         native=NATIVE, python=PYTHON),
    Case(
        "atomics/tickets", "tickets",
        lambda rng: (lambda n: {"T": sentinel(n, np.int32), "COUNT": np.zeros(4, np.int32)})(
            awkward(rng, 128, 4, 2000)),
        lambda a: {"T": np.arange(a["T"].size, dtype=np.int32),
                   "COUNT": np.array([a["T"].size, 0, 0, 0], np.int32)},
        grid=_grid, native=NATIVE, python=PYTHON, unordered=("T",),
    ),
    Case("atomics/extremes", "extremes", _extremes_inputs, _extremes_expect, grid=_grid,
         native=NATIVE, python=PYTHON),
    Case("atomics/bits", "bits", _bits_inputs, _bits_expect, grid=_grid, native=NATIVE,
         python=PYTHON),
    Case("atomics/sums", "sums", _sums_inputs, _sums_expect, grid=_grid, native=NATIVE,
         python=PYTHON, tol={"S": (1e-5, 1e-2), "T": (0.0, 0.0), "U": (0.0, 0.0)}),
    Case(
        "atomics/swap", "swap",
        lambda rng: (lambda n: {"X": normal(rng, n), "Y": normal(rng, n), "OLD": sentinel(n)})(
            awkward(rng, 128, 4, 600)),
        lambda a: {"Y": a["X"], "OLD": a["Y"]},
        grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case("atomics/claim", "claim", _claim_inputs, _claim_expect, grid=_grid, native=NATIVE,
         python=PYTHON, unordered=("WON",)),
    Case(
        "atomics/tile_histogram", "tile_histogram",
        lambda rng: (lambda n: {"X": integers(rng, -20, 200, n), "H": integers(rng, 0, 9, 16)})(
            awkward(rng, 128, 4, 2000)),
        _tile_hist_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
]
