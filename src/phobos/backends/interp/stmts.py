"""Statements and control flow compiled to closures that run under an active mask.

A compiled statement is `f(frame, mask) -> mask`: it runs for the threads of `mask`
and returns the threads that carry on to the next statement. `break`, `continue` and
`return` remove threads from the mask; a loop takes back the threads that broke or
continued (never those that returned) when it is done or at its next turn.

- `if` runs each branch for the threads that take it, and skips a branch no thread
  takes (a tile statement in it must not run).
- `for` evaluates lo, hi and step once; a thread runs the body while its i < hi, and
  a non-positive step runs no iterations. An unrolled loop runs the same iterations.
- `while` re-tests the condition each turn for the threads still in the loop; a
  thread whose test fails has left it for good.
- Threads run in lockstep, so `barrier()` has nothing to do.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable

import numpy as np

from phobos.dtypes import numpy_dtype
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir

from . import debug, memory, tiles
from .exprs import Eval, ExprCompiler, uniform
from .frame import Frame
from .masks import Mask
from .tiles import Tile

Exec = Callable[[Frame, Mask], Mask]

# Tile expressions whose value is a new array that nothing else holds; any other (a
# variable's own tile, a transposed view of one) is copied before it is stored.
FRESH = (ir.Unary, ir.Binary, ir.Cast, ir.Math, ir.Select, ir.Load, ir.TileIndex,
         ir.Reduce, ir.Dot, ir.Softmax)


def jumps(s: ir.Stmt) -> bool:
    """Whether running `s` can take threads out of the mask."""
    match s:
        case ir.Break() | ir.Continue() | ir.Return():
            return True
        case ir.If(body=body, orelse=orelse):
            return any(map(jumps, body)) or any(map(jumps, orelse))
        case ir.For(body=body) | ir.While(body=body):
            return any(_returns(x) for x in body)
    return False


def _returns(s: ir.Stmt) -> bool:
    match s:
        case ir.Return():
            return True
        case ir.If(body=body, orelse=orelse):
            return any(map(_returns, body)) or any(map(_returns, orelse))
        case ir.For(body=body) | ir.While(body=body):
            return any(map(_returns, body))
    return False


class StmtCompiler(ExprCompiler):
    def block(self, body: list[ir.Stmt]) -> Exec:
        steps = [(self.stmt(s), jumps(s)) for s in body]
        empty = self.masks.empty

        def run(fr: Frame, m: Mask) -> Mask:
            for step, can_jump in steps:
                m = step(fr, m)
                if can_jump and m is empty:
                    return m
            return m

        return run

    def stmt(self, s: ir.Stmt) -> Exec:
        run: Exec = getattr(self, "s_" + type(s).__name__.lower())(s)
        largest = _largest_tile(s)
        if largest is None:
            return run
        what, vtype, span = largest
        size = tiles_bytes(vtype)

        def guarded(fr: Frame, m: Mask) -> Mask:
            try:
                return run(fr, m)
            except (MemoryError, ValueError) as exc:
                # numpy says "array is too big" with a ValueError past what an index can count
                if isinstance(exc, ValueError) and size <= sys.maxsize:
                    raise
                raise PhobosError(
                    f"the interpreter cannot hold {what} ({vtype}, {size} bytes) in this machine's memory",
                    span,
                ) from None

        return guarded

    # ------------------------------------------------------------ values

    def store_tile(self, sym: ir.Sym, value: ir.Expr | None) -> Exec:
        """A tile variable takes a new value and region; it owns its array."""
        k = self.slot(sym)
        shape, dtype = sym.vtype.shape, numpy_dtype(sym.vtype.dtype)
        if value is None:
            return self._set(k, lambda fr, m: Tile(np.zeros(shape, dtype), tiles.full(shape)))
        ev = self.expr(value)
        if not value.type.shape:
            return self._set(k, lambda fr, m: Tile(
                np.full(shape, uniform(ev(fr, m), m), dtype), tiles.full(shape)))
        owned = isinstance(value, FRESH) and value.type.shape == shape

        def make(fr: Frame, m: Mask) -> Tile:
            tile = ev(fr, m)
            if owned and tile.data.flags.c_contiguous and tile.data.flags.writeable:
                return tile
            tile = tiles.broadcast(tile, shape, dtype)
            return Tile(np.array(tile.data, order="C"), tile.region)

        return self._set(k, make)

    @staticmethod
    def _set(k: int, make: Eval) -> Exec:
        def run(fr: Frame, m: Mask) -> Mask:
            fr.vals[k] = make(fr, m)
            return m

        return run

    def s_decl(self, s: ir.Decl) -> Exec:
        if s.sym.vtype.shape:
            return self.store_tile(s.sym, s.init)
        assert s.init is not None
        # A fresh name: threads outside the mask never see it, so no merge is needed.
        return self._set(self.slot(s.sym), self.expr(s.init))

    def s_assign(self, s: ir.Assign) -> Exec:
        if s.sym.vtype.shape:
            return self.store_tile(s.sym, s.value)
        k, ev = self.slot(s.sym), self.expr(s.value)

        def run(fr: Frame, m: Mask) -> Mask:
            value = ev(fr, m)
            fr.vals[k] = value if m is None else np.where(m, value, fr.vals[k])
            return m

        return run

    def s_store(self, s: ir.Store) -> Exec:
        name = s.tensor
        return self.write(s.items, s.value, lambda fr: fr.launch.tensors[name])

    def s_tilestore(self, s: ir.TileStore) -> Exec:
        k = self.slot(s.sym)
        return self.write(s.items, s.value, lambda fr: fr.vals[k].data)

    def write(self, items: tuple[ir.Item, ...], value_expr: ir.Expr,
              target: Callable[[Frame], np.ndarray]) -> Exec:
        """A store into a tensor or a tile variable's array: one element per active
        thread, or (with a span or range) the present elements of a tile value."""
        value = self.expr(value_expr)
        if all(isinstance(it, ir.At) for it in items):
            index = [self.expr(it.index) for it in items if isinstance(it, ir.At)]
            threads = self.threads

            def scatter(fr: Frame, m: Mask) -> Mask:
                array = target(fr)
                flat, inside = memory.offsets(array.shape, [f(fr, m) for f in index])
                memory.store(array.reshape(-1), flat, inside, value(fr, m), m, threads)
                return m

            return scatter
        picks = self.picks(items)
        tiled, dtype = bool(value_expr.type.shape), numpy_dtype(value_expr.type.dtype)
        window = tuple(it.length for it in items if isinstance(it, ir.Window))

        def place(fr: Frame, m: Mask) -> Mask:
            v = value(fr, m)
            tiles.place(target(fr), picks(fr, m), tiles.broadcast(v if tiled else uniform(v, m), window, dtype))
            return m

        return place

    def s_eval(self, s: ir.Eval) -> Exec:
        ev = self.expr(s.expr)

        def run(fr: Frame, m: Mask) -> Mask:
            ev(fr, m)
            return m

        return run

    def s_barrier(self, s: ir.Barrier) -> Exec:
        return lambda fr, m: m

    def s_print(self, s: ir.Print) -> Exec:
        parts = [p if isinstance(p, str) else self.expr(p) for p in s.parts]
        return debug.print_stmt(s, parts, self.threads, self.kernel_name)

    def s_assert(self, s: ir.Assert) -> Exec:
        return debug.assert_stmt(s, self.expr(s.cond), self.threads, self.kernel_name)

    # ------------------------------------------------------------ control flow

    def s_if(self, s: ir.If) -> Exec:
        cond, then, orelse = self.expr(s.cond), self.block(s.body), self.block(s.orelse)
        masks = self.masks

        def run(fr: Frame, m: Mask) -> Mask:
            c = cond(fr, m)
            if not isinstance(c, np.ndarray):
                return then(fr, m) if c else orelse(fr, m)
            taken, other = masks.narrow(m, c), masks.narrow(m, ~c)
            if masks.active(taken):
                taken = then(fr, taken)
            if masks.active(other):
                other = orelse(fr, other)
            return masks.join(taken, other)

        return run

    def s_for(self, s: ir.For) -> Exec:
        lo, hi, step = self.expr(s.lo), self.expr(s.hi), self.expr(s.step)
        k, body, masks = self.slot(s.var), self.block(s.body), self.masks

        def run(fr: Frame, m: Mask) -> Mask:
            i, end, by = lo(fr, m), hi(fr, m), step(fr, m)
            forward = by > 0
            alive = m
            fr.breaks.append(None)
            while True:
                alive = masks.without(masks.without(alive, fr.breaks[-1]), fr.returned)
                fr.breaks[-1] = None
                alive = masks.narrow(alive, (i < end) & forward)
                if not masks.active(alive):
                    break
                fr.vals[k] = i
                body(fr, alive)
                i = i + by
            fr.breaks.pop()
            return masks.without(m, fr.returned)

        return run

    def s_while(self, s: ir.While) -> Exec:
        cond, body, masks = self.expr(s.cond), self.block(s.body), self.masks

        def run(fr: Frame, m: Mask) -> Mask:
            alive = m
            fr.breaks.append(None)
            while True:
                alive = masks.without(masks.without(alive, fr.breaks[-1]), fr.returned)
                fr.breaks[-1] = None
                if not masks.active(alive):
                    break
                alive = masks.narrow(alive, cond(fr, alive))
                if not masks.active(alive):
                    break
                body(fr, alive)
            fr.breaks.pop()
            return masks.without(m, fr.returned)

        return run

    def s_break(self, s: ir.Break) -> Exec:
        masks = self.masks

        def run(fr: Frame, m: Mask) -> Mask:
            fr.breaks[-1] = masks.add(fr.breaks[-1], m)
            return masks.empty

        return run

    def s_continue(self, s: ir.Continue) -> Exec:
        empty = self.masks.empty
        return lambda fr, m: empty

    def s_return(self, s: ir.Return) -> Exec:
        masks = self.masks

        def run(fr: Frame, m: Mask) -> Mask:
            fr.returned = masks.add(fr.returned, m)
            return masks.empty

        return run


def tiles_bytes(vtype: ir.VType) -> int:
    return numpy_dtype(vtype.dtype).itemsize * math.prod(vtype.shape)


def _largest_tile(s: ir.Stmt) -> tuple[str, ir.VType, Span] | None:
    """The largest tile a statement makes (its target, or a tile value it computes on
    the way), as a message names it; None where it makes none."""
    found: list[tuple[str, ir.VType, Span]] = []
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if sym.vtype.shape:
            found.append((f"tile `{sym.name}`", sym.vtype, s.span))
        case ir.Store(tensor=tensor, items=items, value=value):  # a scalar stored is spread over the window
            window = tuple(it.length for it in items if isinstance(it, ir.Window))
            if window:
                found.append((f"the window of `{tensor}` stored", ir.VType(value.type.dtype, window), s.span))
    for root in ir.stmt_exprs(s):
        found.extend((f"the tile value `{e.span.text()}`", e.type, e.span)
                     for e in ir.walk_expr(root) if e.type.shape)
    return max(found, key=lambda f: tiles_bytes(f[1]), default=None)


def compile_kernel(kernel: ir.Kernel) -> tuple[Exec, int]:
    """The kernel body as one closure, and the number of storage slots it uses."""
    compiler = StmtCompiler(kernel)
    body = compiler.block(kernel.body)
    return body, len(compiler.slots)

