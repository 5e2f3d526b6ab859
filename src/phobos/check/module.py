"""Checks on a whole program before any kernel is built: names, fn bodies, recursion."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.ast import nodes as A
from phobos.ast.depth import height
from phobos.errors import PhobosError
from phobos.names import BUILTIN_FUNCTIONS, DEBUG_FUNCTIONS

from .walk import calls_in, exprs_in, stmts_in


@dataclass
class ModuleInfo:
    fns: dict[str, A.Fn]
    kernels: dict[str, A.Kernel]
    # For each fn, the parameters its body indexes or assigns: these must be passed names.
    place_params: dict[str, frozenset[str]]
    # For each fn, how many levels deep its body nests, which a call adds to its own level.
    heights: dict[str, int]


def module_info(program: A.Program) -> ModuleInfo:
    """The program's fns and kernels by name, with the names, parameters, jumps and
    recursion of its fns checked (what else a fn's body can be checked for, `fns` does)."""
    fns: dict[str, A.Fn] = {}
    kernels: dict[str, A.Kernel] = {}
    seen: dict[str, A.Kernel | A.Fn] = {}
    for item in program.items:
        span = item.name_span or item.span
        if item.name in seen:
            first = seen[item.name]
            raise PhobosError(
                f"`{item.name}` is defined twice; the first definition is at "
                f"line {first.span.line}",
                span,
            )
        if item.name in BUILTIN_FUNCTIONS or item.name in DEBUG_FUNCTIONS:
            raise PhobosError(f"`{item.name}` is a built-in and cannot be redefined", span)
        seen[item.name] = item
        if isinstance(item, A.Fn):
            _check_fn(item)
            fns[item.name] = item
        else:
            kernels[item.name] = item
    _check_recursion(fns)
    return ModuleInfo(
        fns,
        kernels,
        {f.name: _place_params(f) for f in fns.values()},
        {f.name: height(f) for f in fns.values()},
    )


def _check_fn(fn: A.Fn) -> None:
    for i, name in enumerate(fn.params):
        if name in fn.params[:i]:
            span = fn.param_spans[i] if i < len(fn.param_spans) else fn.span
            raise PhobosError(f"fn `{fn.name}` has two parameters named `{name}`", span)
    if isinstance(fn.body, A.Expr):
        return
    _check_jumps(fn, fn.body, in_loop=False)
    for stmt in stmts_in(fn.body):
        name = stmt.var if isinstance(stmt, A.For) else getattr(stmt, "name", None)
        if name in fn.params:
            raise PhobosError(
                f"fn `{fn.name}` declares `{name}`, the name of one of its parameters", stmt.span
            )


def _check_jumps(fn: A.Fn, body: tuple[A.Stmt, ...], in_loop: bool) -> None:
    for stmt in body:
        match stmt:
            case A.Return():
                raise PhobosError(
                    f"a fn body may not `return`: `{fn.name}` is spliced into its caller, "
                    "so `return` would end the caller's kernel",
                    stmt.span,
                )
            case A.Break() | A.Continue() if not in_loop:
                word = "break" if isinstance(stmt, A.Break) else "continue"
                raise PhobosError(
                    f"`{word}` in fn `{fn.name}` is outside the fn's own loops", stmt.span
                )
            case A.For(body=inner) | A.While(body=inner):
                _check_jumps(fn, inner, in_loop=True)
            case A.If(body=then, orelse=orelse):
                _check_jumps(fn, then, in_loop)
                if orelse:
                    _check_jumps(fn, orelse, in_loop)


def _check_recursion(fns: dict[str, A.Fn]) -> None:
    callees = {
        name: [c for c in calls_in(fn.body) if c.func in fns] for name, fn in fns.items()
    }
    state: dict[str, int] = {}  # 1: on the path, 2: done
    for root in fns:
        if root in state:
            continue
        # A depth-first walk with its own stack: a chain of fns may be longer than Python's.
        path, pending = [root], [iter(callees[root])]
        state[root] = 1
        while pending:
            call = next(pending[-1], None)
            if call is None:
                state[path.pop()] = 2
                pending.pop()
            elif state.get(call.func) == 1:
                cycle = path[path.index(call.func):] + [call.func]
                raise PhobosError(
                    "recursion: " + " calls ".join(f"`{n}`" for n in cycle)
                    + "; fns are inlined, so a fn may not call itself, directly or not",
                    call.span,
                )
            elif call.func not in state:
                state[call.func] = 1
                path.append(call.func)
                pending.append(iter(callees[call.func]))


def _place_params(fn: A.Fn) -> frozenset[str]:
    if isinstance(fn.body, A.Expr):
        exprs: tuple = (fn.body,)
        stmts: tuple = ()
    else:
        stmts = tuple(stmts_in(fn.body))
        exprs = ()
    used: set[str] = set()
    for stmt in stmts:
        if isinstance(stmt, A.Assign):
            target = stmt.target
            used.add(target.id if isinstance(target, A.Name) else target.base.id)
    for e in (*exprs, *(x for s in stmts for x in exprs_in(s))):
        if isinstance(e, A.Subscript):
            used.add(e.base.id)
        if isinstance(e, A.Call) and e.func.startswith("atomic_") and e.args:
            first = e.args[0]
            if isinstance(first, A.Subscript):
                used.add(first.base.id)
    return frozenset(used & set(fn.params))
