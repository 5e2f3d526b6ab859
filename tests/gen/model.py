"""The program model the generator builds and the printers, the oracle and the runner read.

It is a small tree of its own rather than the compiler's ast, so it carries what the
ast does not (the flow level a jump was generated under, each output's tolerance, how
inputs are drawn) and can be printed in both spellings. Operators are the native ones;
`idiv` is integer division (`/` natively, `//` in Python).
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------- expressions


class Expr:
    """A value."""


@dataclass(frozen=True)
class Lit(Expr):
    """A literal as written: `5`, `0.5`, `true`, `inf`."""

    text: str


@dataclass(frozen=True)
class Name(Expr):
    name: str


@dataclass(frozen=True)
class Ctx(Expr):
    """A field of the execution context: `thread`, `lane`, `block.x`, ..."""

    field: str


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "-", "~", "!"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # a native operator, or "idiv"
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Call(Expr):
    """A built-in (`user` False) or a generated fn (`user` True). `angle` holds the
    bracketed keys in order: ("axis", 0), ("over", "lane"), ("width", 8), ("xor", 1),
    ("idx", expr)."""

    fn: str
    args: tuple[Expr, ...]
    angle: tuple[tuple[str, int | str | Expr], ...] = ()
    user: bool = False


class Item:
    """One subscript item."""


@dataclass(frozen=True)
class Index(Item):
    at: Expr


@dataclass(frozen=True)
class Span(Item):
    start: Expr
    length: int


@dataclass(frozen=True)
class Range(Item):
    lo: Expr | None
    hi: Expr | None


@dataclass(frozen=True)
class Sub(Expr):
    """`base[items]`: a tensor, tile or view subscripted."""

    base: str
    items: tuple[Item, ...]


# ---------------------------------------------------------------- statements


@dataclass(frozen=True)
class Ty:
    """A declared type: a scalar (`shape` empty) or a tile."""

    dtype: str
    shape: tuple[int, ...] = ()


class Stmt:
    """A statement."""


@dataclass(frozen=True)
class Let(Stmt):
    name: str
    ty: Ty | None
    value: Expr


@dataclass(frozen=True)
class Var(Stmt):
    name: str
    ty: Ty | None
    value: Expr | None


@dataclass(frozen=True)
class Assign(Stmt):
    target: Name | Sub
    op: str  # "=", "+=", "-=", ...; "idiv=" is integer division
    value: Expr


@dataclass(frozen=True)
class For(Stmt):
    var: str
    lo: Expr
    hi: Expr
    step: Expr | None
    unroll: int | None
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class While(Stmt):
    cond: Expr
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class If(Stmt):
    """`orelse` is empty, a block, or one `If` (an `else if`)."""

    cond: Expr
    body: tuple[Stmt, ...]
    orelse: tuple[Stmt, ...] = ()
    chained: bool = False  # `orelse` is an `else if`


@dataclass(frozen=True)
class Jump(Stmt):
    """`break`, `continue` or `return`, with the flow level (0 uniform, 1 warp-uniform,
    2 varying) it was generated under."""

    word: str
    level: int


@dataclass(frozen=True)
class ExprStmt(Stmt):
    """A call standing alone: a statement fn, `barrier()`, an atomic."""

    call: Call


# ---------------------------------------------------------------- programs


@dataclass(frozen=True)
class TensorParam:
    name: str
    dtype: str
    dims: tuple[int | str, ...]
    role: str  # "input", "output" (poisoned, written only), "inout" (read and written), "atomic" (read-modify-write)
    lo: float = -2.0  # input values (and an atomic target's initial values) are drawn from [lo, hi]
    hi: float = 2.0
    step: float = 0.0  # where > 0, input values are multiples of it


@dataclass(frozen=True)
class ScalarParam:
    name: str
    dtype: str
    lo: float
    hi: float


@dataclass(frozen=True)
class ExprFn:
    name: str
    params: tuple[str, ...]
    body: Expr
    uses: tuple[str, ...] = ()


@dataclass(frozen=True)
class StmtFn:
    """`uses`: the caller's names the body reads (the Python spelling lists them)."""

    name: str
    params: tuple[str, ...]
    body: tuple[Stmt, ...]
    uses: tuple[str, ...] = ()


@dataclass
class Program:
    """One generated kernel with everything needed to run and check it.

    `dims` gives each runtime dim's range (values drawn are multiples of 4);
    `tolerance` each output's absolute tolerance (0: bit for bit); `easy` whether the
    numpy oracle evaluates it; `notes` what the generator knows it used that the
    text does not show (a window crossing an edge, the dtypes a conversion joins)."""

    name: str
    threads: int
    grid: int
    params: list[TensorParam | ScalarParam]
    body: list[Stmt]
    fns: list[ExprFn | StmtFn] = field(default_factory=list)
    dims: dict[str, tuple[int, int]] = field(default_factory=dict)
    tolerance: dict[str, float] = field(default_factory=dict)
    easy: bool = False
    notes: set[str] = field(default_factory=set)  # constructs the generator knows it used
