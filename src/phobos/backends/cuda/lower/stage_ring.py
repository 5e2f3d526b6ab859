"""A loop's product operands copied turns ahead: a ring of stages a window, cp.async.

A product in registers stages its operands (dot_stage.py) and then computes; inside a
`for` loop that leaves each turn waiting out the copy's round trip to global memory
before any multiply starts. Where a window operand's place depends on nothing the
loop changes but the loop variable, the copies for later turns can be in flight while
this turn's products run: each such operand gets a ring of n stages of its own shared
memory (not the statement's scratch, which other statements reuse; n is the kernel's
`@pipeline(n)`, else 2, fewer where n would not fit), the first turn copies the
windows of turns 0 to n - 2 into stages 0 to n - 2, and every turn t copies turn
t + n - 1's window into stage (t + n - 1) % n, which turn t - 1 read, before waiting
for its own:

    turn 0:  copy windows(k, ..., k + (n - 2) step) -> stages 0 .. n - 2   (a group)
    turn t:  barrier                            (turn t - 1 read the stage to fill)
             copy window(k + (n - 1) step) -> stage (t + n - 1) % n, if that turn runs
             wait for all groups but the newest min(t, n - 2); barrier
             products from stage t % n
             ...
             end of the turn: its copies ahead, of every product, a group

Every product's copies ahead in a turn are one group, closed where the turn ends, so
turn t's window is in the group of turn t - n + 1 (or, in the first turns, the first
turn's own), and the groups after it are those of the n - 2 turns between: a wait
for all but the newest min(t, n - 2) waits for exactly the windows this turn reads,
however many products the loop has, while the later turns' copies stay in flight. A
product that also copies an operand in its own turn (from a tensor the loop writes,
say) closes that copy in a group of its own and waits for every group, so its rings
have two stages.

A later turn's copies are written with the loop variable advanced (`products.next_turn`):
its window, its present region and its range of k are those of that turn. The loop
must run every turn to its end (no `break`, `continue` or `return` in it) and the
product must stand in a statement of the loop's own body, so that each turn reaches
it exactly once; its step is a positive constant.

An operand whose window depends on nothing the loop changes, not even its variable,
and whose range of k the other operand's window fixes the same way (attention's
queries, read against each key tile), is copied once, in the first turn, into one
stage of its own that every turn reads.

On sm_90a, where the plan has TMA load a product's staged operands (plan/tma_loads.py),
no thread copies: one thread loads each turn's windows into the same stages, completing
on mbarriers, and no CTA barrier orders the turns (`_stage_by_tma`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout import stages
from ..plan.rings import AHEAD, ONCE, ring_modes
from ..plan.tma_loads import TmaLoad
from . import dot_stage, products
from .exprs import const_int
from .in_flight import SM90A

if TYPE_CHECKING:
    from .tiles import TileWriter


@dataclass(frozen=True)
class Ring:
    """The `for` loop being written whose products may stage operands ahead: its
    variable, constant step, end (C++, fixed before the loop), turn counter (C++), the
    stages a ring may have (1: none ahead) and, by each product's node id, how each of
    its two operands is staged by the loop (AHEAD, ONCE, or "": by the product, each turn)."""

    var: ir.Sym
    step: int
    hi: str
    turn: str
    ahead: dict[int, tuple[str, str]]
    stages: int = 2
    copied_ahead: list[int] = field(default_factory=list)  # products whose copies ahead the turn's end closes
    # Where this written turn has already waited for its windows and published them with a
    # barrier: by the `#if` branch of the products (None: every target), the groups the
    # wait left in flight and whether the stages were fenced for wgmma.
    published: dict[str | None, tuple[int, bool]] = field(default_factory=dict)

    def covered(self, branch: str | None, pending: int, fenced: bool) -> bool:
        """Whether an earlier product of this turn, on the targets `branch` compiles for,
        waited for at least the groups a wait leaving `pending` in flight retires and
        published them (fenced for wgmma where `fenced`) with a barrier every thread
        reached after the turn before."""
        return any(found is not None and found[0] <= pending and (found[1] or not fenced)
                   for found in (self.published.get(branch), self.published.get(None)))

    def publish(self, branch: str | None, pending: int, fenced: bool) -> None:
        known = self.published.get(branch)
        if known is None or (pending, not fenced) < (known[0], not known[1]):
            self.published[branch] = (pending, fenced)


def stage_operands(w: TileWriter, e: ir.Dot, plans: list[stages.StageLayout | None],
                   present: tuple[dot_stage.Present, dot_stage.Present], reader: str) -> list[dot_stage.Staged | None]:
    """Stage the planned operands of product `e` (None: not staged): those the loop
    allows ahead into a ring of stages, those it allows once into one, the others now
    into statement scratch; then wait for this turn's copies and publish them with a
    barrier. No barrier where nothing is staged."""
    ring = w.ring
    modes, depth = ring_modes(plans, ring.ahead.get(id(e), ("", "")) if ring is not None else ("", ""),
                              ring.stages if ring is not None else 1)
    loads = w.tma_loads.get(id(e)) if w.arch_branch == SM90A else None
    if loads is not None:  # planned so (plan/tma_loads.py): every staged operand ahead or once, by TMA
        assert ring is not None and all(p is None or (m in (AHEAD, ONCE) and load is not None)
                                        for p, m, load in zip(plans, modes, loads, strict=True))
        w.staged_any = True
        return _stage_by_tma(w, e, plans, modes, loads, depth, reader, present)
    staged: list[dot_stage.Staged | None] = [
        None if p is None or m else dot_stage.stage(w, p, present[i], reader)
        for i, (p, m) in enumerate(zip(plans, modes, strict=True))]
    if not any(p is not None for p in plans):
        return staged
    w.staged_any = True
    async_reader = any(p is not None and p.swizzled for p in plans)
    if ring is None or not any(modes):
        waits = any(s is not None and s.in_flight for s in staged)
        if waits:
            w.line("ph::stage_wait();")
        _publish(w, async_reader)
        if ring is not None and waits:  # every group retired
            ring.publish(w.arch_branch, 0, async_reader)
        return staged
    # An operand copied in its own turn shares that turn's group with the first turns'
    # windows: it is closed every turn, and a turn waits for all groups but the one after
    # it, so a ring deeper than two stages would be waited for whole.
    own_turn = any(s is not None and s.in_flight for s in staged)
    depth = 2 if own_turn else depth
    rings = {i: _ring(w, plan, ring, depth, reader) for i, plan in enumerate(plans) if modes[i] == AHEAD and plan}
    onces = {i: _one_stage(w, plan, reader) for i, plan in enumerate(plans) if modes[i] == ONCE and plan}
    var = w.sym(ring.var)
    w.line(f"if ({ring.turn} == 0) {{  // the first turns' windows")
    with w.indented():
        for i, stages_at in rings.items():  # each turn's products read its own stage, named alike
            staged[i] = dot_stage.stage(w, plans[i], present[i], reader, into=stages_at[0])
        for i, place in onces.items():
            staged[i] = dot_stage.stage(w, plans[i], present[i], reader, into=place)
        for turns in range(1, depth - 1):
            w.line(f"if ({var} + {turns * ring.step} < {ring.hi}) {{")
            with w.indented():
                _copy_later(w, e, plans, rings, ring, turns, reader)
            w.line("}")
        if not own_turn:
            w.line("ph::stage_commit();")
    w.line("}")
    if own_turn:
        w.line("ph::stage_commit();  // this turn's own copies")
    pending = 0 if own_turn or not rings else depth - 2
    # An earlier product of the turn waited for this one's windows too (a turn's copies
    # ahead are one group) and published them after a barrier past the turn before: this
    # product waits only in the first turn, for the windows it copied itself. Not where it
    # stages an operand every turn (from registers, say): that needs its own barrier.
    covered = (not own_turn and all(m or p is None for m, p in zip(modes, plans, strict=True))
               and ring.covered(w.arch_branch, pending, async_reader))
    if rings:
        if not covered:
            w.sync()  # the stages the later turn's copies fill were read by the turn before
        w.line(f"if ({var} + {(depth - 1) * ring.step} < {ring.hi}) {{  // a later turn's windows, "
               "while this turn's products run")
        with w.indented():
            _copy_later(w, e, plans, rings, ring, depth - 1, reader)
        w.line("}")
        ring.copied_ahead.append(id(e))
    wait = f"ph::stage_wait_ahead<{pending}>({ring.turn});" if rings else "ph::stage_wait();"
    if covered:
        w.line(f"if ({ring.turn} == 0) {{  // later turns' windows: waited for and published with the turn's "
               "first product's")
        with w.indented():
            w.line(wait)
            _publish(w, async_reader)
        w.line("}")
        return staged
    w.line(wait)
    _publish(w, async_reader)
    ring.publish(w.arch_branch, pending, async_reader)
    return staged


def _copy_later(w: TileWriter, e: ir.Dot, plans: list[stages.StageLayout | None],
                rings: dict[int, list[tuple[str, str]]], ring: Ring, turns: int, reader: str) -> None:
    """The ringed operands' windows of the turn `turns` after this one, into their stages."""
    depth = len(next(iter(rings.values())))
    with products.next_turn(w, ring, turns):
        later = dot_stage.presents(*products.bounds(w, e))
        for i, stages_at in rings.items():
            dot_stage.stage(w, plans[i], later[i], reader, into=stages_at[turns if turns < depth - 1 else -1])


def _publish(w: TileWriter, async_reader: bool) -> None:
    """The barrier after which every thread's copies are seen by the products; a stage
    wgmma reads (through the async proxy) is fenced by each thread that wrote it first."""
    if async_reader:
        w.line("ph::proxy_fence();  // this thread's copies, seen by wgmma")
    w.sync()


def _one_stage(w: TileWriter, plan: stages.StageLayout, reader: str) -> tuple[str, str]:
    """One stage of shared memory of the loop's own for an operand copied once: (pointer,
    shared address)."""
    base = _own_stages(w, plan, 1, f"{plan.stored.type} staged for {reader}, once for every turn", "once")
    return _stage_at(w, plan, "once", base, "0", None)


def _ring(w: TileWriter, plan: stages.StageLayout, ring: Ring, depth: int, reader: str) -> list[tuple[str, str]]:
    """A ring of `depth` stages of shared memory of the loop's own for one operand:
    (pointer, shared address) of the stage this turn reads, of stages 1 to depth - 2
    (the first turn fills them), and of the stage this turn fills."""
    base = _own_stages(w, plan, depth, f"{depth} stages of {plan.stored.type} staged for {reader}, turns ahead",
                       "ring")
    first = w.names.take("ring_at")
    w.line(f"const u32 {first} = ph::smem_address({base});")
    turn = ring.turn
    return [_stage_at(w, plan, "now", base, f"({turn} % {depth}) * {plan.bytes}", first),
            *(_stage_at(w, plan, f"first{k}", base, f"{k * plan.bytes}", first) for k in range(1, depth - 1)),
            _stage_at(w, plan, "then", base, f"(({turn} + {depth - 1}) % {depth}) * {plan.bytes}", first)]


def _own_stages(w: TileWriter, plan: stages.StageLayout, count: int, comment: str, base: str) -> str:
    """`count` stages of `plan` in shared memory of the loop's own: where the first starts
    (C++), aligned as a swizzled layout needs."""
    start = w.ring_scratch(stages.taken_bytes(plan, count), comment, base)
    return f"(unsigned char*){dot_stage.place(w, plan, start)}" if plan.swizzled else start


def _stage_at(w: TileWriter, plan: stages.StageLayout, which: str, base: str, offset: str,
              base_at: str | None) -> tuple[str, str]:
    """A stage's pointer of its element type, `offset` bytes past `base`, and its shared
    address: from `base_at` (base's, the same every turn) plus the offset where given,
    so that a turn adds a number rather than converting a pointer."""
    storage = ct.storage_type(plan.stored.type.dtype)
    pointer, address = w.names.take(f"stage_{which}"), w.names.take(f"stage_{which}_at")
    w.line(f"{storage}* {pointer} = ({storage}*)({base} + {offset});")
    at = f"ph::smem_address({pointer})" if base_at is None else f"{base_at} + {offset}"
    w.line(f"const u32 {address} = {at};")
    return pointer, address


def _stage_by_tma(w: TileWriter, e: ir.Dot, plans: list[stages.StageLayout | None], modes: tuple[str, ...],
                  loads: tuple[TmaLoad | None, TmaLoad | None], depth: int, reader: str,
                  present: tuple[dot_stage.Present, dot_stage.Present]) -> list[dot_stage.Staged | None]:
    """Stage the product's operands as TMA loads them (plan/tma_loads.py): one thread loads
    each turn's windows into their stages, completing on the stage's *full* mbarrier, which
    every thread waits on before the products read it. Each thread releases the stage the
    turn before read (its products have landed: nothing is in flight past a turn's end) by
    an arrival on the stage's *empty* mbarrier, and the loading thread waits for all of them
    before it fills that stage again: no thread waits for the others at a CTA barrier. The
    barriers are made afresh where the loop starts, after a CTA barrier (no thread still
    waits on them from the loop's last run)."""
    ring = w.ring
    assert ring is not None
    rings = {i: _ring(w, plan, ring, depth, reader) for i, plan in enumerate(plans) if modes[i] == AHEAD and plan}
    onces = {i: _one_stage(w, plan, reader) for i, plan in enumerate(plans) if modes[i] == ONCE and plan}
    count = (2 * depth if rings else 0) + (1 if onces else 0)
    start = w.ring_scratch(8 * count, f"{count} mbarriers: each stage's loads landed (full), its readers done "
                           "(empty)", "bars")
    bars = w.names.take("bars_at")
    w.line(f"const u32 {bars} = ph::smem_address({start});")
    empty = f"{bars} + {8 * depth}"
    once_bar = f"{bars} + {8 * (2 * depth if rings else 0)}"
    var, turn = w.sym(ring.var), ring.turn

    def load(places: dict[int, list[tuple[str, str]] | tuple[str, str]], which: int, bar: str) -> None:
        """The windows of the operands in `places` (each its stage `which`, or its one stage)
        loaded, completing on `bar`."""
        chosen = [(i, place if isinstance(place, tuple) else place[which]) for i, place in places.items()]
        total = sum(loads[i].bytes for i, _ in chosen)  # type: ignore[union-attr]
        w.line(f"ph::mbar_expect({bar}, {total});")
        for i, (_, address) in chosen:
            _tma_window(w, loads[i], address, bar)  # type: ignore[arg-type]

    w.line(f"if ({turn} == 0) {{  // the stages' barriers made, and the first turns' windows loaded")
    with w.indented():
        w.sync()
        w.line("if (threadIdx.x == 0) {")
        with w.indented():
            for k in range(count):
                readers = w.kernel.threads if rings and depth <= k < 2 * depth else 1
                w.line(f"ph::mbar_init({bars} + {8 * k}, {readers});")
            w.line('asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");')
        w.line("}")
        w.sync()
        w.line("if (threadIdx.x == 0) {")
        with w.indented():
            if onces:
                load(onces, 0, once_bar)  # type: ignore[arg-type]
            if rings:
                load(rings, 0, bars)
                for turns in range(1, depth - 1):
                    w.line(f"if ({var} + {turns * ring.step} < {ring.hi}) {{")
                    with w.indented(), products.next_turn(w, ring, turns):
                        load(rings, turns, f"{bars} + {8 * turns}")
                    w.line("}")
        w.line("}")
    w.line("}")
    if rings:
        w.line(f"if ({turn} > 0) ph::mbar_arrive({empty} + 8 * (({turn} - 1) % {depth}));  // the stage the turn "
               "before read, released")
        w.line(f"if (threadIdx.x == 0 && {var} + {(depth - 1) * ring.step} < {ring.hi}) {{  // a later turn's "
               "windows, while this turn's products run")
        with w.indented():
            previous = f"({turn} - 1)"
            w.line(f"if ({turn} > 0) ph::mbar_wait({empty} + 8 * ({previous} % {depth}), ({previous} / {depth}) & 1);  "
                   "// its readers done")
            with products.next_turn(w, ring, depth - 1):
                load(rings, -1, f"{bars} + 8 * (({turn} + {depth - 1}) % {depth})")
        w.line("}")
        w.line(f"ph::mbar_wait({bars} + 8 * ({turn} % {depth}), ({turn} / {depth}) & 1);  // this turn's windows")
    if onces:
        w.line(f"if ({turn} == 0) ph::mbar_wait({once_bar}, 0);  // the windows loaded once")
    staged: list[dot_stage.Staged | None] = [None, None]
    for i, place in [*((i, stages_at[0]) for i, stages_at in rings.items()), *onces.items()]:
        staged[i] = dot_stage.Staged(plans[i], place[1], place[0], kept=True)  # type: ignore[arg-type]
    _zero_unread_k(w, e, staged, present)
    return staged


def _tma_window(w: TileWriter, load: TmaLoad, address: str, bar: str) -> None:
    """One TMA load a box of the operand's window (at this turn) into the stage at `address`."""
    items = load.window.items
    starts = w.window_starts(items)
    inner = [starts[-1], starts[-2], *reversed(starts[:-2])]  # the map's dims, the innermost first
    name = w.map_names[load.map]
    for box in range(load.boxes):
        coords = [f"(int)({inner[0]}) + {box * load.box_cols}", *(f"(int)({c})" for c in inner[1:])]
        w.line(f"ph::tma_load({address} + {box * load.box_bytes}, &{name}, {', '.join(coords)}, {bar});")


def _zero_unread_k(w: TileWriter, e: ir.Dot, staged: list[dot_stage.Staged | None],
                   present: tuple[dot_stage.Present, dot_stage.Present]) -> None:
    """Where an operand TMA loaded holds a k the other operand lacks (its present k runs
    past the range both have), zeros there, as the copies would have written: the whole
    CTA, in a branch every thread takes alike, then the async proxy's fence and a barrier."""
    ra, rb, k_lo, k_hi = products.bounds(w, e)
    owns = {0: ra[1], 1: rb[0]}
    for i, stage in enumerate(staged):
        if stage is None:
            continue
        own_lo, own_hi = owns[i]
        longer = f"{own_lo} < {own_hi} && ({own_lo} < {k_lo} || {own_hi} > {k_hi})"
        los, his, klo, khi = (const_int(x) for x in (own_lo, own_hi, k_lo, k_hi))
        if None not in (los, his, klo, khi) and not (los < his and (los < klo or his > khi)):  # type: ignore[operator]
            continue
        plan = stage.plan
        rows, cols = plan.shape
        shown = dot_stage.shown_as(plan, present[i])
        storage = ct.storage_type(plan.stored.type.dtype)
        n, r, c = (w.loop_name(base) for base in ("e", "r", "c"))
        w.line(f"if ({longer}) {{  // k this operand has and the other lacks: zeros, as the product reads none")
        with w.indented():
            w.line(f"for (int {n} = threadIdx.x; {n} < {rows * cols}; {n} += {w.kernel.threads}) {{")
            with w.indented():
                w.line(f"const int {r} = {n} / {cols}, {c} = {n} % {cols};")
                zero = ct.pack(plan.stored.type.dtype, ct.zero(plan.stored.type.dtype))
                w.line(f"if (!({shown(r, c)})) {stage.ref(storage, r, c)} = {zero};")
            w.line("}")
            w.line("ph::proxy_fence();  // this thread's zeros, seen by wgmma")
            w.sync()
        w.line("}")
