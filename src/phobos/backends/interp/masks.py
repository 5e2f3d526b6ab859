"""Active masks: which threads of the CTA run the statement at hand.

A mask is `None` when every thread of the CTA is active (the common, uniform case,
which then costs nothing), the CTA's one shared `empty` array when no thread is, or
else a bool array over the threads. Every mask a `Masks` makes is put in this form,
so "is any thread active?" is an identity test. A *set* of threads (those that broke
out of a loop, or returned) is `None` when it is empty, or a bool array. Masks are
never changed in place, so they can be shared freely.
"""

from __future__ import annotations

import numpy as np

Mask = np.ndarray | None


class Masks:
    """Mask arithmetic for a CTA of `threads` threads."""

    def __init__(self, threads: int):
        self.threads = threads
        self.empty = np.zeros(threads, bool)
        self.empty.flags.writeable = False

    def norm(self, mask: np.ndarray) -> Mask:
        n = np.count_nonzero(mask)
        if n == self.threads:
            return None
        return mask if n else self.empty

    def active(self, mask: Mask) -> bool:
        return mask is not self.empty

    def narrow(self, mask: Mask, cond: np.ndarray | np.generic) -> Mask:
        """The threads of `mask` where `cond` (a per-thread or a uniform bool) holds."""
        if not isinstance(cond, np.ndarray):
            return mask if cond else self.empty
        return self.norm(cond if mask is None else mask & cond)

    def without(self, mask: Mask, gone: Mask) -> Mask:
        """The threads of `mask` that are not in the set `gone`."""
        if gone is None:
            return mask
        return self.norm(~gone if mask is None else mask & ~gone)

    def add(self, group: Mask, mask: Mask) -> np.ndarray:
        """The set `group` with the threads of `mask` added."""
        if mask is None:
            return ~self.empty
        return mask if group is None else group | mask

    def join(self, a: Mask, b: Mask) -> Mask:
        """The union of two masks (the threads that ran one branch or the other)."""
        if a is None or b is self.empty:
            return a
        if b is None or a is self.empty:
            return b
        return self.norm(a | b)


def first_active(mask: Mask) -> int:
    """The lowest active thread, whose copy of a uniform value stands for all."""
    return 0 if mask is None else int(mask.argmax())
