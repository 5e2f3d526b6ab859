"""An independent numpy evaluation of the generated kernels that need no per-thread
control flow: elementwise arithmetic, conversions, reductions, softmax, dot, windows
and views at the edges, collectives and shuffles, expression fns, uniform `if` and
`for`.

It is written from docs/spec.md, not from the interpreter: its own literal typing and
promotion (through facts.py's table), its own integer division, shifts, saturating
conversions and correctly rounded integer-to-float conversion, its own account of
present regions. Sums, `dot`, `softmax` and the math functions are computed in f64 and
rounded once; the generator's tolerances cover the order the spec leaves free.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np

from .facts import INT_RANGE, accumulator, broadcast, is_float, promote
from .inputs import NUMPY
from .model import (
    Assign,
    Binary,
    Call,
    Ctx,
    Expr,
    ExprFn,
    For,
    If,
    Index,
    Let,
    Lit,
    Name,
    Program,
    Range,
    ScalarParam,
    Span,
    Stmt,
    Sub,
    TensorParam,
    Unary,
    Var,
)

NAMES = {v: k for k, v in NUMPY.items()}
F64 = np.float64
MATH = {
    "exp": np.exp,
    "exp2": np.exp2,
    "log": np.log,
    "log2": np.log2,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "sin": np.sin,
    "cos": np.cos,
    "tanh": np.tanh,
    "erf": np.vectorize(math.erf, otypes=[F64]),
    "floor": np.floor,
    "ceil": np.ceil,
}
FOLDED = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b}
CONVERSIONS = ("f16", "bf16", "f32", "f64", "i8", "i32", "i64", "u8", "u16", "u32")


class Unsupported(Exception):
    """A construct outside the oracle's subset."""


@dataclass
class Literal:
    """An untyped literal: it takes its type where it is used."""

    value: int | float | bool


@dataclass
class Tile:
    data: np.ndarray
    box: tuple[tuple[int, int], ...]  # the present region, one [lo, hi) per dim


@dataclass
class View:
    tensor: str
    starts: list[np.ndarray | None]  # per tensor dim, the start per thread (None: an index item)
    items: list[np.ndarray | int]  # per tensor dim, the index per thread, or the length


Value = np.ndarray | Literal | Tile | View


def dname(a: np.ndarray) -> str:
    return NAMES[a.dtype]


def typed(v: Value, default: str | None = None) -> np.ndarray | Tile:
    """A literal given its default type (or `default`); anything else as it is."""
    if isinstance(v, Literal):
        d = default or ("bool" if isinstance(v.value, bool) else "i64" if isinstance(v.value, int) else "f32")
        return to_type(np.asarray(v.value), d)
    assert not isinstance(v, View)
    return v


def arr(v: np.ndarray | Tile) -> np.ndarray:
    return v.data if isinstance(v, Tile) else v


def dtype_of(v: Value) -> str:
    return dname(arr(typed(v)))


def to_type(a: np.ndarray, d: str) -> np.ndarray:
    """The spec's conversion of `a` to `d` (explicit or implicit; the checker allows only
    some implicitly)."""
    src = NAMES.get(a.dtype, "i64" if a.dtype.kind == "i" else "f64")
    target = NUMPY[d]
    if src == d:
        return a.astype(target)
    if is_float(d):
        if a.dtype.kind in "iu":
            return int_to_float(a, d)
        wide = a.astype(F64)
        return to_bf16(wide) if d == "bf16" else wide.astype(target)
    if src in ("f16", "bf16", "f32", "f64"):
        lo, hi = INT_RANGE[d]
        x = np.trunc(a.astype(F64))
        big, small = x >= float(hi), x <= float(lo)
        mid = ~(np.isnan(x) | big | small)
        out = np.zeros(x.shape, np.int64)
        out[mid] = x[mid].astype(np.int64)
        out[big], out[small] = hi, lo
        return out.astype(target)
    return a.astype(target)


def to_bf16(x: np.ndarray) -> np.ndarray:
    """f64 to bf16 rounded once: through f32 rounded to odd, which a second rounding to
    8 bits cannot spoil."""
    with np.errstate(over="ignore", invalid="ignore"):
        y = x.astype(np.float32)
        back = y.astype(F64)
        inexact = (back != x) & np.isfinite(x) & np.isfinite(y)
        toward_zero = np.where(inexact & (np.abs(back) > np.abs(x)), np.nextafter(y, np.float32(0)), y)
        bits = toward_zero.view(np.uint32) | np.where(inexact, np.uint32(1), np.uint32(0))
        return bits.view(np.float32).astype(ml_dtypes.bfloat16)


def int_to_float(a: np.ndarray, d: str) -> np.ndarray:
    """Integers rounded once to nearest-even in `d` (no double rounding through f64)."""
    bits = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}[d]
    flat = [_round_int(int(v), bits) for v in a.reshape(-1)]
    out = np.array(flat, F64).reshape(a.shape) if flat else np.zeros(a.shape, F64)
    with np.errstate(over="ignore"):
        return to_bf16(out) if d == "bf16" else out.astype(NUMPY[d])


def _round_int(v: int, bits: int) -> float:
    m = abs(v)
    if m.bit_length() <= bits:
        return float(v)
    shift = m.bit_length() - bits
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return math.copysign(float(q << shift), v)


class Oracle:
    def __init__(self, program: Program, args: dict[str, Any]) -> None:
        self.p = program
        self.args = args
        self.t = program.threads
        self.fns = {f.name: f for f in program.fns}
        self.tensors = {p.name: p for p in program.params if isinstance(p, TensorParam)}
        self.dims: dict[str, int] = {}
        for p in self.tensors.values():
            for d, n in zip(p.dims, args[p.name].shape, strict=True):
                if isinstance(d, str):
                    self.dims[d] = n
        self.block = 0
        self.env: list[dict[str, Any]] = []

    def run(self) -> dict[str, Any]:
        for block in range(self.p.grid):
            self.block = block
            scope: dict[str, Any] = {}
            for p in self.p.params:
                if isinstance(p, ScalarParam):
                    scope[p.name] = to_type(np.full(self.t, self.args[p.name]), p.dtype)
            for name, n in self.dims.items():
                scope[name] = np.full(self.t, n, np.int64)
            self.env = [scope]
            self.block_of(self.p.body)
        return self.args

    # ------------------------------------------------------------ names

    def lookup(self, name: str) -> Any:
        for scope in reversed(self.env):
            if name in scope:
                return scope[name]
        raise KeyError(name)

    def set(self, name: str, value: Any) -> None:
        for scope in reversed(self.env):
            if name in scope:
                scope[name] = value
                return
        raise KeyError(name)

    # ------------------------------------------------------------ statements

    def block_of(self, body: tuple[Stmt, ...] | list[Stmt]) -> None:
        self.env.append({})
        try:
            for s in body:
                self.stmt(s)
        finally:
            self.env.pop()

    def stmt(self, s: Stmt) -> None:
        match s:
            case Let(name=n, ty=ty, value=v):
                self.env[-1][n] = self.declare(ty, v, view=True)
            case Var(name=n, ty=ty, value=v):
                self.env[-1][n] = self.declare(ty, v, view=False)
            case Assign(target=Name(name=n), op=op, value=v):
                self.set(n, self.assigned(self.lookup(n), op, self.eval(v)))
            case Assign(target=Sub(base=base, items=items), op="=", value=v):
                self.store(base, items, self.eval(v))
            case If(cond=c, body=body, orelse=orelse):
                if self.uniform(self.eval(c)):
                    self.block_of(body)
                else:
                    self.block_of(orelse)
            case For(var=var, lo=lo, hi=hi, step=step, body=body):
                bounds = [int(self.uniform(typed(self.eval(e)))) for e in (lo, hi)]
                k = 1 if step is None else int(self.uniform(typed(self.eval(step))))
                for i in range(bounds[0], bounds[1], k) if k > 0 else ():
                    self.env.append({var: np.full(self.t, i, np.int64)})
                    try:
                        self.block_of(body)
                    finally:
                        self.env.pop()
            case _:
                raise Unsupported(type(s).__name__)

    def uniform(self, v: Value) -> Any:
        a = arr(typed(v)).reshape(-1)
        assert (a == a[0]).all(), "a uniform value differs between threads"
        return a[0]

    def index_of(self, e: Expr) -> np.ndarray:
        """An index, per thread, as i64."""
        return self.per_thread(to_type(arr(typed(self.eval(e), "i64")), "i64"))

    def per_thread(self, a: np.ndarray) -> np.ndarray:
        return np.broadcast_to(a, (self.t,)).copy()

    def declare(self, ty: Any, v: Expr | None, view: bool) -> Any:
        if v is None:
            return Tile(np.zeros(ty.shape, NUMPY[ty.dtype]), tuple((0, n) for n in ty.shape))
        if (
            view
            and ty is None
            and isinstance(v, Sub)
            and v.base in self.tensors
            and any(isinstance(it, Span | Range) for it in v.items)
        ):
            return self.view(v)
        value = self.eval(v)
        if isinstance(value, View):
            value = self.view_whole(value)
        if ty is None:
            v = typed(value)
            return Tile(v.data.copy(), v.box) if isinstance(v, Tile) else self.per_thread(v)
        return self.fit(value, ty.dtype, ty.shape)

    def fit(self, value: Value, d: str, shape: tuple[int, ...]) -> Any:
        """A value converted to `d` and broadcast to a variable's `shape`."""
        v = typed(value, d)
        if not shape:
            return self.per_thread(to_type(arr(v), d))
        if isinstance(v, Tile):
            data = np.broadcast_to(to_type(v.data, d), shape).copy()
            return Tile(data, broadcast_box(v.box, v.data.shape, shape))
        return Tile(np.full(shape, first(to_type(v, d))), tuple((0, n) for n in shape))

    def assigned(self, old: Any, op: str, value: Value) -> Any:
        d = dname(arr(old))
        if op != "=":
            value = self.binary("idiv" if op == "idiv=" else op[:-1], old, value)
        if isinstance(old, Tile):
            return self.fit(value, d, old.data.shape)
        return self.per_thread(to_type(arr(typed(value, d)), d))

    def store(self, base: str, items: tuple, value: Value) -> None:
        if base in self.tensors:
            target, box = self.args[base], None
        else:
            tile = self.lookup(base)
            target, box = tile.data, tile.box
        d = dname(target)
        if all(isinstance(it, Index) for it in items):
            v = self.per_thread(to_type(arr(typed(value, d)), d))
            where = [self.index_of(it.at) for it in items]
            inside = np.ones(self.t, bool)
            for w, n in zip(where, target.shape, strict=True):
                inside &= (w >= 0) & (w < n)
            if box is not None:
                raise Unsupported("a per-thread store into a tile")
            for t in np.nonzero(inside)[0]:
                target[tuple(int(w[t]) for w in where)] = v[t]
            return
        starts, lengths = self.window(items, target.shape)
        v = typed(value, d)
        shape = tuple(n for n in lengths if n is not None)
        if isinstance(v, Tile):
            data, vbox = np.broadcast_to(to_type(v.data, d), shape), broadcast_box(v.box, v.data.shape, shape)
        else:
            data, vbox = np.broadcast_to(first(to_type(v, d)), shape), tuple((0, n) for n in shape)
        k = 0
        index = []
        for start, n, extent in zip(starts, lengths, target.shape, strict=True):
            if n is None:
                if not 0 <= start < extent:
                    return
                index.append([start])
                continue
            lo, hi = vbox[k]
            positions = [start + i for i in range(lo, hi) if 0 <= start + i < extent]
            index.append(positions)
            k += 1
        if any(not ix for ix in index):
            return
        src = []
        k = 0
        for start, n, ix in zip(starts, lengths, index, strict=True):
            if n is not None:
                src.append([i - start for i in ix])
                k += 1
        values = data[np.ix_(*src)] if src else data
        target[np.ix_(*index)] = values.reshape([len(ix) for ix in index])

    def window(self, items: tuple, shape: tuple[int, ...]) -> tuple[list[int], list[int | None]]:
        starts: list[int] = []
        lengths: list[int | None] = []
        for it, extent in zip(items, shape, strict=True):
            match it:
                case Index(at=at):
                    starts.append(int(self.uniform(typed(self.eval(at)))))
                    lengths.append(None)
                case Span(start=s, length=n):
                    starts.append(int(self.uniform(typed(self.eval(s)))))
                    lengths.append(n)
                case Range(lo=lo, hi=hi):
                    a = 0 if lo is None else int(self.uniform(typed(self.eval(lo))))
                    b = extent if hi is None else int(self.uniform(typed(self.eval(hi))))
                    starts.append(a)
                    lengths.append(b - a)
        return starts, lengths

    # ------------------------------------------------------------ expressions

    def eval(self, e: Expr) -> Value:
        match e:
            case Lit(text=text):
                return literal(text)
            case Name(name=n):
                found = self.lookup(n)
                return self.view_whole(found) if isinstance(found, View) else found
            case Ctx(field=f):
                return self.ctx(f)
            case Unary(op=op, operand=x):
                return self.unary(op, self.eval(x))
            case Binary(op=op, left=a, right=b):
                return self.binary(op, self.eval(a), self.eval(b))
            case Call():
                return self.call(e)
            case Sub(base=base, items=items):
                return self.subscript(base, items)
        raise Unsupported(type(e).__name__)

    def ctx(self, f: str) -> np.ndarray:
        t = np.arange(self.t, dtype=np.int64)
        values = {
            "thread": t,
            "lane": t % 32,
            "warp": t // 32,
            "block.x": np.full(self.t, self.block, np.int64),
            "threads": np.full(self.t, self.t, np.int64),
            "warps": np.full(self.t, self.t // 32, np.int64),
            "grid.x": np.full(self.t, self.p.grid, np.int64),
        }
        return values[f]

    def unary(self, op: str, x: Value) -> Value:
        if isinstance(x, Literal):
            return Literal(-x.value if op == "-" else ~x.value if op == "~" else not x.value)
        a = arr(x)
        out = np.logical_not(a) if op == "!" else np.invert(a) if op == "~" else np.negative(a)
        return Tile(out, x.box) if isinstance(x, Tile) else out

    def operands(self, a: Value, b: Value, how: str = "") -> tuple[Any, Any, str]:
        """Both operands in the type they are computed in (a literal takes the other's)."""
        if isinstance(a, View):
            a = self.view_whole(a)
        if isinstance(b, View):
            b = self.view_whole(b)
        if isinstance(a, Literal) and isinstance(b, Literal):
            if isinstance(a.value, bool) and isinstance(b.value, bool):
                a = typed(a)
            elif isinstance(a.value, int) and isinstance(b.value, int) and how in FOLDED:
                return a, b, "literal"
            else:
                raise Unsupported("two literals")
        if isinstance(a, Literal):
            b2, a2, d = self.operands(b, a, how)
            return a2, b2, d
        da = dtype_of(a)
        if isinstance(b, Literal):
            float_beside_int = isinstance(b.value, float) and not is_float(da)
            b = typed(b, "f32" if float_beside_int else da)
        db = dtype_of(b)
        d = promote(da, db) if da != "bool" else "bool"
        return self.cast(a, d), self.cast(b, d), d

    def cast(self, v: Any, d: str) -> Any:
        if isinstance(v, Tile):
            return Tile(to_type(v.data, d), v.box)
        return to_type(v, d)

    def binary(self, op: str, a: Value, b: Value) -> Value:
        x, y, d = self.operands(a, b, op)
        if d == "literal":  # integer literals fold in i64, wrapping
            return Literal(wrap(FOLDED[op](x.value, y.value), 64))
        box = meet_boxes(x, y)
        u, v = arr(x), arr(y)
        if isinstance(x, Tile) != isinstance(y, Tile):
            u, v = (u, first(v)) if isinstance(x, Tile) else (first(u), v)
        out = compute(op, u, v, d)
        return Tile(out, box) if box is not None else out

    def call(self, c: Call) -> Value:
        name = c.fn
        if c.user:
            fn = self.fns[name]
            assert isinstance(fn, ExprFn)
            args = [self.eval(a) for a in c.args]
            self.env.append(dict(zip(fn.params, args, strict=True)))
            try:
                return self.eval(fn.body)
            finally:
                self.env.pop()
        angle = dict(c.angle)
        args = [self.eval(a) for a in c.args]
        args = [self.view_whole(a) if isinstance(a, View) else a for a in args]
        if name in CONVERSIONS:
            x = args[0]
            x = typed(x, "i64" if isinstance(x, Literal) and isinstance(x.value, int) else None)
            return self.map(x, lambda a: to_type(a, name))
        if name in MATH or name == "abs":
            x = typed(args[0], "i64" if name == "abs" and isinstance(args[0], Literal) else "f32")
            return self.map(x, lambda a: math_fn(name, a))
        if name in ("min", "max") and len(args) == 2:
            return self.binary(name, args[0], args[1])
        if name == "where":
            return self.select(*args)
        if name in ("sum", "max", "min") and "over" in angle:
            return self.collective(name, typed(args[0]), angle["over"], int(angle.get("width", 32)))
        if name == "shfl":
            return self.shuffle(typed(args[0]), c.angle)
        if name in ("sum", "max", "min", "rowsum", "rowmax", "rowmin"):
            t = args[0]
            assert isinstance(t, Tile)
            if name.startswith("row"):
                return reduce_axis(name[3:], t, t.data.ndim - 1)
            if "axis" in angle:
                return reduce_axis(name, t, int(angle["axis"]) % t.data.ndim)
            return np.full(self.t, reduce_all(name, t))
        if name == "softmax":
            return softmax(args[0])
        if name == "transpose":
            t = args[0]
            return Tile(t.data.T.copy(), t.box[::-1])
        if name == "dot":
            return dot(*args)
        raise Unsupported(name)

    def map(self, x: Any, fn: Any) -> Any:
        return Tile(fn(x.data), x.box) if isinstance(x, Tile) else fn(x)

    def select(self, c: Value, a: Value, b: Value) -> Value:
        x, y, d = self.operands(a, b)
        cond = typed(c)
        parts = [cond, x, y]
        tiles = [p for p in parts if isinstance(p, Tile)]
        if not tiles:
            return np.where(cond, x, y)
        box = None
        for p in tiles:
            shape = broadcast_all([q.data.shape for q in tiles])
            pb = broadcast_box(p.box, p.data.shape, shape)
            box = pb if box is None else meet(box, pb)
        data = [p.data if isinstance(p, Tile) else first(p) for p in parts]
        return Tile(np.where(*data), box)

    def collective(self, op: str, x: np.ndarray, over: str, width: int) -> np.ndarray:
        x = self.per_thread(x)
        n = self.t if over == "thread" else width
        groups = x.reshape(-1, n)
        d = dname(x)
        if op == "sum":
            acc = accumulator(d)
            if is_float(acc):
                total = groups.astype(F64).sum(axis=1)
            else:
                total = groups.astype(np.int64).sum(axis=1)
            return np.repeat(to_type(total, acc), n)
        if is_float(d):
            pick = np.fmax.reduce if op == "max" else np.fmin.reduce
            return np.repeat(pick(groups, axis=1), n)
        return np.repeat(groups.max(axis=1) if op == "max" else groups.min(axis=1), n)

    def shuffle(self, x: np.ndarray, angle: tuple) -> np.ndarray:
        x = self.per_thread(x)
        keys = dict(angle)
        w = int(keys.get("width", 32))
        t = np.arange(self.t)
        lane = t % w
        if "xor" in keys:
            src = t ^ int(keys["xor"])
        elif "up" in keys:
            k = int(keys["up"])
            src = np.where(lane >= k, t - k, t)
        elif "down" in keys:
            k = int(keys["down"])
            src = np.where(lane + k < w, t + k, t)
        else:
            k = self.index_of(keys["idx"])
            src = t - lane + (k & (w - 1))
        return x[src]

    # ------------------------------------------------------------ subscripts

    def subscript(self, base: str, items: tuple) -> Value:
        if base in self.tensors:
            a = self.args[base]
            if all(isinstance(it, Index) for it in items):
                return self.gather(a, [self.index_of(it.at) for it in items])
            starts, lengths = self.window(items, a.shape)
            return window_of(a, None, starts, lengths)
        v = self.lookup(base)
        if isinstance(v, View):
            if all(isinstance(it, Index) for it in items):
                return self.view_element(v, [self.index_of(it.at) for it in items])
            v = self.view_whole(v)
        assert isinstance(v, Tile)
        if all(isinstance(it, Index) for it in items):
            where = [self.index_of(it.at) for it in items]
            return self.gather(v.data, where, v.box)
        starts, lengths = self.window(items, v.data.shape)
        return window_of(v.data, v.box, starts, lengths)

    def gather(self, a: np.ndarray, where: list[np.ndarray], box: tuple | None = None) -> np.ndarray:
        """One element per thread: 0 outside the array (or outside its present box)."""
        ok = np.ones(self.t, bool)
        for k, (w, n) in enumerate(zip(where, a.shape, strict=True)):
            lo, hi = box[k] if box is not None else (0, n)
            ok &= (w >= max(lo, 0)) & (w < min(hi, n))
        safe = tuple(np.where(ok, w, 0) for w in where)
        return np.where(ok, a[safe], np.zeros((), a.dtype)).astype(a.dtype)

    def view(self, e: Sub) -> View:
        a = self.args[e.base]
        starts: list[np.ndarray | None] = []
        items: list[np.ndarray | int] = []
        for it, extent in zip(e.items, a.shape, strict=True):
            match it:
                case Index(at=at):
                    starts.append(None)
                    items.append(self.index_of(at))
                case Span(start=s, length=n):
                    starts.append(self.index_of(s))
                    items.append(n)
                case Range(lo=lo, hi=hi):
                    begin = np.zeros(self.t, np.int64) if lo is None else self.index_of(lo)
                    end = np.full(self.t, extent) if hi is None else self.index_of(hi)
                    starts.append(begin)
                    items.append(int((end - begin)[0]))
        return View(e.base, starts, items)

    def view_whole(self, v: View) -> Tile:
        starts: list[int] = []
        lengths: list[int | None] = []
        for s, item in zip(v.starts, v.items, strict=True):
            if s is None:
                assert isinstance(item, np.ndarray)
                starts.append(int(first(item)))
                lengths.append(None)
            else:
                assert isinstance(item, int)
                starts.append(int(first(s)))
                lengths.append(item)
        return window_of(self.args[v.tensor], None, starts, lengths)

    def view_element(self, v: View, where: list[np.ndarray]) -> np.ndarray:
        a = self.args[v.tensor]
        ok = np.ones(self.t, bool)
        pos = []
        k = 0
        for s, item in zip(v.starts, v.items, strict=True):
            if s is None:
                pos.append(item)
                continue
            w = where[k]
            k += 1
            ok &= (w >= 0) & (w < item)
            pos.append(s + w)
        return self.gather(a, [np.where(ok, p, -1) for p in pos])  # type: ignore[misc]


def first(a: np.ndarray) -> Any:
    return np.asarray(a).reshape(-1)[0]


def literal(text: str) -> Literal:
    if text in ("true", "false"):
        return Literal(text == "true")
    if text == "inf":
        return Literal(math.inf)
    if "." in text or "e" in text:
        return Literal(float(text))
    return Literal(int(text, 0))


def compute(op: str, u: Any, v: Any, d: str) -> np.ndarray:
    """`u op v`, both already of type `d`."""
    if op in ("==", "!=", "<", "<=", ">", ">="):
        fn = {
            "==": np.equal,
            "!=": np.not_equal,
            "<": np.less,
            "<=": np.less_equal,
            ">": np.greater,
            ">=": np.greater_equal,
        }[op]
        return np.asarray(fn(u, v))
    if d == "bool":
        fn = {"&&": np.logical_and, "||": np.logical_or, "&": np.logical_and, "|": np.logical_or, "^": np.not_equal}[op]
        return np.asarray(fn(u, v))
    target = NUMPY[d]
    if is_float(d):
        work = F64 if d == "f64" else np.float32
        a, b = np.asarray(u).astype(work), np.asarray(v).astype(work)
        fn = {
            "+": np.add,
            "-": np.subtract,
            "*": np.multiply,
            "/": np.divide,
            "%": np.fmod,
            "min": np.fmin,
            "max": np.fmax,
        }[op]
        return np.asarray(fn(a, b)).astype(target)
    a, b = np.asarray(u).astype(target), np.asarray(v).astype(target)
    a, b = np.broadcast_arrays(a, b)
    if op in ("idiv", "/", "%"):
        q, r = int_divide(a.astype(np.int64), b.astype(np.int64), target)
        return (q if op != "%" else r).astype(target)
    if op in ("<<", ">>"):
        width = target.itemsize * 8
        count = (b.astype(np.int64) & (width - 1)).astype(target)
        return (np.left_shift(a, count) if op == "<<" else np.right_shift(a, count)).astype(target)
    fn = {
        "+": np.add,
        "-": np.subtract,
        "*": np.multiply,
        "&": np.bitwise_and,
        "|": np.bitwise_or,
        "^": np.bitwise_xor,
        "min": np.minimum,
        "max": np.maximum,
    }[op]
    return np.asarray(fn(a, b)).astype(target)


def int_divide(a: np.ndarray, b: np.ndarray, target: np.dtype) -> tuple[np.ndarray, np.ndarray]:
    """Truncating division and the remainder with the dividend's sign, at the target's
    width: x / 0 is 0 and x % 0 is x; the smallest value / -1 wraps to itself."""
    width = target.itemsize * 8
    q = np.zeros(a.shape, np.int64)
    r = np.zeros(a.shape, np.int64)
    for k, (x, y) in enumerate(zip(a.reshape(-1).tolist(), b.reshape(-1).tolist(), strict=True)):
        if y == 0:
            qq, rr = 0, x
        else:
            qq = abs(x) // abs(y) * (1 if (x < 0) == (y < 0) else -1)
            rr = x - qq * y
        q.reshape(-1)[k] = wrap(qq, width)
        r.reshape(-1)[k] = wrap(rr, width)
    return q, r


def wrap(v: int, width: int) -> int:
    v &= (1 << width) - 1
    return v - (1 << width) if v >= 1 << (width - 1) else v


def math_fn(name: str, a: np.ndarray) -> np.ndarray:
    d = dname(a)
    if name == "abs":
        return np.abs(a).astype(a.dtype) if a.dtype.kind == "i" else np.abs(a)
    x = a.astype(F64)
    y = MATH[name](x)
    if d == "f64":
        return np.asarray(y, F64)
    return np.asarray(y, F64).astype(np.float32).astype(a.dtype)


def meet(a: tuple, b: tuple) -> tuple:
    return tuple((max(x0, y0), min(x1, y1)) for (x0, x1), (y0, y1) in zip(a, b, strict=True))


def broadcast_all(shapes: list[tuple[int, ...]]) -> tuple[int, ...]:
    out: tuple[int, ...] = ()
    for s in shapes:
        b = broadcast(out, s)
        assert b is not None
        out = b
    return out


def broadcast_box(box: tuple, shape: tuple[int, ...], target: tuple[int, ...]) -> tuple:
    """A present region seen at a broadcast shape: a present dim of extent 1 covers the
    whole extent; an absent one stays absent."""
    pad = len(target) - len(shape)
    full_box = ((0, 1),) * pad + tuple(box)
    dims = (1,) * pad + shape
    out = []
    for (lo, hi), n, t in zip(full_box, dims, target, strict=True):
        if n == 1 and t != 1:
            out.append((0, t) if lo < hi else (0, 0))
        else:
            out.append((lo, hi))
    return tuple(out)


def meet_boxes(x: Any, y: Any) -> tuple | None:
    tiles = [v for v in (x, y) if isinstance(v, Tile)]
    if not tiles:
        return None
    shape = broadcast_all([t.data.shape for t in tiles])
    boxes = [broadcast_box(t.box, t.data.shape, shape) for t in tiles]
    return boxes[0] if len(boxes) == 1 else meet(boxes[0], boxes[1])


def window_of(a: np.ndarray, box: tuple | None, starts: list[int], lengths: list[int | None]) -> Tile:
    """A window of an array (of a tile, with its present box): zeros where absent."""
    present = []
    index = []
    shape = []
    whole = True
    for k, (s, n) in enumerate(zip(starts, lengths, strict=True)):
        lo, hi = (0, a.shape[k]) if box is None else box[k]
        lo, hi = max(lo, 0), min(hi, a.shape[k])
        if n is None:
            whole = whole and lo <= s < hi
            index.append([s] if 0 <= s < a.shape[k] else [0])
            continue
        first, last = max(0, lo - s), min(n, hi - s)
        present.append((first, last) if first < last else (0, 0))
        index.append([min(max(s + i, 0), a.shape[k] - 1) for i in range(n)])
        shape.append(n)
    data = a[np.ix_(*index)].reshape(shape).copy()
    out_box = tuple(present) if whole else tuple((0, 0) for _ in present)
    mask = np.zeros(shape, bool)
    if all(lo < hi for lo, hi in out_box):
        mask[tuple(slice(lo, hi) for lo, hi in out_box)] = True
    data[~mask] = 0
    return Tile(data, out_box)


def present(t: Tile) -> np.ndarray:
    mask = np.zeros(t.data.shape, bool)
    if all(lo < hi for lo, hi in t.box):
        mask[tuple(slice(lo, hi) for lo, hi in t.box)] = True
    return mask


def identity(op: str, d: str) -> Any:
    if op == "sum":
        return 0
    if is_float(d):
        return -math.inf if op == "max" else math.inf
    lo, hi = INT_RANGE[d]
    return lo if op == "max" else hi


def reduce_values(op: str, values: np.ndarray, d: str) -> Any:
    if op == "sum":
        acc = accumulator(d)
        if not values.size:
            return to_type(np.asarray(0), acc)[()]
        if is_float(acc):
            return to_type(np.asarray(values.astype(F64).sum()), acc)[()]
        return to_type(np.asarray(values.astype(np.int64).sum()), acc)[()]
    if not values.size:
        return to_type(np.asarray(identity(op, d)), d)[()] if not is_float(d) else NUMPY[d].type(identity(op, d))
    if is_float(d):
        return (np.fmax.reduce if op == "max" else np.fmin.reduce)(values)
    return values.max() if op == "max" else values.min()


def reduce_all(op: str, t: Tile) -> Any:
    return reduce_values(op, t.data[present(t)], dname(t.data))


def reduce_axis(op: str, t: Tile, axis: int) -> Tile:
    d = dname(t.data)
    moved = np.moveaxis(t.data, axis, -1)
    lo, hi = t.box[axis]
    out_shape = moved.shape[:-1]
    acc = accumulator(d) if op == "sum" else d
    out = np.zeros(out_shape, NUMPY[acc])
    for index in np.ndindex(*out_shape):
        row = moved[index][lo:hi] if lo < hi else moved[index][:0]
        out[index] = reduce_values(op, row, d)
    out = np.expand_dims(out, axis)
    box = tuple((0, 1) if k == axis else b for k, b in enumerate(t.box))
    return Tile(out, box)


def softmax(t: Tile) -> Tile:
    d = dname(t.data)
    x = t.data.astype(F64)
    mask = present(t)
    out = np.zeros(x.shape, F64)
    for index in np.ndindex(*x.shape[:-1]):
        row, keep = x[index], mask[index]
        if keep.any():
            e = np.exp(row[keep] - row[keep].max())
            out[index][keep] = e / e.sum()
    work = out if d == "f64" else out.astype(np.float32)
    return Tile(work.astype(NUMPY[d]), t.box)


def dot(a: Tile, b: Tile) -> Tile:
    da, db = dname(a.data), dname(b.data)
    d = promote(da, db)
    out_d = accumulator(d)
    k0, k1 = max(a.box[1][0], b.box[0][0]), min(a.box[1][1], b.box[0][1])
    x, y = to_type(a.data, d), to_type(b.data, d)
    if is_float(out_d):
        prod = x[:, k0:k1].astype(F64) @ y[k0:k1, :].astype(F64) if k0 < k1 else np.zeros((x.shape[0], y.shape[1]))
        data = to_type(prod, out_d)
    else:
        prod = (
            x[:, k0:k1].astype(np.int64) @ y[k0:k1, :].astype(np.int64)
            if k0 < k1
            else np.zeros((x.shape[0], y.shape[1]), np.int64)
        )
        data = prod.astype(NUMPY[out_d])
    return Tile(data, (a.box[0], b.box[1]))


def evaluate(program: Program, args: dict[str, Any]) -> dict[str, Any]:
    """The outputs numpy computes for `program` on `args` (written in place)."""
    if not program.easy:
        raise Unsupported("not in the oracle's subset")
    Oracle(program, args).run()
    return {p.name: args[p.name] for p in program.params if isinstance(p, TensorParam) and p.role != "input"}
