"""Statement patterns whose validity spans several statements: a loop that accumulates,
a GEMM loop, per-thread writes into a tile and atomics on a tile (each closed by a
barrier before anyone reads), atomics on tensors, and statement fns.

Writes that several threads or CTAs make to one place are kept order-independent: a
thread writes only elements no other thread writes in the same phase, and atomics
combine with an associative and commutative operation (integer add, and, or, xor, min,
max; float min and max; float add only with a tolerance for its order).
"""

from __future__ import annotations

from dataclasses import dataclass

from .env import Binding, Loop, Want
from .facts import (
    FLOATS,
    INF,
    UNIFORM,
    UNIT,
    VARYING,
    Fact,
    box_broadcast,
    box_meet,
    full,
    int_fact,
    is_float,
    is_int,
)
from .model import (
    Assign,
    Binary,
    Call,
    Ctx,
    Expr,
    ExprStmt,
    For,
    If,
    Index,
    Lit,
    Name,
    Span,
    Stmt,
    StmtFn,
    Sub,
    Ty,
    Var,
)
from .placed import PlacedGen
from .products import ProductGen
from .stmts import ERR_CAP, MAX_TRIPS
from .walk import names_declared, names_used

INT_ATOMICS = ("atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or", "atomic_xor")
FLOAT_ATOMICS = ("atomic_max", "atomic_min")


@dataclass(frozen=True)
class Gemm:
    """The tensors of one GEMM loop: A [M, K] · B [K, NB] into the tile output Y, or
    A · transpose(B) where B is [NB, K] (the weight of `nn.Linear`). With `batch`, A
    is [batch, M, K] and a matrix of it is read (`A[z, ...]`), and so is B's where
    `b_batched`."""

    a: str
    b: str
    out: str
    tm: int
    tn: int
    tk: int
    acc: str  # f32 or i32
    b_transposed: bool = False
    batch: int = 0
    b_batched: bool = False
    tf32: bool = False  # f32 operands of a dot<precision tf32>


class KernelGen(ProductGen, PlacedGen):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.gemms: list[Gemm] = []
        self.atomic_terms: dict[str, tuple[int, float, float]] = {}  # float atomic_add: terms, magnitude, error
        # One op per tensor: CTAs act in no defined order, and two different ops on one
        # element (an or after a min, an add after an xor) do not commute.
        self.atomic_ops: dict[str, str] = {}
        self.stmt_fns = 0

    def stmt_forms(self) -> list:
        forms = super().stmt_forms()
        if self.env.tiles_ok:
            forms += [(self.accumulate, 3)]
            if self.gemms:
                forms.append((self.gemm, 4))
            if self.plan is not None and self.plan.made < 2 and not self.env.in_fn:
                forms.append((self.product_stmt, 2))
            if not self.easy:
                forms += [(self.scatter, 2), (self.tile_atomics, 2), (self.barrier, 1)]
        if not self.easy:
            if self.env.tensors_with("atomic"):
                forms.append((self.tensor_atomic, 3))
            if self.stmt_fns < 3 and self.nest < 3 and not self.env.in_fn:
                forms.append((self.stmt_fn, 2))
        return forms

    # ------------------------------------------------------------ loops that accumulate

    def accumulate(self) -> list[Stmt]:
        d = self.ch.choice([t for t in self.palette if t in FLOATS or t in ("i32", "i64")] or ["f32"])
        shape = self.tile_shape() if self.ch.coin(0.7) else ()
        k = self.ch.choice((1, 2, 4, 8))
        n = self.find("N")
        if n is not None and self.ch.coin(0.3):
            hi: Expr = Name("N")
            top = n.fact.iv[1] if n.fact.iv else 64
            k = max(k, (top + 7) // 8)
        else:
            top = self.ch.integer(1, 6) * k
            hi = Lit(str(top))
        trips = (top + k - 1) // k
        if self.trips * trips > MAX_TRIPS:
            return []
        var = self.env.fresh("j")
        acc = self.env.fresh("acc")
        self.env.loops.append(Loop(UNIFORM))
        saved, self.trips = self.trips, self.trips * trips
        self.env.push()
        self.nest += 1
        try:
            self.env.bind(Binding(var, int_fact("i64", (0, max(0, top - 1))), "loop", locked=True))
            want = Want(d, shape, UNIFORM, mag=8.0, err=1e-4, tiles=True)
            e, f = self.expr(want if shape else want.with_(tiles=True))
            if f.level != UNIFORM and not shape:
                return []
            mag = trips * f.mag
            err = 0.0 if f.exact or not is_float(d) else trips * (f.err + 2 * mag * UNIT[d])
            sure = box_broadcast(f.sure, f.shape, shape) if f.shape else full(shape)
            inv = Fact(d, shape, mag=mag if is_float(d) else INF, err=err, sure=box_meet(sure, full(shape)))
            self.env.scopes[-2][acc] = Binding(acc, inv, "var", locked=True)
            rest = self.block(self.ch.integer(0, 2))
        finally:
            self.nest -= 1
            self.env.pop()
            self.trips = saved
            self.env.loops.pop()
        self.env.notes.add("accumulate")
        init: Expr = Lit("0") if is_int(d) else Lit("0.0")
        loop = For(var, Lit("0"), hi, Lit(str(k)), None, (Assign(Name(acc), "+=", e), *rest))
        return [Var(acc, Ty(d, shape), init), loop, *self.block(1)]

    def gemm(self) -> list[Stmt]:
        g = self.ch.choice(self.gemms)
        acc, var = self.env.fresh("acc"), self.env.fresh("kk")
        a = self.env.tensors[g.a]
        top = self.env.geo.dims[str(a.dims[-1])][1]
        trips = (top + g.tk - 1) // g.tk
        rows = Binary("*", Name("b"), Lit(str(g.tm)))
        a_at: tuple[Index, ...] = ()
        b_at: tuple[Index, ...] = ()
        if g.batch:  # which matrix: a literal, or one that differs from CTA to CTA
            z = Lit(str(self.ch.integer(0, g.batch - 1))) if self.ch.coin(0.5) else Binary(
                "%", Name("b"), Lit(str(g.batch)))
            a_at = (Index(z),)
            b_at = a_at if g.b_batched else ()
        la = Sub(g.a, (*a_at, Span(rows, g.tm), Span(Name(var), g.tk)))
        if g.b_transposed:
            lb = Sub(g.b, (*b_at, Span(Lit("0"), g.tn), Span(Name(var), g.tk)))
        else:
            lb = Sub(g.b, (*b_at, Span(Name(var), g.tk), Span(Lit("0"), g.tn)))

        def right(x: Expr) -> Expr:
            return Call("transpose", (x,)) if g.b_transposed else x

        angle = (("precision", "tf32"),) if g.tf32 else ()

        body: list[Stmt]
        if self.ch.coin(0.5):
            xa, xb = self.env.fresh("ga"), self.env.fresh("gb")
            body = [Var(xa, None, la), Var(xb, None, lb),
                    Assign(Name(acc), "+=", Call("dot", (Name(xa), right(Name(xb))), angle))]
        else:
            body = [Assign(Name(acc), "+=", Call("dot", (la, right(lb)), angle))]
        mag = 4.0 * top
        err = 2 * top * mag * UNIT["f32"] if g.acc == "f32" else 0.0
        m_lo = self.env.geo.dims[str(a.dims[-2])][0]
        rows_sure = (0, max(0, min(g.tm, m_lo - (self.env.geo.grid - 1) * g.tm)))  # the last CTA's may lie past M
        fact = Fact(g.acc, (g.tm, g.tn), mag=mag if g.acc == "f32" else INF, err=err, sure=(rows_sure, (0, g.tn)))
        self.env.bind(Binding(acc, fact, "var", locked=True))
        self.env.tolerance[g.out] = max(self.env.tolerance.get(g.out, 0.0), err)
        self.env.notes.add(f"gemm:{'tf32' if g.tf32 else a.dtype}" + (":transposed" if g.b_transposed else "")
                           + (":batched" if g.batch else ""))
        init = Lit("0.0") if g.acc == "f32" else Lit("0")
        store = Assign(
            Sub(g.out, (Span(Binary("*", Name("b"), Lit(str(g.tm))), g.tm), Span(Lit("0"), g.tn))), "=", Name(acc)
        )
        assert trips >= 1
        return [
            Var(acc, Ty(g.acc, (g.tm, g.tn)), init),
            For(var, Lit("0"), Name(str(a.dims[-1])), Lit(str(g.tk)), None, tuple(body)),
            store,
        ]

    # ------------------------------------------------------------ per-thread writes into tiles

    def varying(self, make):  # noqa: ANN001, ANN201 - a thunk generated under varying flow
        saved = self.env.flow
        self.env.flow = VARYING
        try:
            return make()
        finally:
            self.env.flow = saved

    def scatter(self) -> list[Stmt]:
        """A tile filled, then written one element per thread (no two threads one
        element), then a barrier before any thread reads it."""
        d = self.ch.choice([t for t in self.palette if t != "bool"] or ["f32"])
        shape = self.tile_shape()
        t = self.env.geo.threads
        e, f = self.varying(lambda: self.value(d, lit=is_int(d) or d == "f32"))
        init, fi = self.value(d, level=UNIFORM, lit=is_int(d) or d == "f32", tiles=False)
        if max(f.err, fi.err) > ERR_CAP:
            return []
        name = self.env.fresh("s")
        if len(shape) == 1:
            off = self.ch.choice((0, 0, 2))
            index: tuple = (Index(Binary("-", Ctx("thread"), Lit(str(off))) if off else Ctx("thread")),)
            guard = Binary("<", Ctx("thread"), Lit(str(min(t, shape[0] + off))))
        else:
            rows, cols = shape
            index = (
                Index(Binary("idiv", Ctx("thread"), Lit(str(cols)))),
                Index(Binary("%", Ctx("thread"), Lit(str(cols)))),
            )
            guard = Binary("<", Ctx("thread"), Lit(str(min(t, rows * cols))))
        mag = INF if f.exact and fi.exact else max(f.mag, fi.mag)
        inv = Fact(d, shape, mag=mag, err=max(f.err, fi.err), sure=full(shape))
        self.env.bind(Binding(name, inv, "var"))
        self.env.notes.add("scatter")
        write = Assign(Sub(name, index), "=", e)
        return [Var(name, Ty(d, shape), init), If(guard, (write,)), ExprStmt(Call("barrier", ()))]

    def tile_atomics(self) -> list[Stmt]:
        d = self.ch.choice([t for t in ("i32", "i64", "u32", "f32", "f64") if t in self.palette] or ["i32"])
        n = self.ch.choice((4, 8, 16))
        op = self.ch.choice(FLOAT_ATOMICS if is_float(d) else INT_ATOMICS)
        src = d if d != "u32" else self.ch.choice(("i32", "i64"))
        v, fv = self.varying(lambda: self.value(src, err=0.0, lit=src == d and (src == "f32" or is_int(src))))
        idx, fi = self.varying(lambda: self.bounded(VARYING, -1, n))
        cond, fc = self.varying(lambda: self.cond(VARYING))
        name = self.env.fresh("h")
        init = Lit("0") if is_int(d) else Lit("0.0")
        inv = Fact(d, (n,), mag=INF, sure=full((n,)))
        self.env.bind(Binding(name, inv, "var"))
        self.env.notes.add(f"atomic_tile:{op}")
        act = ExprStmt(Call(op, (Sub(name, (Index(idx),)), v)))
        body: tuple[Stmt, ...] = (If(cond, (act,)),) if self.ch.coin(0.6) else (act,)
        return [Var(name, Ty(d, (n,)), init), *body, ExprStmt(Call("barrier", ()))]

    def barrier(self) -> list[Stmt]:
        self.env.notes.add("barrier")
        return [ExprStmt(Call("barrier", ()))]

    # ------------------------------------------------------------ atomics on tensors

    def tensor_atomic(self) -> list[Stmt]:
        t = self.ch.choice(self.env.tensors_with("atomic"))
        d = t.dtype
        ops = FLOAT_ATOMICS + ("atomic_add",) if is_float(d) else INT_ATOMICS
        op = self.atomic_ops.setdefault(t.name, self.ch.choice(ops))
        src = d if d != "u32" else self.ch.choice(("i32", "i64"))
        items = []
        for dim in t.dims:
            assert isinstance(dim, int)
            e, _ = self.bounded(VARYING, -1, dim)
            items.append(Index(e))
        inexact = op == "atomic_add" and is_float(d)
        v, fv = self.value(
            src,
            err=0.0 if not inexact else 1e-5,
            mag=16.0 if inexact else INF,
            lit=src == d and (src == "f32" or is_int(src)),
        )
        if inexact:
            count = self.env.geo.grid * self.env.geo.threads * self.trips
            terms, mag, err = self.atomic_terms.get(t.name, (0, 0.0, 0.0))
            self.atomic_terms[t.name] = (terms + count, max(mag, fv.mag), max(err, fv.err))
        self.env.notes.add(f"atomic:{op}:{d}")
        return [ExprStmt(Call(op, (Sub(t.name, tuple(items)), v)))]

    # ------------------------------------------------------------ statement fns

    def stmt_fn(self) -> list[Stmt]:
        places = self.assignable(tile=False) + self.assignable(tile=True)
        chosen = []
        for _ in range(self.ch.integer(0, 2)):
            if places:
                b = self.ch.choice(places)
                if b not in chosen:
                    chosen.append(b)
        # A value argument is substituted where the body uses it, maybe under flow of
        # the body's own, so it holds no collective and no tile.
        values = [self.varying(lambda: self.value(self.dtype(), tiles=False)) for _ in range(self.ch.integer(0, 2))]
        self.stmt_fns += 1
        name = self.env.fresh("sf")
        params = [f"q{k}" for k in range(len(chosen) + len(values))]
        saved = (self.env.loops, self.env.in_fn)
        self.env.loops, self.env.in_fn = [], True
        self.env.push()
        self.nest += 1
        try:
            for p, b in zip(params, chosen, strict=False):
                self.env.bind(Binding(p, b.fact, "var"))
            for p, (_, f) in zip(params[len(chosen) :], values, strict=True):
                self.env.bind(Binding(p, f.with_(level=max(f.level, self.env.level), const=True), "let"))
            body = self.block(self.ch.integer(1, 3)) or self.fallback()
        finally:
            self.nest -= 1
            self.env.pop()
            self.env.loops, self.env.in_fn = saved
        uses = tuple(sorted(names_used(body) - set(params) - names_declared(body)))
        self.fns.append(StmtFn(name, tuple(params), tuple(body), uses))
        args = tuple([Name(b.name) for b in chosen] + [e for e, _ in values])
        call = ExprStmt(Call(name, args, user=True))
        self.env.notes.add("fn_stmt")
        calls = [call, call] if self.ch.coin(0.25) else [call]
        return calls
