"""Control flow under an active mask: control_flow.phobos."""

from __future__ import annotations

import numpy as np

from .case import BF16, Case, awkward, cdiv, f64, integers, normal, sentinel

NATIVE = "control_flow.phobos"
PYTHON = "py.control_flow"


def _per_thread(n: int, fn, dtype) -> np.ndarray:
    return np.array([fn(i) for i in range(n)], dtype)


def _collatz_expect(a: dict) -> dict:
    def steps(x: int) -> int:
        n = 0
        while x != 1 and n < a["cap"]:
            x = x // 2 if x % 2 == 0 else 3 * x + 1
            n += 1
        return n

    return {"STEPS": np.array([steps(int(x)) for x in a["X"]], np.int32)}


def _skip_sum_expect(a: dict) -> dict:
    n = a["Y"].size

    def for_sum(i: int) -> int:
        return sum(j * j for j in range(i % 5, i % 13 + 3, i % 3 + 1) if j % 4 != 1)

    def while_sum(i: int) -> int:
        return sum(k for k in range(1, 10 + i % 5 + 1) if k % 3 != 0)

    return {"Y": _per_thread(n, for_sum, np.int64), "W": _per_thread(n, while_sum, np.int64)}


def _early_exit_expect(a: dict) -> dict:
    x, y, z = a["X"], a["Y"].copy(), a["Z"].copy()
    for i, v in enumerate(x):
        if v < 0:
            y[i] = -1
            continue
        z[i] = 7
        k = 1
        while not np.float32(k) > v * np.float32(4):
            k += 1
        y[i] = k
    return {"Y": y, "Z": z}


def _nested_break_expect(a: dict) -> dict:
    def count(i: int) -> int:
        total = 0
        for q in range(2, 20):
            total += next((d for d in range(2, q) if q % d == 0), 0)
            if q > i % 17 + 2:
                break
        return total

    return {"Y": _per_thread(a["Y"].size, count, np.int32)}


def _unrolled_expect(a: dict) -> dict:
    x = a["X"]
    return {"Y": np.array([x[i::7].sum(dtype=np.float64) for i in range(x.size)])}


def _branches_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 64, 4, 400)
    return {"X": normal(rng, n), "Y": sentinel(n), "flag": int(rng.integers(-1, 2))}


def _branches_expect(a: dict) -> dict:
    x, y = a["X"], a["Y"].copy()
    for b, c in enumerate(range(0, x.size, 64)):
        part = slice(c, c + 64)
        if b % 2 == 0:
            y[part] = x[part] * 2
        elif a["flag"] > 0:
            y[part] = x[part] + 100
        if b == 1:
            y[part] = x[part] / 8
    return {"Y": y}


def _driven_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 32, 4, 300)
    p = np.array([rng.integers(-1, 2), rng.integers(-1, 4), rng.integers(0, 2), 0], np.int32)
    return {"P": p, "X": normal(rng, n), "Y": sentinel(n)}


def _driven_expect(a: dict) -> dict:
    p, x = a["P"], a["X"]
    if p[2] == 1:
        return {"Y": x * np.float32(2.0 ** max(int(p[1]), 0))}
    return {"Y": x + 1 if p[0] > 0 else x - 1}


def _odd_steps_expect(a: dict) -> dict:
    turns = len(range(0, 10, a["step"])) if a["step"] > 0 else 0

    def value(i: int) -> int:
        step = i % 3 - 1
        return turns * 1000 + (sum(range(i % 4, 20, step)) if step > 0 else 0)

    return {"Y": _per_thread(a["Y"].size, value, np.int64)}


def _bounds_once_expect(a: dict) -> dict:
    def value(i: int) -> int:
        turns = min(5 + i % 3, i % 7 + 1)
        return turns * 100 + 5 + i % 3 + turns

    return {"Y": _per_thread(a["Y"].size, value, np.int64)}


def _return_in_loop_expect(a: dict) -> dict:
    return {"Y": _per_thread(a["Y"].size, lambda i: (i % 13 + 1) * 10 if i % 13 < 10 else 10, np.int32)}


def _inner_break_inputs(rng: np.random.Generator) -> dict:
    m, k = awkward(rng, 16, 4, 150), awkward(rng, 32, 4, 100)
    rows = 4 * cdiv(m, 64)  # row blocks of 16, rounded up to whole CTAs of 4
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, 16), BF16), "C": sentinel((m, 16)),
            "STEPS": sentinel((rows, 128), np.int32)}


def _inner_break_expect(a: dict) -> dict:
    """Thread t of row block `row` stops its count at (t + row) % 11 + 1."""
    rows = a["STEPS"].shape[0]
    steps = (np.arange(128)[None, :] + np.arange(rows)[:, None]) % 11 + 1
    return {"C": f64(a["A"]) @ f64(a["B"]), "STEPS": steps.astype(np.int32)}


def _sized(make, tile: int = 128, hi: int = 500):
    return lambda rng: make(rng, awkward(rng, tile, 4, hi))


def _grid(meta: dict) -> int:
    return cdiv(meta["N"], 128)



def _checked_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 64, 4, 300)
    return {"X": normal(rng, (n,)), "Y": sentinel((n,)), "s": 1.5}


def _runtime_step_inputs(step: int):
    def make(rng: np.random.Generator) -> dict:
        n = awkward(rng, 64, 4, 400)
        return {"X": normal(rng, n), "Y": sentinel(n), "Z": sentinel(n), "step": step}

    return make


def _runtime_step_expect(a: dict) -> dict:
    """Each block of 64: range(b, b + 7, step) halving and adding, then range(1, N, step)
    adding until past 9; a step of 0 or less runs neither loop."""
    x, step = f64(a["X"]), a["step"]
    y, z = x.copy(), x.copy()
    for b, c in enumerate(range(0, x.size, 64)):
        part = slice(c, c + 64)
        for k in range(b, b + 7, step) if step > 0 else ():
            y[part] = y[part] * 0.5 + k
        for k in range(1, x.size, step) if step > 0 else ():
            if k > 9:
                break
            z[part] += k
    return {"Y": y, "Z": z}


CASES = [
    Case(
        "control_flow/collatz", "collatz",
        _sized(lambda rng, n: {"X": integers(rng, 1, 2000, n, np.int64), "STEPS": sentinel(n, np.int32),
                               "cap": int(rng.integers(20, 150))}),
        _collatz_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/skip_sum", "skip_sum",
        _sized(lambda rng, n: {"Y": sentinel(n, np.int64), "W": sentinel(n, np.int64)}),
        _skip_sum_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/early_exit", "early_exit",
        _sized(lambda rng, n: {"X": normal(rng, n) * 3, "Y": sentinel(n), "Z": sentinel(n, np.int32)}),
        _early_exit_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/nested_break", "nested_break",
        _sized(lambda rng, n: {"Y": sentinel(n, np.int32)}),
        _nested_break_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/unrolled", "unrolled",
        _sized(lambda rng, n: {"X": normal(rng, n), "Y": sentinel(n)}),
        _unrolled_expect, grid=_grid, native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5),
    ),
    Case(
        "control_flow/uniform_branches", "uniform_branches", _branches_inputs, _branches_expect,
        grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON,
    ),
    Case("control_flow/tensor_driven", "tensor_driven", _driven_inputs, _driven_expect,
         grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON),
    Case(
        "control_flow/odd_steps", "odd_steps",
        _sized(lambda rng, n: {"Y": sentinel(n, np.int64), "step": int(rng.choice([-2, 0, 3]))}),
        _odd_steps_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/bounds_once", "bounds_once",
        _sized(lambda rng, n: {"Y": sentinel(n, np.int64)}),
        _bounds_once_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/return_in_loop", "return_in_loop",
        _sized(lambda rng, n: {"Y": sentinel(n, np.int32)}),
        _return_in_loop_expect, grid=_grid, native=NATIVE, python=PYTHON,
    ),
    Case(
        "control_flow/tiles_after_inner_break", "tiles_after_inner_break", _inner_break_inputs,
        _inner_break_expect, grid=lambda meta: cdiv(meta["R"], 4), native=NATIVE, python=PYTHON,
        tol=(1e-5, 1e-4),
    ),
    Case(
        "control_flow/checked_scale", "checked_scale",
        _checked_inputs, lambda a: {"Y": f64(a["X"]) * a["s"]},
        grid=lambda meta: cdiv(meta["N"], 64), native=NATIVE, python=PYTHON, tol=(1e-6, 1e-6),
    ),
    # A step known at run time only: 0 or less runs no turns, with a break or without.
    Case("control_flow/for_runtime_step_zero", "for_runtime_step", _runtime_step_inputs(0), _runtime_step_expect,
         grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON, tol=(1e-6, 1e-6)),
    Case("control_flow/for_runtime_step_negative", "for_runtime_step", _runtime_step_inputs(-3),
         _runtime_step_expect, grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON,
         tol=(1e-6, 1e-6)),
    Case("control_flow/for_runtime_step_positive", "for_runtime_step", _runtime_step_inputs(2),
         _runtime_step_expect, grid=lambda meta: cdiv(meta["N"], meta["T"]), native=NATIVE, python=PYTHON,
         tol=(1e-6, 1e-6)),
]
