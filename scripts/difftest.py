"""The differential run: random valid kernels on the GPU against the interpreter.

Run on the GPU machine, from the repository root:

    python3 scripts/difftest.py [--count 10000] [--seed 0] [--budget 540] [--out DIR] [--jobs N]

Kernel i is generated from seed `--seed` + i by tests/gen (a quarter of them from the
subset the numpy oracle evaluates, which then checks the interpreter too; every other
one with a fifth of its choices the simplest, as Hypothesis draws). Each is
checked in both spellings (one ir), built by NVRTC for the device, run on the
interpreter and on the GPU from the same fresh inputs, outputs poisoned alike, and
compared with the tolerances of gate 2 (corpus/gate.py). Workers, one process per
core, each do every step of their kernels, so NVRTC and the interpreter run in
parallel and the GPU sees many small launches. Kernels not started when `--budget`
seconds have passed are counted as skipped.

`--dry-run` needs no GPU: NVRTC builds for sm_90 and the interpreter runs twice.
`--host` needs none either: each kernel's CUDA C++, as a launch on the GPU would write
it, runs on the host (tests/cuda_host.py: g++, tensor-core branches compiled out, a
CTA's threads as threads) against the interpreter, so wrong values in the lowering's
sweeps, layouts, masks and shuffles show up without a device. `--host --arch 800` runs
it as an sm_80 device does, products on mma.sync, ldmatrix and cp.async, and `--arch 900`
as the H200 does, products on wgmma, each emulated by its PTX ISA layouts
(tests/cuda_host_mma.py).

DIR/summary.json holds the counts (generated, compiled, ran, agreed, disagreed,
refused by the checker, errors, skipped), how many kernels used each construct, the
seconds each step took, and for every failure its seed, both spellings and what went
wrong; each disagreement is also shrunk (a smaller kernel that still disagrees) and
written beside it as DIR/failures/<seed>[.shrunk].{phobos,py}. The exit status is 1
when any kernel disagreed, was refused, or failed.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import json
import multiprocessing
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests"), str(ROOT / "scripts")]

ORACLE_SHARE = 4  # every 4th kernel comes from the oracle's subset
SIMPLE = 0.2  # the share of simplest choices in every other kernel
SHOWN = 50  # failures kept in the summary, each kind
STRAGGLERS = 45.0  # seconds past the budget a started kernel may take before it counts as unfinished
_state: dict[str, Any] = {}


def worker_init(out: str, mode: str, deadline: float) -> None:
    """`mode`: "gpu", "dry" (the interpreter twice), "host", "host-sm80" or "host-sm90" (cuda_host.py)."""
    os.environ["PHOBOS_CACHE_DIR"] = str(Path(out) / "cubins")
    os.environ.setdefault("PHOBOS_CUDA_SYNC", "1")
    folder = Path(out) / "modules" / str(os.getpid())
    folder.mkdir(parents=True, exist_ok=True)
    _state.update(folder=folder, out=Path(out), mode=mode, deadline=deadline)
    if mode == "gpu":
        # Before any kernel runs here: on the H200 run of 2026-12-01, 6 of 16 workers that
        # first imported torch after running kernels failed inside torch's own import
        # (a custom-op schema it parses), and every kernel of theirs was an error.
        import torch  # noqa: F401


def on_gpu(kernel: Any, program: Any, args: dict[str, Any]) -> dict[str, Any]:
    """The kernel's launch on the GPU, from the same arguments, through the public API."""
    import torch
    from corpus.gate import to_device, to_host

    device = {name: to_device(v) for name, v in args.items()}
    kernel[program.grid](**device)
    torch.cuda.synchronize()
    return {name: to_host(v) if isinstance(v, torch.Tensor) else v for name, v in device.items()}


def twice_on_the_interpreter(kernel: Any, program: Any, args: dict[str, Any]) -> dict[str, Any]:
    from gen import runner

    return runner.run_interp(kernel, runner.Generated(program, None, [], program.easy), args)


def on_the_host(kernel: Any, program: Any, args: dict[str, Any]) -> dict[str, Any]:
    """The CUDA back end's code for the launch, run on the host; arrays in place."""
    from cuda_host import launch

    arch = {"host-sm80": 800, "host-sm90": 900}.get(_state["mode"])
    launch(kernel, program.grid, args, {}, _state["out"] / "host", arch)
    return args


def second_back_end() -> Any:
    return on_the_host if _state["mode"].startswith("host") else {"dry": twice_on_the_interpreter, "gpu": on_gpu}[
        _state["mode"]]


def arch() -> str:
    if _state["mode"] != "gpu":
        return "sm_90"
    from cuda.core import Device

    major, minor = Device().compute_capability
    return f"sm_{major}{minor}"


def one(task: tuple[int, int, bool, float]) -> dict[str, Any]:
    """Every step for one kernel, in a worker."""
    from gen import coverage, oracle, runner

    index, seed, easy, simple = task
    if time.time() > _state["deadline"]:
        return {"index": index, "seed": seed, "status": "skipped"}
    runner.ARCH = arch()
    g = runner.from_seed(seed, easy, simple)
    outcome = runner.check_one(
        g, _state["folder"], input_seed=seed, oracle=oracle.evaluate if easy else None, other=second_back_end(),
        nvrtc=not _state["mode"].startswith("host"),
    )
    result: dict[str, Any] = {
        "index": index,
        "seed": seed,
        "easy": easy,
        "simple": simple,
        "status": outcome.status,
        "stage": outcome.stage,
        "seconds": outcome.seconds,
        "constructs": sorted(coverage.constructs(g.program)),
    }
    if outcome.status != "agreed":
        result.update(message=outcome.message[:6000], native=g.native, python=g.python, input_seed=seed)
    return result


def shrunk(task: tuple[int, bool, float, float]) -> dict[str, Any]:
    """A smaller kernel that disagrees as the one from `seed` does."""
    from gen import oracle, runner

    seed, easy, simple, budget = task
    runner.ARCH = arch()
    g = runner.from_seed(seed, easy, simple)

    def fails(c: runner.Generated) -> bool:
        o = runner.check_one(
            c,
            _state["folder"],
            input_seed=seed,
            oracle=oracle.evaluate if easy else None,
            other=second_back_end(),
            nvrtc=not _state["mode"].startswith("host"),
            python=False,
        )
        return o.status == "disagreed"

    small = runner.shrink(g, fails, budget)
    return {"seed": seed, "native": small.native, "python": small.python, "choices": small.choices}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=540.0, help="seconds; kernels not started by then are skipped")
    parser.add_argument("--out", type=Path, default=None, help="folder for the summary (default: a new temporary one)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--dry-run", action="store_true", help="no GPU: NVRTC for sm_90, the interpreter twice")
    mode.add_argument("--host", action="store_true", help="no GPU: the CUDA code run on the host (tests/cuda_host.py)")
    parser.add_argument("--arch", type=int, choices=(800, 900),
                        help="with --host: as sm_80 (mma.sync) or sm_90a (wgmma) runs it")
    parser.add_argument("--shrink", type=int, default=5, help="disagreements to shrink (each up to 60 s)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    from tree import tree_hash

    out = args.out or Path(tempfile.mkdtemp(prefix="phobos-difftest-"))
    out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    deadline = started + args.budget
    tasks = [(i, args.seed + i, i % ORACLE_SHARE == 0, SIMPLE if i % 2 else 0.0) for i in range(args.count)]
    context = multiprocessing.get_context("spawn")  # CUDA cannot live through a fork
    counts: collections.Counter[str] = collections.Counter()
    constructs: collections.Counter[str] = collections.Counter()
    seconds: collections.Counter[str] = collections.Counter()
    failures: dict[str, list[dict[str, Any]]] = {"disagreed": [], "refused": [], "error": []}
    pending = {task[0]: task for task in tasks}
    if args.arch and not args.host:
        parser.error("--arch goes with --host")
    mode = (f"host-sm{args.arch // 10}" if args.arch else "host") if args.host else "dry" if args.dry_run else "gpu"
    with context.Pool(args.jobs, worker_init, (str(out), mode, deadline)) as pool:
        results = pool.imap_unordered(one, tasks)  # one at a time: `next` takes a timeout only so
        for done in itertools.count(1):
            try:  # a kernel that never ends (on the GPU, or in the interpreter) must not stall the run
                r = results.next(timeout=max(1.0, deadline + STRAGGLERS - time.time()))
            except (StopIteration, multiprocessing.TimeoutError):
                break
            pending.pop(r["index"])
            tally(r, counts, constructs, seconds, failures)
            if not args.quiet and (done % 500 == 0 or r["status"] not in ("agreed", "skipped")):
                print(f"{done}/{args.count}: {dict(counts)}", flush=True)
        unfinished = [unfinished_kernel(*task) for task in pending.values()]
        counts["unfinished"] = len(unfinished)
        failures["unfinished"] = unfinished
        to_shrink = failures["disagreed"][: args.shrink] if not unfinished else []
        left = max(10.0, min(60.0, deadline + 60 - time.time()))
        jobs = [(f["seed"], f["easy"], f["simple"], left) for f in to_shrink]
        shrinks = pool.map(shrunk, jobs) if jobs else []
        pool.terminate()  # workers still inside a kernel that never ends
    write_failures(out, failures, shrinks)
    summary = {
        "tree": tree_hash(),
        "seed": args.seed,
        "dry_run": args.dry_run,
        "mode": mode,
        "wall_seconds": round(time.time() - started, 1),
        "jobs": args.jobs,
        "counts": {
            k: counts[k]
            for k in (
                "generated",
                "compiled",
                "ran",
                "agreed",
                "disagreed",
                "refused",
                "errors",
                "skipped",
                "unfinished",
                "oracle_checked",
            )
        },
        "constructs": dict(sorted(constructs.items())),
        "seconds_per_kernel": {k: round(v / max(counts["generated"], 1), 4) for k, v in sorted(seconds.items())},
        "tolerance": "ints and bools bit for bit; floats max(2 x the generator's error bound, corpus/gate.py FLOOR)",
        "failures": {k: v[:SHOWN] for k, v in failures.items()},
        "shrunk": shrinks,
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(json.dumps({k: summary[k] for k in ("counts", "wall_seconds", "seconds_per_kernel")}, indent=1))
    print(f"summary: {out / 'summary.json'}")
    bad = counts["disagreed"] + counts["refused"] + counts["errors"] + counts["unfinished"]
    return 1 if bad else 0


def tally(
    r: dict[str, Any],
    counts: collections.Counter,
    constructs: collections.Counter,
    seconds: collections.Counter,
    failures: dict[str, list],
) -> None:
    status = r["status"]
    if status == "skipped":
        counts["skipped"] += 1
        return
    counts["generated"] += 1
    stage = r["stage"]
    if status in ("agreed", "disagreed") or stage in ("run", "compare"):
        counts["compiled"] += 1
    if status in ("agreed", "disagreed") or stage == "compare":
        counts["ran"] += 1
    counts[{"agreed": "agreed", "disagreed": "disagreed", "refused": "refused"}.get(status, "errors")] += 1
    if r.get("easy") and status in ("agreed", "disagreed"):
        counts["oracle_checked"] += 1
    constructs.update(r["constructs"])
    seconds.update(r["seconds"])
    if status != "agreed":
        failures["error" if status == "error" else status].append(r)


def unfinished_kernel(index: int, seed: int, easy: bool, simple: float) -> dict[str, Any]:
    """A kernel still running when the run ended, with its source for replaying it alone."""
    from gen import runner

    g = runner.from_seed(seed, easy, simple)
    return {
        "index": index,
        "seed": seed,
        "easy": easy,
        "simple": simple,
        "status": "unfinished",
        "native": g.native,
        "python": g.python,
    }


def write_failures(out: Path, failures: dict[str, list], shrinks: list[dict[str, Any]]) -> None:
    folder = out / "failures"
    folder.mkdir(exist_ok=True)
    for kind in failures.values():
        for f in kind[:SHOWN]:
            (folder / f"{f['seed']}.phobos").write_text(f["native"])
            (folder / f"{f['seed']}.py").write_text(f["python"])
    for s in shrinks:
        (folder / f"{s['seed']}.shrunk.phobos").write_text(s["native"])
        (folder / f"{s['seed']}.shrunk.py").write_text(s["python"])


if __name__ == "__main__":
    sys.exit(main())
