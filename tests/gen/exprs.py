"""Expressions: a random expression meeting a `Want`, with the `Fact` that holds of it.

Each form either builds an expression whose fact meets the want or gives up (None),
and the generator tries another; a constant always meets a want, so generation never
fails. Bare literals appear only where their type is fixed by the other operand or by
the statement (`Want.lit`), and float literals only beside f32: other types get
`T(literal)`, which means one thing under every literal rule.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from . import arith
from .choices import Chooser
from .env import Binding, Env, Want
from .facts import (
    FLOATS,
    INF,
    INT_RANGE,
    SIGNED,
    UNIFORM,
    UNSIGNED,
    VARYING,
    WARP,
    Fact,
    accumulator,
    box_contains,
    fits,
    full,
    int_fact,
    is_float,
    is_int,
    iv_mag,
    promote,
)
from .model import Binary, Call, Ctx, Expr, ExprFn, Index, Item, Lit, Name, Range, Span, Sub, TensorParam, Unary

MAX_DEPTH = 4
FLOAT_VALUES = (0.5, 1.0, 2.0, 0.25, 1.5, 3.0, 0.75, 0.125)
LANE_WIDTHS = (32, 16, 8, 4, 2, 1)
Made = tuple[Expr, Fact] | None


def accepts(want: Want, f: Fact) -> bool:
    if f.dtype != want.dtype or f.level > want.level:
        return False
    if want.shape:
        if not fits(f.shape, want.shape) or (f.shape and not want.tiles):
            return False
    elif f.shape:
        return False
    if is_float(f.dtype) and (f.mag > want.mag or f.err > want.err):
        return False
    if want.iv is not None:
        return f.iv is not None and want.iv[0] <= f.iv[0] and f.iv[1] <= want.iv[1]
    return True


def float_text(v: float) -> str:
    return repr(float(v))


class ExprGen:
    def __init__(self, env: Env, easy: bool) -> None:
        self.env = env
        self.ch: Chooser = env.ch
        self.easy = easy
        self.depth = 0
        self.fns: list = []
        self.expr_fns: list[tuple[ExprFn, tuple[Fact, ...], Fact, int]] = []
        self.fn_body = False  # generating a fn body: only its parameters are visible

    # ------------------------------------------------------------ the entry point

    def expr(self, want: Want) -> tuple[Expr, Fact]:
        if self.depth < MAX_DEPTH:
            self.depth += 1
            try:
                forms = self.forms(want)
                for _ in range(3):
                    mark = self.mark()
                    made = self.ch.weighted(forms)(want)
                    if made is not None and accepts(want, made[1]):
                        return made
                    self.restore(mark)
            finally:
                self.depth -= 1
        leaves = [self.name, self.load] if not self.fn_body else [self.name]
        if want.dtype == "bool":  # a comparison of leaves, rather than `true` or `false`
            leaves.insert(0, self.compare)
        for leaf in leaves if self.ch.coin(0.8) else ():
            mark = self.mark()
            made = leaf(want)
            if made is not None and accepts(want, made[1]):
                return made
            self.restore(mark)
        return self.const(want)

    def mark(self) -> tuple[set[str], int, int]:
        """What generation has recorded so far: a discarded attempt is rolled back to it,
        so the notes and fns describe only what the kernel holds."""
        return set(self.env.notes), len(self.fns), len(self.expr_fns)

    def restore(self, mark: tuple[set[str], int, int]) -> None:
        notes, fns, expr_fns = mark
        self.env.notes = notes
        del self.fns[fns:], self.expr_fns[expr_fns:]

    def forms(self, want: Want) -> list[tuple[Callable[[Want], Made], int]]:
        d, tile = want.dtype, bool(want.shape) and want.tiles
        out: list[tuple[Callable[[Want], Made], int]] = [(self.const, 2), (self.name, 5)]
        if not self.fn_body:
            out.append((self.load, 3 if tile else 5))
            out += [(self.window, 10), (self.tile_window, 2)] if tile else [(self.tile_read, 2)]
        if d in UNSIGNED:
            return out + [(self.convert, 3), (self.shuffle, 1)]
        if d == "bool":
            return out + [(self.compare, 6), (self.logic, 3), (self.select, 1), (self.shuffle, 1)]
        if d == "i8":
            return out + [(self.unary, 2), (self.convert, 4), (self.shuffle, 1)]
        if want.iv is not None:  # a bounded integer: an index, a bound, a position
            return [
                (self.const, 2),
                (self.name, 5),
                (self.ctx, 4),
                (self.int_div, 6),
                (self.arith, 2),
                (self.minmax, 1),
                (self.convert, 1),
                (self.tile_read, 1),
            ]
        out += [(self.arith, 8), (self.unary, 2), (self.minmax, 2), (self.select, 2), (self.convert, 3)]
        if is_float(d):
            out += [(self.div, 2), (self.math, 3)]
        else:
            out += [(self.int_div, 2), (self.bits, 3), (self.ctx, 4)]
        if want.tiles and not want.shape:
            out.append((self.reduce_all, 3))
        if tile:
            out += [(self.reduce_axis, 6), (self.transpose, 1), (self.dot, 3)]
            if is_float(d):
                out.append((self.softmax, 2))
        if not want.shape:
            out += [(self.lane, 1), (self.shuffle, 1), (self.thread_reduce, 1)]
        out.append((self.fn_call, 1))
        return out

    def sub(self, want: Want, **changes: object) -> tuple[Expr, Fact]:
        return self.expr(want.with_(**{"lit": False, **changes}))

    # ------------------------------------------------------------ leaves

    def const(self, want: Want) -> tuple[Expr, Fact]:
        d = want.dtype
        if d == "bool":
            return Lit(self.ch.choice(("true", "false"))), Fact("bool", const=True)
        if is_float(d):
            options = [v for v in FLOAT_VALUES if v <= want.mag] or [0.0]
            v = self.ch.choice(options) * self.ch.choice((1, -1))
            text: Expr = Lit(float_text(abs(v)))
            if v < 0:
                text = Unary("-", text)
            if not (want.lit and d == "f32"):
                text = Call(d, (text,))
            return text, Fact(d, mag=abs(v), const=True)
        lo, hi = INT_RANGE[d]
        if want.iv is not None:
            lo, hi = max(lo, want.iv[0]), min(hi, want.iv[1])
            if lo > hi:
                lo = hi = max(INT_RANGE[d][0], min(0, INT_RANGE[d][1]))
            near = min(max(0, lo), hi)
            v = self.ch.integer(max(lo, near - 8), min(hi, near + 8))
        else:
            v = self.ch.choice((self.ch.integer(-8, 8), self.ch.choice((100, -128, 127, 1 << 20, -(1 << 30)))))
            v = max(lo, min(hi, v))
        if d in UNSIGNED:
            bits = {"u8": 8, "u16": 16, "u32": 32}[d]
            v = abs(v) % 300
            return Call(d, (Lit(str(v)),)), int_fact(d, (v % (1 << bits),) * 2, const=True)
        e: Expr = Lit(str(abs(v)))
        if v < 0:
            e = Unary("-", e)
        if not want.lit:
            e = Call(d, (e,))
        return e, int_fact(d, (v, v), const=True).with_(mag=float(abs(v)))

    def bindings(self, want: Want) -> list[Binding]:
        return [b for b in self.env.visible() if not (b.fact.tile and b.fact.level) and accepts(want, b.fact)]

    def name(self, want: Want) -> Made:
        found = self.bindings(want)
        if not found:
            return None
        b = self.ch.choice(found)
        return Name(b.name), b.fact

    def ctx(self, want: Want) -> Made:
        if want.dtype != "i64":
            return None
        geo = self.env.geo
        t = geo.threads
        fields = {
            "thread": ((0, t - 1), VARYING),
            "lane": ((0, min(t, 32) - 1), VARYING),
            "warp": ((0, t // 32 - 1), WARP),
            "block.x": ((0, geo.grid - 1), UNIFORM),
            "threads": ((t, t), UNIFORM),
            "warps": ((t // 32, t // 32), UNIFORM),
            "grid.x": ((geo.grid, geo.grid), UNIFORM),
        }
        ok = [(n, iv, lv) for n, (iv, lv) in fields.items() if lv <= want.level]
        if want.iv is not None:
            ok = [(n, iv, lv) for n, iv, lv in ok if want.iv[0] <= iv[0] and iv[1] <= want.iv[1]]
        if not ok:
            return None
        n, iv, lv = self.ch.choice(ok)
        self.env.notes.add(f"ctx.{n}")
        return Ctx(n), int_fact("i64", iv, lv, const=lv == UNIFORM and iv[0] == iv[1]).with_(mag=float(iv[1]))

    def tensor_fact(self, t: TensorParam, shape: tuple[int, ...] = ()) -> Fact:
        if is_float(t.dtype):
            return Fact(t.dtype, shape, mag=max(abs(t.lo), abs(t.hi)))
        if t.dtype == "bool":
            return Fact("bool", shape)
        iv = (min(int(t.lo), 0), max(int(t.hi), 0))
        return int_fact(t.dtype, iv).with_(shape=shape, mag=iv_mag(iv))

    def extent(self, dim: int | str) -> tuple[int, int]:
        return (dim, dim) if isinstance(dim, int) else self.env.geo.dims[dim]

    def load(self, want: Want) -> Made:
        inputs = [t for t in self.env.tensors_with("input") if t.dtype == want.dtype]
        if not inputs:
            return None
        t = self.ch.choice(inputs)
        items, levels = [], []
        for dim in t.dims:
            e, f = self.index(dim, want.level)
            items.append(Index(e))
            levels.append(f.level)
        return Sub(t.name, tuple(items)), self.tensor_fact(t).with_(level=max(levels))

    def index(self, dim: int | str, level: int) -> tuple[Expr, Fact]:
        """An index into a dim: mostly inside it, sometimes just outside (reads give 0)."""
        lo, _ = self.extent(dim)
        g = self.find("g")
        if g is not None and level >= VARYING and isinstance(dim, str) and self.ch.coin(0.6):
            d = self.ch.choice((0, 0, 0, 1, -1, 3, -5))
            return self.offset(Name("g"), g.fact, d)
        lane = self.ctx(Want("i64", level=VARYING, iv=(0, 31))) if level >= VARYING and self.ch.coin(0.1) else None
        if lane is not None:
            return lane
        if self.ch.coin(0.3):
            return self.const(Want("i64", iv=(-1, lo)))
        return self.expr(Want(self.ch.choice(("i64", "i32")), level=level, iv=(-2, lo + 1)))

    def offset(self, e: Expr, f: Fact, d: int) -> tuple[Expr, Fact]:
        if d == 0:
            return e, f
        op = "+" if d > 0 else "-"
        lit = Lit(str(abs(d)))
        f = arith.int_op(op, f, int_fact(f.dtype, (abs(d), abs(d))), f.dtype).with_(const=f.const)
        return Binary(op, e, lit), f

    def find(self, name: str) -> Binding | None:
        for b in self.env.visible():
            if b.name == name:
                return b
        return None

    # ------------------------------------------------------------ windows

    def start(self, dim: int | str, n: int) -> tuple[Expr, Fact, bool]:
        """A uniform window start along `dim` for `n` positions, often crossing an edge,
        and whether it is linear (a range may end at it plus `n`)."""
        lo, _ = self.extent(dim)
        b = self.find("b")
        pick = self.ch.integer(0, 3)
        if pick == 0 and b is not None:
            e, f = Binary("*", Name("b"), Lit(str(n))), arith.int_op("*", b.fact, int_fact("i64", (n, n)), "i64")
            return (*self.offset(e, f, self.ch.choice((0, 0, 1, -1, n // 2, -(n // 2), n - 1))), True)
        if pick == 1 and isinstance(dim, str) and self.find(dim) is not None:
            size = self.find(dim)
            assert size is not None
            return (*self.offset(Name(dim), size.fact, -self.ch.integer(1, n + 2)), True)
        if pick == 2:
            return (*self.expr(Want("i64", iv=(-n, lo + 1))), False)
        return (*self.const(Want("i64", lit=True, iv=(-(n - 1), max(0, lo - n + 1)))), True)

    def span_item(self, dim: int | str, n: int) -> tuple[Item, tuple[int, int]]:
        """A span or range of `n` positions along `dim`, and its sure interval."""
        lo_e, _ = self.extent(dim)
        if isinstance(dim, int) and self.ch.coin(0.25):
            if n == dim:
                return Range(None, None), (0, n)
            if n < dim and self.ch.coin(0.5):
                return Range(None, Lit(str(n))), (0, n)
            if n < dim:
                return Range(Lit(str(dim - n)), None), (0, n)
        e, f, linear = self.start(dim, n)
        iv = f.iv if f.iv is not None else (-(10**9), 10**9)
        sure = (max(0, -iv[0]), min(n, lo_e - iv[1]))
        if sure[0] >= sure[1]:
            sure = (0, 0)
        if linear and self.ch.coin(0.2):
            end = Binary("+", e, Lit(str(n)))
            return Range(e, end), sure
        return Span(e, n), sure

    def window_plan(self, rank: int, shape: tuple[int, ...]) -> list[int | None] | None:
        """Per tensor dim, the window length (None: an index item), for a result that
        broadcasts to `shape`."""
        options = []
        if rank == len(shape):
            options.append([self.maybe_one(n) for n in shape])
        if rank == 2 and len(shape) == 1:
            options += [[None, shape[0]], [shape[0], None]]
        if rank == 1 and len(shape) == 2:
            options.append([shape[1]])
        return self.ch.choice(options) if options else None

    def maybe_one(self, n: int) -> int:
        return 1 if n > 1 and self.ch.coin(0.15) else n

    def window(self, want: Want) -> Made:
        inputs = [t for t in self.env.tensors_with("input") if t.dtype == want.dtype]
        if not inputs:
            return None
        t = self.ch.choice(inputs)
        plan = self.window_plan(len(t.dims), want.shape)
        if plan is None:
            return None
        return self.window_of(t, plan)

    def window_of(self, t: TensorParam, plan: list[int | None]) -> tuple[Expr, Fact]:
        items: list[Item] = []
        shape: list[int] = []
        sure: list[tuple[int, int]] = []
        whole = True
        for dim, n in zip(t.dims, plan, strict=True):
            if n is None:
                e, f = self.index(dim, UNIFORM)
                items.append(Index(e))
                lo_e, _ = self.extent(dim)
                if f.iv is None or f.iv[0] < 0 or f.iv[1] >= lo_e:
                    whole = False
                continue
            item, s = self.span_item(dim, n)
            items.append(item)
            shape.append(n)
            sure.append(s)
        box = tuple(sure) if whole else tuple((0, 0) for _ in sure)
        if box != full(tuple(shape)):
            self.env.notes.add("edge_window")
        return Sub(t.name, tuple(items)), self.tensor_fact(t, tuple(shape)).with_(sure=box)

    def tile_window(self, want: Want) -> Made:
        tiles = [b for b in self.env.visible() if b.fact.tile and b.fact.dtype == want.dtype]
        tiles = [b for b in tiles if b.fact.level == UNIFORM]
        if not tiles or self.fn_body:
            return None
        b = self.ch.choice(tiles)
        f = b.fact
        plan = self.window_plan(len(f.shape), want.shape)
        if plan is None:
            return None
        items: list[Item] = []
        shape, sure, whole = [], [], True
        for extent, (lo, hi), n in zip(f.shape, f.sure, plan, strict=True):
            if n is None:
                i = self.ch.integer(-1, extent) if self.ch.coin(0.2) else self.ch.integer(0, extent - 1)
                items.append(Index(self.const(Want("i64", lit=True, iv=(i, i)))[0]))
                whole = whole and lo <= i < hi
                continue
            s = self.ch.integer(-1, max(0, extent - n + 1))
            items.append(Span(self.const(Want("i64", lit=True, iv=(s, s)))[0], n))
            shape.append(n)
            r = (max(0, lo - s), min(n, hi - s))
            sure.append(r if r[0] < r[1] else (0, 0))
        box = tuple(sure) if whole else tuple((0, 0) for _ in sure)
        return Sub(b.name, tuple(items)), f.with_(shape=tuple(shape), sure=box, const=False)

    def tile_read(self, want: Want) -> Made:
        tiles = [b for b in self.env.visible() if b.fact.tile and b.fact.dtype == want.dtype]
        if not tiles or want.shape or self.fn_body:
            return None
        b = self.ch.choice(tiles)
        items, level = [], b.fact.level
        for n in b.fact.shape:
            e, f = self.expr(Want(self.ch.choice(SIGNED[1:]), level=want.level, iv=(-1, n)))
            items.append(Index(e))
            level = max(level, f.level)
        f = b.fact
        iv = None if f.iv is None else (min(f.iv[0], 0), max(f.iv[1], 0))
        return Sub(b.name, tuple(items)), f.with_(shape=(), sure=(), level=level, iv=iv, const=False)

    # ------------------------------------------------------------ operators

    def operand_types(self, d: str) -> tuple[str, str]:
        if self.ch.coin(0.75):
            return ("i8", "i8") if d == "i32" and self.ch.coin(0.1) else (d, d)
        others = [t for t in FLOATS + SIGNED if promote(d, t) == d]
        other = self.ch.choice(others)
        return (d, other) if self.ch.coin(0.5) else (other, d)

    def pair(self, want: Want, mag: float, err: float) -> tuple[tuple[Expr, Fact], tuple[Expr, Fact]]:
        """Two operands computed in `want.dtype`; one may be a bare literal beside the other."""
        da, db = self.operand_types(want.dtype)
        sub_iv = None
        if want.iv is not None:
            half = max(1, (want.iv[1] - want.iv[0]) // 4)
            sub_iv = (-half, half)
        a = self.sub(want, dtype=da, mag=mag, err=err, iv=sub_iv)
        literal_ok = da == db and (is_int(da) or da == "f32")
        b = self.expr(want.with_(dtype=db, mag=mag, err=err, iv=sub_iv, lit=literal_ok and self.ch.coin(0.3)))
        return (a, b) if self.ch.coin(0.7) else (b, a)

    def arith(self, want: Want) -> Made:
        op = self.ch.choice(("+", "-", "*"))
        if op == "*":
            mag = math.sqrt(want.mag) if want.mag != INF else INF
            err = 0.0 if want.mag == INF else want.err / (2 * mag + 1)
        else:
            mag, err = want.mag / 2, want.err / 2
        (a, fa), (b, fb) = self.pair(want, mag, err)
        return Binary(op, a, b), self.combine(op, fa, fb, want.dtype)

    def combine(self, op: str, fa: Fact, fb: Fact, d: str, divisor: int | None = None) -> Fact:
        a, b = arith.convert(fa, d) if fa.dtype != d else fa, arith.convert(fb, d) if fb.dtype != d else fb
        f = arith.float_op(op, a, b, d) if is_float(d) else arith.int_op(op, a, b, d, divisor)
        return f.with_(const=fa.const and fb.const)

    def unary(self, want: Want) -> Made:
        d = want.dtype
        op = self.ch.choice(("-", "abs") if is_float(d) else ("-", "~", "abs"))
        iv = None if want.iv is None else (-want.iv[1], -want.iv[0]) if op == "-" else want.iv
        x, f = self.sub(want, iv=iv if op != "~" else None)
        # The checker folds an operator on constants; counting abs's too is only cautious.
        if op == "abs":
            return Call("abs", (x,)), arith.absolute(f).with_(const=f.const)
        return Unary(op, x), (arith.negate(f) if op == "-" else arith.bitnot(f)).with_(const=f.const)

    def minmax(self, want: Want) -> Made:
        op = self.ch.choice(("min", "max"))
        (a, fa), (b, fb) = self.pair(want, want.mag, want.err)
        return Call(op, (a, b)), self.combine(op, fa, fb, want.dtype)

    def select(self, want: Want) -> Made:
        c, fc = self.condition(want)
        if want.dtype == "bool":
            (a, fa), (b, fb) = self.sub(want), self.sub(want)
        else:
            (a, fa), (b, fb) = self.pair(want, want.mag, want.err)
            fa, fb = (arith.convert(f, want.dtype) if f.dtype != want.dtype else f for f in (fa, fb))
        return Call("where", (c, a, b)), arith.select(fc, fa, fb, want.dtype).with_(const=fa.const and fb.const)

    def condition(self, want: Want) -> tuple[Expr, Fact]:
        return self.sub(want, dtype="bool", mag=INF, err=INF, iv=None)

    def div(self, want: Want) -> Made:
        d = want.dtype
        op = self.ch.choice(("/", "/", "%"))
        if self.ch.coin(0.25) and not self.fn_body:
            a, fa = self.sub(want, mag=INF, err=0.0)
            raw = self.window(want) if want.shape and want.tiles else self.load(want.with_(shape=()))
            if raw is None:
                return None
            den, fd = raw
            return Binary(op, a, den), arith.float_div(fa, fd, d, 0.0) if op == "/" else arith.joined(fa, fd, d)
        least = self.ch.choice((1.0, 0.5))
        a, fa = self.sub(want, err=want.err / 2 if op == "/" else 0.0, mag=want.mag * least)
        y, fy = self.sub(want, mag=1e6, err=want.err / (4 * want.mag + 1) if want.mag != INF else 0.0)
        if op == "%" and not (fa.exact and fy.exact):
            return None
        c: Expr = Call(d, (Lit(float_text(least)),))
        fc = Fact(d, mag=least, const=True)
        if d == "f32" and self.ch.coin(0.5):
            c = Lit(float_text(least))
        den = Binary("+", Call("abs", (y,)), c)
        fd = self.combine("+", arith.absolute(fy), fc, d)
        if op == "%":
            return Binary("%", a, den), arith.joined(fa, fd, d, mag=fa.mag, err=0.0)
        return Binary("/", a, den), arith.float_div(fa, fd, d, least)

    def int_div(self, want: Want) -> Made:
        op = self.ch.choice(("idiv", "%"))
        d = want.dtype
        a, fa = self.sub(want, iv=None)
        if want.iv is not None:
            lo, hi = want.iv
            if op == "idiv" or hi < 0 or lo > 0:
                return None
            top = hi if fa.iv is not None and fa.iv[0] >= 0 else min(-lo, hi)
            k = self.ch.integer(1, max(1, min(top + 1, 64)))
            return Binary("%", a, Lit(str(k))), self.combine("%", fa, int_fact(d, (k, k), const=True), d, divisor=k)
        divisor: int | None = None
        if self.ch.coin(0.5):
            divisor = self.ch.choice((1, 2, 3, 7, 16, -3))
            b: Expr = Lit(str(divisor)) if divisor > 0 else Unary("-", Lit(str(-divisor)))
            fb = int_fact(d, (divisor, divisor), const=True)
        else:
            b, fb = self.sub(want, iv=None)
            if fb.const:
                return None
        return Binary(op, a, b), self.combine(op, fa, fb, d, divisor=divisor)

    def bits(self, want: Want) -> Made:
        op = self.ch.choice(("&", "|", "^", "<<", ">>"))
        (a, fa), (b, fb) = self.pair(want.with_(iv=None), INF, INF)
        f = self.combine(op, fa, fb, want.dtype)
        return Binary(op, a, b), f

    def compare(self, want: Want) -> Made:
        op = self.ch.choice(("<", "<=", ">", ">=", "==", "!="))
        d = self.ch.choice(("f32", "i32", "i64", "f16", "bf16", "f64", "bool"))
        if d == "bool":
            op = self.ch.choice(("==", "!="))
        inner = want.with_(dtype=d, err=0.0, mag=INF, iv=None)
        (a, fa), (b, fb) = self.pair(inner, INF, 0.0) if d != "bool" else (self.sub(inner), self.sub(inner))
        if not (fa.exact and fb.exact):
            return None
        return Binary(op, a, b), arith.compare(fa, fb)

    def logic(self, want: Want) -> Made:
        if want.shape:
            op = self.ch.choice(("&", "|", "^"))
        else:
            op = self.ch.choice(("&&", "||", "!", "&", "|", "^"))
        a, fa = self.sub(want)
        if op == "!":
            return Unary("!", a), fa.with_(const=False)
        b, fb = self.sub(want)
        return Binary(op, a, b), arith.joined(fa, fb, "bool")

    def convert(self, want: Want) -> Made:
        d = want.dtype
        sources = [t for t in FLOATS + SIGNED + UNSIGNED if t != d]
        src = self.ch.choice(sources)
        if is_float(d) and is_float(src):
            inner = want.with_(dtype=src)
        elif is_float(d):
            bound = want.mag if want.mag != INF else None
            inner = want.with_(dtype=src, iv=None if bound is None or bound > 2**62 else (-int(bound), int(bound)))
        elif is_float(src):
            if want.iv is not None:
                return None
            inner = want.with_(dtype=src, err=0.0, mag=INF, iv=None)
        else:
            inner = want.with_(dtype=src, iv=want.iv)
        if src in UNSIGNED:
            inner = inner.with_(iv=None)
        if d == "f16" and is_float(src):
            inner = inner.with_(mag=min(inner.mag, 3e4) if inner.err else inner.mag)
        x, f = self.sub(inner)
        self.env.notes.add(f"convert:{src}->{d}")
        return Call(d, (x,)), arith.convert(f, d)

    def math(self, want: Want) -> Made:
        fn = self.ch.choice(("exp", "exp2", "tanh", "sin", "cos", "erf", "log", "log2", "sqrt", "rsqrt", "floor"))
        fn = "ceil" if fn == "floor" and self.ch.coin(0.5) else fn
        d = want.dtype
        if want.err == 0.0 and fn not in ("floor", "ceil") or want.mag <= 1.0:
            return None
        if fn in ("floor", "ceil"):
            x, f = self.sub(want, mag=max(0.0, want.mag - 1), err=0.0)
            return Call(fn, (x,)), f.with_(mag=f.mag + 1, const=False)
        if fn in ("exp", "exp2"):
            top = math.log(want.mag) if fn == "exp" else math.log2(want.mag) if want.mag != INF else 6.0
            bound = min(6.0, top) if want.mag != INF else 6.0
            if bound <= 0:
                return None
            growth = math.exp(bound) if fn == "exp" else 2.0**bound
            x, f = self.sub(want, mag=bound, err=min(1e-3, want.err / (2 * growth)))
            return Call(fn, (x,)), arith.math_fn(fn, f, growth, growth)
        if fn in ("tanh", "sin", "cos", "erf"):
            if want.mag < 1:
                return None
            x, f = self.sub(want, mag=50.0, err=min(1e-3, want.err / 2))
            return Call(fn, (x,)), arith.math_fn(fn, f, 1.0, 1.2)
        x, f = self.sub(want, mag=1e4, err=min(1e-3, want.err / 4))
        c = Lit("1.0") if d == "f32" else Call(d, (Lit("1.0"),))
        arg = Binary("+", Call("abs", (x,)), c)
        fa = self.combine("+", arith.absolute(f), Fact(d, mag=1.0, const=True), d)
        if fn in ("log", "log2"):
            out = math.log(fa.mag) / (1.0 if fn == "log" else math.log(2))
            return Call(fn, (arg,)), arith.math_fn(fn, fa, max(out, 1e-30), 1.5)
        if fn == "sqrt":
            return Call(fn, (arg,)), arith.math_fn(fn, fa, math.sqrt(fa.mag), 0.5)
        return Call(fn, (arg,)), arith.math_fn(fn, fa, 1.0, 0.5)

    # ------------------------------------------------------------ tiles

    def tile_shape(self) -> tuple[int, ...]:
        return self.ch.choice(self.env.geo.shapes)

    def reduce_all(self, want: Want) -> Made:
        d = want.dtype
        op = self.ch.choice(("sum", "max", "min"))
        src = d
        if op == "sum":
            sources = [t for t in FLOATS + SIGNED if accumulator(t) == d]
            if not sources:
                return None
            src = self.ch.choice(sources)
        shape = self.tile_shape()
        n = math.prod(shape)
        mag = want.mag / n if op == "sum" else want.mag
        t, f = self.sub(Want(src, shape, UNIFORM, mag=min(mag, 1e4), err=want.err / (2 * n), tiles=True))
        if not f.tile or (is_float(src) and f.mag == INF and op == "sum"):
            return None
        self.env.notes.add(f"reduce:{op}:all")
        return Call(op, (t,)), arith.reduce_all(op, f)

    def reduce_axis(self, want: Want) -> Made:
        d = want.dtype
        op = self.ch.choice(("sum", "max", "min"))
        src = d
        if op == "sum":
            sources = [t for t in FLOATS + SIGNED if accumulator(t) == d]
            if not sources:
                return None
            src = self.ch.choice(sources)
        rank = len(want.shape)
        axis = self.ch.choice(tuple(range(rank - 1, -1, -1)))  # the last axis (rows) first
        n = want.shape[axis] if want.shape[axis] > 1 else self.ch.choice((4, 8, 16))
        shape = tuple(n if k == axis else m for k, m in enumerate(want.shape))
        mag = want.mag / n if op == "sum" else want.mag
        t, f = self.sub(Want(src, shape, UNIFORM, mag=min(mag, 1e4), err=want.err / (2 * n), tiles=True))
        if len(f.shape) != rank or f.shape[axis] == 1 or (is_float(src) and f.mag == INF and op == "sum"):
            return None
        style = self.ch.integer(0, 2)
        if style == 0 and axis == rank - 1:
            call = Call(f"row{op}", (t,))
            self.env.notes.add(f"reduce:{op}:row")
        else:
            shown = axis - rank if style == 1 else axis
            call = Call(op, (t,), (("axis", shown),))
        self.env.notes.add(f"reduce:{op}:axis{axis}")
        return call, arith.reduce_axis(op, f, axis)

    def softmax(self, want: Want) -> Made:
        t, f = self.sub(want, mag=1e3, err=min(1e-3, want.err / 8))
        if not f.tile or f.mag == INF or want.mag < 1:
            return None
        self.env.notes.add("softmax")
        return Call("softmax", (t,)), arith.softmax(f)

    def transpose(self, want: Want) -> Made:
        if len(want.shape) != 2:
            return None
        t, f = self.sub(want, shape=want.shape[::-1])
        if len(f.shape) != 2:
            return None
        return Call("transpose", (t,)), arith.transpose(f)

    def exact_tile(self, dtype: str, shape: tuple[int, ...], mag: float, err: float) -> tuple[Expr, Fact] | None:
        for _ in range(2):
            e, f = self.sub(Want(dtype, shape, UNIFORM, mag=mag, err=err, tiles=True))
            if f.shape == shape:
                return e, f
        inputs = [t for t in self.env.tensors_with("input") if t.dtype == dtype and len(t.dims) == 2]
        if not inputs or self.fn_body:
            return None
        return self.window_of(self.ch.choice(inputs), list(shape))

    def dot(self, want: Want) -> Made:
        if len(want.shape) != 2:
            return None
        d = want.dtype
        if is_float(d) and want.err == 0.0:
            return None
        # the pairs that run on tensor cores (dot_mma.py) twice as often as the others
        pairs = {
            "f32": [("f16", "f16"), ("bf16", "bf16"), ("f16", "f16"), ("bf16", "bf16"), ("f32", "f32"), ("f16", "f32")],
            "i32": [("i8", "i8"), ("i8", "i8"), ("i32", "i32"), ("i8", "i32")],
            "f64": [("f64", "f64")],
            "i64": [("i64", "i64")],
        }.get(d)
        if not pairs:
            return None
        da, db = self.ch.choice(pairs)
        m, n = want.shape
        k = self.ch.choice((4, 8, 16, 24, 40))  # less than, one and more than one k step of an atom
        mag = math.sqrt(want.mag / k) if want.mag != INF else 2.0
        mag = min(mag, 16.0)
        a = self.exact_tile(da, (m, k), mag, min(1e-4, want.err / (4 * k * mag + 1)))
        b = self.exact_tile(db, (k, n), mag, min(1e-4, want.err / (4 * k * mag + 1)))
        if a is None or b is None or (is_float(d) and max(a[1].mag, b[1].mag) == INF):
            return None
        self.env.notes.add(f"dot:{da}x{db}")
        # cutting to TF32 turns a difference below an operand's error into a whole TF32
        # step, so only exact f32 operands are cut
        if (da, db) == ("f32", "f32") and a[1].err == b[1].err == 0.0 and self.ch.coin(0.5):
            self.env.notes.add("dot:tf32")
            return Call("dot", (a[0], b[0]), angle=(("precision", "tf32"),)), arith.dot(a[1], b[1])
        return Call("dot", (a[0], b[0])), arith.dot(a[1], b[1])

    # ------------------------------------------------------------ collectives

    def lane(self, want: Want) -> Made:
        if self.env.level > WARP or want.shape:
            return None
        op = self.ch.choice(("sum", "max", "min"))
        src = want.dtype
        if op == "sum":
            sources = [t for t in FLOATS + SIGNED if accumulator(t) == want.dtype]
            if not sources:
                return None
            src = self.ch.choice(sources)
        w = self.ch.choice(LANE_WIDTHS)
        level = want.level if want.level == VARYING or (want.level == WARP and w == 32) else UNIFORM
        x, f = self.sub(Want(src, level=level, mag=min(want.mag / w, 1e4), err=want.err / (2 * w)))
        if is_float(src) and f.mag == INF and op == "sum":
            return None
        level = UNIFORM if f.level == UNIFORM else WARP if w == 32 else VARYING
        angle: tuple = (("over", "lane"),) + ((("width", w),) if w != 32 or self.ch.coin(0.3) else ())
        self.env.notes.add("lane_collective")
        return Call(op, (x,), angle), arith.lane_reduce(op, f, w, level)

    def thread_reduce(self, want: Want) -> Made:
        if self.env.level != UNIFORM or want.shape:
            return None
        op = self.ch.choice(("sum", "max", "min"))
        src = want.dtype
        if op == "sum":
            sources = [t for t in FLOATS + SIGNED if accumulator(t) == want.dtype]
            if not sources:
                return None
            src = self.ch.choice(sources)
        n = self.env.geo.threads
        x, f = self.sub(Want(src, level=VARYING, mag=min(want.mag / n, 1e4), err=want.err / (2 * n)))
        if is_float(src) and f.mag == INF and op == "sum":
            return None
        self.env.notes.add("thread_collective")
        return Call(op, (x,), (("over", "thread"),)), arith.lane_reduce(op, f, n, UNIFORM)

    def shuffle(self, want: Want) -> Made:
        if self.env.level > WARP or want.shape:
            return None
        x, f = self.sub(want.with_(level=VARYING if want.level == VARYING else want.level))
        w = self.ch.choice(LANE_WIDTHS)
        mode = self.ch.choice(("xor", "up", "down", "idx"))
        value: int | Expr
        if mode == "idx":
            value, fi = self.expr(Want(self.ch.choice(SIGNED), level=want.level, iv=(-40, 40)))
            f = f.with_(level=max(f.level, fi.level))
        else:
            value = self.ch.integer(0, w - 1)
        angle: tuple = ((mode, value),) + ((("width", w),) if w != 32 else ())
        self.env.notes.add("shuffle")
        return Call("shfl", (x,), angle), f.with_(const=False)

    # ------------------------------------------------------------ expression fns

    def fn_call(self, want: Want) -> Made:
        if self.fn_body:
            return None
        reuse = [
            (fn, params, result)
            for fn, params, result, flow in self.expr_fns
            if accepts(want, result) and self.env.level <= flow
        ]
        if reuse and self.ch.coin(0.5):
            fn, params, result = self.ch.choice(reuse)
            args, all_const = [], True
            for p in params:
                a, fa = self.sub(Want(p.dtype, p.shape, p.level, p.mag, p.err, p.iv, tiles=want.tiles))
                if fa.shape != p.shape or not box_contains(fa.sure, p.sure):
                    return None
                args.append(a)
                all_const = all_const and fa.const
            self.env.notes.add("fn_expr")
            # A body that folds to a constant (`fn f(p0) = i64(4)`) is one whatever its arguments.
            return Call(fn.name, tuple(args), user=True), result.with_(const=all_const or result.const)
        count = self.ch.integer(1, 3)
        args, facts = [], []
        for _ in range(count):
            a, fa = self.sub(want, dtype=self.ch.choice((want.dtype, want.dtype, "f32", "i32")))
            args.append(a)
            facts.append(fa)
        names = tuple(f"p{k}" for k in range(count))
        saved = self.env.scopes
        # A parameter may be passed a constant, which a division by it would fold: count
        # each as one, so none becomes a divisor.
        self.env.scopes = [
            {n: Binding(n, fa.with_(const=True), "param", locked=True) for n, fa in zip(names, facts, strict=True)}
        ]
        self.fn_body = True
        try:
            body, result = self.expr(want.with_(lit=False))  # a typed body, whatever the call site
        finally:
            self.fn_body = False
            self.env.scopes = saved
        fn = ExprFn(self.env.fresh("fn"), names, body)
        self.fns.append(fn)
        self.expr_fns.append(
            (fn, tuple(f.with_(const=False) for f in facts), result, self.env.level)
        )
        self.env.notes.add("fn_expr")
        return Call(fn.name, tuple(args), user=True), result.with_(const=result.const or all(f.const for f in facts))
