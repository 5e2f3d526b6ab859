"""Typed helpers over the builder for the lowering: constants, scalar-or-tile values
with their present regions, bound arithmetic folded where it is known, broadcasts,
masks and selects. A Phobos scalar is a rank-0 tile here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from phobos.dtypes import DType
from phobos.errors import Span

from . import model as m
from .builder import Builder

SCALAR: dict[str, m.Scalar] = {
    "f16": m.F16, "bf16": m.BF16, "f32": m.F32, "f64": m.F64, "i8": m.I8, "i32": m.I32, "i64": m.I64,
    "u8": m.I8, "u16": m.I16, "u32": m.I32, "bool": m.I1,
}
STORAGE: dict[str, m.Scalar] = {**SCALAR, "bool": m.I8}  # a bool tensor element is a byte
NONE_OVERFLOW = m.Enum("IntegerOverflow", "NONE")
NEAREST = m.Enum("RoundingMode", "NEAREST_EVEN")
SIGNED = m.Enum("Signedness", "Signed")
UNSIGNED = m.Enum("Signedness", "Unsigned")
WEAK = m.Enum("MemoryOrderingSemantics", "WEAK")  # no other access races with it

INF = float("inf")
Bound = int | m.Value  # an i64 known now, or a rank-0 tile<i64> known at run time
Region = tuple[tuple[Bound, Bound], ...]  # per dim, the present positions lo <= i < hi
# A bound's arithmetic on values made before a loop, to be found again after it (flow.Flow.floors).
Floor = int | m.Value | tuple[str, "Floor", "Floor"]


@dataclass
class Lowered:
    """A Phobos value lowered: its Tile IR value, its Phobos dtype (u8 and i8 share a
    Tile IR type but not a meaning), for a tile its present region, and for an index
    what it is known to be a non-negative multiple of (0: it is 0; None: not known)
    and what it is known to be below."""

    value: m.Value
    dtype: DType
    region: Region | None = None
    multiple: int | None = None
    # For a tile: the dims along which every element outside the region is zero (a
    # masked load's padding, a view's where the window starts inside the tensor).
    zeroed: frozenset[int] = frozenset()
    # For an index: a value it is known to be below (a `for` loop's variable, its stop).
    below: m.Value | None = None

    @property
    def shape(self) -> tuple[int, ...]:
        t = self.value.type
        assert isinstance(t, m.Tile)
        return t.shape


def loc_of(span: Span) -> m.Loc:
    return m.Loc(span.path, span.line, span.column)


def padded(shape: Sequence[int]) -> tuple[int, ...]:
    """The Tile IR shape that holds a Phobos tile: each extent up to a power of two (Tile
    IR has no other), the positions added absent, outside every region."""
    return tuple(1 << (n - 1).bit_length() for n in shape)


def tile(element: m.Scalar | m.Pointer, shape: Sequence[int] = ()) -> m.Tile:
    return m.Tile(element, tuple(shape))


def shape_of(v: m.Value) -> tuple[int, ...]:
    assert isinstance(v.type, m.Tile)
    return v.type.shape


def element_of(v: m.Value) -> m.Scalar:
    assert isinstance(v.type, m.Tile) and isinstance(v.type.element, m.Scalar)
    return v.type.element


APPROX = m.Enum("RoundingMode", "APPROX")


class Emitter:
    """The builder plus the helpers the lowering writes every op through."""

    def __init__(self, block: m.Block, fast_math: bool = False) -> None:
        self.b = Builder(block)
        self.fast_math = fast_math  # math_mode="fast": f32 exp, tanh, sqrt and division approximate
        # Per block scope: constants by (type, value) and pure bound arithmetic by (op,
        # operands), each made once, so that equal bounds are one value (see `bound_op`).
        self.constants: list[dict[tuple, m.Value]] = [{}]
        self.known: dict[m.Value, int] = {}  # the rank-0 i64 constants, whose arithmetic folds
        self.at_most: dict[m.Value, int] = {}  # bounds known not to exceed a number (a `mini` of one)
        self.made: dict[m.Value, tuple[str, Bound, Bound]] = {}  # bound arithmetic, by its result
        # Region ends known to be at least a bound: a loop's carried end that starts there
        # and is only ever clamped by what stays above it (flow.Flow.floors).
        self.at_least: dict[m.Value, Floor] = {}

    def rounding(self, precise: m.Enum, operand: m.Value) -> m.Enum:
        """A float op's rounding mode: `precise`, or APPROX for f32 under math_mode="fast"."""
        return APPROX if self.fast_math and element_of(operand) == m.F32 else precise

    @contextmanager
    def detached(self, block: m.Block) -> Iterator[None]:
        """Build into a block placed elsewhere (the entry's prologue), sharing no
        constants with the code around it."""
        outer = self.constants
        self.constants = [{}]
        try:
            with self.b.inside(block):
                yield
        finally:
            self.constants = outer

    @contextmanager
    def inside(self, block: m.Block) -> Iterator[None]:
        """Build into a region's block; its constants are its own."""
        self.constants.append({})
        try:
            with self.b.inside(block):
                yield
        finally:
            self.constants.pop()

    # ------------------------------------------------------------ constants and shapes

    def const(self, element: m.Scalar, value: int | float | bool, shape: Sequence[int] = ()) -> m.Value:
        t = tile(element, shape)
        key = (t, repr(value))  # repr tells -0.0 from 0.0 and keeps NaN equal to itself
        for scope in reversed(self.constants):
            if key in scope:
                return scope[key]
        v = self.b.one("constant", t, value=m.Dense(t, value))
        self.constants[-1][key] = v
        if t == tile(m.I64) and isinstance(value, int):
            self.known[v] = value
        return v

    def fold(self, v: Bound) -> Bound:
        """A bound as a number where it is a constant."""
        return self.known.get(v, v) if isinstance(v, m.Value) else v

    def index(self, value: Bound) -> m.Value:
        """An i64 bound as a value."""
        return self.const(m.I64, value) if isinstance(value, int) else value

    def reshape(self, v: m.Value, shape: Sequence[int]) -> m.Value:
        if shape_of(v) == tuple(shape):
            return v
        assert isinstance(v.type, m.Tile)
        return self.b.one("reshape", tile(v.type.element, shape), source=v)

    def broadcast(self, v: m.Value, shape: Sequence[int]) -> m.Value:
        """`v` widened to `shape`: a lower rank is aligned to the right (as numpy does),
        then each extent-1 dim is repeated."""
        shape = tuple(shape)
        have = shape_of(v)
        if have == shape:
            return v
        v = self.reshape(v, (1,) * (len(shape) - len(have)) + have)
        assert isinstance(v.type, m.Tile)
        return self.b.one("broadcast", tile(v.type.element, shape), source=v)

    # ------------------------------------------------------------ bounds

    def bound_op(self, name: str, a: Bound, b: Bound) -> Bound:
        found = self.find(name, a, b)
        if found is not None:
            return found
        a, b = self.fold(a), self.fold(b)
        v = self.constants[-1][("bound", name, a, b)] = self.int_op(name, self.index(a), self.index(b))
        self.made[v] = (name, a, b)
        if name == "mini" or name == "maxi" and max(self.ceiling(a), self.ceiling(b)) < INF:
            self.at_most[v] = (min if name == "mini" else max)(self.ceiling(a), self.ceiling(b))
        if name == "mini" and (a in self.at_least or b in self.at_least):
            self.at_least[v] = ("mini", self.at_least.get(a, a), self.at_least.get(b, b))  # type: ignore[arg-type]
        return v

    def find(self, name: str, a: Bound, b: Bound) -> Bound | None:
        """Bound arithmetic folded, or made before in this scope; None where it would take
        a new op. The same bound computed twice is one value: regions compare by identity."""
        a, b = self.fold(a), self.fold(b)
        fold = {"maxi": max, "mini": min, "addi": lambda x, y: x + y, "subi": lambda x, y: x - y,
                "muli": lambda x, y: x * y, "divi": lambda x, y: x // y}
        if isinstance(a, int) and isinstance(b, int):
            return fold[name](a, b)
        if name in ("addi", "subi") and b == 0 or name in ("muli", "divi") and b == 1:
            return a
        if name == "addi" and a == 0 or name == "muli" and a == 1:
            return b
        if name == "muli" and 0 in (a, b):
            return 0
        if name in ("maxi", "mini") and a is b:
            return a
        if name == "mini":  # a region's end clamped again by a number it is known not to exceed
            if isinstance(b, int) and self.ceiling(a) <= b:
                return a
            if isinstance(a, int) and self.ceiling(b) <= a:
                return b
        key = ("bound", name, a, b)
        for scope in reversed(self.constants):
            if key in scope:
                return scope[key]
        return None

    def floor(self, v: Bound) -> Bound:
        """A bound `v` is known to be at least, as a number or a value there is already
        (`v` itself where none is)."""
        def existing(f: Floor) -> Bound | None:
            if not isinstance(f, tuple):
                return self.fold(f)
            a, b = existing(f[1]), existing(f[2])
            return None if a is None or b is None else self.find(f[0], a, b)

        v = self.fold(v)
        found = existing(self.at_least[v]) if isinstance(v, m.Value) and v in self.at_least else None
        return v if found is None else found

    def ceiling(self, v: Bound) -> int | float:
        """A number `v` is known not to exceed (inf where none is)."""
        v = self.fold(v)
        return v if isinstance(v, int) else self.at_most.get(v, INF)

    def int_op(self, name: str, a: m.Value, b: m.Value) -> m.Value:
        fields: dict = {"lhs": a, "rhs": b}
        if name in ("maxi", "mini"):
            fields["signedness"] = SIGNED
        elif name == "divi":  # only of a multiple, exactly
            fields |= {"signedness": SIGNED, "rounding": m.Enum("RoundingMode", "ZERO")}
        elif name in ("addi", "subi", "muli"):
            fields["overflow"] = NONE_OVERFLOW
        return self.b.one(name, a.type, **fields)

    def clamp(self, v: Bound, lo: Bound, hi: Bound) -> Bound:
        return self.bound_op("mini", self.bound_op("maxi", v, lo), hi)

    # ------------------------------------------------------------ masks

    def cmpi(self, predicate: str, a: m.Value, b: m.Value) -> m.Value:
        return self.b.one(
            "cmpi", tile(m.I1, shape_of(a)), comparison_predicate=m.Enum("ComparisonPredicate", predicate),
            lhs=a, rhs=b, signedness=SIGNED,
        )

    def iota(self, n: int) -> m.Value:
        """0, 1, ..., n - 1 as i64 (made once in a block and the blocks inside it)."""
        key = (tile(m.I64, (n,)), "iota")
        for scope in reversed(self.constants):
            if key in scope:
                return scope[key]
        v = self.b.one("exti", tile(m.I64, (n,)), from_=self.b.one("iota", tile(m.I32, (n,))), signedness=SIGNED)
        self.constants[-1][key] = v
        return v

    def along(self, v: m.Value, dim: int, shape: Sequence[int]) -> m.Value:
        """A 1-d tile laid along `dim` of `shape`, repeated over the other dims."""
        lined = [1] * len(shape)
        lined[dim] = shape[dim]
        return self.broadcast(self.reshape(v, lined), shape)

    def in_interval(self, dim: int, shape: Sequence[int], lo: Bound, hi: Bound) -> m.Value | None:
        """The i1 mask of positions along `dim` with lo <= i < hi, or None where that is all."""
        n = shape[dim]
        lo, hi = self.fold(lo), self.fold(hi)
        if isinstance(lo, int) and isinstance(hi, int) and lo <= 0 and hi >= n:
            return None
        positions = self.iota(n)
        parts = []
        if not (isinstance(lo, int) and lo <= 0):
            parts.append(self.cmpi("GREATER_THAN_OR_EQUAL", positions, self.broadcast(self.index(lo), (n,))))
        if not (isinstance(hi, int) and hi >= n):
            parts.append(self.cmpi("LESS_THAN", positions, self.broadcast(self.index(hi), (n,))))
        mask = parts[0] if len(parts) == 1 else self.b.one("andi", parts[0].type, lhs=parts[0], rhs=parts[1])
        return self.along(mask, dim, shape)

    def region_mask(self, shape: Sequence[int], region: Region, dims: Sequence[int] | None = None) -> m.Value | None:
        """The mask of a region's present positions (along `dims`, or all), or None where all are."""
        mask = None
        for d in range(len(shape)) if dims is None else dims:
            part = self.in_interval(d, shape, *region[d])
            if part is not None:
                mask = part if mask is None else self.b.one("andi", part.type, lhs=mask, rhs=part)
        return mask

    def select(self, cond: m.Value | None, a: m.Value, b: m.Value) -> m.Value:
        if cond is None:
            return a
        return self.b.one("select", a.type, cond=cond, val_if_true=a, val_if_false=b)
