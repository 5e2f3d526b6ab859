"""Which view loads and stores tileiras may write by TMA (the `allow_tma` hint). Either
way a view's tile holds the same values; the hint only picks the machine's path.

tileiras writes a view's tile by TMA into shared memory, with mbarrier waits, where it
may. That pays where a matrix product reads its operands from shared memory, and for a
product's result leaving through shared memory; a tile read once into registers (a row
of a softmax or a norm, a chunk of a sum) or stored from them gains only the hop. Off
TMA, tileiras moves such a tile between global memory and registers directly (vector
loads and stores), as the CUDA back end does. A store off TMA is also not asynchronous:
no TMA store is left in flight for a later read to be ordered after (docs/tileir.md).
"""

from __future__ import annotations

from collections.abc import Iterable

from . import model as m

NO_TMA = m.Hints((("default", (("allow_tma", False),)),))
PRODUCTS = ("mmaf", "mmai")


def entry_hints(occupancy: int | None) -> m.Hints | None:
    """The entry's hints: `@occupancy(n)` for every target (`default`), so one module
    serves every architecture; an autotune over `n` picks it per GPU, as its tuning key
    names the GPU. None where the kernel leaves occupancy to tileiras."""
    if occupancy is None:
        return None
    return m.Hints((("default", (("occupancy", occupancy),)),))


def ops_in(block: m.Block) -> list[m.Op]:
    """Every op of a block, those of its ops' regions too."""
    found = []
    for op in block.ops:
        found.append(op)
        for region in op.regions:
            found += ops_in(region)
    return found


def without_tma(block: m.Block) -> None:
    """Every tensor load and tile store in `block`, without TMA: in a kernel that uses
    the scratch buffer (see scratch.py for why; a store is kept off TMA alike, so that no
    warp of tileiras's own holds a tile it writes)."""
    for op in ops_in(block):
        if op.name in ("load_view_tko", "store_view_tko"):
            op.attrs["optimization_hints"] = NO_TMA


def tma_for_products(block: m.Block) -> None:
    """TMA only for the tiles a matrix product takes or gives: a view load whose tile an
    MMA's operand is computed from, and a view store of a tile computed from an MMA's
    result. Every other view load and store is kept off TMA. Where a value comes from a
    loop or an `if`, all of that op counts as its source, so a tile is kept on TMA
    wherever it might meet a product."""
    ops = ops_in(block)
    made_by: dict[m.Value, m.Op] = {}
    for op in ops:
        for v in op.results:
            made_by[v] = op
        for region in op.regions:
            for v in region.args:
                made_by[v] = op

    def sources(roots: Iterable[m.Operand]) -> list[m.Op]:
        """The ops the values `roots` are computed from (all of an op with regions)."""
        seen: set[int] = set()
        found: list[m.Op] = []
        stack = [v for root in roots for v in (root if isinstance(root, tuple) else (root,)) if v is not None]
        while stack:
            op = made_by.get(stack.pop())
            if op is None or id(op) in seen:
                continue
            seen.add(id(op))
            found.append(op)
            for operand in op.operands.values():
                values = operand if isinstance(operand, tuple) else (operand,) if operand is not None else ()
                stack += [v for v in values if not isinstance(v.type, m.Token)]  # an order, not a value
            for inner in (x for region in op.regions for x in ops_in(region)):
                stack += inner.results
        return found

    operands = sources(op.operands[side] for op in ops if op.name in PRODUCTS for side in ("lhs", "rhs"))
    taken = {id(op) for op in operands if op.name == "load_view_tko"}
    for op in ops:
        if op.name == "load_view_tko" and id(op) in taken:
            continue
        if op.name == "store_view_tko" and any(s.name in PRODUCTS for s in sources([op.operands["tile"]])):
            continue
        if op.name in ("load_view_tko", "store_view_tko"):
            op.attrs["optimization_hints"] = NO_TMA
