"""`print` and `assert` on the GPU, compiled in only under debug (PHOBOS_DEBUG=1 or
`debug=True`; otherwise `ir.without_debug` leaves them out and the code is what it
would be without them).

Before the writer sees a kernel, each tile a print or assert names becomes scalar
work, in the language's own statements, so that placement, barriers and the writer
treat it as any kernel's code:

- a tile printed is held in a tile of its own (`let`), and loops over its positions
  print one element a line, its indices beside it, in row-major order;
- a tile condition asserted becomes `min(i32(cond)) != 0`, which skips absent
  elements as every reduction does.

The writer then prints with the device's printf and records the first failed assert
in `ph_assert_record`, a global the launch reads after the kernel has run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import count

from phobos.dtypes import BOOL, I32, INDEX, DType
from phobos.errors import Span
from phobos.ir import nodes as ir


def scalar_debug(kernel: ir.Kernel) -> ir.Kernel:
    """The kernel with every print and assert of a tile made scalar (module docstring)."""
    if not ir.has_debug(kernel):
        return kernel
    made = count()

    def scalar(s: ir.Stmt) -> list[ir.Stmt] | None:
        if isinstance(s, ir.Print) and any(isinstance(p, ir.Expr) and p.type.shape for p in s.parts):
            return _printed_tiles(s, made)
        if isinstance(s, ir.Assert) and s.cond.type.shape:
            return [replace(s, cond=_all_true(s.cond))]
        return None

    return replace(kernel, body=ir.rewrite_stmts(kernel.body, scalar))


def _all_true(cond: ir.Expr) -> ir.Expr:
    span = cond.span
    ones = ir.Cast(ir.VType(I32, cond.type.shape), span, cond)
    least = ir.Reduce(ir.VType(I32), span, "min", ones, None)
    return ir.Binary(ir.VType(BOOL), span, "!=", least, ir.Const(ir.VType(I32), span, 0))


def _index(value: int, span: Span) -> ir.Const:
    return ir.Const(ir.VType(INDEX), span, value)


def _printed_tiles(s: ir.Print, made: count) -> list[ir.Stmt]:
    """The print's line with each tile shown by name and type, then each tile's
    elements, one a line."""
    span = s.span
    headline: list[str | ir.Expr] = []
    out: list[ir.Stmt] = []
    for part in s.parts:
        if isinstance(part, str) or not part.type.shape:
            headline.append(part)
            continue
        label = part.span.text()
        headline.append(f"<{label}: {part.type}>")
        held = ir.Sym(f"printed_{next(made)}", part.type, "let", span)
        out.append(ir.Decl(span, held, part))
        loops = [ir.Sym(f"printed_at_{next(made)}", ir.VType(INDEX), "loop", span) for _ in part.type.shape]
        reads = [ir.Read(ir.VType(INDEX), span, var) for var in loops]
        element = ir.TileIndex(ir.VType(part.type.dtype), span, ir.Read(part.type, span, held),
                               tuple(ir.At(r) for r in reads))
        line: list[str | ir.Expr] = [f"  {label}["]
        for k, r in enumerate(reads):
            line += [r, ", " if k + 1 < len(reads) else "] = "]
        body: list[ir.Stmt] = [ir.Print(span, (*line, element), once=True, sep="")]
        for var, extent in reversed(list(zip(loops, part.type.shape, strict=True))):
            body = [ir.For(span, var, _index(0, span), _index(extent, span), _index(1, span), body)]
        out += body
    return [ir.Print(span, tuple(headline), once=s.once), *out]


def c_format(dtype: DType, value: str) -> tuple[str, str]:
    """A printf conversion for a scalar of `dtype` computed as `value`, and its argument."""
    if dtype == BOOL:
        return "%s", f'({value}) ? "true" : "false"'
    if dtype.is_float:
        return ("%.17g" if dtype.bits == 64 else "%.9g"), f"(double)({value})"
    if dtype.is_unsigned:
        return "%llu", f"(unsigned long long)({value})"
    return "%lld", f"(long long)({value})"


def printf_line(kernel: str, s: ir.Print, scalar: Callable[[ir.Expr], str], literal: Callable[[str], str]) -> str:
    """The printf call of a print whose values are all scalars (`scalar` writes one)."""
    head = f"{kernel}[block (%u, %u, %u)" + ("]: " if s.once else ", thread %u]: ")
    args = ["blockIdx.x", "blockIdx.y", "blockIdx.z"] + ([] if s.once else ["threadIdx.x"])
    texts: list[str] = []
    for part in s.parts:
        if isinstance(part, str):
            texts.append(part.replace("%", "%%"))
            continue
        conversion, arg = c_format(part.type.dtype, scalar(part))
        texts.append(conversion)
        args.append(arg)
    return f"printf({literal(head + s.sep.join(texts) + chr(10))}, {', '.join(args)});"
