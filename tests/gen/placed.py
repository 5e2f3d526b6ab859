"""A loop whose product reads a window placed by an element of an inout tensor that the
same loop stores (overlap.SHAPES' "placed"): turn t's window starts at S[r, c + t],
which a turn stores before the turn that reads it, so the element must be read in its
own turn, after that store.

    var acc: tile<f32>[R, n] = 0.0
    for t in range(0, T) {
      acc += dot(A[b * R :+ R, i64(S[r, c + t]) & 7 :+ k], B[t * k :+ k, 0 :+ n])
      S[r :+ 1, c + t + 1 :+ 1] = S[r :+ 1, c + t :+ 1] + 5
    }
    Y[b * R :+ R, 0 :+ n] = acc

The CUDA back end copies a loop's window operands a turn ahead where nothing the loop
stores places them (lower/stage_ring.py); it once copied this window ahead from the
element's old value, and then the other operand's window, masked by the k this one
holds, ahead too (`k_ahead`; tests/test_cuda_host.py's stale-IDX test). Here the
element places either operand's k, both, or a row or column of one. A k start it places
may add the turn, the turn's k, or the dim's end less k (`(K - k) + (i64(S[r, c + t]) &
7)`: the window crosses the end by what the element says, so the k both operands hold
moves with it); the other starts follow the loop (`t`, `t * k`, or `kk` of a loop
stepping by k) or are the generator's own, and k is mostly one both tensors hold. The
store comes after the product (of the next turn's element) or before it (of this
turn's): the element moved on by a step, or a value drawn, reading S or not.

The element is read as `i64(S[r, c]) & mask`, so a window starts in [0, mask] plus what
the rest adds, whatever S holds, and each start's interval gives the positions certain
present as for any window. A float S converts by the spec's rule (truncated, saturated,
NaN to 0), so only one whose invariant is exact takes this shape: every back end then
converts the same value. S's rows are the CTA's own (overlap.py's rule), its contents
held to the invariant as a store in any loop; the accumulator is stored to a tile
output in the CTA's rows, so a turn's wrong window shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import arith
from .env import Binding, Loop
from .facts import INF, SIGNED, UNIFORM, UNIT, UNSIGNED, Fact, accumulator, full, int_fact, is_float, promote
from .model import (
    Assign,
    Binary,
    Call,
    Expr,
    For,
    Index,
    Item,
    Lit,
    Name,
    Range,
    Span,
    Stmt,
    Sub,
    TensorParam,
    Ty,
    Var,
)
from .overlap import OverlapGen, Owned, Place, union
from .stmts import ERR_CAP, MAX_TRIPS, literal, same_kind

# The operands' dtype, each with its weight: those tensor cores take, most.
DTYPES = (("f16", 3), ("bf16", 3), ("i8", 3), ("f32", 2), ("f64", 1), ("i32", 1), ("i64", 1))
# Where the element places a window, each with its weight: A's k, B's k (of B, or of a
# transposed W), both, A's rows, B's columns.
WHERE = (("a_k", 4), ("b_k", 3), ("both_k", 3), ("a_m", 1), ("b_n", 1))
Start = tuple[Expr, tuple[int, int]]  # a window start and the interval of its values
Placed = tuple[Item, tuple[int, int]]  # a window item and the positions certain present along it


@dataclass(frozen=True)
class Turn:
    """A turn's product and its store of S, in the order `after` says."""

    dot: Expr
    fact: Fact  # the product's
    store: Stmt
    stored: Fact  # one stored element's
    after: bool  # the store after the product (of the next turn's element), else before (of this turn's)
    where: str


class PlacedGen(OverlapGen):
    def placed(self, o: Owned) -> list[Stmt]:
        """The loop, its accumulator declared before it and stored after it."""
        if not self.within(o.now, o.inv):
            return []  # a read in the loop may see what was stored before it
        p = self.tensor_place(o, o.inv)
        if len(p.extents) != 2:
            return []
        pick = self.operands()
        trips = self.ch.integer(2, 4)
        if pick is None or self.trips * trips > MAX_TRIPS:
            return []
        d, (ta, tb), out = pick
        m, cols = self.env.blocks[out.name], out.dims[1]
        assert isinstance(cols, int)
        n = self.ch.choice([x for x in (cols, cols, 4, 8, 16) if x <= cols])
        transposed = self.ch.coin(0.3)  # B as transpose(W[n, k])
        k_dims = (ta.dims[1], tb.dims[1] if transposed else tb.dims[0])
        short = [x for x in (4, 8, 16, 32) if x <= min(self.extent(dim)[0] for dim in k_dims)]
        # mostly a k both tensors hold, so that where a window's k crosses its end the other's are there
        k = self.ch.choice(short) if short and self.ch.coin(0.7) else self.ch.choice((4, 8, 16, 16, 32))
        by_k = self.ch.coin(0.5)  # `for kk in range(0, T * k, k)`, turn kk / k; else `for t in range(0, T)`
        var = self.env.fresh("kk" if by_k else "t")
        step = k if by_k else 1
        turn: Expr = Binary("idiv", Name(var), Lit(str(k))) if by_k else Name(var)
        moved: Start = (Name(var) if by_k else Binary("*", Name(var), Lit(str(k))), (0, (trips - 1) * k))
        self.env.loops.append(Loop(UNIFORM))
        saved, self.trips = self.trips, self.trips * trips
        self.env.push()
        try:
            self.env.bind(Binding(var, int_fact("i64", (0, (trips - 1) * step)), "loop", locked=True))
            made = self.turn(o, p, (ta, tb, transposed), (m, n, k), turn, moved, trips)
        finally:
            self.env.pop()
            self.trips = saved
            self.env.loops.pop()
        if made is None:
            return []
        fa = summed(made.fact, trips)
        f = fa if out.dtype == fa.dtype else arith.convert(fa, out.dtype)
        if f.err > ERR_CAP or (out.dtype == "f16" and f.err and f.mag > 3e4):
            return []
        acc = self.env.fresh("acc")
        o.now = union(o.now, made.stored.with_(level=UNIFORM))
        self.note_store(o.name, made.stored)
        self.note_store(out.name, f)
        self.env.bind(Binding(acc, fa, "var", locked=True))
        self.env.notes |= {"tile_statement", "self_store", "self:placed", f"placed:{made.where}", f"dot:{d}x{d}"}
        form = self.ch.integer(0, 2)
        if form == 0:
            update = Assign(Name(acc), "+=", made.dot)
        else:
            pair = (Name(acc), made.dot) if form == 1 else (made.dot, Name(acc))
            update = Assign(Name(acc), "=", Binary("+", *pair))
        body = (update, made.store) if made.after else (made.store, update)
        loop = For(var, Lit("0"), Lit(str(trips * step)), Lit(str(step)) if by_k else None, None, body)
        init = Lit("0.0") if is_float(fa.dtype) else Lit("0")
        value: Expr = Name(acc) if out.dtype == fa.dtype else Call(out.dtype, (Name(acc),))
        rows = Span(Binary("*", Name("b"), Lit(str(m))), m)
        col: Item = Range(None, None) if n == cols and self.ch.coin(0.4) else Span(
            literal(self.ch.integer(-2, cols - n + 2)), n)
        return [Var(acc, Ty(fa.dtype, (m, n)), init), loop, Assign(Sub(out.name, (rows, col)), "=", value)]

    def operands(self) -> tuple[str, tuple[TensorParam, TensorParam], TensorParam] | None:
        """The operands' dtype, the 2-d input tensors they are windows of, and a tile
        output (rows a CTA's) of the accumulator's kind."""
        outs = [t for t in self.env.tensors_with("output")
                if len(t.dims) == 2 and isinstance(t.dims[1], int) and 0 < self.env.blocks.get(t.name, 0) <= 64]
        options = []
        for d, w in DTYPES:
            inputs = [t for t in self.env.tensors_with("input") if t.dtype == d and len(t.dims) == 2]
            kin = [t for t in outs if same_kind(accumulator(d), t.dtype)]
            if inputs and kin:
                options.append(((d, inputs, kin), w))
        if not options:
            return None
        d, inputs, kin = self.ch.weighted(options)
        return d, (self.ch.choice(inputs), self.ch.choice(inputs)), self.ch.choice(kin)

    # ------------------------------------------------------------ one turn

    def turn(self, o: Owned, p: Place, tensors: tuple[TensorParam, TensorParam, bool], mnk: tuple[int, int, int],
             turn: Expr, moved: Start, trips: int) -> Turn | None:
        """The product, its windows placed as WHERE says, and the store of S."""
        ta, tb, transposed = tensors
        m, n, k = mnk
        r = self.ch.integer(0, o.block - 1)  # a row of the CTA's own, which it both reads and stores
        cols = p.extents[1]
        c = self.ch.integer(-1, max(-1, cols - trips - 1)) if self.ch.coin(0.9) else self.ch.integer(-2, cols + 1)
        mask = self.ch.choice((1, 3, 7, 7, 15))
        element = Sub(o.name, (Index(self.position(p, 0, r)), Index(self.position(p, 1, c, turn))))
        placed: Start = (Binary("&", Call("i64", (element,)), Lit(str(mask))), (0, mask))
        where = self.ch.weighted(WHERE)

        loop = {"turn": (turn, (0, trips - 1)), "k": moved}  # the turn (t, or kk / k), its k (t * k, or kk)

        def k_item(dim: int | str, reads: bool) -> Placed:
            """A k start: the element, maybe added to the loop's part or to the dim's end
            less k (`(K - k) + (i64(S[r, c + t]) & mask)`: the window crosses the end by
            what the element says, so the k both operands hold does too); else the
            loop's part, or one of the generator's starts."""
            if reads:
                part = self.ch.weighted((("", 3), ("turn", 1), ("k", 1), ("end", 3)))
                if not part:
                    return self.start_item(dim, k, placed)
                lo_d, hi_d = self.extent(dim)
                named = isinstance(dim, str) and self.find(dim) is not None
                end: Expr = Binary("-", Name(str(dim)), Lit(str(k))) if named else literal(lo_d - k)
                (e, (lo, hi)) = (end, (lo_d - k, (hi_d if named else lo_d) - k)) if part == "end" else loop[part]
                return self.start_item(dim, k, (Binary("+", e, placed[0]), (lo, hi + mask)))
            part = self.ch.weighted((("turn", 2), ("k", 2), ("", 1)))
            if part:
                return self.start_item(dim, k, loop[part])
            e, f, _ = self.start(dim, k)
            return self.start_item(dim, k, (e, f.iv if f.iv is not None else (-(2**40), 2**40)))

        def other(dim: int | str, length: int, reads: bool) -> Placed:
            return self.start_item(dim, length, placed) if reads else self.span_item(dim, length)

        a_items = [other(ta.dims[0], m, where == "a_m"), k_item(ta.dims[1], where in ("a_k", "both_k"))]
        b_k = k_item(tb.dims[1] if transposed else tb.dims[0], where in ("b_k", "both_k"))
        b_n = other(tb.dims[0] if transposed else tb.dims[1], n, where == "b_n")
        a, fa = self.window_at(ta, a_items, (m, k))
        b, fb = self.window_at(tb, [b_n, b_k] if transposed else [b_k, b_n], (n, k) if transposed else (k, n))
        if transposed:
            b, fb = Call("transpose", (b,)), arith.transpose(fb)
        fd = arith.dot(fa, fb)
        if is_float(fd.dtype) and (fd.mag == INF or trips * fd.err > ERR_CAP):
            return None
        after = self.ch.coin(0.6)
        store = self.store(o, p, (r, c), c + 1 if after else c, turn)
        if store is None:
            return None
        return Turn(Call("dot", (a, b)), fd, store[0], store[1], after, where)

    def start_item(self, dim: int | str, n: int, start: Start) -> Placed:
        """`start :+ n` along `dim`, and the positions certain present (none where the
        start may lie past the dim's smallest extent)."""
        e, (lo, hi) = start
        sure = (max(0, -lo), min(n, self.extent(dim)[0] - hi))
        return Span(e, n), sure if sure[0] < sure[1] else (0, 0)

    def window_at(self, t: TensorParam, items: list[Placed], shape: tuple[int, int]) -> tuple[Expr, Fact]:
        box = tuple(s for _, s in items)
        if box != full(shape):
            self.env.notes.add("edge_window")
        return Sub(t.name, tuple(i for i, _ in items)), self.tensor_fact(t, shape).with_(sure=box)

    def store(self, o: Owned, p: Place, read: tuple[int, int], c: int, turn: Expr) -> tuple[Stmt, Fact] | None:
        """`S[r :+ 1, c + t :+ 1] = v`: the element this turn's window reads moved on by
        a step (odd, so the window moves), or a value the generator draws, reading S or
        not; kept to S's invariant."""
        d = p.fact.dtype
        r, c_read = read
        spans = [(r, 1), (c, 1)]
        target = Sub(o.name, self.items(p, spans, {1: turn}))
        how = self.ch.weighted((("step", 3), ("reading", 1), ("any", 1)))
        if how == "step":
            lit = self.ch.choice((1, 3, 5, 17))
            here: Expr = Sub(o.name, self.items(p, [(r, 1), (c_read, 1)], {1: turn}))
            fh = p.fact.with_(shape=(1, 1), sure=((0, 0), (0, 0)))
            if d in UNSIGNED:  # storage only: `u32(i64(S[...]) + 5)`
                here, fh = Call("i64", (here,)), arith.convert(fh, "i64")
            if is_float(d):  # `S[...] + 5.0`, the literal typed beside a 16-bit or f64 element
                step: Expr = Lit(f"{lit}.0") if d == "f32" else Call(d, (Lit(f"{lit}.0"),))
                f = self.combine("+", fh, Fact(d, mag=float(lit)), d)
            else:
                step = Lit(str(lit))
                f = self.combine("+", fh, int_fact(fh.dtype, (lit, lit)), promote(fh.dtype, fh.dtype))
            e: Expr = Binary("+", here, step)
            if d in UNSIGNED:
                e = Call(d, (e,))
        elif how == "reading":
            made = self.value_reading(p, spans, self.ch.choice(("inplace", "shift", "element", "row")), o.inv)
            if made is None or made[2] is not None:
                return None
            e, f, _ = made
        else:
            e, f = self.tile_value(d, (1, 1), mag=o.inv.mag, err=o.inv.err, lit=d in SIGNED or d == "f32")
        f = arith.convert(f, d) if f.dtype != d else f
        f = f.with_(shape=(), sure=())
        if not self.within(f, o.inv):
            return None
        return Assign(target, "=", e), f


def summed(fd: Fact, trips: int) -> Fact:
    """The accumulator after `trips` products of fact `fd` are added to it, from 0."""
    if not is_float(fd.dtype):
        return fd.with_(mag=INF, iv=None)
    mag = trips * fd.mag
    return fd.with_(mag=mag, err=trips * fd.err + 2 * trips * mag * UNIT[fd.dtype])
