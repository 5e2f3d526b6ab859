"""Every fn checked on its own, whether or not a kernel calls it.

A fn is inlined, so much of what it means comes from each call: its parameters are
what it is given, and its other names resolve where it is called. What no call can
change is checked here, so a fn no kernel calls is refused for what would be wrong at
every call: a call that breaks the rules of calls, a name of its own read where it is
not declared, and a type error in an expression that reads nothing from any caller.
"""

from __future__ import annotations

from phobos.ast import nodes as A
from phobos.errors import PhobosError

from .builder import KernelBuilder
from .callrules import fn_call_problem, statement_problem, unknown_function, unknown_name
from .inline import declared_names
from .module import ModuleInfo
from .walk import child_exprs, stmt_own_exprs, stmts_in, walk_exprs

# ctx fields whose values are the kernel's own (its @launch), not the same everywhere.
_KERNEL_CTX = ("threads", "warps")


def check_fns(module: ModuleInfo) -> None:
    callers = _reading_callers(module)
    for fn in module.fns.values():
        roots = _roots(module, fn)
        for root in roots:
            for e in walk_exprs(root):
                if isinstance(e, A.Call):
                    _check_value_call(module, e)
        if not isinstance(fn.body, A.Expr):
            _check_own_names(module, fn.body, declared_names(fn.body), set())
        _check_closed_parts(module, fn, roots, callers)


def _roots(module: ModuleInfo, fn: A.Fn) -> list[A.Expr]:
    """The expressions of a fn's body used as values; a statement call's own rules are
    checked on the way."""
    if isinstance(fn.body, A.Expr):
        return [fn.body]
    roots: list[A.Expr] = []
    for stmt in stmts_in(fn.body):
        if isinstance(stmt, A.ExprStmt):
            problem = statement_problem(module, stmt.expr)
            if problem is not None:
                raise PhobosError(*problem)
            roots.extend(e for e in child_exprs(stmt.expr) if not isinstance(e, A.StrLit))  # print's text
            continue
        roots.extend(_values(stmt))
    return roots


def _values(stmt: A.Stmt) -> list[A.Expr]:
    """The expressions a statement holds itself, a declared tile's dims among them."""
    out = list(stmt_own_exprs(stmt))
    if isinstance(stmt, A.Let | A.Var) and isinstance(stmt.type, A.TileType):
        out.extend(stmt.type.dims)
    return out


def _check_value_call(module: ModuleInfo, call: A.Call) -> None:
    fn = module.fns.get(call.func)
    problem = unknown_function(call, module) if fn is None else fn_call_problem(module, fn, call, as_value=True)
    if problem is not None:
        raise PhobosError(*problem)


def _check_own_names(module: ModuleInfo, body: tuple[A.Stmt, ...], own: set[str], visible: set[str]) -> None:
    """Refuse a name the body declares read where that declaration is not visible: it is
    the fn's own at every call, so no caller's name can stand for it there."""
    visible = set(visible)  # a block's declarations end with it
    for stmt in body:
        for root in _values(stmt):
            for e in walk_exprs(root):
                if isinstance(e, A.Name) and e.id in own and e.id not in visible:
                    raise PhobosError(unknown_name(e.id, module), e.span)
        match stmt:
            case A.Let(name=name) | A.Var(name=name):
                visible.add(name)
            case A.For(var=var, body=inner):
                _check_own_names(module, inner, own, visible | {var})
            case A.While(body=inner):
                _check_own_names(module, inner, own, visible)
            case A.If(body=then, orelse=orelse):
                _check_own_names(module, then, own, visible)
                _check_own_names(module, orelse or (), own, visible)


def _reading_callers(module: ModuleInfo) -> set[str]:
    """The fns whose bodies read something of their caller's besides their arguments: a
    name they neither take nor declare, the kernel's ctx.threads or ctx.warps, or a call
    of such a fn."""
    reads: set[str] = set()
    calls: dict[str, set[str]] = {}
    for fn in module.fns.values():
        if isinstance(fn.body, A.Expr):
            own, roots = set(fn.params), [fn.body]
        else:
            own = set(fn.params) | declared_names(fn.body)
            roots = [root for stmt in stmts_in(fn.body) for root in _values(stmt)]
        calls[fn.name] = set()
        for e in (x for root in roots for x in walk_exprs(root)):
            if isinstance(e, A.Name) and e.id not in own or isinstance(e, A.Ctx) and e.field in _KERNEL_CTX:
                reads.add(fn.name)
            elif isinstance(e, A.Call) and e.func in module.fns:
                calls[fn.name].add(e.func)
    grown = True
    while grown:
        grown = False
        for name, callees in calls.items():
            if name not in reads and callees & reads:
                reads.add(name)
                grown = True
    return reads


def _check_closed_parts(module: ModuleInfo, fn: A.Fn, roots: list[A.Expr], callers: set[str]) -> None:
    """Type each largest part of the fn's values that reads nothing from any caller, on
    its own: it has the same type wherever the fn is called."""
    parts: list[A.Expr] = []
    for root in roots:
        if _closed(root, module, callers, parts):
            parts.append(root)
    asserts = [s for s in ([] if isinstance(fn.body, A.Expr) else stmts_in(fn.body))
               if isinstance(s, A.ExprStmt) and isinstance(s.expr, A.Call) and s.expr.func == "assert"
               and _closed(s.expr.args[0], module, callers, [])]
    if not parts and not asserts:
        return
    builder = KernelBuilder(module, A.Kernel(fn.name, (), (), (), span=fn.span), {})
    for part in parts:
        builder.expr(part)
    for stmt in asserts:  # a condition that reads nothing from a caller is a bool at every call, or never
        assert isinstance(stmt.expr, A.Call)
        builder.assertion(stmt.expr, stmt.span)


def _closed(e: A.Expr, module: ModuleInfo, callers: set[str], parts: list[A.Expr]) -> bool:
    """Whether `e` reads nothing from any caller; the largest closed parts of an `e` that
    does are added to `parts`."""
    children = child_exprs(e)
    flags = [_closed(child, module, callers, parts) for child in children]
    match e:
        case A.Name() | A.Subscript():
            mine = False
        case A.Ctx(field=field):
            mine = field not in _KERNEL_CTX
        case A.Call(func=func):
            mine = func not in callers
        case _:
            mine = True
    if mine and all(flags):
        return True
    parts.extend(child for child, closed in zip(children, flags, strict=True) if closed)
    return False
