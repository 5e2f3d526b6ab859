"""Translating a def's expressions and names into Phobos nodes (its statements are
statements.py's, print and assert debugstmts.py's; the tables of what Python's
constructs mean are spellings.py's).

Names are resolved the way the def's module sees them, without running anything: a
name bound to `phobos.lang` (under any alias) makes `ph.X` the language's `X`, a name
bound to a marker or a `PhobosFn` means that marker or fn, and the def's own Phobos
names (parameters, declarations, loop variables, dimensions) shadow all of them.
"""

from __future__ import annotations

import ast as py
import builtins
import math
import sys
from collections import ChainMap
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
from .spellings import (
    BINARY,
    COMPARE,
    CONSTRUCTS,
    FOREIGN,
    IDENT,
    LOCAL,
    NO_COMPARE,
    PYTHON_BUILTIN_HINTS,
    PYTHON_CONSTANTS,
    PYTHON_DIVISION,
    RESERVED,
    UNARY,
    UNBOUND,
)
from .statements import Statements


def _is_module(value: object, name: str) -> bool:
    return isinstance(value, ModuleType) and value.__name__ == name


def _dotted(node: py.expr) -> tuple[py.expr, list[str]]:
    """A dotted name's head and its attributes in order: `a.b.c` is (a, ["b", "c"])."""
    chain: list[str] = []
    while isinstance(node, py.Attribute):
        chain.append(node.attr)
        node = node.value
    return node, chain[::-1]


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


class Body(DebugStatements, Statements):
    """Translates one def: knows its module's names and which names are its own."""

    def __init__(self, src: DefSource, namespace: ChainMap[str, object], fn_name: str | None) -> None:
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
            what, hint = PYTHON_CONSTANTS.get(type(node.value), "this constant"), ""
        else:
            what, hint = CONSTRUCTS.get(type(node), ("this Python construct", ""))
        self.error(f"{what} has no Phobos counterpart" + (f"; {hint}" if hint else ""), node)

    def ident(self, name: str, where: py.AST | Span) -> str:
        """`name`, once it is known to be a name Phobos can spell."""
        if name in RESERVED:
            self.error(f"`{name}` is a Phobos keyword and cannot name a value", where)
        if not IDENT.match(name):
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
        head, chain = _dotted(node)
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

    def _module_attribute(self, node: py.Name | py.Attribute) -> object:
        """What a dotted name through modules other than phobos.lang binds (`helpers.twice`),
        looked up without running anything; FOREIGN where it goes through anything else."""
        head, chain = _dotted(node)
        if not isinstance(head, py.Name) or not chain or self._is_local(head.id):
            return FOREIGN
        value = self.namespace.get(head.id, FOREIGN)
        for attr in chain:
            if not isinstance(value, ModuleType):
                return FOREIGN
            value = vars(value).get(attr, FOREIGN)
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
        # the namespace's first map is the enclosing functions' variables (translate._namespace)
        kind = "a variable of an enclosing Python function" if name in self.namespace.maps[0] else "a Python global"
        self.error(
            f"`{name}` is {kind}; a kernel reads only its parameters, dimensions, "
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
            if type(operand.op) not in UNARY:
                self.error("unary `+` has no Phobos counterpart (a span is written `X[s:+n]`)", operand)
            chain.append(operand)
            operand = operand.operand
        result = self.expr(operand)
        for prefix in reversed(chain):
            result = A.Unary(UNARY[type(prefix.op)], result, span=self.src.span(prefix))
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
                python_op=PYTHON_DIVISION.get(type(link.op)),
                span=self.src.span(link),
            )
        assert isinstance(result, A.Binary)
        return result

    def _binary_operator(self, node: py.BinOp) -> str:
        op = BINARY.get(type(node.op))
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
            if type(op) in NO_COMPARE:
                word, pattern = NO_COMPARE[type(op)]
                where = self.src.find(end(operands[i]), start(operands[i + 1]), pattern) or node
                hint = "; compare with == or !=" if word.startswith("is") else ""
                self.error(f"`{word}` has no Phobos counterpart{hint}", where)
        exprs = [self.expr(operand) for operand in operands]
        result: A.Expr | None = None
        for i, op in enumerate(node.ops):
            span = self.src.span(operands[i], operands[i + 1])
            test = A.Binary(COMPARE[type(op)], exprs[i], exprs[i + 1], span=span)
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
        hint = PYTHON_BUILTIN_HINTS.get(name, hint) or "Phobos functions are written ph.<name>"
        self.error(f"`{name}` is Python's built-in, not a Phobos function; {hint}", func)

    def _not_callable(self, target: object, func: py.Name | py.Attribute) -> NoReturn:
        text = self.shown(func)
        if target is FOREIGN and isinstance(self._module_attribute(func), PhobosFn):
            module, name = text.rsplit(".", 1)
            self.error(f"`{text}` is a @ph.fn reached through its module; a kernel calls a fn by its "
                       f"own name: `from {module} import {name}`, then `{name}(...)`", func)
        if target is LOCAL:
            self.error(f"`{text}` is a value, not a function", func)
        if isinstance(target, ScalarMarker):
            self.error(f"`{text}` has no conversion; compare instead, as in x != 0", func)
        if isinstance(target, ConstantMarker | A.Ctx):
            self.error(f"`{text}` is a value, not a function", func)
        if isinstance(target, Marker | ModuleType):
            self._misuse(target, func)
        module, name = getattr(target, "__module__", None), getattr(target, "__name__", None)
        if callable(target) and isinstance(module, str) and isinstance(name, str):
            hint = f"; Phobos's own is written ph.{name}(...)" if name in BUILTIN_FUNCTIONS else ""
            shown = f"`{text}`" if text == f"{module}.{name}" else f"`{text}`, Python's `{module}.{name}`,"
            self.error(f"{shown} is neither a Phobos built-in nor a @ph.fn{hint}", func)
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
