"""Prints an ast as canonical native Phobos text.

Whatever front end built a tree, printing it gives one spelling to show in messages
and to compare; the parser reads the text back to an equal tree. Parentheses appear
only where the grammar's precedence needs them.
"""

from __future__ import annotations

import math
import re

from phobos.ast.nodes import (
    Aligned,
    Assign,
    Attribute,
    Autotune,
    Binary,
    BoolLit,
    Break,
    Call,
    Continue,
    Ctx,
    DoNotSpecialize,
    Expr,
    ExprStmt,
    FloatLit,
    Fn,
    For,
    If,
    IndexItem,
    IntLit,
    Kernel,
    Launch,
    Let,
    Name,
    Occupancy,
    Pipeline,
    Program,
    RangeItem,
    Return,
    ScalarType,
    SpanItem,
    Stmt,
    StrLit,
    Subscript,
    SubscriptItem,
    Tensorcore,
    TensorType,
    TypeExpr,
    Unary,
    Var,
    While,
)
from phobos.names import ANGLE_KEYS
from phobos.syntax.parser import (
    ADDITIVE_PRECEDENCE,
    BINARY_PRECEDENCE,
    COMPARISON_PRECEDENCE,
    UNARY_PRECEDENCE,
)

INDENT = "  "
_ATOM = UNARY_PRECEDENCE + 1
_TRAILING_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_LEADING_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def print_program(program: Program) -> str:
    """The whole program, one blank line between items."""
    return "\n".join(print_item(item) for item in program.items)


def print_item(item: Kernel | Fn) -> str:
    """One kernel or fn, ending with a newline."""
    if isinstance(item, Fn):
        head = f"fn {item.name}({', '.join(item.params)})"
        if isinstance(item.body, Expr):
            return f"{head} = {print_expr(item.body)}\n"
        return "\n".join([f"{head} {{", *_block(item.body, 1), "}"]) + "\n"
    attrs = [print_attribute(a) for a in item.attrs]
    params = ", ".join(f"{p.name}: {print_type(p.type)}" for p in item.params)
    head = f"kernel {item.name}({params}) {{"
    return "\n".join([*attrs, head, *_block(item.body, 1), "}"]) + "\n"


def print_attribute(attr: Attribute) -> str:
    if isinstance(attr, Launch):
        return f"@launch({print_expr(attr.threads)})"
    if isinstance(attr, Autotune):
        entries = (f"{e.name} in [{', '.join(map(str, e.values))}]" for e in attr.entries)
        return f"@autotune({', '.join(entries)})"
    if isinstance(attr, Aligned):
        entries = (f"{e.dim} = {print_expr(e.multiple)}" for e in attr.entries)
        return f"@aligned({', '.join(entries)})"
    if isinstance(attr, Tensorcore):
        return "@tensorcore"
    if isinstance(attr, DoNotSpecialize):
        return f"@do_not_specialize({', '.join(n.id for n in attr.names)})"
    if isinstance(attr, Occupancy):
        return f"@occupancy({print_expr(attr.ctas)})"
    assert isinstance(attr, Pipeline)
    return f"@pipeline({'off' if attr.stages is None else print_expr(attr.stages)})"


def print_type(kind: TypeExpr) -> str:
    if isinstance(kind, ScalarType):
        return kind.name
    word = "tensor" if isinstance(kind, TensorType) else "tile"
    return f"{word}<{kind.dtype}>[{', '.join(print_expr(d) for d in kind.dims)}]"


# ---------------------------------------------------------------- statements


def print_stmt(stmt: Stmt, depth: int = 0) -> str:
    """One statement, its lines indented `depth` steps."""
    return "\n".join(_stmt(stmt, depth))


def _block(body: tuple[Stmt, ...], depth: int) -> list[str]:
    return [line for stmt in body for line in _stmt(stmt, depth)]


def _stmt(stmt: Stmt, depth: int) -> list[str]:
    pad = INDENT * depth
    if isinstance(stmt, Let | Var):
        text = f"{'let' if isinstance(stmt, Let) else 'var'} {stmt.name}"
        if stmt.type is not None:
            text += f": {print_type(stmt.type)}"
        if stmt.value is not None:
            text += f" = {print_expr(stmt.value)}"
        return [pad + text]
    if isinstance(stmt, Assign):
        return [f"{pad}{print_expr(stmt.target)} {stmt.op or ''}= {print_expr(stmt.value)}"]
    if isinstance(stmt, ExprStmt):
        return [pad + print_expr(stmt.expr)]
    if isinstance(stmt, Break | Continue | Return):
        return [pad + type(stmt).__name__.lower()]
    if isinstance(stmt, While):
        return [f"{pad}while {print_expr(stmt.cond)} {{", *_block(stmt.body, depth + 1), pad + "}"]
    if isinstance(stmt, For):
        unroll = ""
        if stmt.unroll is not None:
            unroll = f"<unroll {_expr(stmt.unroll, ADDITIVE_PRECEDENCE)}>"
        bounds = [stmt.lo, stmt.hi] + ([] if stmt.step is None else [stmt.step])
        header = f"for{unroll} {stmt.var} in range({', '.join(map(print_expr, bounds))})"
        return [f"{pad}{header} {{", *_block(stmt.body, depth + 1), pad + "}"]
    assert isinstance(stmt, If)
    return _if(stmt, depth)


def _if(stmt: If, depth: int) -> list[str]:
    """An if and its else chain, written as `else if` without nesting deeper."""
    pad = INDENT * depth
    lines = [f"{pad}if {print_expr(stmt.cond)} {{", *_block(stmt.body, depth + 1)]
    orelse = stmt.orelse
    while orelse is not None and len(orelse) == 1 and isinstance(orelse[0], If):
        lines += [f"{pad}}} else if {print_expr(orelse[0].cond)} {{"]
        lines += _block(orelse[0].body, depth + 1)
        orelse = orelse[0].orelse
    if orelse is not None:
        lines += [f"{pad}}} else {{", *_block(orelse, depth + 1)]
    return [*lines, pad + "}"]


# ---------------------------------------------------------------- expressions


def print_expr(expr: Expr) -> str:
    return _expr(expr, 0)


def _string(value: str) -> str:
    """A string literal that reads back as `value`."""
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _expr(expr: Expr, min_precedence: int) -> str:
    """`expr`, in parentheses when it binds less tightly than its place requires."""
    text, precedence = _render(expr)
    return f"({text})" if precedence < min_precedence else text


def _render(expr: Expr) -> tuple[str, int]:
    """The text of `expr` and how tightly its outermost operator binds."""
    if isinstance(expr, BoolLit):
        return ("true" if expr.value else "false"), _ATOM
    if isinstance(expr, IntLit):
        # A negative literal has no native spelling; it reads back as a negation.
        return str(expr.value), (UNARY_PRECEDENCE if expr.value < 0 else _ATOM)
    if isinstance(expr, FloatLit):
        return _float(expr.value) if expr.text is None else (expr.text, _ATOM)
    if isinstance(expr, Name):
        return expr.id, _ATOM
    if isinstance(expr, StrLit):
        return _string(expr.value), _ATOM
    if isinstance(expr, Ctx):
        return f"ctx.{expr.field}", _ATOM
    if isinstance(expr, Unary):
        return expr.op + _expr(expr.operand, UNARY_PRECEDENCE), UNARY_PRECEDENCE
    if isinstance(expr, Binary):
        return _binary(expr)
    if isinstance(expr, Call):
        angle = ""
        if expr.angle:
            args = (f"{a.key} {_expr(a.value, ADDITIVE_PRECEDENCE)}" for a in expr.angle)
            angle = f"<{', '.join(args)}>"
        return f"{expr.func}{angle}({', '.join(map(print_expr, expr.args))})", _ATOM
    assert isinstance(expr, Subscript), f"not an expression: {expr!r}"
    return f"{expr.base.id}[{', '.join(map(_item, expr.items))}]", _ATOM


def _float(value: float) -> tuple[str, int]:
    if not math.isfinite(value):
        raise ValueError(f"a float literal must be finite, not {value!r}")
    text = repr(float(abs(value)))
    if math.copysign(1.0, value) < 0:
        return f"-{text}", UNARY_PRECEDENCE
    return text, _ATOM


def _binary(expr: Binary) -> tuple[str, int]:
    precedence = BINARY_PRECEDENCE[expr.op]
    # Operators of one level associate to the left; comparisons don't associate.
    chains = precedence != COMPARISON_PRECEDENCE
    left = _expr(expr.left, precedence if chains else precedence + 1)
    right = _expr(expr.right, precedence + 1)
    if expr.op == "<":
        # `sum < over ...` would read back as the start of `sum<over ...>(...)`.
        callee = _TRAILING_WORD.search(left)
        key = _LEADING_WORD.match(right)
        if callee and key and key.group() in ANGLE_KEYS.get(callee.group(), ()):
            left = f"({left})"
    return f"{left} {expr.op} {right}", precedence


def _item(item: SubscriptItem) -> str:
    if isinstance(item, IndexItem):
        return print_expr(item.index)
    if isinstance(item, SpanItem):
        return f"{print_expr(item.start)} :+ {print_expr(item.length)}"
    assert isinstance(item, RangeItem)
    start = "" if item.start is None else print_expr(item.start)
    end = "" if item.end is None else print_expr(item.end)
    return f"{start}:{end}"
