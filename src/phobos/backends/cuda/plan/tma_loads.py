"""Which staged operands of a loop's products TMA loads (sm_90a), decided before any code
is written, and the tensor maps the kernel then takes as parameters.

A loop copies some product operands turns ahead into rings of stages, or once for every
turn (plan/rings.py). On sm_90a, with PHOBOS_CUDA_TMA_RINGS=1, one thread has TMA load
such an operand's window into its stage, completing on an mbarrier a stage that every
thread waits on (lower/stage_ring.py), where TMA gives exactly what the copies by every
thread give:

- the stage is swizzled (wgmma reads it) and holds the window itself, unturned and
  unpadded: a window of 16-bit elements of a tensor of two or three dims, whose last two
  items are windows, of at most 256 rows and of columns a whole number of 64 (a box is
  128 bytes of each of its rows: the 128-byte swizzle), the item before them (if any) an
  index;
- the tensor starts 16-byte aligned and its rows are a multiple of 16 bytes apart (the
  launch's key says so), so that a map can describe it;
- the window's innermost start is known to be a whole 16 bytes of elements from the
  tensor's start (the hardware stops the kernel with an illegal instruction otherwise):
  a multiple through the kernel's lets, loop variables and the key's multiples of dims.

A map has every dim of its tensor (the innermost first), so a position outside the
tensor in any dim, an index included, reads zeros, as the copies write zeros where
nothing is present. Where the other operand's range of k is shorter than this one's
present part, the stage also holds values the product must not read: the turn zeros
them after the load lands (rare: operands whose k extents differ).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from phobos.environment import flag
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from .. import ctypes as ct
from ..layout.stages import SWIZZLE_ROW, StageLayout
from .products import ProductPlan
from .rings import ahead_products, ring_modes

ENV_TMA_RINGS = "PHOBOS_CUDA_TMA_RINGS"
BOX_ROWS = 256  # the most rows a TMA box has


def tma_rings_on() -> bool:
    """Whether loops' staged operands may be loaded by TMA (the setting; off when unset)."""
    return flag(ENV_TMA_RINGS, False)


@dataclass(frozen=True)
class TensorMap:
    """A map of tensor `tensor`, every dim of it, whose boxes are `box_rows` rows of
    `box_cols` elements (128 bytes, of the innermost dim) and one position of each outer dim."""

    tensor: str
    rank: int
    box_rows: int
    box_cols: int

    @property
    def name(self) -> str:
        return f"{self.tensor}_map{self.box_rows}"


@dataclass(frozen=True)
class TmaLoad:
    """One staged operand as TMA loads it: its window, its map, and the boxes along the
    stored columns, each `box_bytes` past the one before in the stage."""

    window: ir.Load
    map: TensorMap
    boxes: int
    box_cols: int
    box_bytes: int

    @property
    def bytes(self) -> int:
        return self.boxes * self.box_bytes


def tma_load(stage: StageLayout | None, spec: Specialization, tensors: dict[str, ir.TensorParam],
             starts: dict[ir.Sym, list[ir.Expr]]) -> TmaLoad | None:
    """How TMA loads an operand staged as `stage`, or None where it cannot give exactly
    what the copies give (the module docstring)."""
    if stage is None or not stage.swizzled or not isinstance(stage.stored, ir.Load):
        return None
    window = stage.stored
    param = tensors.get(window.tensor)
    items = window.items
    if param is None or len(items) not in (2, 3) or ct.element_bytes(param.dtype) != 2:
        return None
    if not all(isinstance(it, ir.Window) for it in items[-2:]) or any(isinstance(it, ir.Window) for it in items[:-2]):
        return None
    rows, cols = (it.length for it in items[-2:])  # type: ignore[union-attr]
    if stage.shape != (rows, cols) or rows > BOX_ROWS or cols % stage.box_cols:
        return None
    if window.tensor not in spec.aligned or window.tensor not in spec.pitched:
        return None
    if multiple_of(items[-1].start, starts, spec.multiple) * stage.element % 16:  # type: ignore[union-attr]
        return None
    assert stage.box_cols * stage.element == SWIZZLE_ROW
    return TmaLoad(window, TensorMap(window.tensor, len(items), rows, stage.box_cols), cols // stage.box_cols,
                   stage.box_cols,
                   stage.box_bytes)


def plan_tma_loads(kernel: ir.Kernel, spec: Specialization, products: dict[int, ProductPlan],
                   stages: int | None) -> dict[int, tuple[TmaLoad | None, TmaLoad | None]]:
    """By each product's node id, how TMA loads its operands a loop stages ahead or once
    (None: not by TMA), for products on wgmma in a loop's own body whose rings have
    `stages` stages at most (None: loops stage nothing ahead); empty with the setting off.
    A product gets loads only where every operand it stages gets one: the writer then
    stages it so (lower/stage_ring.py), and the product uses no statement scratch."""
    if not tma_rings_on() or stages is None:
        return {}
    tensors = {p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)}
    starts = scalar_values(kernel)
    found: dict[int, tuple[TmaLoad | None, TmaLoad | None]] = {}
    for s in ir.walk_stmts(kernel.body):
        if not isinstance(s, ir.For):
            continue
        for key, allowed in ahead_products(s).items():
            plan = products.get(key)
            if plan is None or plan.wgmma is None:
                continue
            modes, _ = ring_modes(plan.wgmma, allowed, stages)
            loads = tuple(tma_load(stage, spec, tensors, starts) if mode else None
                          for stage, mode in zip(plan.wgmma, modes, strict=True))
            if any(loads) and all(stage is None or load is not None
                                  for stage, load in zip(plan.wgmma, loads, strict=True)):
                found[key] = (loads[0], loads[1])
    return found


def tensor_maps(loads: dict[int, tuple[TmaLoad | None, TmaLoad | None]]) -> tuple[TensorMap, ...]:
    """The maps the loads read, each once, in a fixed order: the kernel's parameters after its own."""
    maps = {load.map for pair in loads.values() for load in pair if load is not None}
    return tuple(sorted(maps, key=lambda m: (m.tensor, m.box_rows)))


def scalar_values(kernel: ir.Kernel) -> dict[ir.Sym, list[ir.Expr]]:
    """The values each integer symbol may hold, where all are known: a `let`'s one, a
    loop variable's start and step (its values are the start plus multiples of the step);
    a `var` is not here (any assignment may change it)."""
    found: dict[ir.Sym, list[ir.Expr]] = {}
    for s in ir.walk_stmts(kernel.body):
        if isinstance(s, ir.Decl) and s.sym.kind == "let" and not s.sym.vtype.shape and s.init is not None:
            found[s.sym] = [s.init]
        elif isinstance(s, ir.For):
            found[s.var] = [s.lo, s.step]
    return found


def multiple_of(e: ir.Expr, values: dict[ir.Sym, list[ir.Expr]], dim_multiple: Callable[[str], int]) -> int:
    """A number the integer `e` is known to be a multiple of (1 where nothing is known),
    through `values` (each symbol's possible values: scalar_values) and `dim_multiple`
    (what a launch key promises of a runtime dim)."""

    def factor(x: ir.Expr) -> int:
        match x:
            case ir.Const(value=int() as value):
                return abs(value) or 1 << 30
            case ir.Read(sym=sym) if sym in values:
                return math.gcd(*(factor(v) for v in values[sym]))
            case ir.Cast(operand=operand) if operand.type.dtype.is_int:
                return factor(operand)
            case ir.DimRef(name=name):
                return dim_multiple(name)
            case ir.Binary(op="*", left=left, right=right):
                return factor(left) * factor(right)
            case ir.Binary(op="+" | "-", left=left, right=right):
                return math.gcd(factor(left), factor(right))
        return 1

    return factor(e)
