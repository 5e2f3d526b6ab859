"""Where `__syncthreads()` goes: the one rule, kept apart so it can be refined later.

The spec (Ordering and barriers) asks that a tile statement see every earlier write of
every thread to what it reads, and that every later statement see its writes. So a
barrier goes before a statement when, since the last barrier,

- the statement is a tile statement and any statement touched what it writes, or
  wrote what it reads; or
- a tile statement touched what the statement writes, or wrote what it reads.

Per-thread statements ordered among themselves need the user's `barrier()` (spec).
Places are tile variables in shared memory (a register tile is none: each thread
reads only what it wrote), tensors (by name), the scratch area that tile statements
materialize into (reductions, `dot`, softmax's row statistics, and the per-warp
values a row reduction combines; tiles.py orders the uses within one statement
itself), and a statement's own shared memory, where the warps of a row reduction
kept in registers meet: no other statement uses it, so only the statement's next
turn in a loop can conflict with it. A barrier can only sit where the flow is uniform, so a
compound statement with varying flow is treated as one statement with everything it
touches inside. A loop's body is planned twice, the second time starting from what
the end of the body (and each `continue`) leaves pending, for the turn after.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from phobos.ir import nodes as ir
from phobos.ir.nodes import Uniformity as U

from ..layout.fragments import Layout, Registers, cheap, read_in_order

SCRATCH = "scratch"

Place = object  # an ir.Sym (a tile), a tensor name as "tensor:NAME", or SCRATCH
MATERIALIZED = (ir.Reduce, ir.Dot, ir.Softmax)


@dataclass
class Pending:
    """What was touched since the last barrier, by tile statements and by others."""

    tile_reads: set = field(default_factory=set)
    tile_writes: set = field(default_factory=set)
    thread_reads: set = field(default_factory=set)
    thread_writes: set = field(default_factory=set)

    def copy(self) -> Pending:
        return Pending(set(self.tile_reads), set(self.tile_writes), set(self.thread_reads), set(self.thread_writes))

    def merge(self, other: Pending) -> None:
        self.tile_reads |= other.tile_reads
        self.tile_writes |= other.tile_writes
        self.thread_reads |= other.thread_reads
        self.thread_writes |= other.thread_writes

    def conflicts(self, reads: set, writes: set, tile: bool) -> bool:
        written = self.tile_writes | (self.thread_writes if tile else set())
        touched = self.tile_reads | written | (self.thread_reads if tile else set())
        return bool(reads & written) or bool(writes & touched)

    def frozen(self) -> tuple[frozenset, ...]:
        return (frozenset(self.tile_reads), frozenset(self.tile_writes),
                frozenset(self.thread_reads), frozenset(self.thread_writes))

    def add(self, reads: set, writes: set, tile: bool) -> None:
        if tile:
            self.tile_reads |= reads
            self.tile_writes |= writes
        else:
            self.thread_reads |= reads
            self.thread_writes |= writes


def is_tile_statement(s: ir.Stmt) -> bool:
    """The spec's definition: whole-tile writes, window stores, tile-valued values."""
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if sym.vtype.shape:
            return True
        case ir.Store(items=items) | ir.TileStore(items=items) if any(isinstance(it, ir.Window) for it in items):
            return True
    return any(_has_tile_value(e) for e in ir.stmt_exprs(s))


def _has_tile_value(e: ir.Expr) -> bool:
    if isinstance(e, ir.TileIndex) and not e.type.shape:
        return any(_has_tile_value(i) for i in ir.item_exprs(e.items))
    return bool(e.type.shape) or any(_has_tile_value(c) for c in e.children())


def _row_places(node: ir.Reduce | ir.Softmax, layout: Layout | None, own: object, in_order: set[int]) -> set:
    """The places a row reduction or softmax uses besides its operands (tiles.py): a
    reduction along the last axis of the layout's full shape, in a statement that
    follows the layout, is kept in registers, and its warps meet in the statement's
    `own` shared memory, or not at all when a row's group is one warp; softmax there
    keeps its statistics in registers too, but an operand that is not cheap to read
    again is copied to the scratch first. Otherwise the result goes to the scratch."""
    kept = (layout is not None and layout.cols > 1 and id(node) in in_order and node.type.shape[:-1] == layout.lead
            and (isinstance(node, ir.Softmax) or node.axis == len(node.type.shape) - 1)
            and node.operand.type.shape == layout.full_shape)
    if not kept:
        return {SCRATCH}
    places = set() if layout.groups.warps == 1 else {own}
    if isinstance(node, ir.Softmax) and not cheap(node.operand, True):
        places.add(SCRATCH)
    return places


def expr_places(e: ir.Expr, reads: set, writes: set, layout: Layout | None, own: object,
                in_order: set[int], scratchless: frozenset[int] = frozenset()) -> None:
    for node in ir.walk_expr(e):
        match node:
            case ir.Read(sym=sym) if sym.vtype.shape:
                reads.add(sym)
            case ir.Load(tensor=name):
                reads.add("tensor:" + name)
            case ir.Atomic(target=name, tile=tile):
                place = tile if tile is not None else "tensor:" + name
                reads.add(place)
                writes.add(place)
            case ir.Dot() if id(node) not in scratchless:
                reads.add(SCRATCH)
                writes.add(SCRATCH)
            case ir.Reduce(axis=None):
                # ph::cta_reduce: a shared array of its own, with a barrier between its
                # writes and its reads and another after its reads, so it is no place.
                pass
            case ir.Reduce() | ir.Softmax():
                places = _row_places(node, layout, own, in_order)
                reads |= places
                writes |= places


def shallow_places(s: ir.Stmt, registers: Registers | None = None,
                   scratchless: frozenset[int] = frozenset()) -> tuple[set, set]:
    """What a statement itself reads and writes (not its nested statements); a
    register tile is no place, nor a product in `scratchless` the scratch."""
    reads: set = set()
    writes: set = set()
    layout = registers.statement_layout(s) if registers is not None else None
    in_order = read_in_order(s, layout)
    for e in ir.stmt_exprs(s):
        expr_places(e, reads, writes, layout, ("own", id(s)), in_order, scratchless)
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if sym.vtype.shape:
            writes.add(sym)
        case ir.Store(tensor=name):
            writes.add("tensor:" + name)
        case ir.TileStore(sym=sym):
            writes.add(sym)
    if registers is not None:
        reads = {p for p in reads if p not in registers}
        writes = {p for p in writes if p not in registers}
    if any(isinstance(p, ir.Sym) or isinstance(p, str) and p.startswith("tensor:") for p in writes & reads):
        # A value that reads the place it is written to may be materialized into scratch.
        reads.add(SCRATCH)
        writes.add(SCRATCH)
    return reads, writes


def deep_places(s: ir.Stmt, registers: Registers | None = None,
                scratchless: frozenset[int] = frozenset()) -> tuple[set, set]:
    reads, writes = shallow_places(s, registers, scratchless)
    for inner in _nested(s):
        r, w = deep_places(inner, registers, scratchless)
        reads |= r
        writes |= w
    return reads, writes


def _nested(s: ir.Stmt) -> list[ir.Stmt]:
    match s:
        case ir.For(body=body) | ir.While(body=body):
            return body
        case ir.If(body=body, orelse=orelse):
            return [*body, *orelse]
    return []


def _varying_jump(body: list[ir.Stmt], varying: bool, nested: bool = False) -> bool:
    """Whether a jump out of the loop whose body is `body` may be taken by only some
    threads: a break or continue of that loop, or a return. A break or continue inside
    a `nested` loop leaves only that loop, and that loop is planned on its own."""
    for s in body:
        match s:
            case ir.Return() if varying:
                return True
            case ir.Break() | ir.Continue() if varying and not nested:
                return True
            case ir.If(cond=c, body=b, orelse=o):
                inner = varying or c.uni != U.UNIFORM
                if _varying_jump(b, inner, nested) or _varying_jump(o, inner, nested):
                    return True
            case ir.For(body=b) | ir.While(body=b):
                if _varying_jump(b, varying or not _loop_uniform(s), True):
                    return True
    return False


def _loop_uniform(s: ir.Stmt) -> bool:
    match s:
        case ir.For(lo=lo, hi=hi, step=step):
            return max(lo.uni, hi.uni, step.uni) == U.UNIFORM
        case ir.While(cond=cond):
            return cond.uni == U.UNIFORM
    return True


class BarrierPlan:
    """The statements that need a barrier before them (by identity). Tiles in
    `registers` are no place: each thread reads only the elements it wrote. Products in
    `scratchless` (by node id) use no scratch: on sm_90a, those whose staged operands TMA
    loads into the loop's rings, released by mbarriers (plan/tma_loads.py), so a kernel
    has a second plan for that target (the writer keeps the barriers where they differ
    for the target that needs them)."""

    def __init__(self, kernel: ir.Kernel, registers: Registers | None = None,
                 scratchless: frozenset[int] = frozenset()):
        self.registers = registers
        self.scratchless = scratchless
        self.before: set[int] = set()
        self.head: set[int] = set()  # while loops that need a barrier before each test
        self.tainted = False  # a return taken by only some threads makes the rest varying
        self.loops: list[list[Pending]] = []
        self.planned: dict[tuple, Pending] = {}
        self.block(kernel.body, Pending(), True)

    def needs_barrier(self, s: ir.Stmt) -> bool:
        return id(s) in self.before

    def needs_head_barrier(self, s: ir.While) -> bool:
        return id(s) in self.head

    def block(self, body: list[ir.Stmt], state: Pending, uniform: bool) -> Pending:
        for s in body:
            state = self.stmt(s, state, uniform and not self.tainted)
        return state

    def touch(self, s: ir.Stmt, state: Pending, reads: set, writes: set, tile: bool, uniform: bool) -> Pending:
        if uniform and state.conflicts(reads, writes, tile):
            self.before.add(id(s))
            state = Pending()
        state.add(reads, writes, tile)
        return state

    def stmt(self, s: ir.Stmt, state: Pending, uniform: bool) -> Pending:
        match s:
            case ir.Barrier():
                return Pending() if uniform else state
            case ir.Return():
                if not uniform:
                    self.tainted = True
                return state
            case ir.Break() | ir.Continue():
                if self.loops:
                    self.loops[-1].append(state.copy())
                return state
            case ir.If(cond=cond, body=body, orelse=orelse):
                inner = uniform and cond.uni == U.UNIFORM
                if not inner:
                    reads, writes = deep_places(s, self.registers, self.scratchless)
                    return self.touch(s, state, reads, writes, is_tile_statement(s), uniform)
                reads, writes = shallow_places(s, self.registers, self.scratchless)
                state = self.touch(s, state, reads, writes, is_tile_statement(s), uniform)
                then = self.block(body, state.copy(), True)
                other = self.block(orelse, state.copy(), True)
                then.merge(other)
                return then
            case ir.For() | ir.While():
                return self.loop(s, state, uniform)
        reads, writes = shallow_places(s, self.registers, self.scratchless)
        return self.touch(s, state, reads, writes, is_tile_statement(s), uniform)

    def loop(self, s: ir.For | ir.While, state: Pending, uniform: bool) -> Pending:
        """What a loop leaves pending. A loop nested in another is planned again on each
        of the outer loop's two turns, so each plan is kept by what it started from:
        without that, a nest of d loops would be planned 2^d times."""
        key = (id(s), uniform, self.tainted, state.frozen())
        if key not in self.planned:
            self.planned[key] = self._loop(s, state, uniform)
        return self.planned[key].copy()

    def _loop(self, s: ir.For | ir.While, state: Pending, uniform: bool) -> Pending:
        inner = uniform and _loop_uniform(s) and not _varying_jump(s.body, False)
        if not inner:
            reads, writes = deep_places(s, self.registers, self.scratchless)
            return self.touch(s, state, reads, writes, is_tile_statement(s), uniform)
        reads, writes = shallow_places(s, self.registers, self.scratchless)
        tile = is_tile_statement(s)
        if isinstance(s, ir.For):
            state = self.touch(s, state, reads, writes, tile, uniform)
        head = state.copy()
        for _ in range(2):
            self.loops.append([])
            turn = head.copy()
            if isinstance(s, ir.While):  # the condition is tested at the top of every turn
                if turn.conflicts(reads, writes, tile):
                    self.head.add(id(s))
                    turn = Pending()
                turn.add(reads, writes, tile)
            end = self.block(s.body, turn, True)
            for j in self.loops.pop():
                end.merge(j)
            head.merge(end)
        return head
