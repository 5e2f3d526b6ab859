"""generated.phobos, spelt in Python."""

from __future__ import annotations

import phobos.lang as ph

# Kernel bodies are Phobos read through Python's syntax, never run.
# ruff: noqa: F821, E741, B007, F841


@ph.kernel
@ph.launch(64)
def anchor_lost(A: ph.tensor[ph.i32][2, 32], T: ph.tensor[ph.i32][2, 32]):
    a: ph.var[ph.tile[ph.i32][2, 32]] = A[:, :]
    t: ph.var[ph.tile[ph.i32][2, 32]]
    t[:, :] = a[0, 5]
    T[:, :] = t
