"""Device arrays as kernel arguments: torch, cupy, jax, anything with `__dlpack__` or
`__cuda_array_interface__`.

Each array becomes a `DeviceArray` (pointer, shape, dtype, device). The runtime's own
checks (dtype, rank, dims, contiguity, read-only) run unchanged on a *shadow*: a numpy
array with the same shape, dtype, strides and writability over no real data, which
the checks only look at. What only a GPU launch can get wrong is checked here: an
array in host memory, and arrays on different devices.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from phobos.dtypes import TORCH_DTYPES
from phobos.errors import PhobosError
from phobos.ir.signature import Signature

DLPACK_CPU, DLPACK_CUDA, DLPACK_CUDA_MANAGED = 1, 2, 13
DLPACK_LEGACY_STREAM = 1  # the stream value DLPack gives the legacy default stream


@dataclass(frozen=True)
class DeviceArray:
    ptr: int
    shape: tuple[int, ...]
    strides: tuple[int, ...]  # in elements
    dtype: np.dtype
    device: int
    readonly: bool
    owner: Any
    # Read through DLPack alone (a JAX array): each launch asks its producer to order its
    # pending writes before the launch's stream (`order_producers`).
    via_dlpack: bool = False

    def shadow(self) -> np.ndarray:
        """A numpy array that looks like this one to the runtime's checks, and holds nothing."""
        base = np.zeros(1, self.dtype)
        item = self.dtype.itemsize
        strides = tuple(s * item for s in self.strides)
        return np.lib.stride_tricks.as_strided(base, self.shape, strides, writeable=not self.readonly)


def _c_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    out, step = [], 1
    for n in reversed(shape):
        out.append(step)
        step *= n
    return tuple(reversed(out))


def _on_host(kernel: str, param: str) -> PhobosError:
    return PhobosError(
        f"kernel `{kernel}`, argument `{param}`: the array is in host (CPU) memory, but the "
        "kernel runs on the GPU; move it there first (torch: x.cuda(), cupy: cupy.asarray(x))"
    )


def is_torch_tensor_type(cls: type) -> bool:
    """Whether `cls` is torch's Tensor or a subclass of it (a Parameter, or a user's own
    defined in any module), by torch's own class: no tensor exists before torch is imported."""
    torch = sys.modules.get("torch")
    return torch is not None and issubclass(cls, torch.Tensor)


def torch_view_refusal(value: Any) -> str | None:
    """Why a torch tensor's memory does not hold its values, where it does not: a lazy
    negation or conjugation (torch's neg and conj bits) is applied only as torch reads it."""
    if value.is_neg() or value.is_conj():
        return ("the tensor is a lazy negation or conjugation (torch's neg or conj bit): its memory holds other "
                "values than it shows")
    return None


TORCH_VIEW_NOTE = "x.resolve_neg() or x.resolve_conj() makes a tensor whose memory holds its values"


def describe(kernel: str, param: str, value: Any) -> DeviceArray | None:
    """The device array `value` is, None if it is no array at all (the runtime's checks
    then say what was expected)."""
    if isinstance(value, np.ndarray):
        raise _on_host(kernel, param)
    if is_torch_tensor_type(type(value)):
        if value.device.type != "cuda":
            raise _on_host(kernel, param)
        refusal = torch_view_refusal(value)
        if refusal is not None:
            raise PhobosError(f"kernel `{kernel}`, argument `{param}`: {refusal}", notes=(TORCH_VIEW_NOTE,))
        if str(getattr(value, "layout", "torch.strided")) != "torch.strided":
            raise PhobosError(
                f"kernel `{kernel}`, argument `{param}`: the tensor's layout is {value.layout}, not dense",
                notes=("x.to_dense() makes a dense copy; a kernel's writes then go to the copy",))
        dtype = TORCH_DTYPES.get(str(value.dtype))
        if dtype is None:
            raise PhobosError(f"kernel `{kernel}`, argument `{param}`: torch dtype {value.dtype} has no Phobos type")
        shape = tuple(value.shape)
        return DeviceArray(int(value.data_ptr()), shape, tuple(value.stride()), np.dtype(dtype),
                           int(value.device.index or 0), False, value)
    if hasattr(value, "__cuda_array_interface__"):
        cai = value.__cuda_array_interface__
        dtype = np.dtype(cai["typestr"])
        shape = tuple(int(n) for n in cai["shape"])
        strides = cai.get("strides")
        if strides is not None and any(s % dtype.itemsize for s in strides):
            raise PhobosError(
                f"kernel `{kernel}`, argument `{param}`: the array's strides {tuple(strides)} (bytes) are not whole "
                f"{dtype.name} elements (a field of a record array?)",
                notes=("a contiguous copy of it (cupy.ascontiguousarray(x)) runs; the kernel's writes then go to "
                       "the copy",))
        steps = _c_strides(shape) if strides is None else tuple(s // dtype.itemsize for s in strides)
        ptr, readonly = cai["data"]
        # An empty array may have no memory at all (pointer 0): it lies on the current device.
        device = _device_of(ptr) if ptr or 0 not in shape else _current_device()
        return DeviceArray(int(ptr), shape, steps, dtype, device, bool(readonly), value)
    if hasattr(value, "__dlpack__") and hasattr(value, "__dlpack_device__"):
        kind, device = value.__dlpack_device__()
        if int(kind) == DLPACK_CPU:
            raise _on_host(kernel, param)
        if int(kind) not in (DLPACK_CUDA, DLPACK_CUDA_MANAGED):
            raise PhobosError(
                f"kernel `{kernel}`, argument `{param}`: the array is on a device of DLPack type {kind}, "
                "not a CUDA GPU"
            )
        from cuda.core.utils import StridedMemoryView

        try:
            view = StridedMemoryView(value, stream_ptr=-1)
            dtype = np.dtype(view.dtype)
        except (BufferError, TypeError, ValueError) as exc:
            raise PhobosError(
                f"kernel `{kernel}`, argument `{param}`: cannot read the array through DLPack: {exc}"
            ) from None
        shape = tuple(view.shape)
        steps = _c_strides(shape) if view.strides is None else tuple(view.strides)
        # A JAX array is immutable: its DLPack view says writable, but a kernel must not write it.
        readonly = bool(view.readonly) or type(value).__module__.startswith("jax")
        return DeviceArray(int(view.ptr), shape, steps, dtype, int(device), readonly, value, via_dlpack=True)
    return None


def order_producers(arrays: dict[str, DeviceArray], stream: Callable[[], int]) -> None:
    """Before a launch on the stream `stream()` gives (a handle; 0 the legacy default
    stream), hands it to the producer of each array read through DLPack alone, as the
    DLPack protocol has a consumer do, so that the producer's pending writes come first
    on that stream: the arrays were described with no stream (-1), and JAX writes a
    device_put's data on a stream of its own, which a launch on another would not wait
    for (it read zeros)."""
    producers = [(name, array.owner) for name, array in arrays.items() if array.via_dlpack]
    handle = stream() if producers else 0
    for name, owner in producers:
        try:
            owner.__dlpack__(stream=handle or DLPACK_LEGACY_STREAM)
        except (BufferError, TypeError, ValueError) as exc:
            raise PhobosError(
                f"argument `{name}`: its array would not order its pending writes before the launch's stream "
                f"through DLPack: {exc}",
                notes=("wait for it first (JAX: x.block_until_ready()), or pass a torch or cupy array",),
            ) from None


def _current_device() -> int:
    from cuda.bindings import driver

    err, ordinal = driver.cuCtxGetDevice()
    return int(ordinal) if err == driver.CUresult.CUDA_SUCCESS else 0


def _device_of(ptr: int) -> int:
    from cuda.bindings import driver

    err, ordinal = driver.cuPointerGetAttribute(driver.CUpointer_attribute.CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL, ptr)
    if err != driver.CUresult.CUDA_SUCCESS:
        raise PhobosError(f"an array's pointer {ptr:#x} is not CUDA device memory ({err.name})")
    return int(ordinal)


def prepare(sig: Signature, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, DeviceArray], int]:
    """Shadows in place of the device arrays (for the runtime's checks), the device
    arrays by parameter, and the one device they are all on."""
    shadows = dict(values)
    arrays: dict[str, DeviceArray] = {}
    for p in sig.params:
        if not p.is_tensor:
            continue
        array = describe(sig.kernel, p.name, values[p.name])
        if array is None:
            continue
        first = next(iter(arrays.items()), None)
        if first is not None and first[1].device != array.device:
            raise PhobosError(
                f"kernel `{sig.kernel}`, argument `{p.name}`: the array is on cuda:{array.device}, "
                f"but `{first[0]}` is on cuda:{first[1].device}; a launch runs on one device"
            )
        arrays[p.name] = array
        try:
            shadows[p.name] = array.shadow()
        except ValueError as exc:  # numpy's own limits: a broadcast of more than 2**63 bytes
            raise PhobosError(
                f"kernel `{sig.kernel}`, argument `{p.name}`: the array (shape {array.shape}, strides "
                f"{array.strides} elements) is not a C-contiguous array: {exc}") from None
    device = next(iter(arrays.values())).device if arrays else 0
    return shadows, arrays, device
