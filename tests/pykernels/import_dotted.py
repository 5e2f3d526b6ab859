"""`import phobos.lang`, used as `phobos.lang.X`."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang


@phobos.lang.kernel
@phobos.lang.launch(32)
def import_dotted(X: phobos.lang.tensor[phobos.lang.f32][N]):
    i: phobos.lang.let = phobos.lang.ctx.thread
    X[i] = phobos.lang.exp(X[i])
