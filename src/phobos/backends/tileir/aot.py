"""Ahead of time through Tile IR: every variant of every kernel in a file as its text,
its bytecode, or a cubin tileiras assembles for each target. A variant this back end
refuses is reported with the refusal's located error, and the others are built. Cubins are made for each
specialization a launch may ask for (launch.specializations: any extents, and every
runtime dim a multiple of 16, the second named `STEM.div16.ARCH.cubin`), so that the
cache they fill serves a machine without tileiras. Each is built in its kernel's
math_mode, as its launches are."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from phobos.backends.aot import (
    Refused,
    Report,
    build_variants,
    debug_build,
    fast_math,
    kernels_to_build,
    output_stem,
)
from phobos.backends.files import output_folder, write_output
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import usual

from .assemble import TileirasFailed, check_arch, cubin, tileiras
from .launch import lowered, specializations
from .lower import lower_kernel
from .printer import module_text
from .writer import write_module

if TYPE_CHECKING:
    from phobos.runtime.kernel import Kernel

EMITS = ("tileir", "bytecode", "cubin")
SUFFIX = {"tileir": "tileir", "bytecode": "tileirbc", "cubin": "cubin"}


@dataclass(frozen=True)
class Built:
    kernel: str
    bindings: dict[str, int]
    arch: str | None  # None for the text and the bytecode, which no target shapes
    path: Path


def build_file(path: Path, arches: list[str], emit: str, out: Path, only: tuple[str, ...] = (),
               jobs: int | None = None) -> Report[Built]:
    """Build every variant (for every target, for a cubin) of the kernels `only` names
    (all where it names none), one file each into `out`, each in its kernel's
    math_mode, `jobs` variants at once; a variant this back end refuses is reported."""
    for arch in arches:
        check_arch(arch)
    if emit == "cubin":
        tileiras()  # missing, it is named before any work
    kernels = kernels_to_build(path, only)
    output_folder(out)
    return build_variants(kernels, lambda kernel, variant: _build_variant(kernel, variant, arches, emit, out), jobs)


def _build_variant(kernel: Kernel, variant: ir.Kernel, arches: list[str], emit: str,
                   out: Path) -> list[Built | Refused]:
    """One variant's files; for cubins, one a specialization and target, each that
    tileiras fails on reported refused while the others are built (its launches run a
    weaker specialization's cubin: launch.py)."""
    fast, debug = fast_math(kernel), debug_build(kernel) and ir.has_debug(variant)
    stem = output_stem(variant)
    built: list[Built | Refused] = []
    if emit == "cubin":
        for suffix, spec in specializations(variant, fast, debug):
            gen, bytecode = lowered(variant, spec)
            for arch in arches:
                target = out / f"{stem}{suffix}.{arch}.cubin"
                try:
                    code = cubin(gen.source, bytecode, arch, variant.name, variant.span)
                except TileirasFailed as err:
                    note = (f"no {target.name}: launches whose key it serves run the cubin of a specialization "
                            "made for more launches (the files beside it)")
                    built.append(Refused(variant.name, dict(variant.bindings),
                                         PhobosError(err.message, err.span, (*err.notes, note))))
                    continue
                write_output(target, code)
                built.append(Built(variant.name, dict(variant.bindings), arch, target))
        return built
    module = lower_kernel(variant, replace(usual(variant), fast_math=fast, debug=debug))
    data = module_text(module).encode() if emit == "tileir" else write_module(module)
    target = out / f"{stem}.{SUFFIX[emit]}"
    write_output(target, data)
    return [Built(variant.name, dict(variant.bindings), None, target)]
