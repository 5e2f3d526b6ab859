"""Launching a variant on the GPU through cuda.core, on the caller's stream.

The stream is torch's current stream when a torch tensor is passed, cupy's current
stream for cupy arrays, and the device's default stream otherwise. Modules are
loaded once per (cubin, device). A launch that fails names the kernel and its
configuration; PHOBOS_CUDA_SYNC=1 waits for each launch, so an error the kernel hits
while running is reported the same way, at its launch.

A variant is generated once per set of tensors whose data starts 16-byte aligned
(the launch looks at each pointer): the sweeps move whole 16-byte groups only
through those, so an offset view (`x[1:]`) gets a variant of its own that reads it
element by element rather than a misaligned access.
"""

from __future__ import annotations

import os
import weakref
from typing import Any

import numpy as np

from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.runtime.grid import Grid

from . import ctypes as ct
from .args import DeviceArray
from .compile import SHARED_LIMIT, build, key_of
from .kernel import Generated, generate

ENV_SYNC = "PHOBOS_CUDA_SYNC"
ALIGNMENT = 16  # bytes: what a sweep's whole-group access needs of a tensor's first element
DEFAULT_SHARED = 48 * 1024

_GENERATED: weakref.WeakKeyDictionary[ir.Kernel, dict[frozenset[str], Generated]] = weakref.WeakKeyDictionary()
_LOADED: dict[tuple[str, int], Any] = {}

SCALAR_TYPES = {
    "f16": np.float32, "bf16": np.float32, "f32": np.float32, "f64": np.float64, "i8": np.int8,
    "i32": np.int32, "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "bool": np.bool_,
}


def generated(variant: ir.Kernel, aligned: frozenset[str] | None = None) -> Generated:
    """The variant's C++ for launches whose `aligned` tensors (None: all) start 16-byte aligned."""
    if aligned is None:
        aligned = frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))
    by_alignment = _GENERATED.setdefault(variant, {})
    found = by_alignment.get(aligned)
    if found is None:
        found = by_alignment[aligned] = generate(variant, aligned)
    return found


def aligned_tensors(arrays: dict[str, DeviceArray]) -> frozenset[str]:
    """The tensors whose data starts at a 16-byte aligned address (a launch-time specialization)."""
    return frozenset(name for name, array in arrays.items() if array.ptr % ALIGNMENT == 0)


def _scalar(dtype: str, value: int | float | bool) -> np.generic:
    if dtype in ("f16", "bf16"):
        # The parameter's value is the nearest 16-bit float; it travels as that f32.
        with np.errstate(over="ignore"):
            return np.float32(np.float16(value) if dtype == "f16" else ct.bf16_value(float(value)))
    return SCALAR_TYPES[dtype](value)


def _stream(arrays: dict[str, DeviceArray], device: Any) -> Any:
    from cuda.core import LEGACY_DEFAULT_STREAM, Stream

    for array in arrays.values():
        module = type(array.owner).__module__
        handle = None
        if module.startswith("torch"):
            import torch

            handle = torch.cuda.current_stream(array.device).cuda_stream
        elif module.startswith("cupy"):
            import cupy

            handle = cupy.cuda.get_current_stream().ptr
        if handle is not None:
            return LEGACY_DEFAULT_STREAM if handle == 0 else Stream.from_handle(handle)
    return device.default_stream


def _kernel(gen: Generated, variant: ir.Kernel, arch: str, device: Any) -> Any:
    from cuda.core import ObjectCode

    key = (key_of(gen, arch), device.device_id)
    found = _LOADED.get(key)
    if found is None:
        code = build(gen, variant, arch)
        found = ObjectCode.from_cubin(code, name=gen.name).get_kernel(gen.name)
        if gen.shared_bytes > DEFAULT_SHARED:
            _allow_shared(found, gen.shared_bytes, device.device_id)
        _LOADED[key] = found
    return found


def _allow_shared(kernel: Any, size: int, device_id: int) -> None:
    """Dynamic shared memory above 48 KB has to be asked for, per kernel."""
    from cuda.bindings import driver

    attribute = driver.CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
    handle = kernel.handle
    if isinstance(handle, driver.CUkernel):
        (err,) = driver.cuKernelSetAttribute(attribute, size, handle, driver.CUdevice(device_id))
    else:
        (err,) = driver.cuFuncSetAttribute(handle, attribute, size)
    if err != driver.CUresult.CUDA_SUCCESS:
        raise PhobosError(f"could not allow {size} bytes of shared memory: {err.name}")


def run(variant: ir.Kernel, grid: Grid, arrays: dict[str, DeviceArray], scalars: dict[str, Any],
        dims: dict[str, int], device_id: int) -> None:
    """Launch one checked variant over `grid`."""
    try:
        from cuda.core import Device, LaunchConfig
        from cuda.core import launch as cuda_launch
    except ImportError as exc:
        from .compile import missing_packages

        raise missing_packages(exc) from None
    gen = generated(variant, aligned_tensors(arrays))
    device = Device(device_id)
    device.set_current()
    major, minor = device.compute_capability
    arch = f"sm_{major}{minor}"
    limit = device.properties.max_shared_memory_per_block_optin
    if gen.shared_bytes > min(limit, SHARED_LIMIT.get(arch, limit)):
        raise PhobosError(
            f"kernel `{variant.name}` needs {gen.shared_bytes} bytes of shared memory for its tiles, "
            f"but a CTA on {device.name} ({arch}) has at most {limit}; use smaller tiles",
            variant.span,
        )
    kernel = _kernel(gen, variant, arch, device)
    values: list[Any] = []
    for p in gen.params:
        if p.kind == "tensor":
            values.append(arrays[p.name].ptr)
        elif p.kind == "scalar":
            values.append(_scalar(p.dtype, scalars[p.name]))
        else:
            values.append(np.int64(dims[p.name]))
    config = LaunchConfig(grid=grid, block=(gen.threads, 1, 1), shmem_size=gen.shared_bytes)
    stream = _stream(arrays, device)
    what = (
        f"kernel `{variant.name}`"
        + (f" (variant {', '.join(f'{n}={v}' for n, v in variant.bindings.items())})" if variant.bindings else "")
        + f" with grid {grid}, {gen.threads} threads a CTA and {gen.shared_bytes} bytes of shared memory"
        + f" on {device.name} ({arch})"
    )
    try:
        cuda_launch(stream, config, kernel, *values)
        if os.environ.get(ENV_SYNC, "") not in ("", "0"):
            stream.sync()
    except Exception as exc:  # noqa: BLE001 - the driver's error, with what was launched
        raise PhobosError(f"{what} failed: {exc}") from None
