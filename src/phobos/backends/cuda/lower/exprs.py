"""Expressions as C++: per-thread scalars, tile elements, and present regions.

Three views of an expression:

- `scalar(e)`: a scalar's value in each thread. Collectives and atomics are hoisted
  into locals ahead of the statement, so every lane reaches them and the expression
  left has no side effects.
- `elem(e, pos)`: one element of a tile value at `pos`, fused: no tile is built for
  elementwise operations, windows, transposes or softmax (whose row statistics are
  materialized first). Only present elements are ever
  asked for, so every memory access it makes is in bounds.
- `region(e)`: the present region, one (lo, hi) pair of C++ expressions per dim,
  with the interpreter's rules (tiles.py there): elementwise operations meet the
  operands' regions, a window clips its source's and is wholly absent when empty.

While a sweep's vector body is written (`self.vec`, see tiles.py), `elem` reads a
tile or tensor whose innermost position is the sweep's as a whole group (one
`ph::vload` before the lanes) where the group's address is aligned; each lane then
computes its element exactly as the scalar body does.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from phobos.dtypes import DType
from phobos.ir import nodes as ir
from phobos.ir.specialize import ANY, Specialization

from .. import ctypes as ct
from ..names import Names

if TYPE_CHECKING:
    from ..plan.presence import WholeTurns

Region = list[tuple[str, str]]
Pos = list[str]

_SIMPLE = re.compile(r"^(-?[0-9][0-9a-fA-FxXlLuU.]*f?|[A-Za-z_][A-Za-z0-9_]*(\.(lo|hi)\[\d+\])?)$")

CTX = {
    "thread": "(i64)threadIdx.x",
    "lane": "(i64)(threadIdx.x & 31)",
    "warp": "(i64)(threadIdx.x >> 5)",
    "block.x": "(i64)blockIdx.x",
    "block.y": "(i64)blockIdx.y",
    "block.z": "(i64)blockIdx.z",
    "grid.x": "(i64)gridDim.x",
    "grid.y": "(i64)gridDim.y",
    "grid.z": "(i64)gridDim.z",
}


def is_simple(text: str) -> bool:
    return bool(_SIMPLE.match(text)) or text in CTX.values()


def paren(text: str) -> str:
    return text if is_simple(text) or (text.startswith("(") and _balanced(text[1:-1])) else f"({text})"


def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def const_int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


def add(a: str, b: str) -> str:
    x, y = const_int(a), const_int(b)
    if x is not None and y is not None:
        return str(x + y)
    if x == 0:
        return b
    if y == 0:
        return a
    return f"{a} + {paren(b)}"


def sub(a: str, b: str) -> str:
    x, y = const_int(a), const_int(b)
    if x is not None and y is not None:
        return str(x - y)
    if y == 0:
        return a
    if a == b:
        return "0"
    if x == 0:
        return f"-{paren(b)}"
    return f"{a} - {paren(b)}"


def imax(a: str, b: str) -> str:
    x, y = const_int(a), const_int(b)
    if x is not None and y is not None:
        return str(max(x, y))
    return a if a == b else f"ph::max64({a}, {b})"


def imin(a: str, b: str) -> str:
    x, y = const_int(a), const_int(b)
    if x is not None and y is not None:
        return str(min(x, y))
    return a if a == b else f"ph::min64({a}, {b})"


def linear(pos: Pos, shape: tuple[int | str, ...]) -> str:
    """The row-major offset of `pos` in an array of `shape` (a position along a dim
    of extent 1 is 0 wherever it is used)."""
    text = pos[0]
    for p, n in zip(pos[1:], shape[1:], strict=True):
        if str(n) == "1":
            continue
        outer, inner, extent = const_int(text), const_int(p), const_int(str(n))
        if outer is not None and inner is not None and extent is not None:
            text = str(outer * extent + inner)
        elif outer == 0:
            text = p
        elif inner == 0:
            text = f"{paren(text)} * {n}"
        else:
            text = f"{paren(text)} * {n} + {paren(p)}"
    return text


def in_bounds(coords: Pos, extents: list[str]) -> str:
    """`0 <= c < n` for each coordinate, leaving out what is known to hold."""
    parts = []
    for c, n in zip(coords, extents, strict=True):
        a, b = const_int(c), const_int(n)
        if a is not None and b is not None:
            if not 0 <= a < b:
                return "false"
            continue
        parts.append(f"0 <= {c} && {c} < {n}")
    return " && ".join(parts) or "true"


def full_region(shape: tuple[int, ...]) -> Region:
    return [("0", str(n)) for n in shape]


def is_full(region: Region, shape: tuple[int, ...]) -> bool:
    return all(lo == "0" and hi == str(n) for (lo, hi), n in zip(region, shape, strict=True))


def holds_any(region: Region) -> str:
    """`lo < hi` in every dim: whether the region holds an element, "true" or "false"
    where its bounds are numbers."""
    parts = []
    for lo, hi in region:
        a, b = const_int(lo), const_int(hi)
        if a is not None and b is not None:
            if a >= b:
                return "false"
            continue
        parts.append(f"{lo} < {hi}")
    return " && ".join(parts) or "true"


def meet(regions: list[Region], shape: tuple[int, ...]) -> Region:
    """The intersection; every region lies within [0, n) per dim, so full ones drop out."""
    out: Region = []
    for k, n in enumerate(shape):
        lo, hi = "0", str(n)
        for r in regions:
            lo = r[k][0] if lo == "0" else (lo if r[k][0] == "0" else imax(lo, r[k][0]))
            hi = r[k][1] if hi == str(n) else (hi if r[k][1] == str(n) else imin(hi, r[k][1]))
        out.append((lo, hi))
    return out


def fit(region: Region, shape: tuple[int, ...], target: tuple[int, ...]) -> Region:
    """An operand's region seen in the broadcast shape: a present extent-1 dim covers
    the whole target extent, an absent one stays absent."""
    out = full_region(target)
    offset = len(target) - len(shape)
    for k, ((lo, hi), n) in enumerate(zip(region, shape, strict=True)):
        t = target[offset + k]
        if n == t:
            out[offset + k] = (lo, hi)
        elif (lo, hi) != ("0", "1"):
            a, b = const_int(lo), const_int(hi)
            if a is not None and b is not None:
                out[offset + k] = ("0", str(t if a < b else 0))
            else:
                out[offset + k] = ("0", f"({lo} < {hi} ? {t} : 0)")
    return out


def broadcast_pos(pos: Pos, shape: tuple[int, ...], target: tuple[int, ...]) -> Pos:
    """Where an operand of `shape` is read for the element at `pos` of `target`."""
    offset = len(target) - len(shape)
    return [("0" if n == 1 and target[offset + k] != 1 else pos[offset + k]) for k, n in enumerate(shape)]


@dataclass
class VectorBody:
    """A sweep's vector body while it is written: each thread takes the `size`
    consecutive elements from `group` along the innermost dim, and names the one it
    computes `inner` (= `group` + `lane`)."""

    size: int
    inner: str
    group: str
    lane: str
    loads: list[str] = field(default_factory=list)  # lines reading each group whole
    tests: list[str] = field(default_factory=list)  # run-time conditions, uniform in the CTA
    locals: dict[str, str] = field(default_factory=dict)  # a group's address -> its local


class ExprWriter:
    """Writes C++ lines; the statement writer and the tile writer build on it."""

    def __init__(self, kernel: ir.Kernel, spec: Specialization = ANY):
        self.kernel = kernel
        self.spec = spec  # what the launches this code is for promise (phobos.ir.specialize)
        self.aligned = spec.aligned  # tensors whose first element is 16-byte aligned
        self.vec: VectorBody | None = None
        self.index_memo: dict[int, str] = {}
        self.force: set[int] = set()  # nodes to materialize rather than fuse (tiles.py)
        self.lines: list[str] = []
        self.depth = 1
        self.names = Names()
        self.c_names: dict[ir.Sym, str] = {}
        self.boxes: dict[ir.Sym, str] = {}
        self.full_syms: set[ir.Sym] = set()  # tiles whose every element is always present
        # Tiles whose last value, on every path to where the writer now is, was wholly present
        # by what was known when it was written: their reads need no region at run time.
        self.known_full: set[ir.Sym] = set()
        # While a loop's turn is written as wholly present (plan/presence.WholeTurns): the
        # windows and tiles its test at the turn's start found whole.
        self.whole: WholeTurns | None = None
        self.tensors: dict[str, ir.TensorParam] = {
            p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)
        }
        self.param_names: dict[str, str] = {}
        # Per statement: values already hoisted or materialized, by node identity.
        self.memo: dict[int, str] = {}
        self.region_memo: dict[int, Region] = {}
        # While set, the bool that tile elements' f32 divisions clear where `ph::div_quick`
        # cannot give them (ct.binary): the writer that sets it computes them again if so.
        self.exact_division: str | None = None

    # ------------------------------------------------------------ output

    def line(self, text: str) -> None:
        self.lines.append("  " * self.depth + text if text else "")

    @contextmanager
    def indented(self) -> Iterator[None]:
        self.depth += 1
        try:
            yield
        finally:
            self.depth -= 1

    @contextmanager
    def captured(self) -> Iterator[list[str]]:
        """Lines written inside go to the list yielded, not the output."""
        saved, self.lines = self.lines, []
        buffer = self.lines
        try:
            yield buffer
        finally:
            self.lines = saved

    def local(self, base: str, ctype: str, value: str) -> str:
        """A const local holding `value` (a fresh name), or `value` itself when simple."""
        if is_simple(value):
            return value
        name = self.names.take(base)
        self.line(f"const {ctype} {name} = {value};")
        return name

    def sym(self, sym: ir.Sym) -> str:
        return self.c_names[sym]

    # ------------------------------------------------------------ scalars

    def scalar(self, e: ir.Expr) -> str:
        """The C++ expression of a scalar value; may write hoisted lines first."""
        key = id(e)
        if key in self.memo:
            return self.memo[key]
        text = self._scalar(e)
        if isinstance(e, ir.Atomic | ir.Shuffle | ir.LaneReduce | ir.Reduce):
            self.memo[key] = text
        return text

    def _scalar(self, e: ir.Expr) -> str:
        d = e.type.dtype
        match e:
            case ir.Const(value=v):
                return ct.literal(v, d)
            case ir.Read(sym=sym):
                return self.sym(sym)
            case ir.ParamRef(name=n) | ir.DimRef(name=n):
                return self.param_names[n]
            case ir.CtxRef(field_name=f):
                return CTX[f]
            case ir.Unary(op=op, operand=x):
                return ct.unary(op, d, paren(self.scalar(x)))
            case ir.Binary(op=op, left=a, right=b):
                return ct.binary(op, a.type.dtype, self.scalar(a), self.scalar(b), self.spec.fast_math)
            case ir.Cast(operand=x):
                return ct.cast(x.type.dtype, d, self.scalar(x))
            case ir.Math(fn=fn, args=(x,)):
                return ct.math1(fn, d, self.scalar(x), self.spec.fast_math)
            case ir.Math(fn=fn, args=(a, b)):
                return ct.min_max(fn, d, self.scalar(a), self.scalar(b))
            case ir.Select(cond=c, if_true=a, if_false=b):
                return f"({self.scalar(c)} ? {self.scalar(a)} : {self.scalar(b)})"
            case ir.Load():
                return self.scalar_load(e)
            case ir.TileIndex(base=base, items=items):
                pos = [self.index(it.index, "at") for it in items if isinstance(it, ir.At)]
                region = self.region(base)
                check = " && ".join(f"{lo} <= {p} && {p} < {hi}" for p, (lo, hi) in zip(pos, region, strict=True))
                # The read itself must stay inside the tile: indexing outside an array is
                # undefined in C++, so the compiler may take the index as in bounds and do
                # the read before the test. A position that fails the test reads 0, 0, ...
                inside = [p if (c := const_int(p)) is not None and 0 <= c < n else f"({check} ? {p} : 0)"
                          for p, n in zip(pos, base.type.shape, strict=True)]
                return f"({check} ? {self.elem(base, inside)} : {ct.zero(d)})"
            case ir.Reduce():
                return self.reduce_all(e)
            case ir.LaneReduce():
                return self.lane_reduce(e)
            case ir.Shuffle():
                return self.shuffle(e)
            case ir.Atomic():
                return self.atomic(e)
        raise AssertionError(f"no scalar form for {type(e).__name__}")

    def index(self, e: ir.Expr, base: str) -> str:
        """An index as a simple C++ term (a local when it is more than a name).

        A vector body reuses the locals its statement's scalar body made: it reads the
        same nodes again, and a second copy of each local would only add noise."""
        if isinstance(e, ir.Const):
            return str(int(e.value))
        if self.vec is not None and id(e) in self.index_memo:
            return self.index_memo[id(e)]
        text = self.index_memo[id(e)] = self.local(base, "i64", self.scalar(e))
        return text

    def in_tensor(self, name: str, coords: Pos) -> str:
        return in_bounds(coords, [self.dim(n) for n in self.tensors[name].dims])

    def dim(self, n: int | str) -> str:
        return str(n) if isinstance(n, int) else self.param_names[n]

    def tensor_ref(self, name: str, coords: Pos) -> str:
        dims = tuple(self.dim(n) for n in self.tensors[name].dims)
        return f"{self.param_names[name]}[{linear(coords, dims)}]"

    def window_ref(self, name: str, items: tuple[ir.Item, ...], pos: Pos, starts: Pos | None = None) -> str:
        """The element at `pos` of a window of tensor `name` (`starts`: the items'
        `window_starts`, where already made). Where the tensor's dims after the window's
        first dim are literals (so are the strides of all its dims), the offset is
        written as the start's part (64-bit, the same for every element: `K[z, j :+ BN, :]`
        of a [Z, S, 128] tensor starts at (z · S + j) · 128) plus the window's own part,
        which is small and in 32-bit `int` arithmetic. With all of it in 64 bits, NVRTC
        lost the 16-byte alignment of the first pass's groups in scale_rows and wrote
        them in 4-byte pieces, and each 16-byte copy of a staged operand paid 64-bit
        multiplies of its own."""
        dims = self.tensors[name].dims
        starts = starts if starts is not None else self.window_starts(items)
        first = next((k for k, it in enumerate(items) if isinstance(it, ir.Window)), len(items))
        if not all(isinstance(n, int) for n in dims[first + 1:]):
            return self.tensor_ref(name, self.window_coords(items, pos, starts))
        lengths = [it.length if isinstance(it, ir.Window) else 1 for it in items[first:]]
        strides = [math.prod(int(n) for n in dims[k + 1:]) for k in range(first, len(dims))]
        if sum((n - 1) * stride for n, stride in zip(lengths, strides, strict=True)) >= 2**31:
            return self.tensor_ref(name, self.window_coords(items, pos, starts))  # its part might overflow an int
        inner = iter(pos)
        offsets = ["0" if isinstance(it, ir.At) else next(inner) for it in items]
        shape = tuple(self.dim(n) for n in dims)
        return f"{self.param_names[name]}[{add(linear(starts, shape), linear(offsets, shape))}]"

    def scalar_load(self, e: ir.Load) -> str:
        """One element per thread; a position outside the tensor reads 0."""
        coords = [self.index(it.index, "at") for it in e.items if isinstance(it, ir.At)]
        d = e.type.dtype
        value = ct.load(d, self.tensor_ref(e.tensor, coords))
        inside = self.in_tensor(e.tensor, coords)
        return value if inside == "true" else f"({inside} ? {value} : {ct.zero(d)})"

    def hoisted(self, e: ir.Expr) -> str:
        """A scalar operand of a tile expression, computed once before the sweep."""
        key = id(e)
        if key not in self.memo:
            self.memo[key] = self.local("s", ct.value_type(e.type.dtype), self.scalar(e))
        return self.memo[key]

    # ------------------------------------------------------------ tile elements

    def elem(self, e: ir.Expr, pos: Pos) -> str:
        """The element of tile value `e` at `pos` (present there)."""
        if not e.type.shape:
            return self.hoisted(e)
        d = e.type.dtype
        shape = e.type.shape
        match e:
            case ir.Const(value=v):
                return ct.literal(v, d)
            case ir.Read(sym=sym):
                whole = self.group_read(d, pos, lambda p: f"{self.sym(sym)}[{linear(p, shape)}]",
                                        shape[-1] if len(shape) > 1 else None, "0", True, self.sym(sym))
                return ct.load(d, whole or f"{self.sym(sym)}[{linear(pos, shape)}]")
            case ir.Unary(op=op, operand=x):
                return ct.unary(op, d, paren(self.operand(x, pos, shape)))
            case ir.Binary(op=op, left=a, right=b):
                return ct.binary(op, a.type.dtype, self.operand(a, pos, shape), self.operand(b, pos, shape),
                                 self.spec.fast_math, self.exact_division)
            case ir.Cast(operand=x):
                return ct.cast(x.type.dtype, d, self.operand(x, pos, shape))
            case ir.Math(fn=fn, args=(x,)):
                return ct.math1(fn, d, self.operand(x, pos, shape), self.spec.fast_math)
            case ir.Math(fn=fn, args=(a, b)):
                return ct.min_max(fn, d, self.operand(a, pos, shape), self.operand(b, pos, shape))
            case ir.Select(cond=c, if_true=a, if_false=b):
                parts = [self.operand(x, pos, shape) for x in (c, a, b)]
                return f"({parts[0]} ? {parts[1]} : {parts[2]})"
            case ir.Load(tensor=name, items=items):
                whole = None
                if isinstance(items[-1], ir.Window):
                    dims = self.tensors[name].dims
                    whole = self.group_read(d, pos, lambda p: self.window_ref(name, items, p),
                                            dims[-1] if len(dims) > 1 else None,
                                            self.index(items[-1].start, "start"), name in self.aligned,
                                            self.param_names[name])
                return ct.load(d, whole or self.window_ref(name, items, pos))
            case ir.TileIndex(base=ir.Read(sym=sym), items=items) if (
                self.vec is not None and isinstance(items[-1], ir.Window) and id(e.base) not in self.force
            ):
                tile = sym.vtype.shape

                def in_tile(p: Pos) -> str:
                    return f"{self.sym(sym)}[{linear(self.window_coords(items, p), tile)}]"

                whole = self.group_read(d, pos, in_tile,
                                        tile[-1] if len(tile) > 1 else None, self.index(items[-1].start, "start"),
                                        True, self.sym(sym))
                return ct.load(d, whole) if whole else self.elem(e.base, self.window_coords(items, pos))
            case ir.TileIndex(base=base, items=items):
                return self.elem(base, self.window_coords(items, pos))
            case ir.Transpose(operand=x):
                return self.elem(x, pos[::-1])
            case ir.Softmax():
                return self.softmax_elem(e, pos)
            case ir.Iota(axis=axis):
                return f"(i64)({pos[axis]})"
        return self.scratch_elem(e, pos)

    def operand(self, x: ir.Expr, pos: Pos, shape: tuple[int, ...]) -> str:
        if not x.type.shape:
            return self.hoisted(x)
        return self.elem(x, broadcast_pos(pos, x.type.shape, shape))

    def window_starts(self, items: tuple[ir.Item, ...]) -> Pos:
        """Where each item starts in what a window reads (an `At`'s index), as terms."""
        return [self.index(it.index, "at") if isinstance(it, ir.At) else self.index(it.start, "start")
                for it in items]

    def window_coords(self, items: tuple[ir.Item, ...], pos: Pos, starts: Pos | None = None) -> Pos:
        """Positions in what a window reads, for the element at `pos` of the window
        (`starts`: the items' `window_starts`, where already made)."""
        starts = starts if starts is not None else self.window_starts(items)
        inner = iter(pos)
        return [start if isinstance(it, ir.At) else add(start, next(inner))
                for it, start in zip(items, starts, strict=True)]

    # ------------------------------------------------------------ whole groups (the vector path)

    def multiple_of(self, text: str, n: int) -> str | bool:
        """Whether the C++ integer `text` is a multiple of `n`: True or False when known
        now, else the run-time test."""
        known = const_int(text)
        if known is not None:
            return known % n == 0
        return f"{paren(text)} % {n} == 0"

    def pitch_multiple_of(self, dim: int | str, n: int) -> str | bool:
        """`multiple_of` for a tensor's dim: a literal, or a runtime dim, a multiple of
        what `@aligned` promises (which the launch checks) and of what the key says."""
        if isinstance(dim, int):
            return dim % n == 0
        if math.lcm(self.kernel.aligned.get(dim, 1), self.spec.multiple(dim)) % n == 0:
            return True
        return self.multiple_of(self.param_names[dim], n)

    def group_tests(self, d: DType, size: int, pitch: int | str | None, start: str,
                    aligned: bool) -> list[str] | None:
        """The run-time tests under which every group of `size` elements of a vector
        body, read or written at `start` + group along the innermost dim of a place with
        rows of `pitch` elements (None: one row), is aligned to its access size; None
        when it never is."""
        if not aligned:
            return None
        # A group moves in pieces of at most 16 bytes, each at a multiple of its own size
        # from the 16-byte aligned base: the pitch and the start must be multiples of `need`.
        need = min(size, 16 // ct.element_bytes(d))
        checks = [self.multiple_of(start, need)]
        if pitch is not None:
            checks.append(self.pitch_multiple_of(pitch, need))
        if False in checks:
            return None
        return [c for c in checks if isinstance(c, str)]

    def group_read(self, d: DType, pos: Pos, place: Callable[[Pos], str], pitch: int | str | None,
                   start: str, aligned: bool, label: str) -> str | None:
        """In a vector body, this lane's element of a group read whole from `place`
        (which names the element at a position), when the read runs along the sweep's
        innermost dim and can be aligned; None otherwise (the lane reads alone)."""
        vec = self.vec
        if vec is None or not pos or pos[-1] != vec.inner:
            return None
        tests = self.group_tests(d, vec.size, pitch, start, aligned)
        if tests is None:
            return None
        address = f"&{place([*pos[:-1], vec.group])}"
        if address not in vec.locals:
            name, k = self.loop_name(f"{label}_g"), 2
            while name in vec.locals.values():  # another window of the same place
                name, k = self.loop_name(f"{label}_g{k}"), k + 1
            vec.locals[address] = name
            storage = ct.storage_type(d)
            vec.loads.append(f"const ph::Vec<{storage}, {vec.size}> {name} = ph::vload<{vec.size}>({address});")
            vec.tests.extend(t for t in tests if t not in vec.tests)
        return f"{vec.locals[address]}.v[{vec.lane}]"

    def loop_name(self, base: str) -> str:
        raise NotImplementedError

    def scratch_elem(self, e: ir.Expr, pos: Pos) -> str:
        raise NotImplementedError

    def softmax_elem(self, e: ir.Softmax, pos: Pos) -> str:
        raise NotImplementedError

    # ------------------------------------------------------------ regions

    def region(self, e: ir.Expr) -> Region:
        key = id(e)
        if key not in self.region_memo:
            self.region_memo[key] = self._region(e)
        return self.region_memo[key]

    def _region(self, e: ir.Expr) -> Region:
        shape = e.type.shape
        match e:
            case ir.Const() | ir.Iota():
                return full_region(shape)
            case ir.Read(sym=sym):
                if sym in self.full_syms or sym in self.known_full or (self.whole is not None and
                                                                       sym in self.whole.tiles):
                    return full_region(shape)
                box = self.boxes[sym]
                return [(f"{box}.lo[{k}]", f"{box}.hi[{k}]") for k in range(len(shape))]
            case ir.Unary() | ir.Binary() | ir.Cast() | ir.Math() | ir.Select():
                tiled = [c for c in e.children() if c.type.shape]
                return meet([fit(self.region(c), c.type.shape, shape) for c in tiled], shape)
            case ir.Load(tensor=name, items=items):
                if self.whole is not None and id(e) in self.whole.loads:
                    return full_region(shape)
                source = [("0", self.dim(n)) for n in self.tensors[name].dims]
                return self.window_region(items, source, shape)
            case ir.TileIndex(base=base, items=items):
                return self.window_region(items, self.region(base), shape)
            case ir.Transpose(operand=x):
                return self.region(x)[::-1]
            case ir.Softmax(operand=x):
                return self.region(x)
        self.materialize(e)
        return self.region_memo[id(e)]

    def window_region(self, items: tuple[ir.Item, ...], source: Region, shape: tuple[int, ...]) -> Region:
        """The present part of a window of a source with region `source`: clipped per
        dim (a dim the window misses is [0, 0)), and absent in every dim where an index
        is outside."""
        out: Region = []
        outside: list[str] = []
        for it, (lo, hi) in zip(items, source, strict=True):
            if isinstance(it, ir.At):
                i = self.index(it.index, "at")
                a, b, c = const_int(i), const_int(lo), const_int(hi)
                if None in (a, b, c):
                    outside.append(f"{i} < {lo} || {i} >= {hi}")
                elif not b <= a < c:  # type: ignore[operator]
                    outside.append("true")
                continue
            s = self.index(it.start, "start")
            out.append((sub(imax(s, lo), s), sub(imin(add(s, str(it.length)), hi), s)))
        static = all(const_int(x) is not None for pair in out for x in pair) and not outside
        if static:
            return [("0", "0") if int(lo) >= int(hi) else (lo, hi) for lo, hi in out]
        if all(const_int(lo) == 0 and hi == str(n) for (lo, hi), n in zip(out, shape, strict=True)) and not outside:
            return out
        box = self.names.take("box")
        los = ", ".join(lo for lo, _ in out)
        his = ", ".join(hi for _, hi in out)
        self.line(f"ph::Box<{len(shape)}> {box} = {{{{{los}}}, {{{his}}}}};")
        if outside:
            self.line(f"if ({' || '.join(outside)}) {box} = {{}};")
        self.line(f"{box}.normalize();")
        return [(f"{box}.lo[{k}]", f"{box}.hi[{k}]") for k in range(len(shape))]

    def box_var(self, region: Region) -> str:
        """A `ph::Box` local holding `region`."""
        base = region[0][0].split(".")[0]
        if all(lo == f"{base}.lo[{k}]" and hi == f"{base}.hi[{k}]" for k, (lo, hi) in enumerate(region)):
            return base
        box = self.names.take("box")
        los = ", ".join(lo for lo, _ in region)
        his = ", ".join(hi for _, hi in region)
        self.line(f"const ph::Box<{len(region)}> {box} = {{{{{los}}}, {{{his}}}}};")
        return box

    # ------------------------------------------------------------ provided by the tile writer

    def materialize(self, e: ir.Expr) -> str:
        raise NotImplementedError

    def reduce_all(self, e: ir.Reduce) -> str:
        raise NotImplementedError

    def lane_reduce(self, e: ir.LaneReduce) -> str:
        raise NotImplementedError

    def shuffle(self, e: ir.Shuffle) -> str:
        raise NotImplementedError

    def atomic(self, e: ir.Atomic) -> str:
        raise NotImplementedError
