"""How deeply a kernel or fn nests, measured on its tree, and the limit on it.

Every stage after the front ends walks the tree recursively, so a program nested too
deeply would exhaust Python's stack there. Both front ends refuse a kernel or fn whose
tree is deeper than MAX_NESTING, with a located error, before anything else walks it;
the checker holds the program with its fns inlined to the same limit. The depth is
the tree's, not the text's, so a program and its printed text measure the same.
"""

from __future__ import annotations

import dataclasses

from phobos.ast.nodes import Fn, Kernel, Node
from phobos.errors import PhobosError

# Each statement, expression, subscript item, type, attribute and parameter lies one
# level below what holds it; a kernel's or fn's body starts at level 1. Every later
# stage stays within Python's default stack at this depth (tests/test_limits.py).
MAX_NESTING = 100

_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def _node_fields(kind: type) -> tuple[str, ...]:
    """The fields of a node class that can hold nodes (all but spans and plain values)."""
    names = _NODE_FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(kind) if f.name != "span" and f.compare)
        _NODE_FIELDS[kind] = names
    return names


def _children(node: Node) -> list[Node]:
    out: list[Node] = []
    for name in _node_fields(type(node)):
        value = getattr(node, name)
        if isinstance(value, Node):
            out.append(value)
        elif isinstance(value, tuple):
            out.extend(v for v in value if isinstance(v, Node))
    return out


def deepest_path(node: Node) -> list[Node]:
    """The nodes from `node` down to the first of its deepest nodes, in the order written."""
    nodes: list[Node] = [node]
    parents = [-1]
    levels = [0]
    deepest = 0
    pending = [0]
    while pending:
        at = pending.pop()
        if levels[at] > levels[deepest]:
            deepest = at
        for child in reversed(_children(nodes[at])):
            nodes.append(child)
            parents.append(at)
            levels.append(levels[at] + 1)
            pending.append(len(nodes) - 1)
    path = []
    while deepest >= 0:
        path.append(nodes[deepest])
        deepest = parents[deepest]
    return path[::-1]


def height(node: Node) -> int:
    """The level of the deepest node below `node`, which is at level 0."""
    return len(deepest_path(node)) - 1


def _too_deep(levels: int, where: Node) -> PhobosError:
    return PhobosError(
        f"nested too deeply: this code nests {levels} levels deep, and the limit is {MAX_NESTING} "
        "(each statement, operator, call and subscript sits a level inside what holds it); "
        "split it up with lets",
        where.span,
    )


def check_nesting(item: Kernel | Fn) -> None:
    """Refuse a kernel or fn whose tree is deeper than MAX_NESTING, pointing at the code a
    level too deep on the way to its deepest node."""
    path = deepest_path(item)
    if len(path) - 1 > MAX_NESTING:
        raise _too_deep(len(path) - 1, path[MAX_NESTING + 1])
