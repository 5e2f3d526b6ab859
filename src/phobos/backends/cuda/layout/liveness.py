"""Where each tile is live, for a register budget counted at each statement rather than
over the whole kernel (PHOBOS_CUDA_LIVE_BUDGET=1, layout/fragments.py).

A tile's registers are needed from its declaration to the statement that reads or writes
it last, and through every loop that uses it but does not declare it (its value is
carried from one turn to the next). At the statement that reads it last they are not
counted: that statement's result may take them (the scores of a turn, read last where
the probabilities are computed elementwise from them, give their registers to the
probabilities, as ptxas allocates an unrolled loop `p[i] = f(s[i])`). Statements are
numbered in program order, nested blocks included (ir.walk_stmts).
"""

from __future__ import annotations

from phobos.environment import flag
from phobos.ir import nodes as ir

ENV_LIVE_BUDGET = "PHOBOS_CUDA_LIVE_BUDGET"


def live_budget_on() -> bool:
    """Whether register tiles are budgeted where they are live (the setting; off when unset)."""
    return flag(ENV_LIVE_BUDGET, False)


def live_ranges(body: list[ir.Stmt], tiles: list[ir.Sym]) -> dict[ir.Sym, range]:
    """The statements (by number) at which each of `tiles` holds its registers."""
    statements = list(ir.walk_stmts(body))
    number = {id(s): k for k, s in enumerate(statements)}
    ends = _loop_ends(body, number)
    wanted = set(tiles)
    first: dict[ir.Sym, int] = {}
    last: dict[ir.Sym, int] = {}
    for k, s in enumerate(statements):
        if isinstance(s, ir.Decl) and s.sym in wanted:
            first.setdefault(s.sym, k)
        touched = {n.sym for n in ir.stmt_nodes(s) if isinstance(n, ir.Read)}
        if isinstance(s, ir.Decl | ir.Assign | ir.TileStore):
            touched.add(s.sym)
        for sym in touched & wanted:
            last[sym] = k
    out: dict[ir.Sym, range] = {}
    for sym in tiles:
        start = first.get(sym, 0)
        stop = max(last.get(sym, start), start + 1)
        for loop_start, loop_end in ends:  # a loop using the tile that it did not declare carries it
            if loop_start < start <= loop_end:
                continue
            if loop_start <= last.get(sym, -1) <= loop_end and start < loop_start:
                stop = max(stop, loop_end + 1)
        out[sym] = range(start, stop)
    return out


def _loop_ends(body: list[ir.Stmt], number: dict[int, int]) -> list[tuple[int, int]]:
    """Each loop's number and the number of the last statement nested in it."""
    found: list[tuple[int, int]] = []
    for s in ir.walk_stmts(body):
        if isinstance(s, ir.For | ir.While):
            inner = list(ir.walk_stmts(s.body))
            found.append((number[id(s)], number[id(inner[-1])] if inner else number[id(s)]))
    return found
