"""Python's own `print(...)` and `assert` in a kernel, as Phobos's print and assert
statements (docs/spec.md, "print and assert"): strings kept as text, values translated."""

from __future__ import annotations

import ast as py
from typing import Any, NoReturn

from phobos.ast import nodes as A
from phobos.errors import Span


class DebugStatements:
    """The translation of print and assert (a mixin of the body's translator)."""

    src: Any

    def error(self, message: str, node: py.AST | Span) -> NoReturn:
        raise NotImplementedError

    def expr(self, node: py.expr) -> A.Expr:
        raise NotImplementedError

    def _print(self, node: py.Call) -> A.Call:
        """Python's `print(...)`: its strings and values, in order."""
        if node.keywords:
            self.error("a kernel's print takes no keywords; its parts are shown with a space between them",
                       node.keywords[0])
        return A.Call("print", tuple(self._shown_part(arg) for arg in node.args), span=self.src.span(node),
                      func_span=self.src.span(node.func))

    def _shown_part(self, node: py.expr) -> A.Expr:
        """One argument of print or assert: a string as it is, anything else a value."""
        if isinstance(node, py.Constant) and isinstance(node.value, str):
            return A.StrLit(node.value, span=self.src.span(node))
        if isinstance(node, py.JoinedStr):
            self.error("an f-string is not a Phobos value; give the values as arguments, as in "
                       "print(\"x =\", x)", node)
        return self.expr(node)

    def _assert(self, node: py.Assert) -> A.ExprStmt:
        """`assert cond` and `assert cond, "message"`."""
        args = [self.expr(node.test)]
        if node.msg is not None:
            if not (isinstance(node.msg, py.Constant) and isinstance(node.msg.value, str)):
                self.error("an assert's message is a string, as in `assert x > 0, \"x is positive\"`", node.msg)
            args.append(self._shown_part(node.msg))
        span = self.src.span(node)
        return A.ExprStmt(A.Call("assert", tuple(args), span=span, func_span=span), span=span)
