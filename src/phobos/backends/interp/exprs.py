"""Expressions compiled to Python closures, once per kernel variant.

A compiled expression is `f(frame, mask) -> value`. A per-thread scalar is a numpy
array over the CTA's threads, or a numpy scalar when every thread holds the same
value (literals, parameters, uniform arithmetic), which numpy broadcasts for free.
A tile is a `Tile`. The mask matters only to atomics (inactive threads must not act)
and to picking the copy of a uniform scalar that a tile operation uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from phobos.dtypes import numpy_dtype
from phobos.ir import nodes as ir

from . import collectives, memory, numerics, tiles
from .atomics import atomic
from .frame import Frame
from .masks import Mask, Masks, first_active
from .tiles import Pick, Tile
from .types import constant, neutral

Eval = Callable[[Frame, Mask], Any]
# Reads each thread's element of a tile-valued expression at its own position, giving
# 0 where the position is invalid, outside the tile, or absent.
Reader = Callable[[Frame, Mask, list, Any], Any]

CTX_AXES = {"x": 0, "y": 1, "z": 2}


def uniform(value: Any, mask: Mask) -> Any:
    """The value a uniform scalar has (in the lowest active thread)."""
    if isinstance(value, np.ndarray):
        return value[first_active(mask)]
    return value


class ExprCompiler:
    def __init__(self, kernel: ir.Kernel):
        self.kernel_name = kernel.name
        self.threads = kernel.threads
        self.masks = Masks(kernel.threads)
        self.slots: dict[ir.Sym, int] = {}

    def slot(self, sym: ir.Sym) -> int:
        return self.slots.setdefault(sym, len(self.slots))

    def expr(self, e: ir.Expr) -> Eval:
        method = getattr(self, "e_" + type(e).__name__.lower())
        return method(e)

    # ------------------------------------------------------------ leaves

    def e_const(self, e: ir.Const) -> Eval:
        value = constant(e.value, e.type.dtype)
        return lambda fr, m: value

    def e_read(self, e: ir.Read) -> Eval:
        k = self.slot(e.sym)
        return lambda fr, m: fr.vals[k]

    def e_paramref(self, e: ir.ParamRef) -> Eval:
        name = e.name
        return lambda fr, m: fr.launch.params[name]

    def e_dimref(self, e: ir.DimRef) -> Eval:
        name = e.name
        return lambda fr, m: fr.launch.dims[name]

    def e_ctxref(self, e: ir.CtxRef) -> Eval:
        field = e.field_name
        t = np.arange(self.threads, dtype=np.int64)
        if field in ("thread", "lane", "warp"):
            value = {"thread": t, "lane": t % 32, "warp": t // 32}[field]
            value.flags.writeable = False
            return lambda fr, m: value
        what, axis = field.split(".")
        k = CTX_AXES[axis]
        if what == "block":
            return lambda fr, m: fr.block[k]
        return lambda fr, m: fr.launch.grid[k]

    # ------------------------------------------------------------ elementwise

    def elementwise(self, e: ir.Expr, fn: Callable[..., Any], args: tuple[ir.Expr, ...]) -> Eval:
        evals = [self.expr(a) for a in args]
        if not e.type.shape:
            if len(evals) == 1:
                (a,) = evals
                return lambda fr, m: fn(a(fr, m))
            if len(evals) == 2:
                a, b = evals
                return lambda fr, m: fn(a(fr, m), b(fr, m))
            return lambda fr, m: numerics.scalar_if_0d(fn(*(f(fr, m) for f in evals)))
        shape = e.type.shape
        tiled = [bool(a.type.shape) for a in args]

        def run(fr: Frame, m: Mask) -> Tile:
            ops = [f(fr, m) if t else uniform(f(fr, m), m) for f, t in zip(evals, tiled, strict=True)]
            return tiles.elementwise(fn, ops, shape)

        return run

    def e_unary(self, e: ir.Unary) -> Eval:
        return self.elementwise(e, numerics.unary(e.op, e.type.dtype), (e.operand,))

    def e_binary(self, e: ir.Binary) -> Eval:
        dtype = e.left.type.dtype
        if (e.op in ("/", "%") and dtype.is_int and isinstance(e.right, ir.Const)
                and int(e.right.value) not in (0, -1)):
            fn = numerics.by_constant(e.op, int(e.right.value))
        else:
            fn = numerics.binary(e.op, dtype)
        return self.elementwise(e, fn, (e.left, e.right))

    def e_cast(self, e: ir.Cast) -> Eval:
        return self.elementwise(e, numerics.cast(e.operand.type.dtype, e.type.dtype), (e.operand,))

    def e_math(self, e: ir.Math) -> Eval:
        if len(e.args) == 2:
            return self.elementwise(e, numerics.min_max(e.fn, e.type.dtype), e.args)
        return self.elementwise(e, numerics.math1(e.fn, e.type.dtype), e.args)

    def e_select(self, e: ir.Select) -> Eval:
        return self.elementwise(e, np.where, (e.cond, e.if_true, e.if_false))

    # ------------------------------------------------------------ windows and elements

    def item_parts(self, items: tuple[ir.Item, ...]) -> list[tuple[Eval, int | None]]:
        """Each subscript as (its index or start, its length; None for an index)."""
        return [
            (self.expr(it.index), None) if isinstance(it, ir.At) else (self.expr(it.start), it.length)
            for it in items
        ]

    def picks(self, items: tuple[ir.Item, ...]) -> Callable[[Frame, Mask], list[Pick]]:
        """The uniform subscripts of a tile statement, as plain ints."""
        parts = self.item_parts(items)

        def run(fr: Frame, m: Mask) -> list[Pick]:
            return [(int(uniform(f(fr, m), m)), n) for f, n in parts]

        return run

    def positions(self, items: tuple[ir.Item, ...]) -> Callable[[Frame, Mask, list, Any], tuple[list, Any]]:
        """Map each thread's position in a window to a position in what it windows.

        An index item contributes its own value; a span contributes start + p, where
        p (the thread's position along that dim of the window) must lie in [0, length).
        """
        parts = self.item_parts(items)

        def run(fr: Frame, m: Mask, pos: list, valid: Any) -> tuple[list, Any]:
            out = []
            inner = iter(pos)
            for f, n in parts:
                v = f(fr, m)
                if n is None:
                    out.append(v)
                else:
                    p = next(inner)
                    valid = valid & (p >= 0) & (p < n)
                    out.append(v + p)
            return out, valid

        return run

    def reader(self, e: ir.Expr) -> Reader:
        """Per-thread element reads of a tile-valued expression, without building the
        tile where it is a window of a tensor or of a tile variable (a `let` view)."""
        if isinstance(e, ir.Load):
            name = e.tensor
            where = self.positions(e.items)

            def read_tensor(fr: Frame, m: Mask, pos: list, valid: Any) -> Any:
                coords, valid = where(fr, m, pos, valid)
                flat, inside = memory.offsets(fr.launch.tensors[name].shape, coords)
                return memory.load(fr.launch.flat[name], flat, inside & valid)

            return read_tensor
        if isinstance(e, ir.TileIndex) and e.type.shape:
            base = self.reader(e.base)
            where = self.positions(e.items)

            def read_window(fr: Frame, m: Mask, pos: list, valid: Any) -> Any:
                coords, valid = where(fr, m, pos, valid)
                return base(fr, m, coords, valid)

            return read_window
        tile = self.expr(e)

        def read_tile(fr: Frame, m: Mask, pos: list, valid: Any) -> Any:
            return tiles.gather(tile(fr, m), pos, valid)

        return read_tile

    def e_load(self, e: ir.Load) -> Eval:
        if not e.type.shape:
            read = self.reader(e)
            return lambda fr, m: read(fr, m, [], np.bool_(True))
        name = e.tensor
        picks = self.picks(e.items)

        def load(fr: Frame, m: Mask) -> Tile:
            array = fr.launch.tensors[name]
            return tiles.extract(array, tiles.full(array.shape), picks(fr, m))

        return load

    def e_tileindex(self, e: ir.TileIndex) -> Eval:
        if not e.type.shape:
            read = self.reader(e.base)
            index = [self.expr(it.index) for it in e.items]  # all `At`
            return lambda fr, m: read(fr, m, [f(fr, m) for f in index], np.bool_(True))
        base = self.expr(e.base)
        picks = self.picks(e.items)

        def window(fr: Frame, m: Mask) -> Tile:
            tile = base(fr, m)
            return tiles.extract(tile.data, tile.region, picks(fr, m))

        return window

    # ------------------------------------------------------------ whole-tile operations

    def e_reduce(self, e: ir.Reduce) -> Eval:
        x = self.expr(e.operand)
        op, axis, result = e.op, e.axis, numpy_dtype(e.type.dtype)
        # A sum of f16, bf16 or i8 accumulates in the wider type the ir gives it.
        widen = None if e.operand.type.dtype == e.type.dtype else numerics.cast(
            e.operand.type.dtype, e.type.dtype)

        def run(fr: Frame, m: Mask) -> Any:
            tile = x(fr, m)
            if widen is not None:
                tile = Tile(widen(tile.data), tile.region)
            return tiles.reduce(op, tile, axis, result)

        return run

    def e_dot(self, e: ir.Dot) -> Eval:
        a, b = self.expr(e.left), self.expr(e.right)
        result = numpy_dtype(e.type.dtype)
        return lambda fr, m: tiles.dot(a(fr, m), b(fr, m), result)

    def e_softmax(self, e: ir.Softmax) -> Eval:
        x = self.expr(e.operand)
        return lambda fr, m: tiles.softmax(x(fr, m))

    def e_iota(self, e: ir.Iota) -> Eval:
        shape, axis = e.type.shape, e.axis
        lined = [1] * len(shape)
        lined[axis] = shape[axis]
        made: list[Tile] = []

        def run(fr: Frame, m: Mask) -> Tile:
            # Made at its first run, where the statement's guard turns a tile too large for
            # this machine into the user's error; read-only: a statement that keeps it copies it.
            if not made:
                data = np.broadcast_to(np.arange(shape[axis], dtype=np.int64).reshape(lined), shape)
                made.append(Tile(data, tiles.full(shape)))
            return made[0]

        return run

    def e_transpose(self, e: ir.Transpose) -> Eval:
        x = self.expr(e.operand)
        return lambda fr, m: tiles.transpose(x(fr, m))

    # ------------------------------------------------------------ collectives

    def e_lanereduce(self, e: ir.LaneReduce) -> Eval:
        x = self.expr(e.operand)
        dtype = e.type.dtype
        combine = numerics.binary("+", dtype) if e.op == "sum" else numerics.min_max(e.op, dtype)
        threads, width = self.threads, e.width
        if e.over == "thread":
            pad = neutral(e.op, numpy_dtype(dtype))
            return lambda fr, m: collectives.reduce_threads(
                memory.per_thread(x(fr, m), threads), combine, pad)
        return lambda fr, m: collectives.reduce_lanes(
            memory.per_thread(x(fr, m), threads), width, combine)

    def e_shuffle(self, e: ir.Shuffle) -> Eval:
        x = self.expr(e.operand)
        threads, width = self.threads, e.width
        if e.mode == "idx":
            k = self.expr(e.arg)

            def by_index(fr: Frame, m: Mask) -> Any:
                v = x(fr, m)
                if not isinstance(v, np.ndarray):
                    return v  # every lane holds the same value
                return v[collectives.source_by_index(k(fr, m), width, threads)]

            return by_index
        assert isinstance(e.arg, ir.Const)
        src = collectives.source_lanes(e.mode, int(e.arg.value), width, threads)

        def fixed(fr: Frame, m: Mask) -> Any:
            v = x(fr, m)
            return v[src] if isinstance(v, np.ndarray) else v

        return fixed

    # ------------------------------------------------------------ atomics

    def e_atomic(self, e: ir.Atomic) -> Eval:
        index = [self.expr(it.index) for it in e.items]  # all `At`
        value = self.expr(e.value)
        compare = self.expr(e.compare) if e.compare is not None else None
        op, threads = e.op, self.threads
        if e.tile is None:
            name = e.target

            def target(fr: Frame, coords: list) -> tuple[np.ndarray, Any, Any]:
                flat, inside = memory.offsets(fr.launch.tensors[name].shape, coords)
                return fr.launch.flat[name], flat, inside
        else:
            k = self.slot(e.tile)

            def target(fr: Frame, coords: list) -> tuple[np.ndarray, Any, Any]:
                # An absent element of a tile is never observed, so acting on one is
                # dropped, like acting outside the tile.
                tile: Tile = fr.vals[k]
                flat, _ = memory.offsets(tile.data.shape, coords)
                inside = np.bool_(True)
                for (lo, hi), c in zip(tile.region, coords, strict=True):
                    inside = inside & (c >= lo) & (c < hi)
                return tile.data.reshape(-1), flat, inside

        def run(fr: Frame, m: Mask) -> np.ndarray:
            flat_array, flat, inside = target(fr, [f(fr, m) for f in index])
            cmp = compare(fr, m) if compare is not None else None
            return atomic(op, flat_array, flat, inside, value(fr, m), cmp, m, threads)

        return run
