"""Launching a GEMM kernel's Hopper variant: whether a launch may take it, its tensor
maps and its grid.

The variant is part of a launch's specialization: it needs sm_90, and TMA needs each
operand to start 16-byte aligned, rows a multiple of 16 bytes apart, and extents from
1 to 2**31 - 1. The launch key holds the shapes and the alignment, so the choice is
made once per kind of launch. An operand that fails only the alignment or the pitch
is copied first into rows TMA can read, where the product is large enough to repay it
(gemm_repack.py); otherwise the producer's threads copy it into the stages.
PHOBOS_CUDA_WGMMA=0 turns the variant off (read when a launch of a new kind is
prepared), so that both can be timed on the same inputs;
PHOBOS_CUDA_WGMMA=mma runs the Ampere and Ada lowering (mma.sync) on Hopper instead,
which is how that lowering is checked on the only GPU there is to run it on.

Tensor maps describe an operand at its address, so they are encoded (by the driver,
through cuda-bindings) for each new pair of operand pointers, and kept for the next.

With PHOBOS_CUDA_CLUSTER=2 (read as PHOBOS_CUDA_WGMMA is), where TMA loads both
operands and B's stage is an even number of boxes, CTAs run in clusters of two on
tiles one above the other, each loading half of B for both (TMA multicast). It is not
the default: on the H200 it was no faster for the tiles the benchmark rows take
(docs/benchmarks.md); it is there for tiles and shapes where L2 bandwidth binds, and
for autotuning to choose. PHOBOS_CUDA_PINGPONG=1 (read alike) plans the consumers to
take whole tiles in turn, where one warpgroup's registers hold the tile (128 x 128,
64 x 256): correct on the H200, and slower there than the shared 128 x 256 tile
(docs/benchmarks.md), so not the default either.
"""

from __future__ import annotations

import ctypes
import math
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from phobos.backends.gpu.abi import Generated
from phobos.backends.gpu.arrays import DeviceArray
from phobos.environment import flag, flag_or, word
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization
from phobos.targets import element_bytes

from ..layout.stages import SWIZZLE_ROW
from .gemm_form import GemmForm, NotGemm, gemm_form, known_multiple, reads_block_row
from .gemm_mma_plan import MMA_ARCHES, MmaPlan, plan_mma
from .gemm_mma_writer import MmaWriter
from .gemm_plan import GemmMode, GemmPlan, TooLarge, plan_gemm
from .gemm_repack import ENV_REPACK, LEAST_OTHER_EXTENT, Repack, tma_reads
from .gemm_writer import GemmWriter

ENV_WGMMA = "PHOBOS_CUDA_WGMMA"
ENV_CLUSTER = "PHOBOS_CUDA_CLUSTER"
ENV_PINGPONG = "PHOBOS_CUDA_PINGPONG"
GEMM_ARCH = "sm_90"
TMA_ALIGNMENT = 16
TMA_EXTENT = 2**31  # coordinates are 32-bit signed
MAP_BYTES = 128
MOST_MAPS = 64

Found = tuple[GemmForm, GemmPlan | MmaPlan] | NotGemm
_FOUND: weakref.WeakKeyDictionary[ir.Kernel, dict[tuple[str, bool], Found]] = weakref.WeakKeyDictionary()


def gemm_of(variant: ir.Kernel, arch: str = GEMM_ARCH, pingpong: bool = False) -> Found:
    """The variant's GEMM form and its plan for `arch` (sm_90: wgmma, with `pingpong`
    its consumers taking whole tiles in turn; sm_80, sm_86, sm_89: mma.sync), or why it
    has none. Under @tensorcore, a GEMM tile too large for the registers or shared
    memory is a located error."""
    by_arch = _FOUND.setdefault(variant, {})
    key = (arch, pingpong)
    found = by_arch.get(key)
    if found is None and arch not in (GEMM_ARCH, *MMA_ARCHES):
        found = by_arch[key] = NotGemm(f"{arch} has no tensor-core lowering")
    if found is None:
        try:
            form = gemm_form(variant)
            found = (form, plan_gemm(variant, form, arch, pingpong) if arch == GEMM_ARCH
                     else plan_mma(variant, form, arch))
        except TooLarge as why:
            if variant.tensorcore:
                raise PhobosError(f"@tensorcore: kernel `{variant.name}`'s GEMM tile does not fit {arch}: {why}",
                                  variant.span) from None
            found = why
        except NotGemm as why:
            found = why
        by_arch[key] = found
    return found


def generate_gemm(kernel: ir.Kernel, spec: Specialization, form: GemmForm, plan: GemmPlan | MmaPlan,
                  mode: GemmMode) -> Generated:
    """The GEMM variant of a kernel of GEMM form, for launches whose key is `spec`, run
    as `mode` says: mma.sync (Ampere, Ada) or wgmma (Hopper)."""
    if mode.mma:
        assert isinstance(plan, MmaPlan)
        return MmaWriter(kernel, spec, form, plan, mode).write()  # type: ignore[arg-type]
    assert isinstance(plan, GemmPlan)
    return GemmWriter(kernel, spec, form, plan, mode).write()


def gemm_mode(variant: ir.Kernel, arch: str, spec: Specialization, arrays: dict[str, DeviceArray]) -> GemmMode | None:
    """How a launch on `arch` of key `spec` with these arrays runs the Hopper GEMM
    variant (TMA for what it can read and write), or None where it runs the general
    variant."""
    asked = flag_or(ENV_WGMMA, True, ("mma",))
    if asked is False or arch not in (GEMM_ARCH, *MMA_ARCHES):
        return None
    if arch in MMA_ARCHES or asked == "mma":
        mode = GemmMode(False, False, mma=True)
        return None if isinstance(gemm_of(variant, planned_for(arch, mode)), NotGemm) else mode
    found = gemm_of(variant)
    if isinstance(found, NotGemm):
        return None
    form, plan = found
    assert isinstance(plan, GemmPlan)
    stored = [s.tensor for s in form.epilogue if isinstance(s, ir.Store)]
    starts_for_loads, start_for_store = tma_starts(variant, form, spec)
    loads = (not plan.b_transposed_copy and starts_for_loads
             and all(_tma_can(spec, name, arrays[name]) or _repacked(form, name, arrays)
                     for name in (form.a.tensor, form.b.tensor)))
    shared_b = not any(reads_block_row(form, e) for e in (form.n_start, *form.b_batch))
    pairs = loads and shared_b and plan.b.boxes % 2 == 0 and word(ENV_CLUSTER, ("1", "2")) == "2"
    turns = False
    if not pairs and flag(ENV_PINGPONG, False):
        found = gemm_of(variant, GEMM_ARCH, pingpong=True)
        if not isinstance(found, NotGemm):
            plan, turns = found[1], True
            assert isinstance(plan, GemmPlan)
    return GemmMode(loads,  # an 8-bit B[K, N] is transposed as the producer's threads copy it
                    plan.c is not None and start_for_store and _tma_can(spec, stored[0], arrays[stored[0]]),
                    cluster=2 if pairs else 1, pingpong=turns)


def tma_starts(variant: ir.Kernel, form: GemmForm, spec: Specialization) -> tuple[bool, bool]:
    """Whether TMA may load the operands' boxes, and store the output's, from where their
    windows start: a box's innermost coordinate must lie a whole 16 bytes from its
    tensor's start (the hardware stops the kernel with an illegal instruction
    otherwise). A's boxes start at the loop's k, and a transposed W's too, always so;
    B[K, N]'s at B's window's n start and the output's at its own stored window's, each of
    which must be known (through the prologue's lets and the key's multiples) to be a
    multiple of 16 bytes of elements."""
    dtypes = {p.name: p.dtype for p in variant.params if isinstance(p, ir.TensorParam)}

    def on_16_bytes(tensor: str, start: ir.Expr) -> bool:
        return known_multiple(form, start, spec.multiple) * element_bytes(dtypes[tensor]) % 16 == 0

    stored = [s for s in form.epilogue if isinstance(s, ir.Store)]
    store = bool(stored) and isinstance(stored[0].items[-1], ir.Window) and on_16_bytes(
        stored[0].tensor, stored[0].items[-1].start)
    return form.b_k_major or on_16_bytes(form.b.tensor, form.n_start), store


def planned_for(arch: str, mode: GemmMode) -> str:
    """The architecture whose plan a launch on `arch` in `mode` runs: its own, but
    sm_80's for the mma.sync lowering asked for on Hopper."""
    return MMA_ARCHES[0] if mode.mma and arch == GEMM_ARCH else arch


def _tma_can(spec: Specialization, name: str, array: DeviceArray) -> bool:
    """Whether TMA can address the row-major array `name` as its map (`_encode`) has it:
    16-byte aligned and its rows a multiple of 16 bytes apart (as the key says), its
    rows, columns and number of matrices from 1 to 2**31 - 1."""
    return tma_reads(spec, name) and all(0 < n < TMA_EXTENT for n in _matrices(array))


def _repacked(form: GemmForm, name: str, arrays: dict[str, DeviceArray]) -> bool:
    """Whether a launch copies operand `name`, which TMA cannot read where it lies, into
    rows it can (gemm_repack.py): where that is on, its extents fit a map, and the product
    reads each of its tiles often enough to repay the copy."""
    array = arrays[name]
    if not flag(ENV_REPACK, True) or not all(0 < n < TMA_EXTENT for n in _matrices(array)):
        return False
    a, b = arrays[form.a.tensor], arrays[form.b.tensor]
    other = (b.shape[-2] if form.b_k_major else b.shape[-1]) if name == form.a.tensor else a.shape[-2]
    return other >= LEAST_OTHER_EXTENT


def _matrices(array: DeviceArray) -> tuple[int, ...]:
    """A row-major array as TMA maps it: its columns and rows, and for more than two
    dims the number of matrices (its leading dims as one: a batch index is flat)."""
    *lead, rows, cols = array.shape
    return (cols, rows) if not lead else (cols, rows, math.prod(lead))


def _pitches(array: DeviceArray) -> list[int]:
    """The bytes between a row-major array's rows and, where its map has matrices
    (`_matrices`), between its matrices: as far apart as the strides say (a repacked
    operand's rows are padded), but only along dims of more than one element, whose
    strides mean something. torch gives a dim of one element any stride, even in a
    contiguous tensor (one head of `x.reshape(S, M, 1, K).transpose(1, 2)`: strides
    (M K, K, K, 1)), so the matrices' pitch is the stride of the innermost leading dim of
    more than one, and a single row's pitch its bytes, in whole 16 bytes as TMA asks."""
    item = array.dtype.itemsize
    *lead, rows, cols = array.shape
    row = array.strides[-2] * item if rows > 1 else -(-cols * item // 16) * 16
    if not lead:
        return [row]
    spread = [stride for n, stride in zip(lead, array.strides[:-2], strict=True) if n > 1]
    return [row, spread[-1] * item if spread else rows * row]


def _encode(array: DeviceArray, box_cols: int, box_rows: int) -> bytes:
    """A tiled tensor map of a row-major array of 8-, 16- or 32-bit elements (TMA moves bits: an
    i8 is its u8), 128-byte swizzled, boxes of `box_rows` rows of `box_cols` elements (of one
    matrix, where the map is 3-D: `_matrices`); positions outside read as zeros."""
    from cuda.bindings import driver

    kinds = driver.CUtensorMapDataType
    types = {"bfloat16": kinds.CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, "float16": kinds.CU_TENSOR_MAP_DATA_TYPE_FLOAT16,
             "float32": kinds.CU_TENSOR_MAP_DATA_TYPE_FLOAT32, "int32": kinds.CU_TENSOR_MAP_DATA_TYPE_INT32,
             "uint32": kinds.CU_TENSOR_MAP_DATA_TYPE_UINT32, "uint16": kinds.CU_TENSOR_MAP_DATA_TYPE_UINT16,
             "int8": kinds.CU_TENSOR_MAP_DATA_TYPE_UINT8, "uint8": kinds.CU_TENSOR_MAP_DATA_TYPE_UINT8}
    extents = _matrices(array)
    cols, rows = extents[:2]
    pitches = _pitches(array)
    u64, u32 = driver.cuuint64_t, driver.cuuint32_t
    err, tensor_map = driver.cuTensorMapEncodeTiled(
        types[array.dtype.name], len(extents), array.ptr, [u64(n) for n in extents], [u64(p) for p in pitches],
        [u32(n) for n in (box_cols, box_rows, 1)[:len(extents)]], [u32(1)] * len(extents),
        driver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
        driver.CUtensorMapSwizzle.CU_TENSOR_MAP_SWIZZLE_128B,
        driver.CUtensorMapL2promotion.CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
        driver.CUtensorMapFloatOOBfill.CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE,
    )
    if err != driver.CUresult.CUDA_SUCCESS:
        raise PhobosError(f"the driver could not describe a {rows} x {cols} {array.dtype.name} operand to TMA: "
                          f"{getattr(err, 'name', err)}")
    return ctypes.string_at(int(tensor_map.getPtr()), MAP_BYTES)


class MapCells:
    """Tensor maps as a launch passes them, a cell each (by name), written from maps encoded
    once for each key a launch gives (its tensors' pointers, and what else the maps depend
    on) and kept for the next launch with that key, at most MOST_MAPS keys."""

    def __init__(self, names: Sequence[str]):
        self.cells = {name: (ctypes.c_uint64 * (MAP_BYTES // 8))() for name in names}
        self._encoded: dict[tuple[int, ...], tuple[bytes, ...]] = {}
        self._last: tuple[int, ...] | None = None

    def write(self, key: tuple[int, ...], encode: Callable[[], tuple[bytes, ...]]) -> None:
        """The cells made the maps of `key`, in the cells' order: `encode()`'s, the first time."""
        if key == self._last:
            return
        maps = self._encoded.get(key)
        if maps is None:
            if len(self._encoded) >= MOST_MAPS:
                self._encoded.clear()
            maps = self._encoded[key] = encode()
        for cell, raw in zip(self.cells.values(), maps, strict=True):
            ctypes.memmove(cell, raw, MAP_BYTES)
        self._last = key


class GemmArguments:
    """The GEMM variant's own arguments: the tensor maps of the operands and of the
    stored output (kept per set of pointers) and the user's grid, whose blocks the
    persistent CTAs walk."""

    def __init__(self, gen: Generated, arrays: dict[str, DeviceArray], sms: int, pointer_order: Sequence[str],
                 clusters: int | None = None):
        plan = gen.gemm
        assert plan is not None
        self.sms = sms
        self.cluster = gen.cluster
        # Pairs at once on the GPU: as many as the driver says fit (an SM's pair may lie idle).
        self.clusters = clusters if clusters is not None else sms // gen.cluster
        self.tensors = {p.name: p.dtype for p in gen.params if p.kind == "tensormap"}  # none: no TMA
        self.arrays = {role: arrays[name] for role, name in self.tensors.items()}
        # Where each mapped tensor's pointer is among those a launch passes.
        self._places = tuple(list(pointer_order).index(name) for name in self.tensors.values())
        self.boxes: dict[str, tuple[int, int]] = {}
        if isinstance(plan, GemmPlan):
            self.boxes = plan.boxes()
            assert plan.a.box_cols * plan.operand.bits // 8 == SWIZZLE_ROW
        self._cells = MapCells(list(self.tensors))
        self.maps = self._cells.cells
        # The operands the variant reads from copies (gemm_repack.repacked), copied at each launch.
        self.repacks = {role: Repack(array, f"operand `{self.tensors[role]}`") for role, array in self.arrays.items()
                        if role != "c" and self.tensors[role] in gen.repacked}
        self.grid = {axis: ctypes.c_int64() for axis in "xyz"}

    def cell(self, p: Any) -> Any:
        return self.maps[p.name] if p.kind == "tensormap" else self.grid[p.name]

    def _read(self, role: str, ptr: int, stream: int) -> DeviceArray:
        """The array TMA reads for `role`: the operand at `ptr`, or its stream's copy."""
        array = _at(self.arrays[role], ptr)
        repack = self.repacks.get(role)
        return array if repack is None else repack.padded(array, stream)

    def fill(self, pointers: Sequence[int], grid: tuple[int, int, int], stream: int = 0,
             handle: Any = None) -> tuple[int, int, int]:
        """Writes the maps for the tensors at `pointers` (in the launch's pointer order)
        and the user's grid, and queues on the launch's stream (`stream`, its `handle`)
        the copies of the operands TMA reads from a scratch of that stream (`repacks`);
        returns the grid to launch: as few CTAs as walk the tiles
        in as few turns as a CTA per SM would (512 tiles on 132 SMs: 128 CTAs of 4 tiles,
        so none does 3 beside the others' 4, and 4 SMs stay idle rather than finish
        early; at least one, which then finds no tile); in pairs, a pair for each two
        block rows, no more pairs than fit at once."""
        roles = tuple(self.tensors)
        sources = tuple(pointers[place] for place in self._places)
        key = (*sources, stream) if self.repacks else sources
        if roles:
            self._cells.write(key, lambda: tuple(_encode(self._read(role, ptr, stream), *self.boxes[role])
                                                 for role, ptr in zip(roles, sources, strict=True)))
        for role, repack in self.repacks.items():
            repack.copy(sources[roles.index(role)], stream, handle)
        for axis, n in zip("xyz", grid, strict=True):
            self.grid[axis].value = n
        if self.cluster == 2:
            pairs = grid[0] * -(-grid[1] // 2) * grid[2]
            return 2 * max(1, min(pairs, self.clusters)), 1, 1
        tiles = grid[0] * grid[1] * grid[2]
        turns = max(1, -(-tiles // self.sms))
        return max(1, -(-tiles // turns)), 1, 1


def resident_clusters(function: Any, gen: Generated, sms: int) -> int:
    """How many clusters of `gen` the GPU runs at once (the driver's occupancy query):
    a persistent grid of more would leave some waiting for a whole turn."""
    from cuda.bindings import driver

    config = driver.CUlaunchConfig()
    config.gridDimX, config.gridDimY, config.gridDimZ = sms - sms % gen.cluster, 1, 1
    config.blockDimX, config.blockDimY, config.blockDimZ = gen.threads, 1, 1
    config.sharedMemBytes = gen.shared_bytes
    config.numAttrs = 0
    err, count = driver.cuOccupancyMaxActiveClusters(function, config)
    if err != driver.CUresult.CUDA_SUCCESS or count < 1:
        raise PhobosError(f"the driver could not say how many clusters of kernel `{gen.name}` fit the GPU: "
                          f"{getattr(err, 'name', err)}")
    return int(count)


def _at(array: DeviceArray, ptr: int) -> DeviceArray:
    """`array` as a launch of its kind passes it at `ptr` (same shape and type)."""
    if ptr == array.ptr:
        return array
    return DeviceArray(ptr, array.shape, array.strides, array.dtype, array.device, array.readonly, None)
