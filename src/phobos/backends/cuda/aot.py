"""Ahead of time: every variant of every kernel in a file, built without a GPU.

Each variant is built for launches whose tensors all start at a 16-byte aligned
address (what CUDA allocators, torch and cupy give a whole array), so its sweeps use
the 16-byte vector path; the generated source says so in its header. A launch that
passes an offset view gets a variant generated for its alignment at launch time.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from . import cache

EMITS = ("cuda", "ptx", "cubin")
SUFFIX = {"cuda": "cu", "ptx": "ptx", "cubin": "cubin"}


@dataclass(frozen=True)
class Built:
    kernel: str
    bindings: dict[str, int]
    arch: str
    path: Path
    shared_bytes: int


def kernels_in(path: Path) -> list:
    """The kernels a `.phobos` file defines, or those a `.py` module holds."""
    import phobos

    if not path.exists():
        raise PhobosError(f"no such file: {path}")
    if path.suffix == ".py":
        name = f"_phobos_aot_{path.stem}"
        spec = importlib.util.spec_from_file_location(name, path)
        if spec is None or spec.loader is None:
            raise PhobosError(f"cannot import {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        try:
            spec.loader.exec_module(module)
        finally:
            sys.modules.pop(name, None)
        return [v for v in vars(module).values() if isinstance(v, phobos.Kernel)]
    return list(phobos.compile(path).kernels.values())


def variant_stem(variant: ir.Kernel) -> str:
    return variant.name + "".join(f".{n}-{v}" for n, v in variant.bindings.items())


def variants_in(path: Path) -> Iterator[ir.Kernel]:
    for kernel in kernels_in(path):
        yield from kernel.variants


def output_folder(out: Path) -> None:
    """Make the folder the built files go to, or say why it cannot be one."""
    if out.exists() and not out.is_dir():
        raise PhobosError(f"{out} exists and is not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PhobosError(f"cannot make the folder {out}: {exc.strerror or exc}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise PhobosError(f"the folder {out} is not writable")


def build_file(path: Path, arches: list[str], emit: str, out: Path) -> list[Built]:
    """Build every variant for every target, writing one file each into `out`."""
    from .compile import build, check_arch
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
            if emit == "cuda":
                data = gen.source.encode()
                name = f"{variant_stem(variant)}.cu"
            else:
                data = build(gen, variant, arch, emit)
                name = f"{variant_stem(variant)}.{arch}.{SUFFIX[emit]}"
            target = out / name
            try:
                cache.write_atomic(target, data)  # a FIFO there is replaced, never waited on
            except OSError as exc:
                raise PhobosError(f"cannot write {target}: {exc.strerror or exc}") from None
            built.append(Built(variant.name, dict(variant.bindings), arch, target, gen.shared_bytes))
            if emit == "cuda":
                break
    return built
