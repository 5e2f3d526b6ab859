"""Gate 2, the device agrees: the whole test corpus on the GPU, against the interpreter.

Run on the GPU machine, from the repository root, with one command:

    python3 scripts/gpu_gate.py

It runs every corpus case in every spelling on fresh random inputs, once on the CUDA
back end and once on the interpreter, from the same inputs; then every case that
draws a runtime extent again at each of the extents users pass (1, 2, 3, 5, 4097,
corpus.case.USER_EXTENTS), in its first spelling; then, on the CUDA back end, every
`dot/` case again with the general writer's products on mma.sync (the code sm_80 to
sm_89 run; sm_90a would otherwise run only wgmma). Every output the kernel
only writes is poisoned first (in both runs alike), so an element the GPU leaves
unwritten shows. Integer and bool outputs must match bit for bit; float outputs
within max(the case's own tolerance, corpus/gate.py's FLOOR). Then the corpus runs
again under compute-sanitizer, once with memcheck and once with racecheck; each must
report no error. Meanwhile, from the start, scripts/difftest.py compares the GPU with
the interpreter on 10,000 random valid kernels, on all but two of the CPUs, so that the
gate fits one 10-minute command. Finally one line is appended to
tests/ledger/<arch>.jsonl (README.md there).

Options: `--cases-only` (what runs under the sanitizer: the corpus, no ledger),
`--first-failure` (the corpus stops at its first failure: scripts/mutants.py's gate 2),
`-k TEXT` (only cases whose name holds TEXT), `--no-sanitizer`, `--no-ledger`,
`--budget SECONDS` (the sanitizer runs stop in time for the whole run to end by then),
`--difftest-count N` (kernels of the differential run, default 10,000),
`--difftest-budget SECONDS` (its own limit, default 540), `--no-difftest`, or
`--difftest-summary PATH` to take the counts of a run made on its own (its summary.json,
which must name this tree) where the two do not fit one command, and `--case-limit
SECONDS` (default 240; 0: none): a corpus run still going after that long stops the gate
with "STALL <run>" on stderr and exit status 3, since a kernel that never finishes would
otherwise hold a quiet gate until its command's limit (the sanitizer's runs have none:
their own timeout stops them).

`--backend tileir` runs the corpus through the Tile IR back end instead (PHOBOS_BACKEND
=tileir, for the sanitizer's runs too): a kernel that back end refuses by name (a
per-thread construct, or one it does not lower yet) counts as refused, not failed;
there is no differential run; the line goes to tests/ledger/<arch>.tileir.jsonl. The
GPU machine has no tileiras, so its cubins are built first where tileiras is, into
the cache directory that then travels with the command (PHOBOS_CACHE_DIR):

    PHOBOS_CACHE_DIR=DIR python3 scripts/gpu_gate.py --tileir-cubins sm_90 [-k TEXT]

in a checkout at the same path as the one the gate runs from (a Python-spelled kernel's
cubin key names its file by its absolute path); the gate stops at once, saying so,
where the cache lacks this checkout's cubins and tileiras is not there to build them.
"""

from __future__ import annotations

import argparse
import contextlib
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
import tempfile
import threading
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from corpus.gate import FLOOR, drawn, floored, to_device, to_host  # noqa: E402
from tree import goldens_hash, tree_hash  # noqa: E402  (scripts/, beside this file)

SANITIZER_TOOLS = ("memcheck", "racecheck")
CASE_LIMIT = 240.0  # seconds one corpus run may take before the gate calls it stalled
STALL_EXIT = 3


def run_case(case: Any, spelling: str, fresh: bool = False) -> None:
    """One case in one spelling: GPU against the interpreter, on the same inputs. With
    `fresh`, through a copy of the kernel with no launches of its own yet, so that its
    code is written again under the settings of now (a kernel keeps each launch key's
    code)."""
    import torch
    from corpus import harness

    kernel = harness.kernel_for(case, spelling)
    if fresh:
        kernel = kernel.with_options()
    seed = harness.fresh_seeds()[0]
    args, outputs = drawn(case, kernel, seed)
    reference = copy.deepcopy(args)
    harness.launch(kernel, case.grid, reference, "interp", dict(case.meta))
    on_gpu = {name: to_device(v) for name, v in args.items()}
    kernel[case.grid](**on_gpu, **case.meta)  # the public launch path; a visible GPU is chosen
    torch.cuda.synchronize()
    for name in outputs:
        got, want = to_host(on_gpu[name]), reference[name]
        rtol, atol = floored(case.tolerance(name), want.dtype)
        try:
            harness.compare(name, got, want, rtol, atol, name in case.unordered)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n(random seed {seed})") from None


def refused_by_tileir(exc: Exception) -> bool:
    """Whether a launch failed because the Tile IR back end refuses the kernel by name."""
    from phobos.errors import PhobosError

    return (isinstance(exc, PhobosError) and os.environ.get("PHOBOS_BACKEND") == "tileir"
            and "the Tile IR back end does not" in str(exc))


def corpus_runs(only: str | None) -> list[tuple[Any, str, int | None, bool]]:
    """(case, spelling, forced extent, mma.sync): every case in every spelling at the
    extents it draws, then each case that draws one in its first spelling at each user
    extent, then, on the CUDA back end, each `dot/` case in its first spelling with the
    general writer's products on mma.sync (the code sm_80 to sm_89 run, which sm_90a's
    wgmma would otherwise leave untried here)."""
    from corpus import cases
    from corpus.case import USER_EXTENTS, draws_an_extent

    chosen = [case for case in cases.CASES if not only or only in case.name]
    runs: list[tuple[Any, str, int | None, bool]] = [(case, s, None, False) for case in chosen for s in case.spellings]
    runs += [(case, case.spellings[0], n, False) for case in chosen if draws_an_extent(case) for n in USER_EXTENTS]
    if os.environ.get("PHOBOS_BACKEND") != "tileir":
        runs += [(case, case.spellings[0], None, True) for case in chosen if case.name.startswith("dot/")]
    return runs


@contextlib.contextmanager
def products_on_mma_sync(on: bool) -> Iterator[None]:
    """Inside, with `on`, the general writer's products take mma.sync, not wgmma."""
    from phobos.backends.cuda.plan.products import ENV_GENERAL_WGMMA

    saved = os.environ.get(ENV_GENERAL_WGMMA)
    if on:
        os.environ[ENV_GENERAL_WGMMA] = "0"
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(ENV_GENERAL_WGMMA, None)
        else:
            os.environ[ENV_GENERAL_WGMMA] = saved


@contextlib.contextmanager
def stall_watch(label: str, limit: float) -> Iterator[None]:
    """Inside, a run that goes past `limit` seconds (0: no limit) ends the gate, saying
    which run it was, with exit status STALL_EXIT: a kernel that never finishes would
    otherwise hold a quiet gate silently until its command's own limit. A thread
    watches, so the run may be waiting in a driver call."""
    if limit <= 0:
        yield
        return

    def stalled() -> None:
        print(f"STALL {label}: still running after {limit:g} s; the gate stops here", file=sys.stderr,
              flush=True)
        sys.stdout.flush()
        os._exit(STALL_EXIT)

    timer = threading.Timer(limit, stalled)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def run_corpus(only: str | None, quiet: bool, first_failure: bool = False,
               case_limit: float = CASE_LIMIT) -> dict[str, Any]:
    from corpus.case import forced_extent

    passed, failed, refused = 0, [], []
    for case, spelling, extent, mma_sync in corpus_runs(only):
        label = f"{case.name} [{spelling}]" + (f" at extent {extent}" if extent else "") + (
            " on mma.sync" if mma_sync else "")
        try:
            with stall_watch(label, case_limit), products_on_mma_sync(mma_sync):
                if extent is None:
                    run_case(case, spelling, fresh=mma_sync)
                else:
                    with forced_extent(extent):
                        run_case(case, spelling)
            passed += 1
            if not quiet:
                print(f"pass {label}", flush=True)
        except Exception as exc:  # noqa: BLE001 - every failure is counted and shown
            if refused_by_tileir(exc):
                refused.append(label)
                continue
            failed.append(label)
            print(f"FAIL {label}: {type(exc).__name__}: {str(exc)[:2000]}", flush=True)
            if not quiet:
                traceback.print_exc()
            if first_failure:
                break
    return {"passed": passed, "failed": len(failed), "failures": failed, "refused": len(refused)}


def build_tileir_cubins(arch: str, only: str | None) -> int:
    """Every corpus kernel's variants (of the cases whose name holds `only`, where
    given), both spellings, as Tile IR cubins for `arch`, into the cache (on a machine
    with tileiras, no GPU needed), each in the specializations a launch asks for (a
    launch whose dims fit neither runs the first); refused kernels are skipped."""
    from corpus import cases, harness

    from phobos.backends.tileir.launch import prebuild

    built = refused = 0
    for case in cases.CASES:
        if only and only not in case.name:
            continue
        for spelling in case.spellings:
            for variant in harness.kernel_for(case, spelling).variants:
                if prebuild(variant, arch):
                    built += 1
                else:
                    refused += 1
    print(f"{built} Tile IR variants built for {arch} into the cache, {refused} refused")
    return 0


def tileir_cubins_missing(arch: str, only: str | None) -> str | None:
    """Where tileiras is not installed: why the cache lacks a cubin for this checkout's
    corpus (None where the first case Tile IR takes has its cubins in every spelling), so
    that the gate stops at once rather than failing every case. A cubin's key holds the
    module's text, and a Python-spelled kernel's locations name its file by its absolute
    path: cubins built in a checkout at another path are not this one's."""
    from corpus import cases, harness

    from phobos import PhobosError
    from phobos.backends.gpu.cache import cache_dir
    from phobos.backends.tileir.assemble import can_build, installed
    from phobos.backends.tileir.launch import lowered, specializations

    if installed():
        return None
    for case in cases.CASES:
        if only and only not in case.name:
            continue
        for spelling in case.spellings:
            variant = harness.kernel_for(case, spelling).variants[0]
            try:
                lowered(variant)
            except PhobosError:
                break  # refused by name, as the gate counts it: the next case
            modules = (lowered(variant, spec) for _, spec in specializations(variant))
            if not any(can_build(gen.source, bytecode, arch) for gen, bytecode in modules):
                return (f"the cache ({cache_dir()}) has no Tile IR cubin for `{case.name}` [{spelling}] from this "
                        f"checkout ({ROOT}): build them with `PHOBOS_CACHE_DIR=DIR python3 scripts/gpu_gate.py "
                        f"--tileir-cubins {arch}` in a checkout at this same path (a Python-spelled kernel's "
                        "cubin key names its file by its absolute path)")
        else:
            return None
    return None


def sanitize(tool: str, only: str | None, timeout: float) -> dict[str, Any]:
    """The corpus under compute-sanitizer with one tool: 'clean', or what it reported."""
    exe = shutil.which("compute-sanitizer")
    # API errors are left out: cuda-bindings probes the driver for entry points this
    # driver lacks (cuGetProcAddress), which says nothing about the kernels' memory.
    command = ["compute-sanitizer", "--tool", tool, "--report-api-errors", "no", "--error-exitcode", "97",
               sys.executable, "scripts/gpu_gate.py", "--cases-only", "--quiet", "--case-limit", "0"]
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
    totals = re.compile(r"(ERROR|RACECHECK) SUMMARY")
    summary = [line for line in out.splitlines() if totals.search(line) or line.startswith("FAIL ")]
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


class Difftest:
    """scripts/difftest.py run beside the corpus and the sanitizer's runs (it takes all
    but two of the CPUs; they take one and the GPU), so that the whole gate fits one
    command; or the counts of a run made on its own, read from its summary.json."""

    def __init__(self, count: int, budget: float, summary_path: str | None) -> None:
        self.summary_path = summary_path
        self.command = [sys.executable, "scripts/difftest.py", "--count", str(count), "--budget", str(budget),
                        "--jobs", str(max(1, (os.cpu_count() or 1) - 2)), "--quiet"]
        self.budget = budget
        self.process: subprocess.Popen[str] | None = None
        if summary_path is None:
            self.out = Path(tempfile.mkdtemp(prefix="phobos-difftest-"))
            self.command += ["--out", str(self.out)]
            self.started = time.monotonic()
            self.process = subprocess.Popen(self.command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                            text=True)

    def result(self) -> dict[str, Any]:
        """The run's counts once it has ended ('agreed' only where nothing disagreed)."""
        shown = " ".join(self.command)
        if self.process is not None:
            try:
                output, _ = self.process.communicate(timeout=max(60.0, self.budget + 300 - self.elapsed()))
            except subprocess.TimeoutExpired:
                self.process.kill()
                return {"command": shown, "result": f"timed out after {self.elapsed():.0f} s"}
            print(output[-4000:])
            path, seconds = self.out / "summary.json", round(self.elapsed())
            if not path.exists():
                return {"command": shown, "result": f"exit status {self.process.returncode}, no summary"}
        else:
            assert self.summary_path is not None
            path, seconds = Path(self.summary_path), None
        summary = json.loads(path.read_text())
        if summary["tree"] != tree_hash():
            return {"summary": str(path), "result": "not counted: the summary names another tree"}
        counts = summary["counts"]
        clean = (counts["disagreed"] == counts["refused"] == counts["errors"] == counts.get("unfinished", 0) == 0
                 and not summary["dry_run"])
        return {
            "command": shown if self.process is not None else f"summary {path}",
            "result": "agreed" if clean else "failed",
            **counts,
            "seed": summary["seed"],
            "seconds": seconds if seconds is not None else summary["wall_seconds"],
            # where a kernel's time went, each step's mean (the run's count hangs on it)
            "seconds_per_kernel": summary.get("seconds_per_kernel", {}),
            "failed_seeds": sorted(f["seed"] for kind in summary["failures"].values() for f in kind)[:50],
            "failures": _failure_lines(summary["failures"]),
            "summary": str(path),
        }

    def elapsed(self) -> float:
        return time.monotonic() - self.started


def _failure_lines(failures: dict[str, list[dict[str, Any]]], most: int = 12) -> list[str]:
    """The first failures of a differential run in a line each (its seed, what went wrong
    at which step, and the message's first line: the exception, or the first output that
    differs), so that the gate's own output says why, not only the summary it leaves on
    the GPU machine."""
    lines = []
    for kind, found in failures.items():
        for f in found:
            message = [text for text in str(f.get("message", "")).splitlines() if text.strip()]
            first = message[0].strip() if message else ""
            lines.append(f"seed {f['seed']}: {kind} at {f.get('stage', '?')}: {first[:300]}")
    return lines[:most]


def versions() -> dict[str, str]:
    from cuda.bindings import driver

    import phobos.backends.cuda.runtime.compile as compile_module

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
    parser.add_argument("--first-failure", action="store_true", help="stop the corpus at its first failure")
    parser.add_argument("-k", dest="only")
    parser.add_argument("--no-sanitizer", action="store_true")
    parser.add_argument("--no-ledger", action="store_true")
    parser.add_argument("--budget", type=float, default=540.0)
    parser.add_argument("--difftest-count", type=int, default=10_000)
    parser.add_argument("--difftest-budget", type=float, default=540.0)
    parser.add_argument("--difftest-summary")
    parser.add_argument("--no-difftest", action="store_true")
    parser.add_argument("--backend", choices=("cuda", "tileir"), default="cuda")
    parser.add_argument("--tileir-cubins", metavar="ARCH")
    parser.add_argument("--case-limit", type=float, default=CASE_LIMIT)
    args = parser.parse_args()
    if args.tileir_cubins:
        return build_tileir_cubins(args.tileir_cubins, args.only)
    started = time.monotonic()
    os.environ.setdefault("PHOBOS_CUDA_SYNC", "1")
    import torch
    from cuda.core import Device

    device = Device(torch.cuda.current_device())
    major, minor = device.compute_capability
    arch = f"sm_{major}{minor}"
    if args.backend == "tileir":
        os.environ["PHOBOS_BACKEND"] = "tileir"  # for the sanitizer's runs of this script too
        args.no_difftest = True
        missing = tileir_cubins_missing(arch, args.only)
        if missing is not None:
            print(f"gate not run: {missing}", file=sys.stderr)
            return 2
    running = None
    if not (args.cases_only or args.no_difftest):
        running = Difftest(args.difftest_count, args.difftest_budget, args.difftest_summary)
    counts = run_corpus(args.only, args.quiet, args.first_failure, args.case_limit)
    print(f"{counts['passed']} passed, {counts['failed']} failed, {counts['refused']} refused", flush=True)
    if args.cases_only:
        return 1 if counts["failed"] else 0
    arrays = device_arrays() if args.backend == "cuda" else {"result": "not run: the CUDA back end's launches"}
    sanitizer = {}
    if not args.no_sanitizer:
        for k, tool in enumerate(SANITIZER_TOOLS):
            left = args.budget - (time.monotonic() - started) - 15
            sanitizer[tool] = sanitize(tool, args.only, left / (len(SANITIZER_TOOLS) - k))
    generated = running.result() if running is not None else {"result": "not run (--no-difftest)"}
    line = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "gpu": device.name,
        "arch": arch,
        **versions(),
        "backend": args.backend,
        "passed": counts["passed"],
        "failed": counts["failed"],
        "refused": counts["refused"],
        "failures": counts["failures"][:50],
        "filter": args.only,
        "tolerance": "ints and bools bit for bit; floats max(case tolerance, " + json.dumps(FLOOR) + ")",
        "device_arrays": arrays,
        "sanitizer": sanitizer or "not run (--no-sanitizer)",
        "difftest": generated,
        "tree": tree_hash(),
        "goldens": goldens_hash(args.backend),
    }
    if not args.no_ledger:
        ledger = ROOT / "tests" / "ledger" / (f"{arch}.jsonl" if args.backend == "cuda" else f"{arch}.tileir.jsonl")
        with ledger.open("a") as f:
            f.write(json.dumps(line) + "\n")
        print(f"appended to {ledger.relative_to(ROOT)}")
    print(json.dumps(line, indent=2))
    clean = all(s.get("result") == "clean" for s in sanitizer.values())
    arrays_ok = arrays["result"] == "passed" or args.backend == "tileir"
    generated_ok = args.no_difftest or generated["result"] == "agreed"
    return 0 if counts["failed"] == 0 and arrays_ok and (clean or args.no_sanitizer) and generated_ok else 1


if __name__ == "__main__":
    sys.exit(main())
