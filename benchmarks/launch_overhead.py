"""What one launch costs the host: a small, already-compiled kernel launched from Python.

    PYTHONPATH=src python3 benchmarks/launch_overhead.py [--out FILE] [--launches N]

The kernel is a vector add of 4096 f32 elements on torch tensors, launched the way
a user launches it (`benchmarks.kernels.add`: the grid, the argument checks, the
variant and the driver call), beside the Triton kernel of the same operation and
torch's own add. Each runs once untimed (so it is compiled), then N times back to
back with one synchronization at the end; the wall time over N is the cost of a
launch as the host sees it, since the GPU finishes a 4096-element add in far less.
The median of five such trials is reported. N is 20000 (a fifth of a second a
trial for Phobos): with 2000, a trial lasted 20 ms and the host's jitter moved the
median by a third from run to run. Target: at most 10 µs a launch, and below Triton.

With --out the result goes into that JSON file under "launch_overhead" (the file
bench.py writes, or a new one with a header); bench.py calls `measure` itself.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT / "src"), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)

ELEMENTS = 4096
TARGET_US = 10.0


def per_launch_us(launch: Callable[[], Any], launches: int, trials: int, sync: Callable[[], None]) -> float:
    """The median over trials of (wall time of `launches` launches + one sync) / launches."""
    launch()
    sync()
    results = []
    for _ in range(trials):
        sync()
        start = time.perf_counter()
        for _ in range(launches):
            launch()
        sync()
        results.append((time.perf_counter() - start) / launches * 1e6)
    return statistics.median(results)


def measure(device: str = "cuda", launches: int = 20000, trials: int = 5) -> dict[str, Any]:
    """Microseconds per launch for Phobos, Triton and torch, on tensors of `device`."""
    import torch

    from benchmarks import kernels as K

    if device == "cpu":  # a check of this script without a GPU: the interpreter and Triton's
        launches, trials = min(launches, 20), 1
    g = torch.Generator(device=device).manual_seed(0)
    a, b = (torch.randn(ELEMENTS, generator=g, device=device) for _ in range(2))
    c = torch.empty_like(a)

    def sync() -> None:
        if device == "cuda":
            torch.cuda.synchronize()

    if device == "cuda":
        phobos_args: tuple[Any, ...] = (a, b, c)
    else:
        phobos_args = (a.numpy(), b.numpy(), c.numpy())
    result: dict[str, Any] = {
        "kernel": f"vector add, f32, {ELEMENTS} elements, torch tensors",
        "launches": launches, "trials": trials, "target_us": TARGET_US,
    }
    c.fill_(float("nan"))
    result["phobos_us"] = per_launch_us(lambda: K.add(*phobos_args), launches, trials, sync)
    result["phobos_correct"] = bool(torch.equal(c, a + b))
    try:
        from benchmarks.peers import triton_peers

        result["triton_us"] = per_launch_us(lambda: triton_peers.add(a, b, c), launches, trials, sync)
    except Exception as exc:  # noqa: BLE001 - Triton missing or failing: recorded, not fatal
        result["triton_us"] = None
        result["triton_error"] = f"{type(exc).__name__}: {exc}"[:400]
    result["torch_us"] = per_launch_us(lambda: torch.add(a, b, out=c), launches, trials, sync)
    mine, triton = result["phobos_us"], result["triton_us"]
    result["meets_target"] = mine <= TARGET_US and (triton is None or mine < triton)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, help="a JSON file to put the result in (kept if it exists)")
    parser.add_argument("--launches", type=int, default=20000, help="launches per trial (default 20000)")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                        help="cpu checks this script without a GPU; its numbers mean nothing")
    opts = parser.parse_args()
    if opts.device == "cpu":
        import os

        os.environ["TRITON_INTERPRET"] = "1"
        os.environ["PHOBOS_INTERPRET"] = "1"
    result = measure(opts.device, opts.launches)
    for name in ("phobos", "triton", "torch"):
        value = result[f"{name}_us"]
        print(f"{name:<7} {'-' if value is None else f'{value:8.2f}'} µs per launch", flush=True)
    print(f"target: at most {TARGET_US:.0f} µs and below Triton: {'met' if result['meets_target'] else 'missed'}")
    if opts.out:
        from benchmarks.bench import header

        data: dict[str, Any] = {}
        if opts.out.exists():
            data = json.loads(opts.out.read_text(encoding="utf-8"))
        else:
            data["header"] = header(opts.device)
        data["launch_overhead"] = result
        opts.out.parent.mkdir(parents=True, exist_ok=True)
        opts.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {opts.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
