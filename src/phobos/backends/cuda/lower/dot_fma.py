"""A `dot` no tensor core takes (f32 and f64 products, integer products but i8's),
computed into the registers of its statement's row layout, blocked.

The scalar loop gives each element of the product its own walk over k, reading both
operands where they lie: each element of A is read once per column of the product,
each element of B once per row. Here each operand is staged once in shared memory
(dot_stage.py: cp.async where it is a window read whole), and each thread runs k
outermost over the elements the row layout gives it (fragments.py,
`Layout.placement`): its rows, one a pass, and its columns, `size` consecutive ones a
slot. One k step then reads one element of A a pass and one group of B a slot (whole
16-byte pieces where B's rows run along n) for passes x slots x size multiply-adds:
the register blocking that makes a SIMT product bound by arithmetic rather than by
loads. `fragments.make_product_layout` shapes the layout for it.

Every element outside an operand's present region, and every k outside the range
both operands have, is staged as a zero, so the loop needs no masks and adds only
zeros for them. A float product's terms are fused multiply-adds (one rounding a term,
as BLAS's are); an integer product's wrap as the scalar loop's do. Positions a ragged
layout gives past the tile's edge read the last row or column of the stage and are
never stored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from phobos.dtypes import F32, F64
from phobos.ir import nodes as ir

from .. import ctypes as ct
from . import dot_stage, stage_ring
from .exprs import Region

if TYPE_CHECKING:
    from .sweeps import Ordered
    from .tiles import TileWriter

# k steps a turn of the product's loop: enough that the next steps' reads of shared
# memory are in flight while this step's multiply-adds run.
UNROLL = 8

def write_registers(w: TileWriter, e: ir.Dot, order: Ordered, ra: Region, rb: Region, k_lo: str, k_hi: str,
                    out: str, accumulate: bool = False) -> str | None:
    """The product of `e` into this thread's registers `out` of the statement's row
    layout (added to what they hold where `accumulate`: `acc = acc + dot(a, b)` sums
    into acc's own registers), after staging both operands; None (nothing written)
    where an operand reads a register tile, staging is off or the stages would not
    fit: the caller's scalar loop then serves. Returns how the operands are read."""
    plans = w.product_plan(e).blocked
    if plans is None:
        return None
    sa, sb = stage_ring.stage_operands(w, e, plans, dot_stage.presents(ra, rb, k_lo, k_hi), "multiply-adds")
    assert sa is not None and sb is not None
    _products(w, e, order, sa, sb, out, accumulate)
    return "A and B staged in shared memory, " + ("B's groups read whole" if _whole_groups(order, e, sb)
                                                  else "B read element by element")


def _whole_groups(order: Ordered, e: ir.Dot, sb: dot_stage.Staged) -> bool:
    """Whether a slot's `size` elements of B are consecutive in the stage (B's rows run
    along n) and so read as one group."""
    return not sb.turned and order.layout.size > 1 and ct.element_bytes(e.right.type.dtype) * order.layout.size <= 64


def _products(w: TileWriter, e: ir.Dot, order: Ordered, sa: dot_stage.Staged, sb: dot_stage.Staged,
              out: str, accumulate: bool) -> None:
    """The k loop over the staged operands: each k step, this thread's element of A
    for each pass and its group of B for each slot, then every multiply-add."""
    layout, d = order.layout, e.type.dtype
    (rows, cols), depth = e.type.shape, e.left.type.shape[1]
    da, db = e.left.type.dtype, e.right.type.dtype
    fragment = layout.placement()
    row0, col0, k = (w.names.take(base) for base in ("row0", "col0", "k"))
    thread_row, thread_col = fragment.threads.terms("threadIdx.x")
    passes, slots, size = layout.passes, layout.slots, layout.size
    per_pass, step = layout.groups.per_pass, layout.width * size
    whole = _whole_groups(order, e, sb)
    w.line(f"{{  // {e.type} = dot by multiply-adds: each thread its {passes} row{'s' if passes > 1 else ''} "
           f"of {slots * size} columns (the row layout's), k outermost, from the stages")
    with w.indented():
        w.line(f"const int {row0} = {thread_row}, {col0} = {thread_col};")
        if not accumulate:
            w.unrolled(f"for (int r = 0; r < {layout.elements(True)}; ++r) {{", [f"{out}[r] = {ct.zero(d)};"])

        def row_of(p: int) -> str:
            row = f"{row0} + {p * per_pass}" if p else row0
            return f"min({row}, {rows - 1})" if layout.groups.ragged else row

        def col_of(s: int, v: int, group: bool = False) -> str:
            """Column v of slot s; past the tile (a ragged last slot) the last column, or
            for a group read whole the last group's first, so the read stays aligned."""
            col = " + ".join([col0, *([str(s * step + v)] if s * step + v else [])])
            return f"min({col}, {cols - (size if group else 1)})" if layout.ragged_slots else col

        def element(staged: dot_stage.Staged, dtype, row: str, col: str) -> str:
            stored = (col, row) if staged.turned else (row, col)
            return ct.cast(dtype, d, ct.load(dtype, staged.ref(ct.storage_type(dtype), *stored)))

        w.line(f"#pragma unroll {min(UNROLL, depth)}")
        w.line(f"for (int {k} = 0; {k} < {depth}; ++{k}) {{")
        with w.indented():
            a_values = [w.names.take("a") for _ in range(passes)]
            for p, name in enumerate(a_values):
                w.line(f"const {ct.value_type(d)} {name} = {element(sa, da, row_of(p), k)};")
            b_values: list[list[str]] = []
            for s in range(slots):
                if whole:
                    group = w.names.take("b")
                    storage = ct.storage_type(db)
                    w.line(f"const ph::Vec<{storage}, {size}> {group} = "
                           f"ph::vload<{size}>(&{sb.ref(storage, k, col_of(s, 0, group=True))});")
                    b_values.append([ct.cast(db, d, ct.load(db, f"{group}.v[{v}]")) for v in range(size)])
                else:
                    names = [w.names.take("b") for _ in range(size)]
                    for v, name in enumerate(names):
                        w.line(f"const {ct.value_type(d)} {name} = {element(sb, db, k, col_of(s, v))};")
                    b_values.append(names)
            for p, a in enumerate(a_values):
                for s in range(slots):
                    for v in range(size):
                        index = v + size * (s + slots * p)  # Layout.register_index's order
                        w.line(f"{out}[{index}] = {_multiply_add(d, a, b_values[s][v], f'{out}[{index}]')};")
        w.line("}")
    w.line("}")


def _multiply_add(d, a: str, b: str, c: str) -> str:
    if d == F32:
        return f"fmaf({a}, {b}, {c})"
    if d == F64:
        return f"fma({a}, {b}, {c})"
    return ct.binary("+", d, c, ct.binary("*", d, a, b))
