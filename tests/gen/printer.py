"""The program model printed in both spellings: native Phobos and `phobos.lang` Python.

Every operand that is itself an operator is parenthesized, so neither printer depends
on a precedence table, and the two spellings of one model are one program.
"""

from __future__ import annotations

from .model import (
    Assign,
    Binary,
    Call,
    Ctx,
    Expr,
    ExprFn,
    ExprStmt,
    For,
    If,
    Index,
    Item,
    Jump,
    Let,
    Lit,
    Name,
    Program,
    Range,
    ScalarParam,
    Span,
    Stmt,
    Sub,
    TensorParam,
    Ty,
    Unary,
    Var,
    While,
)

PY_BINARY = {"&&": "and", "||": "or", "idiv": "//"}
PY_LITERAL = {"true": "True", "false": "False", "inf": "ph.inf", "nan": "ph.nan"}


class _Printer:
    python = False
    indent = "  "

    # ------------------------------------------------------------ expressions

    def expr(self, e: Expr) -> str:
        match e:
            case Lit(text=text):
                return PY_LITERAL.get(text, text) if self.python else text
            case Name(name=name):
                return name
            case Ctx(field=f):
                return f"ph.ctx.{f}" if self.python else f"ctx.{f}"
            case Unary(op=op, operand=x):
                if self.python and op == "!":
                    return f"not {self.operand(x)}"
                return f"{op}{self.operand(x)}"
            case Binary(op=op, left=a, right=b):
                shown = PY_BINARY.get(op, op) if self.python else ("/" if op == "idiv" else op)
                return f"{self.operand(a)} {shown} {self.operand(b)}"
            case Call():
                return self.call(e)
            case Sub(base=base, items=items):
                return f"{base}[{', '.join(self.item(it) for it in items)}]"
        raise TypeError(e)

    def operand(self, e: Expr) -> str:
        text = self.expr(e)
        return f"({text})" if isinstance(e, Binary | Unary) else text

    def item(self, it: Item) -> str:
        match it:
            case Index(at=at):
                return self.expr(at)
            case Span(start=start, length=n):
                return f"{self.operand(start)}:+{n}" if self.python else f"{self.operand(start)} :+ {n}"
            case Range(lo=lo, hi=hi):
                lo_text = "" if lo is None else self.operand(lo)
                hi_text = "" if hi is None else self.operand(hi)
                return f"{lo_text}:{hi_text}"
        raise TypeError(it)

    def angle_value(self, key: str, value: int | str | Expr) -> str:
        if key == "over":
            return f"ph.ctx.{value}" if self.python else f"ctx.{value}"
        if key == "precision":
            return f'"{value}"' if self.python else str(value)
        if isinstance(value, Expr):
            return self.operand(value)
        return str(value)

    def call(self, c: Call) -> str:
        args = [self.expr(a) for a in c.args]
        name = c.fn if c.user or not self.python else f"ph.{c.fn}"
        if self.python:
            args += [f"{k}={self.angle_value(k, v)}" for k, v in c.angle]
            return f"{name}({', '.join(args)})"
        angle = ""
        if c.angle:
            angle = "<" + ", ".join(f"{k} {self.angle_value(k, v)}" for k, v in c.angle) + ">"
        return f"{name}{angle}({', '.join(args)})"

    def type(self, ty: Ty) -> str:
        if self.python:
            scalar = f"ph.{ty.dtype}"
            return f"ph.tile[{scalar}][{', '.join(map(str, ty.shape))}]" if ty.shape else scalar
        return f"tile<{ty.dtype}>[{', '.join(map(str, ty.shape))}]" if ty.shape else ty.dtype

    # ------------------------------------------------------------ statements

    def block(self, body: tuple[Stmt, ...] | list[Stmt], depth: int) -> list[str]:
        return [line for s in body for line in self.stmt(s, depth)]

    def stmt(self, s: Stmt, depth: int) -> list[str]:
        pad = self.indent * depth
        match s:
            case Let(name=name, ty=ty, value=value):
                return [pad + self.declare("let", name, ty, value)]
            case Var(name=name, ty=ty, value=value):
                return [pad + self.declare("var", name, ty, value)]
            case Assign(target=target, op=op, value=value):
                shown = ("//=" if self.python else "/=") if op == "idiv=" else op
                return [f"{pad}{self.expr(target)} {shown} {self.expr(value)}"]
            case ExprStmt(call=call):
                return [pad + self.expr(call)]
            case Jump(word=word):
                return [pad + word]
            case For() | While() | If():
                return self.compound(s, depth)
        raise TypeError(s)

    def declare(self, word: str, name: str, ty: Ty | None, value: Expr | None) -> str:
        if self.python:
            marker = f"ph.{word}" + (f"[{self.type(ty)}]" if ty else "")
            return f"{name}: {marker}" + ("" if value is None else f" = {self.expr(value)}")
        typed = f": {self.type(ty)}" if ty else ""
        return f"{word} {name}{typed}" + ("" if value is None else f" = {self.expr(value)}")

    def loop_range(self, f: For) -> str:
        parts = [self.expr(f.lo), self.expr(f.hi)] + ([self.expr(f.step)] if f.step is not None else [])
        return f"range({', '.join(parts)})"

    def compound(self, s: Stmt, depth: int) -> list[str]:
        raise NotImplementedError


class NativePrinter(_Printer):
    def compound(self, s: Stmt, depth: int) -> list[str]:
        pad = self.indent * depth
        match s:
            case For(var=v, unroll=n, body=body):
                unroll = f"<unroll {n}>" if n is not None else ""
                return [f"{pad}for{unroll} {v} in {self.loop_range(s)} {{", *self.block(body, depth + 1), pad + "}"]
            case While(cond=c, body=body):
                return [f"{pad}while {self.expr(c)} {{", *self.block(body, depth + 1), pad + "}"]
            case If():
                return self.if_chain(s, depth, f"{pad}if ")
        raise TypeError(s)

    def if_chain(self, s: If, depth: int, head: str) -> list[str]:
        pad = self.indent * depth
        lines = [f"{head}{self.expr(s.cond)} {{", *self.block(s.body, depth + 1)]
        if s.chained:
            (inner,) = s.orelse
            assert isinstance(inner, If)
            return lines + self.if_chain(inner, depth, f"{pad}}} else if ")
        if s.orelse:
            return lines + [f"{pad}}} else {{", *self.block(s.orelse, depth + 1), pad + "}"]
        return lines + [pad + "}"]

    def program(self, p: Program) -> str:
        out = []
        for fn in p.fns:
            if isinstance(fn, ExprFn):
                out.append(f"fn {fn.name}({', '.join(fn.params)}) = {self.expr(fn.body)}\n")
            else:
                out.append("\n".join([f"fn {fn.name}({', '.join(fn.params)}) {{", *self.block(fn.body, 1), "}"]) + "\n")
        attrs = [f"@launch({p.threads})"]
        params = ", ".join(_native_param(q) for q in p.params)
        out.append("\n".join([*attrs, f"kernel {p.name}({params}) {{", *self.block(p.body, 1), "}"]) + "\n")
        return "\n".join(out)


def _native_param(q: TensorParam | ScalarParam) -> str:
    if isinstance(q, ScalarParam):
        return f"{q.name}: {q.dtype}"
    return f"{q.name}: tensor<{q.dtype}>[{', '.join(map(str, q.dims))}]"


class PythonPrinter(_Printer):
    python = True
    indent = "    "

    def compound(self, s: Stmt, depth: int) -> list[str]:
        pad = self.indent * depth
        match s:
            case For(var=v, unroll=n, body=body):
                loop = self.loop_range(s) if n is None else f"ph.unroll({n}, {self.loop_range(s)})"
                return [f"{pad}for {v} in {loop}:", *self.block(body, depth + 1)]
            case While(cond=c, body=body):
                return [f"{pad}while {self.expr(c)}:", *self.block(body, depth + 1)]
            case If():
                return self.if_chain(s, depth, "if")
        raise TypeError(s)

    def if_chain(self, s: If, depth: int, word: str) -> list[str]:
        pad = self.indent * depth
        lines = [f"{pad}{word} {self.expr(s.cond)}:", *self.block(s.body, depth + 1)]
        if s.chained:
            (inner,) = s.orelse
            assert isinstance(inner, If)
            return lines + self.if_chain(inner, depth, "elif")
        if s.orelse:
            return lines + [f"{pad}else:", *self.block(s.orelse, depth + 1)]
        return lines

    def program(self, p: Program) -> str:
        out = ["from __future__ import annotations\n\nimport phobos.lang as ph\n"]
        for fn in p.fns:
            uses = f"(uses=({''.join(repr(n) + ', ' for n in fn.uses)}))" if fn.uses else ""
            head = f"@ph.fn{uses}\ndef {fn.name}({', '.join(fn.params)}):"
            if isinstance(fn, ExprFn):
                out.append(f"{head}\n    return {self.expr(fn.body)}\n")
            else:
                out.append("\n".join([head, *self.block(fn.body, 1)]) + "\n")
        attrs = ["@ph.kernel", f"@ph.launch({p.threads})"]
        params = ", ".join(_python_param(q) for q in p.params)
        out.append("\n".join([*attrs, f"def {p.name}({params}):", *self.block(p.body, 1)]) + "\n")
        return "\n\n".join(out)


def _python_param(q: TensorParam | ScalarParam) -> str:
    if isinstance(q, ScalarParam):
        return f"{q.name}: ph.{q.dtype}"
    return f"{q.name}: ph.tensor[ph.{q.dtype}][{', '.join(map(str, q.dims))}]"


def native(p: Program) -> str:
    """The program in Phobos syntax."""
    return NativePrinter().program(p)


def python(p: Program) -> str:
    """The program as a Python module of `@ph.fn` and `@ph.kernel` defs."""
    return PythonPrinter().program(p)
