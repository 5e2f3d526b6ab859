"""Which of a loop's products may have their operands copied turns ahead, decided from
the loop alone (lower/stage_ring.py writes the copies): a window the loop does not
write, placed by nothing the loop assigns but its variable, is copied a turn ahead into
a ring of stages; one placed not even by the variable is copied once for every turn.
"""

from __future__ import annotations

from phobos.ir import nodes as ir

from ..layout.stages import STAGE_LIMIT, StageLayout, taken_bytes

AHEAD, ONCE = "ahead", "once"  # how a loop's operand is staged: a turn ahead, or once for every turn


def ahead_products(s: ir.For) -> dict[int, tuple[str, str]]:
    """For each `dot` in a statement of the loop's own body, how the loop may stage each
    operand: a window of a tensor the loop does not write (a turn's store must land
    before the next turn's window is read) whose place reads no value the loop assigns
    (a variable, or an element of a tensor it writes) but the loop variable is copied a
    turn ahead (AHEAD); one that reads not even the loop variable, and whose k the other
    operand's window fixes just as firmly, is copied once (ONCE). Empty where the loop
    can leave a turn early or its step is not a positive constant."""
    if not (isinstance(s.step, ir.Const) and int(s.step.value) > 0):
        return {}
    inner = list(ir.walk_stmts(s.body))
    if any(isinstance(t, ir.Break | ir.Continue | ir.Return) for t in inner):
        return {}
    assigned = {t.sym for t in inner if isinstance(t, ir.Decl | ir.Assign | ir.TileStore)}
    assigned |= {t.var for t in inner if isinstance(t, ir.For)}
    written = ir.stored_tensors(s.body)

    def reads(items: tuple[ir.Item, ...] | list[ir.Item], syms: set[ir.Sym]) -> bool:
        """Whether the items read one of `syms`, or an element of a tensor the loop
        writes (`A[:, IDX[0, j] :+ 16]` with IDX stored in the loop: a copy made ahead
        would read IDX before the store)."""
        return any((isinstance(n, ir.Read) and n.sym in syms) or (isinstance(n, ir.Load) and n.tensor in written)
                   for it in ir.item_exprs(tuple(items)) for n in ir.walk_expr(it))

    def window_of(x: ir.Expr) -> ir.Load | None:
        window = x.operand if isinstance(x, ir.Transpose) else x
        return window if isinstance(window, ir.Load) else None

    def movable(x: ir.Expr) -> bool:
        window = window_of(x)
        return window is not None and window.tensor not in written and not reads(window.items, assigned)

    def k_item(x: ir.Expr, left: bool) -> ir.Item | None:
        """The window item that places operand `x`'s k (the left operand's where `left`);
        None where `x` is no window of two windowed dims."""
        window = window_of(x)
        dims = [] if window is None else [it for it in window.items if isinstance(it, ir.Window)]
        return dims[(1 if left else 0) ^ isinstance(x, ir.Transpose)] if len(dims) == 2 else None

    def k_fixed(x: ir.Expr, left: bool) -> bool:
        """Whether operand `x` has its k from a window item that reads nothing the loop
        changes, its variable included."""
        item = k_item(x, left)
        return item is not None and not reads([item], assigned | {s.var})

    def k_ahead(x: ir.Expr, left: bool) -> bool:
        """Whether operand `x`'s range of k, which masks the other operand's copy, can
        be found a turn ahead: its window's k item reads nothing the loop assigns but
        the variable (which the next turn's copy advances), nor an element of a tensor
        the loop writes (`A[:, IDX[0, j] :+ 16]`'s k with IDX stored in the turn)."""
        item = k_item(x, left)
        return item is None or not reads([item], assigned)

    def mode(x: ir.Expr, other: ir.Expr, left: bool) -> str:
        if not movable(x) or not k_ahead(other, not left):
            return ""
        window = window_of(x)
        assert window is not None
        if not reads(window.items, {s.var}) and k_fixed(other, not left):
            return ONCE
        return AHEAD

    found: dict[int, tuple[str, str]] = {}
    for t in s.body:
        for n in ir.stmt_nodes(t):
            if isinstance(n, ir.Dot) and (movable(n.left) or movable(n.right)):
                found[id(n)] = (mode(n.left, n.right, True), mode(n.right, n.left, False))
    return found


def ring_modes(plans: list[StageLayout | None], modes: tuple[str, ...], most: int) -> tuple[tuple[str, ...], int]:
    """How a product's staged operands (`plans`) are staged by its loop, given what the
    loop allows (`modes`, ahead_products) and the stages a ring may have (`most`): the
    modes (none for an operand not staged; none ahead where a ring would have fewer than
    two stages; none at all where the stages would pass a product's staging limit) and
    the stages of its rings."""
    modes = tuple(m if p is not None else "" for m, p in zip(modes, plans, strict=True))
    depth = _depth(plans, modes, most)
    if depth < 2:
        modes = tuple("" if m == AHEAD else m for m in modes)
    if _staged_bytes(plans, modes, depth) > STAGE_LIMIT:
        modes = ("", "")
    return modes, depth


def _depth(plans: list[StageLayout | None], modes: tuple[str, ...], most: int) -> int:
    """The stages of the product's rings: `most`, or fewer down to 2 where the rings
    and the stages copied once would take more than a product's staging limit."""
    depth = most
    while depth > 2 and _staged_bytes(plans, modes, depth) > STAGE_LIMIT:
        depth -= 1
    return depth


def _staged_bytes(plans: list[StageLayout | None], modes: tuple[str, ...], depth: int) -> int:
    """The shared memory a product's stages take: `depth` stages for each operand copied
    ahead, one for each other staged operand."""
    return sum(taken_bytes(p, depth if m == AHEAD else 1) for p, m in zip(plans, modes, strict=True)
               if p is not None)
