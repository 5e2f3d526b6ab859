"""Launching a variant through Tile IR: its module's bytecode, assembled by tileiras into
a cubin (assemble.cubin, through the cache), loaded and launched by the same driver
path as the CUDA back end's, with the launch's grid and a block of one thread: a Tile
IR kernel's threads are tileiras's.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable

from phobos.backends.cuda.args import DeviceArray
from phobos.backends.cuda.kernel import Generated, kernel_params
from phobos.backends.cuda.launch import Prepared, aligned_tensors, prepare_built
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .assemble import cubin
from .lower import lower_kernel
from .printer import module_text
from .writer import write_module

_LOWERED: weakref.WeakKeyDictionary[ir.Kernel, tuple[Generated, bytes]] = weakref.WeakKeyDictionary()


def lowered(variant: ir.Kernel) -> tuple[Generated, bytes]:
    """The variant's entry as the launcher passes its arguments (the kernel's parameters
    in order, then its runtime dims as i64, as lower.py makes the entry) and its
    bytecode; a kernel this back end refuses is its located error."""
    found = _LOWERED.get(variant)
    if found is None:
        module = lower_kernel(variant)
        gen = Generated(variant.name, module_text(module), 1, 0, tuple(kernel_params(variant)), abi="tileir")
        found = _LOWERED[variant] = (gen, write_module(module))
    return found


def prepare(variant: ir.Kernel, names: list[str], arrays: dict[str, DeviceArray], dims: dict[str, int],
            device_id: int, pointer_order: list[str]) -> Prepared:
    """The variant made ready to launch through Tile IR with arrays like `arrays`. Its
    module assumes every tensor starts 16-byte aligned, so one that does not is refused."""
    gen, bytecode = lowered(variant)
    unaligned = sorted(set(arrays) - aligned_tensors(arrays))
    if unaligned:
        raise PhobosError(
            f"kernel `{variant.name}` on the Tile IR back end takes tensors that start 16-byte aligned, and "
            f"{', '.join(f'`{n}`' for n in unaligned)} do{'es' * (len(unaligned) == 1)} not",
            variant.span, ("the CUDA back end takes any alignment (backend=\"cuda\")",),
        )
    built: Callable[[str], bytes] = lambda arch: cubin(gen.source, bytecode, arch, variant.name)  # noqa: E731
    return prepare_built(variant, names, arrays, dims, device_id, pointer_order, gen, built)
