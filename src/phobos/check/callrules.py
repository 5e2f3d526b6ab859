"""What a call must be wherever it is written, which no caller can change.

The callee exists, a fn is given what its parameters take, and a statement fn stands
alone while a value is never left unused. The builder applies these rules at each
call it inlines; the module check applies them to every fn, so a fn no kernel calls
is held to them too, with the same messages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phobos.ast import nodes as A
from phobos.errors import Span
from phobos.names import BUILTIN_FUNCTIONS, DEBUG_FUNCTIONS

from .inline import written_name

if TYPE_CHECKING:
    from .module import ModuleInfo

Problem = tuple[str, Span]


def unknown_name(name: str, module: ModuleInfo) -> str:
    shown = written_name(name)
    hint = ""
    if shown in BUILTIN_FUNCTIONS or shown in module.fns:
        hint = f"; `{shown}` is a function, call it as `{shown}(...)`"
    return f"unknown name `{shown}`{hint}"


def unknown_function(call: A.Call, module: ModuleInfo) -> Problem | None:
    if call.func in module.fns or call.func in BUILTIN_FUNCTIONS or call.func in DEBUG_FUNCTIONS:
        return None
    return f"unknown function `{call.func}`", call.func_span or call.span


def fn_call_problem(module: ModuleInfo, fn: A.Fn, call: A.Call, as_value: bool) -> Problem | None:
    """What is wrong with this call of `fn`, as a value or as a statement, if anything."""
    if call.angle:
        return f"fn `{fn.name}` takes no angle-bracket arguments", call.span
    if len(call.args) != len(fn.params):
        return f"fn `{fn.name}` takes {len(fn.params)} argument(s), not {len(call.args)}", call.span
    for pname, arg in zip(fn.params, call.args, strict=True):
        if pname in module.place_params[fn.name] and not isinstance(arg, A.Name):
            return (
                f"parameter `{pname}` of fn `{fn.name}` is indexed or assigned in its body, so "
                "it must be passed a name",
                arg.span,
            )
    if as_value and not isinstance(fn.body, A.Expr):
        return f"fn `{fn.name}` is a statement fn and has no value; call it as a statement", call.span
    return None


def debug_call_problem(e: A.Call) -> Problem | None:
    """What is wrong with a print or an assert, if anything: print takes strings and
    values; assert a condition, then a string if anything."""
    if e.angle:
        return f"{e.func} takes no angle-bracket arguments", e.span
    if e.func == "print":
        return None
    if not 1 <= len(e.args) <= 2:
        return f"assert takes a condition and a message string, not {len(e.args)} arguments", e.span
    if isinstance(e.args[0], A.StrLit):
        return "assert's first argument is the condition it checks, not a string", e.args[0].span
    if len(e.args) == 2 and not isinstance(e.args[1], A.StrLit):
        return 'assert\'s message is a string, as in assert(x > 0.0, "x is positive")', e.args[1].span
    return None


def statement_problem(module: ModuleInfo, e: A.Expr) -> Problem | None:
    """What is wrong with `e` standing alone as a statement, if anything: only a statement
    fn's call, `barrier()` and an atomic may."""
    if isinstance(e, A.Call):
        unknown = unknown_function(e, module)
        if unknown is not None:
            return unknown
        fn = module.fns.get(e.func)
        if fn is not None and not isinstance(fn.body, A.Expr):
            return fn_call_problem(module, fn, e, as_value=False)
        if fn is None and e.func == "barrier":
            return ("barrier() takes no arguments", e.span) if e.args or e.angle else None
        if fn is None and e.func in DEBUG_FUNCTIONS:
            return debug_call_problem(e)
        if fn is None and e.func.startswith("atomic_"):
            return None
    shown = e.func if isinstance(e, A.Call) else "this expression"
    return f"the value of `{shown}` is unused; a statement must have an effect", e.span
