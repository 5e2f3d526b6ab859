"""The GEMM rows of the benchmark (issue 11): Phobos's GEMM loops (on the CUDA back end,
and through Tile IR: issue 12) beside cuBLAS and a Triton matmul, on the same inputs
in the same run, in TFLOP/s.

Each row: A[M, K] and B[K, N] row-major, C in the operands' dtype (bf16 or f16) from an
f32 accumulator, as `torch.mm` gives; i8 operands give i32 C (`torch._int_mm`). The
reference is the product in f32 with TF32 off (integers exactly); every side's output
is poisoned, run once and checked against it before it is timed. FLOP = 2 M N K.

Issue 23's rows (`kind` other than "mm") are products written the other ways users
write them, each beside the peer a user would call instead: nn.Linear's W[N, K]
(`F.linear`; for i8, `torch._int_mm(a, w.t())`), batches (`torch.bmm`, FLOP = 2 Z M N
K), SiLU and GELU epilogues (`torch.mm` and the activation), f32 operands with
`dot<precision tf32>` and W[N, K] (`F.linear` with TF32, the peer issue 23 names, and
without), f32 operands in full precision (`torch.mm` with TF32 off, cuBLAS's f32 rate
issue 23 names), a two-layer MLP block (torch's mm, relu, mm; FLOP = 4 M D H), and
issue 24's fused kernels: a row softmax in a GEMM's epilogue (torch's mm, softmax) and
a layer norm before a GEMM (torch's layer_norm, mm; FLOP = 2 M N K, K the norm's width).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

Tensor = Any


@dataclass(frozen=True)
class GemmRow:
    name: str
    m: int
    n: int
    k: int
    dtype: str  # the operands': "bf16", "f16" or "i8"
    epilogue: str  # "none" or "bias_relu": relu(acc + bias row)
    target: str  # what the issue asks, as its table writes it
    kind: str = "mm"  # "mm", "linear", "batched", "silu", "gelu", "f32", "ieee", "mlp", "softmax" or "norm"
    batches: int = 1

    @property
    def flop(self) -> int:
        return 4 * self.m * self.n * self.k if self.kind == "mlp" else 2 * self.batches * self.m * self.n * self.k


ROWS = (
    GemmRow("gemm_bf16_4096", 4096, 4096, 4096, "bf16", "none", ">= 1.0x cuBLAS"),
    GemmRow("gemm_bf16_8192", 8192, 8192, 8192, "bf16", "none", ">= 1.0x cuBLAS"),
    GemmRow("gemm_f16_4096", 4096, 4096, 4096, "f16", "none", ">= 1.0x cuBLAS"),
    GemmRow("gemm_f16_8192", 8192, 8192, 8192, "f16", "none", ">= 1.0x cuBLAS"),
    GemmRow("gemm_bias_relu", 8192, 8192, 4096, "bf16", "bias_relu", ">= 1.0x cuBLAS + torch's epilogue"),
    GemmRow("gemm_edges", 3000, 5000, 2900, "bf16", "none", ">= 0.9x cuBLAS"),
    GemmRow("gemm_skinny_m", 64, 8192, 8192, "bf16", "none", ">= 0.9x cuBLAS"),
    GemmRow("gemm_skinny_n", 8192, 64, 8192, "bf16", "none", ">= 0.9x cuBLAS"),
    GemmRow("gemm_i8_4096", 4096, 4096, 4096, "i8", "none", ">= 1.0x torch._int_mm"),
    GemmRow("gemm_linear_4096", 4096, 4096, 4096, "bf16", "none", ">= 1.0x F.linear", "linear"),
    GemmRow("gemm_linear_8192", 8192, 8192, 4096, "bf16", "none", ">= 1.0x F.linear", "linear"),
    GemmRow("gemm_batched_8x2048", 2048, 2048, 2048, "bf16", "none", ">= 1.0x torch.bmm", "batched", 8),
    GemmRow("gemm_batched_64x1024", 1024, 1024, 128, "bf16", "none", ">= 1.0x torch.bmm", "batched", 64),
    GemmRow("gemm_notma_4001", 4095, 4097, 4001, "bf16", "none", ">= 0.8x cuBLAS"),
    GemmRow("gemm_silu_4096", 4096, 4096, 4096, "bf16", "none", ">= 1.0x mm + F.silu", "silu"),
    GemmRow("gemm_gelu_4096", 4096, 4096, 4096, "bf16", "none", ">= 1.0x mm + F.gelu", "gelu"),
    GemmRow("gemm_i8_tn_4096", 4096, 4096, 4096, "i8", "none", ">= 1.0x cuBLASLt int8 TN", "linear"),
    GemmRow("gemm_i8_tn_8192", 8192, 8192, 8192, "i8", "none", ">= 1.0x cuBLASLt int8 TN", "linear"),
    GemmRow("gemm_tf32_4096", 4096, 4096, 4096, "f32", "none", ">= 0.9x cuBLAS TF32", "f32"),
    GemmRow("gemm_f32_4096", 4096, 4096, 4096, "f32", "none", ">= 1.0x cuBLAS f32", "ieee"),
    GemmRow("mlp_block_65536", 65536, 128, 128, "bf16", "none", ">= 1.0x torch mm, relu, mm", "mlp"),
    GemmRow("gemm_softmax_65536", 65536, 128, 1024, "bf16", "none", "timed beside torch mm, softmax", "softmax"),
    GemmRow("norm_gemm_65536", 65536, 1024, 128, "bf16", "none", "timed beside torch layer_norm, mm", "norm"),
)
TOLERANCE = 1e-2  # relative Frobenius error of a bf16 or f16 C (its rounding is about 4e-3)
NORM_EPS = 1e-5  # the layer norm's, as nn.LayerNorm's default


def selected(only: list[str], shrink: int) -> list[GemmRow]:
    """The rows --only names (all when it names none), their sizes divided by `shrink`
    (rounded to multiples of 64, at least 64)."""
    rows = [r for r in ROWS if not only or any(r.name.startswith(t) for t in only)]
    if shrink == 1:
        return rows

    def small(n: int) -> int:
        return max(64, n // shrink // 64 * 64)

    fixed_n, fixed_k = ("mlp", "softmax"), ("mlp", "norm")  # a width the kernel is written for
    return [replace(r, m=small(r.m), n=r.n if r.kind in fixed_n else small(r.n),
                    k=r.k if r.kind in fixed_k else small(r.k), batches=max(1, r.batches // shrink)) for r in rows]


def _inputs(row: GemmRow, device: str) -> dict[str, Tensor]:
    import torch

    g = torch.Generator(device=device).manual_seed(row.m * 31 + row.n * 7 + row.k)
    if row.kind != "mm":
        return _other_inputs(row, g, device)
    if row.dtype == "i8":
        return {"a": _ints(g, device, row.m, row.k), "b": _ints(g, device, row.k, row.n)}
    dtype = torch.bfloat16 if row.dtype == "bf16" else torch.float16
    out = {"a": torch.randn((row.m, row.k), generator=g, device=device).to(dtype),
           "b": torch.randn((row.k, row.n), generator=g, device=device).to(dtype)}
    if row.epilogue == "bias_relu":
        out["bias"] = torch.randn((1, row.n), generator=g, device=device).to(dtype)
    return out


def _ints(g: Any, device: str, *shape: int) -> Tensor:
    """Random i8 operands over their whole range."""
    import torch

    return torch.randint(-128, 128, shape, generator=g, device=device, dtype=torch.int8)


def _other_inputs(row: GemmRow, g: Any, device: str) -> dict[str, Tensor]:
    """The operands of an issue-23 row, as its peer takes them."""
    import torch

    def randn(*shape: int, dtype: Any = torch.bfloat16, scale: float = 1.0) -> Tensor:
        return (torch.randn(shape, generator=g, device=device) * scale).to(dtype)

    m, n, k = row.m, row.n, row.k
    if row.kind == "linear" and row.dtype == "i8":
        return {"a": _ints(g, device, m, k), "w": _ints(g, device, n, k)}
    if row.kind == "linear":
        return {"a": randn(m, k), "w": randn(n, k)}
    if row.kind == "batched":
        return {"a": randn(row.batches, m, k), "b": randn(row.batches, k, n)}
    if row.kind == "f32":  # W[N, K], as nn.Linear holds it: K-major, as a tf32 wgmma reads B
        return {"a": randn(m, k, dtype=torch.float32), "w": randn(n, k, dtype=torch.float32)}
    if row.kind == "ieee":
        return {"a": randn(m, k, dtype=torch.float32), "b": randn(k, n, dtype=torch.float32)}
    if row.kind == "mlp":  # weights scaled so that the hidden values stay near 1
        return {"x": randn(m, k), "w1": randn(k, n, scale=k ** -0.5), "w2": randn(n, k, scale=n ** -0.5)}
    if row.kind == "softmax":  # logits near N(0, 1)
        return {"a": randn(m, k), "b": randn(k, n, scale=k ** -0.5)}
    if row.kind == "norm":
        return {"x": randn(m, k, scale=3.0), "g": randn(k, scale=0.5) + 1.0, "w": randn(k, n, scale=k ** -0.5)}
    return {"a": randn(m, k), "b": randn(k, n)}  # silu, gelu


def _other_reference(row: GemmRow, ins: dict[str, Tensor]) -> Tensor:
    import torch
    import torch.nn.functional as F

    if row.kind == "linear" and row.dtype == "i8":
        return ins["a"].double() @ ins["w"].double().t()
    if row.kind == "linear":
        return ins["a"].float() @ ins["w"].float().t()
    if row.kind == "batched":
        return torch.bmm(ins["a"].float(), ins["b"].float())
    if row.kind == "f32":
        return (ins["a"].double() @ ins["w"].double().t()).float()
    if row.kind == "ieee":
        return (ins["a"].double() @ ins["b"].double()).float()
    if row.kind == "mlp":
        hidden = torch.relu(ins["x"].float() @ ins["w1"].float()).to(torch.bfloat16)
        return hidden.float() @ ins["w2"].float()
    if row.kind == "softmax":
        return torch.softmax(ins["a"].float() @ ins["b"].float(), -1)
    if row.kind == "norm":
        normed = F.layer_norm(ins["x"].float(), (row.k,), ins["g"].float(), None, NORM_EPS)
        return normed.to(torch.bfloat16).float() @ ins["w"].float()
    product = ins["a"].float() @ ins["b"].float()
    return F.silu(product) if row.kind == "silu" else F.gelu(product)


def _other_sides(row: GemmRow, ins: dict[str, Tensor]) -> dict[str, Callable[[], Tensor]]:
    """Phobos and the peers of an issue-23 row; "cublas" is the peer its target names."""
    import torch
    import torch.nn.functional as F

    from benchmarks import kernels as K

    if row.kind == "linear":
        a, w = ins["a"], ins["w"]
        c = torch.empty((row.m, row.n), dtype=torch.int32 if row.dtype == "i8" else a.dtype, device=a.device)
        sides = {"phobos": lambda: (K.gemm_linear(a, w, c), c)[1]}
        if row.dtype == "i8":
            from benchmarks.peers import cublaslt

            out = torch.empty_like(c)
            sides["cublas"] = lambda: cublaslt.int8_tn(a, w, out)
            sides["cublas_int_mm"] = lambda: torch._int_mm(a, w.t())
        else:
            sides["cublas"] = lambda: F.linear(a, w)
        return sides
    if row.kind == "f32":
        a, w = ins["a"], ins["w"]
        c = torch.empty((row.m, row.n), dtype=a.dtype, device=a.device)

        def tf32() -> Tensor:
            torch.backends.cuda.matmul.allow_tf32 = True
            try:
                return F.linear(a, w)
            finally:
                torch.backends.cuda.matmul.allow_tf32 = False
        return {"phobos": lambda: (K.gemm_tf32(a, w, c), c)[1], "cublas": tf32, "cublas_f32": lambda: F.linear(a, w)}
    if row.kind == "ieee":
        a, b = ins["a"], ins["b"]
        c = torch.empty((row.m, row.n), dtype=a.dtype, device=a.device)
        return {"phobos": lambda: (K.gemm_f32(a, b, c), c)[1], "cublas": lambda: torch.mm(a, b)}
    if row.kind == "mlp":
        x, w1, w2 = ins["x"], ins["w1"], ins["w2"]
        o = torch.empty((row.m, row.k), dtype=x.dtype, device=x.device)
        return {"phobos": lambda: (K.mlp_block(x, w1, w2, o), o)[1],
                "cublas": lambda: torch.mm(torch.relu(torch.mm(x, w1)), w2)}
    if row.kind == "softmax":
        a, b = ins["a"], ins["b"]
        p = torch.empty((row.m, row.n), dtype=a.dtype, device=a.device)
        return {"phobos": lambda: (K.gemm_softmax(a, b, p), p)[1], "cublas": lambda: torch.softmax(torch.mm(a, b), -1)}
    if row.kind == "norm":
        x, g, w = ins["x"], ins["g"], ins["w"]
        y = torch.empty((row.m, row.n), dtype=x.dtype, device=x.device)
        return {"phobos": lambda: (K.norm_gemm(x, g, w, y, NORM_EPS), y)[1],
                "cublas": lambda: torch.mm(F.layer_norm(x, (row.k,), g, None, NORM_EPS), w)}
    a, b = ins["a"], ins["b"]
    c = torch.empty((*a.shape[:-1], b.shape[-1]), dtype=a.dtype, device=a.device)
    if row.kind == "batched":
        return {"phobos": lambda: (K.gemm_batched(a, b, c), c)[1], "cublas": lambda: torch.bmm(a, b)}
    activation = F.silu if row.kind == "silu" else F.gelu
    return {"phobos": lambda: (K.gemm_activation(a, b, c, row.kind), c)[1],
            "cublas": lambda: activation(torch.mm(a, b))}


def _reference(row: GemmRow, ins: dict[str, Tensor]) -> Tensor:
    import torch

    torch.backends.cuda.matmul.allow_tf32 = False
    if row.kind != "mm":
        return _other_reference(row, ins)
    if row.dtype == "i8":  # exact in f64 while |C| < 2^53
        return ins["a"].double() @ ins["b"].double()
    c = ins["a"].float() @ ins["b"].float()
    if row.epilogue == "bias_relu":
        c = torch.relu(c + ins["bias"].float())
    return c


def _sides(row: GemmRow, ins: dict[str, Tensor]) -> dict[str, Callable[[], Tensor]]:
    """Each implementation as a closure writing (and returning) its output."""
    import torch

    from benchmarks.kernels import gemm as phobos_gemm
    from benchmarks.peers import triton_gemm

    if row.kind != "mm":
        return _other_sides(row, ins)

    a, b, bias = ins["a"], ins["b"], ins.get("bias")
    out_dtype = torch.int32 if row.dtype == "i8" else a.dtype
    c_phobos = torch.empty((row.m, row.n), dtype=out_dtype, device=a.device)
    c_tileir = torch.empty_like(c_phobos)
    c_triton = torch.empty_like(c_phobos)
    sides: dict[str, Callable[[], Tensor]] = {
        "phobos": lambda: (phobos_gemm(a, b, c_phobos, bias), c_phobos)[1],
        "phobos_tileir": lambda: (phobos_gemm(a, b, c_tileir, bias, backend="tileir"), c_tileir)[1],
        "triton": lambda: (triton_gemm.matmul(a, b, c_triton, bias), c_triton)[1],
    }
    if row.dtype == "i8":
        sides["cublas"] = lambda: torch._int_mm(a, b)
    elif row.epilogue == "bias_relu":
        sides["cublas"] = lambda: torch.relu(torch.addmm(bias, a, b))
        sides["cublas_alone"] = lambda: torch.mm(a, b)
    else:
        sides["cublas"] = lambda: torch.mm(a, b)
    return sides


def run_row(row: GemmRow, timer: Callable[[Callable[[], Any]], float], device: str,
            sync: Callable[[], None], error_of: Callable[[Tensor, Tensor], float]) -> dict[str, Any]:
    """Check and time every side of one row, comparing with `error_of` (bench.py's
    relative error); never raises."""
    result: dict[str, Any] = {"name": row.name, "shape": [row.m, row.n, row.k], "dtype": row.dtype,
                              "epilogue": row.epilogue, "target": row.target, "kind": row.kind,
                              "batches": row.batches, "errors": {}}
    flop = row.flop
    try:
        ins = _inputs(row, device)
        want = _reference(row, ins)
        sides = _sides(row, ins)
    except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
        result["errors"]["setup"] = f"{type(exc).__name__}: {exc}"[:600]
        return result
    for side, run in sides.items():
        try:
            started = time.perf_counter()
            got = run()
            sync()
            if side in ("phobos", "phobos_tileir"):
                result[f"{side}_first_call_s"] = round(time.perf_counter() - started, 3)  # compile + run
            if side != "cublas_alone":  # mm alone leaves out the epilogue the reference has
                error = error_of(got, want)
                result[f"{side}_error"] = error
                if error > (0.0 if row.dtype == "i8" else TOLERANCE):
                    result["errors"][side] = f"wrong result: relative error {error:.3g}"
                    continue
            ms = timer(run)
            result[f"{side}_ms"] = ms
            result[f"{side}_tflops"] = flop / ms / 1e9
        except Exception as exc:  # noqa: BLE001 - one side failing leaves the others
            result["errors"][side] = f"{type(exc).__name__}: {exc}"[:600]
    if device == "cuda" and "phobos_ms" in result and row.kind == "mm":
        try:
            result["phobos_compile_s"], result["phobos_compile_nvrtc_runs"] = cold_compile_seconds(row, ins, sync)
        except Exception as exc:  # noqa: BLE001 - recorded, the run goes on
            result["errors"]["compile"] = f"{type(exc).__name__}: {exc}"[:600]
    result["clocks_after"] = clocks(device)  # the SM clock once the row's sides were timed
    base = result.get("cublas_tflops")
    for side in ("phobos", "phobos_tileir", "triton", "cublas_int_mm", "cublas_f32"):
        if base and result.get(f"{side}_tflops"):
            result[f"{side}_vs_cublas"] = result[f"{side}_tflops"] / base
    if result.get("phobos_tflops") and result.get("triton_tflops"):
        result["phobos_vs_triton"] = result["phobos_tflops"] / result["triton_tflops"]
    return result


def cold_compile_seconds(row: GemmRow, ins: dict[str, Tensor], sync: Callable[[], None]) -> tuple[float, int]:
    """Seconds of the first launch of one GEMM variant from nothing (issue 11's compile
    time): gemm.phobos compiled anew (parse, check), its variant's CUDA C++ written
    and built by NVRTC into an empty cache, loaded, and run once, with autotuning off
    so that one variant is built (the bench's first calls also time every candidate).
    The modules this process loaded are set aside meanwhile, so nothing is reused; the
    NVRTC runs it made are counted, so that a figure with none is seen for what it is."""
    import os
    import tempfile
    from pathlib import Path

    import torch

    import phobos
    from benchmarks import kernels as K
    from phobos.backends.gpu import cache
    from phobos.backends.gpu import launch as gpu_launch
    from phobos.runtime import autotune

    names = (cache.ENV_CACHE_DIR, autotune.ENV_AUTOTUNE)
    saved_env = {name: os.environ.get(name) for name in names}
    loaded = dict(gpu_launch._LOADED)
    with tempfile.TemporaryDirectory() as folder:
        os.environ[cache.ENV_CACHE_DIR], os.environ[autotune.ENV_AUTOTUNE] = folder, "0"
        cache.forget_memory()
        gpu_launch._LOADED.clear()
        try:
            compiles = cache.STATS.compiles
            started = time.perf_counter()
            fresh = phobos.compile(Path(K.__file__).with_name("gemm.phobos"))
            c = torch.empty((row.m, row.n), dtype=torch.int32 if row.dtype == "i8" else ins["a"].dtype,
                            device=ins["a"].device)
            K.gemm(ins["a"], ins["b"], c, ins.get("bias"), kernels=fresh)
            sync()
            return round(time.perf_counter() - started, 3), cache.STATS.compiles - compiles
        finally:
            for name, value in saved_env.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
            cache.forget_memory()
            gpu_launch._LOADED.clear()
            gpu_launch._LOADED.update(loaded)


def clocks(device: str) -> dict[str, Any]:
    """The GPU's SM clock now (MHz) and its utilization, through NVML where torch has it."""
    import torch

    if device != "cuda":
        return {"error": "no GPU"}
    try:
        return {"sm_mhz": torch.cuda.clock_rate(), "utilization": torch.cuda.utilization()}
    except Exception as exc:  # noqa: BLE001 - no NVML: say so
        return {"error": f"{type(exc).__name__}: {exc}"[:200]}
