"""The GPU benchmark's Phobos kernels compute the right thing: each one, launched the
way benchmarks/bench.py launches it, on the interpreter, at small sizes that no tile
divides (extents stay multiples of 4, as runtime dims must), against numpy in f64.

A kernel that is fast on the GPU and wrong would make the benchmark meaningless; the
harness checks the full-size results on the GPU too, but this runs everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from benchmarks import kernels as K

BF16 = ml_dtypes.bfloat16
EPS = 1e-5


@pytest.fixture(autouse=True)
def interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOBOS_INTERPRET", "1")


def rng() -> np.random.Generator:
    return np.random.default_rng(1234)


def poisoned(shape: tuple[int, ...], dtype: type = np.float32) -> np.ndarray:
    """An output buffer holding NaN, so an element the kernel skips fails the check."""
    return np.full(shape, np.nan, dtype)


def close(got: np.ndarray, want: np.ndarray, tolerance: float) -> None:
    got64 = got.astype(np.float64)
    assert np.isfinite(got64).all(), "an element was not written"
    error = np.linalg.norm(got64 - want) / np.linalg.norm(want)
    assert error <= tolerance, f"relative error {error:.2e} > {tolerance:.0e}"


def normal(shape: tuple[int, ...], dtype: type = np.float32) -> np.ndarray:
    return rng().standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("n", [1004, 4108, 8204])
@pytest.mark.parametrize("dtype, tolerance", [(np.float32, 1e-7), (BF16, 4e-3)])
def test_add(n: int, dtype: type, tolerance: float) -> None:
    a, b = normal((n,), dtype), normal((n,), dtype)[::-1].copy()
    c = poisoned((n,), dtype)
    K.add(a, b, c)
    close(c, a.astype(np.float64) + b.astype(np.float64), tolerance)
    if dtype is BF16:  # one rounding of the f32 sum, as torch's bf16 add does it
        assert (c == (a.astype(np.float32) + b.astype(np.float32)).astype(BF16)).all()


def test_scale_rows() -> None:
    x, s = normal((100, 64)), normal((100, 1))
    y = poisoned((100, 64))
    K.scale_rows(x, s, y)
    close(y, x.astype(np.float64) * s, 1e-7)


@pytest.mark.parametrize("n", [1004, 4108])
def test_cast(n: int) -> None:
    x = normal((n,), BF16)
    y = poisoned((n,))
    K.cast_bf16_f32(x, y)
    assert (y == x.astype(np.float32)).all()


@pytest.mark.parametrize("n, slots", [(20_004, 4), (8_196, 8), (1_000, 4)])
def test_total(n: int, slots: int) -> None:
    x = rng().random(n, dtype=np.float32)
    partial, out = poisoned((slots,)), poisoned((1,))
    K.total(x, partial, out)
    close(out, np.array([x.astype(np.float64).sum()]), 1e-6)


def softmax_ref(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layer_norm_ref(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    centred = x - x.mean(axis=1, keepdims=True)
    return centred / np.sqrt((centred**2).mean(axis=1, keepdims=True) + EPS) * w + b


def rms_norm_ref(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    return x / np.sqrt((x**2).mean(axis=1, keepdims=True) + EPS) * w


# Each spans more than one CTA's tile of whole rows (2048 / COLS rows, at least one), the last one partial.
ROW_SHAPES = [(132, 100), (36, 300), (8, 4100)]


@pytest.mark.parametrize("m, n", ROW_SHAPES)
def test_softmax(m: int, n: int) -> None:
    x = normal((m, n)) * 3
    y = poisoned((m, n))
    K.softmax(x, y)
    close(y, softmax_ref(x.astype(np.float64)), 1e-6)


@pytest.mark.parametrize("m, n", ROW_SHAPES)
def test_layer_norm(m: int, n: int) -> None:
    x = (normal((m, n)) * 2 + 0.5).astype(BF16)
    w, b = normal((n,), BF16), normal((n,), BF16)
    y = poisoned((m, n), BF16)
    K.layer_norm(x, w, b, y, EPS)
    f64: Callable[[np.ndarray], np.ndarray] = lambda a: a.astype(np.float64)  # noqa: E731
    close(y, layer_norm_ref(f64(x), f64(w), f64(b)), 8e-3)


@pytest.mark.parametrize("m, n", ROW_SHAPES)
def test_rms_norm(m: int, n: int) -> None:
    x = (normal((m, n)) * 2).astype(BF16)
    w = normal((n,), BF16)
    y = poisoned((m, n), BF16)
    K.rms_norm(x, w, y, EPS)
    close(y, rms_norm_ref(x.astype(np.float64), w.astype(np.float64)), 8e-3)


@pytest.mark.parametrize("m, n", [(36, 1000), (20, 100)])
def test_row_means(m: int, n: int) -> None:
    x = normal((m, n)) + 1
    out = poisoned((m, 1))
    K.row_means(x, out)
    close(out, x.astype(np.float64).mean(axis=1, keepdims=True), 1e-6)


def test_row_cols_keeps_a_row_in_one_tile() -> None:
    assert [K.row_cols(n) for n in (4, 100, 4096, 4100, 16384)] == [128, 128, 4096, 8192, 16384]
    with pytest.raises(ValueError):
        K.row_cols(16388)


# The harness's own arithmetic, which needs no GPU: the targets and the generated table.


def test_finish_names_the_best_peer_and_the_speed_ups_still_needed() -> None:
    from benchmarks.bench import finish

    row = finish({"bytes": 4 * 10**9, "copy_tbps": 4.0, "phobos_ms": 2.0, "torch_ms": 1.6,
                  "torch_compile_ms": None, "triton_ms": 1.0, "notes": {}})
    assert row["phobos_tbps"] == pytest.approx(2.0) and row["best_peer"] == "triton"
    assert row["best_peer_tbps"] == pytest.approx(4.0) and row["vs_copy"] == pytest.approx(0.5)
    assert row["shortfall"] == {"copy": 1.84, "best_peer": 2.0, "torch": 1.25}
    assert row["meets"] == {"copy": False, "best_peer": False, "torch": False}
    fast = finish({"bytes": 4 * 10**9, "copy_tbps": 4.0, "phobos_ms": 1.0, "torch_ms": 2.0, "notes": {}})
    assert fast["shortfall"] == {} and all(fast["meets"].values())


def test_render_writes_the_table_between_the_markers(tmp_path: Path) -> None:
    from benchmarks.bench import finish
    from benchmarks.render_table import BEGIN, END, render, update

    row = finish({"name": "softmax_4096", "kernel": "row softmax", "shape": [32768, 4096], "dtype": "f32",
                  "bytes": 2 * 32768 * 4096 * 4, "copy_tbps": 4.25, "phobos_ms": None, "torch_ms": 0.4,
                  "triton_ms": 0.27, "notes": {}, "error": "wrong result: relative error inf > tolerance 1e-05"})
    data = {"header": {"date": "2026-11-30", "gpu": "NVIDIA H200", "driver": "580", "command": "bench"},
            "copy": {"tbps": 4.25, "buffer_bytes": 2 << 30}, "results": [row]}
    text = render(data)
    assert "| row softmax | 32768 × 4096 | f32 | — |" in text and "error: wrong result" in text
    page = tmp_path / "page.md"
    page.write_text(f"intro\n{BEGIN}\nold\n{END}\nafter\n")
    update(page, text)
    update(page, text)  # idempotent: the markers stay, the old part goes
    content = page.read_text()
    assert content.startswith("intro\n") and content.endswith(f"{END}\nafter\n")
    assert "old" not in content and content.count(BEGIN) == 1 and content.count("| row softmax |") == 1
    through = finish({"name": "add_f32", "kernel": "vector add", "shape": [1 << 28], "dtype": "f32",
                      "bytes": 4 * 10**9, "copy_tbps": 4.0, "phobos_ms": 1.0, "phobos_tileir_ms": 2.0, "notes": {}})
    refused = finish({"name": "row_means", "kernel": "row means", "shape": [8, 8], "dtype": "f32", "bytes": 256,
                      "copy_tbps": 4.0, "phobos_ms": 1.0,
                      "notes": {"phobos_tileir": "the Tile IR back end does not take ctx.thread"}})
    assert through["phobos_tileir_tbps"] == pytest.approx(2.0) and through["tileir_vs_phobos"] == pytest.approx(0.5)
    table = render({"header": {}, "copy": {"tbps": 4.0, "buffer_bytes": 2 << 30}, "results": [through, refused]})
    assert "| — | 2.00 | ×0.5 |" in table  # vs peer (none), then the Tile IR side's TB/s and its ratio
    assert "| the Tile IR back end does not take ctx.thread | — |" in table


def test_every_case_builds_inputs_of_its_declared_shape() -> None:
    """The bytes a case is credited with follow its declared shape, so its inputs must have it."""
    pytest.importorskip("torch")
    pytest.importorskip("triton")  # the cases name the Triton peers
    from benchmarks.bench import cases

    for case in cases(shrink=4096, multiprocessors=4):
        ins = case.make("cpu")
        first = ins[case.torch_args[0]]
        assert tuple(first.shape) == tuple(case.shape), case.name


@pytest.mark.parametrize("dtype", [BF16, np.float16, np.int8])
@pytest.mark.parametrize("bias", [False, True])
def test_gemm(dtype: type, bias: bool) -> None:
    """The GEMM rows' kernels at sizes no tile divides, against numpy."""
    if bias and dtype is not BF16:
        pytest.skip("the bias row is the bf16 row's epilogue")
    m, n, k = 68, 132, 44
    g = rng()
    if dtype is np.int8:
        a, b = g.integers(-128, 128, (m, k)).astype(np.int8), g.integers(-128, 128, (k, n)).astype(np.int8)
        c = np.full((m, n), -7, np.int32)
        K.gemm(a, b, c)
        assert (c == a.astype(np.int64) @ b.astype(np.int64)).all()
        return
    a, b = g.standard_normal((m, k)).astype(dtype), g.standard_normal((k, n)).astype(dtype)
    want = a.astype(np.float64) @ b.astype(np.float64)
    row = g.standard_normal((1, n)).astype(dtype) if bias else None
    if bias:
        want = np.maximum(want + row.astype(np.float64), 0.0)
    c = poisoned((m, n), dtype)
    K.gemm(a, b, c, row)
    close(c, want, 4e-3)


def test_gemm_f32() -> None:
    """The full-f32 GEMM row's kernel at sizes no tile divides, against numpy."""
    m, n, k = 68, 132, 44
    g = rng()
    a, b = g.standard_normal((m, k)).astype(np.float32), g.standard_normal((k, n)).astype(np.float32)
    c = poisoned((m, n), np.float32)
    K.gemm_f32(a, b, c)
    close(c, a.astype(np.float64) @ b.astype(np.float64), 1e-5)


def test_gemm_softmax() -> None:
    """The softmax-epilogue row's kernel (rows of 128) at M and K no tile divides, against numpy."""
    m, k = 68, 44
    g = rng()
    a, b = g.standard_normal((m, k)).astype(BF16), (g.standard_normal((k, 128)) / 4).astype(BF16)
    scores = a.astype(np.float64) @ b.astype(np.float64)
    want = np.exp(scores - scores.max(1, keepdims=True))
    p = poisoned((m, 128), BF16)
    K.gemm_softmax(a, b, p)
    close(p, want / want.sum(1, keepdims=True), 4e-3)


def test_norm_gemm() -> None:
    """The layer-norm-then-GEMM row's kernel (rows of 128) at M and N no tile divides,
    against numpy with the normalized rows rounded to bf16, as the product reads them."""
    m, n = 68, 132
    g = rng()
    x, w = (3.0 * g.standard_normal((m, 128))).astype(BF16), (g.standard_normal((128, n)) / 11).astype(BF16)
    gain = (1.0 + g.standard_normal(128) / 2).astype(BF16)
    x64 = x.astype(np.float64)
    centred = x64 - x64.mean(1, keepdims=True)
    h = (centred / np.sqrt((centred ** 2).mean(1, keepdims=True) + EPS) * gain.astype(np.float64)).astype(BF16)
    y = poisoned((m, n), BF16)
    K.norm_gemm(x, gain, w, y, EPS)
    close(y, h.astype(np.float64) @ w.astype(np.float64), 4e-3)


def test_gemm_rows_select_and_render() -> None:
    from benchmarks import gemm
    from benchmarks.render_table import render

    assert [r.name for r in gemm.selected(["gemm_f16"], 1)] == ["gemm_f16_4096", "gemm_f16_8192"]
    assert gemm.selected(["add"], 1) == [] and len(gemm.selected([], 1)) == len(gemm.ROWS)
    small = gemm.selected(["gemm_skinny_m"], 1 << 14)[0]
    assert (small.m, small.n, small.k) == (64, 64, 64)
    row = {"name": "gemm_bf16_4096", "shape": [4096, 4096, 4096], "dtype": "bf16", "epilogue": "none",
           "target": ">= 1.0x cuBLAS", "phobos_tflops": 4.3, "cublas_tflops": 744.0, "phobos_vs_cublas": 4.3 / 744,
           "phobos_tileir_tflops": 30.0, "phobos_tileir_vs_cublas": 30.0 / 744,
           "errors": {"triton": "wrong result: relative error 0.5"}}
    text = render({"header": {}, "gemm": {"rows": [row], "clocks_before": {"sm_mhz": 1980}}})
    # Phobos, Phobos through Tile IR, cuBLAS, Triton; then the ratios to cuBLAS and Triton.
    assert ("| gemm_bf16_4096 | 4096 × 4096 × 4096 | bf16 | none | 4.3 | 30.0 | 744.0 | — | ×0.00578 | ×0.0403 | — |"
            in text)
    assert "triton: wrong result" in text and "SM 1980 MHz before" in text
