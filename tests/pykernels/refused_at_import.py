"""A refused construct stops the import, at its line."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph


@ph.kernel
def squares(X: ph.tensor[ph.f32][N]):
    i: ph.let = ph.ctx.thread
    X[i] = X[i] ** 2
