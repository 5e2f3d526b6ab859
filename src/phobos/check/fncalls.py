"""Calls of fns while a kernel is built: the call is checked, then the fn's body, with
the arguments in place of its parameters, is built where the call is, a level below it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from phobos.ast import nodes as A
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .callrules import fn_call_problem
from .typed import Typed

if TYPE_CHECKING:
    from .builder import KernelBuilder

T = TypeVar("T")


def _check(b: KernelBuilder, fn: A.Fn, call: A.Call, as_value: bool) -> None:
    """Refuse a bad call, and a body that would nest too deeply here, before expanding it."""
    problem = fn_call_problem(b.module, fn, call, as_value)
    if problem is not None:
        raise b.fail(*problem)
    too_deep = b.tally.inlining(fn.name, b.module.heights[fn.name])
    if too_deep is not None:
        raise b.fail(too_deep, call.span)


def _expanded(b: KernelBuilder, expand: Callable[[], T]) -> T:
    """The expansion, with an error it finds (a free name standing for an enclosing
    fn's argument value where a name is needed) shown with the calls it is inlined at."""
    try:
        return expand()
    except PhobosError as err:
        raise b.fail(err.message, err.span) from None


def inline_expr(b: KernelBuilder, fn: A.Fn, call: A.Call) -> Typed:
    """The value of a call of an expression fn."""
    _check(b, fn, call, as_value=True)
    b.inline_stack.append((fn.name, call.span))
    try:
        return b.expr(_expanded(b, lambda: b.inliner.expand_expr(fn, call)))
    finally:
        b.inline_stack.pop()


def inline_stmts(b: KernelBuilder, fn: A.Fn, call: A.Call) -> list[ir.Stmt]:
    """The statements a call of a statement fn stands for, in a scope of their own."""
    with b.nested(call):  # the call holds the body a level down, as an expression's does
        _check(b, fn, call, as_value=False)
        b.inline_stack.append((fn.name, call.span))
        saved_depth, b.loop_depth = b.loop_depth, 0
        try:
            return b.scoped_block(_expanded(b, lambda: b.inliner.expand_stmts(fn, call)))
        finally:
            b.loop_depth = saved_depth
            b.inline_stack.pop()
