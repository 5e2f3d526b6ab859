"""Other libraries' arrays in host memory, as the numpy arrays the interpreter runs on.

The interpreter reads and writes numpy arrays. A torch CPU tensor, a JAX CPU array or
any other CPU array with `__dlpack__` is handed to it as a numpy array over the same
memory, so a kernel's writes land in the caller's array and nothing is copied. A
bf16 tensor goes through a 16-bit integer view: neither torch's `.numpy()` nor
numpy's DLPack reader knows bf16. An array on a GPU is refused here, by name, rather
than copied behind the user's back (the kernel's writes would land in the copy).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phobos.backends.gpu.arrays import DLPACK_CPU, TORCH_VIEW_NOTE, is_torch_tensor_type, torch_view_refusal
from phobos.dtypes import TORCH_DTYPES
from phobos.errors import PhobosError
from phobos.ir.signature import Param, Signature


def host_arrays(sig: Signature, values: dict[str, Any]) -> dict[str, Any]:
    """`values` with each tensor argument as a numpy array over its memory; a value that
    is no array at all is left for the argument checks to refuse."""
    out = dict(values)
    for p in sig.params:
        if p.is_tensor:
            out[p.name] = host_view(sig.kernel, p, values[p.name])
    return out


def host_view(kernel: str, param: Param, value: Any) -> Any:
    """The numpy array over `value`'s memory, `value` itself where it is a numpy array or
    no array the interpreter could read."""
    if isinstance(value, np.ndarray):
        return value
    if is_torch_tensor_type(type(value)):
        return _torch(kernel, param, value)
    if type(value).__module__.startswith("jax") and hasattr(value, "__dlpack__"):
        return _jax(kernel, param, value)
    if hasattr(value, "__cuda_array_interface__"):
        raise _on_gpu(kernel, param, "the array is in GPU memory")
    if hasattr(value, "__dlpack__") and hasattr(value, "__dlpack_device__"):
        kind, _ = value.__dlpack_device__()
        if int(kind) != DLPACK_CPU:
            raise _on_gpu(kernel, param, f"the array is on a device of DLPack type {int(kind)}, not the CPU")
        try:
            return np.from_dlpack(value)
        except (BufferError, TypeError, ValueError, RuntimeError) as exc:
            raise _fail(kernel, param, f"numpy cannot read the array through DLPack: {exc}",
                        "np.asarray(x) of a copy in a dtype numpy knows runs, but the kernel's writes land in "
                        "the copy") from None
    return value


def _fail(kernel: str, param: Param, message: str, *notes: str) -> PhobosError:
    return PhobosError(f"kernel `{kernel}`, argument `{param.name}`: {message}", notes=notes)


def _on_gpu(kernel: str, param: Param, where: str) -> PhobosError:
    return _fail(
        kernel, param,
        f"{where}, but the kernel runs on the CPU interpreter (interpret=True, PHOBOS_INTERPRET=1, "
        "or no CUDA device visible)",
        "pass an array in host memory (torch: x.cpu(), jax: jax.device_put(x, jax.devices('cpu')[0])); "
        "the kernel's writes then land in that copy",
    )


def _torch(kernel: str, param: Param, tensor: Any) -> np.ndarray:
    if tensor.device.type != "cpu":
        raise _on_gpu(kernel, param, f"the tensor is on {tensor.device}")
    if str(getattr(tensor, "layout", "torch.strided")) != "torch.strided":
        raise _fail(kernel, param, f"the tensor's layout is {tensor.layout}, not dense",
                    "x.to_dense() makes a dense copy; a kernel's writes then go to the copy")
    refusal = torch_view_refusal(tensor)
    if refusal is not None:
        raise _fail(kernel, param, refusal, TORCH_VIEW_NOTE)
    held = TORCH_DTYPES.get(str(tensor.dtype))
    if held is None:
        raise _fail(kernel, param, f"torch dtype {tensor.dtype} has no Phobos type",
                    f"Phobos's types hold these torch dtypes: {', '.join(TORCH_DTYPES)}")
    if not tensor.is_contiguous():
        raise _fail(
            kernel, param,
            f"the tensor is not contiguous (row-major); its strides are {tuple(tensor.stride())} "
            f"for shape {tuple(tensor.shape)}",
            "x.contiguous() makes a row-major copy; a kernel's writes then go to the copy",
        )
    data = tensor.detach()  # the same memory; a kernel's writes are not recorded by autograd
    if str(tensor.dtype) == "torch.bfloat16":  # through its bits: torch's numpy() refuses bf16
        import torch

        return data.view(torch.int16).numpy().view(held)
    return data.numpy()


def _jax(kernel: str, param: Param, array: Any) -> np.ndarray:
    devices = array.devices() if callable(getattr(array, "devices", None)) else set()
    if any(device.platform != "cpu" for device in devices):
        raise _on_gpu(kernel, param, f"the array is on {', '.join(sorted(map(str, devices)))}")
    if param.written:
        raise _fail(
            kernel, param,
            "the kernel writes this tensor, but JAX arrays are immutable",
            "pass a numpy array for it (np.empty, or np.array(x) for a copy) and make a JAX array of it "
            "after the launch (jnp.asarray)",
        )
    return np.asarray(array)
