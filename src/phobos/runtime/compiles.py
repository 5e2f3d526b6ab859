"""Counting a kernel's compiles, and the warning seed 004 gives past 16 of them.

A compile is a variant built for a specialization key it was not built for before in
this process (the disk cache may still hold its cubin). A kernel that keeps compiling
is usually launched with a size whose facts change from launch to launch: divisible
by 16 one time, not the next. The warning names the size whose changes came with the
most compiles, so that `do_not_specialize` can take it out of the key.
"""

from __future__ import annotations

import warnings
from collections import Counter

from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

# Compiles of one kernel in one process past which the warning is given (seed 004).
MOST_COMPILES = 16


class RecompileWarning(UserWarning):
    """A kernel compiled more than 16 times in one process."""


class Compiles:
    """The (variant, key) pairs one kernel was compiled for, and what changed between
    one compile and the next."""

    def __init__(self, kernel: str):
        self.kernel = kernel
        self.seen: set[tuple[ir.Kernel, Specialization]] = set()
        self.last: tuple[ir.Kernel, Specialization] | None = None
        self.changes: Counter[str] = Counter()
        self.warned = False

    def record(self, variant: ir.Kernel, spec: Specialization, stacklevel: int = 2) -> None:
        """Count a launch's compile, if it is one; warn once, past MOST_COMPILES."""
        pair = (variant, spec)
        if pair in self.seen:
            return
        self.seen.add(pair)
        if self.last is not None:
            self.changes.update(_changed(self.last, pair))
        self.last = pair
        if len(self.seen) > MOST_COMPILES and not self.warned:
            self.warned = True
            warnings.warn(self.message(), RecompileWarning, stacklevel=stacklevel + 1)

    def message(self) -> str:
        text = f"phobos: kernel `{self.kernel}` was compiled {len(self.seen)} times in this process"
        if not self.changes:
            return text
        name, count = self.changes.most_common(1)[0]
        assert self.last is not None
        now = self.last[1].facts().get(name)
        return (f"{text}; `{name}` changed in {count} of those compiles (now: {now or 'nothing known'}). "
                f"If `{name}` varies from launch to launch, take it out of the key: "
                f'@do_not_specialize({name}), or @ph.kernel(do_not_specialize=["{name}"])')


def _changed(before: tuple[ir.Kernel, Specialization], after: tuple[ir.Kernel, Specialization]) -> set[str]:
    """The sizes (runtime dims, integer scalars) whose facts differ between two keys:
    what do_not_specialize can take out (an autotune value or an alignment it cannot)."""
    f0, f1 = _sizes(before[1]), _sizes(after[1])
    return {n for n in f0.keys() | f1.keys() if f0.get(n) != f1.get(n)}


def _sizes(spec: Specialization) -> dict[str, tuple[int, bool]]:
    names = {n for n, _ in spec.multiples} | spec.ones
    return {n: (spec.multiple(n), n in spec.ones) for n in names}
