"""Phobos expressions to Tile IR values, with the absent-element rule: each tile value
carries its present region (one interval a dim, folded to numbers where they are
known), elementwise results take the intersection of their operands' regions, and
reductions, softmax and dot select an identity where an element is absent.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from phobos.dtypes import F32, INDEX, DType, reduction_identity, reduction_neutral
from phobos.ir import nodes as ir

from . import arith
from . import model as m
from .emit import (
    NEAREST,
    NONE_OVERFLOW,
    SCALAR,
    SIGNED,
    Bound,
    Emitter,
    Lowered,
    Region,
    element_of,
    loc_of,
    padded,
    shape_of,
    tile,
)


def full_region(shape: tuple[int, ...]) -> Region:
    return tuple((0, n) for n in shape)


class Exprs:
    """The expression half of the lowering; lower.Lowering adds statements, the context
    values (`ctx_value`) and, through memory.Memory, tensor loads (`load`)."""

    e: Emitter
    env: dict[ir.Sym, Lowered]
    params: dict[str, m.Value]
    dims: dict[str, m.Value]
    aligned: dict[str, int]  # the @aligned promises: a runtime dim is a multiple of its number

    # ------------------------------------------------------------ dispatch

    def expr(self, x: ir.Expr) -> Lowered:
        with self.e.b.at(loc_of(x.span)):
            return self.lower_expr(x)

    def lower_expr(self, x: ir.Expr) -> Lowered:
        match x:
            case ir.Const(value=v):
                element = SCALAR[x.type.dtype.name]
                value = v if not (element.is_float and isinstance(v, int)) else float(v)
                shape = x.type.shape
                const = self.e.const(element, value, padded(shape))
                multiple = v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 and not shape else None
                return Lowered(const, x.type.dtype, full_region(shape) if shape else None, multiple)
            case ir.Read(sym=sym):
                return self.env[sym]
            case ir.Iota(axis=axis):
                held = padded(x.type.shape)
                return Lowered(self.e.along(self.e.iota(held[axis]), axis, held), INDEX, full_region(x.type.shape))
            case ir.ParamRef(name=name):
                return Lowered(self.params[name], x.type.dtype)
            case ir.DimRef(name=name):
                return Lowered(self.dims[name], INDEX, multiple=self.aligned[name])
            case ir.CtxRef(field_name=f):
                return Lowered(self.ctx_value(f), INDEX, multiple=1)  # a block id or the grid's extent
            case ir.Binary(op="+", left=a, right=ir.Dot() as d) if d.type == x.type:
                return self.dot(d, a)
            case ir.Binary(op="+", left=ir.Dot() as d, right=a) if d.type == x.type:
                return self.dot(d, a)
            case ir.Unary() | ir.Binary() | ir.Math() | ir.Select() | ir.Cast():
                return self.elementwise(x)
            case ir.Load():
                return self.load(x)
            case ir.Reduce():
                return self.reduce(x)
            case ir.Dot():
                return self.dot(x, None)
            case ir.Softmax(operand=t):
                return self.softmax(self.expr(t), x.type.dtype)
            case ir.Transpose(operand=t):
                return self.transpose(self.expr(t))
            case ir.TileIndex(base=base, items=items) if self.whole(items, x.type.shape, base.type.shape):
                return self.expr(base)
            case ir.TileIndex(base=base, items=items) if not x.type.shape:
                return self.element(self.expr(base), [self.expr(it.index).value for it in items])  # type: ignore[union-attr]
            case ir.TileIndex(base=base, items=items):
                t = self.expr(base)
                starts = [self.expr(it.index if isinstance(it, ir.At) else it.start) for it in items]
                return self.tile_window(t, items, starts, x.type.shape)
        raise AssertionError(f"the refusals should have named {type(x).__name__}")

    @staticmethod
    def whole(items: tuple[ir.Item, ...], shape: tuple[int, ...], base: tuple[int, ...]) -> bool:
        """Whether a subscript of a tile selects all of it, in place."""
        return shape == base and all(
            isinstance(it, ir.Window) and isinstance(it.start, ir.Const) and it.start.value == 0 for it in items
        )

    def element(self, t: Lowered, index: list[m.Value]) -> Lowered:
        """One element of a tile, at indices the same in every thread: 0 where it is
        absent or outside the tile."""
        e = self.e
        assert t.region is not None
        present: m.Value | None = None
        places = []
        for d, (i, (lo, hi)) in enumerate(zip(index, t.region, strict=True)):
            inside = e.b.one("andi", tile(m.I1), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", i, e.index(lo)),
                             rhs=e.cmpi("LESS_THAN", i, e.index(hi)))
            present = inside if present is None else e.b.one("andi", inside.type, lhs=present, rhs=inside)
            kept = e.clamp(i, 0, t.shape[d] - 1)  # an index outside would make `extract` undefined
            places.append(e.b.one("trunci", tile(m.I32), from_=e.index(kept), overflow=NONE_OVERFLOW))
        element = element_of(t.value)
        one = e.b.one("extract", tile(element, (1,) * len(t.shape)), source=t.value, indices=tuple(places))
        value = e.reshape(one, ())
        zero = e.const(element, False if element == m.I1 else 0.0 if element.is_float else 0)
        return Lowered(e.select(present, value, zero), t.dtype)

    # ------------------------------------------------------------ regions and broadcasting

    def present(self, lo: Bound, hi: Bound) -> m.Value | bool:
        lo, hi = self.e.fold(lo), self.e.fold(hi)
        if isinstance(lo, int) and isinstance(hi, int):
            return lo < hi
        return self.e.cmpi("LESS_THAN", self.e.index(lo), self.e.index(hi))

    def select_bound(self, cond: m.Value | bool, a: Bound, b: Bound) -> Bound:
        if isinstance(cond, bool):
            return a if cond else b
        if isinstance(a, int) and isinstance(b, int) and a == b:
            return a
        return self.e.select(cond, self.e.index(a), self.e.index(b))

    def widened(self, v: Lowered, shape: tuple[int, ...]) -> Lowered:
        """`v` broadcast to the (Phobos) `shape`, with the region the absent-element rule
        gives it: a uniform scalar is present everywhere; along a dim of extent 1 that is
        repeated, a present element covers the whole extent and an absent one stays absent."""
        if v.region is None:
            return Lowered(self.e.broadcast(v.value, padded(shape)), v.dtype, full_region(shape))
        have = v.shape
        pad = len(shape) - len(have)
        region: list[tuple[Bound, Bound]] = []
        for d, n in enumerate(shape):
            if d < pad:
                region.append((0, n))
                continue
            lo, hi = v.region[d - pad]
            if have[d - pad] == 1 and n > 1:
                region.append((0, self.select_bound(self.present(lo, hi), n, 0)))
            else:
                region.append((lo, hi))
        return Lowered(self.e.broadcast(v.value, padded(shape)), v.dtype, tuple(region))

    def intersect(self, regions: list[Region], shape: tuple[int, ...]) -> Region | None:
        if not shape:
            return None
        out = []
        for d, n in enumerate(shape):
            lo: Bound = 0
            hi: Bound = n
            for r in regions:
                lo = self.e.bound_op("maxi", lo, r[d][0])
                hi = self.e.bound_op("mini", hi, r[d][1])
            out.append((lo, hi))
        return tuple(out)

    # ------------------------------------------------------------ elementwise

    def elementwise(self, x: ir.Expr) -> Lowered:
        shape = x.type.shape
        operands = [self.expr(c) for c in x.children()]
        tiles = [o.region is not None for o in operands]
        widened = [self.widened(o, shape) if shape else o for o in operands]
        region = self.intersect([w.region for w, t in zip(widened, tiles, strict=True) if t and w.region], shape)
        values = [w.value for w in widened]
        e = self.e
        match x:
            case ir.Unary(op=op, operand=a):
                out = arith.unary(e, op, a.type.dtype, values[0])
            case ir.Binary(op=op, left=a):
                out = arith.binary(e, op, a.type.dtype, values[0], values[1])
            case ir.Math(fn=fn, args=args):
                out = arith.math(e, fn, args[0].type.dtype, values)
            case ir.Select():
                out = e.select(values[0], values[1], values[2])
            case ir.Cast(operand=a):
                out = arith.cast(e, values[0], a.type.dtype, x.type.dtype)
            case _:
                raise AssertionError(type(x).__name__)
        return Lowered(out, x.type.dtype, region, self.multiple_of(x, operands))

    @staticmethod
    def multiple_of(x: ir.Expr, operands: list[Lowered]) -> int | None:
        """What an index sum or product is a non-negative multiple of, where its operands say."""
        if x.type.shape or any(o.multiple is None for o in operands):
            return None
        match x:
            case ir.Binary(op="+"):
                return math.gcd(operands[0].multiple, operands[1].multiple)  # type: ignore[arg-type]
            case ir.Binary(op="*"):
                return operands[0].multiple * operands[1].multiple  # type: ignore[operator]
            case ir.Cast(operand=a) if a.type.dtype.is_int and x.type.dtype.is_int:
                return operands[0].multiple if x.type.dtype.bits >= a.type.dtype.bits else None
        return None

    # ------------------------------------------------------------ reductions

    def combiner(self, op: str, element: m.Scalar) -> m.Block:
        """The region of a `reduce`: two rank-0 elements in, their sum, max or min out."""
        a, b = m.Value(tile(element)), m.Value(tile(element))
        block = m.Block([a, b])
        with self.e.inside(block):
            if element.is_float:
                fields: dict = {"lhs": a, "rhs": b}
                if op == "sum":
                    fields["rounding_mode"] = NEAREST
                r = self.e.b.one({"sum": "addf", "max": "maxf", "min": "minf"}[op], a.type, **fields)
            elif op == "sum":
                r = self.e.b.one("addi", a.type, lhs=a, rhs=b, overflow=NONE_OVERFLOW)
            else:
                r = self.e.b.one(op + "i", a.type, lhs=a, rhs=b, signedness=SIGNED)
            self.e.b.op("yield", [], {"operands": (r,)})
        return block

    def reduce_dim(self, v: m.Value, dim: int, op: str, dtype: DType) -> m.Value:
        """`v` reduced along `dim`, which goes away."""
        element = element_of(v)
        shape = list(v.type.shape)  # type: ignore[union-attr]
        del shape[dim]
        ident = m.TypedNumber(element, reduction_neutral(op, dtype))
        return self.e.b.op(
            "reduce", [tile(element, shape)], {"operands": (v,)},
            {"dim": m.Int(dim), "identities": m.Array((ident,))}, [self.combiner(op, element)],
        )[0]

    def masked(self, v: Lowered, fill: int | float, dims: list[int] | None) -> m.Value:
        """`v`'s value with `fill` where it is absent (along `dims`, or in any dim)."""
        assert v.region is not None
        mask = self.e.region_mask(v.shape, v.region, dims)
        if mask is None:
            return v.value
        return self.e.select(mask, v.value, self.e.const(element_of(v.value), fill, v.shape))

    def reduce(self, x: ir.Reduce) -> Lowered:
        t = self.expr(x.operand)
        dtype = x.type.dtype  # a 16-bit float sums in f32 and rounds once; max and min are exact in it
        work = F32 if dtype.is_float and dtype.bits == 16 else dtype
        v = t.value
        if t.dtype != work:
            v = arith.cast(self.e, v, t.dtype, work)
        t = Lowered(v, work, t.region)
        fill = reduction_neutral(x.op, work)
        if x.axis is None:
            flat = self.e.reshape(self.masked(t, fill, None), (prod(t.shape),))
            out = self.unless_empty(self.reduce_dim(flat, 0, x.op, work), t, range(len(t.shape)), x.op)
            return Lowered(arith.narrow(self.e, out, dtype), dtype)
        assert t.region is not None
        out = self.reduce_dim(self.masked(t, fill, [x.axis]), x.axis, x.op, work)
        out = self.unless_empty(self.e.reshape(out, padded(x.type.shape)), t, [x.axis], x.op)
        region = tuple((0, 1) if d == x.axis else r for d, r in enumerate(t.region))
        return Lowered(arith.narrow(self.e, out, dtype), dtype, region)

    def unless_empty(self, out: m.Value, t: Lowered, dims: Sequence[int], op: str) -> m.Value:
        """A reduction's result, or the identity where `t` has nothing present along
        `dims`: a float max or min starts from NaN, which a reduction of nothing keeps."""
        if op == "sum" or not t.dtype.is_float or t.region is None:
            return out
        found = [self.present(*t.region[d]) for d in dims]
        fallback = self.e.const(element_of(out), reduction_identity(op, t.dtype), shape_of(out))
        if any(f is False for f in found):
            return fallback
        conds = [f for f in found if isinstance(f, m.Value)]
        if not conds:
            return out
        present = conds[0]
        for c in conds[1:]:
            present = self.e.b.one("andi", c.type, lhs=present, rhs=c)
        return self.e.select(self.e.broadcast(present, shape_of(out)), out, fallback)

    def softmax(self, t: Lowered, dtype: DType) -> Lowered:
        """Along the last axis, over the present elements; absent ones stay absent."""
        assert t.region is not None
        e = self.e
        last = len(t.shape) - 1
        x = arith.widen(e, t.value, t.dtype)
        wide = Lowered(x, F32 if t.dtype.bits == 16 else t.dtype, t.region)
        kept = list(t.shape[:-1]) + [1]
        top = e.broadcast(e.reshape(self.reduce_dim(self.masked(wide, float("-inf"), [last]), last, "max", wide.dtype),
                                    kept), t.shape)
        ex = e.b.one("exp", x.type, source=e.b.one("subf", x.type, lhs=x, rhs=top, rounding_mode=NEAREST),
                     rounding_mode=e.rounding(m.Enum("RoundingMode", "FULL"), x))
        ex_l = Lowered(ex, wide.dtype, t.region)
        total = e.broadcast(e.reshape(self.reduce_dim(self.masked(ex_l, 0.0, [last]), last, "sum", wide.dtype), kept),
                            t.shape)
        out = e.b.one("divf", x.type, lhs=ex, rhs=total, rounding_mode=e.rounding(NEAREST, x))
        return Lowered(arith.narrow(e, out, dtype), dtype, t.region)

    def transpose(self, t: Lowered) -> Lowered:
        assert t.region is not None
        order = tuple(reversed(range(len(t.shape))))
        out = self.e.b.one(
            "permute", tile(element_of(t.value), tuple(t.shape[d] for d in order)),
            source=t.value, permutation=m.I32Array(order),
        )
        return Lowered(out, t.dtype, tuple(t.region[d] for d in order))

    # ------------------------------------------------------------ matrix products

    def dot(self, x: ir.Dot, acc_expr: ir.Expr | None) -> Lowered:
        """dot(a, b), plus `acc_expr` where the product is added to one: the sum runs over
        the k present in both a's columns and b's rows."""
        a, b = self.expr(x.left), self.expr(x.right)
        assert a.region is not None and b.region is not None
        e = self.e
        dtype = x.type.dtype
        shape = x.type.shape
        k_lo = e.bound_op("maxi", a.region[1][0], b.region[0][0])
        k_hi = e.bound_op("mini", a.region[1][1], b.region[0][1])
        operand = a.dtype if a.dtype == b.dtype else dtype
        av = a.value if a.dtype == operand else arith.cast(e, a.value, a.dtype, operand)
        bv = b.value if b.dtype == operand else arith.cast(e, b.value, b.dtype, operand)
        zero: int | float = 0.0 if operand.is_float else 0
        if not (1 in a.zeroed and 0 in b.zeroed and same_bounds(a.region[1], b.region[0])):
            # Where both are zero outside one k range already (two loads of the same k
            # window, as a GEMM loop makes), masking them again would only cost: tileiras
            # then takes the operands through registers instead of straight to the MMA.
            av = e.select(e.in_interval(1, a.shape, k_lo, k_hi), av, e.const(element_of(av), zero, a.shape))
            bv = e.select(e.in_interval(0, b.shape, k_lo, k_hi), bv, e.const(element_of(bv), zero, b.shape))
        region: Region = ((a.region[0]), (b.region[1]))
        if acc_expr is None:
            acc = e.const(SCALAR[dtype.name], 0.0 if dtype.is_float else 0, padded(shape))
        else:
            acc_l = self.widened(self.expr(acc_expr), shape)
            assert acc_l.region is not None
            acc = acc_l.value
            region = self.intersect([region, acc_l.region], shape)  # type: ignore[assignment]
        if operand.is_float:
            out = e.b.one("mmaf", acc.type, lhs=av, rhs=bv, acc=acc)
        else:
            # The machine's integer MMA saturates its accumulator, where Phobos's sums wrap:
            # one tile's products cannot overflow i32, so add them to the sum after, wrapping.
            zeros = e.const(m.I32, 0, acc.type.shape)  # type: ignore[union-attr]
            out = e.b.one("mmai", acc.type, lhs=av, rhs=bv, acc=zeros, signedness_lhs=SIGNED, signedness_rhs=SIGNED)
            if acc_expr is not None:
                out = e.int_op("addi", acc, out)
        return Lowered(out, dtype, region)


def same_bounds(x: tuple[Bound, Bound], y: tuple[Bound, Bound]) -> bool:
    """Whether two ranges are the same bounds: equal numbers, or one value."""
    return all(p is q or (isinstance(p, int) and p == q) for p, q in zip(x, y, strict=True))


def prod(shape: tuple[int, ...]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n
