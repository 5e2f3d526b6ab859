"""Launching a variant through Tile IR: its module's bytecode, assembled by tileiras into
a cubin (assemble.cubin, through the cache), loaded and launched by the same driver
path as the CUDA back end's, with the launch's grid and a block of one thread: a Tile
IR kernel's threads are tileiras's.

The module is specialized by the launch's key (phobos.ir.specialize): what it says of
the runtime dims and integer scalars is assumed (a dim that is a multiple of 16 is
what lets tileiras load by TMA). Where tileiras is not installed and the cache lacks
that key's cubin, the launch runs the strongest weaker key's cubin the cache has
(`_weaker`; `specializations` are the ones a build for later launches makes): the
same results, from code made for more launches.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import replace

from phobos.backends.cuda.args import DeviceArray
from phobos.backends.cuda.kernel import Generated, kernel_params
from phobos.backends.cuda.launch import Prepared, device_arch, prepare_built
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import ANY, DIM_MULTIPLES, Specialization

from .assemble import can_build, cubin
from .lower import lower_kernel
from .printer import module_text
from .writer import write_module

_LOWERED: weakref.WeakKeyDictionary[ir.Kernel, dict[Specialization, tuple[Generated, bytes]]] = (
    weakref.WeakKeyDictionary())


def module_key(spec: Specialization) -> Specialization:
    """What of a launch's key a module depends on: its sizes' facts (every tensor is
    taken as 16-byte aligned, and tileiras reads the pitches off the dims)."""
    return replace(spec, aligned=frozenset(), pitched=frozenset())


def lowered(variant: ir.Kernel, spec: Specialization = ANY) -> tuple[Generated, bytes]:
    """The variant's entry, for launches whose key is `spec`, as the launcher passes its
    arguments (the kernel's parameters in order, then its runtime dims as i64, as
    lower.py makes the entry) and its bytecode; a kernel this back end refuses is its
    located error."""
    key = module_key(spec)
    by_key = _LOWERED.setdefault(variant, {})
    found = by_key.get(key)
    if found is None:
        module = lower_kernel(variant, key)
        gen = Generated(variant.name, module_text(module), 1, 0, tuple(kernel_params(variant)), abi="tileir")
        found = by_key[key] = (gen, write_module(module))
    return found


def _every_dim(variant: ir.Kernel, multiple: int) -> Specialization:
    """The key of launches whose specialized runtime dims are all multiples of `multiple`."""
    dims = sorted(set(variant.runtime_dims) - variant.unspecialized)
    return Specialization(multiples=tuple((d, multiple) for d in dims))


def specializations(variant: ir.Kernel) -> list[tuple[str, Specialization]]:
    """What a build for later launches makes, each with its file suffix: the module for
    any extents, and (where the kernel has runtime dims) those for every dim a multiple
    of 4 and of 16."""
    if not set(variant.runtime_dims) - variant.unspecialized:
        return [("", ANY)]
    return [("", ANY), *((f".div{k}", _every_dim(variant, k)) for k in DIM_MULTIPLES[::-1])]


def _weaker(variant: ir.Kernel, spec: Specialization) -> list[Specialization]:
    """The keys a launch of key `spec` may run, strongest first: its own; its dims'
    multiples alone; every dim at the multiple they all share; nothing assumed."""
    dims = set(variant.runtime_dims)
    multiples = tuple((n, k) for n, k in spec.multiples if n in dims)
    out = [module_key(spec), Specialization(multiples=multiples)]
    shared = min((k for _, k in multiples), default=1) if len(multiples) == len(dims - variant.unspecialized) else 1
    if shared > 1:
        out.append(_every_dim(variant, shared))
    out.append(ANY)
    return list(dict.fromkeys(out))


def prebuild(variant: ir.Kernel, arch: str) -> bool:
    """Every specialization's cubin of `variant` for `arch`, into the cache (where
    tileiras is), for launches on a machine without it; False where this back end
    refuses the kernel."""
    try:
        lowered(variant)
    except PhobosError:
        return False
    for _, spec in specializations(variant):
        gen, bytecode = lowered(variant, spec)
        cubin(gen.source, bytecode, arch, variant.name)
    return True


def prepare(variant: ir.Kernel, spec: Specialization, names: list[str], arrays: dict[str, DeviceArray],
            dims: dict[str, int], device_id: int, pointer_order: list[str]) -> Prepared:
    """The variant made ready to launch through Tile IR with arrays like `arrays`. Its
    module assumes every tensor starts 16-byte aligned, so one that does not is refused."""
    unaligned = sorted(set(arrays) - spec.aligned)
    if unaligned:
        raise PhobosError(
            f"kernel `{variant.name}` on the Tile IR back end takes tensors that start 16-byte aligned, and "
            f"{', '.join(f'`{n}`' for n in unaligned)} do{'es' * (len(unaligned) == 1)} not",
            variant.span, ("the CUDA back end takes any alignment (backend=\"cuda\")",),
        )
    arch = device_arch(device_id)
    for weaker in _weaker(variant, spec):
        gen, bytecode = lowered(variant, weaker)
        if can_build(gen.source, arch):
            break
    built: Callable[[str], bytes] = lambda target: cubin(gen.source, bytecode, target, variant.name)  # noqa: E731
    return prepare_built(variant, names, arrays, dims, device_id, pointer_order, gen, built)
