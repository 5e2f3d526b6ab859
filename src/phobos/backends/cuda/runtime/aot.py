"""Ahead of time: every variant of every kernel in a file, built without a GPU.

Each variant is built for launches whose tensors all start at a 16-byte aligned
address (what CUDA allocators, torch and cupy give a whole array), so its sweeps use
the 16-byte vector path; the generated source says so in its header. A launch that
passes an offset view gets a variant generated for its alignment at launch time. It
is built in the kernel's math_mode, as its launches are.

A GEMM kernel is also built as the tensor-core variants its launches run there
(`gemm_builds`): their tensor maps and the grid they walk are arguments, which the
code does not depend on, so they are built once for every launch of their key. A tile
the target cannot hold under @tensorcore is refused here, with the numbers, as at a
launch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from phobos.backends.aot import Refused, Report, build_variants, debug_build, fast_math, kernels_to_build, output_stem
from phobos.backends.files import output_folder, write_output
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, specialize, usual

EMITS = ("cuda", "ptx", "cubin")
SUFFIX = {"cuda": "cu", "ptx": "ptx", "cubin": "cubin"}

if TYPE_CHECKING:
    from phobos.backends.gpu.abi import Generated
    from phobos.runtime.kernel import Kernel


@dataclass(frozen=True)
class Built:
    kernel: str
    bindings: dict[str, int]
    arch: str
    path: Path
    shared_bytes: int
    lowering: tuple[str, ...] = ()  # how its products run, a line each (`phobos compile` prints them)


def build_file(path: Path, arches: list[str], emit: str, out: Path, only: tuple[str, ...] = (),
               jobs: int | None = None) -> Report[Built]:
    """Build every variant of the kernels `only` names (all where it names none) for
    every target, writing one file each into `out`, `jobs` variants at once; a variant
    a target refuses is reported, not built, and the others are. The CUDA C++ is one
    file for all targets, but each target's limits are checked."""
    from .compile import check_arch

    for arch in arches:
        check_arch(arch)
    kernels = kernels_to_build(path, only)
    output_folder(out)
    return build_variants(kernels, lambda kernel, variant: _build_variant(kernel, variant, arches, emit, out), jobs)


def _build_variant(kernel: Kernel, variant: ir.Kernel, arches: list[str], emit: str,
                   out: Path) -> list[Built | Refused]:
    """One variant's files: its general lowering for every target (and a GEMM kernel's
    own variants), each target's limits checked before any file is written. Where the
    general lowering does not fit a target whose launches run the GEMM kernel's own
    lowering, that lowering is still built and the general one reported refused."""
    from phobos.errors import PhobosError

    from ..write.kernel import generate, staged_shared
    from .compile import SerializedProducts, build, check_shared

    # every tensor 16-byte aligned: the usual launch, in the kernel's math_mode, its prints
    # and asserts built in where it asks for debug (else left out, so that a GEMM loop
    # that prints is still the GEMM kernel)
    debug = debug_build(kernel) and ir.has_debug(variant)
    spec = replace(usual(variant), fast_math=fast_math(kernel), debug=debug)
    shared = staged_shared(arches, variant.occupancy)
    gen = generate(variant, spec, shared)
    variant = variant if debug else ir.without_debug(variant)
    stem = output_stem(variant)
    # under @tensorcore, a GEMM tile the target cannot hold is refused here
    gemms = {arch: gemm_builds(variant, arch, fast_math(kernel)) for arch in arches}
    try:
        for arch in arches:
            check_shared(gen, variant, arch)
    except PhobosError as err:
        if not any(gemms.values()):
            raise
        note = (f"launches on {', '.join(a for a in arches if gemms[a])} run the GEMM kernel's own lowering, "
                "built beside it; this general lowering serves only launches that ask for it")
        refused = Refused(variant.name, dict(variant.bindings), PhobosError(err.message, err.span, (*err.notes, note)))
        return [refused, *_gemm_files(variant, arches, gemms, emit, out, stem)]
    built: list[Built | Refused] = []
    if emit == "cuda":
        target = out / f"{stem}.cu"
        write_output(target, gen.source.encode())
        built.append(Built(variant.name, dict(variant.bindings), arches[0], target, gen.shared_on(arches[0]),
                           lowering(gen, [a for a in arches if gemms[a]])))
    else:
        for arch in arches:
            target = out / f"{stem}.{arch}.{SUFFIX[emit]}"
            own = gen
            try:
                code = build(gen, variant, arch, emit)
            except SerializedProducts:  # as a launch does (launch.py): the products on mma.sync
                own = generate(variant, spec, shared, wgmma=False)
                code = build(own, variant, arch, emit)
            write_output(target, code)
            built.append(Built(variant.name, dict(variant.bindings), arch, target, own.shared_on(arch),
                               lowering(own, [arch] if gemms[arch] else [])))
    return built + _gemm_files(variant, arches, gemms, emit, out, stem)


def _gemm_files(variant: ir.Kernel, arches: list[str], gemms: dict[str, list[tuple[str, Specialization, Generated]]],
                emit: str, out: Path, stem: str) -> list[Built | Refused]:
    """The files of a GEMM kernel's own variants (`gemm_builds`), each target's."""
    from .compile import build

    built: list[Built | Refused] = []
    for arch in arches:
        for label, spec, gemm in gemms[arch]:
            target = out / f"{stem}.{label}.{arch}.{SUFFIX[emit]}"
            write_output(target, gemm.source.encode() if emit == "cuda" else build(gemm, variant, arch, emit))
            built.append(Built(variant.name, dict(variant.bindings), arch, target, gemm.shared_bytes,
                               gemm_abi(gemm, spec)))
    return built


def gemm_builds(variant: ir.Kernel, arch: str, fast: bool) -> list[tuple[str, Specialization, Generated]]:
    """The GEMM kernel's tensor-core variants a launch on `arch` runs, each with its
    file label: on sm_90 `gemm-tma` (TMA loads, and the output's TMA store where the
    plan stages it: launches whose dims are multiples of 16 and whose tensors are
    16-byte aligned with rows 16-byte multiples apart; not where an i8 B is transposed
    as it is copied, nor where B's window may start between 16 bytes: `tma_starts`)
    and `gemm-threads` (the producer's threads copy; tensors 16-byte aligned); on sm_80
    to sm_89 `gemm-mma`; each with the key it is for. None where the kernel is no GEMM
    kernel."""
    from ..gemm.gemm_form import NotGemm
    from ..gemm.gemm_launch import GEMM_ARCH, gemm_of, generate_gemm, tma_starts
    from ..gemm.gemm_plan import GemmMode, GemmPlan

    found = gemm_of(variant, arch)
    if isinstance(found, NotGemm):
        return []
    form, plan = found
    any_launch = replace(usual(variant), fast_math=fast)
    if arch != GEMM_ARCH:
        return [("gemm-mma", any_launch,
                 generate_gemm(variant, any_launch, form, plan, GemmMode(False, False, mma=True)))]
    assert isinstance(plan, GemmPlan)
    builds = []
    tensors = frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))
    pitched = specialize(variant, dict.fromkeys(variant.runtime_dims, 16), {}, tensors, scalars_known=False,
                         fast_math=fast)
    loads, store = tma_starts(variant, form, pitched)
    if not plan.b_transposed_copy and loads:
        builds.append(("gemm-tma", pitched,
                       generate_gemm(variant, pitched, form, plan, GemmMode(True, plan.c is not None and store))))
    builds.append(("gemm-threads", any_launch, generate_gemm(variant, any_launch, form, plan, GemmMode(False, False))))
    return builds


def gemm_abi(gen: Generated, spec: Specialization) -> tuple[str, ...]:
    """How to launch a GEMM variant built here, in words: the launches it is for, its
    entry and arguments, its block, shared memory and cluster, its grid, and each tensor
    map's box."""
    from ..gemm.gemm_plan import GemmPlan

    args = ", ".join(f"{p.kind} {p.name}" for p in gen.params)
    cluster = f", clusters of {gen.cluster}" if gen.cluster > 1 else ""
    lines = [f"the GEMM kernel's own lowering, for launches where {spec.text()}: entry {gen.symbol}({args})",
             f"launch with {gen.threads} threads a CTA, {gen.shared_bytes} bytes of dynamic shared memory{cluster} "
             "and any number of CTAs along x (Phobos launches one an SM at most): they walk the blocks of the "
             "kernel's own grid, passed as grid x, y and z"]
    boxes = gen.gemm.boxes() if isinstance(gen.gemm, GemmPlan) else {}
    lines += [f"tensormap {p.name}: {p.dtype} as a 2-D row-major map, boxes of {boxes[p.name][1]} rows of "
              f"{boxes[p.name][0]} elements, 128-byte swizzle, zeros outside"
              for p in gen.params if p.kind == "tensormap"]
    return tuple(lines)


def lowering(gen: Generated, gemm_arches: list[str]) -> tuple[str, ...]:
    """How a variant's products run, in words: each `dot` of the file written, and, where
    the kernel is a GEMM kernel, what a launch on those targets runs instead."""
    lines = [f"dot at {line}:{column}: {text}" for line, column, text in gen.lowerings]
    lines += [f"a launch on {arch} runs it as a GEMM kernel on {'wgmma' if arch == 'sm_90' else 'mma.sync'} "
              "instead (the gemm-* files for it)" for arch in gemm_arches]
    return tuple(lines)
