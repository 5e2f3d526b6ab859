"""Inlining of fns: the body is spliced in where it is called, like a macro's.

A parameter is replaced by the argument expression, so an argument used twice is
evaluated twice. The body's own lets, vars and loop variables get fresh names that
no written name can take (`t#3`), so they never meet the caller's; every other name
resolves at the call. A call inside a fn's body is such a call site too: the names
its fn's body leaves free resolve where that call stands, among the enclosing fn's
parameters and own names first, so each call made while expanding a body keeps the
body's bindings (`env_of`) for the expansion of its own fn.
"""

from __future__ import annotations

import dataclasses

from phobos.ast import nodes as A
from phobos.errors import PhobosError

from .walk import stmts_in

FRESH_MARK = "#"


def written_name(name: str) -> str:
    """The name as the user wrote it, without the mark inlining adds."""
    return name.split(FRESH_MARK, 1)[0]


# A name in scope at a call inside an expanded body -> what it stands for there: an
# argument expression, or (a str) the fresh name of the body's own declaration.
Env = dict[str, A.Expr | str]


class Inliner:
    def __init__(self) -> None:
        self._counter = 0
        # Each call written by an expansion, by identity (the call is kept, so no other
        # node takes its id), with the bindings of the body it stands in.
        self._envs: dict[int, tuple[A.Call, Env]] = {}

    def env_of(self, call: A.Call) -> Env:
        entry = self._envs.get(id(call))
        return entry[1] if entry is not None and entry[0] is call else {}

    def expand_expr(self, fn: A.Fn, call: A.Call) -> A.Expr:
        assert isinstance(fn.body, A.Expr)
        bound = dict(zip(fn.params, call.args, strict=True))
        return _Rewriter(bound, {}, self.env_of(call), self._envs).expr(fn.body)

    def expand_stmts(self, fn: A.Fn, call: A.Call) -> tuple[A.Stmt, ...]:
        assert not isinstance(fn.body, A.Expr)
        self._counter += 1
        own = declared_names(fn.body)
        renames = {name: f"{name}{FRESH_MARK}{self._counter}" for name in own}
        bound = dict(zip(fn.params, call.args, strict=True))
        return _Rewriter(bound, renames, self.env_of(call), self._envs).block(fn.body)


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
    def __init__(self, args: dict[str, A.Expr], renames: dict[str, str], outer: Env,
                 envs: dict[int, tuple[A.Call, Env]]):
        self.args = args
        self.renames = renames
        self.outer = outer  # the enclosing body's bindings, for names this body leaves free
        self.envs = envs

    def name(self, node: A.Name) -> A.Expr:
        if node.id in self.renames:
            return dataclasses.replace(node, id=self.renames[node.id])
        if node.id in self.args:
            return self.args[node.id]
        meaning = self.outer.get(node.id)
        if isinstance(meaning, str):
            return dataclasses.replace(node, id=meaning)
        return node if meaning is None else meaning

    def scope(self) -> Env:
        """What each name means in this body: its own names, its parameters, then the
        enclosing body's."""
        env: Env = dict(self.outer)
        env.update(self.args)
        env.update(self.renames)
        return env

    def expr(self, e: A.Expr) -> A.Expr:
        match e:
            case A.Name():
                return self.name(e)
            case A.Unary(operand=x):
                return dataclasses.replace(e, operand=self.expr(x))
            case A.Binary(left=a, right=b):
                return dataclasses.replace(e, left=self.expr(a), right=self.expr(b))
            case A.Call(args=args, angle=angle):
                call = dataclasses.replace(
                    e,
                    args=tuple(self.expr(a) for a in args),
                    angle=tuple(dataclasses.replace(a, value=self.expr(a.value)) for a in angle),
                )
                self.envs[id(call)] = (call, self.scope())
                return call
            case A.Subscript(base=base, items=items):
                # A parameter used as a base was checked to be passed a name; a name the
                # body leaves free may stand for an enclosing fn's argument, which may not be one.
                new_base = self.name(base)
                if not isinstance(new_base, A.Name):
                    raise PhobosError(
                        f"`{written_name(base.id)}` here is an enclosing fn's parameter, passed a value, not a name; "
                        "only a tensor, tile or view name can be indexed",
                        base.span,
                    )
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
                target = self.expr(t)
                if not isinstance(target, A.Name | A.Subscript):  # a free name bound to an argument value
                    assert isinstance(t, A.Name)  # a subscript stays one (its base is checked above)
                    raise PhobosError(
                        f"`{written_name(t.id)}` here is an enclosing fn's parameter, passed a value, not a name; "
                        "only a variable, a tile or an element can be assigned",
                        t.span,
                    )
                return dataclasses.replace(s, target=target, value=self.expr(v))
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
