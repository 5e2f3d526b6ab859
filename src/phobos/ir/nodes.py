"""The typed, structured ir every back end consumes.

`for`, `while` and `if` stay trees. Functions are already inlined, `let` views of
tensor slices are already expanded into loads, and every implicit conversion is an
explicit `Cast`. Every value carries a `VType` (dtype and shape, `()` for a scalar)
and a uniformity, which the checker's uniformity pass fills in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from enum import IntEnum

from phobos.dtypes import DType
from phobos.errors import Span


class Uniformity(IntEnum):
    """How far a value or a control-flow point agrees across the threads of a CTA."""

    UNIFORM = 0
    WARP = 1
    VARYING = 2

    def __str__(self) -> str:
        return ("uniform", "warp-uniform", "varying")[self]


ROUND_TF32 = "round_tf32"  # Math: an f32 cut to TF32 (its 13 low mantissa bits cleared), as tensor cores read it


@dataclass(frozen=True)
class VType:
    dtype: DType
    shape: tuple[int, ...] = ()

    @property
    def is_tile(self) -> bool:
        return bool(self.shape)

    def __str__(self) -> str:
        if not self.shape:
            return self.dtype.name
        return f"tile<{self.dtype.name}>[{', '.join(map(str, self.shape))}]"


@dataclass(eq=False)
class Sym:
    """A named storage place: a scalar register or a shared-memory tile."""

    name: str
    vtype: VType
    kind: str  # "let", "var" or "loop"
    span: Span = field(repr=False)
    uni: Uniformity = Uniformity.UNIFORM


@dataclass(frozen=True)
class TensorParam:
    name: str
    dtype: DType
    dims: tuple[int | str, ...]  # an int, or the name of a runtime dim


@dataclass(frozen=True)
class ScalarParam:
    name: str
    dtype: DType


# ---------------------------------------------------------------- expressions


@dataclass(eq=False)
class Expr:
    type: VType
    span: Span = field(repr=False)
    uni: Uniformity = field(default=Uniformity.UNIFORM, kw_only=True)

    def children(self) -> tuple[Expr, ...]:
        return ()


@dataclass(eq=False)
class Const(Expr):
    value: int | float | bool


@dataclass(eq=False)
class Read(Expr):
    sym: Sym


@dataclass(eq=False)
class ParamRef(Expr):
    name: str


@dataclass(eq=False)
class DimRef(Expr):
    """A runtime dim, bound from a tensor's extent at launch."""

    name: str


@dataclass(eq=False)
class CtxRef(Expr):
    field_name: str


@dataclass(eq=False)
class Unary(Expr):
    op: str  # "-", "!", "~"
    operand: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class Binary(Expr):
    """Both operands have one dtype; comparisons give bool."""

    op: str
    left: Expr
    right: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.left, self.right)


@dataclass(eq=False)
class Cast(Expr):
    """Convert `operand` to `type.dtype`."""

    operand: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class Math(Expr):
    """An elementwise built-in: exp, log, sqrt, ..., min, max; and ROUND_TF32, which no
    user calls: the checker puts it on the operands of a `dot<precision tf32>`."""

    fn: str
    args: tuple[Expr, ...]

    def children(self) -> tuple[Expr, ...]:
        return self.args


@dataclass(eq=False)
class Select(Expr):
    cond: Expr
    if_true: Expr
    if_false: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.cond, self.if_true, self.if_false)


@dataclass(eq=False)
class At:
    """A subscript that picks one position and drops the dimension."""

    index: Expr


@dataclass(eq=False)
class Window:
    """A subscript of `length` positions from `start`; `length` is known at compile time."""

    start: Expr
    length: int


Item = At | Window


def item_exprs(items: tuple[Item, ...]) -> tuple[Expr, ...]:
    return tuple(it.index if isinstance(it, At) else it.start for it in items)


@dataclass(eq=False)
class Load(Expr):
    """Read a tensor: one element per thread (all `At`) or a tile (any `Window`)."""

    tensor: str
    items: tuple[Item, ...]

    def children(self) -> tuple[Expr, ...]:
        return item_exprs(self.items)


@dataclass(eq=False)
class Iota(Expr):
    """A tile of element indices along `axis`: the element at position p is p[axis]
    (an i64, so that it mixes with indices and dims)."""

    axis: int


@dataclass(eq=False)
class TileIndex(Expr):
    """Read part of a tile value: one element (all `At`) or a sub-tile."""

    base: Expr
    items: tuple[Item, ...]

    def children(self) -> tuple[Expr, ...]:
        return (self.base, *item_exprs(self.items))


@dataclass(eq=False)
class Reduce(Expr):
    """sum/max/min of a tile's present elements, along `axis` (kept, extent 1) or all."""

    op: str
    operand: Expr
    axis: int | None

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class Dot(Expr):
    """Tile matrix product; the sum skips absent elements. `tensorcore` marks a GEMM loop.
    `written` holds the operands' types as written where they differ (the checker
    converted both to a common type), None where they are one type. `precision` is
    "tf32" where the operands are f32 rounded to TF32 (each is then ROUND_TF32 of what
    was written), else "ieee"."""

    left: Expr
    right: Expr
    tensorcore: bool = False
    written: tuple[DType, DType] | None = None
    precision: str = "ieee"

    def children(self) -> tuple[Expr, ...]:
        return (self.left, self.right)


@dataclass(eq=False)
class Softmax(Expr):
    """Softmax along the last axis, over present elements."""

    operand: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class Transpose(Expr):
    operand: Expr

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class LaneReduce(Expr):
    """sum/max/min of a per-thread scalar over groups of `width` lanes, or the whole CTA."""

    op: str
    operand: Expr
    over: str  # "lane" or "thread"
    width: int

    def children(self) -> tuple[Expr, ...]:
        return (self.operand,)


@dataclass(eq=False)
class Shuffle(Expr):
    """Read `operand` from another lane of the same `width`-lane group."""

    mode: str  # "xor", "up", "down", "idx"
    operand: Expr
    arg: Expr
    width: int

    def children(self) -> tuple[Expr, ...]:
        return (self.operand, self.arg)


@dataclass(eq=False)
class Atomic(Expr):
    """Read-modify-write one element of a tensor or tile; the value is the old element."""

    op: str  # "add", "max", "min", "and", "or", "xor", "xchg", "cas"
    target: str  # a tensor parameter's name, or a tile symbol's name
    tile: Sym | None  # the tile symbol when the target is a tile
    items: tuple[Item, ...]
    value: Expr
    compare: Expr | None = None

    def children(self) -> tuple[Expr, ...]:
        extra = (self.compare,) if self.compare is not None else ()
        return (*item_exprs(self.items), self.value, *extra)


# ---------------------------------------------------------------- statements


@dataclass(eq=False)
class Stmt:
    span: Span = field(repr=False)


@dataclass(eq=False)
class Decl(Stmt):
    """Declare `sym`; `init` is None for an uninitialized tile."""

    sym: Sym
    init: Expr | None


@dataclass(eq=False)
class Assign(Stmt):
    sym: Sym
    value: Expr


@dataclass(eq=False)
class Store(Stmt):
    """Write a tensor: one element per thread, or the present elements of a tile."""

    tensor: str
    items: tuple[Item, ...]
    value: Expr


@dataclass(eq=False)
class TileStore(Stmt):
    """Write part of a tile: one element per thread, or a sub-tile."""

    sym: Sym
    items: tuple[Item, ...]
    value: Expr


@dataclass(eq=False)
class For(Stmt):
    var: Sym
    lo: Expr
    hi: Expr
    step: Expr
    body: list[Stmt]
    unroll: int = 1


@dataclass(eq=False)
class While(Stmt):
    cond: Expr
    body: list[Stmt]


@dataclass(eq=False)
class If(Stmt):
    cond: Expr
    body: list[Stmt]
    orelse: list[Stmt]


@dataclass(eq=False)
class Break(Stmt):
    pass


@dataclass(eq=False)
class Continue(Stmt):
    pass


@dataclass(eq=False)
class Return(Stmt):
    pass


@dataclass(eq=False)
class Barrier(Stmt):
    pass


@dataclass(eq=False)
class Eval(Stmt):
    """Evaluate an expression for its effect (an atomic)."""

    expr: Expr


@dataclass(eq=False)
class Print(Stmt):
    """`print(...)`: its strings and values in order, shown with the program they come
    from, and the thread too unless `once`. `once` (set by the uniformity check) holds
    where the flow and every value are uniform: one line per program, not per thread.
    A GPU back end compiles it only under debug (see `without_debug`)."""

    parts: tuple[str | Expr, ...]
    once: bool = False
    sep: str = " "  # what is shown between parts (a back end's own prints may join them closer)


@dataclass(eq=False)
class Assert(Stmt):
    """`assert(cond, message)`: a failure names the program, and the failing threads (a
    scalar `cond`) or elements (a tile); `message` is the user's or the condition's text,
    and `once` is as `Print`'s."""

    cond: Expr
    message: str
    once: bool = False


DEBUG_STMTS = (Print, Assert)


# ---------------------------------------------------------------- kernels


@dataclass(eq=False)
class Kernel:
    """One compiled variant of a kernel: its autotune names bound to values."""

    name: str
    bindings: dict[str, int]
    threads: int
    params: tuple[TensorParam | ScalarParam, ...]
    runtime_dims: tuple[str, ...]
    aligned: dict[str, int]
    unspecialized: frozenset[str]  # the sizes @do_not_specialize names
    tensorcore: bool
    stages: int | None  # a GEMM loop's load stages (@pipeline); None: the back end chooses, 1: none ahead
    occupancy: int | None  # CTAs an SM should hold (@occupancy), a hint to tileiras; None: tileiras chooses
    body: list[Stmt]
    span: Span = field(repr=False)


def stmt_exprs(stmt: Stmt) -> tuple[Expr, ...]:
    """The expressions a statement evaluates itself (not those of nested statements)."""
    match stmt:
        case Decl(init=init):
            return (init,) if init is not None else ()
        case Assign(value=value) | Eval(expr=value):
            return (value,)
        case Store(items=items, value=value) | TileStore(items=items, value=value):
            return (*item_exprs(items), value)
        case Print(parts=parts):
            return tuple(part for part in parts if isinstance(part, Expr))
        case Assert(cond=cond):
            return (cond,)
        case For(lo=lo, hi=hi, step=step):
            return (lo, hi, step)
        case While(cond=cond) | If(cond=cond):
            return (cond,)
    return ()


def walk_expr(expr: Expr) -> Iterator[Expr]:
    """Every expression in the tree under `expr`, parents first."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children()))


def stmt_nodes(stmt: Stmt) -> Iterator[Expr]:
    """Every expression in the trees a statement evaluates itself, parents first."""
    for root in stmt_exprs(stmt):
        yield from walk_expr(root)


def body_nodes(body: list[Stmt]) -> Iterator[Expr]:
    """Every expression `body` evaluates, in its statements at every depth."""
    for stmt in walk_stmts(body):
        yield from stmt_nodes(stmt)


def any_node(expr: Expr, pred: Callable[[Expr], bool]) -> bool:
    """Whether some expression in the tree under `expr` (itself included) is `pred`."""
    return any(pred(n) for n in walk_expr(expr))


def walk_stmts(body: list[Stmt]) -> Iterator[Stmt]:
    """Every statement of `body` and of the blocks nested in it, in program order."""
    for stmt in body:
        yield stmt
        match stmt:
            case For(body=inner) | While(body=inner):
                yield from walk_stmts(inner)
            case If(body=inner, orelse=other):
                yield from walk_stmts(inner)
                yield from walk_stmts(other)


def has_debug(kernel: Kernel) -> bool:
    """Whether a variant prints or asserts anywhere."""
    return any(isinstance(s, DEBUG_STMTS) for s in walk_stmts(kernel.body))


def rewrite_stmts(body: list[Stmt], each: Callable[[Stmt], list[Stmt] | None]) -> list[Stmt]:
    """`body` with `each` applied at every depth: where it gives a list, the list
    stands in for the statement; where it gives None, the statement stays, the blocks
    nested in it rewritten the same way."""
    out: list[Stmt] = []
    for s in body:
        made = each(s)
        if made is not None:
            out += made
        elif isinstance(s, For | While):
            out.append(replace(s, body=rewrite_stmts(s.body, each)))
        elif isinstance(s, If):
            out.append(replace(s, body=rewrite_stmts(s.body, each), orelse=rewrite_stmts(s.orelse, each)))
        else:
            out.append(s)
    return out


def without_debug(kernel: Kernel) -> Kernel:
    """The variant with its prints and asserts left out, as a GPU back end compiles it
    when debug is off: its code is then what it would be with none written."""
    if not has_debug(kernel):
        return kernel
    return replace(kernel, body=rewrite_stmts(kernel.body, lambda s: [] if isinstance(s, DEBUG_STMTS) else None))


def read_tensors(kernel: Kernel) -> set[str]:
    """The tensor parameters a variant loads from, or reads by an atomic (which returns
    the old element): what an operator that allocates a kernel's output must fill first."""
    out: set[str] = set()
    for e in body_nodes(kernel.body):
        if isinstance(e, Load):
            out.add(e.tensor)
        elif isinstance(e, Atomic) and e.tile is None:
            out.add(e.target)
    return out


def written_tensors(kernel: Kernel) -> set[str]:
    """The tensor parameters a variant stores into (plainly or by an atomic): a launch
    may pass a read-only array for any other."""
    return stored_tensors(kernel.body)


def stored_tensors(body: list[Stmt]) -> set[str]:
    """The tensors `body` stores into, plainly or by an atomic, at every depth."""
    out: set[str] = set()
    for stmt in walk_stmts(body):
        if isinstance(stmt, Store):
            out.add(stmt.tensor)
        out |= {e.target for e in stmt_nodes(stmt) if isinstance(e, Atomic) and e.tile is None}
    return out


def assigned_syms(body: list[Stmt]) -> set[Sym]:
    """The symbols `body` declares, assigns or writes part of (a tile's atomic too), and
    its loops' variables, at every depth."""
    out: set[Sym] = set()
    for stmt in walk_stmts(body):
        if isinstance(stmt, Decl | Assign | TileStore):
            out.add(stmt.sym)
        elif isinstance(stmt, For):
            out.add(stmt.var)
        out |= {e.tile for e in stmt_nodes(stmt) if isinstance(e, Atomic) and e.tile is not None}
    return out


def read_syms(body: list[Stmt]) -> set[Sym]:
    """The symbols `body` reads, at every depth (a loop's bounds and an `if`'s test included)."""
    return {e.sym for e in body_nodes(body) if isinstance(e, Read)}
