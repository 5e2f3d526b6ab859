"""`phobos.lang`: Phobos spelt in Python.

A kernel module imports this (`import phobos.lang as ph`, `from phobos import lang as
ph`, or `from phobos.lang import let, var, ...`) and writes defs that Python never runs
as kernels: `@ph.kernel` and `@ph.fn` read each def's source and translate it to the
Phobos program it spells, so names here only have to be recognizable.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from types import ModuleType
from typing import Any

from phobos.ast.printer import print_program
from phobos.errors import PhobosError, api, user_span
from phobos.pyfront import PhobosFn, future_hint, program_for, program_for_module, translate_fn, translate_kernel
from phobos.pyfront.markers import (
    abs,
    aligned,
    atomic_add,
    atomic_and,
    atomic_cas,
    atomic_max,
    atomic_min,
    atomic_or,
    atomic_xchg,
    atomic_xor,
    autotune,
    barrier,
    bf16,
    bool,
    ceil,
    cos,
    ctx,
    dot,
    erf,
    exp,
    exp2,
    f16,
    f32,
    f64,
    floor,
    i8,
    i32,
    i64,
    inf,
    iota,
    launch,
    let,
    log,
    log2,
    max,
    min,
    nan,
    occupancy,
    pipeline,
    rowmax,
    rowmin,
    rowsum,
    rsqrt,
    shfl,
    sin,
    softmax,
    sqrt,
    sum,
    tanh,
    tensor,
    tensorcore,
    tile,
    transpose,
    u8,
    u16,
    u32,
    unroll,
    var,
    where,
)
from phobos.runtime.kernel import Kernel, python_kernel

__all__ = [
    "PhobosFn", "abs", "aligned", "atomic_add", "atomic_and", "atomic_cas", "atomic_max",
    "atomic_min", "atomic_or", "atomic_xchg", "atomic_xor", "autotune", "barrier", "bf16",
    "bool", "ceil", "cos", "ctx", "dot", "erf", "exp", "exp2", "f16", "f32", "f64", "floor",
    "fn", "i8", "i32", "i64", "inf", "iota", "kernel", "launch", "let", "log", "log2", "max", "min",
    "nan", "occupancy", "phobos_source", "pipeline", "rowmax", "rowmin", "rowsum", "rsqrt", "shfl", "sin",
    "softmax", "sqrt", "sum", "tanh", "tensor", "tensorcore", "tile", "transpose", "u8",
    "u16", "u32", "unroll", "var", "where",
]

future_hint.install()  # a hint on the NameError a missing `from __future__ import annotations` gives



@api
def kernel(func: Callable[..., Any] | None = None, /, *more: object, **options: Any) -> Any:
    """Make a def a Phobos kernel: `@ph.kernel`, or `@ph.kernel(interpret=True)`.

    The def is translated now, so a construct Phobos refuses is reported when the
    module is imported; the program around it (the fns it can call) is gathered on
    first use, so fns written further down the module are part of it.
    """
    _only_the_def("kernel", more)
    if func is None:  # a partial, not a lambda: no frame of this file in the user's traceback
        return functools.partial(kernel, **options)
    return _make_kernel(func, options)


def _only_the_def(decorator: str, more: tuple[object, ...]) -> None:
    """Refuse, at the decorator, positional arguments beyond the def itself."""
    if more:
        raise PhobosError(
            f"@ph.{decorator} takes the def alone, and keywords; not {len(more) + 1} arguments", user_span()
        )


def _make_kernel(func: Callable[..., Any], options: dict[str, Any]) -> Kernel:
    options = dict(options)
    kernel_ast = translate_kernel(func, _names_not_specialized(options.pop("do_not_specialize", ())))
    try:
        return python_kernel(func, kernel_ast, lambda: program_for(func, kernel_ast), options)
    except PhobosError as err:
        if err.span is not None:
            raise
        # An option the decorator was given: shown at the decorator, where it is written.
        raise PhobosError(err.message, user_span(), err.notes) from None


def _names_not_specialized(value: Any) -> tuple[str, ...]:
    """do_not_specialize= as names: a list or tuple of strings, or one string."""
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list | tuple) and all(isinstance(n, str) for n in value):
        return tuple(value)
    raise PhobosError(f'do_not_specialize= lists names as strings, as in do_not_specialize=["n"], not {value!r}',
                      user_span())


@api
def fn(func: Callable[..., Any] | None = None, /, *more: object, **keywords: Any) -> Any:
    """Make a def a Phobos fn: `@ph.fn`, or `@ph.fn(uses=("W", "C"))` when its body
    reads the names `W` and `C` from whatever calls it."""
    _only_the_def("fn", more)
    uses = keywords.pop("uses", ())
    if keywords:
        raise PhobosError(f"@ph.fn takes no `{next(iter(keywords))}=`; its one keyword is uses=", user_span())
    if not isinstance(uses, str | tuple | list):
        raise PhobosError(f'uses= lists names as strings, as in uses=("W",), not {uses!r}', user_span())
    names = (uses,) if isinstance(uses, str) else tuple(uses)
    if func is None:
        return functools.partial(fn, uses=names)
    return PhobosFn(func, translate_fn(func, names), names)


@api
def phobos_source(pymodule: ModuleType) -> str:
    """The native Phobos text of every fn and kernel a Python module defines."""
    if not isinstance(pymodule, ModuleType):
        raise PhobosError(f"phobos.lang.phobos_source takes a Python module, as `import` gives it, not "
                          f"{type(pymodule).__name__} {pymodule!r:.60}")
    return print_program(program_for_module(pymodule))
