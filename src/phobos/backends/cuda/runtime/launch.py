"""The CUDA back end's launches: a variant's CUDA C++ (or its GEMM lowering) generated
once per specialization key, built by NVRTC, then loaded and launched by the shared
GPU launcher (phobos.backends.gpu.launch).

A variant is generated once per specialization key (phobos.ir.specialize), which the
runtime reads off each new kind of launch: the sweeps move whole 16-byte groups only
through tensors whose data starts 16-byte aligned and only where the pitches allow
it, so an offset view (`x[1:]`) or an odd extent gets code of its own that reads
element by element rather than a misaligned access.
"""

from __future__ import annotations

import weakref
from typing import Any

from phobos.backends.gpu.abi import Generated
from phobos.backends.gpu.arrays import DeviceArray
from phobos.backends.gpu.launch import Prepared, device_arch, launchable
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, usual

from ..gemm.gemm_launch import (
    GEMM_ARCH,
    GemmArguments,
    gemm_mode,
    gemm_of,
    generate_gemm,
    planned_for,
    resident_clusters,
)
from ..gemm.gemm_plan import GemmMode
from ..plan.presence import whole_turns_on
from ..plan.products import general_wgmma
from ..plan.tma_loads import tma_rings_on
from ..write.kernel import generate, staged_shared
from .compile import SerializedProducts, build
from .tensor_maps import TensorMaps

# Each variant's code by what it was written for: the key, the GEMM mode and plan, the shared
# memory the general lowering's stages may take, and the settings read when it is written
# (PHOBOS_CUDA_GENERAL_WGMMA, PHOBOS_CUDA_WHOLE_TURNS, PHOBOS_CUDA_TMA_RINGS).
_GENERATED: weakref.WeakKeyDictionary[
    ir.Kernel, dict[tuple[Specialization, GemmMode | None, str, int, tuple[bool, bool, bool]], Generated]] = (
    weakref.WeakKeyDictionary())


def generated(variant: ir.Kernel, spec: Specialization | None = None, gemm: GemmMode | None = None,
              arch: str = GEMM_ARCH, wgmma: bool = True) -> Generated:
    """The variant's C++ for launches whose key is `spec` (None: the usual launch's);
    with `gemm`, its GEMM lowering for `arch`, run as the mode says
    (gemm_launch.gemm_mode); without, the general lowering, its products off wgmma
    where `wgmma` is false."""
    if spec is None:
        spec = usual(variant)
    planned = planned_for(arch, gemm) if gemm else ""
    shared = 0 if gemm else staged_shared([arch], variant.occupancy)  # the general variant's, for arch
    by_key = _GENERATED.setdefault(variant, {})
    key = (spec, gemm, planned, shared, (general_wgmma() and wgmma, whole_turns_on(), tma_rings_on()))
    found = by_key.get(key)
    if found is None:
        if gemm:
            parts = gemm_of(variant, planned, gemm.pingpong)
            assert not isinstance(parts, Exception), "gemm_mode chose a lowering with no plan"
            found = generate_gemm(variant, spec, *parts, gemm)
        else:
            found = generate(variant, spec, shared, wgmma)
        by_key[key] = found
    return found


def _unserialized(gen: Generated, variant: ir.Kernel, spec: Specialization, arch: str) -> Generated:
    """`gen`, whose products run on wgmma, or where ptxas serializes them for want of
    registers (a variant whose threads each hold more accumulators than it leaves room
    for: an autotune candidate of a kernel that runs well at other sizes), the variant
    written with its products on mma.sync, whose registers ptxas allocates per warp."""
    try:
        build(gen, variant, arch)
    except SerializedProducts:
        return generated(variant, spec, None, arch, wgmma=False)
    return gen


def prepare(variant: ir.Kernel, spec: Specialization, names: list[str], arrays: dict[str, DeviceArray],
            dims: dict[str, int], device_id: int, pointer_order: list[str]) -> Prepared:
    """A checked variant made ready to launch with arrays like `arrays`, whose key is
    `spec`; `names` are the parameters in the order a repeat launch passes them,
    `pointer_order` the tensors in the order it passes their pointers."""
    arch = device_arch(device_id)
    gen = generated(variant, spec, gemm_mode(variant, arch, spec, arrays), arch)
    if gen.gemm is None and gen.arch_suffix:
        gen = _unserialized(gen, variant, spec, arch)

    def extras(function: Any, sms: int) -> GemmArguments | TensorMaps | None:
        if gen.gemm is None:
            return TensorMaps(gen, arrays, pointer_order, arch == GEMM_ARCH) if gen.boxes else None
        clusters = resident_clusters(function, gen, sms) if gen.cluster > 1 else None
        return GemmArguments(gen, arrays, sms, pointer_order, clusters)

    return launchable(variant, names, arrays, dims, device_id, pointer_order, gen,
                      lambda target: build(gen, variant, target), extras)
