"""Control flow on values the same in every thread: `for`, `while` and `if` as Tile
IR's `for`, `loop` and `if`, each carrying the variables it assigns (their regions
too, where they change in it) and two memory tokens: the last write's, which loads
wait on, and one after every read since, which writes wait on (so that the loads of
one iteration do not wait on those of the one before); and the jumps out of them.

A body is lowered once with the regions it starts with; where it leaves a variable
with another region (at its end, or at a `break` or `continue`), the variable's bounds
join what is carried and the body is lowered again. A `for` with a `break` becomes a
`loop` that carries its variable; a `while` is a `loop` that tests first. A `return`
ends the kernel from an `if` outside any loop (Tile IR returns from no loop).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from phobos.dtypes import INDEX
from phobos.ir import nodes as ir

from . import model as m
from .emit import Bound, Emitter, Floor, Lowered, Region, tile


def assigned(body: list[ir.Stmt]) -> list[ir.Sym]:
    """The variables `body` assigns that live outside it, in program order."""
    declared = {s.sym for s in ir.walk_stmts(body) if isinstance(s, ir.Decl)}
    out: list[ir.Sym] = []
    for s in ir.walk_stmts(body):
        if isinstance(s, ir.Assign | ir.TileStore) and s.sym not in declared and s.sym not in out:
            out.append(s.sym)
    return out


def touches_memory(body: list[ir.Stmt]) -> bool:
    """Whether `body` reads or writes memory: tensors, or the scratch a window of a tile uses."""
    for s in ir.walk_stmts(body):
        if isinstance(s, ir.Store | ir.TileStore):
            return True
        if any(isinstance(x, ir.Load | ir.TileIndex) for x in ir.stmt_nodes(s)):
            return True
    return False


def own_jumps(body: list[ir.Stmt]) -> list[ir.Stmt]:
    """The `break`s and `continue`s that leave this loop, not a loop inside it."""
    out: list[ir.Stmt] = []
    for s in body:
        match s:
            case ir.Break() | ir.Continue():
                out.append(s)
            case ir.If(body=a, orelse=b):
                out += own_jumps(a) + own_jumps(b)
    return out


@dataclass
class Loop:
    """What a jump out of the innermost loop needs: what the loop carries, the regions
    it started with, and (for a `for` become a `loop`) the next turn's variable."""

    syms: list[ir.Sym]
    dynamic: set[ir.Sym]
    memory: bool
    before: dict[ir.Sym, Region | None]
    head: list[m.Value] = field(default_factory=list)  # carried ahead of the variables: a `loop`'s counter
    step: Callable[[], list[m.Value]] | None = None  # the counter's next value, for a `continue`
    changed: set[ir.Sym] = field(default_factory=set)
    carried: dict[ir.Sym, Region] = field(default_factory=dict)  # the regions' bounds as the body receives them
    left: list[dict[ir.Sym, Region]] = field(default_factory=list)  # the carried regions at each jump out or on


class Flow:
    """The control-flow part of the lowering (lower.Lowering)."""

    e: Emitter
    env: dict[ir.Sym, Lowered]
    token: m.Value
    reads: list[m.Value]
    loops: list[Loop]

    # ------------------------------------------------------------ what is carried

    def flatten(self, syms: list[ir.Sym], dynamic: set[ir.Sym], memory: bool) -> list[m.Value]:
        """What a loop or branch carries: each variable's value, the bounds of the regions
        that change, and the token."""
        out: list[m.Value] = []
        for sym in syms:
            v = self.env[sym]
            out.append(v.value)
            if sym in dynamic:
                assert v.region is not None
                out += [self.e.index(b) for bounds in v.region for b in bounds]
        if memory:  # two tokens: the last write's, that loads wait on, and one after every read since
            reads = self.reads
            joined = reads[0] if len(reads) == 1 else (
                self.e.b.one("join_tokens", m.Token(), tokens=tuple(reads)) if reads else self.token)
            out += [self.token, joined]
        return out

    def bind(self, syms: list[ir.Sym], dynamic: set[ir.Sym], values: list[m.Value], memory: bool,
             regions: dict[ir.Sym, Region | None]) -> None:
        """Give the carried variables `values` (a block's arguments or an op's results)."""
        it = iter(values)
        for sym in syms:
            value = next(it)
            region = regions[sym]
            if sym in dynamic:
                assert region is not None
                flat = [next(it) for _ in range(2 * len(region))]
                region = tuple((flat[2 * d], flat[2 * d + 1]) for d in range(len(region)))
            self.env[sym] = Lowered(value, sym.vtype.dtype, region)
        if memory:
            self.token = next(it)
            self.reads = [next(it)]

    def leaving(self, loop: Loop) -> list[m.Value]:
        """What a jump passes on; a region unlike the loop's start is noted, to be carried."""
        loop.changed |= {s for s in loop.syms if s not in loop.dynamic and self.env[s].region != loop.before[s]}
        loop.left.append({s: self.env[s].region for s in loop.dynamic})  # type: ignore[misc]
        return self.flatten(loop.syms, loop.dynamic, loop.memory)

    # ------------------------------------------------------------ jumps

    def jump(self, s: ir.Break | ir.Continue | ir.Return) -> None:
        b = self.e.b
        if isinstance(s, ir.Return):
            b.op("return", [])
            return
        loop = self.loops[-1]
        if isinstance(s, ir.Break):
            b.op("break", [], {"operands": (*loop.head, *self.leaving(loop))})
        else:
            head = loop.step() if loop.step else []
            b.op("continue", [], {"operands": (*head, *self.leaving(loop))})

    def block(self, body: list[ir.Stmt]) -> bool:
        """Lower a block's statements; whether control reaches its end (no jump left it)."""
        for s in body:
            if not self.stmt(s):  # type: ignore[attr-defined]
                return False
        return True

    # ------------------------------------------------------------ loops

    def lower_loop(self, syms: list[ir.Sym], memory: bool, body: Callable[[Loop, list[m.Value]], None],
                   kind: str, head_init: tuple[m.Value, ...] = (), bounds: dict | None = None) -> None:
        """The shared shape of every loop: lower `body` (given the block's leading
        arguments: a `for`'s variable, or what a `loop` carries ahead of the variables)
        until the regions it leaves agree with what is carried."""
        dynamic: set[ir.Sym] = set()
        while True:
            outer = dict(self.env)
            init = self.flatten(syms, dynamic, memory)
            token, reads = self.token, list(self.reads)
            before = {sym: outer[sym].region for sym in syms}
            leading = [m.Value(tile(m.I64))] if kind == "for" else [m.Value(v.type) for v in head_init]
            args = [m.Value(v.type) for v in init]
            block = m.Block([*leading, *args])
            loop = Loop(syms, dynamic, memory, before)
            with self.e.inside(block):
                self.bind(syms, dynamic, args, memory, before)
                loop.carried = {sym: self.env[sym].region for sym in dynamic}  # type: ignore[misc]
                self.loops.append(loop)
                try:
                    body(loop, leading)
                finally:
                    self.loops.pop()
            self.env, self.token, self.reads = outer, token, reads
            if not loop.changed:
                break
            dynamic |= loop.changed  # carry those regions' bounds too, and lower the body again
        if kind == "for":
            assert bounds is not None
            results = self.e.b.op("for", [v.type for v in init], {**bounds, "initValues": tuple(init)}, {}, [block])
        else:
            carried = (*head_init, *init)
            results = self.e.b.op("loop", [v.type for v in carried], {"initValues": carried}, {}, [block])
            results = results[len(head_init):]
        self.bind(syms, dynamic, results, memory, before)
        self.floors(loop, block)

    def floors(self, loop: Loop, block: m.Block) -> None:
        """What a loop's carried regions are known to stay within, from the regions at its
        start and at each jump: an end that every turn leaves as it found it or clamps by
        bounds made before the loop (`acc += dot(...)` intersects the accumulator's region
        with its operands' rows and columns, the same every turn) stays at or above the
        least of its start and those bounds, whatever the turns; a start likewise at or
        below the greatest. So a store after a GEMM loop can know that the accumulator
        covers its window (memory.Memory.view_checks), which at run time it would test."""
        e = self.e
        inside = defined(block)

        def rebuilt(v: Bound) -> Floor | None:
            """`v`'s bound arithmetic down to values made before the loop; None where
            it reads one made in it."""
            v = e.fold(v)
            if isinstance(v, int) or v not in inside:
                return v
            if v not in e.made:
                return None
            name, a, b = e.made[v]
            fa, fb = rebuilt(a), rebuilt(b)
            return None if fa is None or fb is None else (name, fa, fb)

        def parts(v: Bound, carried: m.Value, op: str) -> list[Bound]:
            """The bounds a tree of `op` in the loop combines `carried` with (`v` itself
            where it is not such a tree)."""
            v = e.fold(v)
            if v is carried:
                return []
            if isinstance(v, m.Value) and v in inside and e.made.get(v, ("",))[0] == op:
                _, a, b = e.made[v]
                return parts(a, carried, op) + parts(b, carried, op)
            return [v]

        for sym in loop.dynamic:
            start, carried, after = loop.before[sym], loop.carried[sym], self.env[sym].region
            assert start is not None and after is not None
            for d, (lo0, hi0) in enumerate(start):
                lo, hi = after[d]
                los = [b for region in loop.left for b in parts(region[sym][d][0], carried[d][0], "maxi")]
                ceiling = max([e.ceiling(lo0)] + [e.ceiling(b) for b in los])
                if isinstance(lo, m.Value) and ceiling < math.inf:
                    e.at_most[lo] = int(ceiling)
                his = [b for region in loop.left for b in parts(region[sym][d][1], carried[d][1], "mini")]
                floor: Floor | None = e.at_least.get(hi0, hi0) if isinstance(hi0, m.Value) else hi0
                for b in his:
                    f = rebuilt(b)
                    floor = None if f is None or floor is None else ("mini", floor, f)
                if isinstance(hi, m.Value) and floor is not None:
                    e.at_least[hi] = floor

    def lower_for(self, s: ir.For) -> None:
        lo_l, step_l = self.expr(s.lo), self.expr(s.step)  # type: ignore[attr-defined]
        lo, hi, step = lo_l.value, self.expr(s.hi).value, step_l.value  # type: ignore[attr-defined]
        multiple = None  # the loop variable runs over lo, lo + step, ...: a multiple of both
        if lo_l.multiple is not None and step_l.multiple:
            multiple = math.gcd(lo_l.multiple, step_l.multiple)
        breaks = any(isinstance(j, ir.Break) for j in own_jumps(s.body))
        e = self.e

        # A `for` with a positive constant step runs its variable below its stop. Any
        # other step may be 0 or less at run time, where the spec runs no turns; Tile IR's
        # `for` takes only a positive step, so such a loop stops at its start, by step 1.
        known = e.fold(step)
        below = hi if isinstance(known, int) and known > 0 else None
        if not isinstance(known, int) or known <= 0:
            positive = e.cmpi("GREATER_THAN", step, e.index(0))
            hi, step = e.select(positive, hi, lo), e.select(positive, step, e.index(1))

        def as_for(loop: Loop, heads: list[m.Value]) -> None:
            (iv,) = heads
            self.env[s.var] = Lowered(iv, INDEX, multiple=multiple, below=below)
            if self.block(s.body):
                e.b.op("continue", [], {"operands": tuple(self.leaving(loop))})

        def as_loop(loop: Loop, heads: list[m.Value]) -> None:
            (iv,) = heads
            loop.head = [iv]
            loop.step = lambda: [e.int_op("addi", iv, step)]
            done = e.cmpi("GREATER_THAN_OR_EQUAL", iv, hi)
            leave = m.Block([], [m.Op("break", [], {"operands": (iv, *self.leaving(loop))}, {}, [], e.b.loc)])
            e.b.op("if", [], {"condition": done}, {}, [leave])
            self.env[s.var] = Lowered(iv, INDEX, multiple=multiple)
            if self.block(s.body):
                e.b.op("continue", [], {"operands": (*loop.step(), *self.leaving(loop))})

        syms, memory = assigned(s.body), touches_memory(s.body)
        if breaks:
            self.lower_loop(syms, memory, as_loop, "loop", (lo,))
        else:
            self.lower_loop(syms, memory, as_for, "for", bounds={"lowerBound": lo, "upperBound": hi, "step": step})

    def lower_while(self, s: ir.While) -> None:
        """A `loop` that tests the condition first and breaks with the carried values
        where it fails."""
        e = self.e

        def body(loop: Loop, heads: list[m.Value]) -> None:
            cond = self.expr(s.cond).value  # type: ignore[attr-defined]
            stop = e.b.one("xori", cond.type, lhs=cond, rhs=e.const(m.I1, True))
            leave = m.Block([], [m.Op("break", [], {"operands": tuple(self.leaving(loop))}, {}, [], e.b.loc)])
            e.b.op("if", [], {"condition": stop}, {}, [leave])
            if self.block(s.body):
                e.b.op("continue", [], {"operands": tuple(self.leaving(loop))})

        memory = touches_memory([ir.If(s.span, s.cond, s.body, [])])
        self.lower_loop(assigned(s.body), memory, body, "loop")

    # ------------------------------------------------------------ branches

    def lower_if(self, s: ir.If) -> bool:
        """Lower an `if`; whether control reaches past it (some branch does not jump)."""
        cond = self.expr(s.cond).value  # type: ignore[attr-defined]
        syms = assigned(s.body + s.orelse)
        memory = touches_memory(s.body + s.orelse)
        dynamic: set[ir.Sym] = set()
        while True:
            outer = dict(self.env)
            token, reads = (self.ordered() if memory else self.token), list(self.reads)  # type: ignore[attr-defined]
            before = {sym: outer[sym].region for sym in syms}
            blocks: list[m.Block] = []
            through: list[tuple[m.Block, list[m.Value], dict[ir.Sym, Region | None]]] = []
            for branch in (s.body, s.orelse):
                self.env, self.token, self.reads = dict(outer), token, list(reads)
                block = m.Block()
                with self.e.inside(block):
                    if self.block(branch):
                        after = {sym: self.env[sym].region for sym in syms}
                        through.append((block, self.flatten(syms, dynamic, memory), after))
                blocks.append(block)
            self.env, self.token, self.reads = outer, token, reads
            if len(through) == 2:
                changed = {sym for sym in syms if sym not in dynamic and through[0][2][sym] != through[1][2][sym]}
            elif through:  # one branch goes on: what it leaves must reach past the `if`
                changed = {sym for sym in syms if sym not in dynamic and through[0][2][sym] != before[sym]}
            else:
                changed = set()
            if not changed:
                break
            dynamic |= changed
        if not through:
            self.e.b.op("if", [], {"condition": cond}, {}, blocks)
            return False
        for block, final, _ in through:
            block.ops.append(m.Op("yield", [], {"operands": tuple(final)}, {}, [], self.e.b.loc))
        results = self.e.b.op("if", [v.type for v in through[0][1]], {"condition": cond}, {}, blocks)
        self.bind(syms, dynamic, results, memory, through[0][2])
        return True



def defined(block: m.Block) -> set[m.Value]:
    """The values a block makes: its arguments and its ops' results, in its regions too."""
    out = set(block.args)
    for op in block.ops:
        out.update(op.results)
        for region in op.regions:
            out |= defined(region)
    return out
