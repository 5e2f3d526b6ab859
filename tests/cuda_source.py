"""Helpers for tests that read the CUDA back end's generated C++."""

from __future__ import annotations

import re

WHOLE_TURN = "// every window inside its tensor, every tile whole"


def one_copy(source: str) -> str:
    """`source` with each loop turn's copy written wholly present (plan/presence.WholeTurns)
    left out, so that what a turn is written of is counted once: from the test's line to
    the `} else {` at its indentation."""
    lines, out, end = source.splitlines(keepends=True), [], None
    for line in lines:
        if end is None and WHOLE_TURN in line:
            end = re.match(r"\s*", line).group(0) + "} else {"  # type: ignore[union-attr]
            continue
        if end is not None:
            if line.rstrip("\n") == end:
                end = None
            continue
        out.append(line)
    return "".join(out)


def copies(source: str) -> int:
    """How many times the body of a loop written whole and not is in `source` (1 or 2)."""
    return 2 if WHOLE_TURN in source else 1
