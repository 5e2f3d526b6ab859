"""A Tile IR module in memory: types, attribute values, SSA values, ops, blocks and
entry functions. The lowering builds it; the printer and the bytecode writer read it.
It holds what to write, never how: no opcode, tag or byte appears here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# ---------------------------------------------------------------- types


@dataclass(frozen=True)
class Scalar:
    """An element type: i1, i8, i16, i32, i64, f16, bf16, f32 or f64."""

    name: str

    @property
    def is_float(self) -> bool:
        return self.name[0] in "fb"

    @property
    def bits(self) -> int:
        return int(self.name.lstrip("bfi"))


@dataclass(frozen=True)
class Pointer:
    pointee: Scalar


@dataclass(frozen=True)
class Tile:
    """A tile of `element`s; shape () is a scalar (a rank-0 tile)."""

    element: Scalar | Pointer
    shape: tuple[int, ...] = ()


@dataclass(frozen=True)
class Token:
    """Orders memory operations: each load or store takes one and gives the next."""


@dataclass(frozen=True)
class TensorView:
    """A tensor in global memory: element type, shape and strides (None: given at run time)."""

    element: Scalar
    shape: tuple[int | None, ...]
    strides: tuple[int | None, ...]


@dataclass(frozen=True)
class PartitionView:
    """A tensor view cut into tiles of `tile_shape`; a tile's positions past the tensor
    read as `padding` (a PaddingValue case)."""

    tile_shape: tuple[int, ...]
    view: TensorView
    dim_map: tuple[int, ...]
    padding: str | None = None


@dataclass(frozen=True)
class FunctionType:
    inputs: tuple[Type, ...]
    results: tuple[Type, ...] = ()


Type = Scalar | Pointer | Tile | Token | TensorView | PartitionView | FunctionType

I1, I8, I16, I32, I64 = (Scalar(n) for n in ("i1", "i8", "i16", "i32", "i64"))
F16, BF16, F32, F64 = (Scalar(n) for n in ("f16", "bf16", "f32", "f64"))

# ---------------------------------------------------------------- attribute values


@dataclass(frozen=True)
class Enum:
    """A case of one of the registry's enums, by its case name."""

    enum: str
    case: str


@dataclass(frozen=True)
class Int:
    """An integer attribute written inline (a dimension, a count)."""

    value: int


@dataclass(frozen=True)
class I32Array:
    values: tuple[int, ...]


@dataclass(frozen=True)
class Dense:
    """The value of a `constant`: every element of `type` equal to `value` (a splat)."""

    type: Tile
    value: int | float | bool


@dataclass(frozen=True)
class TypedNumber:
    """A number with its element type, as a reduction identity is written."""

    type: Scalar
    value: int | float


@dataclass(frozen=True)
class Array:
    items: tuple[TypedNumber, ...]


@dataclass(frozen=True)
class DivBy:
    """The predicate of `assume`: the value is a multiple of `divisor`."""

    divisor: int


@dataclass(frozen=True)
class Bounded:
    """The predicate of `assume`: lb <= the value <= ub (None: no bound that side)."""

    lb: int | None
    ub: int | None


@dataclass(frozen=True)
class Hints:
    """An op's `optimization_hints`: for each architecture (`sm_90`, or `default`), the
    hints by name, each a bool (written as a Bool) or an int (an i32 Integer)."""

    by_arch: tuple[tuple[str, tuple[tuple[str, bool | int], ...]], ...]


@dataclass(frozen=True)
class Str:
    """A string attribute (a print's format, an assert's message), written by its
    index in the module's string table."""

    value: str


Attr = Enum | Int | I32Array | Dense | TypedNumber | Array | DivBy | Bounded | Hints | Str | bool

# ---------------------------------------------------------------- code


@dataclass(eq=False)
class Value:
    """An SSA value: an entry argument, a block argument or an op's result."""

    type: Type


Operand = Value | tuple[Value, ...] | None


@dataclass(eq=False)
class Block:
    args: list[Value] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)


@dataclass(frozen=True)
class Loc:
    """Where in the Phobos source an op comes from."""

    path: str
    line: int
    column: int


@dataclass(eq=False)
class Op:
    """One op: its registry name, results, operands and attributes by their registry
    names (a variadic operand is a tuple, a missing optional one None; a unit attribute
    is True when set), its regions, each one block, and the source it comes from."""

    name: str
    results: list[Value]
    operands: dict[str, Operand]
    attrs: dict[str, Attr]
    regions: list[Block] = field(default_factory=list)
    loc: Loc | None = None


@dataclass(eq=False)
class Entry:
    """A kernel entry point, at the kernel's place in the source, with the hints tileiras
    takes for the whole kernel (`occupancy`, `num_cta_in_cga`, ...), if any."""

    name: str
    args: list[Value]
    body: Block
    loc: Loc | None = None
    hints: Hints | None = None


@dataclass(eq=False)
class Module:
    name: str
    entries: list[Entry]
