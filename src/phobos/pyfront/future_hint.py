"""A hint for the one mistake Phobos cannot catch itself: a kernel module without
`from __future__ import annotations`.

Python then evaluates a parameter's annotation (`X: ph.tensor[ph.f32][N]`) when the
def runs, before `@ph.kernel` sees it, and a dim such as `N`, which no Python code
defines, is a bare `NameError`. `phobos.lang` chains a hook onto `sys.excepthook` that
adds a note saying so to such an error, and leaves every other one as it was.
"""

from __future__ import annotations

import sys
import traceback
from types import TracebackType

# What marks a line as a Phobos annotation.
_MARKERS = ("ph.tensor[", "ph.tile[", "ph.var[", "ph.let[", "tensor[", "tile[")


def hint(exc: BaseException) -> str | None:
    """The note for `exc`, where it is a NameError raised by a Phobos annotation."""
    name = getattr(exc, "name", None)
    if not isinstance(exc, NameError) or not name or exc.__traceback__ is None:
        return None
    last = traceback.extract_tb(exc.__traceback__)[-1]
    line = last.line or ""
    if not any(marker in line for marker in _MARKERS) or name not in line:
        return None
    return (f"phobos: `{name}` is a dim of a kernel's parameter, which Python evaluated because this file has no "
            "`from __future__ import annotations`; add that line at the top of the file, and Phobos reads the "
            "annotation instead")


def _hook(previous: object) -> object:
    def excepthook(kind: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
        note = hint(exc)
        if note is not None and note not in getattr(exc, "__notes__", ()):
            exc.add_note(note)
        previous(kind, exc, tb)  # type: ignore[operator]

    excepthook.phobos_future_hint = True  # type: ignore[attr-defined]
    return excepthook


def install() -> None:
    """Chain the hook onto `sys.excepthook`, once."""
    if not getattr(sys.excepthook, "phobos_future_hint", False):
        sys.excepthook = _hook(sys.excepthook)  # type: ignore[assignment]
