from __future__ import annotations

import phobos.lang as ph


@ph.kernel
def halves(out: ph.tensor[ph.i32][N]):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    if i < N:
        out[i] = ph.i32(i / 2)  # refused: `/` of two integers; write `//`


# The seed's example above, verbatim; its body is read, never run by Python.
# ruff: noqa: F821
