"""Functions, inlined: functions.phobos and the seed's scale_in_place."""

from __future__ import annotations

import numpy as np

from .case import F32, Case, awkward, cdiv, integers, normal, sentinel

NATIVE = "functions.phobos"
PYTHON = "py.functions"


def _tiles_expect(a: dict) -> dict:
    x, y = a["X"], a["Y"]
    t = x.copy()
    t[np.arange(t.size) % 64 < 4] = 0  # zero_head, in each CTA's tile
    t = t * np.float32(0.5) + np.float32(0.25)
    return {"H": np.sqrt(x * x + y * y), "C": np.clip(t, 0, 1)}


def _scalars_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 500)
    return {"X": integers(rng, -50, 1000, n, np.int64), "Y": sentinel(n, np.int64),
            "COUNT": np.zeros(4, np.int32)}


def _scalars_expect(a: dict) -> dict:
    x = a["X"]
    rem = np.fmod(x, 10)  # % takes the dividend's sign
    got = np.clip(rem, 0, None)
    threads = cdiv(x.size, 128) * 128
    return {"Y": (2 * (x + 3) + 2) * 1000 + got, "COUNT": np.array([2 * threads, 0, 0, 0], np.int32)}


CASES = [
    Case(
        "functions/halve", "halve",
        lambda rng: {"X": normal(rng, (32, 32))},
        lambda a: {"X": a["X"] * np.float32(0.5)},
        grid=1, native="seed:scale_in_place", python=PYTHON,
    ),
    Case(
        "functions/fn_tiles", "fn_tiles",
        lambda rng: (lambda n: {"X": normal(rng, n), "Y": normal(rng, n), "H": sentinel(n),
                                "C": sentinel(n)})(awkward(rng, 64, 4, 300)),
        _tiles_expect, grid=lambda meta: cdiv(meta["N"], meta["T"]),
        native=NATIVE, python=PYTHON, tol=F32,
    ),
    Case(
        "functions/fn_scalars", "fn_scalars", _scalars_inputs, _scalars_expect,
        grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON,
    ),
    Case(
        "functions/free_names", "free_names",
        lambda rng: (lambda n: {"X": normal(rng, n), "Y": sentinel(n), "step": 0.25})(awkward(rng, 128, 4, 500)),
        lambda a: {"Y": a["X"].astype(np.float64) + 2 * 2.0 + 0.5 + 2 * 0.25 + 10.0},
        grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON, tol=(1e-6, 1e-6),
    ),
]
