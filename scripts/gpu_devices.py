"""Issue 28's device rules on real GPUs (docs/distributed.md): one command, one JSON result.

Run on the GPU machine, from the repository root:

    python3 scripts/gpu_devices.py [--out result.json] [--ledger [PATH]]

Part A needs one GPU or more, and runs on cuda:0:

- `stream`: a launch inside `with torch.cuda.stream(s)` runs on `s`, ordered after a
  sleep and a copy queued there before it (on any other stream it would read the old
  input), its values checked against torch;
- `threads`: four Python threads launch at once, each on its own tensors, each
  result checked;
- `host_tensor_refused`: a CPU tensor among CUDA tensors is refused with a
  PhobosError that names the kernel and the CPU argument (first and middle position);
- `cuda_graph`: a Phobos elementwise launch and a Phobos GEMM captured in a CUDA graph,
  replayed after the inputs are changed in place, the values checked at each replay;
- `tensor_parallel_mlp_gloo_one_gpu`: the tensor-parallel MLP below with both
  processes on cuda:0 over gloo (NCCL takes one process per GPU): two processes
  compiling and launching at once through one disk cache.

Part B needs two GPUs (else each check reads "not run: N GPU(s)"):

- `alternate_devices`: the same kernels on cuda:0 and cuda:1 alternately, checked
  each time;
- `two_devices_refused`: tensors on cuda:0 and cuda:1 in one launch refused, naming both;
- `cuda_graph_cuda1`: `cuda_graph` captured and replayed on cuda:1;
- `tensor_parallel_mlp_nccl`: torch.distributed over NCCL, two processes (one per GPU):
  each rank holds half of W1's columns and half of W2's rows, computes
  gelu(X @ W1_r) @ W2_r with Phobos GEMMs and a Phobos GELU, all_reduce(sum); the sum
  must match the one-GPU result of the same Phobos kernels and torch's (bf16 rounding).

The result is a JSON object (each check's name, result, seconds and detail, the
devices, torch, CUDA, NCCL and driver versions, and scripts/tree.py's tree hash)
printed and written to --out; --ledger appends it as one line to
tests/ledger/devices.jsonl (or PATH). Exit status 0 only if every check that ran passed.

`--cpu-check` runs what a machine without a GPU can: `threads` and the tensor-parallel
MLP over gloo, on CPU tensors and the interpreter (tests/test_gpu_devices_script.py).
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT / "scripts"), str(ROOT / "src")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

# NVLink multicast stays off in every process this starts (the machine's rule: a program
# that uses it can put the host's shared GPUs out of service).
os.environ["NCCL_NVLS_ENABLE"] = "0"
os.environ["TORCH_SYMM_MEM_DISABLE_MULTICAST"] = "1"
os.environ["NVSHMEM_DISABLE_NVLS"] = "1"

LEDGER = ROOT / "tests" / "ledger" / "devices.jsonl"

# Tiles fixed, no @autotune: no timing at the first launch, nothing but the launch to capture.
SOURCE = """
@launch(256)
kernel scale_add(X: tensor<f32>[N], s: f32, B: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.block.x * 1024
  Y[i :+ 1024] = X[i :+ 1024] * s + B[i :+ 1024]
}

@launch(256)
kernel gemm(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 32) {
    acc += dot(A[m0 :+ 128, k :+ 32], B[k :+ 32, n0 :+ 128])
  }
  C[m0 :+ 128, n0 :+ 128] = acc
}

@launch(256)
kernel gelu(X: tensor<f32>[M, N], Y: tensor<bf16>[M, N]) {
  let m0 = ctx.block.y * 32
  let n0 = ctx.block.x * 128
  let x = X[m0 :+ 32, n0 :+ 128]
  Y[m0 :+ 32, n0 :+ 128] = bf16(0.5 * x * (1.0 + erf(x * 0.7071067811865476)))
}
"""
BLOCK, TILE, ROWS = 1024, 128, 32  # scale_add's block; gemm's M, N tile; gelu's rows
MLP_SIZES = (512, 256, 1024)  # M, D, H: seconds on the GPU, well under one on the interpreter
TP_TOLERANCE = 2e-3  # |tensor-parallel - one device| / max|one device|: f32 sums in two orders
TORCH_TOLERANCE = 2e-2  # |Phobos - torch| / max|torch|: bf16 hidden activations


class CheckFailed(Exception):
    """A check's values or refusal were not what the rule says."""


def expect(condition: bool, message: str) -> None:
    """Fail the check with `message` unless `condition` (an assert that -O keeps)."""
    if not condition:
        raise CheckFailed(message)


@functools.cache
def kernels() -> Any:
    """The script's kernels, compiled once per process (each spawned rank its own)."""
    import phobos

    return phobos.compile(SOURCE)


def sync(device: str) -> None:
    """Wait for `device`'s work (nothing to wait for on the CPU)."""
    import torch

    if device.startswith("cuda"):
        torch.cuda.synchronize(device)


def scale_add(x: Any, s: float, b: Any, y: Any) -> None:
    """y = x * s + b with the Phobos kernel (len(x) a multiple of BLOCK)."""
    kernels().scale_add[x.numel() // BLOCK](x, s, b, y)


def gemm(a: Any, b: Any) -> Any:
    """a @ b (bf16 in, f32 out) with the Phobos GEMM, into a new tensor on a's device."""
    import torch

    c = torch.empty(a.shape[0], b.shape[1], dtype=torch.float32, device=a.device)
    kernels().gemm[(b.shape[1] // TILE, a.shape[0] // TILE)](a, b, c)
    return c


def mlp_block(x: Any, w1: Any, w2: Any) -> Any:
    """gelu(x @ w1) @ w2 with Phobos kernels: bf16 operands, hidden rounded to bf16, f32 out."""
    import torch

    h = gemm(x, w1)
    a = torch.empty(h.shape, dtype=torch.bfloat16, device=h.device)
    kernels().gelu[(h.shape[1] // TILE, h.shape[0] // ROWS)](h, a)
    return gemm(a, w2)


def mlp_torch(x: Any, w1: Any, w2: Any) -> Any:
    """The same block in torch, f32 products of the bf16 operands (no TF32)."""
    import torch

    allowed = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False
    try:
        hidden = torch.nn.functional.gelu(x.float() @ w1.float()).to(torch.bfloat16)
        return hidden.float() @ w2.float()
    finally:
        torch.backends.cuda.matmul.allow_tf32 = allowed


def mlp_inputs(sizes: tuple[int, int, int], seed: int) -> tuple[Any, Any, Any]:
    """X [M, D], W1 [D, H], W2 [H, D] in bf16 on the CPU, the same in every process."""
    import torch

    m, d, h = sizes
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(m, d, generator=g).to(torch.bfloat16)
    w1 = (torch.randn(d, h, generator=g) / d**0.5).to(torch.bfloat16)
    w2 = (torch.randn(h, d, generator=g) / h**0.5).to(torch.bfloat16)
    return x, w1, w2


def shard(w1: Any, w2: Any, rank: int, world: int) -> tuple[Any, Any]:
    """Rank `rank`'s shards: its block of W1's columns and the same block of W2's rows."""
    step = w1.shape[1] // world
    return w1[:, rank * step:(rank + 1) * step].contiguous(), w2[rank * step:(rank + 1) * step, :].contiguous()


def relative_error(got: Any, want: Any) -> float:
    """max |got - want| over max |want| (at least 1e-6)."""
    scale = max(float(want.abs().max()), 1e-6)
    return float((got.double() - want.double()).abs().max()) / scale


# Part A: one device


def check_stream(device: str) -> str:
    """A launch inside `torch.cuda.stream(s)` runs on s: after s's sleep and copy."""
    import torch

    n = 1 << 20
    with torch.cuda.device(device):
        x = torch.zeros(n, device=device)
        b = torch.ones(n, device=device)
        y = torch.full((n,), -1.0, device=device)
        new = torch.arange(n, device=device, dtype=torch.float32) % 1000
        scale_add(x, 2.0, b, y)  # compiled and planned before the timed part
        torch.cuda.synchronize(device)
        side = torch.cuda.Stream(device)
        with torch.cuda.stream(side):
            torch.cuda._sleep(50_000_000)  # tens of ms: a launch on another stream would run first
            x.copy_(new)
            scale_add(x, 2.0, b, y)
            z = y + 1.0  # a torch operator after it on s
        side.synchronize()
        want = new * 2.0 + 1.0
        expect(torch.equal(y, want), f"y after the launch on a side stream: {int((y != want).sum())} of {n} "
               "elements differ (the launch did not wait for the stream's copy)")
        expect(torch.equal(z, want + 1.0), "a torch operator after the launch on the stream read other values")
    return f"{n} elements on a side stream of {device}, after a sleep and a copy queued there"


def check_threads(device: str, threads: int = 4, rounds: int = 10) -> str:
    """Launches from several threads at once, each on its own tensors, each result checked."""
    import torch

    n = (1 << 18) if device.startswith("cuda") else 4 * BLOCK
    warm = torch.zeros(n, device=device)
    scale_add(warm, 1.0, warm, torch.empty_like(warm))  # the plan made once, before the race
    sync(device)
    errors: list[str] = []
    barrier = threading.Barrier(threads)

    def work(t: int) -> None:
        try:
            if device.startswith("cuda"):
                torch.cuda.set_device(device)
            x = (torch.arange(n, device=device, dtype=torch.float32) * (t + 1)) % 4096
            barrier.wait(timeout=60)
            for r in range(rounds):
                b = torch.full((n,), float(r * threads + t), device=device)
                y = torch.empty(n, device=device)
                scale_add(x, float(t + 2), b, y)  # integer values: exact with or without an FMA
                want = x * float(t + 2) + b
                if not torch.equal(y, want):
                    errors.append(f"thread {t} round {r}: {int((y != want).sum())} of {n} elements differ")
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(f"thread {t}: {type(exc).__name__}: {exc}")

    workers = [threading.Thread(target=work, args=(t,)) for t in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=120)
    expect(not any(w.is_alive() for w in workers), "a thread did not finish within 120 s")
    expect(not errors, "; ".join(errors[:5]))
    return f"{threads} threads x {rounds} launches of {n} elements on {device}"


def check_host_tensor_refused(device: str) -> str:
    """A CPU tensor among CUDA tensors is refused by name, and nothing is written."""
    import torch

    from phobos import PhobosError

    n = 4 * BLOCK
    said = []
    for cpu_arg in ("X", "B"):
        x = torch.ones(n, device="cpu" if cpu_arg == "X" else device)
        b = torch.ones(n, device="cpu" if cpu_arg == "B" else device)
        y = torch.full((n,), -1.0, device=device)
        try:
            scale_add(x, 2.0, b, y)
        except PhobosError as exc:
            text = str(exc)
            expect(f"argument `{cpu_arg}`" in text and "host (CPU) memory" in text and "`scale_add`" in text,
                   f"the refusal does not name kernel `scale_add` and argument `{cpu_arg}` in host memory: {text}")
            said.append(text.splitlines()[0])
        else:
            raise CheckFailed(f"a CPU tensor for `{cpu_arg}` among {device} tensors was launched, not refused")
        sync(device)
        expect(bool((y == -1.0).all()), "the refused launch wrote its output")
    return " | ".join(said)


def check_cuda_graph(device: str) -> str:
    """A Phobos elementwise launch and GEMM captured in a CUDA graph on `device`; each
    replay, after the inputs change in place, gives the new inputs' values."""
    import torch

    n, m, k, cols = 1 << 16, 256, 256, 256
    with torch.cuda.device(device):
        x = torch.zeros(n, device=device)
        b = torch.zeros(n, device=device)
        y = torch.empty(n, device=device)
        a = torch.zeros(m, k, dtype=torch.bfloat16, device=device)
        w = torch.zeros(k, cols, dtype=torch.bfloat16, device=device)
        c = torch.empty(m, cols, device=device)
        grid = (cols // TILE, m // TILE)
        warm = torch.cuda.Stream(device)  # compile and plan before capture, on a side stream (torch's advice)
        warm.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(warm):
            scale_add(x, 3.0, b, y)
            kernels().gemm[grid](a, w, c)
        torch.cuda.current_stream(device).wait_stream(warm)
        torch.cuda.synchronize(device)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            scale_add(x, 3.0, b, y)
            kernels().gemm[grid](a, w, c)
        g = torch.Generator().manual_seed(1)
        for replay in range(3):
            x.copy_((torch.arange(n, dtype=torch.float32) * (replay + 1)) % 777)
            b.fill_(float(replay))
            a.copy_(torch.randn(m, k, generator=g).to(torch.bfloat16))
            w.copy_(torch.randn(k, cols, generator=g).to(torch.bfloat16))
            y.fill_(-1.0)
            c.fill_(-1.0)
            graph.replay()
            torch.cuda.synchronize(device)
            want = x * 3.0 + b
            expect(torch.equal(y, want), f"replay {replay}: {int((y != want).sum())} of {n} elements differ")
            err = relative_error(c, a.float() @ w.float())
            expect(err < 1e-4, f"replay {replay}: the GEMM is off by {err:.2e} relatively")
    return f"2 launches captured on {device}, 3 replays on new inputs checked"


# Part B: two devices


def check_alternate(devices: tuple[str, str], rounds: int = 3) -> str:
    """The same kernels on each device in turn, values checked after each launch."""
    import torch

    n, m = 1 << 16, 256
    g = torch.Generator().manual_seed(2)
    for r in range(rounds):
        for i, device in enumerate(devices):
            x = ((torch.arange(n, dtype=torch.float32) + 7 * r + i) % 1000).to(device)
            b = torch.full((n,), float(i), device=device)
            y = torch.empty(n, device=device)
            scale_add(x, float(r + 1), b, y)
            want = x * float(r + 1) + b
            expect(torch.equal(y, want), f"round {r} on {device}: {int((y != want).sum())} elements differ")
            expect(y.device == torch.device(device), f"the output moved to {y.device}")
            a = torch.randn(m, m, generator=g).to(torch.bfloat16).to(device)
            w = torch.randn(m, m, generator=g).to(torch.bfloat16).to(device)
            err = relative_error(gemm(a, w), a.float() @ w.float())
            expect(err < 1e-4, f"round {r} on {device}: the GEMM is off by {err:.2e} relatively")
    plans = getattr(kernels().scale_add, "plans", None)
    kept = "" if plans is None else f"; scale_add keeps {len(plans)} plans"
    return f"{rounds} rounds on {', '.join(devices)}{kept}"


def check_two_devices_refused(devices: tuple[str, str]) -> str:
    """Tensors on two devices in one launch are refused, naming both arguments."""
    import torch

    from phobos import PhobosError

    n = 4 * BLOCK
    first, second = devices
    x, b, y = torch.ones(n, device=first), torch.ones(n, device=second), torch.zeros(n, device=first)
    try:
        scale_add(x, 1.0, b, y)
    except PhobosError as exc:
        text = str(exc)
        want = f"argument `B`: the array is on {second}, but `X` is on {first}; a launch runs on one device"
        expect(want in text, f"the refusal does not read {want!r}: {text}")
        return text.splitlines()[0]
    raise CheckFailed(f"tensors on {first} and {second} were launched together, not refused")


# The tensor-parallel MLP, one process per rank


def _tp_worker(rank: int, world: int, init: str, backend: str, devices: list[str],
               sizes: tuple[int, int, int], seed: int, out: str) -> None:
    """One rank: its shards of W1 and W2, its partial through Phobos, all_reduce(sum)."""
    import torch
    import torch.distributed as dist

    device = devices[rank]
    if device.startswith("cuda"):
        torch.cuda.set_device(device)
    dist.init_process_group(backend, init_method=init, rank=rank, world_size=world,
                            timeout=datetime.timedelta(seconds=120))
    try:
        x, w1, w2 = mlp_inputs(sizes, seed)
        w1_r, w2_r = shard(w1, w2, rank, world)
        started = time.monotonic()
        y = mlp_block(x.to(device), w1_r.to(device), w2_r.to(device))
        dist.all_reduce(y, op=dist.ReduceOp.SUM)
        sync(device)
        if rank == 0:
            torch.save({"y": y.cpu(), "seconds": time.monotonic() - started}, out)
        dist.barrier()
    finally:
        dist.destroy_process_group()


def check_tensor_parallel(backend: str, devices: list[str], sizes: tuple[int, int, int] = MLP_SIZES,
                          seed: int = 0) -> str:
    """Two processes over `backend`, rank r on devices[r]; their sum must equal the one-device
    Phobos result (computed here, on devices[0]) and torch's."""
    import torch
    import torch.distributed as dist
    import torch.multiprocessing as mp

    expect(dist.is_available(), "torch.distributed is not available in this torch build")
    world = len(devices)
    folder = tempfile.mkdtemp(prefix="phobos-tp-")
    try:
        out = os.path.join(folder, "rank0.pt")
        init = "file://" + os.path.join(folder, "rendezvous")
        mp.spawn(_tp_worker, args=(world, init, backend, devices, sizes, seed, out), nprocs=world, join=True)
        got = torch.load(out)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    device = devices[0]
    x, w1, w2 = (t.to(device) for t in mlp_inputs(sizes, seed))
    one = mlp_block(x, w1, w2).cpu()
    reference = mlp_torch(x, w1, w2).cpu()
    y = got["y"]
    expect(tuple(y.shape) == (sizes[0], sizes[1]), f"the all-reduced result has shape {tuple(y.shape)}")
    to_one, to_torch = relative_error(y, one), relative_error(y, reference)
    one_to_torch = relative_error(one, reference)
    detail = (f"M, D, H = {sizes}, world {world} over {backend} on {', '.join(devices)}; relative max error: "
              f"against one device {to_one:.2e} (limit {TP_TOLERANCE}), against torch {to_torch:.2e}, "
              f"one device against torch {one_to_torch:.2e} (limit {TORCH_TOLERANCE}); rank 0 "
              f"{got['seconds']:.2f} s from inputs to sum")
    expect(to_one <= TP_TOLERANCE and to_torch <= TORCH_TOLERANCE and one_to_torch <= TORCH_TOLERANCE, detail)
    return detail


# Running the checks, and the record


def run_check(name: str, part: str, check: Callable[..., str], *args: Any) -> dict[str, Any]:
    """One check's record: passed (with its detail) or failed (with why), and its seconds."""
    started = time.monotonic()
    try:
        detail, result = check(*args), "passed"
    except CheckFailed as exc:
        detail, result = str(exc), "failed"
    except Exception as exc:  # noqa: BLE001 - any error fails this check, not the run
        frames = traceback.format_exception(exc)
        detail, result = f"{type(exc).__name__}: {exc}"[:2000] + " | " + "".join(frames[-3:])[-1500:], "failed"
    seconds = round(time.monotonic() - started, 2)
    print(f"[{part}] {name}: {result} ({seconds} s) {detail}", flush=True)
    return {"name": name, "part": part, "result": result, "seconds": seconds, "detail": detail}


def not_run(name: str, part: str, why: str) -> dict[str, Any]:
    """A check that could not run here, and why."""
    print(f"[{part}] {name}: not run: {why}", flush=True)
    return {"name": name, "part": part, "result": f"not run: {why}", "seconds": 0.0, "detail": ""}


def gpu_checks(count: int) -> list[dict[str, Any]]:
    """Part A on cuda:0 (count >= 1), Part B on cuda:0 and cuda:1 (count >= 2)."""
    here = "cuda:0"
    checks = [
        run_check("stream", "A", check_stream, here),
        run_check("threads", "A", check_threads, here),
        run_check("host_tensor_refused", "A", check_host_tensor_refused, here),
        run_check("cuda_graph", "A", check_cuda_graph, here),
        run_check("tensor_parallel_mlp_gloo_one_gpu", "A", check_tensor_parallel, "gloo", [here, here]),
    ]
    part_b: list[tuple[str, Callable[..., str], tuple[Any, ...]]] = [
        ("alternate_devices", check_alternate, (("cuda:0", "cuda:1"),)),
        ("two_devices_refused", check_two_devices_refused, (("cuda:0", "cuda:1"),)),
        ("cuda_graph_cuda1", check_cuda_graph, ("cuda:1",)),
        ("tensor_parallel_mlp_nccl", check_tensor_parallel, ("nccl", ["cuda:0", "cuda:1"])),
    ]
    for name, check, args in part_b:
        checks.append(run_check(name, "B", check, *args) if count >= 2 else not_run(name, "B", f"{count} GPU(s)"))
    return checks


def cpu_checks() -> list[dict[str, Any]]:
    """What runs without a GPU: threads and the tensor-parallel MLP over gloo, on the interpreter."""
    why = "--cpu-check (CPU tensors on the interpreter)"
    checks = [not_run("stream", "A", why), run_check("threads", "A", check_threads, "cpu"),
              not_run("host_tensor_refused", "A", why), not_run("cuda_graph", "A", why),
              run_check("tensor_parallel_mlp_gloo_cpu", "A", check_tensor_parallel, "gloo", ["cpu", "cpu"])]
    checks += [not_run(name, "B", why) for name in
               ("alternate_devices", "two_devices_refused", "cuda_graph_cuda1", "tensor_parallel_mlp_nccl")]
    return checks


def environment(count: int) -> dict[str, Any]:
    """The devices and versions the run used."""
    import torch
    from tree import tree_hash

    out: dict[str, Any] = {"python": platform.python_version(), "torch": torch.__version__,
                           "torch_cuda": torch.version.cuda, "gpus": count, "devices": []}
    for i in range(count):
        major, minor = torch.cuda.get_device_capability(i)
        out["devices"].append({"index": i, "name": torch.cuda.get_device_name(i), "arch": f"sm_{major}{minor}"})
    try:
        out["nccl"] = ".".join(map(str, torch.cuda.nccl.version())) if count else None
    except Exception:  # noqa: BLE001 - a build without NCCL
        out["nccl"] = None
    out["driver"] = None
    if count and shutil.which("nvidia-smi"):
        try:
            out["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                           capture_output=True, text=True, timeout=30).stdout.split("\n")[0].strip()
        except (OSError, subprocess.TimeoutExpired):
            out["driver"] = "unknown"
    out["tree"] = tree_hash()
    return out


def summarize(checks: list[dict[str, Any]], env: dict[str, Any], mode: str, command: str) -> dict[str, Any]:
    """The run's record: when, what, where, each check, and whether all that ran passed."""
    ran = [c for c in checks if not c["result"].startswith("not run")]
    failed = [c["name"] for c in ran if c["result"] != "passed"]
    return {"date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"), "mode": mode,
            "command": command, **env, "checks": checks, "ran": len(ran), "failed": failed,
            "passed": bool(ran) and not failed}


def write(record: dict[str, Any], out: Path | None, ledger: Path | None) -> None:
    """The record to --out (indented) and as one line appended to the ledger."""
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(record, indent=2) + "\n")
    if ledger is not None:
        ledger.parent.mkdir(parents=True, exist_ok=True)
        with ledger.open("a") as f:
            f.write(json.dumps(record) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, help="write the JSON result here")
    parser.add_argument("--ledger", nargs="?", type=Path, const=LEDGER, default=None,
                        help=f"append the result as one line to PATH (default {LEDGER.relative_to(ROOT)})")
    parser.add_argument("--cpu-check", action="store_true",
                        help="no GPU: threads and the tensor-parallel MLP over gloo on the interpreter")
    args = parser.parse_args(argv)
    if args.cpu_check and args.ledger is not None and args.ledger.resolve() == LEDGER.resolve():
        print(f"--cpu-check writes no line to {LEDGER.relative_to(ROOT)} (the GPU runs' ledger); give a PATH",
              file=sys.stderr)
        return 2
    command = "python3 scripts/gpu_devices.py " + " ".join(argv if argv is not None else sys.argv[1:])
    import torch

    if args.cpu_check:
        os.environ["PHOBOS_INTERPRET"] = "1"  # read by the spawned ranks too
        count, mode = 0, "cpu-check"
        checks = cpu_checks()
    else:
        count, mode = torch.cuda.device_count() if torch.cuda.is_available() else 0, "gpu"
        if count == 0:
            print("no CUDA device is visible; run on the GPU machine, or --cpu-check here", file=sys.stderr)
            return 2
        checks = gpu_checks(count)
    record = summarize(checks, environment(count), mode, command.strip())
    write(record, args.out, args.ledger)
    print(json.dumps(record, indent=2))
    return 0 if record["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
