"""Running a corpus case on a back end and checking it against numpy.

Every kernel runs through the public launch API, `kernel[grid](...)`, so the corpus
exercises what users call. The back end is chosen the way a user chooses it: the
interpreter through PHOBOS_INTERPRET=1 (set for the launch only).

Each check runs a case on a few fresh random draws (sizes and values); a failure names
the draw's seed, and PHOBOS_TEST_SEED=<seed> replays exactly that draw.
"""

from __future__ import annotations

import copy
import functools
import importlib
import os
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

import phobos

from .case import BF16, Case
from .seed_examples import SEED_EXAMPLES

# The back ends every corpus test runs on; the CUDA back end joins when it lands.
BACKENDS: tuple[str, ...] = ("interp",)

HERE = Path(__file__).resolve().parent
SEED_ENV = "PHOBOS_TEST_SEED"
DRAWS = 3


def fresh_seeds() -> list[int]:
    """New seeds for each check, unless PHOBOS_TEST_SEED pins one to replay a failure."""
    pinned = os.environ.get(SEED_ENV)
    return [int(pinned)] if pinned else [secrets.randbits(32) for _ in range(DRAWS)]


@functools.cache
def native_program(where: str) -> phobos.Module:
    if where.startswith("seed:"):
        return phobos.compile(dict(SEED_EXAMPLES)[where.removeprefix("seed:")], path=where)
    return phobos.compile(HERE / where)


@functools.cache
def program_text(text: str) -> phobos.Module:
    return phobos.compile(text)


def run_text(text: str, kernel: str, grid: Any, backend: str = "interp", **args: Any) -> None:
    """Compile a program given as text (once) and launch one of its kernels."""
    launch(getattr(program_text(text), kernel), grid, args, backend)


def python_module(where: str) -> Any:
    """`py.<area>` lives in this package; another name (`pykernels.row_means`) is a
    sibling of it under tests/, imported the way this package was."""
    if where.startswith("py."):
        return importlib.import_module(f"{__package__}.{where}")
    parent = __package__.rpartition(".")[0]
    return importlib.import_module(f"{parent}.{where}" if parent else where)


def kernel_for(case: Case, spelling: str) -> phobos.Kernel:
    if spelling == "native":
        assert case.native is not None
        return getattr(native_program(case.native), case.kernel)
    assert case.python is not None
    return getattr(python_module(case.python), case.kernel)


def assert_same_ir(case: Case) -> None:
    """The two spellings of a kernel are one program: their typed ir is the same text."""
    native, python = (kernel_for(case, s).ir for s in ("native", "python"))
    assert native == python, f"{case.name}: the spellings differ\n{native}\n{python}"


@contextmanager
def on_backend(backend: str) -> Iterator[None]:
    """Launches in the block run on `backend`."""
    if backend != "interp":
        raise ValueError(f"unknown back end {backend!r}")
    before = os.environ.get("PHOBOS_INTERPRET")
    os.environ["PHOBOS_INTERPRET"] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ["PHOBOS_INTERPRET"]
        else:
            os.environ["PHOBOS_INTERPRET"] = before


def launch(kernel: phobos.Kernel, grid: Any, args: dict[str, Any], backend: str,
           meta: dict[str, int] | None = None) -> None:
    """`kernel[grid](**args, **meta)` on `backend`; arrays in `args` are written in place."""
    with on_backend(backend):
        kernel[grid](**args, **(meta or {}))


def compare(name: str, got: np.ndarray, want: np.ndarray, rtol: float, atol: float,
            unordered: bool = False) -> None:
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"`{name}`: shape {got.shape}, expected {want.shape}"
    if unordered:
        got, want = np.sort(got, axis=None), np.sort(want, axis=None)
    if got.dtype.kind in "iub":
        np.testing.assert_array_equal(got, want, err_msg=f"output `{name}`")
        return
    if got.dtype == BF16 or got.dtype.itemsize < 4:
        got = got.astype(np.float32)
    if want.dtype == BF16 or want.dtype.itemsize < 4:
        want = want.astype(np.float32)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol, equal_nan=True,
                               err_msg=f"output `{name}`")


def check(case: Case, spelling: str, backend: str) -> None:
    """Run `case` in `spelling` on `backend`, on fresh random inputs, against numpy."""
    for seed in fresh_seeds():
        check_draw(case, spelling, backend, seed)


def check_draw(case: Case, spelling: str, backend: str, seed: int) -> None:
    """Run `case` once, on the inputs the seed draws."""
    try:
        args = case.inputs(np.random.default_rng(seed))
        with np.errstate(all="ignore"):  # references compute with inf and NaN on purpose
            want = case.expect(copy.deepcopy(args))
        launch(kernel_for(case, spelling), case.grid, args, backend, dict(case.meta))
        for name, expected in want.items():
            rtol, atol = case.tolerance(name)
            compare(name, args[name], expected, rtol, atol, name in case.unordered)
    except Exception as exc:
        exc.add_note(
            f"corpus case `{case.name}` ({spelling} spelling, {backend}); random seed {seed}; "
            f"replay with {SEED_ENV}={seed}"
        )
        raise
