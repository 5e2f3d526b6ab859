"""What one launch costs the host: a small, already-compiled kernel launched from Python.

    PYTHONPATH=src python3 benchmarks/launch_overhead.py [--out FILE] [--launches N]

The kernel is a vector add of 4096 f32 elements on torch tensors, launched the way
a user launches it (`benchmarks.kernels.add`: the user's wrapper picks the kernel by
dtype and works out the grid, then the launch: the argument checks, the variant and
the driver call), and as the launch alone (`kernel[grid](a, b, c, BLOCK=...)`, what
issue 13 holds to torch.add's cost), beside the Triton kernel of the same operation
and torch's own add. Each runs once untimed (so it is compiled), then N times back to
back with one synchronization at the end; the wall time over N is the cost of a
launch as the host sees it, since the GPU finishes a 4096-element add in far less.
N is 20000 (a fifth of a second a trial for Phobos): with 2000, a trial lasted 20 ms
and the host's jitter moved the median by a third from run to run.

The lent machine's host is shared, and its speed drifts within a minute (torch.add
alone went from 6.1 to 9.3 µs between two processes on 2026-11-30). So the trials
take turns: each round times every launcher once, and each launcher's figure is the
median of its rounds, all seen under the same drift. The same rounds time the floor
under every launcher: the driver's cuLaunchKernel of the same loaded kernel through
cuda-bindings, with its arguments made beforehand. Target: at most 10 µs a launch,
and below Triton.

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


def per_launch_us(launchers: dict[str, Callable[[], Any]], launches: int, trials: int,
                  sync: Callable[[], None]) -> dict[str, float]:
    """Each launcher's median over `trials` rounds of (wall time of `launches` launches +
    one sync) / launches; a round times every launcher once, in turn."""
    for launch in launchers.values():
        launch()
    sync()
    results: dict[str, list[float]] = {name: [] for name in launchers}
    for _ in range(trials):
        for name, launch in launchers.items():
            sync()
            start = time.perf_counter()
            for _ in range(launches):
                launch()
            sync()
            results[name].append((time.perf_counter() - start) / launches * 1e6)
    return {name: statistics.median(times) for name, times in results.items()}


def prepared_launch(kernel: Any, arguments: tuple[Any, ...], keywords: dict[str, Any]) -> tuple[Any, list[int]]:
    """The CUDA back end's prepared launch a repeat launch of `kernel` with these
    arguments takes, and their pointers (the kernel was launched with them before)."""
    read = kernel.key_readers.find(arguments, keywords)
    key, pointers = read(arguments, keywords)
    return kernel.plans[key].run, pointers


def _bare_driver_launch(a: Any, b: Any, c: Any) -> Callable[[], Any]:
    """The driver's launch of the kernel `benchmarks.kernels.add` runs, everything made
    beforehand: the floor under any launcher that goes through cuda-bindings."""
    from benchmarks import kernels as K
    from phobos.backends.cuda.runtime import launch as launch_module

    K.add(a, b, c)
    kernel, block = K._ADD["float32"]
    prepared, _ = prepared_launch(kernel, (a, b, c), {"BLOCK": block})
    launch, function = prepared._driver.cuLaunchKernel, prepared._function
    stream = launch_module._wrap_stream(prepared.stream() or launch_module.STREAM_LEGACY)
    threads, shared, params = prepared._block, prepared._shared, prepared._params
    grid = K.cdiv(ELEMENTS, block)
    return lambda: launch(function, grid, 1, 1, threads, 1, 1, shared, stream, params, 0)


def measure(device: str = "cuda", launches: int = 20000, trials: int = 5) -> dict[str, Any]:
    """Microseconds per launch for Phobos, Triton and torch, on tensors of `device`."""
    import torch

    from benchmarks import kernels as K

    if device == "cpu":  # a check of this script without a GPU: the interpreter and Triton's
        launches, trials = min(launches, 20), 1
    g = torch.Generator(device=device).manual_seed(0)
    a, b, c = (torch.randn(ELEMENTS, generator=g, device=device) for _ in range(3))

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
    K.add(*phobos_args)
    sync()
    result["phobos_correct"] = bool(torch.equal(c, a + b))
    kernel, block = K._ADD["float32"]
    grid = K.cdiv(ELEMENTS, block)
    launchers: dict[str, Callable[[], Any]] = {
        "phobos": lambda: K.add(*phobos_args),
        "phobos_launch": lambda: kernel[grid](*phobos_args, BLOCK=block),
    }
    try:
        from benchmarks.peers import triton_peers

        triton_peers.add(a, b, c)
        launchers["triton"] = lambda: triton_peers.add(a, b, c)
    except Exception as exc:  # noqa: BLE001 - Triton missing or failing: recorded, not fatal
        result["triton_error"] = f"{type(exc).__name__}: {exc}"[:400]
    launchers["torch"] = lambda: torch.add(a, b, out=c)
    if device == "cuda":
        launchers["driver"] = _bare_driver_launch(a, b, c)
    medians = per_launch_us(launchers, launches, trials, sync)
    for name in ("phobos", "phobos_launch", "triton", "torch", "driver"):
        result[f"{name}_us"] = medians.get(name)
    mine, triton = result["phobos_us"], result["triton_us"]
    result["meets_target"] = mine <= TARGET_US and (triton is None or mine < triton)
    result["launch_within_torch"] = result["phobos_launch_us"] <= result["torch_us"]
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
    for name in ("phobos", "phobos_launch", "triton", "torch", "driver"):
        value = result[f"{name}_us"]
        print(f"{name:<13} {'-' if value is None else f'{value:8.2f}'} µs per launch", flush=True)
    print(f"target: at most {TARGET_US:.0f} µs and below Triton: {'met' if result['meets_target'] else 'missed'}; "
          f"the launch alone at most torch.add's: {'met' if result['launch_within_torch'] else 'missed'}")
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
