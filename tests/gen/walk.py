"""Walking the program model: every statement, every expression, the names used."""

from __future__ import annotations

from collections.abc import Iterator

from .model import (
    Assign,
    Binary,
    Call,
    Expr,
    ExprStmt,
    For,
    If,
    Index,
    Item,
    Let,
    Name,
    Range,
    Span,
    Stmt,
    Sub,
    Unary,
    Var,
    While,
)


def stmts(body: tuple[Stmt, ...] | list[Stmt]) -> Iterator[Stmt]:
    """Every statement of a block, nested ones included, in order."""
    for s in body:
        yield s
        match s:
            case For(body=b) | While(body=b):
                yield from stmts(b)
            case If(body=b, orelse=o):
                yield from stmts(b)
                yield from stmts(o)


def roots(s: Stmt) -> list[Expr]:
    """The expressions a statement itself holds (not those of nested statements)."""
    match s:
        case Let(value=v):
            return [v]
        case Var(value=v):
            return [] if v is None else [v]
        case Assign(target=t, value=v):
            return [t, v]
        case For(lo=lo, hi=hi, step=step):
            return [lo, hi] + ([] if step is None else [step])
        case While(cond=c) | If(cond=c):
            return [c]
        case ExprStmt(call=c):
            return [c]
    return []


def item_exprs(it: Item) -> list[Expr]:
    match it:
        case Index(at=at):
            return [at]
        case Span(start=start):
            return [start]
        case Range(lo=lo, hi=hi):
            return [e for e in (lo, hi) if e is not None]
    return []


def exprs(e: Expr) -> Iterator[Expr]:
    """`e` and every expression inside it."""
    yield e
    match e:
        case Unary(operand=x):
            yield from exprs(x)
        case Binary(left=a, right=b):
            yield from exprs(a)
            yield from exprs(b)
        case Call(args=args, angle=angle):
            for a in args:
                yield from exprs(a)
            for _, v in angle:
                if isinstance(v, Expr):
                    yield from exprs(v)
        case Sub(items=items):
            for it in items:
                for x in item_exprs(it):
                    yield from exprs(x)


def names_used(body: tuple[Stmt, ...] | list[Stmt]) -> set[str]:
    """Every name a block reads or writes: variables, tensors, dims."""
    out: set[str] = set()
    for s in stmts(body):
        for root in roots(s):
            for e in exprs(root):
                if isinstance(e, Name):
                    out.add(e.name)
                elif isinstance(e, Sub):
                    out.add(e.base)
    return out


def names_declared(body: tuple[Stmt, ...] | list[Stmt]) -> set[str]:
    out: set[str] = set()
    for s in stmts(body):
        match s:
            case Let(name=n) | Var(name=n):
                out.add(n)
            case For(var=v):
                out.add(v)
    return out
