"""On the GPU machine: the GEMM lowering against the f32 product at awkward sizes, in
every mode a launch can pick (TMA or copied operands, TMA or register stores),
with C's neighbouring rows watched for stray writes; then a few timings beside
cuBLAS. JSON to $OUT/gemm_check.json.

    PYTHONPATH=src:. python3 benchmarks/gemm_check.py            # the lowering sm_90 takes
    PHOBOS_CUDA_WGMMA=mma PYTHONPATH=src:. python3 benchmarks/gemm_check.py   # mma.sync's
    PHOBOS_CUDA_PINGPONG=1 PYTHONPATH=src:. python3 benchmarks/gemm_check.py --tile 128x128

`--tile TMxTN` pins the tile of every case (for a mode that needs one).

Each case says which variant ran (the launch's GEMM mode). Timings are device-event
medians of 20 runs after 3, without an L2 flush (bench.py's rows are the measurement).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import traceback
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.kernels import gemm as phobos_gemm  # noqa: E402
from phobos.backends.cuda.runtime import launch  # noqa: E402

TOLERANCE = 1e-2  # relative Frobenius error of a 16-bit C

# (operands, M, N, K, bias row, A's offset in elements, C's offset in elements): edges,
# pitches TMA cannot read (K = 1004, N = 1004), misaligned A and C, skinny tiles.
CASES = [
    ("bf16", 300, 520, 200, False, 0, 0), ("bf16", 4, 64, 8, False, 0, 0), ("bf16", 132, 260, 72, False, 0, 0),
    ("bf16", 3000, 5000, 2900, False, 0, 0), ("bf16", 256, 256, 1004, False, 0, 0),
    ("f16", 1000, 1000, 1000, False, 0, 0), ("bf16", 64, 8192, 1024, False, 0, 0),
    ("bf16", 200, 300, 136, False, 1, 0), ("bf16", 520, 1024, 200, False, 0, 1),
    ("bf16", 1000, 1024, 512, True, 0, 0), ("bf16", 332, 700, 96, True, 0, 0), ("bf16", 1000, 1004, 516, True, 0, 0),
    ("bf16", 520, 1024, 200, True, 0, 2), ("i8", 300, 520, 200, False, 0, 0), ("i8", 200, 300, 136, False, 1, 0),
    ("i8", 256, 256, 1004, False, 0, 0),
    # Larger: K not a multiple of the k block, skinny, misaligned C, a bias, i8.
    ("bf16", 4096, 4096, 1000, False, 0, 0), ("bf16", 64, 4096, 4040, False, 0, 0),
    ("bf16", 4100, 64, 2000, True, 0, 0), ("bf16", 2000, 3000, 1500, True, 0, 1),
    ("i8", 4096, 4096, 1000, False, 0, 0), ("i8", 64, 2048, 3000, False, 0, 0),
]
TIMED = [("bf16", 4096, 4096, 4096, False), ("bf16", 8192, 8192, 8192, False), ("f16", 4096, 4096, 4096, False),
         ("bf16", 8192, 8192, 4096, True), ("bf16", 3000, 5000, 2900, False), ("i8", 4096, 4096, 4096, False)]
TILE: list[tuple[int, int]] = []  # the tile --tile pins, if any
TYPES = {"bf16": torch.bfloat16, "f16": torch.float16, "i8": torch.int8}


def inputs(dtype: str, m: int, n: int, k: int, bias: bool, offset_a: int = 0) -> tuple[Any, Any, Any]:
    if dtype == "i8":
        flat = torch.randint(-128, 128, (m * k + offset_a,), device="cuda", dtype=torch.int8)
        b = torch.randint(-128, 128, (k, n), device="cuda", dtype=torch.int8)
        return flat[offset_a:].view(m, k), b, None
    t = TYPES[dtype]
    flat = torch.randn(m * k + offset_a, device="cuda").to(t)
    b = torch.randn(k, n, device="cuda").to(t)
    return flat[offset_a:].view(m, k), b, torch.randn(1, n, device="cuda").to(t) if bias else None


def modes_used() -> list[str]:
    return sorted({str(mode) for by_key in launch._GENERATED.values() for (_, mode, _) in by_key})


def check(dtype: str, m: int, n: int, k: int, bias: bool, offset_a: int, offset_c: int) -> dict[str, Any]:
    a, b, bias_row = inputs(dtype, m, n, k, bias, offset_a)
    out = torch.int32 if dtype == "i8" else a.dtype
    sentinel = 7
    flat = torch.full(((m + 2) * n + offset_c,), sentinel, device="cuda", dtype=out)
    rows = flat[offset_c:].view(m + 2, n)
    c = rows[1:m + 1]
    launch._GENERATED.clear()
    phobos_gemm(a, b, c, bias_row, tile=TILE[0] if TILE else None)
    torch.cuda.synchronize()
    if dtype == "i8":
        want = a.double() @ b.double()
        error = float((c.double() - want).abs().max())
    else:
        want = a.float() @ b.float()
        if bias:
            want = torch.relu(want + bias_row.float())
        error = float((c.float() - want).norm() / want.norm().clamp_min(1e-30))
    untouched = bool((rows[0] == sentinel).all() and (rows[m + 1] == sentinel).all())
    ok = untouched and error <= (0.0 if dtype == "i8" else TOLERANCE)
    return {"case": [dtype, m, n, k, bias, offset_a, offset_c], "error": error, "neighbours_untouched": untouched,
            "ok": ok, "modes": modes_used()}



def median_ms(fn: Any) -> float:
    for _ in range(3):
        fn()
    times = []
    for _ in range(20):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return sorted(times)[len(times) // 2]


def timed(dtype: str, m: int, n: int, k: int, bias: bool) -> dict[str, Any]:
    a, b, bias_row = inputs(dtype, m, n, k, bias)
    c = torch.empty(m, n, device="cuda", dtype=torch.int32 if dtype == "i8" else a.dtype)
    if dtype == "i8":
        def peer() -> Any:
            return torch._int_mm(a, b)
    elif bias:
        def peer() -> Any:
            return torch.relu(torch.addmm(bias_row, a, b))
    else:
        def peer() -> Any:
            return torch.mm(a, b)
    flop = 2 * m * n * k
    ours = median_ms(lambda: phobos_gemm(a, b, c, bias_row, tile=TILE[0] if TILE else None))
    theirs = median_ms(peer)
    return {"case": [dtype, m, n, k, bias], "phobos_tflops": flop / ours / 1e9, "peer_tflops": flop / theirs / 1e9,
            "ratio": theirs / ours, "modes": modes_used()}


def tile(text: str) -> tuple[int, int]:
    parts = text.lower().split("x")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"a tile is TMxTN, not {text!r}")
    return int(parts[0]), int(parts[1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tile", type=tile, help="TMxTN: the tile every case pins")
    opts = parser.parse_args(argv)
    if opts.tile:
        TILE.append(opts.tile)
    out = Path(os.environ.get("OUT", "."))
    torch.backends.cuda.matmul.allow_tf32 = False
    result: dict[str, Any] = {"lowering": os.environ.get("PHOBOS_CUDA_WGMMA", "default"), "tile": opts.tile,
                              "checks": [], "timings": []}
    for case in CASES:
        try:
            result["checks"].append(check(*case))
        except Exception:  # noqa: BLE001 - recorded, the run goes on
            result["checks"].append({"case": list(case), "ok": False, "failure": traceback.format_exc()[-1500:]})
        print(result["checks"][-1], flush=True)
    for case in TIMED:
        try:
            result["timings"].append(timed(*case))
        except Exception:  # noqa: BLE001
            result["timings"].append({"case": list(case), "failure": traceback.format_exc()[-1500:]})
        print(result["timings"][-1], flush=True)
    result["all_ok"] = all(c["ok"] for c in result["checks"])
    (out / "gemm_check.json").write_text(json.dumps(result, indent=1) + "\n")
    print("all correct" if result["all_ok"] else "SOME WRONG")
    return 0 if result["all_ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
