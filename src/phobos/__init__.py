"""Phobos: a tile-based GPU kernel language with a Python spelling.

`phobos.compile(path_or_text)` compiles a native program; `phobos.lang` is the
Python spelling. Every problem is a `PhobosError` located in the user's source.
"""

from __future__ import annotations

import os
from typing import Any

from phobos.errors import PhobosError, api, utf8_text
from phobos.runtime.kernel import Kernel, Module

__all__ = ["compile", "PhobosError", "Kernel", "Module"]
__version__ = "0.1.0"


@api
def compile(source: str | bytes | os.PathLike[str], *, path: str | None = None, **options: Any) -> Module:  # noqa: A001
    """Compile a Phobos program given as a file path or as its text.

    An `os.PathLike`, or a one-line string ending in `.phobos`, is a file read from
    disk; any other string, or bytes (UTF-8), is the program's text, reported under
    `path` (default `<string>`).
    """
    from phobos.syntax import parse

    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and source.endswith(".phobos")
    ):
        filename = os.fspath(source)
        try:
            with open(filename, "rb") as f:
                data = f.read()
        except OSError as exc:
            raise PhobosError(f"cannot read {filename}: {exc.strerror}") from None
        return Module(parse(utf8_text(data, filename), filename), options)
    name = path or "<string>"
    if isinstance(source, bytes | bytearray | memoryview):
        return Module(parse(utf8_text(bytes(source), name), name), options)
    if not isinstance(source, str):
        raise PhobosError(
            f"phobos.compile takes a path or a program's text (str or bytes), not {type(source).__name__}"
        )
    return Module(parse(source, name), options)
