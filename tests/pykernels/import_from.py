"""`from phobos import lang as ph`, and a fn imported from another module."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

from phobos import lang as ph
from pykernels.row_means import scaled


@ph.kernel
def import_from(X: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.thread
    X[i] = scaled(X[i], 2.0)
