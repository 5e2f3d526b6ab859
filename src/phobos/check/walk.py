"""Generic traversals of the ast, so each check need not repeat the node cases."""

from __future__ import annotations

from collections.abc import Iterator

from phobos.ast import nodes as A


def child_exprs(expr: A.Expr) -> tuple[A.Expr, ...]:
    match expr:
        case A.Unary(operand=x):
            return (x,)
        case A.Binary(left=a, right=b):
            return (a, b)
        case A.Call(args=args, angle=angle):
            return (*args, *(a.value for a in angle))
        case A.Subscript(base=base, items=items):
            out: list[A.Expr] = [base]
            for it in items:
                match it:
                    case A.IndexItem(index=i):
                        out.append(i)
                    case A.SpanItem(start=s, length=n):
                        out.extend((s, n))
                    case A.RangeItem(start=s, end=e):
                        out.extend(x for x in (s, e) if x is not None)
            return tuple(out)
    return ()


def walk_exprs(expr: A.Expr) -> Iterator[A.Expr]:
    yield expr
    for child in child_exprs(expr):
        yield from walk_exprs(child)


def stmt_own_exprs(stmt: A.Stmt) -> tuple[A.Expr, ...]:
    match stmt:
        case A.Let(value=v):
            return (v,)
        case A.Var(value=v):
            return (v,) if v is not None else ()
        case A.Assign(target=t, value=v):
            return (t, v)
        case A.For(lo=lo, hi=hi, step=step, unroll=unroll):
            return tuple(x for x in (lo, hi, step, unroll) if x is not None)
        case A.While(cond=c) | A.If(cond=c):
            return (c,)
        case A.ExprStmt(expr=e):
            return (e,)
    return ()


def stmts_in(body: tuple[A.Stmt, ...]) -> Iterator[A.Stmt]:
    """Every statement in a body, nested ones included."""
    for stmt in body:
        yield stmt
        match stmt:
            case A.For(body=inner) | A.While(body=inner):
                yield from stmts_in(inner)
            case A.If(body=then, orelse=orelse):
                yield from stmts_in(then)
                if orelse:
                    yield from stmts_in(orelse)


def exprs_in(stmt: A.Stmt) -> Iterator[A.Expr]:
    """Every expression a statement holds itself (not those of nested statements)."""
    for e in stmt_own_exprs(stmt):
        yield from walk_exprs(e)


def calls_in(body: A.Expr | tuple[A.Stmt, ...]) -> Iterator[A.Call]:
    if isinstance(body, A.Expr):
        roots: list[A.Expr] = [body]
    else:
        roots = [e for s in stmts_in(body) for e in stmt_own_exprs(s)]
    for root in roots:
        for e in walk_exprs(root):
            if isinstance(e, A.Call):
                yield e
