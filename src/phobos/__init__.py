"""Phobos: a tile-based GPU kernel language with a Python spelling.

`phobos.compile(path_or_text)` compiles a native program; `phobos.lang` is the
Python spelling. Every problem is a `PhobosError` located in the user's source.
"""

from __future__ import annotations

import os
from typing import Any

from phobos.errors import PhobosError, api
from phobos.runtime.kernel import Kernel, Module

__all__ = ["compile", "PhobosError", "Kernel", "Module"]
__version__ = "0.1.0"


@api
def compile(source: str | os.PathLike[str], *, path: str | None = None, **options: Any) -> Module:  # noqa: A001
    """Compile a Phobos program given as a file path or as text.

    A string that names an existing file, or any `os.PathLike`, is read from disk;
    any other string is the program's text, reported under `path` (default `<string>`).
    """
    from phobos.syntax import parse

    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and source.endswith(".phobos")
    ):
        filename = os.fspath(source)
        try:
            with open(filename, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise PhobosError(f"cannot read {filename}: {exc.strerror}") from None
        return Module(parse(text, filename), options)
    return Module(parse(str(source), path or "<string>"), options)
