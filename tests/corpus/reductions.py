"""Reductions and softmax: seed kernels and reductions.phobos."""

from __future__ import annotations

import numpy as np

from .case import BF16, F32, Case, awkward, cdiv, f64, integers, normal, sentinel

NATIVE = "reductions.phobos"
PYTHON = "py.reductions"


def _row_means_inputs(multiple: int):
    def make(rng: np.random.Generator) -> dict:
        m = multiple * int(rng.integers(1, 6))
        n = 64 * int(rng.integers(1, 4))
        return {"X": normal(rng, (m, n)), "OUT": sentinel((m, 1))}

    return make


def _partial_sums_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 1024, 4, 20000)
    return {"X": normal(rng, (1, n)), "O": sentinel((1, 256))}


def _partial_sums_expect(a: dict) -> dict:
    x = f64(a["X"][0])
    padded = np.zeros(cdiv(x.size, 256) * 256)
    padded[: x.size] = x
    return {"O": padded.reshape(-1, 256).sum(axis=0).reshape(1, 256)}


def _row_stats_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 60), awkward(rng, 64, 4, 300)
    x = normal(rng, (m, n))
    x[0] = -np.abs(x[0]) - 1  # a row of negatives: absent zeros must not win a max
    return {"X": x, "S": sentinel((m, 3))}


def _row_stats_expect(a: dict) -> dict:
    x = a["X"]
    return {"S": np.stack([f64(x).sum(axis=1), x.max(axis=1), x.min(axis=1)], axis=1)}


def _softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    e = np.exp(f64(x) - f64(x).max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def _col_sums_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 70), awkward(rng, 32, 4, 150)
    g = cdiv(n, 32)
    return {"X": normal(rng, (m, n)), "COLS": sentinel((1, n)), "TOTAL": sentinel(4 * cdiv(g, 4))}


def _col_sums_expect(a: dict) -> dict:
    x = f64(a["X"])
    n = x.shape[1]
    total = a["TOTAL"].astype(np.float64)
    for k in range(cdiv(n, 32)):
        total[k] = x[:, 32 * k : 32 * (k + 1)].sum()
    return {"COLS": x.sum(axis=0, keepdims=True), "TOTAL": total}


def _int_rows_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 30), awkward(rng, 32, 4, 200)
    return {
        "X": integers(rng, -(2**31), 2**31, (m, n)),
        "B": integers(rng, -128, 128, (m, n), np.int8),
        "S": sentinel((m, 4), np.int32),
    }


def _int_rows_expect(a: dict) -> dict:
    x = a["X"].astype(np.int64)
    wrapped = x.sum(axis=1).astype(np.int32)  # the low 32 bits: i32 sums wrap
    b = a["B"].astype(np.int32).sum(axis=1)
    return {"S": np.stack([wrapped, x.max(axis=1), x.min(axis=1), b], axis=1).astype(np.int32)}


def _negated_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 8, 4, 40)
    return {"X": integers(rng, -(2**31), 2**31, n), "Y": sentinel(4, np.int32)}


def _negated_expect(a: dict) -> dict:
    x = a["X"][:8].astype(np.int64)  # the window's present elements

    def wrapped(v: np.ndarray) -> np.ndarray:  # i32 arithmetic wraps
        return (v + 2**31) % 2**32 - 2**31

    return {"Y": np.array([wrapped(-8 * x).min(), wrapped(-8 * x).max(), wrapped(-x).min(),
                           wrapped(-2 * x).max()], np.int32)}


def _beyond_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 60), 4 * int(rng.integers(1, 10))
    return {"X": normal(rng, (m, n)), "S": sentinel((m, 4)), "I": sentinel((m, 2), np.int32)}


def _beyond_expect(a: dict) -> dict:
    m = a["X"].shape[0]
    s = np.tile(np.array([0.0, -np.inf, np.inf, 1.0], np.float32), (m, 1))
    i = np.tile(np.array([-(2**31), 2**31 - 1], np.int32), (m, 1))
    return {"S": s, "I": i}


def _half_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 50), awkward(rng, 128, 4, 128)
    return {
        "X": normal(rng, (m, n), np.float16), "B": normal(rng, (m, n), BF16),
        "S": sentinel((m, 1)), "P": sentinel((m, 1), BF16),
    }


def _norm_rows_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 12, 4, 60), awkward(rng, 96, 60, 96)
    return {"X": normal(rng, (m, n)) * 2 + 1, "W": normal(rng, n), "Y": sentinel((m, n), BF16),
            "S": sentinel((m, 1))}


def _norm_rows_expect(a: dict) -> dict:
    x = f64(a["X"])
    centred = x - x.mean(axis=1, keepdims=True)
    scale = 1 / np.sqrt((centred * centred).mean(axis=1, keepdims=True) + 0.001)
    x = centred * scale
    return {"Y": (x * f64(a["W"])).astype(BF16), "S": scale + x.max(axis=1, keepdims=True)}


def _stream_sum_inputs(rng: np.random.Generator) -> dict:
    g = 4 * int(rng.integers(1, 4))
    n = awkward(rng, 512, 4, 512 * g * 3)
    return {"X": normal(rng, n), "P": sentinel((g, 2))}


def _stream_sum_expect(a: dict) -> dict:
    x, (g, _) = f64(a["X"]), a["P"].shape
    out = np.zeros((g, 2))
    for b in range(g):
        acc = np.zeros(512)
        for c in range(b * 512, x.shape[0], g * 512):
            part = x[c:c + 512]
            acc[:part.shape[0]] += part
        out[b] = acc.sum(), acc.max()
    return {"P": out}


def _wide_passes_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 3, 4, 40), awkward(rng, 512, 100, 512)
    return {"X": normal(rng, (m, n)) * 2, "Y": sentinel((m, n)), "S": sentinel((m, 2))}


def _wide_passes_expect(a: dict) -> dict:
    x = f64(a["X"])
    total = np.zeros((x.shape[0], 1))
    for _ in range(3):
        mean = x.sum(axis=1, keepdims=True) / x.shape[1]
        spread = (x - mean).max(axis=1, keepdims=True)
        x = (x - mean) / (spread + 1.0)
        total += spread
    return {"Y": x, "S": np.concatenate([total, _softmax(x).sum(axis=1, keepdims=True)], axis=1)}


def _softmax_last_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 3, 4, 30), awkward(rng, 256, 100, 256)
    return {"X": (normal(rng, (m, n)) * 3).astype(BF16), "Y": sentinel((m, n), BF16)}


def _causal_rows_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 100), awkward(rng, 64, 4, 64)
    return {"X": normal(rng, (m, n)), "Y": sentinel((m, n)), "offset": int(rng.integers(0, 5))}


def _causal_rows_expect(a: dict) -> dict:
    m, n = a["X"].shape
    kept = np.arange(n)[None, :] <= np.arange(m)[:, None] + a["offset"]
    return {"Y": _softmax(np.where(kept, f64(a["X"]), -np.inf))}


def _sum_picks_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 8, 4, 200)
    return {"X": integers(rng, -4, 5, (m, 64), np.float32), "Y": sentinel((m, 64)), "lo": -8.0, "hi": 8.0}


def _sum_picks_expect(a: dict) -> dict:
    """Each block of 8 rows: its (exact, integer-valued) sum picks the formula."""
    x = f64(a["X"])
    y = np.empty_like(x)
    for r in range(0, x.shape[0], 8):
        block = x[r : r + 8]
        s = block.sum()
        y[r : r + 8] = block * 2.0 if s > a["hi"] else block + 1.0 if s > a["lo"] else -block
    return {"Y": y}


def _peak_weights_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 8, 4, 200)
    return {"X": normal(rng, (m, 8)), "Y": sentinel((m, 8)), "P": sentinel((m, 8))}


def _peak_weights_expect(a: dict) -> dict:
    """Softmax over one column is 1 where the row is present. The windows of the loop
    start 3, 2 and 1 rows above the block's, so in the first block only row 3 is
    present in all three turns; its other rows stay absent and are not stored."""
    p = np.full(a["P"].shape, 3.0)
    p[:3] = a["P"][:3]
    return {"Y": f64(a["X"]) + 2.0, "P": p}


def _nan_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 8, 4, 60), awkward(rng, 64, 4, 64)
    g = cdiv(m, 8)

    def with_nans(dtype) -> np.ndarray:
        x = normal(rng, (m, n)).astype(dtype)
        x[rng.random((m, n)) < 0.2] = np.nan
        x[0] = np.nan  # a row of NaN alone
        x[1 % m, :-1] = np.nan  # NaN and one number
        x[2 % m, : n // 2] = -np.inf  # -inf beside numbers, and NaN
        x[3 % m] = -np.inf  # a row of -inf alone: -inf, not NaN
        x[8:16] = np.nan  # a CTA of NaN alone
        x[:, 0] = np.nan  # a column of NaN alone
        return x

    x, h, b, d = (with_nans(t) for t in (np.float32, np.float16, BF16, np.float64))
    b[:, 0] = 1.0  # a column that is a number in b but NaN in x
    return {"X": x, "H": h, "B": b, "D": d, "S": sentinel((m, 2)), "SH": sentinel((m, 2), np.float16),
            "SB": sentinel((m, 2), BF16), "SD": sentinel((m, 2), np.float64), "COLS": sentinel((2 * g, n)),
            "T": sentinel((g, 10), np.float64)}


def _nan_expect(a: dict) -> dict:
    """fmax and fmin skip NaN and give NaN where every element is NaN."""
    def extremes(x: np.ndarray, axis: int | None) -> tuple[np.ndarray, np.ndarray]:
        w = f64(x.astype(np.float32))
        return np.fmax.reduce(w, axis=axis), np.fmin.reduce(w, axis=axis)

    out = {}
    for name, rows in (("X", "S"), ("H", "SH"), ("B", "SB"), ("D", "SD")):
        out[rows] = np.stack(extremes(a[name], 1), axis=1)
    m, n = a["X"].shape
    cols = np.empty((2 * cdiv(m, 8), n))
    t = np.empty((cdiv(m, 8), 10))
    for k in range(cdiv(m, 8)):
        block = {name: a[name][8 * k : 8 * k + 8] for name in "XHBD"}
        cols[2 * k] = extremes(block["X"], 0)[0].astype(np.float32) - extremes(block["B"], 0)[1].astype(np.float32)
        cols[2 * k + 1] = -np.inf
        t[k, :8] = [v for name in "XHBD" for v in extremes(block[name], None)]
        t[k, 8:] = [-np.inf, np.inf]
    return {**out, "COLS": cols, "T": t}


CASES = [
    Case(
        "reductions/row_means", "row_means", _row_means_inputs(4),
        lambda a: {"OUT": f64(a["X"]).mean(axis=1, keepdims=True)},
        grid=lambda meta: meta["M"] // meta["ROWS"],
        native=NATIVE, python="pykernels.row_means", tol=F32,
    ),
    Case(
        "reductions/row_means_16", "row_means", _row_means_inputs(16),
        lambda a: {"OUT": f64(a["X"]).mean(axis=1, keepdims=True)},
        grid=lambda meta: meta["M"] // meta["ROWS"],
        native=NATIVE, python="pykernels.row_means", tol=F32, meta={"ROWS": 16},
    ),
    Case(
        "reductions/partial_sums", "partial_sums", _partial_sums_inputs, _partial_sums_expect,
        grid=1, native="seed:partial_sums", python=PYTHON, tol=(1e-5, 1e-5),
    ),
    Case(
        "reductions/row_stats", "row_stats", _row_stats_inputs, _row_stats_expect,
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5),
    ),
    Case(
        "reductions/softmax_rows", "softmax_rows",
        lambda rng: (lambda m, n: {"X": normal(rng, (m, n)) * 3, "Y": sentinel((m, n))})(
            awkward(rng, 8, 4, 50), awkward(rng, 256, 4, 256)),
        lambda a: {"Y": _softmax(a["X"])},
        grid=lambda meta: cdiv(meta["M"], meta["ROWS"]),
        native=NATIVE, python=PYTHON, tol=(1e-5, 1e-7),
    ),
    Case(
        "reductions/col_sums", "col_sums", _col_sums_inputs, _col_sums_expect,
        grid=lambda meta: cdiv(meta["N"], meta["C"]),
        native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5),
    ),
    Case(
        "reductions/int_rows", "int_rows", _int_rows_inputs, _int_rows_expect,
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, python=PYTHON,
    ),
    Case("reductions/negated_extremes", "negated_extremes", _negated_inputs, _negated_expect, grid=1,
         native=NATIVE, python=PYTHON),
    Case(
        "reductions/beyond_edge", "beyond_edge", _beyond_inputs, _beyond_expect,
        grid=lambda meta: cdiv(meta["M"], 8),
        native=NATIVE, python=PYTHON,
    ),
    Case(
        "reductions/half_rows", "half_rows", _half_inputs,
        lambda a: {"S": f64(a["X"]).sum(axis=1, keepdims=True),
                   "P": a["B"].astype(np.float32).max(axis=1, keepdims=True)},
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, python=PYTHON, tol={"S": (1e-5, 1e-5), "P": (0.0, 0.0)},
    ),
    Case(
        "reductions/norm_rows", "norm_rows", _norm_rows_inputs, _norm_rows_expect,
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, tol={"Y": (1e-2, 1e-2), "S": (1e-4, 1e-4)},
    ),
    Case(
        "reductions/wide_passes", "wide_passes", _wide_passes_inputs, _wide_passes_expect,
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, tol=(1e-5, 1e-5),
    ),
    Case(
        "reductions/softmax_last", "softmax_last", _softmax_last_inputs,
        lambda a: {"Y": _softmax(f64(a["X"])).astype(BF16)},
        grid=lambda meta: cdiv(meta["M"], meta["R"]),
        native=NATIVE, tol=(1e-2, 1e-2),
    ),
    Case(
        "reductions/causal_rows", "causal_rows", _causal_rows_inputs, _causal_rows_expect,
        grid=lambda meta: cdiv(meta["M"], 16), native=NATIVE, python=PYTHON, tol=(1e-6, 1e-6),
    ),
    Case(
        "reductions/stream_sum", "stream_sum", _stream_sum_inputs, _stream_sum_expect,
        grid=lambda meta: meta["G"],
        native=NATIVE, tol=(1e-5, 1e-4),
    ),
    Case(
        "reductions/sum_picks", "sum_picks", _sum_picks_inputs, _sum_picks_expect,
        grid=lambda meta: cdiv(meta["M"], 8), native=NATIVE, python=PYTHON,
    ),
    Case(
        "reductions/peak_weights", "peak_weights", _peak_weights_inputs, _peak_weights_expect,
        grid=lambda meta: cdiv(meta["M"], 4), native=NATIVE, python=PYTHON, tol=(1e-6, 1e-6),
    ),
    Case("reductions/nan_extremes", "nan_extremes", _nan_inputs, _nan_expect,
         grid=lambda meta: cdiv(meta["M"], meta["R"]), native=NATIVE, python=PYTHON),
]
