"""Whether a producer warpgroup can load a kernel's loop by TMA, and what it must compute
to do so: the plan of the next step of TMA rings (docs/tensor-cores.md), decided before
any code is written.

FlashAttention-3 and our own GEMM kernel give the loads to a warpgroup of their own, which
runs ahead of the consumers by as many turns as the rings hold, its registers handed to
them (`setmaxnreg`). For a kernel of the general lowering that warpgroup runs none of the
kernel's statements: it runs the loop's turns only, and in each the TMA loads of the
windows the loop's products stage. So it must know what those windows and the loop's
range read: the *slice* of the kernel before the loop that computes them. A kernel has a
producer where

- one loop of its body (not nested in another statement) is the only loop whose products
  stage operands ahead, and every such product's staged operands are TMA's
  (plan/tma_loads.py);
- what the loop's range and its windows read, other than the loop variable, is computed
  before the loop by scalar statements alone: `let`s and `var`s of scalars, their
  assignments, and `if`s whose test every thread takes alike and whose blocks are such
  statements, none of them reading a tensor or a tile (a tensor the kernel writes could
  change under the producer, and a tile is the consumers').

The slice is those statements, in program order: the producer writes them again before
its own copy of the loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos.ir import nodes as ir
from phobos.ir.nodes import Uniformity as U

from .rings import ahead_products
from .tma_loads import TmaLoad


@dataclass(frozen=True)
class ProducerPlan:
    """The loop a producer warpgroup loads for and the statements before it that the
    producer computes again (in program order)."""

    loop: ir.For
    slice: tuple[ir.Stmt, ...]


def plan_producer(kernel: ir.Kernel, tma: dict[int, tuple[TmaLoad | None, TmaLoad | None]]
                  ) -> ProducerPlan | str:
    """The producer's plan, or why the kernel has none (a sentence)."""
    loops = [s for s in ir.walk_stmts(kernel.body) if isinstance(s, ir.For) and ahead_products(s)]
    if len(loops) != 1:
        return f"{len(loops)} loops stage operands ahead; a producer serves one"
    loop = loops[0]
    if not any(s is loop for s in kernel.body):
        return "the loop that stages operands ahead is nested in another statement"
    ahead = ahead_products(loop)
    if any(key not in tma for key in ahead):
        return "a product of the loop stages an operand TMA does not load"
    windows = [load.window for key in ahead for load in tma[key] if load is not None]
    needed = _reads(loop.lo, loop.hi, loop.step, *(x for w in windows for x in ir.item_exprs(w.items)))
    needed.discard(loop.var)
    before = kernel.body[:next(k for k, s in enumerate(kernel.body) if s is loop)]
    chosen: list[ir.Stmt] = []
    for s in reversed(before):
        defined = ir.assigned_syms([s])
        if not defined & needed:
            continue
        if not _scalar(s):
            return f"what the loop's windows read is computed by a statement that is not scalar (line {s.span.line})"
        chosen.append(s)
        needed |= ir.read_syms([s]) - defined if isinstance(s, ir.Decl) else ir.read_syms([s])
    if needed - ir.assigned_syms(chosen):
        return "what the loop's windows read is not computed before it"
    return ProducerPlan(loop, tuple(reversed(chosen)))


def _reads(*exprs: ir.Expr) -> set[ir.Sym]:
    return {n.sym for e in exprs for n in ir.walk_expr(e) if isinstance(n, ir.Read)}


def _scalar(s: ir.Stmt) -> bool:
    """A statement the producer may compute again: a scalar declaration or assignment, or
    an `if` every thread takes alike over such statements, reading no tensor or tile."""
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if not sym.vtype.shape:
            return all(_plain(e) for e in ir.stmt_exprs(s))
        case ir.If(cond=cond, body=body, orelse=orelse):
            return cond.uni == U.UNIFORM and _plain(cond) and all(_scalar(t) for t in (*body, *orelse))
    return False


def _plain(e: ir.Expr) -> bool:
    """Whether `e` reads neither a tensor nor a tile (nor makes one)."""
    return not any(n.type.shape or isinstance(n, ir.Load | ir.Atomic) for n in ir.walk_expr(e))
