"""The typing of operators and literals (spec, Types): the promotion of operands, a
literal taking the type beside it, constants folded, Python's division rules.

A part of `builder.KernelBuilder`, kept apart as the rules of one section of the spec.
"""

from __future__ import annotations

from collections.abc import Callable

from phobos.dtypes import BOOL, F32, INDEX, DType, round_float
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir

from . import fold, literals
from .typed import Typed, broadcast, shape_text
from .types import assignable, literal_type, promote, storage_only

BIT_OPS = ("&", "|", "^")
SHIFT_OPS = ("<<", ">>")
COMPARE_OPS = ("==", "!=", "<", "<=", ">", ">=")
LOGIC_OPS = ("&&", "||")


class OperatorTyping:
    """The builder's typing of values: `fail` is the builder's located error."""

    fail: Callable[[str, Span], PhobosError]

    def retype(self, t: Typed, dtype: DType) -> ir.Expr:
        """A literal value given a concrete type, checked to fit it."""
        c = t.expr
        if not isinstance(c, ir.Const):
            return self.cast(c, dtype)
        if dtype.is_bool:
            return c
        if dtype.is_float:
            value = self.literal_float(t, dtype) if t.literal else round_float(float(c.value), dtype)
            return ir.Const(ir.VType(dtype, c.type.shape), c.span, value)
        if t.floats is not None:
            raise self.fail(f"{t.floats.shown} used where {dtype} is needed", c.span)
        lo, hi = dtype.int_range()
        if not lo <= int(c.value) <= hi:
            raise self.fail(f"literal {c.value} does not fit in {dtype}", c.span)
        return ir.Const(ir.VType(dtype, c.type.shape), c.span, int(c.value))

    def literal_float(self, t: Typed, dtype: DType) -> float:
        """A literal's value as the float type `dtype` (spec, Types: Literals)."""
        c = t.expr
        assert isinstance(c, ir.Const)
        if t.floats is None:
            value = literals.int_as_float(int(c.value), dtype, c.span)
        else:
            value = literals.as_float(t.floats, dtype, c.span)
        if isinstance(value, literals.Unfit):
            raise self.fail(value.message, value.span)
        return value

    def concrete(self, t: Typed) -> ir.Expr:
        """A value with its literal-ness dropped: literals take their default type."""
        if t.literal is None:
            return t.expr
        return self.retype(t, literal_type(t.literal, None))

    def cast(self, e: ir.Expr, dtype: DType) -> ir.Expr:
        if e.type.dtype == dtype:
            return e
        if isinstance(e, ir.Const):
            return ir.Const(ir.VType(dtype, e.type.shape), e.span, convert_const(e.value, e.type.dtype, dtype))
        return ir.Cast(ir.VType(dtype, e.type.shape), e.span, e)

    def coerce(self, t: Typed, target: ir.VType, what: str, span: Span) -> ir.Expr:
        """A value made ready to be stored in `target`: same dtype, a shape that broadcasts."""
        if t.type.shape and broadcast(t.type.shape, target.shape) != target.shape:
            raise self.fail(
                f"{what} holds {shape_text(target.shape)}, but the value is "
                f"{shape_text(t.type.shape)}",
                span,
            )
        value = None if t.literal is not None else t.type.dtype
        if target.dtype.is_bool and value != target.dtype:
            literal = {"int": "an integer literal", "float": "a float literal"}
            number = literal.get(t.literal or "", f"the value is {value}")
            raise self.fail(f"{what} is bool, but {number}; nothing converts to bool: compare explicitly, as in "
                            "x != 0", span)
        if value is not None and value.is_bool and not target.dtype.is_bool:
            raise self.fail(f"{what} is {target.dtype}, but the value is bool; bool has no conversion to "
                            f"{target.dtype}; use where(c, 1, 0)", span)
        if t.literal is not None:
            if t.literal == "float" and not target.dtype.is_float:
                raise self.fail(
                    f"{what} is {target.dtype}; a float literal needs a conversion, as in "
                    f"{target.dtype}(...)",
                    span,
                )
            return self.retype(t, target.dtype)
        assert value is not None
        if not assignable(value, target.dtype):
            raise self.fail(
                f"{what} is {target.dtype}, but the value is {value}; convert it, as in "
                f"{target.dtype}(...)",
                span,
            )
        return self.cast(t.expr, target.dtype)

    def operand_dtype(self, a: Typed, b: Typed, op: str, span: Span) -> DType:
        """The one type both operands of `op` are brought to, by the promotion table."""
        if a.literal and b.literal:
            return F32 if "float" in (a.literal, b.literal) else INDEX
        for t in (a, b):
            d = t.type.dtype
            if d.is_unsigned:
                raise self.fail(storage_only(f"`{op}`", d, "i32(x)"), t.expr.span)
        if a.literal:
            return self.with_literal(b, a, op, span)
        if b.literal:
            return self.with_literal(a, b, op, span)
        result = promote(a.type.dtype, b.type.dtype)
        if result is None:
            raise self.fail(
                f"`{op}` does not apply to {a.type.dtype} and {b.type.dtype}", span
            )
        return result

    def with_literal(self, typed: Typed, lit: Typed, op: str, span: Span) -> DType:
        d = typed.type.dtype
        if d.is_bool:
            raise self.fail(f"`{op}` does not apply to bool and a number", span)
        ltype = literal_type(lit.literal or "int", d)
        if ltype == d:
            self.retype(lit, d)  # only to check the literal fits
        result = promote(d, ltype)
        assert result is not None
        return result

    def unary(self, op: str, t: Typed, span: Span) -> Typed:
        d = t.type.dtype
        if op == "!":
            if d != BOOL:
                raise self.fail(f"`!` needs a bool, not {d}; use `~` for bits", span)
            if isinstance(t.expr, ir.Const):
                return Typed(ir.Const(t.type, span, not t.expr.value))
            return Typed(ir.Unary(t.type, span, "!", t.expr))
        if d.is_unsigned or d.is_bool or (op == "~" and not d.is_int):
            need = "an integer" if op == "~" else "a number"
            extra = "; convert first, as in i32(x)" if d.is_unsigned else ""
            raise self.fail(f"`{op}` needs {need}, not {d}{extra}", span)
        if isinstance(t.expr, ir.Const):
            v = t.expr.value
            if op == "-":
                nv = -v if d.is_float else fold.wrap(-int(v), d)  # -(-2^63) wraps, as 0 - x does
            else:
                nv = fold.wrap(~int(v), d)
            floats = None if t.floats is None else literals.negate(t.floats)
            return Typed(ir.Const(t.type, span, nv), t.literal, floats)
        return Typed(ir.Unary(t.type, span, op, t.expr))

    def binary(self, op: str, a: Typed, b: Typed, span: Span, python_op: str | None) -> Typed:
        shape = broadcast(a.type.shape, b.type.shape)
        if shape is None:
            raise self.fail(
                f"shapes {shape_text(a.type.shape)} and {shape_text(b.type.shape)} do not "
                f"broadcast for `{op}`",
                span,
            )
        self.python_division(python_op, a, b, span)
        if op in LOGIC_OPS:
            for t in (a, b):
                if t.type.dtype != BOOL:
                    raise self.fail(f"`{op}` needs bools, not {t.type.dtype}", t.expr.span)
            return self.make_binary(op, a.expr, b.expr, ir.VType(BOOL, shape), span, None)
        if a.type.dtype == BOOL or b.type.dtype == BOOL:
            if a.type.dtype == b.type.dtype and op in (*BIT_OPS, "==", "!="):
                return self.make_binary(op, a.expr, b.expr, ir.VType(BOOL, shape), span, None)
            raise self.fail(
                f"`{op}` does not apply to {a.type.dtype} and {b.type.dtype}; bool has no "
                "conversion to or from numbers",
                span,
            )
        dtype = self.operand_dtype(a, b, op, span)
        if op in (*BIT_OPS, *SHIFT_OPS) and not dtype.is_int:
            raise self.fail(f"`{op}` needs integers, not {dtype}", span)
        literal = None
        if a.literal and b.literal and op not in COMPARE_OPS:
            if dtype.is_float:
                return self.float_literal_fold(op, a, b, span)
            literal = "int"
        left = self.retype(a, dtype) if a.literal else self.cast(a.expr, dtype)
        right = self.retype(b, dtype) if b.literal else self.cast(b.expr, dtype)
        result = ir.VType(BOOL if op in COMPARE_OPS else dtype, shape)
        return self.make_binary(op, left, right, result, span, literal)

    def float_literal_fold(self, op: str, a: Typed, b: Typed, span: Span) -> Typed:
        """Two literals, one of them a float: folded in f32, and in f64 for `f64(...)`."""
        values = [t.floats or literals.from_int(int(t.expr.value)) for t in (a, b)]
        folded = literals.fold_values(op, values[0], values[1], span)
        return Typed(ir.Const(ir.VType(F32), span, folded.f32), "float", folded)

    def python_division(self, python_op: str | None, a: Typed, b: Typed, span: Span) -> None:
        if python_op is None:
            return
        ints = all(t.type.dtype.is_int for t in (a, b)) and "float" not in (a.literal, b.literal)
        if python_op == "/" and ints:
            raise self.fail(
                "`/` of two integers is refused: Python would give a float; write `//` to "
                "divide as integers (it truncates toward zero)",
                span,
            )
        if python_op == "//" and not ints:
            raise self.fail(
                "`//` needs integers: Python floors a float quotient and Phobos has no such "
                "operator; write ph.floor(a / b)",
                span,
            )

    def make_binary(
        self, op: str, left: ir.Expr, right: ir.Expr, vtype: ir.VType, span: Span,
        literal: str | None,
    ) -> Typed:
        if isinstance(left, ir.Const) and isinstance(right, ir.Const):
            lv, rv = left.value, right.value
            d = left.type.dtype
            if d.is_float:
                if op in COMPARE_OPS:
                    return Typed(ir.Const(vtype, span, fold.fold_compare(op, float(lv), float(rv))))
            elif d.is_bool:
                value = {"&&": lv and rv, "||": lv or rv, "&": lv and rv, "|": lv or rv,
                         "^": lv != rv, "==": lv == rv, "!=": lv != rv}[op]
                return Typed(ir.Const(vtype, span, bool(value)))
            else:
                if op in ("/", "%") and int(rv) == 0:
                    raise self.fail("integer division by zero", span)
                return Typed(ir.Const(vtype, span, fold.fold_int(op, int(lv), int(rv), d)), literal)
        return Typed(ir.Binary(vtype, span, op, left, right))


def convert_const(value: int | float | bool, source: DType, target: DType) -> int | float:
    """A constant converted as the `target(...)` conversion would at run time."""
    if target.is_float:
        if source.is_int:
            return literals.round_exact(int(value), target)
        return round_float(float(value), target)
    if source.is_float:
        v = float(value)
        if v != v:
            return 0
        lo, hi = target.int_range()
        if v == float("inf") or v >= hi:
            return hi
        if v == float("-inf") or v <= lo:
            return lo
        return int(v)
    return fold.wrap(int(value), target)
