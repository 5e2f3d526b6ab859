"""What `@ph.fn` makes of a def."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NoReturn

from phobos.ast import nodes as A
from phobos.errors import PhobosError, api, user_span


class PhobosFn:
    """A Phobos fn written as a Python def.

    It keeps the def's translated ast, so a kernel that calls it by name can find it
    among its module's globals and write it into the program it compiles in.
    """

    def __init__(self, python_function: Callable[..., Any], ast: A.Fn, uses: tuple[str, ...]):
        functools.update_wrapper(self, python_function)
        self.python_function = python_function
        self.ast = ast
        self.uses = uses

    @property
    def name(self) -> str:
        return self.ast.name

    @api
    def __call__(self, *_args: object, **_kwargs: object) -> NoReturn:
        raise PhobosError(f"fn {self.name} can only be called inside a @ph.kernel or @ph.fn", user_span())

    def __repr__(self) -> str:
        return f"<phobos fn {self.name}>"
