"""Statements that read what they store (spec: a tile statement's reads see the target
as it was before the statement): a tensor's own rows, or a tile variable, read at the
window stored, shifted, as a row or column broadcast over it, transposed, reduced, as
a `dot` operand (anywhere, or the very window stored: `B[w] = dot(A, B[w])`), as a
scalar element, and inside a window start; and, in a loop of its own, as the element
that places a product's window, which the loop stores (placed.py).

CTAs run in no defined order, so such a tensor (role "inout": inputs' values, compared
as an output) is read and written only by the CTA owning the rows: each owns a block
along dim 0 and stays in it (with a grid of 1 its reads may cross the block's ends,
as no other CTA runs). Its columns are all the CTA's, so they may be read anywhere,
even at a start read from the tensor. Only these statements touch it.

What a read may give follows `var`s' rule where loops make it necessary: inside a loop
a read sees the tensor's invariant and a store must keep within it; outside loops a
read sees its inputs joined with every store so far, so a first `Z = dot(X, Y) + Z[r
:+ 1, :]` may read exact inputs whatever it stores.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import arith
from .env import Binding, Want
from .exprs import Made, accepts
from .facts import (
    FLOATS,
    INF,
    SIGNED,
    UNIFORM,
    UNSIGNED,
    Box,
    Fact,
    int_fact,
    is_float,
    iv_mag,
    iv_union,
    promote,
)
from .model import Assign, Binary, Call, Expr, Index, Item, Lit, Name, Range, Span, Stmt, Sub, TensorParam
from .stmts import ERR_CAP, StmtGen, literal

# The shapes of a statement's read of its own target, each with its weight.
SHAPES = (
    ("inplace", 2),
    ("shift", 5),
    ("row", 4),
    ("column", 2),
    ("transpose", 2),
    ("rows", 3),
    ("cols", 2),
    ("all", 2),
    ("dot", 4),
    ("dot_inplace", 2),
    ("element", 3),
    ("start", 4),
    ("placed", 6),  # a loop's product window placed by an element of the target it stores (placed.py)
)
NUMERIC = FLOATS + SIGNED
Spans = list[tuple[int, int | None]]  # per dim, a start and a length (None: an index item)


@dataclass
class Owned:
    """An inout tensor: the rows each CTA owns, what a store in a loop keeps within
    (`inv`), and what it may hold here outside loops (`now`)."""

    name: str
    block: int
    sure_rows: int  # rows of a block present in every launch (the last CTA's may lie past the end)
    inv: Fact
    now: Fact


@dataclass(frozen=True)
class Place:
    """What a statement reads its target through: per dim the extent, the positions
    certain present and those reads may cover; a tensor's block start (`base`) along
    dim 0; and one element's fact."""

    name: str
    extents: tuple[int, ...]
    sure: Box
    reach: tuple[tuple[int, int], ...]
    base: Expr | None
    fact: Fact


def union(a: Fact, b: Fact) -> Fact:
    """What a value that is either `a` or `b` may be."""
    if is_float(a.dtype) or a.dtype == "bool":
        return a.with_(mag=max(a.mag, b.mag), err=max(a.err, b.err), const=False)
    iv = iv_union(a.iv, b.iv)
    return a.with_(iv=iv, mag=iv_mag(iv), const=False)


class OverlapGen(StmtGen):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.owned: dict[str, Owned] = {}
        self.focus: Place | None = None  # a target the value being made may read anywhere in

    def own(self, t: TensorParam, block: int) -> None:
        """Make `t` (its inputs drawn, its contents compared) the target of self-reading
        statements, with `block` rows of it to each CTA."""
        lo = self.env.geo.dims[str(t.dims[0])][0]
        if is_float(t.dtype):
            inv = Fact(t.dtype, mag=INF) if self.ch.coin(0.5) else Fact(t.dtype, mag=16.0, err=1e-3)
        else:
            inv = int_fact(t.dtype, None).with_(mag=INF) if t.dtype != "bool" else Fact("bool")
        sure_rows = max(0, lo - (self.env.geo.grid - 1) * block)
        self.owned[t.name] = Owned(t.name, block, sure_rows, inv, self.tensor_fact(t))
        self.env.blocks[t.name] = block

    def stmt_forms(self) -> list:
        forms = super().stmt_forms()
        if self.env.tiles_ok and not self.env.in_fn:
            if self.owned:
                forms.append((self.self_store, 5))
            if self.assignable(tile=True):
                forms.append((self.tile_self, 3))
        return forms

    def forms(self, want: Want) -> list:
        out = super().forms(want)
        if self.focus is not None and not self.fn_body and want.dtype == self.focus.fact.dtype:
            out.append((self.focus_read, 4))
        return out

    # ------------------------------------------------------------ places

    def tensor_place(self, o: Owned, fact: Fact) -> Place:
        t = self.env.tensors[o.name]
        rows = (-2, o.block + 2) if self.env.geo.grid == 1 else (0, o.block)
        base: Expr = Binary("*", Name("b"), Lit(str(o.block)))
        cols = [int(d) for d in t.dims[1:]]
        return Place(
            o.name,
            (o.block, *cols),
            ((0, o.sure_rows), *((0, c) for c in cols)),
            (rows, *((-2, c + 2) for c in cols)),
            base,
            fact,
        )

    def tile_place(self, b: Binding) -> Place:
        f = b.fact
        return Place(b.name, f.shape, f.sure, tuple((-1, n + 1) for n in f.shape), None, f.with_(shape=(), sure=()))

    def start_in(self, p: Place, k: int, n: int, near: int | None = None) -> int | None:
        """A start along dim `k` for `n` positions inside what reads may cover there,
        often at `near` (the store's own) or at 0."""
        lo, hi = p.reach[k]
        if hi - lo < n:
            return None
        for s in (near, 0):
            if s is not None and lo <= s <= hi - n and self.ch.coin(0.3):
                return s
        return self.ch.integer(lo, hi - n)

    def position(self, p: Place, k: int, s: int, extra: Expr | None = None) -> Expr:
        e: Expr = literal(s) if p.base is None or k else p.base
        if p.base is not None and not k and s:
            e = Binary("+" if s > 0 else "-", p.base, Lit(str(abs(s))))
        if extra is not None:
            e = Binary("+", e, extra) if s or (p.base is not None and not k) else extra
        return e

    def items(self, p: Place, spans: Spans, extra: dict[int, Expr] | None = None) -> tuple[Item, ...]:
        out: list[Item] = []
        for k, (s, n) in enumerate(spans):
            e = (extra or {}).get(k)
            if n is None:
                out.append(Index(self.position(p, k, s, e)))
            elif e is None and s == 0 and n == p.extents[k] and (p.base is None or k) and self.ch.coin(0.5):
                out.append(Range(None, None))
            else:
                out.append(Span(self.position(p, k, s, e), n))
        return tuple(out)

    def read(self, p: Place, spans: Spans, extra: dict[int, Expr] | None = None) -> tuple[Expr, Fact]:
        """`p` read at `spans` (a start plus 0 or 1 more where `extra` adds to it)."""
        shape, box, whole = [], [], True
        for k, (s, n) in enumerate(spans):
            lo, hi = p.sure[k]
            late = 1 if extra and k in extra else 0
            if n is None:
                whole = whole and lo <= s and s + late < hi
                continue
            r = (max(0, lo - s), min(n, hi - s - late))
            shape.append(n)
            box.append(r if r[0] < r[1] else (0, 0))
        f = p.fact
        if not shape:
            iv = None if f.iv is None else (min(f.iv[0], 0), max(f.iv[1], 0))
            return Sub(p.name, self.items(p, spans, extra)), f.with_(iv=iv, const=False)
        sure = tuple(box) if whole else tuple((0, 0) for _ in box)
        return Sub(p.name, self.items(p, spans, extra)), f.with_(shape=tuple(shape), sure=sure, const=False)

    def element(self, p: Place) -> tuple[Expr, Fact] | None:
        spans: Spans = []
        for k in range(len(p.extents)):
            s = self.start_in(p, k, 1)
            if s is None:
                return None
            spans.append((s, None))
        return self.read(p, spans)

    def focus_read(self, want: Want) -> Made:
        """A read of the focus anywhere in a value: a window, or one element."""
        p = self.focus
        assert p is not None
        if want.shape and not want.tiles:
            return None
        if not want.shape:
            made = self.element(p)
            if made is not None:
                self.env.notes.add("self:deep")
            return made
        plan = self.window_plan(len(p.extents), want.shape)
        if plan is None:
            return None
        spans: Spans = []
        for k, n in enumerate(plan):
            s = self.start_in(p, k, n or 1)
            if s is None:
                return None
            spans.append((s, n))
        self.env.notes.add("self:deep")
        return self.read(p, spans)

    # ------------------------------------------------------------ the statements

    def self_store(self) -> list[Stmt]:
        """`Z[w] = e` where `e` reads Z, inside the storing CTA's block."""
        o = self.owned[self.ch.choice(sorted(self.owned))]
        looped = bool(self.env.loops)
        if looped and not self.within(o.now, o.inv):
            return []  # a read in the loop may see what was stored before it, beyond the invariant
        p = self.tensor_place(o, o.inv if looped else o.now)
        shape_kind = self.shape_kind(p)
        if shape_kind == "placed":
            return self.placed(o)
        spans = self.store_spans(p, shape_kind)
        made = self.value_reading(p, spans, shape_kind, o.inv if looped else None)
        if made is None:
            return []
        e, f, extra = made
        d = p.fact.dtype
        f = arith.convert(f, d) if f.dtype != d else f
        if f.err > ERR_CAP or (d == "f16" and f.err and f.mag > 3e4):
            return []
        if looped and not self.within(f.with_(shape=(), sure=()), o.inv):
            return []
        o.now = union(o.now, f.with_(shape=(), sure=(), level=UNIFORM))
        self.note_store(o.name, f)
        self.env.notes |= {"tile_statement", "self_store", f"self:{shape_kind}"}
        return [Assign(Sub(o.name, self.items(p, spans, extra)), "=", e)]

    def tile_self(self) -> list[Stmt]:
        """`t = e` or `t[w] = e` where `e` reads the tile variable `t`."""
        targets = [b for b in self.assignable(tile=True) if len(b.fact.shape) <= 2]
        if not targets:
            return []
        b = self.ch.choice(targets)
        p = self.tile_place(b)
        shape_kind = self.shape_kind(p)
        whole = self.ch.coin(0.4)
        spans = [(0, n) for n in p.extents] if whole else self.store_spans(p, shape_kind)
        made = self.value_reading(p, spans, shape_kind, p.fact)
        if made is None:
            return []
        e, f, extra = made
        inv = b.fact
        f = arith.convert(f, inv.dtype) if f.dtype != inv.dtype else f
        if whole and extra is None:
            if not self.within(f, inv):
                return []
            target: Name | Sub = Name(b.name)
        else:
            if not self.within(f.with_(shape=(), sure=()), p.fact):
                return []
            target = Sub(b.name, self.items(p, spans, extra))
        self.env.notes |= {"tile_statement", "tile_self", f"tile_self:{shape_kind}"}
        return [Assign(target, "=", e)]

    def shape_kind(self, p: Place) -> str:
        """One of SHAPES that a read of `p` can take."""
        d, rank = p.fact.dtype, len(p.extents)
        ruled_out = set()
        if d not in NUMERIC:
            ruled_out |= {"rows", "cols", "all", "dot", "dot_inplace"}
        if rank == 1:
            ruled_out |= {"column", "transpose", "cols", "dot", "dot_inplace"}
        if is_float(d) or d == "bool":
            ruled_out.add("start")
        o = self.owned.get(p.name) if p.base is not None else None
        if o is None or rank != 2 or d == "bool" or (is_float(d) and o.inv.err):
            ruled_out.add("placed")  # a tensor's element, that converts to i64 alike everywhere
        return self.ch.weighted([(k, w) for k, w in SHAPES if k not in ruled_out])

    def store_spans(self, p: Place, shape_kind: str) -> Spans:
        """The window stored: along dim 0 inside what the CTA owns (or the tile, or
        just past its ends), along the others anywhere near the extent."""
        spans: Spans = []
        squares = [m for m in (1, 2, 4, 8, 16) if m <= min(p.extents)]
        square = squares[-1] if self.ch.coin(0.5) else self.ch.choice(squares)
        for k, extent in enumerate(p.extents):
            if shape_kind == "transpose" and len(p.extents) == 2:
                n = square
            elif shape_kind == "dot_inplace" and extent >= 2:  # k of 2 or more: rows others read
                n = self.ch.choice([m for m in (extent, extent, 2, 4, 8, 16) if 2 <= m <= extent])
            else:
                n = self.ch.choice([m for m in (extent, extent, 1, 2, 4, 8, 16, 32) if m <= extent])
            if p.base is not None and not k:
                spans.append((self.ch.integer(0, extent - n), n))
            else:
                spans.append((self.ch.integer(-2 if p.base is not None else -1, extent - n + 1), n))
        return spans

    def placed(self, o: Owned) -> list[Stmt]:
        """A loop whose product reads a window placed by an element of `o` that the
        loop stores: placed.py's PlacedGen draws it, none here."""
        return []

    # ------------------------------------------------------------ values

    def value_reading(
        self, p: Place, spans: Spans, kind: str, cap: Fact | None
    ) -> tuple[Expr, Fact, dict[int, Expr] | None] | None:
        """A value for the window `spans` of `p` that reads `p` as `kind` says, the
        rest of it drawn at random (and free to read `p` too, if it is a tensor); with
        the store's start offsets where `kind` is "start" and the store takes one."""
        shape = tuple(n for _, n in spans if n is not None)
        d = p.fact.dtype
        if not shape:
            return None
        made = self.core(p, spans, shape, kind)
        if made is None:
            return None
        core, fc, extra = made
        if kind == "dot_inplace" and self.ch.coin(0.5):
            return core, fc, extra  # `B[w] = dot(A, B[w])` alone, as the product's store
        saved = self.focus
        self.focus = p if p.base is not None else None
        try:
            e, f = self.around(core, fc, shape, cap)
        finally:
            self.focus = saved
        if d in UNSIGNED and f.dtype != d:
            return None
        return e, f, extra

    def core(
        self, p: Place, spans: Spans, shape: tuple[int, ...], kind: str
    ) -> tuple[Expr, Fact, dict[int, Expr] | None] | None:
        """The read of `p` itself, of a shape that broadcasts to `shape`."""
        d, rank = p.fact.dtype, len(p.extents)
        numeric = d in NUMERIC
        near = [s for s, _ in spans]
        if kind == "inplace":
            x, f = self.read(p, spans)
            if p.base is None and spans == [(0, n) for n in p.extents] and self.ch.coin(0.5):
                x = Name(p.name)  # the whole tile variable
            return x, f, None
        if kind == "shift":
            moved = [self.start_in(p, k, n, near[k] if self.ch.coin(0.5) else None) for k, (_, n) in enumerate(spans)]
            if None in moved:
                return None
            return (*self.read(p, [(s, n) for s, (_, n) in zip(moved, spans, strict=True)]), None)  # type: ignore[misc]
        if kind == "row":
            return self.row(p, spans)
        if kind == "column" and rank == 2:
            r, j = self.start_in(p, 0, shape[0]), self.start_in(p, 1, 1)
            if r is None or j is None:
                return None
            return (*self.read(p, [(r, shape[0]), (j, 1)]), None)
        if kind == "transpose" and rank == 2 and shape[0] == shape[1]:
            n = shape[0]
            r, c = self.start_in(p, 0, n, near[0]), self.start_in(p, 1, n, near[1])
            if r is None or c is None:
                return None
            x, f = self.read(p, [(r, n), (c, n)])
            if self.ch.coin(0.3) and (r, c) == (0, 0) and p.extents == (n, n) and p.base is None:
                x = Name(p.name)
            return Call("transpose", (x,)), arith.transpose(f), None
        if kind in ("rows", "cols", "all") and numeric:
            return self.reduced(p, shape, kind)
        if kind == "dot" and numeric and rank == 2 and len(shape) == 2:
            return self.dot_core(p, shape)
        if kind == "dot_inplace" and numeric and rank == 2 and len(shape) == 2:
            return self.dot_core(p, shape, spans)
        if kind == "element" or (kind == "start" and not (is_float(d) or d == "bool")):
            at = self.element(p)
            if at is None:
                return None
            if kind == "element":
                return (*at, None)
            return self.start_core(p, spans, at[0])
        return None

    def row(self, p: Place, spans: Spans) -> tuple[Expr, Fact, None] | None:
        """One row (one element, of a 1-d target) broadcast over the window's rows."""
        r = self.start_in(p, 0, 1)
        if r is None:
            return None
        rest = []
        for k, (_, n) in enumerate(spans[1:], 1):
            s = self.start_in(p, k, n or 1, spans[k][0] if self.ch.coin(0.5) else None)
            if s is None:
                return None
            rest.append((s, n))
        first = (r, None) if rest and self.ch.coin(0.3) else (r, 1)
        return (*self.read(p, [first, *rest]), None)

    def reduced(self, p: Place, shape: tuple[int, ...], kind: str) -> tuple[Expr, Fact, None] | None:
        """A reduction of a window of `p`: along its rows' last axis, along dim 0, or whole."""
        rank = len(p.extents)
        if kind != "all" and len(shape) != rank:
            return None
        lengths = list(shape)
        axis = rank - 1 if kind == "rows" else 0
        if kind != "all":
            lengths[axis] = self.ch.choice([m for m in (2, 4, 8, 16, p.extents[axis]) if m <= p.extents[axis]])
        else:
            lengths = [self.ch.choice([m for m in (1, 2, 4, 8, n) if m <= n]) for n in p.extents]
        spans: Spans = []
        for k, n in enumerate(lengths):
            s = self.start_in(p, k, n)
            if s is None:
                return None
            spans.append((s, n))
        x, f = self.read(p, spans)
        op = self.ch.choice(("sum", "max", "min"))
        if op == "sum" and is_float(f.dtype) and f.mag == INF:
            op = "max"
        if kind == "all":
            return Call(op, (x,)), arith.reduce_all(op, f), None
        style = self.ch.integer(0, 2)
        if style == 0 and axis == rank - 1:
            call = Call(f"row{op}", (x,))
        else:
            call = Call(op, (x,), (("axis", axis - rank if style == 1 else axis),))
        return call, arith.reduce_axis(op, f, axis), None

    def dot_core(self, p: Place, shape: tuple[int, ...], stored: Spans | None = None
                 ) -> tuple[Expr, Fact, None] | None:
        """`dot(Z[...], B)` or `dot(A, Z[...])`: the target as either operand, read
        anywhere, or where `stored` says at the very window stored (`Z[w] = dot(A, Z[w])`,
        k the window's rows; `Z[w] = dot(Z[w], B)`, k its columns), so every thread's
        product reads what others store over."""
        d = p.fact.dtype
        m, n = shape
        left = self.ch.coin(0.5)
        if stored is not None:
            k, spans = (n if left else m), list(stored)
        else:
            lo, hi = p.reach[1 if left else 0]  # k runs along the target's columns, or its rows
            k = self.ch.choice([x for x in (1, 2, 4, 8, 16) if x <= hi - lo])
            spans_shape = (m, k) if left else (k, n)
            spans = []
            for dim, length in enumerate(spans_shape):
                s = self.start_in(p, dim, length)
                if s is None:
                    return None
                spans.append((s, length))
        mixed = {"f16": "f32", "i8": "i32"} if left else {"f32": "f16", "i32": "i8"}
        other = mixed[d] if d in mixed and self.ch.coin(0.3) else d
        x, fx = self.read(p, spans)
        if stored is not None and p.base is None and spans == [(0, c) for c in p.extents] and self.ch.coin(0.5):
            x = Name(p.name)  # the whole tile variable: `t = dot(A, t)`
        if is_float(d) and fx.mag == INF:
            return None
        mag = min(16.0, fx.mag)
        y = self.exact_tile(other, (k, n) if left else (m, k), mag, min(1e-4, ERR_CAP / (4 * k * mag + 1)))
        if y is None or (is_float(d) and y[1].mag == INF):
            return None
        a, b = ((x, fx), y) if left else (y, (x, fx))
        self.env.notes.add(f"dot:{a[1].dtype}x{b[1].dtype}")
        return Call("dot", (a[0], b[0])), arith.dot(a[1], b[1]), None

    def start_core(self, p: Place, spans: Spans, at: Expr) -> tuple[Expr, Fact, dict[int, Expr] | None] | None:
        """A window start that adds 0 or 1 read from the target (`i64(Z[r, j]) & 1`):
        of the store (along a dim where the CTA's block leaves room) or of a read."""
        delta: Expr = Binary("&", Call("i64", (at,)), Lit("1"))
        k = len(p.extents) - 1
        s, n = spans[k]
        room = p.base is None or k > 0 or s + (n or 1) < p.extents[0]
        if room and self.ch.coin(0.5):
            x, f = self.read(p, spans)
            return x, f, {k: delta}
        moved = [self.start_in(p, j, m or 1) for j, (_, m) in enumerate(spans)]
        lo, hi = p.reach[k]
        if None in moved or moved[k] + (n or 1) >= hi:  # type: ignore[operator]
            return None
        x, f = self.read(p, list(zip(moved, [m for _, m in spans], strict=True)), {k: delta})  # type: ignore[arg-type]
        return x, f, None

    def around(self, core: Expr, fc: Fact, shape: tuple[int, ...], cap: Fact | None) -> tuple[Expr, Fact]:
        """The core alone, or combined with a random value of the window's shape; within
        `cap` (a loop's invariant, a tile variable's) where there is one."""
        d = fc.dtype
        if d in UNSIGNED or self.ch.coin(0.2):
            return core, fc
        mag, err = INF, ERR_CAP / 4
        if d == "bool":
            ops: tuple[str, ...] = ("&", "|", "^", "where")
        elif d in SIGNED:
            ops = ("+", "-", "*", "min", "max", "&", "|", "^", "where")
        elif cap is not None and cap.mag != INF:
            ops, mag, err = ("min", "max", "where"), cap.mag, cap.err
        else:
            ops = ("+", "-", "*", "min", "max", "where")
            if fc.mag == INF or cap is not None:
                err = 0.0 if cap is None else cap.err
        op = self.ch.choice(ops)
        lit = (d == "f32" or d in SIGNED) and op != "where" and self.ch.coin(0.3)
        want = Want(d, shape, UNIFORM, mag=mag, err=err, tiles=True, lit=lit)
        made: Made = None
        if len(shape) == 2 and op in ("+", "-", "max") and self.ch.coin(0.3):
            mark = self.mark()  # a product beside the read, as in `Z[:, :] = dot(X, Y) + Z[0 :+ 1, :]`
            made = self.dot(want)
            if made is None or not accepts(want, made[1]):
                made = None
                self.restore(mark)
        rest, fr = made or self.expr(want)
        if op == "where":
            c, fcond = self.condition(want.with_(lit=False))
            a, b = ((core, fc), (rest, fr)) if self.ch.coin(0.5) else ((rest, fr), (core, fc))
            return Call("where", (c, a[0], b[0])), arith.select(fcond, a[1], b[1], d)
        (x, fx), (y, fy) = ((core, fc), (rest, fr)) if self.ch.coin(0.6) else ((rest, fr), (core, fc))
        f = arith.joined(fx, fy, "bool") if d == "bool" else self.combine(op, fx, fy, promote(d, d))
        e: Expr = Call(op, (x, y)) if op in ("min", "max") else Binary(op, x, y)
        return e, f
