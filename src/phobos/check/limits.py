"""Limits on the work one kernel may ask of the checker and of every stage after it.

The front ends hold the program as written to MAX_NESTING (`phobos.ast.depth`), but
inlining nests deeper, as a call holds its fn's body, and grows without bound, as a
fn that calls another twice doubles at each level; and every combination of the
@autotune values is a variant, checked and compiled. The checker counts the inlined
program as it walks it and the variants before it builds any, and refuses what
passes a limit, saying by how much and where.
"""

from __future__ import annotations

from phobos.ast.depth import MAX_NESTING

MAX_INLINED_NODES = 100_000
MAX_VARIANTS = 1024

_SPLIT = "split it up with lets"


class Tally:
    """The level the walk is at in the inlined program, and how many nodes it has seen."""

    def __init__(self) -> None:
        self.level = 0
        self.nodes = 0

    def enter(self) -> str | None:
        """One more node, a level below the last; what is wrong if that passes a limit."""
        self.level += 1
        self.nodes += 1
        if self.level > MAX_NESTING:
            return (
                f"nested too deeply once its fns are inlined: more than {MAX_NESTING} levels, "
                f"and the limit is {MAX_NESTING}; {_SPLIT}"
            )
        if self.nodes > MAX_INLINED_NODES:
            return (
                f"the kernel is too large once its fns are inlined: it passes {MAX_INLINED_NODES:,} "
                "nodes (statements, expressions, subscript items, angle arguments and types), "
                "the limit; a fn that calls another more than once multiplies its body"
            )
        return None

    def inlining(self, fn: str, height: int) -> str | None:
        """What is wrong, if anything, with the body of `fn`, `height` levels deep, held
        by the call the walk is at."""
        levels = self.level + height
        if levels <= MAX_NESTING:
            return None
        return (
            f"nested too deeply once its fns are inlined: with the body of fn `{fn}` here, "
            f"the code nests {levels} levels deep, and the limit is {MAX_NESTING}; {_SPLIT}"
        )


def too_many_variants(count: int) -> str | None:
    if count <= MAX_VARIANTS:
        return None
    return (
        f"@autotune makes {count:,} variants, one for each combination of its values, and "
        f"the limit is {MAX_VARIANTS:,}; list fewer values"
    )
