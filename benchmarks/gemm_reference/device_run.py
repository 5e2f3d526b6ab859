"""Correctness + timing of the Phobos wgmma GEMM prototype on an H100/H200 (needs torch).

  python3 benchmarks/gemm_reference/device_run.py   (from the repository root)

Writes $OUT/wgmma.json (or benchmarks/gemm_reference/out/wgmma.json) after every case, so a crash or the
watchdog still leaves the results gathered so far.  A hard watchdog ends the process after
WATCHDOG_S seconds: a pipeline bug in a persistent warp-specialised kernel shows up as a hang
(a consumer waiting on a barrier nobody will arrive at), not as an error.
"""

from __future__ import annotations

import faulthandler
import json
import os
import platform
import statistics
import sys
import time
import traceback
from pathlib import Path

WATCHDOG_S = 190
faulthandler.dump_traceback_later(WATCHDOG_S, exit=True)
T0 = time.time()

import torch  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import gemm  # noqa: E402

OUT_DIR = Path(os.environ.get("OUT") or HERE / "out")
OUT_DIR.mkdir(parents=True, exist_ok=True)
OUT_FILE = OUT_DIR / "wgmma.json"

# rel_fro / max_rel below this: bf16 x bf16 products are exact in f32, so ours and the f32
# reference differ only by accumulation order (~1e-6).  A layout/descriptor bug gives O(1).
TOL = 1e-4

# (M, N, K, role).  'sanity' first: if the pipeline deadlocks we learn it on a tiny problem.
CASES = [
    (256, 256, 128, "sanity", False),
    (4096, 4096, 4096, "main", True),
    (8192, 8192, 8192, "main", True),
    (3000, 5000, 2900, "edges", True),          # M, N, K all ragged; K*2 B not 16 B aligned
    (129, 264, 65, "edges-small", False),
    (1, 8, 1, "edges-tiny", False),
    (77, 136, 1000, "edges-small", False),
    (1000, 40, 130, "edges-narrow-N", False),   # N < one 64-wide B box
]

result = {
    "device": None, "torch": torch.__version__, "python": platform.python_version(),
    "nvrtc": None, "cuda_bindings": None, "config": None, "ptxas": None, "cases": [],
    "notes": [],
}


def dump():
    result["elapsed_s"] = round(time.time() - T0, 1)
    OUT_FILE.write_text(json.dumps(result, indent=2))


def round_up(x, m):
    return (x + m - 1) // m * m


def bf16_matrix(rows, cols, pad_to=8):
    """Random bf16 [rows, cols] whose row pitch is a multiple of 8 elements (TMA needs 16-byte
    pitches); for ragged `cols` this is a column slice of a wider buffer, not a copy."""
    ld = round_up(cols, pad_to)
    buf = torch.randn(rows, ld, device="cuda").to(torch.bfloat16)
    return buf[:, :cols], ld


def wait_or_die(case, timeout_s=20.0):
    """Synchronise, but treat a kernel that is still running after timeout_s as a deadlock:
    record it and exit (the context cannot be recovered from a hung persistent kernel)."""
    ev = torch.cuda.Event()
    ev.record()
    t = time.time()
    while not ev.query():
        if time.time() - t > timeout_s:
            case["hang"] = True
            result["notes"].append(f"kernel still running after {timeout_s}s: deadlock")
            dump()
            print(f"HANG on {case}", flush=True)
            os._exit(3)
        time.sleep(0.002)


def timed(fn, iters=20, warmup=5):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
          for _ in range(iters)]
    for s, e in ev:
        s.record()
        fn()
        e.record()
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in ev)   # ms


def run_case(g, M, N, K, role, bench):
    case = {"M": M, "N": N, "K": K, "role": role}
    result["cases"].append(case)
    torch.manual_seed(M * 131 + N * 7 + K)
    A, lda = bf16_matrix(M, K)
    B, ldb = bf16_matrix(K, N)
    # C with a padded pitch for the ragged cases, pre-filled with NaN: the padding columns
    # must still be NaN afterwards (stores are masked), every real element must be finite.
    ldc = N if role == "main" else N + 4
    if role == "edges-small":
        ldc = N + 3          # odd pitch -> exercises the scalar (non-float2) store path
    Cbuf = torch.full((M, ldc), float("nan"), device="cuda", dtype=torch.float32)
    C = Cbuf[:, :N]
    stream = torch.cuda.current_stream().cuda_stream
    launch = g.prepare(A.data_ptr(), B.data_ptr(), C.data_ptr(), M, N, K, lda, ldb, ldc, stream)
    case.update(lda=lda, ldb=ldb, ldc=ldc, grid=getattr(launch, "grid", None))
    launch()
    wait_or_die(case)

    ref = A.float() @ B.float()
    err = (C - ref)
    case["finite"] = bool(torch.isfinite(C).all())
    case["pad_untouched"] = bool(torch.isnan(Cbuf[:, N:]).all()) if ldc > N else None
    refn = ref.norm().item()
    case["rel_fro"] = (err.norm().item() / refn) if refn else err.norm().item()
    case["max_abs_err"] = err.abs().max().item()
    case["max_rel"] = case["max_abs_err"] / max(ref.abs().max().item(), 1e-30)
    case["ok"] = (case["finite"] and case["pad_untouched"] is not False
                  and case["rel_fro"] < TOL and case["max_rel"] < TOL)
    if not case["ok"]:
        # Where is it wrong?  Row/col error profile helps tell a fragment-layout bug (pattern
        # with period 8/16 in rows or cols) from a pipeline bug (whole tiles or k-blocks off).
        bad = (err.abs() > 1e-3 * ref.abs().max()) | ~torch.isfinite(C)
        rows = bad.any(1).nonzero().flatten()[:16].tolist()
        cols = bad.any(0).nonzero().flatten()[:16].tolist()
        case["bad_fraction"] = bad.float().mean().item()
        case["first_bad_rows"], case["first_bad_cols"] = rows, cols
    del ref, err
    print(f"[{time.time() - T0:6.1f}s] {M}x{N}x{K} ({role}): ok={case['ok']} "
          f"rel_fro={case['rel_fro']:.2e} max_rel={case['max_rel']:.2e} "
          f"finite={case['finite']} pad_untouched={case['pad_untouched']}", flush=True)
    dump()

    if bench:
        flop = 2.0 * M * N * K
        t = timed(launch)
        case["phobos_ms"] = t
        case["phobos_tflops"] = flop / t / 1e9
        Ab, Bb = A.contiguous(), B.contiguous()   # cuBLAS on ordinary contiguous operands
        t = timed(lambda: torch.mm(Ab, Bb))
        case["torch_mm_bf16out_ms"] = t
        case["torch_mm_bf16out_tflops"] = flop / t / 1e9
        try:
            out = torch.mm(Ab, Bb, out_dtype=torch.float32)
            assert out.dtype == torch.float32
            t = timed(lambda: torch.mm(Ab, Bb, out_dtype=torch.float32))
            case["torch_f32out_path"] = "torch.mm(A, B, out_dtype=torch.float32)"
        except Exception as e:  # older torch: no out_dtype
            t = timed(lambda: torch.mm(Ab, Bb).float())
            case["torch_f32out_path"] = f"torch.mm(A, B).float() (out_dtype failed: {e!r:.80})"
        case["torch_f32out_ms"] = t
        case["torch_f32out_tflops"] = flop / t / 1e9
        case["ratio_vs_torch_f32out"] = case["phobos_tflops"] / case["torch_f32out_tflops"]
        print(f"          phobos {case['phobos_tflops']:.0f} TF/s | torch.mm bf16-out "
              f"{case['torch_mm_bf16out_tflops']:.0f} | f32-out "
              f"{case['torch_f32out_tflops']:.0f} ({case['torch_f32out_path'][:40]})", flush=True)
        dump()
    del A, B, C, Cbuf
    torch.cuda.empty_cache()


def main():
    torch.backends.cuda.matmul.allow_tf32 = False   # the f32 reference must be real f32
    torch.cuda.init()
    torch.empty(1, device="cuda")                    # torch's primary context is now current
    result["device"] = torch.cuda.get_device_name()
    import cuda.bindings
    result["cuda_bindings"] = cuda.bindings.__version__
    result["nvrtc"] = gemm.nvrtc_version()
    result["config"] = {**gemm.asdict(gemm.Config()), "smem_bytes": gemm.Config().smem_bytes}
    for n in (64, 128, 256):
        gemm.check_fragment_layout(n)
    t = time.time()
    g = gemm.Gemm()
    warn = gemm.serialization_warnings(g.log)
    result["ptxas"] = {"log": g.log, "registers": gemm.ptxas_registers(g.log),
                       "func_num_regs": g.num_regs, "serialization_warnings": warn,
                       "compile_or_load_s": round(time.time() - t, 2), "num_sms": g.num_sms}
    print(f"{result['device']} | torch {torch.__version__} | NVRTC {result['nvrtc']} | "
          f"regs {g.num_regs} | SMs {g.num_sms} | warnings {warn or 'none'}", flush=True)
    dump()
    for M, N, K, role, bench in CASES:
        if time.time() - T0 > WATCHDOG_S - 40 and role != "main":
            result["notes"].append(f"skipped {M}x{N}x{K}: time budget")
            continue
        try:
            run_case(g, M, N, K, role, bench)
        except Exception:
            tb = traceback.format_exc()
            print(tb, flush=True)
            result["cases"][-1]["exception"] = tb
            dump()
            if "CUDA" in tb and ("illegal" in tb or "launch" in tb.lower()):
                break   # context is gone after a device fault; later cases cannot run
    result["all_ok"] = all(c.get("ok") for c in result["cases"])
    dump()
    print(f"all_ok={result['all_ok']}  -> {OUT_FILE}  ({time.time() - T0:.1f}s)", flush=True)


if __name__ == "__main__":
    main()
