"""Inlining of fns: the body is spliced in where it is called, like a macro's.

A parameter is replaced by the argument expression, so an argument used twice is
evaluated twice. The body's own lets, vars and loop variables get fresh names that
no written name can take (`t#3`), so they never meet the caller's; every other name
is left alone and resolves at the call.
"""

from __future__ import annotations

import dataclasses

from phobos.ast import nodes as A

from .walk import stmts_in

FRESH_MARK = "#"


def written_name(name: str) -> str:
    """The name as the user wrote it, without the mark inlining adds."""
    return name.split(FRESH_MARK, 1)[0]


class Inliner:
    def __init__(self) -> None:
        self._counter = 0

    def expand_expr(self, fn: A.Fn, args: tuple[A.Expr, ...]) -> A.Expr:
        assert isinstance(fn.body, A.Expr)
        return _Rewriter(dict(zip(fn.params, args, strict=True)), {}).expr(fn.body)

    def expand_stmts(self, fn: A.Fn, args: tuple[A.Expr, ...]) -> tuple[A.Stmt, ...]:
        assert not isinstance(fn.body, A.Expr)
        self._counter += 1
        own = declared_names(fn.body)
        renames = {name: f"{name}{FRESH_MARK}{self._counter}" for name in own}
        return _Rewriter(dict(zip(fn.params, args, strict=True)), renames).block(fn.body)


def declared_names(body: tuple[A.Stmt, ...]) -> set[str]:
    """The names a statement fn's body declares, which are its own at every call."""
    names: set[str] = set()
    for stmt in stmts_in(body):
        if isinstance(stmt, A.Let | A.Var):
            names.add(stmt.name)
        elif isinstance(stmt, A.For):
            names.add(stmt.var)
    return names


class _Rewriter:
    def __init__(self, args: dict[str, A.Expr], renames: dict[str, str]):
        self.args = args
        self.renames = renames

    def name(self, node: A.Name) -> A.Expr:
        if node.id in self.renames:
            return dataclasses.replace(node, id=self.renames[node.id])
        if node.id in self.args:
            return self.args[node.id]
        return node

    def expr(self, e: A.Expr) -> A.Expr:
        match e:
            case A.Name():
                return self.name(e)
            case A.Unary(operand=x):
                return dataclasses.replace(e, operand=self.expr(x))
            case A.Binary(left=a, right=b):
                return dataclasses.replace(e, left=self.expr(a), right=self.expr(b))
            case A.Call(args=args, angle=angle):
                return dataclasses.replace(
                    e,
                    args=tuple(self.expr(a) for a in args),
                    angle=tuple(dataclasses.replace(a, value=self.expr(a.value)) for a in angle),
                )
            case A.Subscript(base=base, items=items):
                # A parameter used as a base was checked to be passed a name.
                new_base = self.name(base)
                assert isinstance(new_base, A.Name)
                return dataclasses.replace(e, base=new_base, items=tuple(map(self.item, items)))
        return e

    def item(self, it: A.SubscriptItem) -> A.SubscriptItem:
        match it:
            case A.IndexItem(index=i):
                return dataclasses.replace(it, index=self.expr(i))
            case A.SpanItem(start=s, length=n):
                return dataclasses.replace(it, start=self.expr(s), length=self.expr(n))
            case A.RangeItem(start=s, end=e):
                return dataclasses.replace(it, start=self.optional(s), end=self.optional(e))
        raise AssertionError(it)

    def optional(self, e: A.Expr | None) -> A.Expr | None:
        return None if e is None else self.expr(e)

    def block(self, body: tuple[A.Stmt, ...] | None) -> tuple[A.Stmt, ...]:
        return tuple(self.stmt(s) for s in body or ())

    def stmt(self, s: A.Stmt) -> A.Stmt:
        rn = self.renames.get
        match s:
            case A.Let(name=n, value=v):
                return dataclasses.replace(s, name=rn(n, n), value=self.expr(v))
            case A.Var(name=n, value=v):
                return dataclasses.replace(s, name=rn(n, n), value=self.optional(v))
            case A.Assign(target=t, value=v):
                return dataclasses.replace(s, target=self.expr(t), value=self.expr(v))
            case A.For():
                return dataclasses.replace(
                    s,
                    var=rn(s.var, s.var),
                    lo=self.expr(s.lo),
                    hi=self.expr(s.hi),
                    step=self.optional(s.step),
                    unroll=self.optional(s.unroll),
                    body=self.block(s.body),
                )
            case A.While(cond=c, body=b):
                return dataclasses.replace(s, cond=self.expr(c), body=self.block(b))
            case A.If(cond=c, body=b, orelse=o):
                return dataclasses.replace(
                    s, cond=self.expr(c), body=self.block(b),
                    orelse=None if o is None else self.block(o),
                )
            case A.ExprStmt(expr=e):
                return dataclasses.replace(s, expr=self.expr(e))
        return s
