"""The constructs a generated kernel uses, read off its model (and, for what the text
does not show, the generator's notes), so a sample's coverage of the language can be
counted and asserted.
"""

from __future__ import annotations

from .model import Call, Ctx, ExprFn, ExprStmt, For, If, Jump, Let, Program, StmtFn, TensorParam, Var, While
from .walk import exprs, roots, stmts

LEVELS = ("uniform", "warp", "varying")
CONVERSIONS = ("f16", "bf16", "f32", "f64", "i8", "i32", "i64", "u8", "u16", "u32")
ATOMICS = ("atomic_add", "atomic_max", "atomic_min", "atomic_and", "atomic_or", "atomic_xor")

# The issue's list: every one must appear in the CI sample.
REQUIRED = (
    "tile_statement",
    "scalar_statement",
    "edge_window",
    "reduce:axis0",
    "reduce:axis1",
    "reduce:all",
    "softmax",
    "dot",
    "let",
    "var",
    "if",
    "else_if",
    "else",
    "for",
    "for_unroll",
    "while",
    "break:uniform",
    "break:varying",
    "continue:uniform",
    "continue:varying",
    "return:uniform",
    "return:varying",
    "ctx.thread",
    "ctx.lane",
    "lane_collective",
    "thread_collective",
    "shuffle",
    "atomic",
    "fn_expr",
    "fn_stmt",
    "self_store",  # statements that read what they store (overlap.py)
    "self:shift",
    "self:row",
    "tile_self",
    *(f"dtype:{d}" for d in (*CONVERSIONS, "bool")),
    *(f"convert:to:{d}" for d in CONVERSIONS),
    *(f"convert:from:{d}" for d in CONVERSIONS),
)


def constructs(p: Program) -> set[str]:
    """Every construct `p` uses, under the names REQUIRED spells."""
    out: set[str] = set()
    for q in p.params:
        if isinstance(q, TensorParam):
            out.add(f"dtype:{q.dtype}")
    bodies = [p.body] + [list(f.body) for f in p.fns if isinstance(f, StmtFn)]
    expr_roots = [f.body for f in p.fns if isinstance(f, ExprFn)]
    stmt_fns = {f.name for f in p.fns if isinstance(f, StmtFn)}
    for body in bodies:
        for s in stmts(body):
            out |= _statement(s, stmt_fns)
            expr_roots += roots(s)
    for root in expr_roots:
        for e in exprs(root):
            out |= _expression(e)
    for note in p.notes:
        out.add(note)
        if note.startswith("convert:"):
            src, dst = note.removeprefix("convert:").split("->")
            out |= {f"convert:from:{src}", f"convert:to:{dst}"}
        if note.startswith("reduce:"):
            out.add("reduce:" + note.rsplit(":", 1)[1])
        if note.startswith(("atomic:", "atomic_tile:")):
            out.add("atomic")
    return out


def _statement(s: object, stmt_fns: set[str]) -> set[str]:
    match s:
        case Let():
            return {"let"}
        case Var():
            return {"var"}
        case If(orelse=orelse, chained=chained):
            return {"if"} | ({"else_if"} if chained else {"else"} if orelse else set())
        case For(unroll=n):
            return {"for"} | ({"for_unroll"} if n is not None else set())
        case While():
            return {"while"}
        case Jump(word=word, level=level):
            return {f"{word}:{LEVELS[level]}"}
        case ExprStmt(call=Call(fn=fn, user=True)) if fn in stmt_fns:
            return {"fn_stmt"}
    return set()


def _expression(e: object) -> set[str]:
    match e:
        case Ctx(field=f):
            return {f"ctx.{f}"}
        case Call(fn=fn, user=True):
            return {"fn_expr"}
        case Call(fn=fn, angle=angle, args=args):
            keys = dict(angle)
            if fn == "shfl":
                return {"shuffle"}
            if fn in ("sum", "max", "min") and "over" in keys:
                return {"lane_collective" if keys["over"] == "lane" else "thread_collective"}
            if fn in ("sum", "max", "min") and len(args) == 1 and "axis" not in keys:
                return {"reduce:all"}
            if fn in ATOMICS:
                return {"atomic"}
            if fn in ("softmax", "dot", "transpose", "barrier"):
                return {fn}
    return set()
