"""Products the CUDA back end puts on wgmma (sm_90a), in the forms of issue 23 item 2.

A kernel of 128 threads (now and then 256) may be given a product plan: 16-bit
operand tensors whose runtime dims cross the windows' ends, and statements of
product shapes the general lowering keeps in registers in the accumulator layout,
64 rows a warpgroup: a window of B[K, N] (N a multiple of 64) or a transposed window
of W[N, K] (N a multiple of 8). A's forms: a window, a window of a 3-d tensor, a
transposed window, a computed value (`bf16(max(x, 0.0))`), a cast of an earlier
product's register tile (a row statistic subtracted, a softmax), a product of its
own (a chain). Statements: a product bound or stored straight to a tensor, an
MLP's two products, attention's two with a row statistic between them, the
flash-attention loop (`acc = acc * alpha + dot(bf16(p), v)` with its running row
max and sum), and a GEMM loop.

Inputs here are multiples of STEP in [-1, 1], so a product's sums are exact in f32
in any order (and on the tensor cores, whose sums align to the largest term) while
their bits fit EXACT_BITS: such a value, its casts to 16 bits (both back ends round
the same f32 to nearest even) and the products of those are compared bit for bit.
A value past that, or through `exp` and `softmax`, carries the error bound worked
out for its form.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import arith
from .env import Binding
from .facts import UNIT, Fact, full
from .model import (
    Assign,
    Binary,
    Call,
    Expr,
    For,
    Index,
    Let,
    Lit,
    Name,
    Span,
    Stmt,
    Sub,
    TensorParam,
    Ty,
    Unary,
    Var,
)
from .stmts import ERR_CAP, MAX_TRIPS, StmtGen, literal

SHARE = 0.5  # of kernels of 128 threads (not the oracle's): a product plan
WIDE = 0.15  # of those: 256 threads, 128 rows a product
STEP = 0.125
EXACT_BITS = 22
MATH_ERR = arith.MATH_UNITS * UNIT["f32"]  # exp's error, absolute, on values in [0, 1]
OUT_COLS = 128


def threads_for(ch, easy: bool, threads: int) -> int | None:  # noqa: ANN001
    """The launch of a kernel with products, or None for one without."""
    if easy or threads != 128 or not ch.coin(SHARE):
        return None
    return 256 if ch.coin(WIDE) else 128


@dataclass
class ProductPlan:
    dtype: str  # the operands': bf16 or f16
    rows: int  # a product's rows: 64 a warpgroup
    tensors: tuple[str, ...]  # 2-d operand tensors: [MP, KP], [KP, NP], [NP, KP]
    stacked: str | None  # a 3-d one, [batch, MP, KP]
    batch: int
    outs: tuple[str, ...]  # [MP, OUT_COLS] outputs, rows `rows` to a CTA
    made: int = 0


def plan_products(ch, gen, params: list, dims: dict[str, tuple[int, int]], grid: int, threads: int) -> None:  # noqa: ANN001
    """The tensors of a kernel's products, on `gen.plan`."""
    d = ch.choice(("bf16", "f16"))
    rows = 64 * threads // 128
    dims["MP"] = (-(-((grid - 1) * rows + 8) // 4) * 4, -(-(grid * rows + 6) // 4) * 4)
    dims["KP"] = (20, 76)
    dims["NP"] = (20, 140)
    env = gen.env

    def tensor(prefix: str, dtype: str, shape: tuple, role: str) -> str:
        t = TensorParam(env.fresh(prefix), dtype, shape, role, -1.0, 1.0, STEP if role == "input" else 0.0)
        params.append(t)
        env.tensors[t.name] = t
        return t.name

    names = (tensor("PA", d, ("MP", "KP"), "input"), tensor("PB", d, ("KP", "NP"), "input"),
             tensor("PW", d, ("NP", "KP"), "input"))
    batch = ch.choice((2, 3)) if ch.coin(0.4) else 0
    stacked = tensor("PZ", d, (batch, "MP", "KP"), "input") if batch else None
    outs = [tensor("PY", "f32", ("MP", OUT_COLS), "output")]
    if ch.coin(0.4):
        outs.append(tensor("PY", d, ("MP", OUT_COLS), "output"))
    for o in outs:
        env.blocks[o] = rows
    gen.plan = ProductPlan(d, rows, names, stacked, batch, tuple(outs))


@dataclass(frozen=True)
class Val:
    """A tile expression with its fact and, where it is exact, a grid its values lie on."""

    expr: Expr
    fact: Fact
    q: float = 0.0  # 0: none known

    @property
    def exact(self) -> bool:
        return self.fact.err == 0.0 and self.q > 0.0


def fits_exactly(mag: float, q: float) -> bool:
    return q > 0.0 and mag / q <= 2.0**EXACT_BITS


class ProductGen(StmtGen):
    plan: ProductPlan | None = None

    # ------------------------------------------------------------ operands

    def tensor_window(self, name: str, lengths: tuple[int | None, ...], lead: Expr | None = None) -> Val:
        t = self.env.tensors[name]
        items: list = []
        sure, shape = [], []
        for dim, n in zip(t.dims, lengths, strict=True):
            if n is None:
                assert lead is not None
                items.append(Index(lead))
                continue
            item, s = self.span_item(dim, n)
            items.append(item)
            sure.append(s)
            shape.append(n)
        box = tuple(s if s[0] < s[1] else (0, 0) for s in sure)
        if box != full(tuple(shape)):
            self.env.notes.add("edge_window")
        return Val(Sub(name, tuple(items)), Fact(t.dtype, tuple(shape), mag=1.0, sure=box), STEP)

    def window2(self, r: int, c: int) -> Val:
        assert self.plan is not None
        return self.tensor_window(self.ch.choice(self.plan.tensors), (r, c))

    def cast(self, v: Val) -> Val:
        """`bf16(v)` or `f16(v)`: the plan's operand type."""
        assert self.plan is not None
        d, f = self.plan.dtype, v.fact
        mag = f.mag * (1 + 2 * UNIT[d])
        if v.exact:
            return Val(Call(d, (v.expr,)), f.with_(dtype=d, mag=mag), v.q)
        return Val(Call(d, (v.expr,)), f.with_(dtype=d, mag=mag, err=arith.narrowing(f.err, d, f.mag)))

    @staticmethod
    def number(d: str, text: str) -> Expr:
        """A float literal beside a value of type `d`: bare beside f32, else typed."""
        return Lit(text) if d == "f32" else Call(d, (Lit(text),))

    def relu(self, v: Val) -> Val:
        return Val(Call("max", (v.expr, self.number(v.fact.dtype, "0.0"))), v.fact, v.q)

    def scaled(self, v: Val, c: float) -> Val:
        """`v * c`, c a power of two: exact where `v` is."""
        f = v.fact
        return Val(Binary("*", v.expr, self.number(f.dtype, repr(c))), f.with_(mag=f.mag * c, err=f.err * c), v.q * c)

    def product(self, a: Val, b: Val, angle: tuple = ()) -> Val:
        fa, fb = a.fact, b.fact
        k = fa.shape[1]
        f = arith.dot(fa, fb)
        mag = k * fa.mag * fb.mag
        q = a.q * b.q
        if a.exact and b.exact and fits_exactly(mag, q):
            return Val(Call("dot", (a.expr, b.expr), angle), f.with_(mag=mag, err=0.0), q)
        err = k * (fa.mag * fb.err + fb.mag * fa.err) + 2 * k * mag * UNIT["f32"]
        return Val(Call("dot", (a.expr, b.expr), angle), f.with_(mag=mag, err=err))

    def a_operand(self, rows: int, k: int, depth: int = 0) -> Val:
        """A [rows, k] operand of the plan's type, in one of A's forms."""
        assert self.plan is not None
        p = self.plan
        forms = ["window", "window", "turned", "computed"] + (["stacked"] * 2 if p.stacked else [])
        if depth == 0 and k % 8 == 0:
            forms += ["chain", "chain"]
        form = self.ch.choice(forms)
        self.env.notes.add(f"product:a:{form}")
        if form == "window":
            return self.window2(rows, k)
        if form == "stacked":
            assert p.stacked is not None
            z: Expr = Lit(str(self.ch.integer(0, p.batch - 1)))
            if self.ch.coin(0.5):
                z = Binary("%", Name("b"), Lit(str(p.batch)))
            return self.tensor_window(p.stacked, (None, rows, k), z)
        if form == "turned":
            w = self.window2(k, rows)
            return Val(Call("transpose", (w.expr,)), arith.transpose(w.fact), w.q)
        if form == "computed":
            w = self.window2(rows, k)
            return self.cast(self.relu(w) if self.ch.coin(0.6) else self.scaled(w, 0.5))
        inner = self.ch.choice((16, 32, 48))
        return self.cast(self.product(self.a_operand(rows, inner, depth + 1), self.b_operand(inner, k)))

    def b_operand(self, k: int, n: int) -> Val:
        """A [k, n] operand wgmma reads from its stage: a window of B[K, N] (n a multiple
        of 64), else a transposed window of W[N, K]."""
        if n % 64 == 0 and self.ch.coin(0.5):
            self.env.notes.add("product:b:window")
            return self.window2(k, n)
        self.env.notes.add("product:b:transposed")
        w = self.window2(n, k)
        return Val(Call("transpose", (w.expr,)), arith.transpose(w.fact), w.q)

    def k_len(self) -> int:
        return self.ch.choice((8, 16, 24, 32, 40, 48, 64))

    def cols(self, wide: bool = True) -> int:
        assert self.plan is not None
        big = (64, 128) if wide and self.plan.rows == 64 else (64,)
        return self.ch.choice((*big, 16, 24, 32, 40, 64))

    # ------------------------------------------------------------ statements

    def product_stmt(self) -> list[Stmt]:
        """One of the product statements, when a plan is on and the flow is uniform."""
        if self.plan is None or not self.env.tiles_ok or self.env.in_fn:
            return []
        for _ in range(3):
            form = self.ch.weighted(((self.single, 3), (self.mlp, 2), (self.attention, 3), (self.flash, 2),
                                     (self.gemm_loop, 2)))
            mark = self.mark()
            out = form()
            if out:
                self.plan.made += 1
                self.env.notes |= {f"product:{form.__name__}", "tile_statement"}
                return out
            self.restore(mark)
        return []

    def bind(self, v: Val, prefix: str = "c", word: str = "let") -> tuple[list[Stmt], Val]:
        name = self.env.fresh(prefix)
        self.env.bind(Binding(name, v.fact, "let" if word == "let" else "var", locked=True))
        stmt: Stmt = Let(name, None, v.expr) if word == "let" else Var(name, None, v.expr)
        return [stmt], Val(Name(name), v.fact, v.q)

    def finish(self, v: Val) -> list[Stmt]:
        """The result stored (rows `rows` to each CTA, its columns maybe across the
        tensor's ends), or bound for what follows (the epilogue stores it)."""
        assert self.plan is not None
        p = self.plan
        if self.ch.coin(0.25):
            return self.bind(v, "o", self.ch.choice(("let", "var")))[0]
        out = self.ch.choice(p.outs)
        t = self.env.tensors[out]
        f = v.fact if t.dtype == "f32" else arith.convert(v.fact, t.dtype)
        if f.err > ERR_CAP:
            return []
        cols = v.fact.shape[1]
        c0 = self.ch.choice((0, 0, 8, OUT_COLS - cols + 4, -4))
        target = Sub(out, (Span(Binary("*", Name("b"), Lit(str(p.rows))), p.rows), Span(literal(c0), cols)))
        self.env.tolerance[out] = max(self.env.tolerance.get(out, 0.0), f.err)
        self.env.notes.add("product:stored")
        return [Assign(target, "=", v.expr)]

    def single(self) -> list[Stmt]:
        assert self.plan is not None
        k, n = self.k_len(), self.cols()
        v = self.product(self.a_operand(self.plan.rows, k), self.b_operand(k, n))
        if self.ch.coin(0.3):
            v = self.scaled(v, self.ch.choice((0.5, 0.25, 2.0)))
        if self.ch.coin(0.5):
            return self.finish(v)  # straight to the tensor, mostly
        stmts, c = self.bind(v)
        return stmts + self.finish(c)

    def mlp(self) -> list[Stmt]:
        """h = bf16(max(dot(x, w1), 0.0)); y = dot(h, w2): A of the second from registers."""
        assert self.plan is not None
        rows, k = self.plan.rows, self.k_len()
        hidden = self.ch.choice((16, 32, 48, 64))
        h = self.cast(self.relu(self.product(self.a_operand(rows, k, 1), self.b_operand(k, hidden))))
        s1, h = self.bind(h, "h")
        y = self.product(h, self.b_operand(hidden, self.cols(wide=False)))
        return s1 + self.finish(y)

    def keys(self, keys: int, depth: int, first: Expr | None) -> Val:
        """transpose(K[first :+ keys, ...]) of W[NP, KP], `first` a random start if None."""
        assert self.plan is not None
        w = self.plan.tensors[2]
        if first is None:
            k = self.tensor_window(w, (keys, depth))
        else:  # a start inside: each row has a key present
            depth_item, sure = self.span_item("KP", depth)
            box = ((0, 0), sure if sure[0] < sure[1] else (0, 0))
            k = Val(Sub(w, (Span(first, keys), depth_item)), Fact(self.plan.dtype, (keys, depth), mag=1.0, sure=box),
                    STEP)
        return Val(Call("transpose", (k.expr,)), arith.transpose(k.fact), k.q)

    def attention(self) -> list[Stmt]:
        """s = dot(q, transpose(k)) * scale, a row statistic, then dot(bf16(p), v)."""
        assert self.plan is not None
        d, n = self.k_len(), self.ch.choice((16, 32, 48, 64))
        stat = self.ch.choice(("max", "softmax", "exp"))
        first = Lit(str(self.ch.choice((0, 0, 4, 12)))) if stat == "exp" else None
        s = self.product(self.a_operand(self.plan.rows, d, 1), self.keys(n, d, first))
        out, s = self.bind(self.scaled(s, self.ch.choice((0.25, 0.125, 0.5))), "s")
        v = self.b_operand(n, self.cols(wide=False))
        vmag, u, d16 = v.fact.mag, 2 * UNIT[self.plan.dtype], self.plan.dtype
        if stat == "max":  # exact where s is: p = bf16(s - rowmax(s))
            m_stmt, m = self.bind(Val(Call("rowmax", (s.expr,)), arith.reduce_axis("max", s.fact, 1)), "m")
            mag = 2 * s.fact.mag
            diff = Val(Binary("-", s.expr, m.expr), s.fact.with_(mag=mag, err=2 * s.fact.err + mag * UNIT["f32"]))
            if s.exact and mag / s.q <= 2.0**24:
                diff = Val(diff.expr, s.fact.with_(mag=mag), s.q)
            p_stmt, p = self.bind(self.cast(diff), "p")
            return out + m_stmt + p_stmt + self.finish(self.product(p, v))
        if stat == "softmax":  # p sums to 1, and each one's rounding is relative to it
            e = arith.softmax(s.fact).err
            pf = Fact(d16, s.fact.shape, mag=1.0, err=e + u, sure=s.fact.sure)
            mag = vmag * (1 + u) * (1 + n * e)
            err = n * e * vmag + u * mag + 2 * n * mag * UNIT["f32"]
            o = Val(Call("dot", (Call(d16, (Call("softmax", (s.expr,)),)), v.expr)),
                    arith.dot(pf, v.fact).with_(mag=mag, err=err))
            self.env.notes.add("softmax")
            return out + self.finish(o)
        # exp: p = exp(s - rowmax(s)), l = rowsum(p), o = dot(bf16(p), v) / l; every row
        # has a key present (the keys' window starts inside), so l >= 1
        e = MATH_ERR + 2 * s.fact.err  # exp's slope is at most 1 below 0
        m_stmt, m = self.bind(Val(Call("rowmax", (s.expr,)), arith.reduce_axis("max", s.fact, 1)), "m")
        pf = Fact("f32", s.fact.shape, mag=1.0, err=e, sure=((0, 0), (0, 0)))
        p_stmt, p = self.bind(Val(Call("exp", (Binary("-", s.expr, m.expr),)), pf), "p")
        lf = Fact("f32", (s.fact.shape[0], 1), mag=n * (1 + e), err=n * e + n * n * UNIT["f32"], sure=((0, 0), (0, 0)))
        l_stmt, lv = self.bind(Val(Call("rowsum", (p.expr,)), lf), "l")
        err = vmag * (2 * n * e + u + 3 * n * UNIT["f32"]) * 1.25
        o = Binary("/", Call("dot", (Call(d16, (p.expr,)), v.expr)), lv.expr)
        of = Fact("f32", (s.fact.shape[0], v.fact.shape[1]), mag=vmag * (1 + u), err=err, sure=((0, 0), (0, 0)))
        return out + m_stmt + p_stmt + l_stmt + self.finish(Val(o, of))

    def trips_ok(self, trips: int) -> bool:
        return self.trips * trips <= MAX_TRIPS and trips <= 8

    def flash(self) -> list[Stmt]:
        """The flash-attention loop over blocks of keys, with its running row max and
        sum; each block starts inside W (the loop's bound), so every row has a key."""
        assert self.plan is not None
        p = self.plan
        bn = self.ch.choice((32, 64))
        trips = -(-self.env.geo.dims["NP"][1] // bn)
        if not self.trips_ok(trips):
            return []
        j, acc, m, lsum = (self.env.fresh(x) for x in ("j", "acc", "m", "l"))
        d, dv, rows = self.k_len(), self.cols(wide=False), p.rows
        q_stmt, q = self.bind(self.a_operand(rows, d, 1), "q")
        keys = self.keys(bn, d, Name(j))
        if dv % 64 == 0 and self.ch.coin(0.5):
            v: Expr = Sub(p.tensors[2], (Span(Name(j), bn), self.span_item("KP", dv)[0]))
        else:  # transposed: PB is [KP, NP]
            v = Call("transpose", (Sub(p.tensors[1], (self.span_item("KP", dv)[0], Span(Name(j), bn))),))
        scale = self.ch.choice((0.25, 0.125))
        s_fact = self.product(q, keys).fact
        if s_fact.mag * scale >= 1000.0:  # below the running max's start
            return []
        s, mn, pe = self.env.fresh("s"), self.env.fresh("mn"), self.env.fresh("p")
        alpha = Call("exp", (Binary("-", Name(m), Name(mn)),))
        # At 64 keys a block the scores are scaled where they are read, as attention.phobos
        # writes them (the turn then starts with a bare product: the CUDA back end's
        # rotated turns); at 32, as they are made. The same values either way.
        def scaled() -> Expr:
            return Binary("*", Name(s), Lit(repr(scale))) if bn == 64 else Name(s)

        product = Call("dot", (q.expr, keys.expr))
        body: list[Stmt] = [
            Let(s, None, product if bn == 64 else Binary("*", product, Lit(repr(scale)))),
            Let(mn, None, Call("max", (Name(m), Call("rowmax", (scaled(),))))),
            Let(pe, None, Call("exp", (Binary("-", scaled(), Name(mn)),))),
            Assign(Name(lsum), "=", Binary("+", Binary("*", Name(lsum), alpha), Call("rowsum", (Name(pe),)))),
            Assign(Name(acc), "=", Binary("+", Binary("*", Name(acc), alpha),
                                            Call("dot", (Call(p.dtype, (Name(pe),)), v)))),
            Assign(Name(m), "=", Name(mn)),
        ]
        n_all, u = trips * bn, 2 * UNIT[p.dtype]
        e = MATH_ERR + 2 * scale * s_fact.err
        rel = (4 * n_all * trips * e + u + 4 * n_all * trips * UNIT["f32"]) * 1.25  # of the sums, relative to l
        none = ((0, 0), (0, 0))
        facts = {
            acc: Fact("f32", (rows, dv), mag=n_all * (1 + u), err=n_all * rel, sure=none),
            m: Fact("f32", (rows, 1), mag=1000.0, err=2 * scale * s_fact.err, sure=none),
            lsum: Fact("f32", (rows, 1), mag=n_all * (1 + e), err=n_all * rel, sure=none),
        }
        for name, f in facts.items():
            self.env.bind(Binding(name, f, "var", locked=True))
        decls = [
            Var(acc, Ty("f32", (rows, dv)), Lit("0.0")),
            Var(m, Ty("f32", (rows, 1)), Unary("-", Lit("1000.0"))),
            Var(lsum, Ty("f32", (rows, 1)), Lit("0.0")),
        ]
        self.env.notes.add("product:loop")
        loop = For(j, Lit("0"), Name("NP"), Lit(str(bn)), None, tuple(body))
        o = Val(Binary("/", Name(acc), Name(lsum)), Fact("f32", (rows, dv), mag=1.0 + u, err=rel, sure=none))
        return q_stmt + decls + [loop] + self.finish(o)

    def gemm_loop(self) -> list[Stmt]:
        """acc += dot(A[rows, k :+ TK], B[k :+ TK, cols]) over K, or acc = acc * 0.5 + ..."""
        assert self.plan is not None
        p = self.plan
        tk = self.ch.choice((16, 32, 64))
        top = self.env.geo.dims["KP"][1]
        trips = -(-top // tk)
        if not self.trips_ok(trips):
            return []
        kk, acc = self.env.fresh("kk"), self.env.fresh("acc")
        n = self.cols()
        rows_item = self.span_item("MP", p.rows)[0]
        if p.stacked and self.ch.coin(0.4):
            z = Lit(str(self.ch.integer(0, p.batch - 1)))
            a: Expr = Sub(p.stacked, (Index(z), rows_item, Span(Name(kk), tk)))
            self.env.notes.add("product:a:stacked")
        else:
            a = Sub(p.tensors[0], (rows_item, Span(Name(kk), tk)))
        if n % 64 == 0 and self.ch.coin(0.5):
            b: Expr = Sub(p.tensors[1], (Span(Name(kk), tk), self.span_item("NP", n)[0]))
        else:
            b = Call("transpose", (Sub(p.tensors[2], (self.span_item("NP", n)[0], Span(Name(kk), tk))),))
        halve = self.ch.coin(0.3)
        dot = Call("dot", (a, b))
        # exact: |acc| <= KP (halving: 2 tk), on a grid of STEP^2 (halving: over 2^trips)
        q = STEP * STEP / (2.0**trips if halve else 1.0)
        mag = 2.0 * tk if halve else float(top)
        err = 0.0 if fits_exactly(mag, q) else 2 * top * mag * UNIT["f32"] * trips
        if halve:
            step: Stmt = Assign(Name(acc), "=", Binary("+", Binary("*", Name(acc), Lit("0.5")), dot))
        else:
            step = Assign(Name(acc), "+=", dot)
        fact = Fact("f32", (p.rows, n), mag=mag, err=err, sure=((0, 0), (0, 0)))
        self.env.bind(Binding(acc, fact, "var", locked=True))
        self.env.notes.add("product:loop")
        loop = For(kk, Lit("0"), Name("KP"), Lit(str(tk)), None, (step,))
        return [Var(acc, Ty("f32", (p.rows, n)), Lit("0.0")), loop] + self.finish(Val(Name(acc), fact, q))
