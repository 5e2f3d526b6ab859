"""A kernel variant's plan, made before the writer writes a line: which tiles live in
registers and how their elements are spread (layout/fragments.py), which of the rest
live in shared memory and at which byte offset (an index tile lives nowhere: its reads
are given its value, plan/index_tiles.py), which tiles are always wholly present
(no region at run time), where the barriers go (plan/barriers.py), whether
products may stage their operands in shared memory and a loop turn ahead, and each
product's plan and which products are summed into their accumulators (plan/products.py);
on sm_90a, which staged operands TMA loads, the tensor maps the kernel takes for them
(plan/tma_loads.py) and that target's own barriers.

The writer (write/kernel.py) reads the plan and adds only what writing decides as it
goes: each statement's scratch above the tiles, and each product's lowering.
`phobos explain` draws the plan's placement of each tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos import targets
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from ..layout.fragments import Registers, plan_registers
from ..layout.liveness import live_budget_on
from .barriers import BarrierPlan
from .index_tiles import recomputed_index_tiles
from .presence import WholeTurns, always_full, plan_whole_turns
from .products import ProductPlan, Summed, general_wgmma, plan_products, plan_summed
from .rotation import rotate_turns_on, rotated_turns
from .tma_loads import TensorMap, TmaLoad, plan_tma_loads, tensor_maps

ALIGN = 16  # shared-memory tiles and scratch start 16 bytes aligned (16-byte copies)


@dataclass(frozen=True)
class Staging:
    """Whether products may stage their operands in shared memory (lower/dot_stage.py),
    whether loops may copy them turns ahead into rings of stages (lower/stage_ring.py),
    and the most stages a ring may have (None: the kernel's `@pipeline(n)`, else 2).
    A kernel they would take past the shared memory of the smallest tensor-core target
    is planned again with less (write/kernel.py, `written`)."""

    operands: bool = True
    ahead: bool = True
    stages: int | None = None

    def ring_stages(self, kernel: ir.Kernel) -> int:
        """The stages a loop's ring may have in `kernel` (1: none ahead)."""
        return self.stages or kernel.stages or 2


@dataclass(frozen=True)
class KernelPlan:
    kernel: ir.Kernel
    spec: Specialization
    registers: Registers
    barriers: BarrierPlan
    tiles: tuple[ir.Sym, ...]  # every tile variable, in the order of its declaration
    shared: dict[ir.Sym, int]  # each tile not in registers: its byte offset in shared memory
    full: frozenset[ir.Sym]  # tiles every declaration and assignment leaves wholly present
    staging: Staging
    products: dict[int, ProductPlan]  # each product's plan, by node id, in its statement's layout
    whole_turns: dict[int, WholeTurns]  # loops written twice, wholly present and not, by the id of the `for`
    summed: dict[int, Summed]  # products summed into their accumulator's registers, by the id of the sum
    rotated: bool = False  # rotated turns on (rotation.py): products left in flight, rings apart from own memory
    tma: dict[int, tuple[TmaLoad | None, TmaLoad | None]] | None = None  # operands TMA loads, by product (tma_loads.py)
    maps: tuple[TensorMap, ...] = ()  # the tensor maps those loads read: parameters after the kernel's own
    hopper_barriers: BarrierPlan | None = None  # sm_90a's, where its products loaded by TMA use no scratch

    @property
    def tiles_bytes(self) -> int:
        """The shared memory the tiles take: the statements' scratch starts there."""
        return sum(tile_bytes(sym) for sym in self.shared)


def plan_kernel(kernel: ir.Kernel, spec: Specialization, staging: Staging = Staging(), wgmma: bool = True,
                tma: bool = True) -> KernelPlan:
    """Where every tile of `kernel` lives and how each statement is written, before any
    code is: `wgmma` false keeps products off wgmma (ptxas serialized them: write/kernel.py);
    `tma` false loads no operand by TMA (the GEMM writer, whose own loop loads them, plans
    only its epilogue this way)."""
    kernel = rotated_turns(recomputed_index_tiles(kernel))
    rotated = rotate_turns_on()
    registers = plan_registers(kernel, stored=general_wgmma())
    tiles = tuple(declared_tiles(kernel.body))
    shared: dict[ir.Sym, int] = {}
    offset = 0
    for sym in tiles:
        if sym not in registers:
            shared[sym] = offset
            offset += tile_bytes(sym)
    full = always_full_tiles(kernel, tiles)
    products = plan_products(kernel, registers, staging.operands, wgmma)
    ring_stages = staging.ring_stages(kernel) if staging.operands and staging.ahead else None
    loads = plan_tma_loads(kernel, spec, products, ring_stages) if wgmma and tma else {}
    # Rings apart from the own memory (rotated turns) lie in scratch that statements after
    # the loop reuse: there the loop's products stay scratch users, ordered by barriers.
    hopper = BarrierPlan(kernel, registers, frozenset(loads)) if loads and not rotated else None
    # Products straight into their tile's registers (`s = dot(a, b)`): with rotated turns,
    # which leave them in flight there, and where registers are budgeted by liveness.
    summed = plan_summed(kernel, registers, products, rotated or live_budget_on())
    return KernelPlan(kernel, spec, registers, BarrierPlan(kernel, registers), tiles, shared, full, staging,
                      products, plan_whole_turns(kernel, full), summed, rotated, loads, tensor_maps(loads), hopper)


def tile_bytes(sym: ir.Sym) -> int:
    """A shared-memory tile's bytes, padded so that the next starts 16 bytes aligned."""
    return -(-targets.tile_bytes(sym.vtype.dtype, sym.vtype.shape) // ALIGN) * ALIGN


def declared_tiles(body: list[ir.Stmt]) -> list[ir.Sym]:
    """The tile variables declared in `body`, nested blocks included, in source order."""
    return [s.sym for s in ir.walk_stmts(body) if isinstance(s, ir.Decl) and s.sym.vtype.shape]


def always_full_tiles(kernel: ir.Kernel, tiles: tuple[ir.Sym, ...]) -> frozenset[ir.Sym]:
    """Tiles that every declaration and assignment leaves wholly present: they need no
    region at run time. Assumed of all tiles, then refuted to a fixed point."""
    tensors = {p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)}
    writes = [(s.sym, s.init if isinstance(s, ir.Decl) else s.value) for s in ir.walk_stmts(kernel.body)
              if isinstance(s, ir.Decl | ir.Assign) and s.sym.vtype.shape]
    full = set(tiles)
    changed = True
    while changed:
        changed = False
        for sym, value in writes:
            if sym in full and value is not None and value.type.shape and not always_full(value, full, tensors):
                full.discard(sym)
                changed = True
    return frozenset(full)
