"""What a corpus case is, and helpers for writing one.

A case names a kernel (in one or both spellings), says how to make random inputs for
it at awkward sizes, the grid to launch, and what numpy says its outputs must be.
Nothing here depends on a back end, so the CUDA gate runs the same cases.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import ml_dtypes
import numpy as np

Args = dict[str, Any]
Tolerance = tuple[float, float]  # (rtol, atol), as numpy.testing.assert_allclose takes them

EXACT: Tolerance = (0.0, 0.0)
F32: Tolerance = (1e-5, 1e-6)

BF16 = np.dtype(ml_dtypes.bfloat16)


@dataclass(frozen=True)
class Case:
    """One kernel launch checked against numpy.

    - `native`: the program in Phobos syntax: a file in this folder (`"dot.phobos"`)
      or `"seed:<name>"`, an entry of `seed_examples.SEED_EXAMPLES`.
    - `python`: the module holding the Python spelling, relative to this package
      (`"py.dot"`), or an absolute module (`"pykernels.row_means"`).
    - `inputs(rng)`: every argument by parameter name, fresh random values.
    - `expect(args)`: the outputs to check, by parameter name, computed from a copy of
      the arguments taken before the launch (an output the kernel writes only in part
      keeps its initial values elsewhere).
    - `grid`: what `kernel[grid]` takes; a function receives the launch's named values.
    - `tol`: (rtol, atol) for every output, or per output name.
    - `unordered`: outputs compared as sorted multisets, where the order in which
      threads or CTAs act is the back end's choice (the old values of atomics).
    """

    name: str
    kernel: str
    inputs: Callable[[np.random.Generator], Args]
    expect: Callable[[Args], Mapping[str, np.ndarray]]
    grid: Any
    native: str | None = None
    python: str | None = None
    tol: Tolerance | Mapping[str, Tolerance] = EXACT
    meta: Mapping[str, int] = field(default_factory=dict)
    unordered: tuple[str, ...] = ()

    def tolerance(self, output: str) -> Tolerance:
        if isinstance(self.tol, Mapping):
            return self.tol[output]
        return self.tol

    @property
    def spellings(self) -> tuple[str, ...]:
        return tuple(s for s, where in (("native", self.native), ("python", self.python)) if where)


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


# The extent `awkward` gives every call, where a test sets it (see `forced_extent`).
_FORCED: list[int] = []


@contextmanager
def forced_extent(n: int) -> Iterator[None]:
    """Inside, every `awkward` extent is the one of [lo, hi] nearest `n`: the corpus at
    the extents users pass (a batch of 3, a vocabulary of 50257)."""
    _FORCED.append(n)
    try:
        yield
    finally:
        _FORCED.pop()


# The extents users pass that no multiple-of-4 draw reaches: every corpus case that
# draws one runs at each (tests/test_extents.py; scripts/gpu_gate.py on the GPU).
USER_EXTENTS = (1, 2, 3, 5, 4097)


def draws_an_extent(case: Case) -> bool:
    """Whether the case's inputs take their shape from `awkward`."""
    with forced_extent(1):
        small = case.inputs(np.random.default_rng(0))
    with forced_extent(4097):
        large = case.inputs(np.random.default_rng(0))
    return any(getattr(small[k], "shape", None) != getattr(large[k], "shape", None) for k in small)


def awkward(rng: np.random.Generator, tile: int, lo: int, hi: int) -> int:
    """A runtime extent from [lo, hi], never a multiple of `tile`, so the last tile
    overhangs the edge: a multiple of 4 half the time (the code for the usual launch's
    key), any extent otherwise (the code for launches the key says nothing of)."""
    if _FORCED:
        return min(max(_FORCED[-1], lo), hi)
    if 4 % tile == 0:
        raise ValueError(f"every multiple of 4 is a multiple of {tile}")
    step = 4 if rng.random() < 0.5 or hi - lo < 8 else 1
    while True:
        n = step * int(rng.integers(cdiv(lo, step), hi // step + 1))
        if n % tile and lo <= n <= hi:
            return n


def normal(rng: np.random.Generator, shape: int | tuple[int, ...], dtype: Any = np.float32) -> np.ndarray:
    return rng.standard_normal(shape).astype(dtype)


def uniform(rng: np.random.Generator, lo: float, hi: float, shape: int | tuple[int, ...],
            dtype: Any = np.float32) -> np.ndarray:
    return rng.uniform(lo, hi, shape).astype(dtype)


def integers(rng: np.random.Generator, lo: int, hi: int, shape: int | tuple[int, ...],
             dtype: Any = np.int32) -> np.ndarray:
    """Integers from [lo, hi), in `dtype`."""
    return rng.integers(lo, hi, shape, dtype=np.int64).astype(dtype)


def sentinel(shape: int | tuple[int, ...], dtype: Any = np.float32) -> np.ndarray:
    """An output's initial contents: a value no kernel computes, so a stray or missing
    write shows."""
    if np.dtype(dtype).kind in "iu":
        return np.full(shape, 77, dtype)
    return np.full(shape, -777.0, dtype)


def tf32(x: np.ndarray) -> np.ndarray:
    """f32 values cut to TF32, as dot<precision tf32> reads them: the 13 low mantissa
    bits cleared; NaN kept."""
    x = np.asarray(x, np.float32)
    return np.where(np.isnan(x), x, (x.view(np.uint32) & np.uint32(0xFFFFE000)).view(np.float32))


def f64(x: np.ndarray) -> np.ndarray:
    return np.asarray(x, np.float64)
