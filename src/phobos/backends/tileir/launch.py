"""Launching a variant through Tile IR: its module's bytecode, assembled by tileiras into
a cubin (assemble.cubin, through the cache), loaded and launched by the same driver
path as the CUDA back end's, with the launch's grid and a block of one thread: a Tile
IR kernel's threads are tileiras's.

The module is specialized by the launch's key: the runtime dims that are multiples of
16 are assumed so (which is what lets tileiras load by TMA). Where tileiras is not
installed and the cache lacks that specialization's cubin, the launch runs the
module that assumes no more than the language does, if the cache has it: the same
results, made for any extent.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from phobos.backends.cuda.args import DeviceArray
from phobos.backends.cuda.kernel import Generated, kernel_params
from phobos.backends.cuda.launch import Prepared, aligned_tensors, device_arch, prepare_built
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .assemble import can_build, cubin
from .lower import lower_kernel
from .printer import module_text
from .writer import write_module

_LOWERED: weakref.WeakKeyDictionary[ir.Kernel, dict[frozenset[str], tuple[Generated, bytes]]] = (
    weakref.WeakKeyDictionary())


def lowered(variant: ir.Kernel, sixteen: frozenset[str] = frozenset()) -> tuple[Generated, bytes]:
    """The variant's entry, for launches whose dims in `sixteen` are multiples of 16, as
    the launcher passes its arguments (the kernel's parameters in order, then its
    runtime dims as i64, as lower.py makes the entry) and its bytecode; a kernel this
    back end refuses is its located error."""
    by_key = _LOWERED.setdefault(variant, {})
    found = by_key.get(sixteen)
    if found is None:
        module = lower_kernel(variant, sixteen)
        gen = Generated(variant.name, module_text(module), 1, 0, tuple(kernel_params(variant)), abi="tileir")
        found = by_key[sixteen] = (gen, write_module(module))
    return found


def specializations(variant: ir.Kernel) -> list[frozenset[str]]:
    """What a build for later launches makes: the module for any extents, and the one
    for every runtime dim a multiple of 16 (where the kernel has runtime dims)."""
    every = frozenset(variant.runtime_dims)
    return [frozenset(), every] if every else [frozenset()]


def prebuild(variant: ir.Kernel, arch: str) -> bool:
    """Every specialization's cubin of `variant` for `arch`, into the cache (where
    tileiras is), for launches on a machine without it; False where this back end
    refuses the kernel."""
    try:
        lowered(variant)
    except PhobosError:
        return False
    for sixteen in specializations(variant):
        gen, bytecode = lowered(variant, sixteen)
        cubin(gen.source, bytecode, arch, variant.name)
    return True


def prepare(variant: ir.Kernel, names: list[str], arrays: dict[str, DeviceArray], dims: dict[str, int],
            device_id: int, pointer_order: list[str]) -> Prepared:
    """The variant made ready to launch through Tile IR with arrays like `arrays`. Its
    module assumes every tensor starts 16-byte aligned, so one that does not is refused."""
    unaligned = sorted(set(arrays) - aligned_tensors(arrays))
    if unaligned:
        raise PhobosError(
            f"kernel `{variant.name}` on the Tile IR back end takes tensors that start 16-byte aligned, and "
            f"{', '.join(f'`{n}`' for n in unaligned)} do{'es' * (len(unaligned) == 1)} not",
            variant.span, ("the CUDA back end takes any alignment (backend=\"cuda\")",),
        )
    sixteen = frozenset(name for name in variant.runtime_dims if dims[name] % 16 == 0)
    gen, bytecode = lowered(variant, sixteen)
    if sixteen and not can_build(gen.source, device_arch(device_id)):
        gen, bytecode = lowered(variant)
    built: Callable[[str], bytes] = lambda arch: cubin(gen.source, bytecode, arch, variant.name)  # noqa: E731
    return prepare_built(variant, names, arrays, dims, device_id, pointer_order, gen, built)
