"""Fresh inputs for a generated kernel, drawn from a seed.

Runtime dims take a value from their ranges, half the time a multiple of 4 (the
usual launch's specialization key) and otherwise any (the code for launches the key
says nothing of); input tensors, and those statements read and store ("inout"), take
values from their parameter's range, a fifth of them from a few special values (±0, ±1, ±2, 0.5) so
that comparisons come out equal and branches go both ways; outputs are poisoned as
gate 2 poisons them; atomic targets start from small values.
"""

from __future__ import annotations

from typing import Any

import ml_dtypes
import numpy as np

from .model import Program, ScalarParam, TensorParam

try:
    from corpus.gate import poison
except ImportError:  # imported as tests.gen
    from tests.corpus.gate import poison

NUMPY = {
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(ml_dtypes.bfloat16),
    "f32": np.dtype(np.float32),
    "f64": np.dtype(np.float64),
    "i8": np.dtype(np.int8),
    "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64),
    "u8": np.dtype(np.uint8),
    "u16": np.dtype(np.uint16),
    "u32": np.dtype(np.uint32),
    "bool": np.dtype(np.bool_),
}
SPECIAL = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5])


def dim_values(program: Program, rng: np.random.Generator) -> dict[str, int]:
    out = {}
    for name, (lo, hi) in program.dims.items():
        step = 4 if rng.random() < 0.5 else 1
        out[name] = step * int(rng.integers(-(-lo // step), hi // step + 1))
    return out


def shape_of(t: TensorParam, dims: dict[str, int]) -> tuple[int, ...]:
    return tuple(d if isinstance(d, int) else dims[d] for d in t.dims)


def draw(program: Program, seed: int) -> dict[str, Any]:
    """Every argument of the kernel, by parameter name."""
    rng = np.random.default_rng(seed)
    dims = dim_values(program, rng)
    args: dict[str, Any] = {}
    for p in program.params:
        if isinstance(p, ScalarParam):
            if p.dtype in ("f16", "bf16", "f32", "f64"):
                args[p.name] = float(NUMPY[p.dtype].type(rng.uniform(p.lo, p.hi)))
            else:
                args[p.name] = int(rng.integers(int(p.lo), int(p.hi) + 1))
            continue
        shape = shape_of(p, dims)
        dtype = NUMPY[p.dtype]
        if p.role == "output":
            array = np.zeros(shape, dtype)
            poison(array)
        else:
            array = values(rng, p, shape, dtype)
        args[p.name] = array
    return args


def values(rng: np.random.Generator, p: TensorParam, shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:
    if p.dtype == "bool":
        return rng.integers(0, 2, shape).astype(np.bool_)
    if dtype.kind == "f":
        x = rng.uniform(p.lo, p.hi, shape)
        special = rng.random(shape) < 0.2
        x[special] = rng.choice(SPECIAL, int(special.sum()))
        if p.step:
            x = np.round(x / p.step) * p.step
        return np.clip(x, p.lo, p.hi).astype(dtype)
    lo, hi = int(p.lo), int(p.hi)
    return rng.integers(lo, hi, shape, dtype=np.int64, endpoint=True).astype(dtype)
