"""`run`: one launch of a kernel variant on the interpreter."""

from __future__ import annotations

import weakref
from collections.abc import Callable

import numpy as np

from phobos.dtypes import numpy_dtype
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .frame import Frame, Launch
from .stmts import compile_kernel
from .types import constant

_COMPILED: weakref.WeakKeyDictionary[ir.Kernel, tuple[Callable, int, set[str]]] = weakref.WeakKeyDictionary()


def _compiled(kernel: ir.Kernel) -> tuple[Callable, int, set[str]]:
    """A variant is compiled into closures once, on its first launch; with the tensors
    it writes, the only ones that must be writable."""
    found = _COMPILED.get(kernel)
    if found is None:
        found = _COMPILED[kernel] = (*compile_kernel(kernel), ir.written_tensors(kernel))
    return found


def run(
    kernel: ir.Kernel,
    grid: tuple[int, int, int],
    tensors: dict[str, np.ndarray],
    scalars: dict[str, int | float | bool],
    dims: dict[str, int],
) -> None:
    """Run `kernel` over `grid` (x, y, z CTAs), writing `tensors` in place.

    The runtime checks the arguments; what is checked here is only what would make the
    interpreter quietly compute the wrong thing (a missing name, a wrong dtype, an
    array whose writes would not land in the caller's memory).
    """
    body, slots, written = _compiled(kernel)
    params: dict[str, np.generic] = {}
    for p in kernel.params:
        if isinstance(p, ir.TensorParam):
            _check_tensor(kernel, p, tensors.get(p.name), p.name in written)
        elif p.name not in scalars:
            raise PhobosError(f"kernel `{kernel.name}`: no value for scalar `{p.name}`")
        else:
            params[p.name] = constant(scalars[p.name], p.dtype)
    missing = [d for d in kernel.runtime_dims if d not in dims]
    if missing:
        raise PhobosError(f"kernel `{kernel.name}`: no value for dim(s) {', '.join(missing)}")
    launch = Launch(
        {p.name: tensors[p.name] for p in kernel.params if isinstance(p, ir.TensorParam)},
        params,
        {d: np.int64(dims[d]) for d in kernel.runtime_dims},
        grid,
    )
    gx, gy, gz = grid
    with np.errstate(all="ignore"):
        for z in range(gz):
            for y in range(gy):
                for x in range(gx):
                    body(Frame(launch, slots, (x, y, z)), None)


def _check_tensor(kernel: ir.Kernel, p: ir.TensorParam, array: np.ndarray | None, written: bool) -> None:
    where = f"kernel `{kernel.name}`, tensor `{p.name}`"
    if array is None:
        raise PhobosError(f"{where}: no array given")
    if isinstance(array, np.matrix | np.ma.MaskedArray):  # they index (and mask) otherwise
        raise PhobosError(f"{where}: needs a plain numpy array, not a {type(array).__qualname__}")
    if array.dtype != numpy_dtype(p.dtype):
        raise PhobosError(f"{where}: needs {p.dtype} elements, not {array.dtype}")
    if array.ndim != len(p.dims) or not array.flags.c_contiguous:
        raise PhobosError(
            f"{where}: needs a row-major array of rank {len(p.dims)}, "
            f"not shape {array.shape} with strides {array.strides}"
        )
    if written and not array.flags.writeable:
        raise PhobosError(f"{where}: the kernel writes it, but the array is read-only")
