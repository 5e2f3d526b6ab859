"""Which device a launch runs on (docs/distributed.md): the device of its tensors, with
that device's module, context and current stream, its own plan and its own autotune
choice; tensors on two devices, or in host memory, refused by name; launches from
several threads at once each with their own arguments.

Two stand-in devices at the driver's edge (as test_launch_fast.py stands in one): the
code generator and everything above it are real, the loads and launches recorded.
"""

from __future__ import annotations

import sys
import threading
import types
from typing import Any

import pytest

pytest.importorskip("cuda.core")

from cuda.bindings import driver  # noqa: E402
from test_launch_fast import SOURCE, FakeTensor, c_types, on_host, recording, tensors  # noqa: E402

import phobos  # noqa: E402
import phobos.backends.gpu.launch as gpu_launch  # noqa: E402
from phobos import PhobosError  # noqa: E402
from phobos.backends.gpu import native  # noqa: E402
from phobos.runtime import autotune, backend  # noqa: E402

STREAM_BASE = 0x5000  # device i's current stream (torch's, stood in) is STREAM_BASE + i


class TwoDevices:
    """Two stand-in GPUs of two models: what was loaded on each and every launch."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch):
        self.devices = {
            i: gpu_launch._Device(i, arch, name, 227 * 1024, 132, 10 + i, lambda: (0, 0))
            for i, (arch, name) in enumerate((("sm_90", "Stand-in H200"), ("sm_80", "Stand-in A100")))
        }
        for device in self.devices.values():
            device.make_current = lambda: None  # type: ignore[method-assign]
        self.loaded: list[tuple[str, int]] = []
        self.launches: list[tuple[Any, ...]] = []
        monkeypatch.setattr(backend, "cuda_device", lambda: (True, "two stand-in devices"))
        monkeypatch.delenv(backend.ENV_INTERPRET, raising=False)
        monkeypatch.setenv(autotune.ENV_AUTOTUNE, "0")
        monkeypatch.setattr(gpu_launch, "_device", lambda device_id: self.devices[device_id])
        monkeypatch.setattr(gpu_launch, "_kernel", self.load)
        monkeypatch.setattr(gpu_launch, "_function", lambda kernel: kernel)
        monkeypatch.setattr(gpu_launch, "_STREAMS", {})
        monkeypatch.setattr(driver, "cuLaunchKernel", recording(self.launches))
        monkeypatch.setattr(native, "driver_module", lambda: None)
        torch = types.ModuleType("torch")
        torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda index: STREAM_BASE + index)
        torch.Tensor = FakeTensor
        monkeypatch.setitem(sys.modules, "torch", torch)

    def load(self, gen: Any, device: Any, build: Any) -> Any:
        self.loaded.append((gen.target(device.arch), device.id))
        return ("kernel", gen.name, gen.aligned, c_types(gen))


@pytest.fixture
def gpus(monkeypatch: pytest.MonkeyPatch) -> TwoDevices:
    return TwoDevices(monkeypatch)


def test_a_launch_runs_on_its_tensors_device_with_that_devices_module_and_stream(gpus: TwoDevices) -> None:
    kernel = phobos.compile(SOURCE).add
    for round_ in range(3):  # alternately: each device's plan is its own, found again
        for device in (0, 1):
            kernel[4](*tensors(256, base=0x100000 * (device + 1) + 0x1000 * round_, device=device))
    assert gpus.loaded == [("sm_90", 0), ("sm_80", 1)]  # each module loaded once, on its own device
    assert len(kernel.plans) == 2
    seen = [(int(gpus.launches[k][0]), gpus.launches[k][3][0]) for k in range(6)]
    assert [stream for stream, _ in seen] == [STREAM_BASE, STREAM_BASE + 1] * 3
    assert [pointer >> 20 for _, pointer in seen] == [1, 2] * 3


def test_tensors_on_two_devices_are_refused_by_name(gpus: TwoDevices) -> None:
    kernel = phobos.compile(SOURCE).add
    a, b, _ = tensors(256, device=0)
    c = FakeTensor((256,), 0x900000, device=1)
    with pytest.raises(PhobosError) as info:
        kernel[4](a, b, c)
    assert "argument `C`: the array is on cuda:1, but `A` is on cuda:0; a launch runs on one device" in str(info.value)
    with pytest.raises(PhobosError) as info:
        kernel[4](a, on_host(FakeTensor((256,), 0x900000)), c)
    assert "argument `B`: the array is in host (CPU) memory, but the kernel runs on the GPU" in str(info.value)
    assert gpus.launches == []


def test_each_device_model_keeps_its_own_tuning_key(gpus: TwoDevices, monkeypatch: pytest.MonkeyPatch) -> None:
    identities = {0: "Stand-in H200 sm_90, driver 1", 1: "Stand-in A100 sm_80, driver 1"}
    monkeypatch.setattr(gpu_launch, "device_identity", lambda device_id: identities[device_id])
    described = []
    real = autotune.describe

    def describe(*args: Any) -> Any:
        described.append(args[-1])
        return real(*args)

    monkeypatch.setattr(autotune, "describe", describe)
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "1")
    monkeypatch.setattr(backend, "time_variant", lambda *args, **kwargs: [1.0])
    monkeypatch.setattr("phobos.runtime.launch._scratch_copy", lambda array: array)
    kernel = phobos.compile(SOURCE).add
    kernel[lambda meta: -(-meta["N"] // meta["BLOCK"])](*tensors(256, device=0))
    kernel[lambda meta: -(-meta["N"] // meta["BLOCK"])](*tensors(256, device=1))
    assert described == [identities[0], identities[1]]


def test_launches_from_several_threads_each_keep_their_arguments(gpus: TwoDevices) -> None:
    kernel = phobos.compile(SOURCE).axpy
    kernel[1](*tensors(256)[:1], 2.0, 256, tensors(256)[1])  # the first launch leaves the plan
    errors: list[BaseException] = []

    def launches(thread: int) -> None:
        try:
            for k in range(50):
                x = FakeTensor((256,), 0x1000000 * (thread + 1) + 0x10000 * k)
                y = FakeTensor((256,), 0x1000000 * (thread + 1) + 0x10000 * k + 0x8000)
                kernel[1](x, float(thread), k, y)
        except BaseException as exc:  # noqa: BLE001 - reported by the main thread
            errors.append(exc)

    workers = [threading.Thread(target=launches, args=(t,)) for t in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert not errors
    recorded = gpus.launches[1:]
    assert len(recorded) == 200
    for _, _, _, values in recorded:
        x, a, n, y = values[:4]
        thread, k = (x >> 24) - 1, (x >> 16) & 0xFF
        assert (a, n, y) == (float(thread), k, x + 0x8000)  # every argument the launch's own


class ArrayInterface:
    """A device array as cupy or numba give one: `__cuda_array_interface__` alone."""

    __module__ = "cupy.stand_in"

    def __init__(self, shape: tuple[int, ...], ptr: int, strides: tuple[int, ...] | None = None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": "<f4", "data": (ptr, False),
                                         "strides": strides, "version": 3}


class JaxArray:
    """A JAX array on a GPU, as DLPack shows it: writable, though JAX arrays are immutable."""

    __module__ = "jax.stand_in"

    def __dlpack__(self, stream: Any = None) -> Any:
        raise AssertionError("read through the stand-in view")

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0)  # kDLCUDA, device 0


def test_device_arrays_that_are_empty_strided_by_bytes_or_immutable(monkeypatch: pytest.MonkeyPatch) -> None:
    """`describe`: an empty array may have no memory (pointer 0) and lies on the current
    device; strides that are no whole number of elements (a record's field) are refused,
    not truncated; a JAX array is read-only whatever its DLPack view says."""
    import cuda.core.utils

    from phobos.backends.gpu import arrays

    monkeypatch.setattr(arrays, "_device_of", lambda ptr: 1)
    monkeypatch.setattr(arrays, "_current_device", lambda: 3)
    assert arrays.describe("k", "X", ArrayInterface((0, 4), 0)).device == 3
    assert arrays.describe("k", "X", ArrayInterface((2, 4), 1 << 20)).device == 1
    with pytest.raises(PhobosError, match=r"strides \(6,\) \(bytes\) are not whole float32 elements"):
        arrays.describe("k", "X", ArrayInterface((8,), 1 << 20, (6,)))
    view = types.SimpleNamespace(ptr=1 << 20, shape=(8,), strides=None, dtype="float32", readonly=False)
    monkeypatch.setattr(cuda.core.utils, "StridedMemoryView", lambda value, stream_ptr: view)
    assert arrays.describe("k", "X", JaxArray()).readonly


def test_a_launch_hands_its_stream_to_the_producers_of_arrays_read_through_dlpack(
        gpus: TwoDevices, monkeypatch: pytest.MonkeyPatch) -> None:
    """JAX writes a device_put's data on a stream of its own: each launch asks the
    producer of an array it reads through DLPack alone to order that work before the
    launch's stream (torch's current one here, the output's), as DLPack's consumer
    does; an array torch gives is not asked (it is on that stream already)."""
    import cuda.core.utils

    asked: list[Any] = []

    class Producer(JaxArray):
        def __dlpack__(self, stream: Any = None) -> Any:
            asked.append(stream)

    views = iter([types.SimpleNamespace(ptr=0x100000 * k, shape=(256,), strides=None, dtype="float32",
                                        readonly=False) for k in range(1, 5)])
    monkeypatch.setattr(cuda.core.utils, "StridedMemoryView", lambda value, stream_ptr: next(views))
    kernel = phobos.compile(SOURCE).add
    for _ in range(2):  # an array of no key's kind takes the full path every launch
        kernel[4](Producer(), Producer(), FakeTensor((256,), 0x900000))
    assert asked == [STREAM_BASE] * 4
    assert len(gpus.launches) == 2


def test_an_array_numpy_cannot_describe_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A broadcast past numpy's size limit (stride 0, 2**62 elements) is refused at its
    argument, not by numpy's own error."""
    from phobos.backends.gpu import arrays

    huge = arrays.DeviceArray(1 << 20, (1 << 31, 1 << 31), (0, 0), arrays.np.dtype("float32"), 0, False, None)
    monkeypatch.setattr(arrays, "describe", lambda kernel, param, value: huge)
    with pytest.raises(PhobosError, match="argument `A`: the array .* is not a C-contiguous array"):
        arrays.prepare(phobos.compile(SOURCE).add.signature, {"A": None, "B": None, "C": None})
