"""Warp collectives and shuffles: collectives.phobos."""

from __future__ import annotations

import numpy as np

from .case import Case, awkward, cdiv, f64, integers, normal, sentinel, uniform

NATIVE = "collectives.phobos"
PYTHON = "py.collectives"
WIDTHS = (1, 2, 4, 8, 16, 32)


def _lanes(x: np.ndarray, threads: int = 128) -> np.ndarray:
    """x padded with the zeros the threads past its end read."""
    out = np.zeros(cdiv(x.size, threads) * threads, x.dtype)
    out[: x.size] = x
    return out


def _groups(x: np.ndarray, width: int, reduce) -> np.ndarray:
    """Each lane gets `reduce` of its group of `width` lanes."""
    return np.repeat(reduce(x.reshape(-1, width), axis=1), width)


def _lane_sums_expect(a: dict) -> dict:
    n = a["X"].size
    x = _lanes(a["X"]).astype(np.int64)
    rows = [_groups(x, w, np.sum)[:n] for w in WIDTHS]
    rows.append(8 * (np.arange(n) // 128))
    return {"O": np.stack(rows).astype(np.int32)}  # i32 sums wrap: keep the low bits


def _floats_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 600)
    x = normal(rng, n)
    x[rng.random(n) < 0.1] = np.nan
    return {"X": x, "H": normal(rng, n, np.float16), "O": sentinel((4, n))}


def _floats_expect(a: dict) -> dict:
    n = a["X"].size
    x, h = _lanes(a["X"]), _lanes(a["H"])

    def fmax(v: np.ndarray, axis: int) -> np.ndarray:
        return np.fmax.reduce(v, axis=axis)

    def fmin(v: np.ndarray, axis: int) -> np.ndarray:
        return np.fmin.reduce(v, axis=axis)

    return {"O": np.stack([
        _groups(x, 8, fmax)[:n], _groups(x, 16, fmin)[:n],
        _groups(f64(x), 32, np.sum)[:n], _groups(f64(h), 4, np.sum)[:n],
    ])}


def _block_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 256, 4, 1500)
    b = 4 * cdiv(cdiv(n, 256), 4)
    return {"X": normal(rng, n), "S": sentinel(b), "M": sentinel(b, np.int32)}


def _block_expect(a: dict) -> dict:
    x = _lanes(a["X"], 256).reshape(-1, 256)
    s, m = a["S"].astype(np.float64), a["M"].copy()
    s[: x.shape[0]] = f64(x).sum(axis=1)
    m[: x.shape[0]] = (x * np.float32(100)).astype(np.int32).max(axis=1)
    return {"S": s, "M": m}


def _three_warps_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 96, 4, 1000)
    b = 4 * cdiv(cdiv(n, 96), 4)
    sign = rng.choice([-1, 1])  # all negative or all positive: padding must not win
    return {"X": (sign * integers(rng, 1, 10**6, n)).astype(np.int32), "O": sentinel((3, b), np.int32)}


def _three_warps_expect(a: dict) -> dict:
    x = _lanes(a["X"], 96).astype(np.int64).reshape(-1, 96)
    o = a["O"].copy()
    o[:, : x.shape[0]] = np.stack([x.max(axis=1), x.min(axis=1), x.sum(axis=1)])
    return {"O": o}


def _shuffles_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 600)
    return {"X": integers(rng, -1000, 1000, n), "O": sentinel((6, n), np.int32),
            "W": sentinel(n, np.int32)}


def _shuffles_expect(a: dict) -> dict:
    n = a["X"].size
    x = _lanes(a["X"])
    t = np.arange(x.size)
    lane = t % 32

    def group_start(w: int) -> np.ndarray:
        return t - t % w

    up = np.where(t % 16 >= 3, t - 3, t)
    down = np.where(t % 32 + 2 < 32, t + 2, t)
    sources = [
        t ^ 1, t ^ 5, up, down,
        group_start(32) + (lane * 7 + 3) % 32,
        group_start(4) + (lane + 1) % 4,
    ]
    w = a["W"].copy()
    warp1 = (t // 32) % 4 == 1
    sums = _groups(x.astype(np.int64), 32, np.sum).astype(np.int32)
    w[warp1[:n]] = sums[:n][warp1[:n]]
    return {"O": np.stack([x[s][:n] for s in sources]), "W": w}


def _masked_peak_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 1000)
    return {"X": -uniform(rng, 1.0, 100.0, n), "Y": sentinel(n)}  # below 0: a zero read past the end must not win


def _masked_peak_expect(a: dict) -> dict:
    x = a["X"]
    peaks = np.array([x[s : s + 128].max() for s in range(0, x.size, 128)], np.float32)
    return {"Y": x - np.repeat(peaks, 128)[: x.size]}  # one f32 subtraction, exact on both


def _uniform_shuffles_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 128, 4, 600)
    return {"X": integers(rng, -1000, 1000, n), "O": sentinel((4, n), np.int32), "n": int(rng.integers(-10, 11))}


def _uniform_shuffles_expect(a: dict) -> dict:
    size, k = a["X"].size, a["n"]
    t = np.arange(size)
    warp, lane, block = (t % 128) // 32, t % 32, t // 128
    x = _lanes(a["X"])
    rows = [
        np.full(size, 6 * min(5 - k, 100 - k)),
        2 * k - warp,
        warp * 10 + k - x[t - lane + (lane + 5) % 32],
        7 - block,
    ]
    return {"O": np.stack(rows).astype(np.int32)}


def _nan_lanes_inputs(rng: np.random.Generator) -> dict:
    n = awkward(rng, 96, 4, 1000)
    b = 4 * cdiv(cdiv(n, 96), 4)
    x, d = normal(rng, n), normal(rng, n, np.float64)
    for v in (x, d):
        v[rng.random(n) < 0.1] = np.nan
        v[96 + 8 : 96 + 16] = np.nan  # a group of 8 lanes of NaN alone
        v[96 + 32 : 96 + 64] = np.nan  # a warp of NaN alone
    x[:96] = np.nan  # a CTA of NaN alone (or with the zeros past N)
    d[:96] = np.nan
    d[95 % n] = -np.inf  # and of NaN and one -inf
    return {"X": x, "D": d, "O": sentinel((2, n)), "W": sentinel((4, b), np.float64)}


def _nan_lanes_expect(a: dict) -> dict:
    n = a["X"].size
    x, d = _lanes(a["X"], 96), _lanes(a["D"], 96)

    def fmax(v: np.ndarray, axis: int) -> np.ndarray:
        return np.fmax.reduce(v, axis=axis)

    def fmin(v: np.ndarray, axis: int) -> np.ndarray:
        return np.fmin.reduce(v, axis=axis)

    w = a["W"].copy()
    blocks = x.size // 96
    w[:, :blocks] = np.stack([fmax(x.reshape(-1, 96), 1), fmin(x.reshape(-1, 96), 1),
                              fmax(d.reshape(-1, 96), 1), fmin(d.reshape(-1, 96), 1)])
    return {"O": np.stack([_groups(x, 8, fmax)[:n], _groups(x, 32, fmin)[:n]]), "W": w}


CASES = [
    Case(
        "collectives/lane_sums", "lane_sums",
        lambda rng: (lambda n: {"X": integers(rng, -(2**31), 2**31, n), "O": sentinel((7, n), np.int32)})(
            awkward(rng, 128, 4, 600)),
        _lane_sums_expect, grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON,
    ),
    Case("collectives/lane_floats", "lane_floats", _floats_inputs, _floats_expect,
         grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5)),
    Case("collectives/block_sums", "block_sums", _block_inputs, _block_expect,
         grid=lambda meta: cdiv(meta["N"], 256), native=NATIVE, python=PYTHON,
         tol={"S": (1e-5, 1e-5), "M": (0.0, 0.0)}),
    Case("collectives/three_warps", "three_warps", _three_warps_inputs, _three_warps_expect,
         grid=lambda meta: cdiv(meta["N"], 96), native=NATIVE, python=PYTHON),
    Case("collectives/nan_lanes", "nan_lanes", _nan_lanes_inputs, _nan_lanes_expect,
         grid=lambda meta: cdiv(meta["N"], 96), native=NATIVE, python=PYTHON),
    Case("collectives/shuffles", "shuffles", _shuffles_inputs, _shuffles_expect,
         grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON),
    Case(
        "collectives/warp_tree", "warp_tree",
        lambda rng: (lambda n: {"X": normal(rng, n), "O": sentinel(n)})(awkward(rng, 128, 4, 600)),
        lambda a: {"O": _groups(f64(_lanes(a["X"])), 32, np.sum)[: a["X"].size]},
        grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON, tol=(1e-5, 1e-5),
    ),
    Case("collectives/masked_peak", "masked_peak", _masked_peak_inputs, _masked_peak_expect,
         grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON),
    Case("collectives/uniform_shuffles", "uniform_shuffles", _uniform_shuffles_inputs, _uniform_shuffles_expect,
         grid=lambda meta: cdiv(meta["N"], 128), native=NATIVE, python=PYTHON),
]
