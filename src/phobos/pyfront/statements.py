"""Translating a def's statements into Phobos nodes: declarations, assignments, loops,
branches and jumps (a mixin of the body's translator, body.py, which gives the
expressions and names)."""

from __future__ import annotations

import ast as py
import re
from typing import Any, NoReturn

from phobos.ast import nodes as A
from phobos.errors import Span

from .markers import DeclMarker, UnrollMarker
from .source import end, start
from .spellings import BINARY, PYTHON_DIVISION, UNBOUND


class Statements:
    """The translation of statements; the expressions, names and errors are body.py's."""

    src: Any
    scopes: list[set[str]]
    shapes: set[str]
    fn_name: str | None
    nesting: int

    def error(self, message: str, where: py.AST | Span, notes: tuple[str, ...] = ()) -> NoReturn:
        raise NotImplementedError

    def refuse(self, node: py.AST) -> NoReturn:
        raise NotImplementedError

    def deeper(self, node: py.AST) -> None:
        raise NotImplementedError

    def expr(self, node: py.expr) -> A.Expr:
        raise NotImplementedError

    def shown(self, node: py.AST) -> str:
        raise NotImplementedError

    def ident(self, name: str, where: py.AST | Span) -> str:
        raise NotImplementedError

    def type_expr(self, node: py.expr, allow_tile: bool) -> A.TypeExpr:
        raise NotImplementedError

    def _marker(self, node: py.expr) -> object:
        raise NotImplementedError

    def _subscript(self, node: py.Subscript) -> A.Subscript:
        raise NotImplementedError

    def _is_assignable(self, name: str) -> bool:
        raise NotImplementedError

    def _assert(self, node: py.Assert) -> A.Stmt:
        raise NotImplementedError

    def block(self, body: list[py.stmt], names: tuple[str, ...] = ()) -> tuple[A.Stmt, ...]:
        """The statements of one Phobos block, which is a scope of its own."""
        self.scopes.append(set(names))
        out = [stmt for stmt in map(self.stmt, body) if stmt is not None]
        self.scopes.pop()
        return tuple(out)

    def stmt(self, node: py.stmt) -> A.Stmt | None:
        self.deeper(node)
        out = self._stmt(node)
        self.nesting -= 1
        return out

    def _stmt(self, node: py.stmt) -> A.Stmt | None:
        span = self.src.span(node)
        if isinstance(node, py.AnnAssign):
            return self._declare(node)
        if isinstance(node, py.Assign):
            return self._assign(node)
        if isinstance(node, py.AugAssign):
            return self._update(node)
        if isinstance(node, py.For):
            return self._for(node)
        if isinstance(node, py.While):
            self._no_else(node, "while")
            return A.While(self.expr(node.test), self.block(node.body), span=span)
        if isinstance(node, py.If):
            cond, body = self.expr(node.test), self.block(node.body)
            orelse = self.block(node.orelse) if node.orelse else None
            return A.If(cond, body, orelse, span=span)
        if isinstance(node, py.Break):
            return A.Break(span=span)
        if isinstance(node, py.Continue):
            return A.Continue(span=span)
        if isinstance(node, py.Return):
            return self._return(node)
        if isinstance(node, py.Pass):
            return None
        if isinstance(node, py.Assert):
            return self._assert(node)
        if isinstance(node, py.Expr):
            call = self.expr(node.value)
            if not isinstance(call, A.Call):
                self.error(
                    "a statement that is an expression must be a call, such as ph.barrier() "
                    "or a statement fn",
                    node,
                )
            return A.ExprStmt(call, span=span)
        self.refuse(node)

    def _declare(self, node: py.AnnAssign) -> A.Let | A.Var:
        """`x: ph.let = e`, `x: ph.var[T] = e`, `t: ph.var[T]`."""
        target = node.target
        if not isinstance(target, py.Name):
            self.error("a declaration declares a name, as in `x: ph.var = e`", target)
        annotation = node.annotation
        head = annotation.value if isinstance(annotation, py.Subscript) else annotation
        kind = self._marker(head)
        if not isinstance(kind, DeclMarker):
            self.error(
                f"`{self.shown(annotation)}` declares nothing; a declaration is annotated "
                "with ph.let or ph.var, as in `x: ph.var = e`",
                annotation,
            )
        type_ = None
        if isinstance(annotation, py.Subscript):
            if isinstance(annotation.slice, py.Tuple):
                self.error(f"ph.{kind.name}[...] takes one type", annotation.slice)
            type_ = self.type_expr(annotation.slice, allow_tile=True)
        value = None if node.value is None else self.expr(node.value)
        name = self.ident(target.id, target)
        span, name_span = self.src.span(node), self.src.span(target)
        self.scopes[-1].add(name)
        if kind.name == "var":
            return A.Var(name, type_, value, span=span, name_span=name_span)
        if value is None:
            self.error(f"a let needs a value: `{name}: ph.let = e`", node)
        return A.Let(name, type_, value, span=span, name_span=name_span)

    def _target(self, node: py.expr) -> A.Name | A.Subscript:
        if isinstance(node, py.Subscript):
            return self._subscript(node)
        if isinstance(node, py.Tuple | py.List):
            self.error(
                "assigning several names at once has no Phobos counterpart; assign one name "
                "per statement",
                node,
            )
        if isinstance(node, py.Attribute):
            self.error(f"`{self.shown(node)}` cannot be assigned; assign a name or a subscript", node)
        if not isinstance(node, py.Name):
            self.refuse(node)
        name = node.id
        if not self._is_assignable(name):
            if name in self.shapes:
                self.error(f"`{name}` is a dimension or @ph.autotune name; it cannot be assigned", node)
            self.error(
                f"assignment to undeclared name `{name}`; declare it with `{name}: ph.var = ...`",
                node,
            )
        return A.Name(name, span=self.src.span(node))

    def _assign(self, node: py.Assign) -> A.Assign:
        if len(node.targets) > 1:
            self.error(
                "chained assignment `a = b = e` has no Phobos counterpart; assign one name "
                "per statement",
                node.targets[1],
            )
        target = self._target(node.targets[0])
        return A.Assign(target, None, self.expr(node.value), span=self.src.span(node))

    def _update(self, node: py.AugAssign) -> A.Assign:
        """`x op= e`; a division keeps the Python operator it came from for the checker."""
        op = BINARY.get(type(node.op))
        if op is None:
            token = "**=" if isinstance(node.op, py.Pow) else "@="
            pattern = re.escape(token.encode())
            where = self.src.find(end(node.target), start(node.value), pattern) or node
            self.error(f"`{token}` has no Phobos counterpart", where)
        span = self.src.span(node)
        target = self._target(node.target)
        value = self.expr(node.value)
        return A.Assign(target, op, value, python_op=PYTHON_DIVISION.get(type(node.op)), span=span)

    def _no_else(self, node: py.For | py.While, word: str) -> None:
        if node.orelse:
            between = self.src.find(end(node.body[-1]), start(node.orelse[0]), rb"\belse\b")
            self.error(
                f"a `{word}` loop's `else` has no Phobos counterpart",
                between or node.orelse[0],
            )

    def _for(self, node: py.For) -> A.For:
        self._no_else(node, "for")
        if not isinstance(node.target, py.Name):
            self.error("a for loop binds one name, as in `for i in range(n)`", node.target)
        var = self.ident(node.target.id, node.target)
        usage = "a for loop runs over range(...) or ph.unroll(n, range(...))"
        loop = node.iter
        unroll = None
        if isinstance(loop, py.Call) and isinstance(self._marker(loop.func), UnrollMarker):
            if len(loop.args) != 2 or loop.keywords:
                self.error("ph.unroll takes a count and a range: ph.unroll(4, range(n))", loop)
            unroll = self.expr(loop.args[0])
            loop = loop.args[1]
        if not (
            isinstance(loop, py.Call)
            and isinstance(loop.func, py.Name)
            and loop.func.id == "range"
            and self._marker(loop.func) is UNBOUND
        ):
            self.error(usage, loop)
        if loop.keywords or not 1 <= len(loop.args) <= 3:
            self.error("range takes one to three arguments: range(hi), range(lo, hi, step)", loop)
        bounds = [self.expr(arg) for arg in loop.args]
        if len(bounds) == 1:
            bounds.insert(0, A.IntLit(0, span=self.src.span(loop)))
        step = bounds[2] if len(bounds) == 3 else None
        body = self.block(node.body, names=(var,))
        return A.For(
            var, bounds[0], bounds[1], step, unroll, body,
            span=self.src.span(node), var_span=self.src.span(node.target),
        )

    def _return(self, node: py.Return) -> A.Return:
        if self.fn_name is not None:
            if node.value is not None:
                self.error(
                    "`return e` is a fn's whole body or nowhere: an expression fn is one "
                    "`return e`, a statement fn returns nothing",
                    node,
                )
            self.error("a statement fn may not return", node)
        if node.value is not None:
            self.error("a kernel returns no value; write its results to a tensor", node.value)
        return A.Return(span=self.src.span(node))
