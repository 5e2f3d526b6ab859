"""Statements: declarations, assignments, stores, and control flow under the spec's
uniformity rules.

The flow level is tracked as the spec's "Uniform, warp-uniform and varying" section
says: a branch or loop raises it to its condition's or bounds' level, a jump taken
under flow L makes its whole loop body L, and a `return` under L makes the rest of the
kernel L. Tile statements are generated only under uniform flow, and a loop whose body
may hold a jump is given the jump's level before its body is generated.
"""

from __future__ import annotations

from . import arith
from .env import Binding, Env, Loop, Want
from .exprs import ExprGen
from .facts import (
    INF,
    UNIFORM,
    VARYING,
    WARP,
    Fact,
    box_broadcast,
    box_contains,
    fits,
    full,
    int_fact,
    is_float,
    is_int,
    promote,
)
from .model import (
    Assign,
    Binary,
    Ctx,
    Expr,
    For,
    If,
    Index,
    Jump,
    Let,
    Lit,
    Name,
    Range,
    Span,
    Stmt,
    Sub,
    Ty,
    Unary,
    Var,
    While,
)

ERR_CAP = 0.05  # the largest back-end disagreement a stored value may carry
MAX_TRIPS = 64  # the most turns the loops around any statement may run, together
MAX_NEST = 3
COMPOUND = {"f": ("+=", "-=", "*="), "i": ("+=", "-=", "*=", "idiv=", "%=", "&=", "|=", "^=", "<<=", ">>=")}


# The statements a form makes, as the coverage counts them.
KINDS = {
    **dict.fromkeys(("tile_decl", "tile_assign", "tile_store", "tile_patch", "accumulate", "gemm"), "tile_statement"),
    **dict.fromkeys(("scalar_decl", "scalar_assign", "thread_store"), "scalar_statement"),
}


def same_kind(a: str, b: str) -> bool:
    """Whether `a` converts implicitly to `b` (a store, an assignment)."""
    if a == "bool" or b == "bool":
        return a == b
    return is_float(a) == is_float(b)


class StmtGen(ExprGen):
    def __init__(self, env: Env, easy: bool) -> None:
        super().__init__(env, easy)
        self.nest = 0
        self.trips = 1  # how many turns the enclosing loops run, at most
        self.palette: list[str] = ["f32"]

    # ------------------------------------------------------------ blocks

    def block(self, count: int) -> list[Stmt]:
        out: list[Stmt] = []
        for _ in range(count):
            out += self.stmt()
            if out and isinstance(out[-1], Jump):
                break
        return out

    def stmt(self) -> list[Stmt]:
        forms = self.stmt_forms()
        for _ in range(4):
            form = self.ch.weighted(forms)
            mark = self.mark()
            made = form()
            if made:
                kind = KINDS.get(form.__name__)
                if kind:
                    self.env.notes.add(kind)
                return made
            self.restore(mark)
        return self.scalar_decl() or []

    def stmt_forms(self) -> list:
        tiles = self.env.tiles_ok
        deep = self.nest < MAX_NEST
        forms = [(self.scalar_decl, 5), (self.scalar_assign, 4), (self.thread_store, 6)]
        if tiles:
            forms += [(self.tile_decl, 6), (self.tile_assign, 3), (self.tile_store, 7), (self.tile_patch, 2)]
        if deep:
            forms += [(self.if_stmt, 4), (self.for_stmt, 4)]
            if not self.easy:
                forms.append((self.while_stmt, 3))
        if not self.easy and self.env.loops:
            forms += [(self.jump, 1), (self.guarded_jump, 4)]
        if not self.easy and not self.env.in_fn:
            forms.append((self.ret, 2))
        return forms

    def nested(self, flow: int, count: int) -> list[Stmt]:
        """A block run under flow `flow`, in a scope of its own."""
        saved = self.env.flow
        self.env.flow = max(saved, flow)
        self.env.push()
        self.nest += 1
        try:
            body = self.block(count)
            return body or self.fallback()
        finally:
            self.nest -= 1
            self.env.pop()
            self.env.flow = saved

    def fallback(self) -> list[Stmt]:
        return self.scalar_decl(force=True) or []

    def value(self, dtype: str, **more: object) -> tuple[Expr, Fact]:
        """A value for a statement: anything at the current flow."""
        want = Want(dtype, level=VARYING, mag=INF, err=ERR_CAP, tiles=self.env.tiles_ok)
        return self.expr(want.with_(**more))

    def dtype(self) -> str:
        return self.ch.choice(self.palette)

    def note_store(self, tensor: str, f: Fact) -> None:
        self.env.tolerance[tensor] = max(self.env.tolerance.get(tensor, 0.0), f.err)

    # ------------------------------------------------------------ scalars

    def scalar_decl(self, force: bool = False) -> list[Stmt]:
        d = self.dtype()
        word = self.ch.choice(("let", "var"))
        typed = self.ch.coin(0.4)
        src = d
        if typed and self.ch.coin(0.3):
            src = self.ch.choice([t for t in self.palette if same_kind(t, d) and t not in ("u8", "u16", "u32")] or [d])
        e, f = self.value(src, lit=typed and src == d and (is_int(d) or d == "f32"))
        if typed and src != d:
            f = arith.convert(f, d)
            if not f.err <= ERR_CAP:
                return []
        name = self.env.fresh("x" if word == "let" else "v")
        level = max(f.level, self.env.level)
        ty = Ty(d) if typed else None
        if word == "let":
            self.env.bind(Binding(name, f.with_(level=level, const=f.const and is_int(d)), "let"))
            return [Let(name, ty, e)]
        if self.ch.coin(0.4):
            level = VARYING
        mag = f.mag if not f.exact or self.ch.coin(0.3) else INF
        inv = f.with_(level=level, mag=mag, const=False, iv=f.iv if self.ch.coin(0.3) else None)
        if is_int(d) and inv.iv is None:
            inv = inv.with_(mag=INF)
        self.env.bind(Binding(name, inv, "var"))
        return [Var(name, ty, e)]

    def assignable(self, tile: bool) -> list[Binding]:
        return [
            b
            for b in self.env.visible()
            if b.kind == "var" and not b.locked and b.fact.tile == tile and b.fact.level >= self.env.level
        ]

    def scalar_assign(self) -> list[Stmt]:
        targets = self.assignable(tile=False)
        if not targets:
            return []
        b = self.ch.choice(targets)
        inv = b.fact
        return self.assign_to(Name(b.name), inv, inv)

    def assign_to(self, target: Name | Sub, inv: Fact, current: Fact) -> list[Stmt]:
        """`target = e` or `target op= e`, the result kept within the invariant `inv`."""
        d = inv.dtype
        want = Want(
            d, inv.shape, level=inv.level, mag=inv.mag, err=min(inv.err, ERR_CAP), iv=inv.iv, tiles=self.env.tiles_ok
        )
        if inv.tile:
            want = want.with_(level=UNIFORM)
        kind = "f" if is_float(d) else "i" if is_int(d) and d not in ("u8", "u16", "u32") else None
        if kind and self.ch.coin(0.45) and inv.iv is None:
            op = self.ch.choice(COMPOUND[kind])
            base = op[:-1]
            e, f = self.expr(want.with_(lit=d == "f32" or kind == "i", iv=None))
            computed = promote(d, f.dtype) if f.dtype != d else ("i32" if d == "i8" else d)
            result = self.combine(base, current, f, computed)
            result = arith.convert(result, d) if result.dtype != d else result
            if not self.within(result, inv):
                return []
            return [Assign(target, op, e)]
        src = d
        if self.ch.coin(0.2):
            src = self.ch.choice([t for t in self.palette if same_kind(t, d) and t not in ("u8", "u16", "u32")] or [d])
        e, f = self.expr(want.with_(dtype=src, lit=src == d and (is_int(d) or d == "f32")))
        if src != d:
            f = arith.convert(f, d)
        if not self.within(f, inv):
            return []
        return [Assign(target, "=", e)]

    def within(self, f: Fact, inv: Fact) -> bool:
        """Whether a value assigned keeps a variable's invariant."""
        if f.level > inv.level or self.env.level > inv.level:
            return False
        if inv.tile:
            if not fits(f.shape, inv.shape):
                return False
            if f.shape and not box_contains(box_broadcast(f.sure, f.shape, inv.shape), inv.sure):
                return False
        if is_float(inv.dtype):
            return f.mag <= inv.mag and f.err <= inv.err
        if inv.iv is not None:
            return f.iv is not None and inv.iv[0] <= f.iv[0] and f.iv[1] <= inv.iv[1]
        return True

    def thread_store(self) -> list[Stmt]:
        outs = [t for t in self.env.tensors_with("output") if t.dims[-1] == "N"]
        g = self.find("g")
        if not outs or g is None:
            return []
        t = self.ch.choice(outs)
        src = self.ch.choice([d for d in self.palette if same_kind(d, t.dtype)] or [t.dtype])
        e, f = self.value(src, lit=src == t.dtype and (is_int(src) or src == "f32"))
        f = arith.convert(f, t.dtype) if f.dtype != t.dtype else f
        if f.err > ERR_CAP or (t.dtype == "f16" and f.err and f.mag > 3e4):
            return []
        items: list = [Index(Name("g"))]
        if len(t.dims) == 2:
            k = t.dims[0]
            assert isinstance(k, int)
            row = self.ch.integer(0, k) if self.ch.coin(0.1) else self.ch.integer(0, k - 1)
            items.insert(0, Index(literal(row)))
        self.note_store(t.name, f)
        return [Assign(Sub(t.name, tuple(items)), "=", e)]

    # ------------------------------------------------------------ tiles

    def tile_value(self, dtype: str, shape: tuple[int, ...], **more: object) -> tuple[Expr, Fact]:
        want = Want(dtype, shape, UNIFORM, mag=INF, err=ERR_CAP, tiles=True)
        return self.expr(want.with_(**more))

    def tile_decl(self) -> list[Stmt]:
        d = self.dtype()
        shape = self.tile_shape()
        pick = self.ch.integer(0, 4)
        if pick == 0:
            return self.view_decl(d, shape)
        if pick == 1:
            return self.uninit_decl(d, shape)
        typed = pick == 2
        src = d
        if typed and self.ch.coin(0.3):
            src = self.ch.choice([t for t in self.palette if same_kind(t, d)] or [d])
        e, f = self.tile_value(src, shape, lit=typed and src == d and (is_int(d) or d == "f32"))
        if typed:
            f = arith.convert(f, d) if src != d else f
            f = f.with_(shape=shape, sure=box_broadcast(f.sure, f.shape, shape) if f.shape else full(shape))
        elif not f.shape:
            return []
        if f.err > ERR_CAP:
            return []
        word = self.ch.choice(("let", "var")) if not typed else "var"
        name = self.env.fresh("t")
        ty = Ty(d, shape) if typed else None
        if word == "let":
            self.env.bind(Binding(name, f.with_(const=False), "let"))
            return [Let(name, ty, e)]
        mag = f.mag if not f.exact or self.ch.coin(0.5) else INF
        self.env.bind(Binding(name, f.with_(mag=mag, const=False, iv=None if is_int(d) else f.iv), "var"))
        if is_int(d):
            self.env.scopes[-1][name].fact = self.env.scopes[-1][name].fact.with_(mag=INF)
        return [Var(name, ty, e)]

    def view_decl(self, d: str, shape: tuple[int, ...]) -> list[Stmt]:
        inputs = [t for t in self.env.tensors_with("input") if t.dtype == d]
        if not inputs:
            return []
        t = self.ch.choice(inputs)
        g = self.find("g")
        if g is not None and len(t.dims) == 1 and t.dims[0] == "N" and self.ch.coin(0.4):
            n = shape[-1]
            start, sf = self.offset(Name("g"), g.fact, -self.ch.integer(0, 3))
            e: Expr = Sub(t.name, (Span(start, n),))
            f = self.tensor_fact(t, (n,)).with_(level=VARYING, sure=((0, 0),))
            self.env.notes.add("view_varying")
        else:
            plan = self.window_plan(len(t.dims), shape)
            if plan is None:
                return []
            e, f = self.window_of(t, plan)
        name = self.env.fresh("w")
        self.env.bind(Binding(name, f, "view"))
        self.env.notes.add("view")
        return [Let(name, None, e)]

    def uninit_decl(self, d: str, shape: tuple[int, ...]) -> list[Stmt]:
        """`var t: tile<T>[...]`, then filled whole at once (its elements are unspecified
        until written)."""
        fill, f = self.value(d, level=UNIFORM, lit=is_int(d) or d == "f32")
        if f.err > ERR_CAP:
            return []
        name = self.env.fresh("t")
        inv = Fact(d, shape, mag=INF if f.exact else f.mag, err=f.err, sure=full(shape))
        self.env.bind(Binding(name, inv, "var"))
        items = tuple(Range(None, None) for _ in shape)
        return [Var(name, Ty(d, shape), None), Assign(Sub(name, items), "=", fill)]

    def tile_assign(self) -> list[Stmt]:
        targets = self.assignable(tile=True)
        if not targets:
            return []
        b = self.ch.choice(targets)
        return self.assign_to(Name(b.name), b.fact, b.fact)

    def tile_patch(self) -> list[Stmt]:
        targets = [b for b in self.env.visible() if b.kind == "var" and b.fact.tile and not b.locked]
        if not targets:
            return []
        b = self.ch.choice(targets)
        inv = b.fact
        items, shape = [], []
        for n in inv.shape:
            if self.ch.coin(0.2):
                items.append(Index(literal(self.ch.integer(-1, n))))
                continue
            length = self.ch.choice([m for m in (1, 2, 4, 8, n) if m <= n])
            start = self.ch.integer(-1, n - length + 1)
            items.append(Span(literal(start), length))
            shape.append(length)
        if not shape:  # one span at least: a window store, which all threads make together
            n = inv.shape[-1]
            items[-1] = Span(literal(self.ch.integer(-1, n - 1)), 1)
            shape.append(1)
        e, f = self.tile_value(inv.dtype, tuple(shape), mag=inv.mag, err=inv.err)
        if not self.within(f.with_(shape=(), sure=()), inv.with_(shape=(), sure=())):
            return []
        return [Assign(Sub(b.name, tuple(items)), "=", e)]

    def tile_store(self) -> list[Stmt]:
        outs = [t for t in self.env.tensors_with("output") if t.dims[-1] != "N"]
        b = self.find("b")
        if not outs or b is None:
            return []
        t = self.ch.choice(outs)
        block = self.env.blocks[t.name]
        n = self.ch.choice([m for m in (block, block, 1, 2, 4) if m <= block])
        d0 = self.ch.integer(0, block - n)
        row: Expr = Binary("*", Name("b"), Lit(str(block)))
        if d0:
            row = Binary("+", row, Lit(str(d0)))
        items: list = [Span(row, n)]
        shape = [n]
        if len(t.dims) == 2:
            cols = t.dims[1]
            assert isinstance(cols, int)
            c = self.ch.choice([m for m in (cols, 4, 8, 16) if m <= cols] or [cols])
            if c == cols and self.ch.coin(0.4):
                items.append(Range(None, None))
            else:
                start = self.ch.integer(-2, cols - c + 2)
                items.append(Span(literal(start), c))
            shape.append(c)
        src = self.ch.choice([d for d in self.palette if same_kind(d, t.dtype)] or [t.dtype])
        e, f = self.tile_value(src, tuple(shape), lit=src == t.dtype and (is_int(src) or src == "f32"))
        f = arith.convert(f, t.dtype) if f.dtype != t.dtype else f
        if f.err > ERR_CAP or (t.dtype == "f16" and f.err and f.mag > 3e4):
            return []
        self.note_store(t.name, f)
        return [Assign(Sub(t.name, tuple(items)), "=", e)]

    # ------------------------------------------------------------ control flow

    def cond(self, level: int) -> tuple[Expr, Fact]:
        """A condition of at most `level`, often of just that level."""
        if level >= WARP and self.ch.coin(0.25):
            k = self.ch.integer(0, max(0, self.env.geo.threads // 32 - 1))
            op = self.ch.choice(("==", "<", "!="))
            return Binary(op, Ctx("warp"), Lit(str(k))), Fact("bool", level=WARP)
        if level == VARYING and self.ch.coin(0.1):
            op = self.ch.choice(("<", ">=", "=="))
            self.env.notes.add("ctx.lane")
            return Binary(op, Ctx("lane"), Lit(str(self.ch.integer(0, 31)))), Fact("bool", level=VARYING)
        if level == VARYING and self.ch.coin(0.3):
            g = self.find("g")
            n = self.find("N")
            if g is not None and n is not None:
                op = self.ch.choice(("<", ">=", "<"))
                return Binary(op, Name("g"), Name("N")), Fact("bool", level=VARYING)
        want = Want("bool", level=level, err=0.0, tiles=self.env.tiles_ok)
        return self.expr(want)

    def if_stmt(self) -> list[Stmt]:
        level = self.ch.weighted(((UNIFORM, 3), (VARYING, 4), (WARP, 1))) if not self.easy else UNIFORM
        return [self.if_chain(level, depth=0)]

    def if_chain(self, level: int, depth: int) -> If:
        c, fc = self.cond(level)
        flow = max(self.env.flow, fc.level)
        body = self.nested(flow, self.ch.integer(1, 3))
        shape = self.ch.integer(0, 2) if depth < 2 else self.ch.integer(0, 1)
        if shape == 0:
            return If(c, tuple(body))
        saved = self.env.flow
        self.env.flow = flow
        try:
            if shape == 2:
                self.env.notes.add("else_if")
                next_level = self.ch.choice((level, UNIFORM, VARYING)) if not self.easy else UNIFORM
                inner = self.if_chain(next_level, depth + 1)
                return If(c, tuple(body), (inner,), chained=True)
            orelse = self.nested(flow, self.ch.integer(1, 2))
        finally:
            self.env.flow = saved
        self.env.notes.add("else")
        return If(c, tuple(body), tuple(orelse))

    def bounded(self, level: int, lo: int, hi: int) -> tuple[Expr, Fact]:
        want = Want(self.ch.choice(("i64", "i32")), level=level, iv=(lo, hi))
        return self.expr(want)

    def for_stmt(self) -> list[Stmt]:
        target = UNIFORM if self.easy else self.ch.weighted(((UNIFORM, 3), (VARYING, 3), (WARP, 1)))
        return self.for_loop(target, self.ch.integer(1, 3))

    def for_loop(self, target: int, count: int) -> list[Stmt]:
        lo, flo = self.bounded(target, -3, 6) if self.ch.coin(0.6) else (Lit("0"), int_fact("i64", (0, 0)))
        step_expr: Expr | None = None
        unroll = self.ch.choice((None, None, 2, 3, 4, 1))
        step_lo = 1
        if self.ch.coin(0.4) or unroll is not None:
            k = self.ch.choice((1, 2, 3))
            step_expr, fstep = Lit(str(k)), int_fact("i64", (k, k))
            step_lo = k
        elif self.ch.coin(0.2) and not self.easy:
            step_expr, fstep = self.bounded(target, -1, 3)
            if fstep.const:  # a constant step must be positive: write one
                step_expr, fstep = Lit("1"), int_fact("i64", (1, 1))
        else:
            fstep = int_fact("i64", (1, 1))
        if self.ch.coin(0.2) and self.find("N") is not None and target == UNIFORM:
            n = self.find("N")
            assert n is not None
            hi, fhi = Name("N"), n.fact
            k = max(step_lo, 1)
            if (fhi.iv[1] - (flo.iv[0] if flo.iv else 0)) // k > 16:
                k = max(1, (fhi.iv[1] + 15) // 16)
                step_expr, fstep, step_lo = Lit(str(k)), int_fact("i64", (k, k)), k
        else:
            hi, fhi = self.bounded(target, -2, 12)
        if flo.iv is None or fhi.iv is None:
            return []
        trips = max(0, (fhi.iv[1] - flo.iv[0] + step_lo - 1) // max(step_lo, 1))
        if self.trips * max(trips, 1) > MAX_TRIPS:
            return []
        bounds = max(flo.level, fhi.level, fstep.level)
        flow = max(self.env.flow, bounds)
        body_level = max(flow, self.ch.weighted(((UNIFORM, 3), (VARYING, 2), (WARP, 1)))) if not self.easy else flow
        var = self.env.fresh("j")
        vlevel = max(flo.level, fstep.level, self.env.level)
        loop_fact = int_fact("i64", (flo.iv[0], max(flo.iv[0], fhi.iv[1] - 1)), vlevel)
        self.env.loops.append(Loop(body_level))
        saved_trips, self.trips = self.trips, self.trips * max(trips, 1)
        saved_flow = self.env.flow
        self.env.flow = body_level
        self.env.push()
        self.nest += 1
        try:
            self.env.bind(Binding(var, loop_fact, "loop", locked=True))
            body = self.block(count)
            body = body or self.fallback()
        finally:
            self.nest -= 1
            self.env.pop()
            self.env.flow = saved_flow
            self.trips = saved_trips
            self.env.loops.pop()
        if unroll is not None:
            self.env.notes.add("for_unroll")
        return [For(var, lo, hi, step_expr, unroll, tuple(body))]

    def while_stmt(self) -> list[Stmt]:
        target = self.ch.weighted(((UNIFORM, 2), (VARYING, 3), (WARP, 1)))
        raised = self.ch.weighted(((UNIFORM, 3), (VARYING, 2)))
        # The condition is tested again after every turn, under the body's flow (the
        # checker's rule): a collective in it needs that flow, so it is made under it.
        saved_flow = self.env.flow
        self.env.flow = max(saved_flow, target, raised)
        try:
            bound, fb = self.bounded(target, 0, 8)
            if fb.iv is None or self.trips * max(fb.iv[1], 1) > MAX_TRIPS:
                return []
            cond: Expr
            extra_level = UNIFORM
            counter = self.env.fresh("k")
            level = max(saved_flow, self.env.taint, fb.level)
            cond = Binary("<", Name(counter), bound)
            if self.ch.coin(0.3):
                c2, f2 = self.cond(target)
                extra_level = f2.level
                cond = Binary("&&", cond, c2)
        finally:
            self.env.flow = saved_flow
        level = max(level, extra_level)
        body_level = max(self.env.flow, level, raised)
        inv = int_fact("i64", (0, max(fb.iv[1], 0) + 1), body_level).with_(mag=INF)
        self.env.bind(Binding(counter, inv, "var", locked=True))
        self.env.loops.append(Loop(body_level))
        saved_trips, self.trips = self.trips, self.trips * max(fb.iv[1], 1)
        self.env.flow = body_level
        self.env.push()
        self.nest += 1
        try:
            body = [Assign(Name(counter), "+=", Lit("1"))] + self.block(self.ch.integer(1, 3))
        finally:
            self.nest -= 1
            self.env.pop()
            self.env.flow = saved_flow
            self.trips = saved_trips
            self.env.loops.pop()
        return [Var(counter, Ty("i64"), Lit("0")), While(cond, tuple(body))]

    def jump(self) -> list[Stmt]:
        loop = self.env.loops[-1]
        if self.env.level > loop.body_level:
            return []
        word = self.ch.choice(("break", "continue"))
        self.env.notes.add(f"{word}:{('uniform', 'warp', 'varying')[self.env.level]}")
        return [Jump(word, self.env.level)]

    def guarded_jump(self) -> list[Stmt]:
        """`if c { ...; break }` (or `continue`), with c of a level the loop allows."""
        loop = self.env.loops[-1]
        if self.env.level > loop.body_level:
            return []
        level = self.ch.choice(sorted({self.env.level, loop.body_level}))
        c, fc = self.cond(level)
        flow = max(self.env.level, fc.level)
        saved = self.env.flow
        self.env.flow = flow
        self.env.push()
        try:
            body = self.block(self.ch.integer(0, 1)) if self.ch.coin(0.4) else []
            body = [s for s in body if not isinstance(s, Jump)]
            return [If(c, (*body, *self.jump()))]
        finally:
            self.env.pop()
            self.env.flow = saved

    def ret(self) -> list[Stmt]:
        """`if c { ...; return }`: the rest of the kernel runs at c's level."""
        level = self.ch.weighted(((UNIFORM, 2), (VARYING, 3), (WARP, 1)))
        c, fc = self.cond(level)
        flow = max(self.env.level, fc.level)
        if any(flow > loop.body_level for loop in self.env.loops):
            return []
        body = self.nested(flow, self.ch.integer(0, 1)) if self.ch.coin(0.5) else []
        body = [s for s in body if not isinstance(s, Jump)]
        self.env.taint = max(self.env.taint, flow)
        self.env.notes.add(f"return:{('uniform', 'warp', 'varying')[flow]}")
        return [If(c, (*body, Jump("return", flow)))]


def literal(value: int) -> Expr:
    """An integer literal as written: a negative one is the unary minus of its magnitude."""
    return Lit(str(value)) if value >= 0 else Unary("-", Lit(str(-value)))
