"""An independent numpy evaluation of the generated kernels that need no per-thread
control flow: elementwise arithmetic, conversions, reductions, softmax, dot, windows
and views at the edges, collectives and shuffles, expression fns, uniform `if` and
`for`, one CTA after another, each thread's scalars a numpy vector.

It is written from docs/spec.md, not from the interpreter: its own literal typing and
promotion (through facts.py's table), its own account of present regions, and the
arithmetic of values.py. The generator's tolerances cover the summation order the
spec leaves free.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .facts import accumulator, is_float, promote
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
from .values import (
    CONVERSIONS,
    F64,
    FOLDED,
    MATH,
    NUMPY,
    Literal,
    Tile,
    Value,
    View,
    arr,
    broadcast_all,
    broadcast_box,
    compute,
    dname,
    dot,
    dtype_of,
    first,
    literal,
    math_fn,
    meet,
    meet_boxes,
    reduce_all,
    reduce_axis,
    softmax,
    to_type,
    typed,
    window_of,
    wrap,
)


class Unsupported(Exception):
    """A construct outside the oracle's subset."""


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
            lit = args[0]
            int_literal = isinstance(lit, Literal) and isinstance(lit.value, int) and not isinstance(lit.value, bool)
            x = typed(lit, "i64" if name == "abs" and int_literal else "f32")
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
            return dot(*args, cut=angle.get("precision") == "tf32")
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


def evaluate(program: Program, args: dict[str, Any]) -> dict[str, Any]:
    """The outputs numpy computes for `program` on `args` (written in place)."""
    if not program.easy:
        raise Unsupported("not in the oracle's subset")
    Oracle(program, args).run()
    return {p.name: args[p.name] for p in program.params if isinstance(p, TensorParam) and p.role != "input"}
