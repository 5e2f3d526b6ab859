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
  launch's key says so), so that a map can describe it.

A map has every dim of its tensor (the innermost first), so a position outside the
tensor in any dim, an index included, reads zeros, as the copies write zeros where
nothing is present. Where the other operand's range of k is shorter than this one's
present part, the stage also holds values the product must not read: the turn zeros
them after the load lands (rare: operands whose k extents differ).
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos.environment import flag
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from .. import ctypes as ct
from ..layout.stages import SWIZZLE_ROW, StageLayout
from .products import ProductPlan
from .rings import ahead_products

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


def tma_load(stage: StageLayout | None, spec: Specialization, tensors: dict[str, ir.TensorParam]) -> TmaLoad | None:
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
    assert stage.box_cols * stage.element == SWIZZLE_ROW
    return TmaLoad(window, TensorMap(window.tensor, len(items), rows, stage.box_cols), cols // stage.box_cols,
                   stage.box_cols,
                   stage.box_bytes)


def plan_tma_loads(kernel: ir.Kernel, spec: Specialization, products: dict[int, ProductPlan],
                   staging: bool) -> dict[int, tuple[TmaLoad | None, TmaLoad | None]]:
    """By each product's node id, how TMA loads its operands a loop stages ahead or once
    (None: not by TMA), for products on wgmma in a loop's own body; empty with the setting
    off or staging off. A product gets loads only where every operand it stages gets one."""
    if not (tma_rings_on() and staging):
        return {}
    tensors = {p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)}
    found: dict[int, tuple[TmaLoad | None, TmaLoad | None]] = {}
    for s in ir.walk_stmts(kernel.body):
        if not isinstance(s, ir.For):
            continue
        for key, modes in ahead_products(s).items():
            plan = products.get(key)
            if plan is None or plan.wgmma is None:
                continue
            loads = tuple(tma_load(stage, spec, tensors) if mode else None
                          for stage, mode in zip(plan.wgmma, modes, strict=True))
            staged = [stage is not None for stage in plan.wgmma]
            if any(loads) and all(load is not None for load, on in zip(loads, staged, strict=True) if on):
                found[key] = (loads[0], loads[1])
    return found


def tensor_maps(loads: dict[int, tuple[TmaLoad | None, TmaLoad | None]]) -> tuple[TensorMap, ...]:
    """The maps the loads read, each once, in a fixed order: the kernel's parameters after its own."""
    maps = {load.map for pair in loads.values() for load in pair if load is not None}
    return tuple(sorted(maps, key=lambda m: (m.tensor, m.box_rows)))
