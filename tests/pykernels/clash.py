"""Two different fns named `scaled` are visible to one kernel."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph
from pykernels.row_means import scaled as seed_scaled  # noqa: F401  (visible all the same)


@ph.fn
def scaled(x, s):
    return x + s


@ph.kernel
def clash(X: ph.tensor[ph.f32][N]):
    X[0] = scaled(1.0, 2.0)
