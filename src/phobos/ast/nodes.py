"""The one node set both front ends produce.

The native parser and the Python spelling build the same trees, so everything after
this point (checker, printer, ir) sees one language. Nodes compare by structure: the
`span` of a node, and any note a front end leaves for the checker, take no part in
equality, so a program printed and parsed again equals the tree it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from phobos.errors import Span


@dataclass(frozen=True)
class Node:
    span: Span = field(compare=False, repr=False, kw_only=True)


# ---------------------------------------------------------------- types


@dataclass(frozen=True)
class ScalarType(Node):
    """`f32`, `i32`, `bool`, ... as written."""

    name: str


@dataclass(frozen=True)
class TensorType(Node):
    """`tensor<T>[d0, d1, ...]`: each dim an `IntLit` or a `Name`."""

    dtype: str
    dims: tuple[Expr, ...]


@dataclass(frozen=True)
class TileType(Node):
    """`tile<T>[d0, ...]`: each dim an expression known at compile time."""

    dtype: str
    dims: tuple[Expr, ...]


TypeExpr = ScalarType | TensorType | TileType


# ---------------------------------------------------------------- expressions


@dataclass(frozen=True)
class Expr(Node):
    pass


# The largest integer literal (spec, Types); a literal is never negative.
INT_LITERAL_MAX = (1 << 63) - 1


def int_literal_too_large(value: int) -> str:
    """The refusal of an integer literal above INT_LITERAL_MAX, which names it only
    where it is short: str() of an int of more than 4300 digits raises."""
    shown = f"{value} is" if value.bit_length() <= 128 else f"a {value.bit_length()}-bit value is"
    return f"integer literal too large: {shown} above the largest, 2^63 - 1 = {INT_LITERAL_MAX}"


@dataclass(frozen=True)
class IntLit(Expr):
    value: int


@dataclass(frozen=True)
class FloatLit(Expr):
    """`value` is the f64 nearest the literal; `text`, its decimal spelling where a front
    end read one, fixes its f32 value, which rounds once from the decimal (spec, Types)."""

    value: float
    text: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class BoolLit(Expr):
    value: bool


@dataclass(frozen=True)
class StrLit(Expr):
    """A string, which only print and assert take (their text to show)."""

    value: str


@dataclass(frozen=True)
class Name(Expr):
    id: str


@dataclass(frozen=True)
class Ctx(Expr):
    """A field of the execution context: `thread`, `lane`, `block.x`, ..."""

    field: str


@dataclass(frozen=True)
class Unary(Expr):
    """`-x`, `!x` (logical not), `~x` (bitwise not)."""

    op: str
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    """Arithmetic, bitwise, comparison and logical (`&&`, `||`) operators.

    `python_op` records the Python operator a `/` came from (`/` or `//`) so the
    checker can refuse what Python would compute differently; it is not printed.
    """

    op: str
    left: Expr
    right: Expr
    python_op: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class AngleArg(Node):
    """One compile-time argument in angle brackets: `over ctx.lane`, `width 8`, `xor 16`."""

    key: str
    value: Expr


@dataclass(frozen=True)
class Call(Expr):
    """A call of a built-in or a fn: `exp(x)`, `sum<over ctx.lane, width 8>(x)`."""

    func: str
    args: tuple[Expr, ...]
    angle: tuple[AngleArg, ...] = ()
    func_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class IndexItem(Node):
    """A single index `i`: picks one position and drops the dimension."""

    index: Expr


@dataclass(frozen=True)
class SpanItem(Node):
    """`s :+ n`: `n` positions from `s`, `n` known at compile time."""

    start: Expr
    length: Expr


@dataclass(frozen=True)
class RangeItem(Node):
    """`s:e`, `s:`, `:e` or `:`: positions from `s` (default 0) below `e` (default the extent)."""

    start: Expr | None
    end: Expr | None


SubscriptItem = IndexItem | SpanItem | RangeItem


@dataclass(frozen=True)
class Subscript(Expr):
    """`A[...]`: the base is always a name (a tensor, a tile or a view)."""

    base: Name
    items: tuple[SubscriptItem, ...]


# ---------------------------------------------------------------- statements


@dataclass(frozen=True)
class Stmt(Node):
    pass


@dataclass(frozen=True)
class Let(Stmt):
    name: str
    type: TypeExpr | None
    value: Expr
    name_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Var(Stmt):
    name: str
    type: TypeExpr | None
    value: Expr | None
    name_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Assign(Stmt):
    """`target = value`, or `target op= value` when `op` is set (`+`, `-`, ...).

    As on `Binary`, `python_op` records whether a `/=` came from Python's `/=` or `//=`.
    """

    target: Name | Subscript
    op: str | None
    value: Expr
    python_op: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class For(Stmt):
    """`for<unroll n> var in range(lo, hi, step)`; `unroll` and `step` may be absent."""

    var: str
    lo: Expr
    hi: Expr
    step: Expr | None
    unroll: Expr | None
    body: tuple[Stmt, ...]
    var_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class While(Stmt):
    cond: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class If(Stmt):
    """`else if` is an `If` alone in `orelse`."""

    cond: Expr
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] | None


@dataclass(frozen=True)
class Break(Stmt):
    pass


@dataclass(frozen=True)
class Continue(Stmt):
    pass


@dataclass(frozen=True)
class Return(Stmt):
    pass


@dataclass(frozen=True)
class ExprStmt(Stmt):
    """A call run for its effect: a statement fn, `barrier()`, an atomic."""

    expr: Expr


# ---------------------------------------------------------------- attributes


@dataclass(frozen=True)
class Launch(Node):
    """`@launch(n)` or `@launch(NAME)`: threads per CTA."""

    threads: Expr


@dataclass(frozen=True)
class AutotuneEntry(Node):
    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Autotune(Node):
    """`@autotune(NAME in [v, ...], ...)`: one compiled variant per combination."""

    entries: tuple[AutotuneEntry, ...]


@dataclass(frozen=True)
class AlignedEntry(Node):
    dim: str
    multiple: Expr


@dataclass(frozen=True)
class Aligned(Node):
    """`@aligned(M = TILE_M, ...)`: a promise that the dim is a multiple of the value."""

    entries: tuple[AlignedEntry, ...]


@dataclass(frozen=True)
class Tensorcore(Node):
    pass


@dataclass(frozen=True)
class Pipeline(Node):
    """`@pipeline(off)` (no `stages`) or `@pipeline(n)`: how many stages a GEMM loop's loads take."""

    stages: Expr | None


@dataclass(frozen=True)
class DoNotSpecialize(Node):
    """`@do_not_specialize(n, D)`: sizes that vary from launch to launch, so the code
    compiled for a launch assumes nothing of their values (see Launching)."""

    names: tuple[Name, ...]


@dataclass(frozen=True)
class Occupancy(Node):
    """`@occupancy(n)`: how many CTAs of the kernel each SM should hold at once, a hint
    the Tile IR back end gives tileiras (the entry's `occupancy`)."""

    ctas: Expr


Attribute = Launch | Autotune | Aligned | Tensorcore | Pipeline | DoNotSpecialize | Occupancy


# ---------------------------------------------------------------- top level


@dataclass(frozen=True)
class Param(Node):
    name: str
    type: TypeExpr


@dataclass(frozen=True)
class Kernel(Node):
    name: str
    attrs: tuple[Attribute, ...]
    params: tuple[Param, ...]
    body: tuple[Stmt, ...]
    name_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Fn(Node):
    """`fn f(a, b) = e` when `body` is an `Expr`, the statement form when a tuple."""

    name: str
    params: tuple[str, ...]
    body: Expr | tuple[Stmt, ...]
    name_span: Span | None = field(default=None, compare=False, repr=False)
    param_spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Program(Node):
    items: tuple[Kernel | Fn, ...]
