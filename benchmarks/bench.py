"""The GPU benchmark: Phobos's memory-bound kernels and GEMMs beside PyTorch and Triton, in one process.

    PYTHONPATH=src python3 benchmarks/bench.py --out results.json [--only NAME] [--quick]

Run from the repository root on a machine with a CUDA GPU, torch and triton. First
the copy ceiling: torch's device-to-device copy of a 2 GiB buffer. Then, for each
kernel, on the same random inputs: the result of Phobos, PyTorch eager, torch.compile
and a plain Triton kernel is checked against a float64 reference (Phobos's output is
poisoned with NaN first, so an unwritten element fails), and each that passes is
timed with triton.testing.do_bench (median; the L2 cache is flushed before every
run). Bandwidth counts the bytes that must move: every input read once and every
output written once. A table goes to stdout and the same numbers, with a header
naming the date, GPU, driver and command, as JSON to --out.

Then the GEMM rows (benchmarks/gemm.py): each GEMM loop beside cuBLAS (torch.mm,
torch._int_mm) and a Triton matmul written as its tutorial writes it, in TFLOP/s, each
side checked against the f32 product first, the GPU clock recorded before and after;
and issue 23's products (nn.Linear's layout, batches, activation epilogues, i8 weights
stored N x K, f32 operands, an MLP block) beside the peer a user would call instead.

A kernel that fails, errs or crashes is recorded (phobos_tbps null, with an "error")
and the run goes on. A Phobos kernel could leave the CUDA context unusable (an
illegal address is sticky), so before anything is timed a child process runs each
selected Phobos kernel once and checks it; a kernel that kills or hangs the child is
recorded as such and not launched here.

Options: `--only NAME` (repeatable or comma-separated; a name or a prefix of one, see
`--list`), `--quick` (smaller sizes and shorter timing, no torch.compile: a smoke
run), `--no-compile`, `--budget SECONDS` (no new case starts after this), and
`--device cpu`, which checks the harness itself without a GPU: tiny sizes, Phobos on
its interpreter, Triton in its interpreter, wall-clock timing. Its numbers mean
nothing, and Triton's interpreter gets bf16 arithmetic wrong, so there the bf16
vector add's Triton peer fails its check.

Each Phobos kernel also runs through the Tile IR back end (a column of its own). The
GPU machine has no tileiras, so the cubins are built first where it is, into the
cache directory that then travels with the run (PHOBOS_CACHE_DIR):

    PHOBOS_CACHE_DIR=DIR PYTHONPATH=src:. python3 benchmarks/bench.py --tileir-cubins sm_90
"""

from __future__ import annotations

import argparse
import datetime
import functools
import json
import math
import os
import platform
import subprocess
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT / "src"), str(ROOT), str(ROOT / "scripts")):
    if _path not in sys.path:
        sys.path.insert(0, _path)

from tree import tree_hash  # noqa: E402  (scripts/tree.py: the fingerprint the ledger uses too)

# The attention rows (beside SDPA's back ends) and the GEMM rows (beside cuBLAS and Triton).
from benchmarks import attention_rows, gemm  # noqa: E402

GIB = 1 << 30
EPS = 1e-5
COPY_TARGET = 0.92  # of the copy bandwidth measured in the same run
# A preflight check that has not finished after this long is taken to hang.
CASE_TIMEOUT_S = 150.0
FAST_MATH_ROWS = ("softmax", "layer_norm")  # rows also run with math_mode="fast" (phobos_fast)

Tensor = Any  # torch.Tensor; torch is imported only once the device is chosen
Prepared = tuple[Callable[[], Tensor], Tensor]  # a launch writing its output, and that output


def say(text: str) -> None:
    """Progress, flushed at once: the device tool shows only what was printed."""
    print(text, flush=True)


# ---------------------------------------------------------------- the cases


@dataclass
class Case:
    """One benchmark: its inputs, the bytes it must move, and each implementation.

    `phobos` and `triton` share a signature (inputs, then outputs, then scalars);
    `arguments(ins, side)` allocates the outputs for one side ("phobos" or "triton")
    and returns the full argument list and the output to check. `torch_fn` takes the
    inputs named by `torch_args` and returns the result, eagerly or compiled.
    """

    name: str
    kernel: str
    shape: tuple[int, ...]
    dtype: str
    spelling: str
    nbytes: int
    make: Callable[[Any], dict[str, Tensor]]
    reference: Callable[[dict[str, Tensor]], Tensor]
    arguments: Callable[[dict[str, Tensor], str], tuple[list[Any], Tensor]]
    phobos: Callable[..., None]
    triton: Callable[..., None]
    torch_fn: Callable[..., Tensor]
    torch_args: tuple[str, ...]
    tolerance: float


def cases(shrink: int, multiprocessors: int) -> list[Case]:
    """Every benchmark, its sizes divided by `shrink` (1 for the real run)."""
    import torch

    from benchmarks import kernels as K
    from benchmarks.peers import torch_peers as T
    from benchmarks.peers import triton_peers as TR

    f32, bf16 = torch.float32, torch.bfloat16

    def rows(m: int) -> int:
        return max(4, m // shrink // 4 * 4)

    def flat(n: int) -> int:
        return max(1024, n // shrink)

    def normal(device: Any, shape: tuple[int, ...], dtype: Any, seed: int, scale: float = 1.0,
               shift: float = 0.0) -> Tensor:
        g = torch.Generator(device=device).manual_seed(seed)
        x = torch.randn(shape, generator=g, device=device, dtype=torch.float32)
        return (x * scale + shift).to(dtype)

    def f64(t: Tensor) -> Tensor:
        return t.double()

    out: list[Case] = []

    for dtype, label, size in ((f32, "f32", 4), (bf16, "bf16", 2)):
        n = flat(1 << 28)
        out.append(Case(
            f"add_{label}", "vector add", (n,), label, "phobos", 3 * n * size,
            lambda d, n=n, dtype=dtype: {"a": normal(d, (n,), dtype, 1), "b": normal(d, (n,), dtype, 2)},
            lambda ins: f64(ins["a"]) + f64(ins["b"]),
            lambda ins, side: _with_output([ins["a"], ins["b"]], torch.empty_like(ins["a"])),
            K.add, TR.add, T.add, ("a", "b"),
            1e-6 if dtype == f32 else 1e-2,
        ))

    scale_m = rows(1 << 20)  # its own name: the lambda below reads it when called, after `m` is rebound
    out.append(Case(
        "scale_rows", "scale_rows (seed 000)", (scale_m, 64), "f32", "phobos", 2 * scale_m * 64 * 4 + scale_m * 4,
        lambda d: {"x": normal(d, (scale_m, 64), f32, 3), "s": normal(d, (scale_m, 1), f32, 4)},
        lambda ins: f64(ins["x"]) * f64(ins["s"]),
        lambda ins, side: _with_output([ins["x"], ins["s"]], torch.empty_like(ins["x"])),
        K.scale_rows, TR.scale_rows, T.scale_rows, ("x", "s"), 1e-6,
    ))

    for m, n, seed in ((32768, 4096, 5), (8192, 16384, 6)):
        m = rows(m)
        out.append(Case(
            f"softmax_{n}", "row softmax", (m, n), "f32", "python", 2 * m * n * 4,
            lambda d, m=m, n=n, seed=seed: {"x": normal(d, (m, n), f32, seed, 2.0)},
            lambda ins: torch.softmax(f64(ins["x"]), dim=-1),
            lambda ins, side: _with_output([ins["x"]], torch.empty_like(ins["x"])),
            K.softmax, TR.softmax, T.softmax, ("x",), 1e-5,
        ))

    norm_m, norm_n = rows(32768), 4096

    def norm_inputs(d: Any) -> dict[str, Tensor]:
        return {"x": normal(d, (norm_m, norm_n), bf16, 7, 2.0, 0.5), "w": normal(d, (norm_n,), bf16, 8, 0.5, 1.0),
                "b": normal(d, (norm_n,), bf16, 9, 0.5)}

    def layer_norm_ref(ins: dict[str, Tensor]) -> Tensor:
        return torch.nn.functional.layer_norm(f64(ins["x"]), (norm_n,), f64(ins["w"]), f64(ins["b"]), EPS)

    def rms_norm_ref(ins: dict[str, Tensor]) -> Tensor:
        x = f64(ins["x"])
        return x * torch.rsqrt(x.square().mean(-1, keepdim=True) + EPS) * f64(ins["w"])

    norm_bytes = 2 * norm_m * norm_n * 2
    out.append(Case(
        "layer_norm", "layer norm (weight, bias)", (norm_m, norm_n), "bf16", "python", norm_bytes + 2 * norm_n * 2,
        norm_inputs, layer_norm_ref,
        lambda ins, side: _with_output([ins["x"], ins["w"], ins["b"]], torch.empty_like(ins["x"]), EPS),
        K.layer_norm, TR.layer_norm, T.layer_norm, ("x", "w", "b"), 1e-2,
    ))
    out.append(Case(
        "rms_norm", "RMS norm (weight)", (norm_m, norm_n), "bf16", "phobos", norm_bytes + norm_n * 2,
        norm_inputs, rms_norm_ref,
        lambda ins, side: _with_output([ins["x"], ins["w"]], torch.empty_like(ins["x"]), EPS),
        K.rms_norm, TR.rms_norm, T.rms_norm, ("x", "w"), 1e-2,
    ))

    means_m, means_n = rows(32768), 4096

    def means_arguments(ins: dict[str, Tensor], side: str) -> tuple[list[Any], Tensor]:
        return _with_output([ins["x"]], torch.empty((means_m, 1), dtype=f32, device=ins["x"].device))

    out.append(Case(
        "row_means", "row means (seed 001)", (means_m, means_n), "f32", "python", means_m * means_n * 4 + means_m * 4,
        lambda d: {"x": normal(d, (means_m, means_n), f32, 10, 1.0, 1.0)},
        lambda ins: f64(ins["x"]).mean(dim=1, keepdim=True),
        means_arguments, K.row_means, TR.row_means, T.row_means, ("x",), 1e-5,
    ))

    sum_n = flat(1 << 28)

    def sum_arguments(ins: dict[str, Tensor], side: str) -> tuple[list[Any], Tensor]:
        x = ins["x"]
        slots = K.sum_ctas(multiprocessors) if side == "phobos" else TR.partial_slots(sum_n)
        partial = torch.empty(slots, dtype=f32, device=x.device)
        return _with_output([x, partial], torch.empty(1, dtype=f32, device=x.device))

    def uniform(d: Any) -> dict[str, Tensor]:
        # In [0, 1): a sum of positive terms, so its relative error means something.
        return {"x": torch.rand((sum_n,), generator=torch.Generator(device=d).manual_seed(11), device=d)}

    out.append(Case(
        "sum", "sum of a tensor", (sum_n,), "f32", "phobos", sum_n * 4 + 4,
        uniform, lambda ins: f64(ins["x"]).sum().reshape(1),
        sum_arguments, K.total, TR.total, T.total, ("x",), 1e-5,
    ))

    cast_n = flat(1 << 28)
    out.append(Case(
        "cast", "cast bf16 → f32", (cast_n,), "bf16→f32", "phobos", cast_n * 2 + cast_n * 4,
        lambda d: {"x": normal(d, (cast_n,), bf16, 12)},
        lambda ins: f64(ins["x"]),
        lambda ins, side: _with_output([ins["x"]], torch.empty(cast_n, dtype=f32, device=ins["x"].device)),
        K.cast_bf16_f32, TR.cast_bf16_f32, T.cast_bf16_f32, ("x",), 0.0,
    ))
    return out


def _with_output(inputs: list[Any], output: Tensor, *scalars: Any) -> tuple[list[Any], Tensor]:
    return [*inputs, output, *scalars], output


def select(all_cases: list[Case], only: list[str]) -> list[Case]:
    """The cases named by --only: a token selects the case it names or prefixes."""
    if not only:
        return all_cases
    return [c for c in all_cases if any(c.name.startswith(token) for token in only)]


# ---------------------------------------------------------------- running one implementation


def phobos_array(t: Tensor) -> Any:
    """What a Phobos launch takes: the tensor itself on the GPU; on the CPU (the
    interpreter) a numpy view of it, so writes land in the tensor."""
    if t.is_cuda:
        return t
    import ml_dtypes
    import torch

    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(ml_dtypes.bfloat16)
    return t.numpy()


def prepare(fn: Callable[..., None], args: list[Any], output: Tensor, for_phobos: bool) -> Prepared:
    """A closure running fn(*args), which writes `output` (converted once, up front)."""
    if for_phobos:
        args = [phobos_array(a) if hasattr(a, "is_cuda") else a for a in args]

    def run() -> Tensor:
        fn(*args)
        return output

    return run, output


def relative_error(got: Tensor, want: Tensor) -> float:
    """||got - want|| / ||want|| in float64; infinite if anything is NaN or infinite."""
    import torch

    got64 = got.double().reshape(-1)
    if not bool(torch.isfinite(got64).all()):
        return math.inf
    want64 = want.reshape(-1)
    scale = float(torch.linalg.vector_norm(want64)) or 1.0
    return float(torch.linalg.vector_norm(got64 - want64)) / scale


def checked(run: Callable[[], Tensor], output: Tensor | None, want: Tensor, tolerance: float,
            sync: Callable[[], None]) -> tuple[float, str | None]:
    """Run once (poisoning `output` first, where given) and compare with `want`:
    the relative error, and why it fails (None when it passes)."""
    if output is not None:
        output.fill_(math.nan)
    got = run()
    sync()
    error = relative_error(got, want)
    if error > tolerance:
        return error, f"wrong result: relative error {error:.3g} > tolerance {tolerance:.0e}"
    return error, None


class Timer:
    """Median times in ms: triton.testing.do_bench on the GPU (events, L2 flushed),
    wall clock on the CPU."""

    def __init__(self, device: str, warmup_ms: int, rep_ms: int):
        self.device, self.warmup_ms, self.rep_ms = device, warmup_ms, rep_ms

    def describe(self) -> str:
        if self.device == "cpu":
            return "wall clock, median of 3 runs (a harness check: the numbers mean nothing)"
        return (f"triton.testing.do_bench, median, warmup {self.warmup_ms} ms, rep {self.rep_ms} ms, "
                "L2 flushed before each run")

    def __call__(self, fn: Callable[[], Any]) -> float:
        if self.device == "cpu":
            times = []
            for _ in range(3):
                start = time.perf_counter()
                fn()
                times.append((time.perf_counter() - start) * 1e3)
            return sorted(times)[1]
        from triton.testing import do_bench

        return float(do_bench(fn, warmup=self.warmup_ms, rep=self.rep_ms, return_mode="median"))


def tbps(nbytes: int, ms: float | None) -> float | None:
    return None if ms is None or ms <= 0 else nbytes / ms / 1e9


def short_error(exc: BaseException) -> str:
    text = f"{type(exc).__name__}: {exc}".strip()
    return text if len(text) <= 600 else text[:600] + " ..."


# ---------------------------------------------------------------- one case


@dataclass
class Context:
    device: str
    timer: Timer
    compile_torch: bool
    compile_budget_s: float
    sync: Callable[[], None]


def run_case(case: Case, ctx: Context, copy_tbps: float | None, preflight: dict[str, Any] | None) -> dict[str, Any]:
    """Check and time every implementation of one case; never raises."""
    from benchmarks.peers import torch_peers

    row: dict[str, Any] = {
        "name": case.name, "kernel": case.kernel, "shape": list(case.shape), "dtype": case.dtype,
        "spelling": case.spelling, "bytes": case.nbytes, "copy_tbps": copy_tbps,
        "phobos_ms": None, "phobos_tbps": None, "phobos_rel_error": None,
        "phobos_tileir_ms": None, "phobos_tileir_tbps": None, "phobos_fast_ms": None, "phobos_fast_tbps": None,
        "torch_ms": None, "torch_tbps": None, "torch_compile_ms": None, "torch_compile_tbps": None,
        "torch_compile_s": None, "triton_ms": None, "triton_tbps": None, "notes": {},
    }
    try:
        ins = case.make(ctx.device)
        want = case.reference(ins)
        ctx.sync()
    except Exception as exc:  # noqa: BLE001 - the case is recorded as failed, the run goes on
        row["error"] = f"could not build the inputs: {short_error(exc)}"
        return finish(row)

    def attempt(label: str, body: Callable[[], None]) -> None:
        try:
            body()
        except Exception as exc:  # noqa: BLE001 - one implementation's failure is recorded
            message = short_error(exc)
            if label == "phobos":
                row["error"] = message
            else:
                row["notes"][label] = message
            say(f"    {label}: {message}")

    def phobos() -> None:
        if preflight is not None and not preflight.get("ok"):
            row["error"] = preflight.get("error") or "failed its preflight check"
            say(f"    phobos: not launched here: {row['error']}")
            return
        args, output = case.arguments(ins, "phobos")
        run, output = prepare(case.phobos, args, output, for_phobos=True)
        error, wrong = checked(run, output, want, case.tolerance, ctx.sync)
        row["phobos_rel_error"] = error
        if wrong:
            row["error"] = wrong
            say(f"    phobos: {wrong}")
            return
        row["phobos_ms"] = ctx.timer(run)
        say(f"    phobos        {row['phobos_ms']:9.4f} ms  {tbps(case.nbytes, row['phobos_ms']):6.3f} TB/s")

    def phobos_tileir() -> None:
        """The same kernel and launch through the Tile IR back end (GPU only)."""
        if ctx.device != "cuda":
            row["notes"]["phobos_tileir"] = "not run: the Tile IR back end runs on the GPU only"
            return
        args, output = case.arguments(ins, "phobos")
        run, output = prepare(functools.partial(case.phobos, backend="tileir"), args, output, for_phobos=True)
        peer("phobos_tileir", run, output)

    def phobos_fast() -> None:
        """The same kernel with math_mode="fast", where math is what it does (GPU only)."""
        if ctx.device != "cuda" or not case.name.startswith(FAST_MATH_ROWS):
            return
        args, output = case.arguments(ins, "phobos")
        run, output = prepare(functools.partial(case.phobos, backend="cuda-fast"), args, output, for_phobos=True)
        peer("phobos_fast", run, output)

    def peer(label: str, run: Callable[[], Tensor], output: Tensor | None) -> None:
        error, wrong = checked(run, output, want, case.tolerance, ctx.sync)
        if wrong:
            row["notes"][label] = wrong
            say(f"    {label}: {wrong}")
            return
        ms = ctx.timer(run)
        row[f"{label}_ms"] = ms
        say(f"    {label:<13} {ms:9.4f} ms  {tbps(case.nbytes, ms):6.3f} TB/s")

    tensors = [ins[a] for a in case.torch_args]

    def eager() -> None:
        peer("torch", lambda: case.torch_fn(*tensors), None)

    def compiled() -> None:
        if not ctx.compile_torch:
            row["notes"]["torch_compile"] = "not run (--no-compile or --quick)"
            return
        if ctx.compile_budget_s <= 0:
            row["notes"]["torch_compile"] = "not run: the torch.compile time budget was spent"
            return
        fn = torch_peers.compiled(case.torch_fn)
        start = time.perf_counter()
        try:
            fn(*tensors)
            ctx.sync()
        finally:
            spent = time.perf_counter() - start
            ctx.compile_budget_s -= spent
            row["torch_compile_s"] = round(spent, 1)
        peer("torch_compile", lambda: fn(*tensors), None)

    def triton() -> None:
        args, output = case.arguments(ins, "triton")
        run, output = prepare(case.triton, args, output, for_phobos=False)
        peer("triton", run, output)

    attempt("phobos", phobos)
    attempt("phobos_tileir", phobos_tileir)
    attempt("phobos_fast", phobos_fast)
    attempt("torch", eager)
    attempt("torch_compile", compiled)
    attempt("triton", triton)
    return finish(row)


def finish(row: dict[str, Any]) -> dict[str, Any]:
    """Bandwidths, the best peer, the ratios, and how far each target is missed."""
    nbytes = row["bytes"]
    for label in ("phobos", "phobos_tileir", "phobos_fast", "torch", "torch_compile", "triton"):
        row[f"{label}_tbps"] = tbps(nbytes, row.get(f"{label}_ms"))
    peers = {label: row[f"{label}_tbps"] for label in ("torch", "torch_compile", "triton")}
    ranked = sorted(((v, k) for k, v in peers.items() if v is not None), reverse=True)
    row["best_peer"], row["best_peer_tbps"] = (ranked[0][1], ranked[0][0]) if ranked else (None, None)
    mine, copy = row["phobos_tbps"], row["copy_tbps"]

    def ratio(other: float | None) -> float | None:
        return None if mine is None or not other else mine / other

    row["vs_copy"] = ratio(copy)
    row["vs_best_peer"] = ratio(row["best_peer_tbps"])
    row["vs_torch"] = ratio(row["torch_tbps"])
    tileir = row.get("phobos_tileir_tbps")
    row["tileir_vs_phobos"] = None if tileir is None or not mine else tileir / mine
    fast = row.get("phobos_fast_tbps")
    row["fast_vs_phobos"] = None if fast is None or not mine else fast / mine
    # Speed-up Phobos still needs for each target it misses (absent: met or unknown).
    needs = {
        "copy": None if row["vs_copy"] is None else COPY_TARGET / row["vs_copy"],
        "best_peer": None if row["vs_best_peer"] is None else 1 / row["vs_best_peer"],
        "torch": None if row["vs_torch"] is None else 1 / row["vs_torch"],
    }
    row["meets"] = {k: None if v is None else v <= 1.0 for k, v in needs.items()}
    row["shortfall"] = {k: round(v, 3) for k, v in needs.items() if v is not None and v > 1.0}
    return row


def skipped(case: Case, copy_tbps: float | None, why: str) -> dict[str, Any]:
    """The row of a case that was not measured."""
    return finish({"name": case.name, "kernel": case.kernel, "shape": list(case.shape), "dtype": case.dtype,
                   "spelling": case.spelling, "bytes": case.nbytes, "copy_tbps": copy_tbps, "notes": {},
                   "error": why})


# ---------------------------------------------------------------- the preflight child


def preflight_child(selected: list[Case], path: Path, device: str, sync: Callable[[], None]) -> int:
    """Run each Phobos kernel once and check it, one JSON line per step into `path`.
    Exits 3 as soon as the device looks unusable, so the parent restarts the rest."""
    with path.open("a", encoding="utf-8") as log:
        def record(entry: dict[str, Any]) -> None:
            log.write(json.dumps(entry) + "\n")
            log.flush()

        for case in selected:
            record({"name": case.name, "started": time.time()})
            start = time.perf_counter()
            entry: dict[str, Any] = {"name": case.name, "ok": False}
            try:
                ins = case.make(device)
                want = case.reference(ins)
                args, output = case.arguments(ins, "phobos")
                run, output = prepare(case.phobos, args, output, for_phobos=True)
                error, wrong = checked(run, output, want, case.tolerance, sync)
                entry.update(ok=wrong is None, rel_error=error, error=wrong)
                del ins, want, args, output, run
            except Exception as exc:  # noqa: BLE001 - recorded for the parent
                entry["error"] = short_error(exc)
                traceback.print_exc()
            entry["seconds"] = round(time.perf_counter() - start, 2)
            record(entry)
            say(f"  preflight {case.name}: {'ok' if entry['ok'] else entry['error']}")
            if not entry["ok"] and not device_usable(device):
                return 3
    return 0


def device_usable(device: str) -> bool:
    if device == "cpu":
        return True
    try:
        import torch

        torch.cuda.synchronize()
        return float((torch.ones(4, device="cuda") * 2).sum()) == 8.0
    except Exception:  # noqa: BLE001 - any failure means: no
        return False


def preflight(selected: list[Case], opts: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """Each selected Phobos kernel run and checked once in a child process. A kernel
    that kills or hangs the child is recorded as failed and the child started again
    for the rest; kernels the child never reached are left out of the answer (this
    process then checks them itself)."""
    results: dict[str, dict[str, Any]] = {}
    pending = [c.name for c in selected]
    while pending:
        started, finished, why = _preflight_round(pending, opts)
        results.update(finished)
        pending = [n for n in pending if n not in results]
        if not pending:
            break
        if started is not None and started not in results:
            results[started] = {"name": started, "ok": False, "error": f"preflight check {why}"}
            pending.remove(started)
        elif not finished:
            say(f"preflight: the child process checked nothing ({why}); the rest is checked in this process")
            break
    return results


def _preflight_round(names: list[str], opts: argparse.Namespace) -> tuple[str | None, dict[str, Any], str]:
    """One child over `names`: the case it last started, the results it wrote, and
    how it ended."""
    finished: dict[str, Any] = {}
    started: str | None = None
    with tempfile.TemporaryDirectory() as folder:
        log, errors = Path(folder) / "preflight.jsonl", Path(folder) / "stderr.txt"
        log.touch()
        command = [sys.executable, str(Path(__file__).resolve()), "--preflight", str(log),
                   "--device", opts.device, "--only", ",".join(names)]
        if opts.quick:
            command.append("--quick")
        with errors.open("w", encoding="utf-8") as stderr:
            child = subprocess.Popen(command, stdout=sys.stdout, stderr=stderr, text=True)
        last_start, hung = time.time(), False
        while child.poll() is None:
            time.sleep(0.2)
            for entry in _read_log(log):
                if "started" in entry:
                    last_start = entry["started"]
            if time.time() - last_start > CASE_TIMEOUT_S:
                hung = True
                child.kill()
        child.wait()
        for entry in _read_log(log):
            if "started" in entry:
                started = entry["name"]
            else:
                finished[entry["name"]] = entry
        tail = " | ".join(errors.read_text(encoding="utf-8", errors="replace").strip().splitlines()[-3:])
    why = f"hung: no result after {CASE_TIMEOUT_S:.0f} s" if hung else f"ended with exit status {child.returncode}"
    return started, finished, why + (f": {tail}" if tail and not hung else "")


def _read_log(path: Path) -> list[dict[str, Any]]:
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError:
            continue  # a line being written
    return entries


# ---------------------------------------------------------------- the machine and the ceiling


def driver_version() -> str | None:
    try:
        import pynvml

        pynvml.nvmlInit()
        version = pynvml.nvmlSystemGetDriverVersion()
        return version.decode() if isinstance(version, bytes) else str(version)
    except Exception:  # noqa: BLE001 - fall back to nvidia-smi
        pass
    try:
        done = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=30)
        return done.stdout.strip().splitlines()[0] or None
    except Exception:  # noqa: BLE001 - unknown, then
        return None


def header(device: str, timer: Timer | None = None) -> dict[str, Any]:
    """Where and how the numbers were taken."""
    import torch

    import phobos

    command = " ".join(["python3", *sys.argv])
    if os.environ.get("PYTHONPATH"):
        command = f"PYTHONPATH={os.environ['PYTHONPATH']} {command}"
    info: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "gpu": None, "driver": None, "command": command, "device": device,
        "multiprocessors": None, "torch": torch.__version__, "cuda": torch.version.cuda,
        "triton": _version("triton"), "cuda_core": _version("cuda.core"), "phobos": phobos.__version__,
        "python": platform.python_version(), "tree": tree_hash(),
    }
    if device == "cuda":
        props = torch.cuda.get_device_properties(0)
        info.update(gpu=props.name, multiprocessors=props.multi_processor_count, driver=driver_version())
    if timer is not None:
        info["timing"] = timer.describe()
    info["bytes"] = "each input read once plus each output written once; TB/s = bytes / median time / 1e12"
    return info


def _version(module: str) -> str | None:
    try:
        version = getattr(__import__(module, fromlist=["__version__"]), "__version__", None)
        return None if version is None else str(version)
    except Exception:  # noqa: BLE001 - not installed
        return None


def copy_ceiling(ctx: Context, nbytes: int) -> dict[str, Any]:
    """torch's device-to-device copy of one buffer into another, bytes read plus written."""
    import torch

    src = torch.rand(nbytes // 4, device=ctx.device)
    dst = torch.empty_like(src)
    ms = ctx.timer(lambda: dst.copy_(src))
    ok = bool(torch.equal(dst, src))
    return {"bytes": 2 * nbytes, "buffer_bytes": nbytes, "ms": ms, "tbps": tbps(2 * nbytes, ms), "checked": ok}


# ---------------------------------------------------------------- main


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, help="where to write the JSON results")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="run only the cases with this name or prefix (repeatable, or comma-separated); "
                        "'launch' selects the launch-overhead measurement")
    parser.add_argument("--quick", action="store_true", help="a smoke run: sizes / 16, short timing, no torch.compile")
    parser.add_argument("--no-compile", dest="compile", action="store_false", help="leave torch.compile out")
    parser.add_argument("--budget", type=float, default=330.0,
                        help="seconds after which no new case starts (default 330)")
    parser.add_argument("--compile-budget", type=float, default=150.0,
                        help="seconds of torch.compile compiling allowed in all (default 150)")
    parser.add_argument("--no-preflight", dest="preflight", action="store_false",
                        help="check the Phobos kernels in this process only (a crash then ends the run)")
    parser.add_argument("--device", choices=("cuda", "cpu"), default="cuda",
                        help="cpu checks the harness without a GPU (tiny sizes, interpreters; numbers mean nothing)")
    parser.add_argument("--list", action="store_true", help="list the case names and exit")
    parser.add_argument("--tileir-cubins", metavar="ARCH",
                        help="build every benchmark kernel's Tile IR cubins for ARCH into the cache, and exit")
    parser.add_argument("--preflight", dest="preflight_log", type=Path, help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    opts.only = [t.strip() for item in opts.only for t in item.split(",") if t.strip()]
    if opts.device == "cpu":
        os.environ["TRITON_INTERPRET"] = "1"  # before triton is first imported
    if not opts.out and not opts.list and opts.preflight_log is None and not opts.tileir_cubins:
        parser.error("--out is required")
    return opts


def main(argv: Sequence[str] | None = None) -> int:
    opts = parse(argv)
    if opts.tileir_cubins:
        from benchmarks.kernels import tileir_cubins

        built, refused = tileir_cubins(opts.tileir_cubins)
        say(f"{built} Tile IR variants of the benchmark kernels built for {opts.tileir_cubins}, {refused} refused")
        return 0
    began = time.perf_counter()
    import torch

    shrink = 1 << 14 if opts.device == "cpu" else 16 if opts.quick else 1
    if opts.list:
        for c in cases(shrink, 1):
            say(f"{c.name:<14} {c.kernel} {c.shape} {c.dtype}")
        for r in gemm.selected([], shrink):
            say(f"{r.name:<14} GEMM {r.m}x{r.n}x{r.k} {r.dtype} {r.epilogue}")
        for a in attention_rows.selected([], shrink):
            say(f"{a.name:<14} attention {a.kind} B{a.b} H{a.h} KV{a.kv_heads} S{a.s} D{a.d}"
                f"{' causal' if a.causal else ''}")
        say("launch         the host cost of one launch (launch_overhead.py)")
        return 0
    if opts.device == "cuda" and not torch.cuda.is_available():
        say("bench: no CUDA device is visible to torch; this harness measures a GPU (--device cpu checks it)")
        return 2
    if opts.device == "cpu":
        os.environ["PHOBOS_INTERPRET"] = "1"

    def sync() -> None:
        if opts.device == "cuda":
            torch.cuda.synchronize()

    multiprocessors = torch.cuda.get_device_properties(0).multi_processor_count if opts.device == "cuda" else 1
    all_cases = cases(shrink, multiprocessors)
    selected = select(all_cases, opts.only)
    gemm_rows = gemm.selected(opts.only, shrink)
    attention = attention_rows.selected(opts.only, shrink)
    if attention:  # its operators are registered with torch before any row runs (docs/benchmarks.md says why)
        import benchmarks.kernels.attention  # noqa: F401
    if opts.only and not selected and not gemm_rows and not attention and opts.only != ["launch"]:
        say(f"bench: no case matches {opts.only}; --list shows the names")
    if opts.preflight_log is not None:
        return preflight_child(selected, opts.preflight_log, opts.device, sync)

    timer = Timer(opts.device, *((5, 20) if opts.quick else (25, 100)))
    ctx = Context(opts.device, timer, opts.compile and not opts.quick, opts.compile_budget, sync)
    info = header(opts.device, timer)
    say(f"bench: {info['gpu'] or opts.device}, driver {info['driver']}, torch {info['torch']}, "
        f"triton {info['triton']}, phobos {info['phobos']}; {len(selected)} case(s)")

    data: dict[str, Any] = {"header": info}

    def save() -> None:
        """Written after every step, so a run cut short still leaves what it measured."""
        info["seconds"] = round(time.perf_counter() - began, 1)
        opts.out.parent.mkdir(parents=True, exist_ok=True)
        opts.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")

    copy_bytes = (2 * GIB) // (16 if opts.quick else 1) if opts.device == "cuda" else 1 << 20
    try:
        copy = copy_ceiling(ctx, copy_bytes)
        say(f"copy ceiling: {copy['tbps']:.3f} TB/s ({copy['buffer_bytes'] / GIB:.2f} GiB copied, "
            f"{copy['ms']:.3f} ms)")
    except Exception as exc:  # noqa: BLE001 - the ratios to the copy are then unknown
        copy = {"bytes": 2 * copy_bytes, "buffer_bytes": copy_bytes, "ms": None, "tbps": None,
                "error": short_error(exc)}
        say(f"copy ceiling: failed: {copy['error']}")
    rows: list[dict[str, Any]] = []
    data["copy"], data["results"] = copy, rows
    save()

    checks: dict[str, dict[str, Any]] = {}
    if opts.preflight and selected:
        say("preflight: each Phobos kernel once, in a child process")
        checks = preflight(selected, opts)

    for case in selected:
        elapsed = time.perf_counter() - began
        if elapsed > opts.budget:
            say(f"{case.name}: not run, the budget of {opts.budget:.0f} s is spent")
            rows.append(skipped(case, copy["tbps"], f"not run: the time budget ({opts.budget:.0f} s) was spent"))
            continue
        say(f"{case.name}: {case.kernel} {'x'.join(map(str, case.shape))} {case.dtype} [{elapsed:.0f} s]")
        try:
            rows.append(run_case(case, ctx, copy["tbps"], checks.get(case.name) if opts.preflight else None))
        except Exception as exc:  # noqa: BLE001 - a harness bug in one case must not end the run
            traceback.print_exc()
            rows.append(skipped(case, copy["tbps"], f"the harness failed: {short_error(exc)}"))
        if opts.device == "cuda":
            torch.cuda.empty_cache()
        save()

    def row_runs(rows: list[Any], run_row: Callable[..., dict[str, Any]], what: Callable[[Any], str],
                 done: list[dict[str, Any]]) -> None:
        """Each row checked and timed within the budget, into `done`, saved after each."""
        for row in rows:
            elapsed = time.perf_counter() - began
            if elapsed > opts.budget:
                say(f"{row.name}: not run, the budget of {opts.budget:.0f} s is spent")
                continue
            say(f"{row.name}: {what(row)} [{elapsed:.0f} s]")
            done.append(run_row(row, timer, opts.device, sync, relative_error))
            if opts.device == "cuda":
                torch.cuda.empty_cache()
            save()

    if gemm_rows:
        data["gemm"] = {"clocks_before": gemm.clocks(opts.device), "rows": []}
        row_runs(gemm_rows, gemm.run_row, lambda r: f"{r.m}x{r.n}x{r.k} {r.dtype} {r.epilogue}",
                 data["gemm"]["rows"])
        data["gemm"]["clocks_after"] = gemm.clocks(opts.device)
    if attention:
        data["attention"] = {"rows": []}
        row_runs(attention, attention_rows.run_row, lambda r: f"{r.kind} B{r.b} H{r.h} S{r.s} D{r.d}",
                 data["attention"]["rows"])

    if not opts.only or "launch" in opts.only:
        say("launch overhead")
        from benchmarks.launch_overhead import measure

        try:
            data["launch_overhead"] = measure(opts.device, **({"launches": 200} if opts.quick else {}))
        except Exception as exc:  # noqa: BLE001 - recorded, like a kernel's failure
            data["launch_overhead"] = {"error": short_error(exc)}
    save()
    from benchmarks.render_table import render

    say("")
    say(render(data))
    say(f"\nwrote {opts.out} in {info['seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
