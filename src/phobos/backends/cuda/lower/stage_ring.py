"""A loop's product operands copied a turn ahead: two stages a window, cp.async.

A product in registers stages its operands (dot_stage.py) and then computes; inside a
`for` loop that leaves each turn waiting out the copy's round trip to global memory
before any multiply starts. Where a window operand's place depends on nothing the
loop changes but the loop variable, the copy for the next turn can start while this
turn's products run: each such operand gets two stages of its own shared memory (not
the statement's scratch, which other statements reuse), the first turn copies its own
window into one, and every turn copies the next turn's window into the other before
waiting for its own (`cp.async.wait_group 1`: all but the newest group of copies).

    turn 0:  copy window(k) -> stage 0          (group)
    turn t:  barrier                            (turn t - 1 read the other stage)
             copy window(k + step) -> stage (t + 1) % 2, if that turn runs   (group)
             wait for all but the newest group; barrier
             products from stage t % 2

The next turn's copy is written with the loop variable renamed (`products.next_turn`):
its window, its present region and its range of k are those of that turn. The loop
must run every turn to its end (no `break`, `continue` or `return` in it) and the
product must stand in a statement of the loop's own body, so that each turn reaches
it exactly once; its step is a positive constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout import stages
from . import dot_stage, products

if TYPE_CHECKING:
    from .tiles import TileWriter


@dataclass(frozen=True)
class Ring:
    """The `for` loop being written whose products may stage operands ahead: its
    variable, constant step, end (C++, fixed before the loop), turn counter (C++) and,
    by each product's node id, which of its two operands may be copied ahead."""

    var: ir.Sym
    step: int
    hi: str
    turn: str
    ahead: dict[int, tuple[bool, bool]]


def ahead_products(s: ir.For) -> dict[int, tuple[bool, bool]]:
    """For each `dot` in a statement of the loop's own body, whether each operand may be
    copied a turn ahead: a window of a tensor the loop does not write (a turn's store
    must land before the next turn's window is read) whose place reads no value the
    loop assigns but the loop variable. Empty where the loop can leave a turn early or
    its step is not a positive constant."""
    if not (isinstance(s.step, ir.Const) and int(s.step.value) > 0):
        return {}
    inner = list(ir.walk_stmts(s.body))
    if any(isinstance(t, ir.Break | ir.Continue | ir.Return) for t in inner):
        return {}
    assigned = {t.sym for t in inner if isinstance(t, ir.Decl | ir.Assign | ir.TileStore)}
    assigned |= {t.var for t in inner if isinstance(t, ir.For)}
    written = {t.tensor for t in inner if isinstance(t, ir.Store)}
    written |= {n.target for t in inner for e in ir.stmt_exprs(t) for n in ir.walk_expr(e)
                if isinstance(n, ir.Atomic) and n.tile is None}

    def movable(x: ir.Expr) -> bool:
        window = x.operand if isinstance(x, ir.Transpose) else x
        return isinstance(window, ir.Load) and window.tensor not in written and not any(
            isinstance(n, ir.Read) and n.sym in assigned for it in ir.item_exprs(window.items)
            for n in ir.walk_expr(it))

    found: dict[int, tuple[bool, bool]] = {}
    for t in s.body:
        for e in ir.stmt_exprs(t):
            for n in ir.walk_expr(e):
                if isinstance(n, ir.Dot) and (movable(n.left) or movable(n.right)):
                    found[id(n)] = (movable(n.left), movable(n.right))
    return found


def stage_operands(w: TileWriter, e: ir.Dot, plans: list[stages.StageLayout | None],
                   present: tuple[dot_stage.Present, dot_stage.Present], reader: str) -> list[dot_stage.Staged | None]:
    """Stage the planned operands of product `e` (None: not staged), those the loop
    allows a turn ahead, the others now into statement scratch, then wait for this
    turn's copies and publish them with a barrier. No barrier where nothing is staged."""
    ring = w.ring
    ahead = ring.ahead.get(id(e), (False, False)) if ring is not None else (False, False)
    ahead = tuple(a and p is not None for a, p in zip(ahead, plans, strict=True))
    if sum(stages.taken_bytes(p, 2 if a else 1) for p, a in zip(plans, ahead, strict=True)
           if p is not None) > stages.STAGE_LIMIT:
        ahead = (False, False)
    staged: list[dot_stage.Staged | None] = [
        None if p is None or a else dot_stage.stage(w, p, present[i], reader)
        for i, (p, a) in enumerate(zip(plans, ahead, strict=True))]
    if not any(p is not None for p in plans):
        return staged
    w.staged_any = True
    async_reader = any(p is not None and p.swizzled for p in plans)
    if ring is None or not any(ahead):
        if any(s is not None and s.in_flight for s in staged):
            w.line("ph::stage_wait();")
        _publish(w, async_reader)
        return staged
    rings = {i: _two_stages(w, plan, ring, reader) for i, plan in enumerate(plans) if ahead[i] and plan is not None}
    w.line(f"if ({ring.turn} == 0) {{  // the first turn's windows")
    with w.indented():
        for i, (now, _) in rings.items():  # each turn's products read this turn's stage, named alike
            staged[i] = dot_stage.stage(w, plans[i], present[i], reader, into=now)
    w.line("}")
    w.line("ph::stage_commit();")
    w.sync()  # the stages the next turn's copies fill were read by the turn before
    var = w.sym(ring.var)
    w.line(f"if ({var} + {ring.step} < {ring.hi}) {{  // the next turn's windows, while this turn's products run")
    with w.indented(), products.next_turn(w, ring):
        later = dot_stage.presents(*products.bounds(w, e))
        for i, (_, then) in rings.items():
            dot_stage.stage(w, plans[i], later[i], reader, into=then)
    w.line("}")
    w.line("ph::stage_commit();")
    w.line("ph::stage_wait_but_newest();")
    _publish(w, async_reader)
    return staged


def _publish(w: TileWriter, async_reader: bool) -> None:
    """The barrier after which every thread's copies are seen by the products; a stage
    wgmma reads (through the async proxy) is fenced by each thread that wrote it first."""
    if async_reader:
        w.line("ph::proxy_fence();  // this thread's copies, seen by wgmma")
    w.sync()


def _two_stages(w: TileWriter, plan: stages.StageLayout, ring: Ring, reader: str
                ) -> tuple[tuple[str, str], tuple[str, str]]:
    """Two stages of shared memory of the loop's own for one operand: (pointer, shared
    address) of this turn's and of the next turn's."""
    stored = plan.stored
    storage, size = ct.storage_type(stored.type.dtype), plan.bytes
    comment = f"two stages of {stored.type} staged for {reader}, a turn ahead"
    base = w.own_scratch("unsigned char", 1, stages.taken_bytes(plan, 2), comment, "ring")
    if plan.swizzled:
        base = f"(unsigned char*){dot_stage.place(w, plan, base)}"
    names = []
    for which, turn in (("now", ring.turn), ("then", f"{ring.turn} + 1")):
        pointer, address = w.names.take(f"stage_{which}"), w.names.take(f"stage_{which}_at")
        w.line(f"{storage}* {pointer} = ({storage}*)({base} + ({turn}) % 2 * {size});")
        w.line(f"const u32 {address} = ph::smem_address({pointer});")
        names.append((pointer, address))
    return names[0], names[1]
