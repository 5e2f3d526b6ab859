"""Which tile values are wholly present, known before any code is written: a tile that
every write leaves whole needs no region at run time (plan/kernel.py)."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.environment import flag
from phobos.ir import nodes as ir

from ..layout.fragments import ELEMENTWISE

# Loops whose turns are written twice, wholly present and not (WholeTurns): on unless the
# variable says no (each turn then tests presence, as before; for comparison).
ENV_WHOLE_TURNS = "PHOBOS_CUDA_WHOLE_TURNS"


def whole_turns_on() -> bool:
    """Whether loops are written with whole turns (the setting; yes when unset)."""
    return flag(ENV_WHOLE_TURNS, True)


def always_full(e: ir.Expr, full_syms: set[ir.Sym], tensors: dict[str, ir.TensorParam]) -> bool:
    """Whether the tile value `e` is known at compile time to have every element present."""
    match e:
        case ir.Const() | ir.Iota():
            return True
        case ir.Read(sym=sym):
            return sym in full_syms
        case ir.Load(tensor=name, items=items):
            return _window_inside(items, tensors[name].dims)
        case ir.TileIndex(base=base, items=items):
            return always_full(base, full_syms, tensors) and _window_inside(items, base.type.shape)
        case ir.Reduce() | ir.Dot() | ir.Softmax() | ir.Transpose():
            return all(always_full(c, full_syms, tensors) for c in e.children() if c.type.shape)
        case ir.Unary() | ir.Binary() | ir.Cast() | ir.Math() | ir.Select():
            return all(always_full(c, full_syms, tensors) for c in e.children() if c.type.shape)
    return False


def _window_inside(items: tuple[ir.Item, ...], extents: tuple[int | str, ...]) -> bool:
    for it, n in zip(items, extents, strict=True):
        start = it.index if isinstance(it, ir.At) else it.start
        length = 1 if isinstance(it, ir.At) else it.length
        if not isinstance(start, ir.Const) or not isinstance(n, int):
            return False
        if not (0 <= int(start.value) and int(start.value) + length <= n):
            return False
    return True


@dataclass(frozen=True)
class WholeTurns:
    """A loop whose body is written twice: once with the windows of `loads` and `stores`
    inside their tensors and the tiles `tiles` (from before the loop) wholly present, so
    that no statement of it tests where its elements are present; once as every turn
    is otherwise written. A turn takes the first where one uniform test at its start
    finds all of them so (every turn but a ragged last one, in a tiled loop). The test
    reads the scalars `lets` of the body (a `let` window's starts) computed ahead."""

    loads: frozenset[int]  # the ids of the Load nodes whose windows are tested
    stores: frozenset[int]  # the ids of the Store statements whose windows are tested
    windows: tuple[tuple[str, tuple[ir.Item, ...]], ...]  # each tested window: its tensor and items
    tiles: tuple[ir.Sym, ...]
    lets: tuple[ir.Decl, ...]


# The nodes an index expression may hold: constants, scalars and elementwise operations, no memory read.
INDEX_NODES = (ir.Const, ir.Read, ir.ParamRef, ir.DimRef, ir.CtxRef, *ELEMENTWISE)


def whole_turns(loop: ir.For, full: frozenset[ir.Sym], tensors: dict[str, ir.TensorParam]) -> WholeTurns | None:
    """The tests that let `loop`'s turns be written as wholly present, or None where the
    loop has nothing to gain or a window cannot be tested at a turn's start (its place
    reads a value the body assigns other than a uniform scalar `let` of the body's own
    level, or memory, or differs between the CTA's threads)."""
    statements = list(ir.walk_stmts(loop.body))
    assigned = {s.sym for s in statements if isinstance(s, ir.Decl | ir.Assign | ir.TileStore)}
    assigned |= {s.var for s in statements if isinstance(s, ir.For)}
    declared = {s.sym for s in statements if isinstance(s, ir.Decl)}
    lets = {s.sym: s for s in loop.body if isinstance(s, ir.Decl) and s.sym.kind == "let"
            and not s.sym.vtype.shape and s.init is not None}
    loads: dict[int, ir.Load] = {}
    stores: dict[int, ir.Store] = {}
    tiles: dict[int, ir.Sym] = {}
    for s in statements:
        if isinstance(s, ir.Store) and any(isinstance(it, ir.Window) for it in s.items):
            stores[id(s)] = s
        for n in ir.stmt_nodes(s):
            if isinstance(n, ir.Load) and any(isinstance(it, ir.Window) for it in n.items):
                loads[id(n)] = n
            elif isinstance(n, ir.Read) and n.sym.vtype.shape and n.sym not in declared and n.sym not in full:
                tiles[id(n.sym)] = n.sym
    windows = [(x.tensor, x.items) for x in (*loads.values(), *stores.values())]
    tested = [(name, items) for name, items in windows if not _window_inside(items, tensors[name].dims)]
    if not tested and not tiles:
        return None
    needed: dict[ir.Sym, ir.Decl] = {}

    def at_start(x: ir.Expr) -> bool:
        """Whether `x` can be computed at the turn's start (noting the lets it reads)."""
        for n in ir.walk_expr(x):
            if n.uni != ir.Uniformity.UNIFORM or not isinstance(n, INDEX_NODES):
                return False
            if isinstance(n, ir.Read) and n.sym in assigned:
                let = lets.get(n.sym)
                if let is None or not at_start(let.init):  # type: ignore[arg-type]
                    return False
                needed[n.sym] = let
        return True

    if not all(at_start(x) for _, items in tested for x in ir.item_exprs(items)):
        return None
    in_order = tuple(s for s in loop.body if isinstance(s, ir.Decl) and s.sym in needed)
    return WholeTurns(frozenset(loads), frozenset(stores), tuple(tested), tuple(tiles.values()), in_order)


def plan_whole_turns(kernel: ir.Kernel, full: frozenset[ir.Sym]) -> dict[int, WholeTurns]:
    """Each loop's WholeTurns, by the id of its `for`, for the loops that have them (none
    where the setting says no)."""
    if not whole_turns_on():
        return {}
    tensors = {p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)}
    found = {}
    for s in ir.walk_stmts(kernel.body):
        if isinstance(s, ir.For) and s.unroll == 1:
            turns = whole_turns(s, full, tensors)
            if turns is not None:
                found[id(s)] = turns
    return found
