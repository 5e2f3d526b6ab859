"""How a `dot` is written by the general writer: the product's bounds, and which lowering
computes it. A product in its statement's register layout goes to the tensor cores'
accumulator layout (dot_mma.py) or to blocked multiply-adds (dot_fma.py); any other is
a sweep into scratch, of mma.sync atoms (dot_mma.write) or of scalar loops. Functions
of the tile writer, as dot_mma's and dot_fma's are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout import atoms, fragments
from . import dot_fma, dot_mma
from .exprs import Pos, Region, full_region, imax, imin, linear

if TYPE_CHECKING:
    from .stage_ring import Ring
    from .tiles import TileWriter

def write(w: TileWriter, e: ir.Dot) -> tuple[str, Region]:
    """The matrix product, summing over the k present in both operands."""
    a, b, d = e.left, e.right, e.type.dtype
    for n in (*ir.walk_expr(a), *ir.walk_expr(b)):
        if isinstance(n, ir.Softmax):  # each element is read once per k: compute it once
            w.force.add(id(n))
    ra, rb, k_lo, k_hi = bounds(w, e)
    region = [ra[0], rb[1]]
    if w.product_in_registers(e):
        return into_registers(w, e, ra, rb, k_lo, k_hi), region
    atom = atoms.atom_for(e)
    w.note_lowering(e, f"loops of scalar products ({atoms.why_scalar(e)})" if atom is None else
                    f"{atom.instruction} from sm_80, each warp's operand shares read where they are, "
                    "the product through shared memory; scalar products below sm_80")
    pos = w.pos(2)
    k = w.loop_name("k")
    va = ct.cast(a.type.dtype, d, w.elem(a, [pos[0], k]))
    vb = ct.cast(b.type.dtype, d, w.elem(b, [k, pos[1]]))
    acc = w.loop_name("acc")
    tmp = w.temp(e)
    product = ct.binary("*", d, va, vb)

    def scalar() -> None:
        w.sweep(e.type.shape, region, [
            f"{ct.value_type(d)} {acc} = {ct.zero(d)};",
            f"for (i64 {k} = {k_lo}; {k} < {k_hi}; ++{k}) {acc} = {ct.binary('+', d, acc, product)};",
            f"{tmp}[{linear(pos, e.type.shape)}] = {ct.pack(d, acc)};",
        ])

    if atom is None:
        scalar()
    else:  # tensor cores from sm_80, the scalar loop below it
        w.by_arch(lambda: dot_mma.write(w, e, atom, ra, rb, k_lo, k_hi, tmp), scalar)
    return tmp, region


def blocked_words(e: ir.Dot) -> str:
    """How a product of blocked multiply-adds is written, and why no tensor core takes it."""
    return f"multiply-adds into registers, blocked by the row layout ({atoms.why_scalar(e)})"


def bounds(w: TileWriter, e: ir.Dot) -> tuple[Region, Region, str, str]:
    """The operands' present regions and the range of k both have (locals)."""
    ra, rb = w.region(e.left), w.region(e.right)
    k_lo = w.local("k_lo", "i64", imax(ra[1][0], rb[0][0]))
    k_hi = w.local("k_hi", "i64", imin(ra[1][1], rb[0][1]))
    return ra, rb, k_lo, k_hi


@contextmanager
def next_turn(w: TileWriter, ring: Ring, turns: int = 1) -> Iterator[None]:
    """Write as at a later turn of the loop: its variable `turns` steps further, no value
    of this statement's reused (each depends on the variable, or may), and no window
    assumed whole."""
    saved = (w.memo, w.index_memo, w.region_memo, w.c_names[ring.var], w.whole)
    later = w.names.take(f"{saved[3]}next")
    w.line(f"const i64 {later} = {saved[3]} + {turns * ring.step};")
    w.memo, w.index_memo, w.region_memo = {}, {}, {}
    w.c_names[ring.var] = later
    w.whole = None  # what this turn's test found whole says nothing of the next turn's windows
    try:
        yield
    finally:
        w.memo, w.index_memo, w.region_memo, w.c_names[ring.var], w.whole = saved


def into_registers(w: TileWriter, e: ir.Dot, ra: Region, rb: Region, k_lo: str, k_hi: str) -> str:
    """The product into this thread's registers in the statement's layout: an
    accumulator layout's by mma.sync (dot_mma.write_registers), below sm_80 each
    thread's own elements by the scalar loop, its operands that read register tiles
    first copied to scratch; a row layout's by blocked multiply-adds
    (dot_fma.write_registers), or the scalar loop where those cannot stage."""
    atom, order = atoms.atom_for(e), w.ordered
    assert order is not None
    d, shape = e.type.dtype, e.type.shape
    summed = next((summed for summed in w.summed_into.values() if summed.product is e), None)
    into, addend = (None, None) if summed is None else (summed.into, summed.addend)
    replaces = summed is not None and summed.replaces
    if atom is None and into is not None:
        how = dot_fma.write_registers(w, e, order, ra, rb, k_lo, k_hi, w.sym(into), accumulate=True)
        if how is not None:
            w.note_lowering(e, f"{blocked_words(e)}, summed into `{into.name}`; {how}")
            return w.sym(into)
    accumulate = atom is not None and into is not None and not replaces  # on tensor cores, sums start from acc
    if atom is not None and into is not None:
        out = w.sym(into)
        if addend is not None:  # x of `acc = x + dot(a, b)`, everywhere: it reads registers alone
            w.layout_sweep(order, shape, full_region(shape), [w.register_write(into, list(order.pos),
                                                                               w.elem(addend, list(order.pos)))])
    else:
        out = w.names.take("product")
        w.line(f"{ct.value_type(d)} {out}[{order.layout.elements(True)}];  // {e.type} in registers: "
               f"{order.layout.describe()}")
    i, j = order.pos

    def operand(x: ir.Expr, at: Pos) -> str:
        """An operand's element; one that reads register tiles is copied to scratch
        first, in the order of its own layout (it may be narrower or wider)."""
        if not w.reads_registers(x):
            return ct.cast(x.type.dtype, d, w.elem(x, at))
        own = fragments.layout_at(w.registers.layouts, x.type.shape)
        saved = w.ordered
        if own is not None and own != order.layout:
            w.ordered = w.order(own)
        try:
            copied = w.materialize(x)
        finally:
            w.ordered = saved
        return ct.cast(x.type.dtype, d, ct.load(x.type.dtype, f"{copied}[{linear(at, x.type.shape)}]"))

    def scalar() -> None:
        k, acc = w.loop_name("k"), w.loop_name("acc")
        product = ct.binary("*", d, operand(e.left, [i, k]), operand(e.right, [k, j]))
        w.layout_sweep(order, shape, [ra[0], rb[1]], [
            f"{ct.value_type(d)} {acc} = {f'{out}[{order.spread_index}]' if accumulate else ct.zero(d)};",
            f"for (i64 {k} = {k_lo}; {k} < {k_hi}; ++{k}) {acc} = {ct.binary('+', d, acc, product)};",
            f"{out}[{order.spread_index}] = {acc};",
        ])

    if atom is None:
        how = dot_fma.write_registers(w, e, order, ra, rb, k_lo, k_hi, out)
        if how is None:
            scalar()
            w.note_lowering(e, "loops of scalar products into registers (the row layout)")
        else:
            w.note_lowering(e, f"{blocked_words(e)}; {how}")
        return out
    wgmma = w.product_plan(e).wgmma is not None
    w.uses_wgmma |= wgmma

    def on(hopper: bool) -> Callable[[], str]:
        return lambda: dot_mma.write_registers(w, e, atom, order, ra, rb, k_lo, k_hi, out, wgmma=hopper,
                                               accumulate=accumulate, lands_in=into)

    *hopper, staged = w.by_arch(on(False), scalar, on(True) if wgmma else None)
    where = "into registers" if into is None else f"into `{into.name}`'s registers" if replaces else \
        f"summed into `{into.name}`'s registers"
    first = "".join(f"wgmma m64n{shape[1]}k16 on sm_90a {where} (the accumulator layout), {how}; "
                    for how in hopper)
    w.note_lowering(e, f"{first}{atom.instruction} from sm_80 {where} (the accumulator layout), "
                       f"{staged}; scalar products below sm_80")
    return out
