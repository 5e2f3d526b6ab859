"""Statements that read what they store (overlap.phobos): the value first, then the store."""

from __future__ import annotations

import numpy as np

from .case import BF16, Case, awkward, cdiv, f64, normal, sentinel

NATIVE = "overlap.phobos"
PYTHON = "py.overlap"


def _dot_row_inputs(operand: type, out: type, t: int):
    def inputs(rng: np.random.Generator) -> dict:
        return {"X": normal(rng, (t, t), operand), "Y": normal(rng, (t, t), operand), "Z": normal(rng, (t, t), out)}
    return inputs


def _dot_row_expect(a: dict) -> dict:
    z = a["Z"]
    return {"Z": (f64(a["X"]) @ f64(a["Y"]) + f64(z[0:1])).astype(z.dtype)}


def _gemm_row_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 64, 4, 150), awkward(rng, 64, 4, 150), awkward(rng, 32, 4, 90)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": normal(rng, (m, n))}


def _gemm_row_expect(a: dict) -> dict:
    c = f64(a["C"])
    first = c[(np.arange(c.shape[0]) // 64) * 64]  # each row's block's first row, as it was
    return {"C": f64(a["A"]) @ f64(a["B"]) + first}


def _rows_inputs(cols: int):
    def inputs(rng: np.random.Generator) -> dict:
        m = awkward(rng, 8, 4, 60)
        return {"X": normal(rng, (m, cols)), "Z": normal(rng, (m, cols))}
    return inputs


def _blocks(m: int) -> list[slice]:
    """Each CTA's rows: blocks of 8, the last cut at the tensor's edge."""
    return [slice(r, min(r + 8, m)) for r in range(0, m, 8)]


def _shifted_expect(a: dict) -> dict:
    x, z = f64(a["X"]), f64(a["Z"]).copy()
    for rows in _blocks(z.shape[0]):
        r, n = rows.start, rows.stop - rows.start  # rows r + 1 .. r + n - 1 written from r .. r + n - 2
        z[r + 1 : r + n] = z[r : r + n - 1] * 2 + x[r : r + n - 1]
        z[r : r + n - 1] = z[r + 1 : r + n] - x[r + 1 : r + n]
        z[rows, 1:] = z[rows, 0:1] + z[rows, 1:]
    return {"Z": z.astype(np.float32)}


def _transposed_inputs(rng: np.random.Generator) -> dict:
    t = int(rng.choice([16, 32]))
    return {"Z": normal(rng, (t, t))}


def _reduced_expect(a: dict) -> dict:
    x, z = f64(a["X"]), f64(a["Z"]).copy()
    m = z.shape[0]
    for rows in _blocks(m):
        r, n = rows.start, rows.stop - rows.start
        z[r : r + n - 1] = x[r : r + n - 1] - z[r + 1 : r + n].max(axis=1, keepdims=True)
        z[rows, 0] = z[rows].sum(axis=1)
        z[rows] = z[rows] - z[rows].max()
        corner = z[r + 7, 255] if r + 7 < m else 0.0  # a scalar read outside the tensor gives 0
        z[rows] = z[rows] * corner + x[rows]
    return {"Z": z.astype(np.float32)}


def _row_values_expect(a: dict) -> dict:
    x, z = f64(a["X"]), f64(a["Z"]).copy()
    m = z.shape[0]
    for r in range(0, m, 16):
        n = min(8, m - r)  # rows r .. r + n - 1, the shifted window's present rows one fewer at the edge
        shifted = min(n, m - r - 1)
        z[r : r + shifted] = x[r : r + shifted] - z[r + 1 : r + 1 + shifted].max(axis=1, keepdims=True)
        z[r : r + n] = x[r : r + n] * z[r : r + n].sum(axis=1, keepdims=True)
    return {"Z": z.astype(np.float32)}


def _thread_stores_expect(a: dict) -> dict:
    x, y = f64(a["X"]), f64(a["Y"])
    return {"X": (x.sum() + x[::-1]).astype(np.float32), "Y": (y.max() - y[::-1]).astype(np.float32)}


def _tile_self_expect(a: dict) -> dict:
    t = f64(a["X"]).copy()
    t[1:] = t[:-1] + 1
    t = t * 0.5 + t[0, 3]
    t = t - t.max(axis=1, keepdims=True)
    t = t.T.copy()
    t[:, 0:8] = t[:, 8:16] - t[0:1, 0:8]
    return {"Z": t.astype(np.float32)}


CASES = [
    *(Case(f"overlap/{name}_{t}", name, _dot_row_inputs(operand, out, t), _dot_row_expect, grid=1,
           native=NATIVE, python=PYTHON, tol=tol)
      for name, operand, out, tol in [("dot_row_f16", np.float16, np.float16, (1e-2, 2e-2)),
                                      ("dot_row_f16_f32", np.float16, np.float32, (1e-4, 1e-4)),
                                      ("dot_row_f32", np.float32, np.float32, (1e-4, 1e-4))]
      for t in (32, 64)),
    Case("overlap/gemm_row", "gemm_row", _gemm_row_inputs, _gemm_row_expect,
         grid=lambda meta: (cdiv(meta["N"], 64), cdiv(meta["M"], 64)), native=NATIVE, python=PYTHON,
         tol=(1e-4, 1e-4)),
    Case("overlap/shifted", "shifted", _rows_inputs(32), _shifted_expect,
         grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5)),
    Case("overlap/transposed", "transposed", _transposed_inputs, lambda a: {"Z": a["Z"].T + np.float32(1)},
         grid=1, native=NATIVE, python=PYTHON),
    Case("overlap/reduced", "reduced", _rows_inputs(256), _reduced_expect,
         grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON, tol=(1e-4, 1e-3)),
    Case("overlap/row_values", "row_values", _rows_inputs(256), _row_values_expect,
         grid=lambda meta: cdiv(meta["M"], 16), native=NATIVE, python=PYTHON, tol=(1e-4, 1e-3)),
    Case("overlap/thread_stores", "thread_stores", lambda rng: {"X": normal(rng, 128), "Y": normal(rng, 128)},
         _thread_stores_expect, grid=1, native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5)),
    Case("overlap/tile_self", "tile_self", lambda rng: {"X": normal(rng, (16, 16)), "Z": sentinel((16, 16))},
         _tile_self_expect, grid=1, native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5)),
]
