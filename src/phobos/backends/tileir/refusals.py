"""What the Tile IR back end refuses, found before anything is lowered, each with a
located PhobosError naming the construct. Two kinds: per-thread constructs, which a
Tile IR kernel (one tile block, no threads of its own) has no counterpart for, and
constructs this back end does not lower yet. The CUDA back end takes both."""

from __future__ import annotations

import math

from phobos.backends.gpu.abi import check_param_space, kernel_params
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir

from .emit import padded

FLOAT_DOTS = {("f16", "f16"), ("f16", "f32"), ("bf16", "f32"), ("f32", "f32"), ("f64", "f64")}  # (operands, result)
# The most elements a tile may hold, as Tile IR holds it (each extent up to a power of
# two): tileiras's time grows about eightfold with each doubling past 2^15 (a copy of
# 2^16 f32 elements took it 19 s, of 2^17 140 s) and a tile of 2^20 runs it out of
# memory, so a larger tile is refused here rather than left to run for many minutes.
TILE_ELEMENTS = 2**17
# The most arguments an entry may have: tileiras 13.4 fails ("failed to compile Tile IR
# program") on entries of about 6,700 and more well within PARAM_SPACE's bytes (a tensor,
# a dim and 6,711 f32 scalars assemble, 6,712 do not; 6,710 i32 do, 6,711 not; 6,718 u16
# do, 6,738 not), so this keeps clear of where it starts.
ENTRY_ARGUMENTS = 6_500
# The machine's integer MMA saturates where Phobos's i32 sums wrap; the lowering adds a
# tile's products to its accumulator after, wrapping, which is exact while one tile's
# sum cannot pass i32: k products of at most 128 * 128 = 2^14 each, so k below 2^17.
I8_DOT_K = 2**17


def per_thread(what: str, span: Span) -> PhobosError:
    return PhobosError(
        f"{what} is a per-thread construct, which Tile IR has no counterpart for: the Tile IR back end "
        "does not lower it (the CUDA back end does)",
        span,
    )


def not_yet(what: str, span: Span) -> PhobosError:
    return PhobosError(f"the Tile IR back end does not yet lower {what}", span)


def check_size(shape: tuple[int, ...], what: str, span: Span) -> None:
    """Refuse a tile larger than tileiras can build in reasonable time and memory."""
    held = math.prod(padded(shape))
    if held > TILE_ELEMENTS:
        extents = " x ".join(map(str, padded(shape)))
        raise PhobosError(
            f"the Tile IR back end does not lower {what} of {math.prod(shape)} elements ({extents} as Tile IR "
            f"holds it, each extent a power of two): tileiras builds tiles of at most {TILE_ELEMENTS} "
            "elements in reasonable time and memory",
            span,
            notes=("split the work into smaller tiles, or run the kernel on the CUDA back end",),
        )


def check_expr(x: ir.Expr) -> None:
    """Refuse what `x` holds, the innermost construct first."""
    for child in x.children():
        check_expr(child)
    check_size(x.type.shape, f"the tile `{x.span.text()}`", x.span)
    match x:
        case ir.CtxRef(field_name=f) if f in ("thread", "lane", "warp"):
            raise per_thread(f"`ctx.{f}`", x.span)
        case ir.LaneReduce(op=op, over=over):
            raise per_thread(f"the collective `{op}<over ctx.{over}>`", x.span)
        case ir.Shuffle(mode=mode):
            raise per_thread(f"the shuffle `shfl<{mode}>`", x.span)
        case ir.Atomic(op=op):
            raise per_thread(f"`atomic_{op}`, which every thread runs", x.span)
        case ir.Math(fn="erf", args=(a,)) if a.type.dtype.bits == 64:
            raise not_yet("`erf` of f64", x.span)
        case ir.Dot(left=a, right=b):
            pair = (a.type.dtype.name, x.type.dtype.name)
            same = a.type.dtype == b.type.dtype
            if len(a.type.shape) != 2 or not same or (pair not in FLOAT_DOTS and pair != ("i8", "i32")):
                raise not_yet(f"`dot` of {a.type} and {b.type} into {x.type}", x.span)
            if pair == ("i8", "i32") and padded(a.type.shape)[1] >= I8_DOT_K:
                raise not_yet(f"an i8 `dot` over {a.type.shape[1]} k ({padded(a.type.shape)[1]} as Tile IR holds "
                              f"it): its integer MMA saturates a sum of {I8_DOT_K} or more products, where "
                              "Phobos's wraps", x.span)
    if x.uni != ir.Uniformity.UNIFORM:
        raise per_thread(f"a value that differs between threads (`{x.span.text()}`)", x.span)


def check_body(body: list[ir.Stmt], in_loop: bool) -> None:
    for s in body:
        for root in ir.stmt_exprs(s):
            check_expr(root)
        match s:
            case ir.Decl(sym=sym):
                check_size(sym.vtype.shape, f"the tile `{sym.name}`", s.span)
            case ir.Store(items=items) | ir.TileStore(items=items):
                window = tuple(it.length for it in items if isinstance(it, ir.Window))
                check_size(window, "a store", s.span)
        match s:
            case ir.Return() if in_loop:
                raise not_yet("a `return` inside a loop (Tile IR returns from no loop)", s.span)
            case ir.Eval():
                raise not_yet("an expression statement", s.span)
        match s:
            case ir.For(body=inner) | ir.While(body=inner):
                check_body(inner, True)
            case ir.If(body=inner, orelse=other):
                check_body(inner, in_loop)
                check_body(other, in_loop)


def check_entry(kernel: ir.Kernel) -> None:
    """Refuse an entry of more parameter bytes or arguments than tileiras assembles."""
    params = kernel_params(kernel)
    check_param_space(params, kernel, "tileir", "Tile IR")
    if len(params) > ENTRY_ARGUMENTS:
        raise PhobosError(
            f"kernel `{kernel.name}` takes {len(params):,} arguments on the Tile IR back end (its parameters and "
            f"runtime dims), but tileiras assembles entries of at most {ENTRY_ARGUMENTS:,}",
            kernel.span,
            notes=("pass many values as one tensor instead, or run the kernel on the CUDA back end",),
        )


def refuse_what_is_not_lowered(kernel: ir.Kernel) -> None:
    check_entry(kernel)
    check_body(kernel.body, False)
