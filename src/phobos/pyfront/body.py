"""Translating a def's statements and expressions into Phobos nodes.

Names are resolved the way the def's module sees them, without running anything: a
name bound to `phobos.lang` (under any alias) makes `ph.X` the language's `X`, a name
bound to a marker or a `PhobosFn` means that marker or fn, and the def's own Phobos
names (parameters, declarations, loop variables, dimensions) shadow all of them.
"""

from __future__ import annotations

import ast as py
import builtins
import math
import re
import sys
from types import ModuleType
from typing import NoReturn

from phobos.ast import nodes as A
from phobos.ast.depth import MAX_NESTING
from phobos.errors import PhobosError, Span
from phobos.names import (
    ANGLE_KEYS,
    BUILTIN_FUNCTIONS,
    CONSTANTS,
    CONVERSIONS,
    CTX_FIELDS,
    DOT_PRECISIONS,
    KEYWORDS,
)

from .debugstmts import DebugStatements
from .markers import (
    AttributeMarker,
    BuiltinMarker,
    ConstantMarker,
    CtxMarker,
    DeclMarker,
    Marker,
    ScalarMarker,
    ShapedMarker,
    UnrollMarker,
    triton_hint,
)
from .phobosfn import PhobosFn
from .source import DefSource, end, start


class _Sentinel:
    def __init__(self, label: str) -> None:
        self.label = label

    def __repr__(self) -> str:
        return self.label


# What `Body.reference` answers besides a Python value.
LOCAL = _Sentinel("LOCAL")  # one of the def's own Phobos names
UNBOUND = _Sentinel("UNBOUND")  # a bare name the module does not (yet) bind
FOREIGN = _Sentinel("FOREIGN")  # a dotted name that is not phobos.lang's, or a local's attribute

_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_RESERVED = frozenset(KEYWORDS) | {"ctx"}

_BINARY: dict[type[py.operator], str] = {
    py.Add: "+", py.Sub: "-", py.Mult: "*", py.Div: "/", py.FloorDiv: "/", py.Mod: "%",
    py.BitAnd: "&", py.BitOr: "|", py.BitXor: "^", py.LShift: "<<", py.RShift: ">>",
}
_PYTHON_DIVISION: dict[type[py.operator], str] = {py.Div: "/", py.FloorDiv: "//"}
_UNARY: dict[type[py.unaryop], str] = {py.Not: "!", py.USub: "-", py.Invert: "~"}
_COMPARE: dict[type[py.cmpop], str] = {
    py.Eq: "==", py.NotEq: "!=", py.Lt: "<", py.LtE: "<=", py.Gt: ">", py.GtE: ">=",
}
# Comparisons Phobos lacks: how each is written, and a pattern that finds it in the text.
_NO_COMPARE: dict[type[py.cmpop], tuple[str, bytes]] = {
    py.Is: ("is", rb"\bis\b"),
    py.IsNot: ("is not", rb"\bis\s+not\b"),
    py.In: ("in", rb"\bin\b"),
    py.NotIn: ("not in", rb"\bnot\s+in\b"),
}

# Python constructs with no Phobos counterpart: how to name each, and the Phobos way.
_CONSTRUCTS: dict[type[py.AST], tuple[str, str]] = {
    py.With: ("`with`", ""),
    py.AsyncWith: ("`async with`", ""),
    py.Try: ("`try`", ""),
    py.TryStar: ("`try`", ""),
    py.Raise: ("`raise`", ""),
    py.Delete: ("`del`", ""),
    py.Global: ("`global`", ""),
    py.Nonlocal: ("`nonlocal`", ""),
    py.Import: ("`import`", "import at the top of the module"),
    py.ImportFrom: ("`import`", "import at the top of the module"),
    py.ClassDef: ("a class definition", ""),
    py.FunctionDef: ("a nested def", "write a @ph.fn at the top of the module"),
    py.AsyncFunctionDef: ("`async def`", ""),
    py.AsyncFor: ("`async for`", ""),
    py.Match: ("`match`", "write if and else"),
    py.ListComp: ("a list comprehension", ""),
    py.SetComp: ("a set comprehension", ""),
    py.DictComp: ("a dict comprehension", ""),
    py.GeneratorExp: ("a generator expression", ""),
    py.Lambda: ("a lambda", "write a @ph.fn"),
    py.IfExp: ("a conditional expression `a if c else b`", "write ph.where(c, a, b)"),
    py.NamedExpr: ("`:=`", "declare the name first"),
    py.Await: ("`await`", ""),
    py.Yield: ("`yield`", ""),
    py.YieldFrom: ("`yield from`", ""),
    py.JoinedStr: ("an f-string", ""),
    py.List: ("a list", ""),
    py.Tuple: ("a tuple", ""),
    py.Dict: ("a dict", ""),
    py.Set: ("a set", ""),
    py.Starred: ("`*` unpacking", ""),
}
_CONSTANTS: dict[type, str] = {
    str: "a string", bytes: "bytes", type(None): "`None`", type(...): "`...`",
    complex: "a complex number",
}
# Python built-ins a kernel might reach for, and what Phobos writes instead.
_PYTHON_BUILTIN_HINTS = {
    "float": "convert with ph.f32(x)",
    "int": "convert with ph.i32(x)",
    "bool": "Phobos has no conversion to bool; compare instead, as in x != 0",
    "range": "range(...) is only the iterable of a for loop",
}


def _is_module(value: object, name: str) -> bool:
    return isinstance(value, ModuleType) and value.__name__ == name


def _unparse_spells(node: py.AST, levels: int) -> bool:
    """Whether `ast.unparse` can spell `node`: it nests at most `levels` deep, and holds
    no integer too long to write in decimal (a digit takes over 3 bits)."""
    pending = [(node, 0)]
    while pending:
        current, level = pending.pop()
        too_long = isinstance(current, py.Constant) and isinstance(current.value, int) and (
            current.value.bit_length() > 3 * sys.get_int_max_str_digits() > 0
        )
        if level > levels or too_long:
            return False
        pending.extend((child, level + 1) for child in py.iter_child_nodes(current))
    return True


class Body(DebugStatements):
    """Translates one def: knows its module's names and which names are its own."""

    def __init__(self, src: DefSource, namespace: dict[str, object], fn_name: str | None) -> None:
        self.src = src
        self.namespace = namespace
        self.fn_name = fn_name  # None while translating a kernel
        self.params: set[str] = set()
        self.uses: frozenset[str] = frozenset()
        self.shapes: set[str] = set()  # dimensions and autotune names: read, never assigned
        self.scopes: list[set[str]] = [set()]
        self.nesting = 0  # statements and expressions being translated, one inside another

    # ------------------------------------------------------------ helpers

    def error(self, message: str, where: py.AST | Span, notes: tuple[str, ...] = ()) -> NoReturn:
        span = where if isinstance(where, Span) else self.src.span(where)
        raise PhobosError(message, span, notes)

    def int_literal(self, value: int, node: py.AST) -> int:
        """A Python integer literal, which Phobos bounds by 2^63 - 1 as the lexer does."""
        if value > A.INT_LITERAL_MAX:
            self.error(A.int_literal_too_large(value), node)
        return value

    def shown(self, node: py.AST) -> str:
        """How `node` reads, for a message: Python's spelling of it, or the start of its
        text where `ast.unparse` cannot spell it (it recurses, and writes integers in
        decimal, which Python refuses past 4,300 digits)."""
        if _unparse_spells(node, 50):
            return py.unparse(node)
        text = self.src.span(node).text()
        return text if len(text) <= 60 else text[:57] + "..."

    def deeper(self, node: py.AST) -> None:
        """Counts one more level of translation, which recurses into the node.

        Each level is at least one level of the Phobos tree too, so this stops only
        code the nesting limit refuses anyway, before it can exhaust the stack.
        """
        self.nesting += 1
        if self.nesting > MAX_NESTING:
            self.error(
                f"nested too deeply: more than {MAX_NESTING} levels, and the limit is "
                f"{MAX_NESTING}; split it up with lets",
                node,
            )

    def refuse(self, node: py.AST) -> NoReturn:
        """Refuse a Python construct that Phobos has no counterpart for."""
        if isinstance(node, py.Constant) and isinstance(node.value, str):
            self.error("a string is no value; only print and assert take one", node)
        if isinstance(node, py.Constant):
            what, hint = _CONSTANTS.get(type(node.value), "this constant"), ""
        else:
            what, hint = _CONSTRUCTS.get(type(node), ("this Python construct", ""))
        self.error(f"{what} has no Phobos counterpart" + (f"; {hint}" if hint else ""), node)

    def ident(self, name: str, where: py.AST | Span) -> str:
        """`name`, once it is known to be a name Phobos can spell."""
        if name in _RESERVED:
            self.error(f"`{name}` is a Phobos keyword and cannot name a value", where)
        if not _IDENT.match(name):
            self.error(f"`{name}` is not a Phobos name: use ASCII letters, digits and `_`", where)
        return name

    def _is_local(self, name: str) -> bool:
        return (
            name in self.params
            or name in self.uses
            or name in self.shapes
            or any(name in scope for scope in self.scopes)
        )

    def _is_assignable(self, name: str) -> bool:
        return name in self.params or name in self.uses or any(name in s for s in self.scopes)

    # ------------------------------------------------------------ names

    def reference(self, node: py.expr) -> object:
        """What a name or dotted name denotes, without evaluating anything.

        The answer is LOCAL, UNBOUND, FOREIGN, an `A.Ctx` for a ctx field, or the
        Python object the module binds (a marker, a PhobosFn, a module, anything).
        """
        chain: list[str] = []
        head = node
        while isinstance(head, py.Attribute):
            chain.append(head.attr)
            head = head.value
        chain.reverse()
        if not isinstance(head, py.Name):
            return FOREIGN
        if self._is_local(head.id):
            return FOREIGN if chain else LOCAL
        value = self.namespace.get(head.id, UNBOUND)
        for i, attr in enumerate(chain):
            if isinstance(value, CtxMarker):
                return self._ctx_field(chain[i:], node)
            if _is_module(value, "phobos") and attr == "lang":
                value = getattr(value, "lang", FOREIGN)
            elif _is_module(value, "phobos.lang"):
                value = getattr(value, attr, UNBOUND)
                if value is UNBOUND:
                    self.error(f"phobos.lang has no `{attr}`{triton_hint(attr)}", node)
            else:
                return FOREIGN
        if isinstance(value, CtxMarker):
            return self._ctx_field([], node)
        return value

    def _marker(self, node: py.expr) -> object:
        return self.reference(node) if isinstance(node, py.Name | py.Attribute) else FOREIGN

    def _ctx_field(self, fields: list[str], node: py.expr) -> A.Ctx:
        field = ".".join(fields)
        if field not in CTX_FIELDS:
            known = ", ".join(f"ctx.{f}" for f in CTX_FIELDS)
            what = f"`{self.shown(node)}` is not a field of ph.ctx" if fields else (
                f"`{self.shown(node)}` alone is not a value"
            )
            self.error(f"{what}; the context is read through its fields: {known}", node)
        return A.Ctx(field, span=self.src.span(node))

    def _misuse(self, value: object, node: py.expr) -> NoReturn:
        """Refuse a reference to something of phobos.lang used where it means nothing."""
        text = self.shown(node)
        if isinstance(value, ScalarMarker):
            self.error(f"`{text}` is an element type, not a value", node)
        if isinstance(value, BuiltinMarker):
            self.error(f"`{text}` is a function; call it", node)
        if isinstance(value, ShapedMarker):
            self.error(f"`{text}` is a type; it is written only in an annotation", node)
        if isinstance(value, DeclMarker):
            self.error(f"`{text}` declares a name as an annotation: `x: {text} = e`", node)
        if isinstance(value, UnrollMarker):
            self.error(f"`{text}` is only the iterable of a loop: `for i in {text}(4, range(n))`", node)
        if isinstance(value, AttributeMarker):
            self.error(f"`{text}` is a kernel attribute; write it as a decorator", node)
        if isinstance(value, PhobosFn):
            self.error(f"fn `{value.name}` is not a value; call it", node)
        if isinstance(value, ModuleType):
            self.error(f"module `{text}` is not a value", node)
        self.error(f"`{text}` is not a Phobos value", node)

    def _value(self, node: py.Name | py.Attribute) -> A.Expr:
        value = self.reference(node)
        span = self.src.span(node)
        if value is LOCAL:
            assert isinstance(node, py.Name)
            return A.Name(self.ident(node.id, node), span=span)
        if isinstance(value, A.Ctx):
            return value
        if isinstance(value, ConstantMarker):
            return A.Name(value.name, span=span)
        if value is FOREIGN:
            self.error(
                f"attribute access `{self.shown(node)}` has no Phobos counterpart; a dot "
                "only follows phobos.lang (ph.exp) or ph.ctx (ph.ctx.thread)",
                node,
            )
        if isinstance(value, Marker | PhobosFn | ModuleType) or isinstance(node, py.Attribute):
            self._misuse(value, node)
        name = node.id
        if self.fn_name is not None:
            if name in CONSTANTS:
                return A.Name(name, span=span)
            self.error(
                f"`{name}` is read by fn {self.fn_name} but not listed in uses=(...)",
                node,
                (f'a fn reads its caller\'s names only through uses: @ph.fn(uses=("{name}",))',),
            )
        if value is UNBOUND:
            return A.Name(self.ident(name, node), span=span)
        self.error(
            f"`{name}` is a Python global; a kernel reads only its parameters, dimensions, "
            "@ph.autotune names and declared names",
            node,
        )

    # ------------------------------------------------------------ expressions

    def expr(self, node: py.expr) -> A.Expr:
        self.deeper(node)
        out = self._expr(node)
        self.nesting -= 1
        return out

    def _expr(self, node: py.expr) -> A.Expr:
        if isinstance(node, py.Constant):
            return self._constant(node)
        if isinstance(node, py.Name | py.Attribute):
            return self._value(node)
        if isinstance(node, py.UnaryOp):
            return self._unary(node)
        if isinstance(node, py.BinOp):
            return self._binary(node)
        if isinstance(node, py.BoolOp):
            return self._logical(node)
        if isinstance(node, py.Compare):
            return self._compare(node)
        if isinstance(node, py.Call):
            return self._call(node)
        if isinstance(node, py.Subscript):
            return self._subscript(node)
        self.refuse(node)

    def _constant(self, node: py.Constant) -> A.Expr:
        value, span = node.value, self.src.span(node)
        if isinstance(value, bool):
            return A.BoolLit(value, span=span)
        if isinstance(value, int):
            return A.IntLit(self.int_literal(value, node), span=span)
        if isinstance(value, float):
            if not math.isfinite(value):
                self.error("this float literal is too large for any float type; write ph.inf", node)
            return A.FloatLit(value, self.src.between(start(node), end(node)).replace("_", ""), span=span)
        self.refuse(node)

    def _unary(self, node: py.UnaryOp) -> A.Unary:
        # A run of prefixes, as in `not not c`, is read in a loop: it costs no stack, and
        # its depth is checked on the tree it gives.
        chain: list[py.UnaryOp] = []
        operand: py.expr = node
        while isinstance(operand, py.UnaryOp):
            if type(operand.op) not in _UNARY:
                self.error("unary `+` has no Phobos counterpart (a span is written `X[s:+n]`)", operand)
            chain.append(operand)
            operand = operand.operand
        result = self.expr(operand)
        for prefix in reversed(chain):
            result = A.Unary(_UNARY[type(prefix.op)], result, span=self.src.span(prefix))
        assert isinstance(result, A.Unary)
        return result

    def _binary(self, node: py.BinOp) -> A.Binary:
        # A chain `a + b + c` nests to the left, (a + b) + c; its left side is read in a
        # loop, as a run of prefixes is.
        chain: list[py.BinOp] = []
        left: py.expr = node
        while isinstance(left, py.BinOp):
            chain.append(left)
            left = left.left
        for link in chain:
            self._binary_operator(link)
        result = self.expr(left)
        for link in reversed(chain):
            result = A.Binary(
                self._binary_operator(link),
                result,
                self.expr(link.right),
                python_op=_PYTHON_DIVISION.get(type(link.op)),
                span=self.src.span(link),
            )
        assert isinstance(result, A.Binary)
        return result

    def _binary_operator(self, node: py.BinOp) -> str:
        op = _BINARY.get(type(node.op))
        if op is None:
            power = isinstance(node.op, py.Pow)
            token, hint = (
                ("**", "multiply, or use ph.sqrt, ph.exp2 and ph.log2")
                if power
                else ("@", "write ph.dot(a, b)")
            )
            pattern = rb"\*\*" if power else rb"@"
            where = self.src.find(end(node.left), start(node.right), pattern) or node
            self.error(f"`{token}` has no Phobos counterpart; {hint}", where)
        return op

    def _logical(self, node: py.BoolOp) -> A.Expr:
        op = "&&" if isinstance(node.op, py.And) else "||"
        result = self.expr(node.values[0])
        for operand in node.values[1:]:
            span = self.src.span(node.values[0], operand)
            result = A.Binary(op, result, self.expr(operand), span=span)
        return result

    def _compare(self, node: py.Compare) -> A.Expr:
        """`a < b`; a chain `a < b < c` is `a < b && b < c`, as Python reads it."""
        operands = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            if type(op) in _NO_COMPARE:
                word, pattern = _NO_COMPARE[type(op)]
                where = self.src.find(end(operands[i]), start(operands[i + 1]), pattern) or node
                hint = "; compare with == or !=" if word.startswith("is") else ""
                self.error(f"`{word}` has no Phobos counterpart{hint}", where)
        exprs = [self.expr(operand) for operand in operands]
        result: A.Expr | None = None
        for i, op in enumerate(node.ops):
            span = self.src.span(operands[i], operands[i + 1])
            test = A.Binary(_COMPARE[type(op)], exprs[i], exprs[i + 1], span=span)
            whole = self.src.span(node.left, operands[i + 1])
            result = test if result is None else A.Binary("&&", result, test, span=whole)
        assert result is not None
        return result

    def _call(self, node: py.Call) -> A.Call:
        func = node.func
        if not isinstance(func, py.Name | py.Attribute):
            self.error(
                f"`{self.shown(func)}` cannot be called; only ph.<function>(...) and @ph.fn "
                "names can",
                func,
            )
        target = self.reference(func)
        if isinstance(target, BuiltinMarker) or (
            isinstance(target, ScalarMarker) and target.name in CONVERSIONS
        ):
            args = tuple(self.expr(arg) for arg in node.args)
            angle = self._angle(target.name, node.keywords)
            span, func_span = self.src.span(node), self.src.span(func)
            return A.Call(target.name, args, angle, span=span, func_span=func_span)
        if isinstance(target, PhobosFn):
            name = target.name
        elif target is UNBOUND and isinstance(func, py.Name) and func.id == "print":
            return self._print(node)
        elif target is UNBOUND and isinstance(func, py.Name):
            if hasattr(builtins, func.id):
                self._python_builtin(func)
            # A fn defined further down the module: found when the program is put together.
            name = self.ident(func.id, func)
        else:
            self._not_callable(target, func)
        if node.keywords:
            self.error(f"fn `{name}` takes its arguments by position", node.keywords[0])
        args = tuple(self.expr(arg) for arg in node.args)
        return A.Call(name, args, span=self.src.span(node), func_span=self.src.span(func))

    def _python_builtin(self, func: py.Name) -> NoReturn:
        name = func.id
        hint = f"write ph.{name}(...)" if name in BUILTIN_FUNCTIONS else ""
        hint = _PYTHON_BUILTIN_HINTS.get(name, hint) or "Phobos functions are written ph.<name>"
        self.error(f"`{name}` is Python's built-in, not a Phobos function; {hint}", func)

    def _not_callable(self, target: object, func: py.Name | py.Attribute) -> NoReturn:
        text = self.shown(func)
        if target is LOCAL:
            self.error(f"`{text}` is a value, not a function", func)
        if isinstance(target, ScalarMarker):
            self.error(f"`{text}` has no conversion; compare instead, as in x != 0", func)
        if isinstance(target, ConstantMarker | A.Ctx):
            self.error(f"`{text}` is a value, not a function", func)
        if isinstance(target, Marker | ModuleType):
            self._misuse(target, func)
        self.error(f"`{text}` is neither a Phobos built-in nor a @ph.fn", func)

    def _angle(self, name: str, keywords: list[py.keyword]) -> tuple[A.AngleArg, ...]:
        """A collective's keywords, which are its angle-bracket arguments, in order."""
        keys = ANGLE_KEYS.get(name, ())
        out = []
        for kw in keywords:
            if kw.arg is None:
                self.error("`**` unpacking has no Phobos counterpart", kw)
            if kw.arg not in keys:
                known = (
                    "its keywords are " + ", ".join(f"{k}=" for k in keys)
                    if keys
                    else "it takes no keywords"
                )
                self.error(f"`{kw.arg}=` is not a keyword of ph.{name}; {known}", kw)
            if kw.arg != "precision" and isinstance(kw.value, py.Constant) and isinstance(kw.value.value, str):
                self.error(f"`{kw.arg}=` of ph.{name} takes an integer known at compile time, not a string", kw.value)
            value = self._precision(kw.value) if kw.arg == "precision" else self.expr(kw.value)
            out.append(A.AngleArg(kw.arg, value, span=self.src.span(kw)))
        return tuple(out)

    def _precision(self, node: py.expr) -> A.Name:
        """`precision="tf32"`: a string naming the precision, which native Phobos writes
        as a bare name (`dot<precision tf32>`)."""
        if not (isinstance(node, py.Constant) and isinstance(node.value, str) and node.value in DOT_PRECISIONS):
            choices = " or ".join(f'"{p}"' for p in DOT_PRECISIONS)
            self.error(f"`precision=` takes a string, {choices}", node)
        return A.Name(node.value, span=self.src.span(node))

    def _subscript(self, node: py.Subscript) -> A.Subscript:
        if not isinstance(node.value, py.Name):
            head = node.value
            while isinstance(head, py.Subscript):
                head = head.value
            if isinstance(head, py.Name | py.Attribute):
                self._value(head)  # a type, a module or a foreign attribute: refused as such
            self.error("index a name once, with every subscript: `X[i, j]`", node)
        base = self._value(node.value)
        if not isinstance(base, A.Name):
            self.error(f"`{self.shown(node.value)}` cannot be subscripted", node.value)
        items = node.slice.elts if isinstance(node.slice, py.Tuple) else [node.slice]
        if not items:
            self.error("an empty subscript has no Phobos counterpart", node)
        return A.Subscript(
            base, tuple(self._item(item) for item in items), span=self.src.span(node)
        )

    def _is_span(self, node: py.Slice) -> bool:
        """Whether `lo:+n` was written, which Python reads as a range ending at `+n`.

        Only the text tells them apart: a span's `+` follows its `:` directly (spaces
        aside), where `lo:(+n)` or `lo:n` do not.
        """
        upper = node.upper
        if not (isinstance(upper, py.UnaryOp) and isinstance(upper.op, py.UAdd)):
            return False
        first = end(node.lower) if node.lower is not None else start(node)
        return self.src.between(first, start(upper)).lstrip(")") == ":"

    def _item(self, node: py.expr) -> A.SubscriptItem:
        span = self.src.span(node)
        if not isinstance(node, py.Slice):
            return A.IndexItem(self.expr(node), span=span)
        if node.step is not None:
            self.error("a slice step has no Phobos counterpart", node.step)
        if self._is_span(node):
            assert isinstance(node.upper, py.UnaryOp)
            if node.lower is None:
                self.error("a span needs its start: `X[0:+n]`", node)
            return A.SpanItem(self.expr(node.lower), self.expr(node.upper.operand), span=span)
        return A.RangeItem(
            None if node.lower is None else self.expr(node.lower),
            None if node.upper is None else self.expr(node.upper),
            span=span,
        )

    # ------------------------------------------------------------ types

    def type_expr(self, node: py.expr, allow_tile: bool) -> A.TypeExpr:
        """`ph.f32`, `ph.tensor[ph.f32][M, N]` or `ph.tile[ph.f32][R, C]`."""
        span = self.src.span(node)
        if isinstance(node, py.Subscript) and isinstance(node.value, py.Subscript):
            shaped = self._marker(node.value.value)
            if isinstance(shaped, ShapedMarker):
                if shaped.name == "tile" and not allow_tile:
                    self.error(
                        "a tile is not a kernel parameter; a kernel takes tensors and scalars",
                        node,
                    )
                dtype = self._element_type(node.value.slice)
                dims = node.slice.elts if isinstance(node.slice, py.Tuple) else [node.slice]
                if not dims:
                    self.error("a type needs at least one dimension", node.slice)
                if shaped.name == "tensor":
                    return A.TensorType(dtype, tuple(self._dim(d) for d in dims), span=span)
                return A.TileType(dtype, tuple(self.expr(d) for d in dims), span=span)
        elif isinstance(node, py.Subscript):
            shaped = self._marker(node.value)
            if isinstance(shaped, ShapedMarker):
                text = self.shown(node)
                self.error(f"`{text}` needs its dimensions: `{text}[M, N]`", node)
        elif isinstance(scalar := self._marker(node), ScalarMarker):
            return A.ScalarType(scalar.name, span=span)
        self.error(
            f"`{self.shown(node)}` is not a Phobos type; types are written ph.f32, "
            "ph.tensor[ph.f32][M, N] and ph.tile[ph.f32][R, C]",
            node,
        )

    def _element_type(self, node: py.expr) -> str:
        scalar = self._marker(node)
        if not isinstance(scalar, ScalarMarker):
            known = ", ".join(f"ph.{t}" for t in ("f16", "bf16", "f32", "f64", "i8", "i32"))
            self.error(f"`{self.shown(node)}` is not an element type, such as {known}", node)
        return scalar.name

    def _dim(self, node: py.expr) -> A.Expr:
        """A tensor dimension: a name, bound at launch or by @ph.autotune, or a number."""
        if isinstance(node, py.Name):
            return A.Name(self.ident(node.id, node), span=self.src.span(node))
        if (
            isinstance(node, py.Constant)
            and isinstance(node.value, int)
            and not isinstance(node.value, bool)
            and node.value >= 0
        ):
            return A.IntLit(self.int_literal(node.value, node), span=self.src.span(node))
        self.error("a tensor dimension is a name or a number", node)

    # ------------------------------------------------------------ statements

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
        op = _BINARY.get(type(node.op))
        if op is None:
            token = "**=" if isinstance(node.op, py.Pow) else "@="
            pattern = re.escape(token.encode())
            where = self.src.find(end(node.target), start(node.value), pattern) or node
            self.error(f"`{token}` has no Phobos counterpart", where)
        span = self.src.span(node)
        target = self._target(node.target)
        value = self.expr(node.value)
        return A.Assign(target, op, value, python_op=_PYTHON_DIVISION.get(type(node.op)), span=span)

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
