"""Index tiles are recomputed where they are read, never stored.

A `let` tile whose value is made of index tiles (`iota`), constants and scalars that
cannot change while it is in scope (parameters, dims, `let` scalars, loop variables,
the CTA's coordinates) is one function of an element's position wherever it is read.
Each read of it is given that expression instead, so each thread computes the
elements it uses from their positions, in whatever layout the reading statement
runs, and the tile takes no shared memory, no sweep of its own and no barrier:
flash-decoding's one-row mask of a split's keys (`iota<axis 1>(1, BN) + j < first +
per_split`), a causal mask's comparison of row and column indices. A read that is
not elementwise (a window of the tile, a reduction or product of it) keeps the tile.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from phobos.ir import nodes as ir

from ..layout.fragments import ELEMENTWISE
from .presence import INDEX_NODES

# The nodes an index tile's value may hold: an index's (elementwise, reading no memory)
# and index tiles.
TILE_INDEX_NODES = (*INDEX_NODES, ir.Iota)


def recomputed_index_tiles(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every index tile's declaration left out and each of its reads
    replaced by a copy of its value; the kernel itself where it has none."""
    values: dict[ir.Sym, ir.Expr] = {}
    for s in ir.walk_stmts(kernel.body):
        if isinstance(s, ir.Decl) and s.sym.kind == "let" and s.sym.vtype.shape and s.init is not None:
            value = _substituted(s.init, values)
            if value.type == s.sym.vtype and _is_index_value(value):
                values[s.sym] = value
    for sym in [sym for sym in values if not _read_elementwise_only(kernel.body, sym)]:
        del values[sym]
    if not values:
        return kernel
    body = ir.rewrite_stmts(kernel.body, lambda s: [] if isinstance(s, ir.Decl) and s.sym in values else None)
    return replace(kernel, body=[_substituted(s, values) for s in body])


def _is_index_value(e: ir.Expr) -> bool:
    nodes = list(ir.walk_expr(e))
    return (any(isinstance(n, ir.Iota) for n in nodes)
            and all(isinstance(n, TILE_INDEX_NODES) and not (isinstance(n, ir.Read) and
                                                        (n.sym.vtype.shape or n.sym.kind == "var"))
                    for n in nodes))


def _read_elementwise_only(body: list[ir.Stmt], sym: ir.Sym) -> bool:
    """Whether every read of tile `sym` is whole, as a statement's value or an operand of
    an elementwise node (never a window, a reduction or a product of it)."""
    for s in ir.walk_stmts(body):
        if isinstance(s, ir.TileStore | ir.Assign) and s.sym is sym:
            return False
        for n in ir.stmt_nodes(s):
            if isinstance(n, ir.Atomic) and n.tile is sym:
                return False
            if not isinstance(n, ELEMENTWISE) and any(isinstance(c, ir.Read) and c.sym is sym for c in n.children()):
                return False
    return True


def _substituted(node: Any, values: dict[ir.Sym, ir.Expr]) -> Any:
    """`node` (an expression, statement, subscript, or a list or tuple of them) rebuilt
    with each read of a tile of `values` a fresh copy of its value: every node of the
    copy is its own, so plans keyed by a node's identity see each read apart; what holds
    no such read is `node` itself."""
    if isinstance(node, ir.Read) and node.sym in values:
        return _copied(values[node.sym])
    if isinstance(node, list | tuple):
        parts = [_substituted(x, values) for x in node]
        if all(a is b for a, b in zip(parts, node, strict=True)):
            return node
        return parts if isinstance(node, list) else tuple(parts)
    if isinstance(node, ir.Expr | ir.Stmt | ir.At | ir.Window):
        changes = {f.name: _substituted(getattr(node, f.name), values) for f in fields(node)
                   if _holds_code(getattr(node, f.name))}
        changes = {name: v for name, v in changes.items() if v is not getattr(node, name)}
        return replace(node, **changes) if changes else node
    return node


def _copied(e: ir.Expr) -> ir.Expr:
    """A copy of expression `e` made of new nodes."""
    changes = {f.name: (_copied(v) if isinstance(v, ir.Expr) else
                        tuple(_copied(x) if isinstance(x, ir.Expr) else x for x in v))
               for f in fields(e) for v in [getattr(e, f.name)]
               if isinstance(v, ir.Expr) or (isinstance(v, tuple) and any(isinstance(x, ir.Expr) for x in v))}
    return replace(e, **changes)


def _holds_code(value: Any) -> bool:
    """Whether a field's value is code the substitution walks: an expression, a
    statement, a subscript, or a list or tuple holding any."""
    if isinstance(value, list | tuple):
        return any(_holds_code(x) for x in value)
    return is_dataclass(value) and isinstance(value, ir.Expr | ir.Stmt | ir.At | ir.Window)
