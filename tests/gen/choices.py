"""Where the generator's decisions come from.

Every decision is one integer from a closed range, so a kernel is a list of integers:
a seeded random source records them, and replaying a shortened or lowered list gives a
smaller kernel that is still valid by construction (the generator, not the list,
guarantees validity). A Hypothesis draw gives the same, with Hypothesis's own shrinking.
Smaller values are the simpler choices: option 0 of a list, `False` of a coin.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class Chooser:
    """The decisions of one generated kernel; subclasses say where integers come from."""

    def integer(self, lo: int, hi: int) -> int:
        raise NotImplementedError

    def choice(self, options: Sequence[T]) -> T:
        return options[self.integer(0, len(options) - 1)]

    def coin(self, p: float) -> bool:
        """True with probability about `p`; the shrunk value is False."""
        return self.integer(0, 99) >= round(100 * (1 - p))

    def weighted(self, options: Sequence[tuple[T, int]]) -> T:
        """One of `options`, each with its integer weight; the first is the shrunk choice."""
        total = sum(w for _, w in options)
        pick = self.integer(0, total - 1)
        for value, weight in options:
            if pick < weight:
                return value
            pick -= weight
        raise AssertionError("weights changed under the choice")


class RandomChooser(Chooser):
    """Seeded random decisions, recorded so the kernel can be replayed and shrunk.
    With `simple` > 0, that share of the decisions takes the simplest choice, as
    Hypothesis's draws often do: it changes which shapes of kernel come up."""

    def __init__(self, seed: int, simple: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.simple = simple
        self.record: list[int] = []

    def integer(self, lo: int, hi: int) -> int:
        value = lo if self.simple and self.rng.random() < self.simple else self.rng.randint(lo, hi)
        self.record.append(value - lo)
        return value


class ReplayChooser(Chooser):
    """Decisions read from a list of offsets (value − lo); past its end every choice is
    the simplest. An offset beyond a range's width is wrapped into it."""

    def __init__(self, offsets: Sequence[int]) -> None:
        self.offsets = list(offsets)
        self.at = 0
        self.record: list[int] = []

    def integer(self, lo: int, hi: int) -> int:
        offset = self.offsets[self.at] if self.at < len(self.offsets) else 0
        self.at += 1
        offset %= hi - lo + 1
        self.record.append(offset)
        return lo + offset


class HypothesisChooser(Chooser):
    """Decisions drawn by Hypothesis inside a composite strategy."""

    def __init__(self, draw: Callable[[Any], Any]) -> None:
        from hypothesis import strategies as st

        self.draw = draw
        self.st = st
        self.record: list[int] = []

    def integer(self, lo: int, hi: int) -> int:
        value = self.draw(self.st.integers(lo, hi))
        self.record.append(value - lo)
        return value
