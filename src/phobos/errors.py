"""Source locations and the one error class every stage raises.

A user never sees a traceback into the compiler: each stage reports a problem as a
`PhobosError` that carries the file, line and column it is about and shows the
offending line with a caret under it, and the public entry points (`api`) hand it
to the caller with no frames of Phobos in its traceback, so Python prints the
user's own frames and the message. PHOBOS_TRACEBACK=1 keeps every frame, for a bug
report.
"""

from __future__ import annotations

import codecs
import functools
import linecache
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

ENV_TRACEBACK = "PHOBOS_TRACEBACK"


@dataclass(frozen=True)
class Source:
    """A text the compiler read, kept so an error can quote its lines."""

    path: str
    text: str = field(repr=False)

    def line_text(self, line: int) -> str:
        lines = self.text.split("\n")
        return lines[line - 1] if 1 <= line <= len(lines) else ""


def utf8_text(data: bytes, path: str) -> str:
    """Source bytes as text: UTF-8, after a byte-order mark if one starts them.

    A byte that is not UTF-8 is an error at its line and column, which count from
    after the mark, as an editor shows them.
    """
    data = data.removeprefix(codecs.BOM_UTF8)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = data[: exc.start]
        line_start = before.rfind(b"\n") + 1
        line = before.count(b"\n") + 1
        column = len(before[line_start:].decode("utf-8")) + 1
        source = Source(path, data.decode("utf-8", errors="replace"))
        bad = " ".join(f"0x{b:02x}" for b in data[exc.start : exc.end])
        raise PhobosError(
            f"the source is not UTF-8 text: {bad} here is no UTF-8 character",
            Span(source, line, column, line, column + 1),
        ) from None


@dataclass(frozen=True)
class Span:
    """A region of a source: 1-based line, 1-based column, end exclusive."""

    source: Source = field(repr=False, compare=False)
    line: int
    column: int
    end_line: int
    end_column: int

    @property
    def path(self) -> str:
        return self.source.path

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of `other`."""
        return Span(self.source, self.line, self.column, other.end_line, other.end_column)

    def text(self) -> str:
        """The source text the span covers (first line only when it spans several)."""
        line = self.source.line_text(self.line)
        end = self.end_column if self.end_line == self.line else len(line) + 1
        return line[self.column - 1 : end - 1]

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep


def user_span() -> Span | None:
    """Where the innermost call from outside Phobos is in its Python file, so a mistake
    Python itself runs into (a built-in called from host code) is shown at its line."""
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE):
        frame = frame.f_back
    if frame is None:
        return None
    path = frame.f_code.co_filename
    text = "".join(linecache.getlines(path, frame.f_globals)) or _undecodable_text(path)
    positions = list(frame.f_code.co_positions())
    at = frame.f_lasti // 2
    line, end_line, column, end_column = positions[at] if at < len(positions) else (frame.f_lineno,) * 2 + (None,) * 2
    if not text or line is None:
        return None
    source = Source(path, text)

    def chars(line_no: int, byte_column: int | None) -> int:
        raw = source.line_text(line_no).encode()
        return len(raw[: byte_column or 0].decode("utf-8", errors="replace")) + 1

    end_line = end_line or line
    return Span(source, line, chars(line, column), end_line, chars(end_line, end_column))


def _undecodable_text(path: str) -> str:
    """A file's text with its bytes that are not UTF-8 replaced, which linecache gives
    up on; empty if it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


def excerpt(span: Span) -> str:
    """The span's first line with carets under the part it covers."""
    text = span.source.line_text(span.line)
    if not text:
        return ""
    width = span.end_column - span.column if span.end_line == span.line else len(text) - span.column + 1
    width = max(1, min(width, len(text) - span.column + 1))
    gutter = f"{span.line:>5} | "
    pad = "".join(ch if ch == "\t" else " " for ch in text[: span.column - 1])
    return f"{gutter}{text}\n{' ' * (len(gutter) - 2)}| {pad}{'^' * width}"


class PhobosError(Exception):
    """Any problem with a Phobos program or its launch, located in the user's source."""

    def __init__(self, message: str, span: Span | None = None, notes: tuple[str, ...] = ()):
        self.message = message
        self.span = span
        self.notes = notes
        self.path: str | None = span.path if span else None
        self.line: int | None = span.line if span else None
        self.column: int | None = span.column if span else None
        super().__init__(self._render())

    def _render(self) -> str:
        if self.span is None:
            head = f"error: {self.message}"
            return "\n".join([head, *(f"  note: {n}" for n in self.notes)])
        parts = [f"{self.span}: error: {self.message}"]
        quoted = excerpt(self.span)
        if quoted:
            parts.append(quoted)
        parts.extend(f"  note: {n}" for n in self.notes)
        return "\n".join(parts)


class ResourceRefusal(PhobosError):
    """A variant its target cannot hold (more shared memory than a CTA there has): a
    launch's autotuning passes such a candidate over rather than failing."""


def for_the_user(err: PhobosError) -> None:
    """Cut `err`'s traceback and hide what it was raised while handling, unless
    PHOBOS_TRACEBACK asks for them. Re-raised by a bare `raise`, which adds no entry
    for the frame it runs in, it then shows only the frames of its caller and above.
    A PHOBOS_TRACEBACK that is neither a yes nor a no cannot replace the error shown:
    it is a note of it, and the frames are cut."""
    from phobos.environment import flag

    try:
        keep = flag(ENV_TRACEBACK, False)
    except PhobosError as bad:
        keep = False
        if bad.message not in err.notes:
            err.notes = (*err.notes, bad.message)
            err.args = (err._render(),)
    if not keep:
        err.__traceback__ = None
        err.__suppress_context__ = True


F = TypeVar("F", bound=Callable[..., Any])


def api(function: F) -> F:
    """Mark a public entry point: a PhobosError leaving it shows the user's frames only
    (`for_the_user`). A hot path writes the same `try` inline, saving the call."""

    @functools.wraps(function)
    def entry(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except PhobosError as err:
            for_the_user(err)
            raise

    return entry  # type: ignore[return-value]

