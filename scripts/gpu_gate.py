"""Gate 2, the device agrees: the whole test corpus on the GPU, against the interpreter.

Run on the GPU machine, from the repository root, with one command:

    python3 scripts/gpu_gate.py

It runs every corpus case in every spelling on fresh random inputs, once on the CUDA
back end and once on the interpreter, from the same inputs. Every output the kernel
only writes is poisoned first (in both runs alike), so an element the GPU leaves
unwritten shows. Integer and bool outputs must match bit for bit; float outputs
within max(the case's own tolerance, FLOOR below). Then the corpus runs again under
compute-sanitizer, once with memcheck and once with racecheck; each must report no
error. Finally one line is appended to tests/ledger/<arch>.jsonl (README.md there).

Options: `--cases-only` (what runs under the sanitizer: the corpus, no ledger),
`-k TEXT` (only cases whose name holds TEXT), `--no-sanitizer`, `--no-ledger`,
`--budget SECONDS` (the sanitizer runs stop in time for the whole run to end by then).
"""

from __future__ import annotations

import argparse
import copy
import datetime
import importlib.util
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

import ml_dtypes  # noqa: E402
import numpy as np  # noqa: E402
from tree import tree_hash  # noqa: E402  (scripts/, beside this file)

# Floats agree within the case's tolerance, or within this floor where it is tighter:
# CUDA's precise math functions are within 2 ulp of the correctly rounded results the
# interpreter computes, and sums may add in another order.
FLOOR = {"float64": (1e-12, 1e-300), "float32": (4e-6, 1e-6), "float16": (2e-3, 1e-4), "bfloat16": (1.6e-2, 1e-4)}
POISON_FLOAT = -1.25e30
POISON_BYTE = 0xA5
SANITIZER_TOOLS = ("memcheck", "racecheck")


def poison(array: np.ndarray) -> None:
    """Overwrite an output with a value no kernel computes."""
    if array.dtype == np.bool_:
        array.fill(True)
    elif array.dtype.kind in "iu":
        array.view(np.uint8).fill(POISON_BYTE)
    else:
        with np.errstate(over="ignore"):
            array[...] = POISON_FLOAT


def write_only(variants: list) -> set[str]:
    """Tensors some variant writes and none reads: safe to poison."""
    from phobos.ir import nodes as ir
    from phobos.ir.nodes import written_tensors

    written: set[str] = set()
    read: set[str] = set()
    for v in variants:
        written |= written_tensors(v)
        stack = list(v.body)
        while stack:
            s = stack.pop()
            for root in ir.stmt_exprs(s):
                for e in ir.walk_expr(root):
                    if isinstance(e, ir.Load) or (isinstance(e, ir.Atomic) and e.tile is None):
                        read.add(e.tensor if isinstance(e, ir.Load) else e.target)
            match s:
                case ir.For(body=b) | ir.While(body=b):
                    stack.extend(b)
                case ir.If(body=b, orelse=o):
                    stack.extend(b)
                    stack.extend(o)
    return written - read


def to_device(value: Any) -> Any:
    import torch

    if not isinstance(value, np.ndarray):
        return value
    if value.dtype == ml_dtypes.bfloat16:
        return torch.from_numpy(value.view(np.uint16).copy()).view(torch.bfloat16).cuda()
    return torch.from_numpy(value.copy()).cuda()


def to_host(value: Any) -> np.ndarray:
    import torch

    if value.dtype == torch.bfloat16:
        return value.view(torch.uint16).cpu().numpy().view(ml_dtypes.bfloat16)
    return value.cpu().numpy()


def run_case(case: Any, spelling: str) -> None:
    """One case in one spelling: GPU against the interpreter, on the same inputs."""
    import torch
    from corpus import harness

    kernel = harness.kernel_for(case, spelling)
    seed = harness.fresh_seeds()[0]
    args = case.inputs(np.random.default_rng(seed))
    for name in write_only(kernel.variants):
        if isinstance(args.get(name), np.ndarray):
            poison(args[name])
    with np.errstate(all="ignore"):
        outputs = list(case.expect(copy.deepcopy(args)))
    reference = copy.deepcopy(args)
    harness.launch(kernel, case.grid, reference, "interp", dict(case.meta))
    on_gpu = {name: to_device(v) for name, v in args.items()}
    kernel[case.grid](**on_gpu, **case.meta)  # the public launch path; a visible GPU is chosen
    torch.cuda.synchronize()
    for name in outputs:
        got, want = to_host(on_gpu[name]), reference[name]
        rtol, atol = case.tolerance(name)
        floor = FLOOR.get(str(np.dtype(want.dtype)) if want.dtype != ml_dtypes.bfloat16 else "bfloat16")
        if floor is not None:
            rtol, atol = max(rtol, floor[0]), max(atol, floor[1])
        try:
            harness.compare(name, got, want, rtol, atol, name in case.unordered)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n(random seed {seed})") from None


def run_corpus(only: str | None, quiet: bool) -> dict[str, Any]:
    from corpus import cases

    passed, failed = 0, []
    for case in cases.CASES:
        if only and only not in case.name:
            continue
        for spelling in case.spellings:
            label = f"{case.name} [{spelling}]"
            try:
                run_case(case, spelling)
                passed += 1
                if not quiet:
                    print(f"pass {label}", flush=True)
            except Exception as exc:  # noqa: BLE001 - every failure is counted and shown
                failed.append(label)
                print(f"FAIL {label}: {type(exc).__name__}: {str(exc)[:2000]}", flush=True)
                if not quiet:
                    traceback.print_exc()
    return {"passed": passed, "failed": len(failed), "failures": failed}


def sanitize(tool: str, only: str | None, timeout: float) -> dict[str, Any]:
    """The corpus under compute-sanitizer with one tool: 'clean', or what it reported."""
    exe = shutil.which("compute-sanitizer")
    # API errors are left out: cuda-bindings probes the driver for entry points this
    # driver lacks (cuGetProcAddress), which says nothing about the kernels' memory.
    command = ["compute-sanitizer", "--tool", tool, "--report-api-errors", "no", "--error-exitcode", "97",
               sys.executable, "scripts/gpu_gate.py", "--cases-only", "--quiet"]
    if only:
        command += ["-k", only]
    shown = " ".join(command)
    if exe is None:
        return {"command": shown, "result": "not run: compute-sanitizer is not on the PATH"}
    if timeout < 30:
        return {"command": shown, "result": "not run: no time left in the budget"}
    started = time.monotonic()
    try:
        done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"command": shown, "result": f"timed out after {timeout:.0f} s"}
    out = done.stdout + done.stderr
    summary = [line for line in out.splitlines() if "ERROR SUMMARY" in line or line.startswith("FAIL ")]
    headline = re.compile(r"^========= ((?:Invalid|Program hit|Race|Error|Warning)[^\n]*)", re.M)
    kinds = Counter(m.group(1) for m in headline.finditer(out))
    summary += [f"{n} x {kind}" for kind, n in kinds.most_common(10)]
    if done.returncode == 0:
        result = "clean"
    elif done.returncode == 97:
        result = "errors reported"
    else:
        result = f"exit status {done.returncode}"
    print(out[-6000:])
    return {"command": shown, "result": result, "summary": summary[-5:], "seconds": round(time.monotonic() - started)}


def device_arrays() -> dict[str, Any]:
    """tests/test_cuda_device.py: torch, cupy and jax arrays launched for real."""
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_cuda_device.py"]
    shown = " ".join(command)
    if importlib.util.find_spec("pytest") is None:
        return {"command": shown, "result": "not run: pytest is not installed"}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    lines = (done.stdout + done.stderr).strip().splitlines()
    print("\n".join(lines[-30:]))
    return {"command": shown, "result": "passed" if done.returncode == 0 else "failed", "summary": lines[-1:]}


def versions() -> dict[str, str]:
    from cuda.bindings import driver

    import phobos.backends.cuda.compile as compile_module

    out = {"python": platform.python_version(), "nvrtc": compile_module.nvrtc_version()}
    _, v = driver.cuDriverGetVersion()
    out["driver_cuda"] = f"{v // 1000}.{v % 1000 // 10}"
    try:
        out["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                       capture_output=True, text=True, timeout=30).stdout.split("\n")[0].strip()
    except (OSError, subprocess.TimeoutExpired):
        out["driver"] = "unknown"
    for name in ("cuda.core", "torch"):
        try:
            out[name] = __import__(name, fromlist=["__version__"]).__version__
        except ImportError:
            out[name] = "absent"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases-only", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    parser.add_argument("-k", dest="only")
    parser.add_argument("--no-sanitizer", action="store_true")
    parser.add_argument("--no-ledger", action="store_true")
    parser.add_argument("--budget", type=float, default=540.0)
    args = parser.parse_args()
    started = time.monotonic()
    os.environ.setdefault("PHOBOS_CUDA_SYNC", "1")
    counts = run_corpus(args.only, args.quiet)
    print(f"{counts['passed']} passed, {counts['failed']} failed", flush=True)
    if args.cases_only:
        return 1 if counts["failed"] else 0
    import torch
    from cuda.core import Device

    device = Device(torch.cuda.current_device())
    major, minor = device.compute_capability
    arch = f"sm_{major}{minor}"
    arrays = device_arrays()
    sanitizer = {}
    if not args.no_sanitizer:
        for k, tool in enumerate(SANITIZER_TOOLS):
            left = args.budget - (time.monotonic() - started) - 15
            sanitizer[tool] = sanitize(tool, args.only, left / (len(SANITIZER_TOOLS) - k))
    line = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "gpu": device.name,
        "arch": arch,
        **versions(),
        "passed": counts["passed"],
        "failed": counts["failed"],
        "failures": counts["failures"][:50],
        "filter": args.only,
        "tolerance": "ints and bools bit for bit; floats max(case tolerance, " + json.dumps(FLOOR) + ")",
        "device_arrays": arrays,
        "sanitizer": sanitizer or "not run (--no-sanitizer)",
        "tree": tree_hash(),
    }
    if not args.no_ledger:
        ledger = ROOT / "tests" / "ledger" / f"{arch}.jsonl"
        with ledger.open("a") as f:
            f.write(json.dumps(line) + "\n")
        print(f"appended to {ledger.relative_to(ROOT)}")
    print(json.dumps(line, indent=2))
    clean = all(s.get("result") == "clean" for s in sanitizer.values())
    arrays_ok = arrays["result"] == "passed"
    return 0 if counts["failed"] == 0 and arrays_ok and (clean or args.no_sanitizer) else 1


if __name__ == "__main__":
    sys.exit(main())
