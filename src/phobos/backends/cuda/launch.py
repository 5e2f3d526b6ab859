"""Launching a variant on the GPU through cuda.core, on the caller's stream.

The stream is torch's current stream when a torch tensor is passed, cupy's current
stream for cupy arrays, and the device's default stream otherwise. Modules are
loaded once per (cubin, device). A launch that fails names the kernel and its
configuration; PHOBOS_CUDA_SYNC=1 waits for each launch, so an error the kernel hits
while running is reported the same way, at its launch (the variable is read when a
launch of a new kind is prepared).

A variant is generated once per set of tensors whose data starts 16-byte aligned
(the launch looks at each pointer): the sweeps move whole 16-byte groups only
through those, so an offset view (`x[1:]`) gets a variant of its own that reads it
element by element rather than a misaligned access.

Everything but the pointers and the scalars is the same from one launch of a kind to
the next, so `prepare` works it out once into a `Prepared`: the device's properties,
the loaded kernel, the argument layout, the stream source. The runtime keeps it for
repeat launches of torch tensors, where the pointers are cheap to read.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.runtime.grid import Grid
from phobos.runtime.plans import ALIGNMENT

from . import ctypes as ct
from .args import DeviceArray
from .compile import SHARED_LIMIT, build, key_of
from .kernel import Generated, generate

ENV_SYNC = "PHOBOS_CUDA_SYNC"
DEFAULT_SHARED = 48 * 1024

_GENERATED: weakref.WeakKeyDictionary[ir.Kernel, dict[frozenset[str], Generated]] = weakref.WeakKeyDictionary()
_LOADED: dict[tuple[str, int], Any] = {}


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


def _f16(value: float) -> np.float32:
    return np.float32(np.float16(value))


def _bf16(value: float) -> np.float32:
    return np.float32(ct.bf16_value(float(value)))


# How a checked scalar travels: a 16-bit float as the f32 of its nearest value.
PACKERS: dict[str, Callable[[Any], np.generic]] = {
    "f16": _f16, "bf16": _bf16, "f32": np.float32, "f64": np.float64, "i8": np.int8, "i32": np.int32,
    "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "bool": np.bool_,
}


@dataclass
class _Device:
    """A device as launches use it, read once: each property is a driver call."""

    id: int
    arch: str
    name: str
    shared_limit: int
    context: int  # its primary context, which a launch makes current
    current: Callable[[], tuple[Any, Any]]  # the driver's cuCtxGetCurrent

    def make_current(self) -> None:
        """Make the device current in this thread; a driver query when it already is."""
        if int(self.current()[1]) != self.context:
            from cuda.core import Device

            Device(self.id).set_current()
            self.context = int(self.current()[1])


_DEVICES: dict[int, _Device] = {}


def _device(device_id: int) -> _Device:
    found = _DEVICES.get(device_id)
    if found is None:
        from cuda.bindings import driver
        from cuda.core import Device

        device = Device(device_id)
        device.set_current()
        major, minor = device.compute_capability
        found = _DEVICES[device_id] = _Device(
            device_id, f"sm_{major}{minor}", device.name,
            device.properties.max_shared_memory_per_block_optin,
            int(driver.cuCtxGetCurrent()[1]), driver.cuCtxGetCurrent,
        )
    else:
        found.make_current()
    return found


_STREAMS: dict[int, Any] = {}


def _wrap_stream(handle: int) -> Any:
    """cuda.core's view of a stream handle, made once per handle (it owns nothing)."""
    found = _STREAMS.get(handle)
    if found is None:
        from cuda.core import LEGACY_DEFAULT_STREAM, Stream

        if len(_STREAMS) >= 64:
            _STREAMS.clear()
        found = _STREAMS[handle] = LEGACY_DEFAULT_STREAM if handle == 0 else Stream.from_handle(handle)
    return found


def _torch_stream(device_index: int) -> Callable[[], Any]:
    import torch

    # The raw handle, without building a torch Stream (what Triton reads); the public call otherwise.
    raw: Callable[[int], int] = getattr(torch._C, "_cuda_getCurrentRawStream", None) or (
        lambda index: torch.cuda.current_stream(index).cuda_stream
    )
    return lambda: _wrap_stream(raw(device_index))


def _cupy_stream() -> Any:
    import cupy

    return _wrap_stream(cupy.cuda.get_current_stream().ptr)


def _stream_source(arrays: dict[str, DeviceArray], device_id: int) -> Callable[[], Any]:
    """Where each launch finds its stream: the current one of the first array's library."""
    for array in arrays.values():
        module = type(array.owner).__module__
        if module.startswith("torch"):
            return _torch_stream(array.device)
        if module.startswith("cupy"):
            return _cupy_stream
    from cuda.core import Device

    default = Device(device_id).default_stream
    return lambda: default


def _kernel(gen: Generated, variant: ir.Kernel, device: _Device) -> Any:
    from cuda.core import ObjectCode

    key = (key_of(gen, device.arch), device.id)
    found = _LOADED.get(key)
    if found is None:
        code = build(gen, variant, device.arch)
        found = ObjectCode.from_cubin(code, name=gen.name).get_kernel(gen.name)
        if gen.shared_bytes > DEFAULT_SHARED:
            _allow_shared(found, gen.shared_bytes, device.id)
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


class Prepared:
    """A variant loaded on one device, for launches whose arguments are of one kind.

    A launch only fills the pointers and scalars into the argument layout, finds the
    stream and calls the driver. `reusable` says whether a repeat launch may pass the
    arguments themselves (`__call__`): torch tensors, whose pointers are cheap to read.
    """

    def __init__(self, variant: ir.Kernel, names: list[str], gen: Generated, device: _Device,
                 kernel: Any, stream: Callable[[], Any], dims: dict[str, int], reusable: bool):
        from cuda.core import LaunchConfig
        from cuda.core import launch as cuda_launch

        self.variant, self.gen, self.device, self.kernel = variant, gen, device, kernel
        self.stream, self.reusable = stream, reusable
        self.sync = os.environ.get(ENV_SYNC, "") not in ("", "0")
        self._launch, self._config = cuda_launch, LaunchConfig
        self._configs: dict[Grid, Any] = {}
        index = {name: i for i, name in enumerate(names)}
        # Each driver argument: a constant (a dim), or filled from a tensor or a scalar.
        self._template: list[Any] = []
        self._tensors: list[tuple[int, int, str]] = []
        self._scalars: list[tuple[int, int, str, Callable[[Any], np.generic]]] = []
        for slot, p in enumerate(gen.params):
            if p.kind == "tensor":
                self._tensors.append((slot, index[p.name], p.name))
                self._template.append(None)
            elif p.kind == "scalar":
                self._scalars.append((slot, index[p.name], p.name, PACKERS[p.dtype]))
                self._template.append(None)
            else:
                self._template.append(np.int64(dims[p.name]))

    def first(self, arrays: dict[str, DeviceArray], scalars: dict[str, Any], grid: Grid) -> None:
        """The launch that prepared it: pointers from the described arrays."""
        values = self._template.copy()
        for slot, _, name in self._tensors:
            values[slot] = arrays[name].ptr
        for slot, _, name, pack in self._scalars:
            values[slot] = pack(scalars[name])
        self._send(values, grid)

    def __call__(self, arguments: list[Any], grid: Grid) -> None:
        """A repeat launch: torch tensors and checked scalars, in parameter order."""
        values = self._template.copy()
        for slot, index, _ in self._tensors:
            values[slot] = arguments[index].data_ptr()
        for slot, index, _, pack in self._scalars:
            values[slot] = pack(arguments[index])
        self._send(values, grid)

    def _send(self, values: list[Any], grid: Grid) -> None:
        self.device.make_current()
        config = self._configs.get(grid)
        if config is None:
            if len(self._configs) >= 64:
                self._configs.clear()
            config = self._configs[grid] = self._config(
                grid=grid, block=(self.gen.threads, 1, 1), shmem_size=self.gen.shared_bytes
            )
        stream = self.stream()
        try:
            self._launch(stream, config, self.kernel, *values)
            if self.sync:
                stream.sync()
        except Exception as exc:  # noqa: BLE001 - the driver's error, with what was launched
            raise PhobosError(f"{self._what(grid)} failed: {exc}") from None

    def _what(self, grid: Grid) -> str:
        variant, gen, device = self.variant, self.gen, self.device
        return (
            f"kernel `{variant.name}`"
            + (f" (variant {', '.join(f'{n}={v}' for n, v in variant.bindings.items())})" if variant.bindings else "")
            + f" with grid {grid}, {gen.threads} threads a CTA and {gen.shared_bytes} bytes of shared memory"
            + f" on {device.name} ({device.arch})"
        )


def prepare(variant: ir.Kernel, names: list[str], arrays: dict[str, DeviceArray], dims: dict[str, int],
            device_id: int) -> Prepared:
    """A checked variant made ready to launch with arrays like `arrays`; `names` are the
    parameters in the order a launch passes them."""
    try:
        import cuda.core  # noqa: F401 - refused here with the packages to install
    except ImportError as exc:
        from .compile import missing_packages

        raise missing_packages(exc) from None
    gen = generated(variant, aligned_tensors(arrays))
    device = _device(device_id)
    limit = device.shared_limit
    if gen.shared_bytes > min(limit, SHARED_LIMIT.get(device.arch, limit)):
        raise PhobosError(
            f"kernel `{variant.name}` needs {gen.shared_bytes} bytes of shared memory for its tiles, "
            f"but a CTA on {device.name} ({device.arch}) has at most {limit}; use smaller tiles",
            variant.span,
        )
    kernel = _kernel(gen, variant, device)
    reusable = all(type(a.owner).__module__.startswith("torch") for a in arrays.values())
    return Prepared(variant, names, gen, device, kernel, _stream_source(arrays, device_id), dims, reusable)
