"""A loop's turn rotated so that the next turn's first product runs beside this turn's
last one (FlashAttention-3's schedule within one warpgroup).

Attention's turn is a product, what reads it, and a second product:

    for j in range(lo, hi, step):
        var s = dot(q, transpose(K[j :+ BN, :]))    # first: reads the loop variable and
        ... m_new, p, alpha, l from s ...           #   what the loop does not change
        acc = acc * alpha + dot(bf16(p), V[j :+ BN, :])
        m = m_new                                   # last: from the second product on

Written as it stands, each product waits for the statements before it and they for
it, so the tensor cores idle while the softmax runs. Turn j's last statements and turn
j + 1's first ones are next to each other in the loop's run, so the loop can be
written with its turn rotated by the first part, which changes nothing it computes:

    if lo < hi:
        first(lo); middle(lo)
        for j in range(lo, hi - step, step):
            first(j + step)          # the product of turn j + 1 ...
            last(j)                  # ... and that of turn j, both in flight
            middle(j + step)         # turn j + 1's softmax, while turn j's product runs
        last(the last turn's j)

`first(j + step)` moves ahead of `last(j)`: it reads nothing `last` writes and `last`
does not read what it declares. The values the first part declares and the last part
reads (m_new, p, alpha) are carried from one turn to the next, so they become
variables declared before the loop. The back end then issues both products before it
waits for either (lower/products.py).

Each copy is made of nodes of its own (the plans are keyed by a node's identity).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from phobos.dtypes import BOOL
from phobos.environment import flag
from phobos.errors import Span
from phobos.ir import nodes as ir

# Loops with two products written with their turns rotated: off unless the variable says
# yes, until the back end overlaps the products it puts side by side.
ENV_ROTATE_TURNS = "PHOBOS_CUDA_ROTATE_TURNS"


def rotate_turns_on() -> bool:
    """Whether loops with two products are rotated (the setting; no when unset)."""
    return flag(ENV_ROTATE_TURNS, False)


@dataclass(frozen=True)
class Split:
    """A loop's turn cut where it rotates: `first` declares the product the turn starts
    with, `middle` reads it, `last` starts at the turn's next product; `carried` are the
    symbols `first` and `middle` declare and `last` reads."""

    first: ir.Decl
    middle: list[ir.Stmt]
    last: list[ir.Stmt]
    carried: list[ir.Sym]


def rotated_turns(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with each loop that `split_turn` cuts written rotated; itself where
    none is (or the setting is off)."""
    if not rotate_turns_on():
        return kernel
    changed = False

    def each(s: ir.Stmt) -> list[ir.Stmt] | None:
        nonlocal changed
        split = split_turn(s) if isinstance(s, ir.For) else None
        if split is None:
            return None
        changed = True
        assert isinstance(s, ir.For)
        return rotated(s, split)

    body = ir.rewrite_stmts(kernel.body, each)
    return replace(kernel, body=body) if changed else kernel


def split_turn(loop: ir.For) -> Split | None:
    """Where `loop`'s turn rotates, or None where it may not: its step is a positive
    constant and every turn runs to its end; it starts with `var s = dot(...)` whose
    operands read nothing the loop assigns or stores but the loop variable; a later
    statement holds a product; the statements from there on neither read nor assign
    `s`, nor assign or store what its product reads; the loop's bounds read nothing the
    loop assigns."""
    body = loop.body
    if not (isinstance(loop.step, ir.Const) and int(loop.step.value) > 0 and body):
        return None
    if any(isinstance(t, ir.Break | ir.Continue | ir.Return) for t in ir.walk_stmts(body)):
        return None
    first = body[0]
    if not (isinstance(first, ir.Decl) and isinstance(first.init, ir.Dot)):
        return None
    cut = next((k for k in range(1, len(body))
                if any(isinstance(n, ir.Dot) for n in ir.body_nodes([body[k]]))), None)
    if cut is None:
        return None
    middle, last = body[1:cut], body[cut:]
    assigned = ir.assigned_syms(body) | {loop.var}
    stored = ir.stored_tensors(body)
    product_reads = _reads(first.init)
    if (product_reads & (assigned - {loop.var})) or (_loaded(first.init) & stored):
        return None
    if any(_reads(bound) & assigned for bound in (loop.lo, loop.hi)):
        return None
    read_last, assigned_last = ir.read_syms(last), ir.assigned_syms(last)
    if first.sym in read_last | assigned_last or (assigned_last & product_reads) \
            or (ir.stored_tensors(last) & _loaded(first.init)):
        return None
    declared = [t.sym for t in body[:cut] if isinstance(t, ir.Decl)]
    carried = [sym for sym in declared if sym in read_last]
    return Split(first, middle, last, carried)


def rotated(loop: ir.For, split: Split) -> list[ir.Stmt]:
    """`loop` written rotated (the module's docstring): the carried values declared
    first, then, where the loop runs a turn, its first part for the first turn, the
    rotated loop, and its last part for the last turn."""
    span, var, step = loop.span, loop.var, int(loop.step.value)  # type: ignore[attr-defined]
    index = var.vtype

    def const(value: int) -> ir.Const:
        return ir.Const(index, span, value)

    def binary(op: str, a: ir.Expr, b: ir.Expr, vtype: ir.VType = index) -> ir.Binary:
        return ir.Binary(vtype, span, op, a, b, uni=max(a.uni, b.uni))

    carried = {sym: ir.Sym(sym.name, sym.vtype, "var", sym.span, sym.uni) for sym in split.carried}
    hoisted: list[ir.Stmt] = [ir.Decl(sym.span, new, None if new.vtype.shape else _zero(new.vtype, sym.span))
                              for sym, new in carried.items()]
    head = [split.first, *split.middle]
    lo = _Copy(carried, {}).expr(loop.lo)
    hi = _Copy(carried, {}).expr(loop.hi)
    at_lo = _Copy(carried, {var: loop.lo}).stmts(head)
    ahead = binary("+", ir.Read(index, span, var, uni=var.uni), const(step))
    turn = [*_Copy(carried, {var: ahead}).stmts([split.first]),
            *_Copy(carried, {}).stmts(split.last),
            *_Copy(carried, {var: ahead}).stmts(split.middle)]
    inner = ir.For(span, var, lo, binary("-", hi, const(step)), const(step), turn, loop.unroll)
    # The last turn's j: lo + (hi - 1 - lo) / step * step, where hi > lo.
    final = binary("+", loop.lo, binary("*", binary("/", binary("-", binary("-", loop.hi, const(1)), loop.lo),
                                                    const(step)), const(step)))
    at_last = _Copy(carried, {var: final}).stmts(split.last)
    runs = binary("<", loop.lo, loop.hi, ir.VType(BOOL))
    return [*hoisted, ir.If(span, _Copy({}, {}).expr(runs), [*at_lo, inner, *at_last], [])]


class _Copy:
    """Copies of statements and expressions made of new nodes: each symbol of `renamed`
    replaced by its new one (a carried value's `Decl` becomes an assignment to it),
    each read of a symbol of `values` by a copy of its value. The copies declare the
    symbols the loop's turn does (the prologue's and the loop's in blocks of their own),
    so each tile keeps one register plan."""

    def __init__(self, renamed: dict[ir.Sym, ir.Sym], values: dict[ir.Sym, ir.Expr]):
        self.renamed, self.values = renamed, values

    def stmts(self, body: list[ir.Stmt]) -> list[ir.Stmt]:
        return [self.node(s) for s in body]

    def expr(self, e: ir.Expr) -> ir.Expr:
        return self.node(e)

    def node(self, node: Any) -> Any:
        if isinstance(node, list | tuple):
            parts = [self.node(x) for x in node]
            return parts if isinstance(node, list) else tuple(parts)
        if isinstance(node, ir.Sym):
            return self.renamed.get(node, node)
        if isinstance(node, ir.Read) and node.sym in self.values:
            return _Copy({}, {}).node(self.values[node.sym])
        if isinstance(node, ir.Decl) and node.sym in self.renamed:
            assert node.init is not None
            return ir.Assign(node.span, self.renamed[node.sym], self.node(node.init))
        if isinstance(node, ir.Expr | ir.Stmt | ir.At | ir.Window):
            return replace(node, **{f.name: self.node(getattr(node, f.name)) for f in fields(node)
                                    if f.name != "span" and _holds_code(getattr(node, f.name))})
        return node


def _zero(vtype: ir.VType, span: Span) -> ir.Const:
    """A scalar's first value where it is declared ahead of the turns that set it."""
    kind = vtype.dtype.kind
    return ir.Const(vtype, span, 0.0 if kind == "f" else False if kind == "b" else 0)


def _holds_code(value: Any) -> bool:
    """Whether a field holds what a copy rebuilds: code, a symbol, or lists of them."""
    if isinstance(value, list | tuple):
        return any(_holds_code(x) for x in value)
    return isinstance(value, ir.Expr | ir.Stmt | ir.At | ir.Window | ir.Sym)


def _reads(e: ir.Expr) -> set[ir.Sym]:
    return {n.sym for n in ir.walk_expr(e) if isinstance(n, ir.Read)}


def _loaded(e: ir.Expr) -> set[str]:
    return {n.tensor for n in ir.walk_expr(e) if isinstance(n, ir.Load)}
