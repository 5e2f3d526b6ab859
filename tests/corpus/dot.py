"""Tile matrix products: dot.phobos."""

from __future__ import annotations

import numpy as np

from .case import BF16, EXACT, Case, awkward, cdiv, f64, integers, normal, sentinel, tf32

NATIVE = "dot.phobos"
PYTHON = "py.dot"
DOT: tuple[float, float] = (1e-5, 1e-4)


def _gemm_inputs(dtype: object, tile_m: int = 32, tile_n: int = 32, tile_k: int = 16):
    def make(rng: np.random.Generator) -> dict:
        m, n, k = awkward(rng, tile_m, 4, 100), awkward(rng, tile_n, 4, 100), awkward(rng, tile_k, 4, 90)
        if np.dtype(dtype) == np.int8:
            a, b = integers(rng, -128, 128, (m, k), np.int8), integers(rng, -128, 128, (k, n), np.int8)
            c = sentinel((m, n), np.int32)
        else:
            a, b, c = normal(rng, (m, k), dtype), normal(rng, (k, n), dtype), sentinel((m, n))
        return {"A": a, "B": b, "C": c}

    return make


def _product(a: dict) -> dict:
    if a["A"].dtype == np.int8:
        return {"C": a["A"].astype(np.int64) @ a["B"].astype(np.int64)}
    return {"C": f64(a["A"]) @ f64(a["B"])}


def _gemm_grid(meta: dict) -> tuple[int, int]:
    return cdiv(meta["N"], meta["TN"]), cdiv(meta["M"], meta["TM"])


def _nt_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 16, 4, 70), awkward(rng, 32, 4, 90), awkward(rng, 8, 4, 60)
    return {
        "A": normal(rng, (m, k)), "BT": normal(rng, (n, k)), "C": normal(rng, (m, n)),
        "alpha": float(rng.normal()), "beta": float(rng.normal()),
    }


def _ragged_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 60), awkward(rng, 16, 4, 60)
    ka, kb = awkward(rng, 16, 4, 60), awkward(rng, 16, 4, 60)
    return {"A": normal(rng, (m, ka)), "B": normal(rng, (kb, n)), "C": sentinel((m, n))}


def _ragged_expect(a: dict) -> dict:
    kk = min(a["A"].shape[1], a["B"].shape[0])
    return {"C": (f64(a["A"][:, :kk]) + 1.0) @ (2.0 * f64(a["B"][:kk]) + 1.0)}


def _attention_inputs(rng: np.random.Generator) -> dict:
    m, n = awkward(rng, 16, 4, 80), awkward(rng, 64, 4, 64)
    return {
        "Q": normal(rng, (m, 32)), "K": normal(rng, (n, 32)), "V": normal(rng, (n, 32)),
        "O": sentinel((m, 32)), "scale": 32 ** -0.5,
    }


def _attention_expect(a: dict) -> dict:
    s = f64(a["Q"]) @ f64(a["K"]).T * a["scale"]
    p = np.exp(s - s.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return {"O": p @ f64(a["V"])}


def _bias_inputs(rng: np.random.Generator) -> dict:
    args = _gemm_inputs(np.int8, tile_n=64, tile_k=32)(rng)
    n = args["B"].shape[1]
    return {**args, "BIAS": integers(rng, -(10**6), 10**6, (1, n))}


def _wgmma_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "BIAS": normal(rng, (1, n), BF16),
            "C": sentinel((m, n), BF16), "alpha": float(rng.normal())}


def _wgmma_expect(a: dict) -> dict:
    c = 0.5 * np.float32(a["alpha"]) * (f64(a["A"]) @ f64(a["B"])) + f64(a["BIAS"])
    return {"C": np.maximum(c, 0.0)}


def _wgmma_f16_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 64, 4, 200), awkward(rng, 192, 4, 420), awkward(rng, 64, 4, 150)
    return {"A": normal(rng, (m, k), np.float16), "B": normal(rng, (k, n), np.float16), "C": sentinel((m, n)),
            "D": sentinel((m, n), np.float16)}


def _wgmma_f16_expect(a: dict) -> dict:
    c = f64(a["A"]) @ f64(a["B"])
    return {"C": c, "D": c}


def _wgmma_i8_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300)
    return {"A": integers(rng, -128, 128, (m, k), np.int8), "B": integers(rng, -128, 128, (k, n), np.int8),
            "BIAS": integers(rng, -(10**6), 10**6, (1, n)), "C": sentinel((m, n), np.int32)}


def _linear_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (m, k), BF16), "W": normal(rng, (n, k), BF16), "BIAS": normal(rng, (1, n)),
            "C": sentinel((m, n), BF16)}


def _linear_i8_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 64, 4, 200), awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300)
    return {"A": integers(rng, -128, 128, (m, k), np.int8), "W": integers(rng, -128, 128, (n, k), np.int8),
            "C": sentinel((m, n), np.int32)}


def _batched_inputs(rng: np.random.Generator) -> dict:
    z, m, n, k = int(rng.integers(1, 4)), awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (z, m, k), BF16), "B": normal(rng, (z, k, n), BF16), "C": sentinel((z, m, n), BF16)}


def _batched_grid(meta: dict) -> tuple[int, int, int]:
    return cdiv(meta["N"], meta["TN"]), cdiv(meta["M"], meta["TM"]), meta["Z"]


def _heads_inputs(rng: np.random.Generator) -> dict:
    s, h = int(rng.integers(1, 3)), int(rng.integers(1, 4))
    m, n, k = awkward(rng, 64, 4, 200), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"X": normal(rng, (s, h, m, k), BF16), "W": normal(rng, (k, n), BF16),
            "O": sentinel((s, h, m, n), np.float32)}


def _tf32_inputs_of(tile_m: int, tile_n: int, tile_k: int):
    def make(rng: np.random.Generator) -> dict:
        m, n = awkward(rng, tile_m, 4, 3 * tile_m), awkward(rng, tile_n, 4, 3 * tile_n)
        k = awkward(rng, tile_k, 4, 6 * tile_k)
        return {"A": normal(rng, (m, k)), "W": normal(rng, (n, k)), "C": sentinel((m, n))}

    return make


_tf32_inputs = _tf32_inputs_of(32, 32, 16)


def _heads_grid(meta: dict) -> tuple[int, int, int]:
    return cdiv(meta["N"], meta["TN"]), cdiv(meta["M"], meta["TM"]), meta["S"] * meta["H"]


def _mlp_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 64, 4, 300)
    return {"X": normal(rng, (m, 64), BF16), "W1": (normal(rng, (64, 64)) / 8).astype(BF16),
            "W2": (normal(rng, (64, 32)) / 8).astype(BF16), "O": sentinel((m, 32))}


def _mlp_expect(a: dict) -> dict:
    h = np.maximum(f64(a["X"]) @ f64(a["W1"]), 0.0).astype(np.float32).astype(BF16)
    return {"O": f64(h) @ f64(a["W2"])}


def _flash_inputs(rng: np.random.Generator) -> dict:
    z, s = int(rng.integers(1, 4)), awkward(rng, 64, 4, 300)
    return {"Q": normal(rng, (z, s, 64), BF16), "K": normal(rng, (z, s, 64), BF16),
            "V": normal(rng, (z, s, 64), BF16), "O": sentinel((z, s, 64)), "scale": 64 ** -0.5}


def _flash_expect(a: dict) -> dict:
    s = np.einsum("zqd,zkd->zqk", f64(a["Q"]), f64(a["K"])) * a["scale"]
    p = np.exp(s - s.max(axis=2, keepdims=True))
    return {"O": np.einsum("zqk,zkd->zqd", p / p.sum(axis=2, keepdims=True), f64(a["V"]))}


def _flash_causal_expect(a: dict) -> dict:
    s = np.einsum("zqd,zkd->zqk", f64(a["Q"]), f64(a["K"])) * a["scale"]
    n = s.shape[1]
    s = np.where(np.arange(n)[None, None, :] > np.arange(n)[None, :, None], -np.inf, s)
    p = np.exp(s - s.max(axis=2, keepdims=True))
    return {"O": np.einsum("zqk,zkd->zqd", p / p.sum(axis=2, keepdims=True), f64(a["V"]))}


def _decode_split_inputs(rng: np.random.Generator) -> dict:
    return _decode_inputs(rng, awkward(rng, 64, 100, 300), 80)


def _decode_ring_inputs(rng: np.random.Generator) -> dict:
    """Splits of ten turns, the last of one to ten (some fewer than the ring's three ahead)."""
    return _decode_inputs(rng, 640 + awkward(rng, 64, 1, 639), 640)


def _decode_inputs(rng: np.random.Generator, length: int, per_split: int) -> dict:
    z = int(rng.integers(1, 4))
    splits = cdiv(length, per_split)
    return {"Q": normal(rng, (z, 16, 64), BF16), "K": normal(rng, (z, length, 64), BF16),
            "V": normal(rng, (z, length, 64), BF16), "PART": sentinel((splits, z, 16, 64)),
            "STATS": sentinel((splits, z, 16, 2)), "scale": 64 ** -0.5, "per_split": per_split}


def _decode_split_expect(a: dict) -> dict:
    """Each split's keys alone, 64 a turn as the kernel takes them: the running row
    maximum m, the sum l of exp(s - m) and the sum of exp(s - m) v, each turn's weights
    rounded to bf16 as the second product takes them."""
    splits, per_split, length = a["PART"].shape[0], a["per_split"], a["K"].shape[1]
    s = np.einsum("zqd,zkd->zqk", f64(a["Q"]), f64(a["K"])) * a["scale"]
    part, stats = np.zeros(a["PART"].shape), np.zeros(a["STATS"].shape)
    for p in range(splits):
        m = np.full(s.shape[:2] + (1,), -np.inf)
        total, acc = np.zeros_like(m), np.zeros(part.shape[1:])
        for j in range(p * per_split, min(length, (p + 1) * per_split), 64):
            keys = slice(j, min(j + 64, (p + 1) * per_split, length))
            m_new = np.maximum(m, s[:, :, keys].max(axis=2, keepdims=True))
            w, alpha = np.exp(s[:, :, keys] - m_new), np.exp(m - m_new)
            total = total * alpha + w.sum(axis=2, keepdims=True)
            acc = acc * alpha + np.einsum("zqk,zkd->zqd", f64(w.astype(np.float32).astype(BF16)), f64(a["V"][:, keys]))
            m = m_new
        part[p], stats[p, :, :, 0], stats[p, :, :, 1] = acc, m[..., 0], total[..., 0]
    return {"PART": part, "STATS": stats}


def _gemm_softmax_inputs(rng: np.random.Generator) -> dict:
    m, k = awkward(rng, 64, 4, 200), awkward(rng, 32, 4, 100)
    return {"A": normal(rng, (m, k), BF16), "B": (normal(rng, (k, 64)) / 4).astype(BF16), "P": sentinel((m, 64))}


def _gemm_softmax_expect(a: dict) -> dict:
    return {"P": _softmax(f64(a["A"]) @ f64(a["B"]))}


def _norm_gemm_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 64, 4, 200)
    return {"X": (normal(rng, (m, 64)) * 2 + 1).astype(BF16), "G": (normal(rng, (64,)) * 0.5 + 1).astype(BF16),
            "W": (normal(rng, (64, 32)) / 8).astype(BF16), "Y": sentinel((m, 32)), "eps": 1e-5}


def _norm_gemm_expect(a: dict) -> dict:
    x = f64(a["X"])
    centred = x - x.mean(axis=1, keepdims=True)
    normed = centred / np.sqrt((centred * centred).mean(axis=1, keepdims=True) + a["eps"]) * f64(a["G"])
    h = normed.astype(np.float32).astype(BF16)
    return {"Y": f64(h) @ f64(a["W"])}


def _rms_gemm_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 64, 4, 200)
    return {"X": (normal(rng, (m, 64)) * 2 + 1).astype(BF16), "G": (normal(rng, (64,)) * 0.5 + 1).astype(BF16),
            "W": (normal(rng, (64, 16)) / 8).astype(BF16), "Y": sentinel((m, 16)), "eps": 1e-5}


def _rms_gemm_expect(a: dict) -> dict:
    x = f64(a["X"])
    normed = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + a["eps"]) * f64(a["G"])
    h = normed.astype(np.float32).astype(BF16)
    return {"Y": f64(h) @ f64(a["W"])}


def _softmax_products_inputs(rng: np.random.Generator) -> dict:
    m = awkward(rng, 32, 4, 200)
    return {"A": normal(rng, (m, 32), BF16), "B": normal(rng, (32, 16), BF16), "X": normal(rng, (m, 24)),
            "W": normal(rng, (24, 16)), "Y": sentinel((m, 16)), "Z": sentinel((m, 16))}


def _softmax(s: np.ndarray) -> np.ndarray:
    p = np.exp(s - s.max(axis=1, keepdims=True))
    return p / p.sum(axis=1, keepdims=True)


def _softmax_products_expect(a: dict) -> dict:
    s, t = f64(a["A"]) @ f64(a["B"]), f64(a["X"]) @ f64(a["W"])
    z = _softmax(t)
    rows = np.arange(len(t)) % 32 < 16  # each CTA's first 16 rows subtract the product
    z[rows] -= t[rows]
    return {"Y": _softmax(s) + s, "Z": z}


def _fma_ragged_inputs(rng: np.random.Generator) -> dict:
    m, k = awkward(rng, 32, 4, 150), awkward(rng, 8, 4, 90)
    return {"A": normal(rng, (m, k)), "B": normal(rng, (k, 24)), "C": sentinel((m, 24))}


def _fma_ragged_expect(a: dict) -> dict:
    doubled = f64(a["A"])
    doubled[:, 8:] *= 2.0  # each block of 8 columns but the first, once, the turn before it is read
    return {"A": doubled, "C": doubled @ f64(a["B"])}


def _one_stage_inputs(rng: np.random.Generator) -> dict:
    """K of 260 or more: five turns of 64 or more, past the one stage @pipeline(off) asks for."""
    m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 260, 400)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((m, n), BF16)}


def _offset3_inputs(dtype: object, tile_k: int):
    def make(rng: np.random.Generator) -> dict:
        m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, tile_k, 4, 300)
        if np.dtype(dtype) == np.int8:
            return {"A": integers(rng, -128, 128, (m, k), np.int8), "B": integers(rng, -128, 128, (k, n), np.int8),
                    "C": sentinel((m, n), np.int32)}
        return {"A": normal(rng, (m, k), dtype), "B": normal(rng, (k, n), dtype), "C": sentinel((m, n), dtype)}

    return make


def _offset3_expect(a: dict) -> dict:
    """Columns 3 onwards of the product; C's first three columns keep what they held."""
    c = a["C"].astype(np.int64) if a["A"].dtype == np.int8 else f64(a["C"])
    product = _product(a)["C"]
    c[:, 3:] = product[:, 3:]
    return {"C": c}


def _two_stores_inputs(rng: np.random.Generator) -> dict:
    """M of 24 or more, so that the first block's two windows overlap."""
    m, n, k = awkward(rng, 128, 24, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    rows = cdiv(m, 128) * (128 + 16)  # each block's TM + 16 rows of C
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((rows, n), BF16)}


def _two_stores_expect(a: dict) -> dict:
    """Block row b stores its product rows at C's row 144 b, then twice them less 1 at
    144 b + 16, which wins where the two overlap; rows past M's edge are not stored."""
    p, c = f64(a["A"]) @ f64(a["B"]), f64(a["C"])
    for b in range(cdiv(p.shape[0], 128)):
        rows, r0 = p[128 * b:128 * (b + 1)], 144 * b
        c[r0:r0 + len(rows)] = rows
        c[r0 + 16:r0 + 16 + len(rows)] = 2 * rows - 1
    return {"C": c}


def _prologue_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": normal(rng, (m, n), BF16)}


def _prologue_expect(a: dict) -> dict:
    """The product plus C as it was, plus the old value at each block's first element."""
    c = f64(a["C"])
    corner = c[::128, ::128].repeat(128, axis=0).repeat(128, axis=1)[:c.shape[0], :c.shape[1]]
    return {"C": f64(a["A"]) @ f64(a["B"]) + c + corner}


def _batch_const_inputs(rng: np.random.Generator) -> dict:
    z, m, n, k = int(rng.integers(3, 5)), awkward(rng, 128, 4, 300), awkward(rng, 128, 4, 300), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (z, m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((m, n), BF16)}


def _literal_offset_inputs(rng: np.random.Generator) -> dict:
    m, n, k = awkward(rng, 64, 4, 200), awkward(rng, 64, 4, 200), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((m, n))}


def _literal_offset_expect(a: dict) -> dict:
    """A's columns from 3 against B's rows to K - 3: the k both windows hold."""
    k = a["A"].shape[1]
    return {"C": f64(a["A"][:, 3:]) @ f64(a["B"][:max(k - 3, 0)])}


def _in_place_inputs(dtype: object):
    """K up to one tile, so B's window is all of its rows; i8 over its whole range (the
    sums wrap as they narrow), bf16 small integers (the f32 sums exact, rounded once)."""
    def make(rng: np.random.Generator) -> dict:
        k, n = awkward(rng, 64, 4, 64), awkward(rng, 64, 4, 200)
        if np.dtype(dtype) == np.int8:
            return {"A": integers(rng, -128, 128, (k, k), np.int8), "B": integers(rng, -128, 128, (k, n), np.int8)}
        return {"A": integers(rng, -3, 4, (k, k), BF16), "B": integers(rng, -3, 4, (k, n), BF16)}

    return make


def _in_place_expect(a: dict) -> dict:
    """B's new value: A times B's old value, narrowed to B's type as it is stored (i8
    wraps, bf16 rounds)."""
    if a["B"].dtype == np.int8:
        return {"B": (a["A"].astype(np.int64) @ a["B"].astype(np.int64)).astype(np.int8)}
    return {"B": (f64(a["A"]) @ f64(a["B"])).astype(BF16)}


def _stored_index_inputs(rng: np.random.Generator) -> dict:
    """K past one turn, so some window is placed by an element the loop stored. Each
    block's row of IDX starts at 0 to 3; the rest holds values the loop overwrites
    before it reads them, each past the one it will store."""
    m, k, n = awkward(rng, 32, 4, 100), awkward(rng, 16, 20, 90), awkward(rng, 32, 4, 32)
    rows, turns = cdiv(m, 32), cdiv(k, 16)
    starts = integers(rng, 0, 4, (rows, 1), np.int64)
    idx = starts + 16 * np.arange(turns) + integers(rng, 1, 16, (rows, turns), np.int64)
    idx[:, 0] = starts[:, 0]
    return {"A": normal(rng, (m, k), np.float16), "B": normal(rng, (k, n), np.float16), "C": sentinel((m, n)),
            "IDX": idx}


def _stored_index_expect(a: dict) -> dict:
    """Block b's rows: A's columns from its start s against B's rows to K - s; its row of
    IDX ends as s, s + 16, s + 32, ..."""
    k = a["A"].shape[1]
    starts = a["IDX"][:, 0]
    c = np.empty(a["C"].shape)
    for b, s in enumerate(starts):
        rows = slice(32 * b, 32 * (b + 1))
        c[rows] = f64(a["A"][rows, s:]) @ f64(a["B"][:k - s])
    return {"C": c, "IDX": starts[:, None] + 16 * np.arange(a["IDX"].shape[1])}


def _store_offset3_inputs(rng: np.random.Generator) -> dict:
    """N a multiple of 8 (C's rows on 16 bytes, so a launch may take a TMA store), never
    of TN."""
    m, n, k = awkward(rng, 128, 4, 300), 8 * awkward(rng, 16, 1, 40), awkward(rng, 64, 4, 200)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((m, n), BF16)}


def _store_offset3_expect(a: dict) -> dict:
    """The product's columns 0 to N - 4 in C's columns 3 onwards; C's first three keep
    what they held."""
    c = f64(a["C"])
    c[:, 3:] = (f64(a["A"]) @ f64(a["B"]))[:, :-3]
    return {"C": c}


def _by_block_y_inputs(rng: np.random.Generator) -> dict:
    """K and N multiples of 8, so TMA reads both operands (as pairs of CTAs need), N past
    one tile, so there are two block rows or more."""
    m, n, k = awkward(rng, 128, 4, 300), 8 * awkward(rng, 16, 17, 50), 8 * awkward(rng, 8, 1, 25)
    return {"A": normal(rng, (m, k), BF16), "B": normal(rng, (k, n), BF16), "C": sentinel((m, n), BF16)}


CASES = [
    Case("dot/gemm_f32", "gemm", _gemm_inputs(np.float32), _product, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=DOT),
    Case("dot/gemm_f16", "gemm_f16", _gemm_inputs(np.float16), _product, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=DOT),
    Case("dot/gemm_bf16", "gemm_bf16", _gemm_inputs(BF16), _product, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=DOT),
    Case("dot/gemm_i8", "gemm_i8", _gemm_inputs(np.int8, tile_k=32), _product, grid=_gemm_grid,
         native=NATIVE, python=PYTHON),
    Case(
        "dot/gemm_nt", "gemm_nt", _nt_inputs,
        lambda a: {"C": a["alpha"] * (f64(a["A"]) @ f64(a["BT"]).T) + a["beta"] * f64(a["C"])},
        grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=DOT,
    ),
    Case("dot/dot_ragged", "dot_ragged", _ragged_inputs, _ragged_expect,
         grid=lambda meta: (cdiv(meta["N"], 16), cdiv(meta["M"], 16)),
         native=NATIVE, python=PYTHON, tol=DOT),
    Case("dot/attention", "attention", _attention_inputs, _attention_expect,
         grid=lambda meta: cdiv(meta["M"], meta["BM"]), native=NATIVE, python=PYTHON,
         tol=(1e-5, 1e-5)),
    Case("dot/gemm_i8_bias", "gemm_i8_bias", _bias_inputs,
         lambda a: {"C": a["A"].astype(np.int64) @ a["B"].astype(np.int64) + a["BIAS"]},
         grid=_gemm_grid, native=NATIVE, python=PYTHON),
    # bf16 C: its rounding (2**-8 relative) bounds the tolerance.
    Case("dot/gemm_wgmma", "gemm_wgmma", _wgmma_inputs, _wgmma_expect, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_wgmma_f16", "gemm_wgmma_f16", _wgmma_f16_inputs, _wgmma_f16_expect, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=(2e-3, 2e-3)),
    Case("dot/gemm_wgmma_i8", "gemm_wgmma_i8", _wgmma_i8_inputs,
         lambda a: {"C": a["A"].astype(np.int64) @ a["B"].astype(np.int64) + a["BIAS"]},
         grid=_gemm_grid, native=NATIVE, python=PYTHON),
    Case("dot/gemm_wgmma_linear", "gemm_wgmma_linear", _linear_inputs,
         lambda a: {"C": f64(a["A"]) @ f64(a["W"]).T + f64(a["BIAS"])}, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_wgmma_linear_i8", "gemm_wgmma_linear_i8", _linear_i8_inputs,
         lambda a: {"C": a["A"].astype(np.int64) @ a["W"].astype(np.int64).T}, grid=_gemm_grid,
         native=NATIVE, python=PYTHON),
    Case("dot/gemm_wgmma_batched", "gemm_wgmma_batched", _batched_inputs,
         lambda a: {"C": f64(a["A"]) @ f64(a["B"])}, grid=_batched_grid,
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_wgmma_heads", "gemm_wgmma_heads", _heads_inputs,
         lambda a: {"O": f64(a["X"]) @ f64(a["W"])}, grid=_heads_grid,
         native=NATIVE, python=PYTHON, tol=(1e-4, 1e-3)),
    # The operands' rounding is the oracle's too: the sums alone differ, as f32 sums do.
    Case("dot/gemm_tf32", "gemm_tf32", _tf32_inputs, lambda a: {"C": f64(tf32(a["A"])) @ f64(tf32(a["W"])).T},
         grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=DOT),
    Case("dot/gemm_wgmma_tf32", "gemm_wgmma_tf32", _tf32_inputs_of(128, 128, 32),
         lambda a: {"C": f64(tf32(a["A"])) @ f64(tf32(a["W"])).T}, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=DOT),
    # bf16 hidden values and bf16 probabilities (2**-8 relative) bound the tolerance.
    Case("dot/mlp_bf16", "mlp_bf16", _mlp_inputs, _mlp_expect, grid=lambda meta: cdiv(meta["M"], meta["TM"]),
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/flash_bf16", "flash_bf16", _flash_inputs, _flash_expect,
         grid=lambda meta: (cdiv(meta["S"], 64), meta["Z"]), native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/flash_causal_bf16", "flash_causal_bf16", _flash_inputs, _flash_causal_expect,
         grid=lambda meta: (cdiv(meta["S"], 64), meta["Z"]), native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/decode_split_bf16", "decode_split_bf16", _decode_split_inputs, _decode_split_expect,
         grid=lambda meta: (meta["P"], meta["Z"]), native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/decode_split_ring4", "decode_split_ring4", _decode_ring_inputs, _decode_split_expect,
         grid=lambda meta: (meta["P"], meta["Z"]), native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_softmax_bf16", "gemm_softmax_bf16", _gemm_softmax_inputs, _gemm_softmax_expect,
         grid=lambda meta: cdiv(meta["M"], meta["TM"]), native=NATIVE, python=PYTHON, tol=(1e-4, 1e-4)),
    Case("dot/norm_gemm_bf16", "norm_gemm_bf16", _norm_gemm_inputs, _norm_gemm_expect,
         grid=lambda meta: cdiv(meta["M"], meta["TM"]), native=NATIVE, python=PYTHON, tol=(2e-2, 2e-2)),
    # 64 x 16 through shared memory: a 4 x 2 grid of atoms, where dealing rows for columns shows.
    Case("dot/rms_gemm_narrow_bf16", "rms_gemm_narrow_bf16", _rms_gemm_inputs, _rms_gemm_expect,
         grid=lambda meta: cdiv(meta["M"], meta["TM"]), native=NATIVE, python=PYTHON, tol=(2e-2, 2e-2)),
    Case("dot/softmax_products", "softmax_products", _softmax_products_inputs, _softmax_products_expect,
         grid=lambda meta: cdiv(meta["M"], 32), native=NATIVE, python=PYTHON, tol=(1e-4, 1e-4)),
    Case("dot/fma_ragged", "fma_ragged", _fma_ragged_inputs, _fma_ragged_expect,
         grid=lambda meta: cdiv(meta["M"], 32), native=NATIVE, python=PYTHON, tol=DOT),
    # Regressions of the GEMM kernel's lowering (each fixed; gate 2 runs them on sm_90).
    # @pipeline(off): two stages all the same, K five turns or more (one stage deadlocked).
    Case("dot/gemm_one_stage_long_k", "gemm_one_stage_long_k", _one_stage_inputs, _product, grid=_gemm_grid,
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    # B's and C's n start 3 columns past the tile: no TMA box, realigned copies of B.
    Case("dot/gemm_b_window_offset3", "gemm_b_window_offset3", _offset3_inputs(BF16, 64), _offset3_expect,
         grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_b_window_offset3_i8", "gemm_b_window_offset3_i8", _offset3_inputs(np.int8, 128),
         _offset3_expect, grid=_gemm_grid, native=NATIVE, python=PYTHON),
    # Refused by the GEMM kernel's lowering, run by the general one.
    Case("dot/gemm_epilogue_two_overlapping_stores", "gemm_epilogue_two_overlapping_stores", _two_stores_inputs,
         _two_stores_expect, grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    Case("dot/gemm_prologue_reads_output", "gemm_prologue_reads_output", _prologue_inputs, _prologue_expect,
         grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    # A constant batch index: the matrix's start in 64-bit arithmetic.
    Case("dot/gemm_batch_const_index", "gemm_batch_const_index", _batch_const_inputs,
         lambda a: {"C": f64(a["A"][2]) @ f64(a["B"])}, grid=_gemm_grid, native=NATIVE, python=PYTHON,
         tol=(1e-2, 1e-2)),
    Case("dot/loop_window_literal_offset", "loop_window_literal_offset", _literal_offset_inputs,
         _literal_offset_expect, grid=lambda meta: (cdiv(meta["N"], 64), cdiv(meta["M"], 64)),
         native=NATIVE, python=PYTHON, tol=(1e-4, 1e-3)),
    # B = dot(A, B): the product reads B whole before any thread stores over it.
    Case("dot/dot_into_own_operand_i8", "dot_into_own_operand_i8", _in_place_inputs(np.int8), _in_place_expect,
         grid=lambda meta: cdiv(meta["N"], 64), native=NATIVE, python=PYTHON),
    Case("dot/dot_into_own_operand_bf16", "dot_into_own_operand_bf16", _in_place_inputs(BF16), _in_place_expect,
         grid=lambda meta: cdiv(meta["N"], 64), native=NATIVE, python=PYTHON),
    # A window placed by an element the loop stores: copied in its own turn, not ahead.
    Case("dot/loop_window_placed_by_stored_index", "loop_window_placed_by_stored_index", _stored_index_inputs,
         _stored_index_expect, grid=lambda meta: meta["R"], native=NATIVE, python=PYTHON,
         tol={"C": (1e-4, 1e-3), "IDX": EXACT}),
    # The GEMM kernel's output 3 columns past B's window: no TMA store (gate 2, sm_90).
    Case("dot/gemm_store_offset3", "gemm_store_offset3", _store_offset3_inputs, _store_offset3_expect,
         grid=_gemm_grid, native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
    # B's window read at ctx.block.y: no pairs of CTAs under PHOBOS_CUDA_CLUSTER=2.
    Case("dot/gemm_b_window_by_block_y", "gemm_b_window_by_block_y", _by_block_y_inputs,
         lambda a: {"C": f64(a["A"]) @ f64(a["B"])},
         grid=lambda meta: (cdiv(meta["M"], meta["TM"]), cdiv(meta["N"], meta["TN"])),
         native=NATIVE, python=PYTHON, tol=(1e-2, 1e-2)),
]
