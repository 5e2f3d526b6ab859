"""Slicing, with masking at edges: slicing.phobos."""

from __future__ import annotations

import numpy as np

from .case import F32, Case, awkward, cdiv, f64, integers, normal, sentinel

NATIVE = "slicing.phobos"
PYTHON = "py.slicing"


def _shifted_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 60), awkward(rng, 16, 4, 60)
    return {"X": normal(rng, (m, n)), "Y": sentinel((m, n)),
            "dr": int(rng.integers(-6, 7)), "dc": int(rng.integers(-6, 7))}


def _shifted_expect(a: dict) -> dict:
    x, y, dr, dc = a["X"], a["Y"], a["dr"], a["dc"]
    m, n = x.shape
    rows = np.arange(m)[:, None] + dr
    cols = np.arange(n)[None, :] + dc
    inside = (rows >= 0) & (rows < m) & (cols >= 0) & (cols < n)
    return {"Y": np.where(inside, x[np.clip(rows, 0, m - 1), np.clip(cols, 0, n - 1)], y)}


def _ranges_expect(a: dict) -> dict:
    x = a["X"]
    return {"Y": np.concatenate([x[:, 8:] * 2, x[:, :8] + 1], axis=1)}


def _row_pick_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 12, 40), awkward(rng, 64, 4, 200)
    return {"X": normal(rng, (m, n)), "Y": sentinel((m, n)), "i": int(rng.integers(0, m + 3))}


def _row_pick_expect(a: dict) -> dict:
    x, y, i = a["X"], a["Y"].copy(), a["i"]
    m, n = x.shape
    for c in range(0, n, 64):
        w = min(64, n - c)
        t = x[0:8, c : c + w].copy()
        if i < m:
            t[2] = x[i, c : c + w]
        k = max(0, min(8, w - 8))
        t[3:5, :k] = t[0:2, 8 : 8 + k] * np.float32(10)
        y[0:8, c : c + w] = t
        y[8, c : c + w] = t[7] - 1
    return {"Y": y}


def _mixed_windows_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 12, 40), awkward(rng, 32, 4, 120)
    return {"X": normal(rng, (m, n)), "K": integers(rng, -1000, 1000, (m, n)), "Y": sentinel((m, n)),
            "J": sentinel((m, n), np.int32), "s": int(rng.integers(0, 7))}


def _mixed_windows_expect(a: dict) -> dict:
    y, j, s = a["Y"].copy(), a["J"].copy(), a["s"]
    t, k = a["X"][0:8].copy(), a["K"][0:8].copy()
    t[1] = t[s] + np.float32(1)
    k[2:4] = k[s : s + 2] * 3
    y[0:8], j[0:8] = t, k
    return {"Y": y, "J": j}


def _tile_gather_expect(a: dict) -> dict:
    x = a["X"]
    t = np.arange(128)
    i, j = t // 8 - 4, t % 8
    valid = (i >= 0) & (i < 8)
    u = np.full((8, 8), -1.0, np.float32)
    u[j[valid], i[valid]] = t[valid]
    return {"Y": np.where(valid, x[np.clip(i, 0, 7), j], 0), "Z": u}


def _absent_reads_expect(a: dict) -> dict:
    x = np.concatenate([a["X"], np.full(8, -1.0, np.float32)])  # -1 + 1: the 0 an absent read gives
    return {"Y": x[8:] + 1}


def _tile_assign_expect(a: dict) -> dict:
    x = a["X"]
    b = x.copy()
    b[0] = 5
    d = x.T.copy()
    d[1, 1] = -1
    return {"A": x, "B": b, "C": np.repeat(x.sum(axis=1, keepdims=True), 8, axis=1), "D": d}


def _view_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 40), 4 * int(rng.integers(1, 4))
    return {"X": normal(rng, (m, n)), "Y": sentinel((m, n)), "W": sentinel((m, 8))}


def _view_expect(a: dict) -> dict:
    x, y = a["X"], a["Y"].copy()
    m, n = x.shape
    w = min(4, n - 1)
    y[:, :w] = 2 * x[:, 1 : 1 + w]
    view = np.zeros((m, 4), np.float32)  # the view's columns 1..4 of X, 0 past X's edge
    view[:, :w] = x[:, 1 : 1 + w]
    cols = np.arange(8) - 2  # thread t reads the view at column t % 8 - 2
    inside = (cols >= 0) & (cols < 4)
    reads = np.where(inside, view[:, np.clip(cols, 0, 3)], 0)
    return {"Y": y, "W": reads + 1}


def _absent_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 40), awkward(rng, 32, 4, 100)
    return {"X": normal(rng, (m, n)), "ROW": normal(rng, (1, n)), "COL": normal(rng, (m, 1)),
            "Y": sentinel((m, n)), "Z": sentinel((m, n)), "k": int(rng.integers(0, 2)),
            "j": int(rng.integers(0, 2))}


def _absent_expect(a: dict) -> dict:
    x = a["X"]
    y = x + a["ROW"] if a["k"] == 0 else a["Y"]
    z = x * a["COL"] if a["j"] == 0 else a["Z"]
    return {"Y": y, "Z": z}


def _view_varying_expect(a: dict) -> dict:
    x = np.pad(a["X"], ((1, 1), (0, 0)))  # zero rows for the reads past either end
    return {"Y": x[:-2, 0] + x[1:-1, 1] + x[2:, 3]}


def _oob_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 600)
    return {"X": integers(rng, -1000, 1000, n), "Y": sentinel(n, np.int32)}


def _oob_expect(a: dict) -> dict:
    x = np.concatenate([a["X"], np.zeros(3, np.int32)])
    return {"Y": x[3:] + 1}


def _fill_expect(a: dict) -> dict:
    x = a["X"]
    m = x.shape[0]
    y = np.full_like(x, 3.0)
    for r in range(0, m, 8):
        for k in range(8):
            if r + k < m and r + 4 + k < m:
                y[r + k] = x[r + 4 + k]
    return {"Y": y}


def _outside_reads_expect(a: dict) -> dict:
    acc, n = 2 * f64(a["X"]), a["Y"].size
    t = np.arange(n)
    b, lane = t // 128, t % 128

    def at(r: np.ndarray, c: np.ndarray) -> np.ndarray:
        inside = (0 <= r) & (r < 2) & (0 <= c) & (c < 4)
        return np.where(inside, acc[np.clip(r, 0, 1), np.clip(c, 0, 3)], 0.0)

    return {"Y": at(np.full(n, -1), b) + at(lane % 4 - 1, lane % 5) + at(np.ones(n, int), b - 3)}


CASES = [
    Case("slicing/shifted_copy", "shifted_copy", _shifted_inputs, _shifted_expect,
         grid=lambda meta: (cdiv(meta["N"], 16), cdiv(meta["M"], 16)),
         native=NATIVE, python=PYTHON),
    Case(
        "slicing/ranges", "ranges",
        lambda rng: (lambda m: {"X": normal(rng, (m, 12)), "Y": sentinel((m, 12))})(awkward(rng, 8, 4, 50)),
        _ranges_expect, grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON,
    ),
    Case("slicing/row_pick", "row_pick", _row_pick_inputs, _row_pick_expect,
         grid=lambda meta: cdiv(meta["N"], meta["C"]), native=NATIVE, python=PYTHON, tol=F32),
    Case("slicing/mixed_windows", "mixed_windows", _mixed_windows_inputs, _mixed_windows_expect,
         grid=lambda meta: cdiv(meta["N"], meta["C"]), native=NATIVE, python=PYTHON, tol=F32),
    Case(
        "slicing/tile_gather", "tile_gather",
        lambda rng: {"X": normal(rng, (8, 8)), "Y": sentinel(128), "Z": sentinel((8, 8))},
        _tile_gather_expect, grid=1, native=NATIVE, python=PYTHON,
    ),
    Case(
        "slicing/absent_reads", "absent_reads",
        lambda rng: (lambda n: {"X": normal(rng, n), "Y": sentinel(n)})(awkward(rng, 16, 4, 200)),
        _absent_reads_expect, grid=lambda meta: cdiv(meta["N"], 16), native=NATIVE, python=PYTHON,
    ),
    Case(
        "slicing/tile_assign", "tile_assign",
        lambda rng: {"X": normal(rng, (8, 8)), **{k: sentinel((8, 8)) for k in "ABCD"}},
        _tile_assign_expect, grid=1, native=NATIVE, python=PYTHON, tol=F32,
    ),
    Case("slicing/view_reads", "view_reads", _view_inputs, _view_expect,
         grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON),
    Case("slicing/absent_broadcast", "absent_broadcast", _absent_inputs, _absent_expect,
         grid=lambda meta: (cdiv(meta["N"], meta["C"]), cdiv(meta["M"], meta["R"])),
         native=NATIVE, python=PYTHON),
    Case(
        "slicing/view_varying", "view_varying",
        lambda rng: (lambda n: {"X": normal(rng, (n, 4)), "Y": sentinel(n)})(awkward(rng, 128, 4, 400)),
        _view_varying_expect, grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE,
        python=PYTHON, tol=F32,
    ),
    Case("slicing/oob_scalar", "oob_scalar", _oob_inputs, _oob_expect,
         grid=lambda meta: cdiv(meta["N"] + 5, 128), native=NATIVE, python=PYTHON),
    Case(
        "slicing/transpose_tiles", "transpose_tiles",
        lambda rng: (lambda m, n: {"X": normal(rng, (m, n)), "Y": sentinel((n, m))})(
            awkward(rng, 16, 4, 60), awkward(rng, 16, 4, 60)),
        lambda a: {"Y": a["X"].T}, grid=lambda meta: (cdiv(meta["N"], 16), cdiv(meta["M"], 16)),
        native=NATIVE, python=PYTHON,
    ),
    Case(
        "slicing/fill_then_patch", "fill_then_patch",
        lambda rng: (lambda m: {"X": normal(rng, (m, 8)), "Y": sentinel((m, 8))})(awkward(rng, 8, 4, 50)),
        _fill_expect, grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON,
    ),
    Case(
        "slicing/outside_reads", "outside_reads",
        lambda rng: (lambda n: {"X": normal(rng, (2, 4), np.float64), "Y": sentinel(n, np.float64)})(
            awkward(rng, 128, 4, 1000)),
        _outside_reads_expect, grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON,
    ),
]
