"""Phobos: a tile-based GPU kernel language with a Python spelling.

`phobos.compile(path_or_text)` compiles a native program; `phobos.lang` is the
Python spelling. Every problem is a `PhobosError` located in the user's source.
"""

from __future__ import annotations

import os
import reprlib
from typing import Any

from phobos.errors import PhobosError, api, utf8_text
from phobos.runtime.kernel import Kernel, Module

__all__ = ["compile", "PhobosError", "Kernel", "Module"]
__version__ = "0.1.0"


@api
def compile(  # noqa: A001
    source: str | bytes | os.PathLike[str], *, path: str | os.PathLike[str] | None = None, **options: Any
) -> Module:
    """Compile a Phobos program given as a file path or as its text.

    An `os.PathLike`, or a one-line string ending in `.phobos`, is a file read from
    disk; any other string, or bytes (UTF-8), is the program's text, reported under
    `path` (a str or an `os.PathLike`; default `<string>`).
    """
    from phobos.syntax import parse

    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and source.endswith(".phobos")
    ):
        filename = _path_text(source, "the program's path")
        if path is not None:
            raise PhobosError(f"phobos.compile: path= names a program given as text; {filename} is read "
                              "from its file, and errors name that file")
        try:
            with open(filename, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise PhobosError(f"cannot read {filename}: {exc.strerror}") from None
        return Module(parse(utf8_text(data, filename), filename), options)
    name = "<string>" if path is None else _path_text(path, "path=") or "<string>"
    if isinstance(source, bytes | bytearray | memoryview):
        return Module(parse(utf8_text(bytes(source), name), name), options)
    if not isinstance(source, str):
        raise PhobosError(
            f"phobos.compile takes a path or a program's text (str or bytes), not {type(source).__name__}"
        )
    return Module(parse(source, name), options)


def _path_text(value: object, what: str) -> str:
    """A path given to `compile` as the text errors and generated code name it by:
    a str, or any `os.PathLike` (one of bytes decoded as the file system does)."""
    if not isinstance(value, str | os.PathLike):
        kind = type(value).__name__
        article = "an" if kind[0] in "aeiou" else "a"
        raise PhobosError(f"phobos.compile: {what} takes a str or an os.PathLike, not {article} {kind} "
                          f"({reprlib.repr(value)})")
    try:
        text = os.fsdecode(value)
    except TypeError as exc:  # an __fspath__ that returns neither str nor bytes
        raise PhobosError(f"phobos.compile: {what} {value!r} is no path: {exc}") from None
    if "\0" in text:
        raise PhobosError(f"phobos.compile: {what} {text!r} holds a NUL character, which no file name can")
    return text
