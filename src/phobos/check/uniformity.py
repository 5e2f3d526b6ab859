"""Uniformity: which values and which control-flow points agree across threads.

The lattice is uniform < warp-uniform < varying. A tile statement (all threads of the
CTA take part) must run under uniform flow and read only uniform scalars; a warp
collective needs flow that is at least warp-uniform. A var assigned under varying
flow becomes varying, so the analysis runs to a fixed point before it reports.
"""

from __future__ import annotations

from typing import NamedTuple

from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir
from phobos.ir.nodes import Uniformity as U

from .inline import written_name

_CTX = {"thread": U.VARYING, "lane": U.VARYING, "warp": U.WARP}


class Flow(NamedTuple):
    level: U
    cause: str = ""
    span: Span | None = None


UNIFORM_FLOW = Flow(U.UNIFORM)


def _join(a: Flow, b: Flow) -> Flow:
    return b if b.level > a.level else a


def _at(span: Span) -> str:
    return f"line {span.line}"


def analyze(kernel: ir.Kernel) -> None:
    """Fill in the uniformity of every value and symbol, and refuse what breaks the rules."""
    analysis = _Analysis()
    while True:
        analysis.changed = False
        analysis.taint = UNIFORM_FLOW
        analysis.block(kernel.body, UNIFORM_FLOW)
        if not analysis.changed:
            break
    analysis.report = True
    analysis.taint = UNIFORM_FLOW
    analysis.block(kernel.body, UNIFORM_FLOW)


class _Analysis:
    def __init__(self) -> None:
        self.changed = False
        self.report = False
        self.taint = UNIFORM_FLOW  # set by a `return` some threads take
        self.jumps: list[Flow] = []
        self.settled: set[int] = set()  # the prints and asserts whose `once` a visit has set

    # ------------------------------------------------------------ values

    def value(self, e: ir.Expr) -> U:
        kids = [self.value(c) for c in e.children()]
        match e:
            case ir.CtxRef(field_name=f):
                level = _CTX.get(f, U.UNIFORM)
            case ir.Read(sym=sym):
                level = sym.uni
            case ir.Reduce() | ir.Dot() | ir.Softmax() | ir.Transpose():
                level = U.UNIFORM
            case ir.LaneReduce(over=over, width=width, operand=x):
                if over == "thread" or x.uni == U.UNIFORM:
                    level = U.UNIFORM
                else:
                    level = U.WARP if width == 32 else U.VARYING
            case ir.Shuffle(operand=x):
                level = x.uni
            case ir.Atomic():
                level = U.VARYING
            case _:
                level = max(kids, default=U.UNIFORM)
        e.uni = level
        return level

    def raise_sym(self, sym: ir.Sym, level: U) -> None:
        if not sym.vtype.shape and level > sym.uni:
            sym.uni = level
            self.changed = True

    # ------------------------------------------------------------ statements

    def block(self, body: list[ir.Stmt], flow: Flow) -> None:
        for stmt in body:
            self.stmt(stmt, _join(flow, self.taint))

    def stmt(self, s: ir.Stmt, flow: Flow) -> None:
        for e in ir.stmt_exprs(s):
            self.value(e)
        if self.report:
            self.check(s, flow)
            if isinstance(s, ir.DEBUG_STMTS):
                self.debug_once(s, flow)
        match s:
            case ir.Decl(sym=sym, init=init):
                self.raise_sym(sym, max(init.uni if init else U.UNIFORM, flow.level))
            case ir.Assign(sym=sym, value=value):
                self.raise_sym(sym, max(value.uni, flow.level))
            case ir.For(var=var, lo=lo, hi=hi, step=step, body=body):
                self.raise_sym(var, max(lo.uni, step.uni, flow.level))
                bounds = max(lo.uni, hi.uni, step.uni)
                cause = f"the bounds of the loop over `{written_name(var.name)}` at {_at(s.span)}"
                self.loop(body, _join(flow, Flow(bounds, cause, s.span)))
            case ir.While(cond=cond, body=body):
                cause = f"the condition `{cond.span.text()}` of the `while` at {_at(s.span)}"
                later = self.loop(body, _join(flow, Flow(cond.uni, cause, cond.span)))
                if self.report:  # the condition is tested again after each turn, by the threads still in
                    self.check(s, later)
            case ir.If(cond=cond, body=body, orelse=orelse):
                cause = f"the condition `{cond.span.text()}` at {_at(cond.span)}"
                inner = _join(flow, Flow(cond.uni, cause, cond.span))
                self.block(body, inner)
                self.block(orelse, inner)
            case ir.Break() | ir.Continue():
                word = "break" if isinstance(s, ir.Break) else "continue"
                cause = f"the `{word}` at {_at(s.span)}, which only some threads take"
                self.jumps[-1] = _join(self.jumps[-1], Flow(flow.level, cause, s.span))
            case ir.Return():
                cause = f"the `return` at {_at(s.span)}, which only some threads take"
                self.taint = _join(self.taint, Flow(flow.level, cause, s.span))

    def debug_once(self, s: ir.Print | ir.Assert, flow: Flow) -> None:
        """A print or assert runs once per program where its flow and values are uniform
        at every visit (a loop's body may be visited twice), else once per thread."""
        once = flow.level == U.UNIFORM and all(e.uni == U.UNIFORM for e in ir.stmt_exprs(s))
        s.once = once and (s.once or id(s) not in self.settled)
        self.settled.add(id(s))

    def loop(self, body: list[ir.Stmt], flow: Flow) -> Flow:
        """A loop's body, run again when a jump or a return inside makes later turns
        differ; the flow of the later turns."""
        taint_before = self.taint.level
        self.jumps.append(Flow(U.UNIFORM))
        self.block(body, flow)
        jump = self.jumps.pop()
        if jump.level > flow.level or self.taint.level > taint_before:
            self.jumps.append(Flow(U.UNIFORM))
            self.block(body, _join(flow, jump))
            self.jumps.pop()
        return _join(_join(flow, jump), self.taint)

    # ------------------------------------------------------------ rules

    def check(self, s: ir.Stmt, flow: Flow) -> None:
        if isinstance(s, ir.Barrier):
            self.need(flow, U.UNIFORM, "barrier() is run by all threads of the CTA together", s.span)
        for node in ir.stmt_nodes(s):
            if isinstance(node, ir.Shuffle) or (isinstance(node, ir.LaneReduce) and node.over == "lane"):
                what = "shfl" if isinstance(node, ir.Shuffle) else f"{node.op}<over ctx.lane>"
                self.need(flow, U.WARP, f"`{what}` is run by all lanes of a warp together", node.span)
            elif isinstance(node, ir.LaneReduce):
                what = f"`{node.op}<over ctx.thread>` is run by all threads of the CTA together"
                self.need(flow, U.UNIFORM, what, node.span)
        if _is_tile_statement(s):
            self.need(flow, U.UNIFORM, "this is a tile statement, run by all threads of the CTA together", s.span)
            for scalar in _tile_scalars(s):
                if scalar.uni != U.UNIFORM:
                    raise PhobosError(
                        f"`{scalar.span.text()}` is {scalar.uni}: it differs between threads, "
                        "but a tile statement needs the same value in every thread",
                        scalar.span,
                    )

    def need(self, flow: Flow, most: U, what: str, span: Span) -> None:
        if flow.level <= most:
            return
        assert flow.span is not None
        raise PhobosError(
            f"{what}, but here the control flow is {flow.level}: it depends on {flow.cause}",
            span,
            (f"{flow.span}: the flow becomes {flow.level} here",),
        )


def _is_tile_statement(s: ir.Stmt) -> bool:
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if sym.vtype.shape:
            return True
        case ir.Store(items=items) | ir.TileStore(items=items) if any(
            isinstance(it, ir.Window) for it in items
        ):
            return True
    return any(True for _ in _tile_nodes_in(s))


def _tile_nodes_in(s: ir.Stmt):
    for e in ir.stmt_exprs(s):
        yield from _tile_nodes(e)


def _tile_nodes(e: ir.Expr):
    """Tile-valued nodes, not counting a tile or view only read one element at a time."""
    if isinstance(e, ir.TileIndex) and not e.type.shape:
        for item in ir.item_exprs(e.items):
            yield from _tile_nodes(item)
        return
    if e.type.shape:
        yield e
    for child in e.children():
        yield from _tile_nodes(child)


def _tile_scalars(s: ir.Stmt):
    """Scalars a tile statement broadcasts or addresses with: each must be uniform."""
    roots: list[ir.Expr] = []
    match s:
        case ir.Store(items=items, value=value) | ir.TileStore(items=items, value=value) if any(
            isinstance(it, ir.Window) for it in items
        ):
            roots.extend(ir.item_exprs(items))
            roots.append(value)
        case ir.Decl(sym=sym, init=init) if sym.vtype.shape and init is not None:
            roots.append(init)
        case ir.Assign(sym=sym, value=value) if sym.vtype.shape:
            roots.append(value)
        case ir.Print(parts=parts) if any(isinstance(p, ir.Expr) and p.type.shape for p in parts):
            roots.extend(p for p in parts if isinstance(p, ir.Expr))  # one line a program: its scalars too
    for tile in _tile_nodes_in(s):
        roots.extend(c for c in tile.children() if not c.type.shape)
    for r in roots:
        if not r.type.shape:
            yield r
