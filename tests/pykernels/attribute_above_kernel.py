"""Attributes go under @ph.kernel."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph


@ph.launch(128)
@ph.kernel
def upside_down(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0
