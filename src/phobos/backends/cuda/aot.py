"""Ahead of time: every variant of every kernel in a file, built without a GPU.

Each variant is built for launches whose tensors all start at a 16-byte aligned
address (what CUDA allocators, torch and cupy give a whole array), so its sweeps use
the 16-byte vector path; the generated source says so in its header. A launch that
passes an offset view gets a variant generated for its alignment at launch time. It
is built in the kernel's math_mode, as its launches are.

A GEMM kernel's tensor-core variants take arguments only a launch makes (tensor maps,
the grid it walks), so they are not built here; but a tile the target cannot hold
under @tensorcore is refused here, with the numbers, as at a launch.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from phobos.backends.aot import fast_math, kernels_to_build, output_stem
from phobos.backends.files import output_folder, write_output
from phobos.ir.specialize import usual

EMITS = ("cuda", "ptx", "cubin")
SUFFIX = {"cuda": "cu", "ptx": "ptx", "cubin": "cubin"}

if TYPE_CHECKING:
    from .kernel import Generated


@dataclass(frozen=True)
class Built:
    kernel: str
    bindings: dict[str, int]
    arch: str
    path: Path
    shared_bytes: int
    lowering: tuple[str, ...] = ()  # how its products run, a line each (`phobos compile` prints them)


def build_file(path: Path, arches: list[str], emit: str, out: Path) -> list[Built]:
    """Build every variant for every target, writing one file each into `out`. The
    CUDA C++ is one file for all targets, but each target's limits are checked."""
    from .compile import build, check_arch, check_shared
    from .gemm_form import NotGemm
    from .gemm_launch import gemm_of
    from .kernel import generate

    for arch in arches:
        check_arch(arch)
    kernels = kernels_to_build(path)
    output_folder(out)
    built: list[Built] = []
    for kernel in kernels:
        for variant in kernel.variants:
            # every tensor 16-byte aligned: the usual launch, in the kernel's math_mode
            gen = generate(variant, replace(usual(variant), fast_math=fast_math(kernel)))
            stem = output_stem(variant)
            gemms = {}
            for arch in arches:
                # under @tensorcore, a GEMM tile the target cannot hold is refused here
                gemms[arch] = not isinstance(gemm_of(variant, arch), NotGemm)
                check_shared(gen, variant, arch)
            if emit == "cuda":
                target = out / f"{stem}.cu"
                write_output(target, gen.source.encode())
                built.append(Built(variant.name, dict(variant.bindings), arches[0], target, gen.shared_on(arches[0]),
                                   lowering(gen, [a for a in arches if gemms[a]])))
                continue
            for arch in arches:
                target = out / f"{stem}.{arch}.{SUFFIX[emit]}"
                write_output(target, build(gen, variant, arch, emit))
                built.append(Built(variant.name, dict(variant.bindings), arch, target, gen.shared_on(arch),
                                   lowering(gen, [arch] if gemms[arch] else [])))
    return built


def lowering(gen: Generated, gemm_arches: list[str]) -> tuple[str, ...]:
    """How a variant's products run, in words: each `dot` of the file written, and, where
    the kernel is a GEMM kernel, what a launch on those targets runs instead."""
    lines = [f"dot at {line}:{column}: {text}" for line, column, text in gen.lowerings]
    lines += [f"a launch on {arch} runs it as a GEMM kernel on {'wgmma' if arch == 'sm_90' else 'mma.sync'} "
              "instead (its tensor maps and grid walk are made at the launch)" for arch in gemm_arches]
    return tuple(lines)
