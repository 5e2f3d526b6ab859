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
    """What of a launch's key a module depends on: its sizes' facts and its aligned
    tensors (tileiras reads the pitches off the dims)."""
    return replace(spec, pitched=frozenset())


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


def _tensors(variant: ir.Kernel) -> frozenset[str]:
    return frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))


def _every_dim(variant: ir.Kernel, multiple: int, aligned: frozenset[str]) -> Specialization:
    """The key of launches whose specialized runtime dims are all multiples of `multiple`
    and whose tensors `aligned` start 16-byte aligned."""
    dims = sorted(set(variant.runtime_dims) - variant.unspecialized)
    return Specialization(aligned=aligned, multiples=tuple((d, multiple) for d in dims))


def specializations(variant: ir.Kernel) -> list[tuple[str, Specialization]]:
    """What a build for later launches makes, each with its file suffix: for aligned
    tensors (as allocators give them), the module for any extents and (where the kernel
    has runtime dims) those for every dim a multiple of 4 and of 16; and the module
    that assumes nothing, for tensors that start anywhere (a slice's)."""
    tensors = _tensors(variant)
    built = [("", Specialization(aligned=tensors))]
    if set(variant.runtime_dims) - variant.unspecialized:
        built += [(f".div{k}", _every_dim(variant, k, tensors)) for k in DIM_MULTIPLES[::-1]]
    if tensors:
        built.append((".unaligned", ANY))
    return built


def _weaker(variant: ir.Kernel, spec: Specialization) -> list[Specialization]:
    """The keys a launch of key `spec` may run, strongest first: its own; its dims'
    multiples alone; every dim at the multiple they all share; no dims' facts; and
    nothing assumed, its tensors' alignment neither."""
    dims = set(variant.runtime_dims)
    aligned = spec.aligned & _tensors(variant)
    multiples = tuple((n, k) for n, k in spec.multiples if n in dims)
    out = [module_key(spec), Specialization(aligned=aligned, multiples=multiples)]
    shared = min((k for _, k in multiples), default=1) if len(multiples) == len(dims - variant.unspecialized) else 1
    if shared > 1:
        out.append(_every_dim(variant, shared, aligned))
    out += [Specialization(aligned=aligned), ANY]
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
    """The variant made ready to launch through Tile IR with arrays like `arrays`, by the
    module of the strongest key that `spec` allows and tileiras or the cache can give."""
    arch = device_arch(device_id)
    for weaker in _weaker(variant, spec):
        gen, bytecode = lowered(variant, weaker)
        if can_build(gen.source, arch):
            break
    built: Callable[[str], bytes] = lambda target: cubin(gen.source, bytecode, target, variant.name)  # noqa: E731
    return prepare_built(variant, names, arrays, dims, device_id, pointer_order, gen, built)
