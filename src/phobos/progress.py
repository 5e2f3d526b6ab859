"""A progress bar on stderr for work that takes a while (tuning, ahead-of-time builds):
tqdm's, which the cuda extra installs, shown once the work takes a second; without
tqdm, none."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterable
from typing import Any, TypeVar

T = TypeVar("T")


def progress(items: Iterable[T], what: str, total: int | None = None, terminal_only: bool = False) -> Any:
    """A context that yields `items` (of `total` where it has no length), counted on a
    bar as they are taken; `terminal_only`: none where stderr is no terminal."""
    try:
        from tqdm import tqdm
    except ImportError:
        return contextlib.nullcontext(items)
    return tqdm(items, desc=what, total=total, unit="variant", file=sys.stderr, delay=1.0, leave=False,
                disable=None if terminal_only else False)
