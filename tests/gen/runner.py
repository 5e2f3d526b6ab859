"""Compile a generated kernel in both spellings, build it with NVRTC, run it, compare.

Each step's failure is its own outcome: a checker refusal of a kernel valid by
construction is a generator or checker bug ("refused"); the two spellings giving
different ir, NVRTC refusing the generated CUDA, or an exception anywhere else is an
"error"; outputs that differ beyond the tolerances are a "disagreement". The
comparison is harness.compare with the gate's floors (corpus/gate.py).
"""

from __future__ import annotations

import copy
import importlib.util
import itertools
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import phobos

from . import inputs, printer
from .choices import RandomChooser, ReplayChooser
from .model import Program
from .program import generate

try:
    from corpus import harness
    from corpus.gate import floored
except ImportError:  # imported as tests.gen
    from tests.corpus import harness
    from tests.corpus.gate import floored

ARCH = "sm_90"  # what NVRTC builds for; scripts/difftest.py sets the device's
_modules = itertools.count()


@dataclass
class Outcome:
    """What happened to one generated kernel."""

    status: str  # "agreed", "disagreed", "refused", "error"
    stage: str = ""  # where it stopped: "check", "python", "nvrtc", "run", "compare"
    message: str = ""
    seconds: dict[str, float] = field(default_factory=dict)


@dataclass
class Generated:
    """A kernel with how to make it again: from `seed`, or from the recorded choices."""

    program: Program
    seed: int | None
    choices: list[int]
    easy: bool

    @property
    def native(self) -> str:
        return printer.native(self.program)

    @property
    def python(self) -> str:
        return printer.python(self.program)


def from_seed(seed: int, easy: bool, simple: float = 0.0) -> Generated:
    ch = RandomChooser(seed, simple)
    return Generated(generate(ch, easy), seed, ch.record, easy)


def from_choices(choices: list[int], easy: bool) -> Generated:
    ch = ReplayChooser(choices)
    return Generated(generate(ch, easy), None, ch.record, easy)


def compile_native(g: Generated) -> phobos.Kernel:
    return phobos.compile(g.native, path="generated.phobos").kernels[g.program.name]


def compile_python(g: Generated, folder: Path) -> phobos.Kernel:
    """Import the Python spelling from a file of its own, as a user's module is."""
    index = next(_modules)
    path = folder / f"generated_{index}.py"
    path.write_text(g.python)
    name = f"_phobos_generated_{index}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
        kernel = getattr(module, g.program.name)
        kernel.variants  # noqa: B018 - check it now, while the module is importable
        return kernel
    finally:
        del sys.modules[name]


def build_cuda(kernel: phobos.Kernel) -> None:
    """Every variant to a cubin with NVRTC for ARCH (no GPU needed)."""
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate as generate_cuda

    for v in kernel.variants:
        code = build(generate_cuda(v), v, ARCH)
        assert code[:4] == b"\x7fELF", "NVRTC gave no cubin"


def run_interp(kernel: phobos.Kernel, g: Generated, args: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(args)
    harness.launch(kernel, g.program.grid, out, "interp")
    return out


def tolerance(g: Generated, name: str, dtype: np.dtype, exact_when_zero: bool) -> tuple[float, float]:
    """(rtol, atol) for one output: twice the error the generator bounded (each back end
    may be that far off), raised to the gate's floor; bit for bit where the generator
    says the value is exact and `exact_when_zero` asks for it."""
    err = g.program.tolerance.get(name, 0.0)
    if dtype.kind != "f" and str(dtype) != "bfloat16":
        return (0.0, 0.0)
    if err == 0.0 and exact_when_zero:
        return (0.0, 0.0)
    return floored((0.0, 2 * err), dtype)


def compare_outputs(g: Generated, got: dict[str, Any], want: dict[str, Any], exact_when_zero: bool) -> list[str]:
    """Every output that differs, with numpy's account of how."""
    problems = []
    for p in g.program.params:
        if getattr(p, "role", "input") == "input":
            continue
        a, b = np.asarray(got[p.name]), np.asarray(want[p.name])
        rtol, atol = tolerance(g, p.name, b.dtype, exact_when_zero)
        try:
            harness.compare(p.name, a, b, rtol, atol)
        except AssertionError as exc:
            problems.append(str(exc).strip())
    return problems


def check_one(
    g: Generated,
    folder: Path,
    input_seed: int,
    oracle: Callable | None = None,
    nvrtc: bool = True,
    python: bool = True,
    other: Callable | None = None,
) -> Outcome:
    """Every step for one kernel. `oracle(program, args)` gives the outputs numpy
    computes; `other(kernel, program, args)` runs a second back end to compare with
    the interpreter."""
    seconds: dict[str, float] = {}
    start = time.perf_counter()

    def lap(stage: str) -> None:
        nonlocal start
        now = time.perf_counter()
        seconds[stage] = now - start
        start = now

    stage = "check"
    try:
        try:
            kernel = compile_native(g)
        except phobos.PhobosError as exc:
            return Outcome("refused", stage, str(exc), seconds)
        lap(stage)
        if python:
            stage = "python"
            try:
                py_kernel = compile_python(g, folder)
            except phobos.PhobosError as exc:
                return Outcome("refused", stage, str(exc), seconds)
            if py_kernel.ir != kernel.ir:
                return Outcome("error", stage, "the two spellings give different ir", seconds)
            lap(stage)
        if nvrtc:
            stage = "nvrtc"
            build_cuda(kernel)
            lap(stage)
        stage = "run"
        args = inputs.draw(g.program, input_seed)
        reference = run_interp(kernel, g, args)
        lap(stage)
        stage = "compare"
        problems: list[str] = []
        if oracle is not None:
            with np.errstate(all="ignore"):
                want = oracle(g.program, copy.deepcopy(args))
            problems += compare_outputs(g, reference, want, exact_when_zero=True)
        if other is not None:
            got = other(kernel, g.program, copy.deepcopy(args))
            problems += compare_outputs(g, got, reference, exact_when_zero=False)
        lap(stage)
        if problems:
            return Outcome("disagreed", stage, "\n".join(problems), seconds)
        return Outcome("agreed", stage, "", seconds)
    except Exception as exc:  # noqa: BLE001 - every failure is an outcome to count and show
        return Outcome("error", stage, f"{type(exc).__name__}: {exc}\n{traceback.format_exc()[-3000:]}", seconds)


def shrink(g: Generated, fails: Callable[[Generated], bool], budget: float = 60.0) -> Generated:
    """A smaller kernel that still fails: delete and lower recorded choices, replay
    them (the generator keeps every candidate valid), keep what still fails."""
    best = g
    stop = time.monotonic() + budget

    def attempt(choices: list[int]) -> bool:
        nonlocal best
        if time.monotonic() > stop:
            return False
        try:
            candidate = from_choices(choices, g.easy)
        except Exception:  # noqa: BLE001 - a replay the generator cannot follow is no candidate
            return False
        if len(candidate.native) >= len(best.native) or not fails(candidate):
            return False
        best = candidate
        return True

    improved = True
    while improved and time.monotonic() < stop:
        improved = False
        chunk = max(1, len(best.choices) // 2)
        while chunk >= 1 and time.monotonic() < stop:
            at = 0
            while at < len(best.choices):
                if attempt(best.choices[:at] + best.choices[at + chunk :]):
                    improved = True
                else:
                    at += chunk
            chunk //= 2
        at = 0
        while at < len(best.choices):  # a success may leave fewer choices
            if best.choices[at] and attempt(best.choices[:at] + [0] + best.choices[at + 1 :]):
                improved = True
            at += 1
    return best
