"""How each product is computed, decided apart from the code that computes it: the
mma.sync atom it runs on (layout/atoms.py), whether its statement computes it straight
into registers of the statement's layout, which operands it stages in shared memory and
in which layouts (layout/stages.py) on mma.sync, on wgmma and for blocked multiply-adds,
and so whether sm_90a takes it on wgmma; and which products are summed into their
accumulator's own registers (`acc = x + dot(a, b)`). The writers (lower/products.py,
dot_mma.py, dot_fma.py) ask for the plan of a product in the layout of the statement
they write.
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos.environment import flag
from phobos.ir import nodes as ir

from ..layout.atoms import Atom, atom_for, wgmma_shape_takes
from ..layout.fragments import (
    ELEMENTWISE,
    Layout,
    Registers,
    product_in_registers,
    read_in_order,
    reads_registers,
    staged_from_registers,
)
from ..layout.stages import StageLayout, fits, operand_stages, stage_layout

# Products in registers on wgmma on sm_90a (lower/dot_wgmma.py), and products stored straight
# to a tensor computed in registers: on unless the variable says no (mma.sync then, as before).
ENV_GENERAL_WGMMA = "PHOBOS_CUDA_GENERAL_WGMMA"

Stages = list[StageLayout | None]  # A's and B's stage layouts (None: that operand is not staged)


def general_wgmma() -> bool:
    """Whether the general writer puts products on wgmma (the setting; yes when unset)."""
    return flag(ENV_GENERAL_WGMMA, True)


@dataclass(frozen=True)
class ProductPlan:
    """One product in one statement layout. `mma` and `wgmma` are the stages of a
    product in registers on an atom (mma.sync from sm_80, wgmma on sm_90a; None where
    staging is off, or the stages would not fit, and for wgmma where its shape does not
    suit it); `blocked` those of blocked multiply-adds (None: the scalar loop)."""

    product: ir.Dot
    atom: Atom | None
    in_registers: bool
    mma: Stages | None = None
    wgmma: Stages | None = None
    blocked: Stages | None = None


def plan_product(e: ir.Dot, layout: Layout | None, in_order: bool, registers: set[ir.Sym], threads: int,
                 staging: bool, wgmma: bool = True) -> ProductPlan:
    """The plan of product `e` in a statement whose sweeps follow `layout` (None: no
    register layout), `in_order` where the statement reads it in that layout's order;
    `registers` are the register tiles, `staging` whether products may stage operands,
    `wgmma` whether they may run on wgmma (where the setting lets them)."""
    atom = atom_for(e)
    in_registers = in_order and product_in_registers(e, layout, registers)
    if not (in_registers and staging):
        return ProductPlan(e, atom, in_registers)
    assert layout is not None
    left_in_registers = reads_registers(e.left, registers) and not staged_from_registers(layout)
    if atom is None:
        if left_in_registers or reads_registers(e.right, registers):
            return ProductPlan(e, atom, in_registers)
        blocked: Stages = [stage_layout(e.left, True), stage_layout(e.right, False)]
        return ProductPlan(e, atom, in_registers, blocked=blocked if fits(blocked) else None)  # type: ignore[arg-type]
    hopper = None
    if wgmma and general_wgmma() and layout.groups.warps == 1 and wgmma_shape_takes(e, threads, layout.groups.ragged):
        hopper = operand_stages(e, atom, left_in_registers, wgmma=True)
    return ProductPlan(e, atom, in_registers, operand_stages(e, atom, left_in_registers, wgmma=False), hopper)


def plan_products(kernel: ir.Kernel, registers: Registers, staging: bool, wgmma: bool = True
                  ) -> dict[int, ProductPlan]:
    """The plan of every product (by node id) in the layout of the statement it stands
    in: what the writers ask for as they write each statement (`plan_product`), made
    before they do, for whoever reads the kernel's plan (`phobos explain`)."""
    found = {}
    for s in ir.walk_stmts(kernel.body):
        layout = registers.statement_layout(s)
        in_order = read_in_order(s, layout)
        for e in (n for n in ir.stmt_nodes(s) if isinstance(n, ir.Dot)):
            found[id(e)] = plan_product(e, layout, id(e) in in_order, registers.tiles, kernel.threads, staging,
                                        wgmma)
    return found



@dataclass(frozen=True)
class Summed:
    """`acc = x + dot(a, b)` (`acc += dot(a, b)`) whose product is summed into acc's own
    registers rather than into registers of its own, which would hold a second
    accumulator's worth through the whole k loop. `addend` is x, written to acc's
    registers before the product's sums start from them; None where x is acc itself.
    Where `replaces`, the statement is `s = dot(a, b)`: the product's sums start from
    zero in s's registers (so that a product left in flight past its statement has
    registers to land in: lower/in_flight.py)."""

    product: ir.Dot
    into: ir.Sym
    addend: ir.Expr | None
    replaces: bool = False


def plan_summed(kernel: ir.Kernel, registers: Registers, products: dict[int, ProductPlan], replacing: bool = False
                ) -> dict[int, Summed]:
    """Every product summed into its accumulator, by the node id of the sum; with
    `replacing` (rotated turns), each `s = dot(a, b)` computed straight into s's registers too."""
    found = {}
    for s in ir.walk_stmts(kernel.body):
        if isinstance(s, ir.Assign) and s.sym.vtype.shape:
            summed = summed_product(s, registers.statement_layout(s), registers, products)
            if summed is not None:
                found[id(s.value)] = summed
        if replacing and isinstance(s, ir.Decl | ir.Assign) and s.sym.vtype.shape:
            replaced = product_replaces(s, registers.statement_layout(s), registers, products)
            if replaced is not None:
                found[id(replaced.product)] = replaced
    return found


def product_replaces(s: ir.Decl | ir.Assign, layout: Layout | None, registers: Registers,
                     products: dict[int, ProductPlan]) -> Summed | None:
    """Whether `s = dot(a, b)` computes its product straight into s's registers: s is a
    register tile of the statement's layout `layout`, the product is on tensor cores
    into registers of that layout, of s's type, and does not read s."""
    sym, value = s.sym, s.init if isinstance(s, ir.Decl) else s.value
    if not (isinstance(value, ir.Dot) and layout is not None and registers.spread.get(sym) == layout
            and atom_for(value) is not None and products[id(value)].in_registers and value.type == sym.vtype):
        return None
    if ir.any_node(value, lambda n: isinstance(n, ir.Read) and n.sym is sym):
        return None
    return Summed(value, sym, None, replaces=True)


def summed_product(s: ir.Assign, layout: Layout | None, registers: Registers,
                   products: dict[int, ProductPlan]) -> Summed | None:
    """Whether `acc = x + dot(a, b)` sums its product into acc's registers: acc is a
    register tile of the statement's layout `layout` and the product is computed into
    registers of that layout. Blocked multiply-adds take `acc = acc + dot(a, b)` only; a
    product on tensor cores also takes an x that is elementwise of register tiles and
    scalars (attention's `acc * alpha`), where the product does not read acc."""
    value, sym = s.value, s.sym
    if not (isinstance(value, ir.Binary) and value.op == "+" and layout is not None
            and registers.spread.get(sym) == layout):
        return None
    for addend, product in ((value.left, value.right), (value.right, value.left)):
        if not (isinstance(product, ir.Dot) and product.type.dtype == sym.vtype.dtype
                and product.type.shape == sym.vtype.shape and products[id(product)].in_registers):
            continue
        own = isinstance(addend, ir.Read) and addend.sym is sym
        if atom_for(product) is None:
            if own:
                return Summed(product, sym, None)
        elif addend.type.shape == sym.vtype.shape and registers_only(addend, layout, registers) \
                and not ir.any_node(product, lambda n: isinstance(n, ir.Read) and n.sym is sym):
            return Summed(product, sym, None if own else addend)
    return None


def registers_only(e: ir.Expr, layout: Layout, registers: Registers) -> bool:
    """Whether `e` is elementwise of scalars and of register tiles each thread holds
    where `layout` puts its elements (spread in it, or rows replicated), reading no
    memory: its value at any element, present or not, is safe to compute."""
    if isinstance(e, ir.Read):
        return not e.sym.vtype.shape or registers.spread.get(e.sym) == layout or e.sym in registers.replicated
    if isinstance(e, ir.Const | ir.ParamRef):
        return True
    return isinstance(e, ELEMENTWISE) and all(registers_only(c, layout, registers) for c in e.children())
