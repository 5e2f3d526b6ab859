"""The Phobos program a Python kernel compiles in.

A kernel calls fns by name, and a fn may live in another module the kernel imports it
from, so the program is every fn its module can see, and every fn those fns' modules
can see in turn, written before the kernel.
"""

from __future__ import annotations

import linecache
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any

from phobos.ast import nodes as A
from phobos.errors import PhobosError, Source, Span

from .phobosfn import PhobosFn


def program_for(kernel_pyfunc: Callable[..., Any], kernel_ast: A.Kernel) -> A.Program:
    """The fns visible from the kernel's module, ordered by file and line, then the kernel."""
    fns = _visible_fns([kernel_pyfunc.__globals__])
    return A.Program((*fns, kernel_ast), span=kernel_ast.span)


def program_for_module(pymodule: ModuleType) -> A.Program:
    """Every fn the module can see, then the module's own kernels in the order written."""
    namespace = vars(pymodule)
    kernels: dict[int, A.Kernel] = {}
    for value in list(namespace.values()):
        if _is_kernel(value) and value.python_function.__module__ == pymodule.__name__:
            kernels[id(value)] = value.ast
    ordered = sorted(kernels.values(), key=lambda k: (k.span.path, k.span.line))
    path = getattr(pymodule, "__file__", None) or pymodule.__name__
    whole = Span(Source(path, "".join(linecache.getlines(path))), 1, 1, 1, 1)
    return A.Program((*_visible_fns([namespace]), *ordered), span=whole)


def _is_kernel(value: object) -> bool:
    """Whether `value` is what `@ph.kernel` made of a def."""
    if isinstance(value, ModuleType | type):
        return False
    python_function = getattr(value, "python_function", None)
    return isinstance(getattr(value, "ast", None), A.Kernel) and callable(python_function)


def _visible_fns(namespaces: Iterable[dict[str, Any]]) -> list[A.Fn]:
    found: dict[int, PhobosFn] = {}  # by the def each was made from
    pending = list(namespaces)
    searched: set[int] = set()
    while pending:
        namespace = pending.pop()
        if id(namespace) in searched:
            continue
        searched.add(id(namespace))
        for value in list(namespace.values()):
            if isinstance(value, PhobosFn) and id(value.python_function) not in found:
                found[id(value.python_function)] = value
                pending.append(value.python_function.__globals__)
    fns = sorted(found.values(), key=lambda f: (f.ast.span.path, f.ast.span.line))
    by_name: dict[str, PhobosFn] = {}
    for fn in fns:
        first = by_name.setdefault(fn.name, fn)
        if first is not fn:
            raise PhobosError(
                f"two fns are named `{fn.name}`; a program holds one fn of each name",
                fn.ast.name_span or fn.ast.span,
                (f"the other is defined at {first.ast.name_span or first.ast.span}",),
            )
    return [fn.ast for fn in fns]
