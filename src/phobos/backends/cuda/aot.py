"""Ahead of time: every variant of every kernel in a file, built without a GPU.

Each variant is built for launches whose tensors all start at a 16-byte aligned
address (what CUDA allocators, torch and cupy give a whole array), so its sweeps use
the 16-byte vector path; the generated source says so in its header. A launch that
passes an offset view gets a variant generated for its alignment at launch time.

A GEMM kernel's tensor-core variants take arguments only a launch makes (tensor maps,
the grid it walks), so they are not built here; but a tile the target cannot hold
under @tensorcore is refused here, with the numbers, as at a launch.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from phobos.backends.files import output_folder, variant_stem, variants_in, write_output
from phobos.errors import PhobosError

EMITS = ("cuda", "ptx", "cubin")
SUFFIX = {"cuda": "cu", "ptx": "ptx", "cubin": "cubin"}


@dataclass(frozen=True)
class Built:
    kernel: str
    bindings: dict[str, int]
    arch: str
    path: Path
    shared_bytes: int


def build_file(path: Path, arches: list[str], emit: str, out: Path) -> list[Built]:
    """Build every variant for every target, writing one file each into `out`."""
    from .compile import build, check_arch
    from .gemm_launch import gemm_of
    from .kernel import generate

    for arch in arches:
        check_arch(arch)
    variants = list(variants_in(path))
    if not variants:
        raise PhobosError(f"{path} defines no kernel")
    output_folder(out)
    built: list[Built] = []
    for variant in variants:
        gen = generate(variant)  # every tensor 16-byte aligned: the usual launch
        for arch in arches:
            gemm_of(variant, arch)  # under @tensorcore, a GEMM tile the target cannot hold is refused here
            if emit == "cuda":
                data = gen.source.encode()
                name = f"{variant_stem(variant)}.cu"
            else:
                data = build(gen, variant, arch, emit)
                name = f"{variant_stem(variant)}.{arch}.{SUFFIX[emit]}"
            target = out / name
            write_output(target, data)
            built.append(Built(variant.name, dict(variant.bindings), arch, target, gen.shared_bytes))
            if emit == "cuda":
                break
    return built
