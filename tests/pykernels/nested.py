"""Kernels whose defs are indented: in a function, and in a class."""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821

from __future__ import annotations

import phobos.lang as ph


def make_kernel():
    @ph.kernel
    def nested(X: ph.tensor[ph.f32][N]):
        i: ph.let = ph.ctx.thread
        X[i] = (ph.f32(i)
  + 1.0)

    return nested


class Holder:
    @ph.kernel
    def in_class(X: ph.tensor[ph.f32][N]):
        X[0] = 1.0
