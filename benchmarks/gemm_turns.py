"""On the GPU machine: one GEMM loop and cuBLAS taking turns, for ratios the clock cannot skew.

    PYTHONPATH=src:. python3 benchmarks/gemm_turns.py --shape 4096 --dtype bf16

bench.py times each side of a row once, one after the other, and the H200's clock
moves by 10 to 20% as it heats under these products, so a ratio near 1 can come out
either side of it. Here the two take turns: in each round, `--launches` back-to-back
launches of the Phobos kernel (the benchmark's bf16 or f16 GEMM, 128 x 256 x 64
tiles, C in the operands' dtype) and then as many of `torch.mm` on the same inputs,
each timed with device events around the whole run (no L2 flush: the inputs stay
where the last launch left them, for both alike); the ratio is taken per round, and
the SM clock read with nvidia-smi while each side runs. The inputs are random
normal (not zeros: METHOD.md). A line per round, then the ratios; JSON to
$OUT/gemm_turns.json when OUT is set.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.gemm_sweep import SOURCE, TOLERANCE  # noqa: E402  (the sweep's kernel, at the rows' tile)

TILE = (128, 256)


def clock() -> str:
    """The SM clock, power and the clock's event reasons, as nvidia-smi reads them now."""
    query = "--query-gpu=clocks.sm,power.draw,clocks_event_reasons.active"
    done = subprocess.run(["nvidia-smi", query, "--format=csv,noheader"], capture_output=True, text=True)
    return done.stdout.strip() or done.stderr.strip()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--shape", type=int, default=4096, help="M = N = K (a multiple of 256)")
    parser.add_argument("--dtype", choices=("bf16", "f16"), default="bf16")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--launches", type=int, help="a side's launches a round (default: about 0.4 s of them)")
    opts = parser.parse_args(argv)
    import torch

    import phobos

    n = opts.shape
    dtype = {"bf16": torch.bfloat16, "f16": torch.float16}[opts.dtype]
    g = torch.Generator(device="cuda").manual_seed(n)
    a = torch.randn(n, n, device="cuda", generator=g).to(dtype)
    b = torch.randn(n, n, device="cuda", generator=g).to(dtype)
    c = torch.empty(n, n, device="cuda", dtype=dtype)
    tm, tn = TILE
    kernel = phobos.compile(SOURCE.format(pipeline="", t=opts.dtype, tm=tm, tn=tn)).g
    grid = (n // tn, n // tm)
    kernel[grid](a, b, c)
    want = a.float() @ b.float()
    error = float((c.float() - want).norm() / want.norm())
    if error > TOLERANCE:
        print(f"wrong result: relative error {error:.3g}")
        return 1
    sides = {"phobos": lambda: kernel[grid](a, b, c), "cublas": lambda: torch.mm(a, b, out=c)}
    for run in sides.values():
        for _ in range(20):
            run()
    torch.cuda.synchronize()
    launches = opts.launches or max(20, int(0.4 / (2 * n**3 / 700e12)))
    rounds: list[dict[str, Any]] = []
    for number in range(opts.rounds):
        row: dict[str, Any] = {"round": number}
        for side, run in sides.items():
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(launches):
                run()
            end.record()
            time.sleep(0.2)
            row[f"{side}_clock"] = clock()
            end.synchronize()
            ms = start.elapsed_time(end) / launches
            row[f"{side}_tflops"] = 2 * n**3 / ms / 1e9
        row["ratio"] = row["phobos_tflops"] / row["cublas_tflops"]
        rounds.append(row)
        print(f"round {number}: Phobos {row['phobos_tflops']:.0f} TFLOP/s ({row['phobos_clock']}), cuBLAS "
              f"{row['cublas_tflops']:.0f} ({row['cublas_clock']}), ratio {row['ratio']:.3f}", flush=True)
    print(f"{n}^3 {opts.dtype}: Phobos / cuBLAS by round", [round(r["ratio"], 3) for r in rounds])
    if os.environ.get("OUT"):
        result = {"shape": n, "dtype": opts.dtype, "launches": launches, "error": error, "rounds": rounds}
        (Path(os.environ["OUT"]) / "gemm_turns.json").write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
