"""Elementwise arithmetic and broadcasting: seed kernels and elementwise.phobos."""

from __future__ import annotations

import math

import numpy as np

from .case import F32, Case, awkward, cdiv, f64, normal, sentinel

NATIVE = "elementwise.phobos"
PYTHON = "py.elementwise"


def _scale_rows_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 32, 4, 300)
    return {"X": normal(rng, (m, 64)), "S": normal(rng, (m, 1)), "Y": sentinel((m, 64))}


def _silu(x: np.ndarray) -> np.ndarray:
    return x / (1.0 + np.exp(-x))


def _axpby_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 1000)
    return {"X": normal(rng, n), "Y": normal(rng, n), "a": float(rng.normal()), "b": -1.5}


def _broadcast_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 90), awkward(rng, 64, 4, 200)
    return {
        "X": normal(rng, (m, n)), "ROW": normal(rng, (1, n)), "COL": normal(rng, (m, 1)),
        "Y": sentinel((m, n)), "s": float(rng.normal()),
    }


def _broadcast_expect(a: dict) -> dict:
    y = a["X"] * a["ROW"] + a["COL"] * np.float32(a["s"])
    y = np.where(y > 0, y, np.float32(0.25) * y)
    return {"Y": np.minimum(np.maximum(y, -2.0), 3.0) - np.abs(a["COL"])}


def _erf(x: np.ndarray) -> np.ndarray:
    return np.vectorize(math.erf, otypes=[np.float64])(f64(x))


def _gelu_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 40), awkward(rng, 32, 4, 150)
    return {"X": normal(rng, (m, n)), "B": normal(rng, n), "Y": sentinel((m, n))}


def _gelu_expect(a: dict) -> dict:
    x = f64(a["X"] + a["B"])
    return {"Y": 0.5 * x * (1.0 + _erf(x * 0.7071067811865476))}


def _math_inputs(dtype: type, tile: int):
    def make(rng: np.random.Generator) -> dict:
        n = awkward(rng, tile, 4, 700)
        x = rng.uniform(-6, 6, n)
        x[:4] = (-0.0, 2.5, -2.5, 0.49999997)  # ties and signs for floor, ceil, abs
        return {"X": x.astype(dtype), "O": sentinel((13, n), dtype)}

    return make


def _math_table(x: np.ndarray) -> np.ndarray:
    x = f64(x)
    p = np.abs(x) + 0.5
    return np.stack([
        np.exp(x), np.exp2(x), np.log(p), np.log2(p), np.sqrt(p), 1 / np.sqrt(p), np.sin(x),
        np.cos(x), np.tanh(x), _erf(x), np.abs(x), np.floor(x), np.ceil(x),
    ])


def _math_f32_expect(a: dict) -> dict:
    # p = |x| + 0.5 is rounded to f32 before the functions of it.
    x = a["X"]
    table = _math_table(x)
    p = f64(np.abs(x) + np.float32(0.5))
    table[2:6] = np.stack([np.log(p), np.log2(p), np.sqrt(p), 1 / np.sqrt(p)])
    return {"O": table}


def _select_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 64, 4, 400)
    return {"X": normal(rng, n) * 1.5, "Y": sentinel(n), "T": sentinel(n)}


def _select_expect(a: dict) -> dict:
    x = a["X"]
    big = (x > 1) | (x < -1)
    y = np.where(big & (x > 0), 1.0, np.where(big, -1.0, x))
    t = np.where((x >= 0) & (x < 0.5), x * 2, -x)
    return {"Y": y, "T": t}


def _unchanged(a: dict) -> dict:
    return {name: v for name, v in a.items() if isinstance(v, np.ndarray)}


def _signature_inputs(rng: np.random.Generator) -> dict:
    m, n, k = (awkward(rng, 8, 4, 40) for _ in range(3))
    return {"A": normal(rng, (m, k)), "B": normal(rng, (k, n)), "C": normal(rng, (m, n)),
            "alpha": 1.0, "beta": 0.0}


CASES = [
    # The seed's kernels whose body is empty: they launch, and write nothing.
    Case(
        "elementwise/seed_tensor_parameters", "tensor_parameters",
        lambda rng: {"A": normal(rng, (8, 12)), "B": (normal(rng, (4, 4096)) * 50).astype(np.int8),
                     "G": normal(rng, (4, 1))},
        _unchanged, grid=2, native="seed:tensor_parameters",
    ),
    Case("elementwise/seed_gemm_signature", "gemm", _signature_inputs, _unchanged, grid=(2, 2),
         native="seed:gemm_signature"),
    Case(
        "elementwise/seed_runtime_dimension_loop", "runtime_dimension_loop",
        lambda rng: {"A": normal(rng, (12, 32)), "B": normal(rng, (12, 20))},
        _unchanged, grid=1, native="seed:runtime_dimension_loop",
    ),
    Case(
        "elementwise/scale_rows", "scale_rows", _scale_rows_inputs,
        lambda a: {"Y": a["X"] * a["S"]},
        grid=lambda meta: cdiv(meta["M"], 32),
        native="seed:scale_rows", python=PYTHON,
    ),
    Case(
        "elementwise/act_silu", "act",
        lambda rng: (lambda n: {"X": normal(rng, n) * 4, "Y": sentinel(n)})(awkward(rng, 1024, 4, 5000)),
        lambda a: {"Y": _silu(f64(a["X"]))},
        grid=lambda meta: cdiv(meta["N"], meta["TILE"]),
        native="seed:silu_act", python=PYTHON, tol=F32,
    ),
    Case(
        "elementwise/axpby", "axpby", _axpby_inputs,
        lambda a: {"Y": np.float32(a["a"]) * a["X"] + np.float32(a["b"]) * a["Y"]},
        grid=lambda meta: cdiv(meta["N"], 128),
        native=NATIVE, python=PYTHON, tol=F32,
    ),
    Case(
        "elementwise/broadcast_mix", "broadcast_mix", _broadcast_inputs, _broadcast_expect,
        grid=lambda meta: (cdiv(meta["N"], meta["C"]), cdiv(meta["M"], meta["R"])),
        native=NATIVE, python=PYTHON, tol=F32,
    ),
    Case(
        "elementwise/bias_gelu", "bias_gelu", _gelu_inputs, _gelu_expect,
        grid=lambda meta: (cdiv(meta["N"], meta["C"]), cdiv(meta["M"], meta["R"])),
        native=NATIVE, python=PYTHON, tol=F32,
    ),
    Case(
        "elementwise/math_table", "math_table", _math_inputs(np.float32, 128), _math_f32_expect,
        grid=lambda meta: cdiv(meta["N"], meta["T"]),
        native=NATIVE, python=PYTHON, tol=(2e-6, 1e-6),
    ),
    Case(
        "elementwise/math_scalar_f64", "math_scalar", _math_inputs(np.float64, 128),
        lambda a: {"O": _math_table(a["X"])},
        grid=lambda meta: cdiv(meta["N"], 128),
        native=NATIVE, python=PYTHON, tol=(1e-14, 1e-15),
    ),
    Case(
        "elementwise/select_sign", "select_sign", _select_inputs, _select_expect,
        grid=lambda meta: cdiv(meta["N"], 64),
        native=NATIVE, python=PYTHON, tol=F32,
    ),
]
