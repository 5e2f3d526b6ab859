"""A def's source as the front end reads it: Python's ast of it, and spans in its file.

Every error the front end raises points at the user's .py file, so positions are kept
in the file's own terms. The def's lines are parsed exactly as they stand: a def
indented inside a class or a function is parsed under an added `if 1:` line, which
keeps every column and moves lines by one, instead of being dedented, which would move
columns and breaks on continuation lines written left of the def.
"""

from __future__ import annotations

import ast as py
import inspect
import io
import linecache
import re
import tokenize
from collections.abc import Callable
from typing import Any

from phobos.errors import PhobosError, Source, Span, user_span, utf8_text

Position = tuple[int, int]  # line in the parsed text (1-based), UTF-8 byte column (0-based)

_NEWLINE = re.compile(r"\r\n|\r|\n")
_DEF_NAME = re.compile(rb"def\s+")


def start(node: py.AST) -> Position:
    return node.lineno, node.col_offset  # type: ignore[attr-defined]


def end(node: py.AST) -> Position:
    return node.end_lineno, node.end_col_offset  # type: ignore[attr-defined]


def refuse_undecodable(path: str) -> None:
    """Refuse, at the bad byte, a module declared (or taken to be) UTF-8 whose bytes
    are not; Python imports one whose bad bytes lie in a comment, and its source cannot
    then be read."""
    try:
        with open(path, "rb") as f:
            data = f.read()
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except (OSError, SyntaxError):
        return
    if encoding in ("utf-8", "utf-8-sig"):
        utf8_text(data, path)


# Each file's Source, with the lines linecache gave it: the defs of one file share it,
# so a module of n defs joins its text once, not n times.
_FILES: dict[str, tuple[list[str], Source]] = {}


def file_source(path: str, globals_: dict[str, Any] | None) -> Source:
    """The Source of the file at `path` as linecache has it now."""
    lines = linecache.getlines(path, globals_)
    kept = _FILES.get(path)
    if kept is None or kept[0] is not lines:
        kept = _FILES[path] = (lines, Source(path, "".join(lines)))
    return kept[1]


class DefSource:
    """The parsed def of one Python function and the file it came from."""

    def __init__(self, func: Callable[..., Any]) -> None:
        label = getattr(func, "__qualname__", repr(func))
        path = None
        try:
            path = inspect.getsourcefile(func) or inspect.getfile(func)
            lines, first = inspect.getsourcelines(func)
        except (OSError, TypeError) as e:
            if path is not None:
                refuse_undecodable(path)
            raise PhobosError(
                f"cannot read the source of `{label}` ({e}); a kernel or fn must be a def "
                "in a .py file",
                user_span(),
            ) from None
        self.source = file_source(path, getattr(func, "__globals__", None))
        indented = bool(lines) and lines[0][:1] in (" ", "\t")
        text = ("if 1:\n" if indented else "") + "".join(lines)
        self._lines = [line.encode() for line in _NEWLINE.split(text)]
        self._shift = first - 1 - (1 if indented else 0)
        try:
            module = py.parse(text)
        except SyntaxError as e:
            raise PhobosError(f"cannot parse the source of `{label}`: {e.msg}", user_span()) from None
        node: py.stmt = module.body[0]
        if indented:
            node = node.body[0]  # type: ignore[attr-defined]
        # A lambda's lines are those of the statement around it, which may be another def.
        if not isinstance(node, py.FunctionDef | py.AsyncFunctionDef) or getattr(func, "__name__", "") == "<lambda>":
            raise PhobosError(f"`{label}` is not a def", self.span(node))
        self.tree = node

    def _column(self, line: int, byte_col: int) -> int:
        return len(self._lines[line - 1][:byte_col].decode("utf-8", errors="replace")) + 1

    def span_of(self, first: Position, last: Position) -> Span:
        """The span from `first` to `last`, both positions in the parsed text."""
        return Span(
            self.source,
            first[0] + self._shift,
            self._column(*first),
            last[0] + self._shift,
            self._column(*last),
        )

    def span(self, node: py.AST, last: py.AST | None = None) -> Span:
        """The span of `node`, or from the start of `node` to the end of `last`."""
        return self.span_of(start(node), end(last if last is not None else node))

    def name_span(self, node: py.AST, name: str) -> Span:
        """The span of a name written at the start of `node` (a parameter, a keyword)."""
        line, col = start(node)
        return self.span_of((line, col), (line, col + len(name.encode())))

    def def_name_span(self) -> Span:
        """The span of the def's name, just after `def`."""
        line, col = start(self.tree)
        found = _DEF_NAME.search(self._lines[line - 1], col)
        if found is None:
            return self.span(self.tree)
        first = found.end()
        return self.span_of((line, first), (line, first + len(self.tree.name.encode())))

    def _segments(self, first: Position, last: Position) -> list[tuple[int, int, bytes]]:
        """The code between two positions, line by line, with comments removed."""
        out = []
        for line in range(first[0], last[0] + 1):
            raw = self._lines[line - 1]
            lo = first[1] if line == first[0] else 0
            hi = last[1] if line == last[0] else len(raw)
            out.append((line, lo, raw[lo:hi].split(b"#", 1)[0]))
        return out

    def between(self, first: Position, last: Position) -> str:
        """The code between two positions with comments, spaces and line breaks removed."""
        joined = b"".join(seg for _, _, seg in self._segments(first, last))
        return re.sub(rb"[\s\\]", b"", joined).decode("utf-8", errors="replace")

    def find(self, first: Position, last: Position, pattern: bytes) -> Span | None:
        """The span of the first match of `pattern` in the code between two positions.

        Python's ast does not place operators and keywords such as `**` or `else`; they
        lie between the nodes around them, where only brackets and comments can be.
        """
        regex = re.compile(pattern)
        for line, lo, segment in self._segments(first, last):
            found = regex.search(segment)
            if found:
                return self.span_of((line, lo + found.start()), (line, lo + found.end()))
        return None
