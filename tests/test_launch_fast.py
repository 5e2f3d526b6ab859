"""Repeat launches: the first launch of a kind of arguments takes the full path and
leaves a plan; the launches after it skip binding, the checks, the variant choice and
the module load, and still refuse what the full path refuses, with the same message.

The GPU is stood in for at the driver's edge: a device record, a loaded kernel and
the driver's `cuLaunchKernel` that records its arguments, read back from the buffer. The code generator and everything
above it are real. Run as a script, this file prints the host cost of a repeat launch:

    .venv/bin/python tests/test_launch_fast.py
"""

from __future__ import annotations

import ctypes
import shutil
import sys
import time
import types
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("cuda.core")

import cuda.core  # noqa: E402
from cuda.bindings import driver  # noqa: E402

import phobos  # noqa: E402
import phobos.backends.cuda.runtime.launch as cuda_launch  # noqa: E402
import phobos.backends.gpu.launch as gpu_launch  # noqa: E402
import phobos.backends.interp as interp_module  # noqa: E402
from phobos import PhobosError  # noqa: E402
from phobos.backends.cuda.runtime import compile as compile_module  # noqa: E402
from phobos.backends.cuda.runtime.compile import key_of  # noqa: E402
from phobos.backends.gpu import cache, native  # noqa: E402
from phobos.runtime import args as arguments  # noqa: E402
from phobos.runtime import (
    autotune,  # noqa: E402
    backend,  # noqa: E402
    plans,  # noqa: E402
)
from phobos.runtime import launch as runtime_launch  # noqa: E402

SOURCE = """\
@autotune(BLOCK in [64, 16])
@launch(256)
kernel add(A: tensor<f32>[N], B: tensor<f32>[N], C: tensor<f32>[N]) {
  let i = ctx.block.x * BLOCK
  C[i :+ BLOCK] = A[i :+ BLOCK] + B[i :+ BLOCK]
}

@launch(256)
kernel axpy(X: tensor<f32>[N], a: f32, n: i32, Y: tensor<f32>[N]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  if i < n {
    Y[i] = X[i] * a
  }
}
"""


class FakeDtype:
    def __init__(self, name: str):
        self.name = name

    def __str__(self) -> str:
        return f"torch.{self.name}"


F32, F64 = FakeDtype("float32"), FakeDtype("float64")


@dataclass(frozen=True)
class FakeDevice:
    type: str
    index: int


class FakeTensor:
    """What the launcher reads of a torch tensor, and nothing else; it counts the reads
    of its pointer."""

    def __init__(self, shape: tuple[int, ...], ptr: int, dtype: FakeDtype = F32, device: int = 0,
                 strides: tuple[int, ...] | None = None):
        self.shape, self.dtype, self._ptr = shape, dtype, ptr
        self.device = FakeDevice("cuda", device)
        self._strides = strides or tuple(int(np.prod(shape[i + 1:])) for i in range(len(shape)))
        self._contiguous = contiguous(shape, self._strides)  # a flag, as torch keeps it
        self.pointer_reads = 0

    def stride(self) -> tuple[int, ...]:
        return self._strides

    def is_contiguous(self) -> bool:
        return self._contiguous

    def data_ptr(self) -> int:
        self.pointer_reads += 1
        return self._ptr

    def get_device(self) -> int:
        return self.device.index if self.device.type == "cuda" else -1

    def is_neg(self) -> bool:
        return False

    def is_conj(self) -> bool:
        return False


def contiguous(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    """Whether torch calls these strides contiguous: row-major, an extent of 1 taking any stride."""
    if 0 in shape:
        return True
    step = 1
    for n, s in zip(reversed(shape), reversed(strides), strict=True):
        if n != 1:
            if s != step:
                return False
            step *= n
    return True


FakeTensor.__module__ = "torch"


def tensors(n: int, base: int = 0x10000, dtype: FakeDtype = F32, device: int = 0) -> tuple[FakeTensor, ...]:
    return tuple(FakeTensor((n,), base + i * 0x10000, dtype, device) for i in range(3))


def on_host(tensor: FakeTensor) -> FakeTensor:
    tensor.device = FakeDevice("cpu", 0)
    return tensor


class Counter:
    """Wraps a function and counts its calls."""

    def __init__(self, fn: Any):
        self.fn, self.calls = fn, 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.fn(*args, **kwargs)


@dataclass(frozen=True)
class Config:
    grid: tuple[int, int, int]
    block: tuple[int, int, int]
    shared: int


OK = (driver.CUresult.CUDA_SUCCESS,)


def recording(launches: list[tuple[Any, Any, Any, tuple[Any, ...]]]) -> Any:
    """A stand-in for cuLaunchKernel: records (stream, config, kernel, argument values)."""

    def launch(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        types = f[3]
        addresses = (ctypes.c_void_p * len(types)).from_address(params)
        values = tuple(t.from_address(a).value for t, a in zip(types, addresses, strict=True))
        launches.append((stream, Config((gx, gy, gz), (bx, by, bz), shared), f, values))
        return OK

    return launch


def c_types(gen: Any) -> tuple[Any, ...]:
    """The C type of each kernel parameter in the argument buffer."""
    return tuple(
        ctypes.c_void_p if p.kind == "tensor" else gpu_launch.CTYPES[p.dtype] if p.kind == "scalar"
        else ctypes.c_int64 for p in gen.params
    )


@dataclass(repr=False)
class Gpu:
    launches: list[tuple[Any, Any, Any, tuple[Any, ...]]]
    counts: dict[str, Counter]


def stand_in_gpu(monkeypatch: pytest.MonkeyPatch) -> Gpu:
    """A visible device, a fake torch, and the driver calls recorded rather than made."""
    launches: list[tuple[Any, Any, Any, tuple[Any, ...]]] = []
    monkeypatch.setattr(backend, "cuda_device", lambda: (True, "a stand-in device"))
    monkeypatch.delenv(backend.ENV_INTERPRET, raising=False)
    monkeypatch.delenv(gpu_launch.ENV_SYNC, raising=False)
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "0")  # the first variant in order: test_autotune.py times them
    device = gpu_launch._Device(0, "sm_90", "Stand-in GPU", 227 * 1024, 132, 1, lambda: (0, 1))
    monkeypatch.setattr(gpu_launch, "_device", lambda device_id: device)
    monkeypatch.setattr(gpu_launch, "_kernel",
                        lambda gen, device, build: ("kernel", gen.name, gen.aligned, c_types(gen)))
    monkeypatch.setattr(gpu_launch, "_function", lambda kernel: kernel)
    monkeypatch.setattr(driver, "cuLaunchKernel", recording(launches))
    monkeypatch.setattr(driver, "cuGetErrorString", lambda err: (driver.CUresult.CUDA_SUCCESS, b"invalid argument"))
    monkeypatch.setattr(gpu_launch, "_STREAMS", {})
    monkeypatch.setattr(native, "driver_module", lambda: None)  # the C launch is tested on its own below
    torch = types.ModuleType("torch")
    torch._C = types.SimpleNamespace(_cuda_getCurrentRawStream=lambda index: 0)  # type: ignore[attr-defined]
    torch.Tensor = FakeTensor  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "torch", torch)
    counts = {
        "bind": Counter(arguments.bind), "check": Counter(arguments.check),
        "select": Counter(runtime_launch.select_variant), "describe": Counter(backend.device_arguments),
        "generate": Counter(cuda_launch.generate),
    }
    monkeypatch.setattr(arguments, "bind", counts["bind"])
    monkeypatch.setattr(arguments, "check", counts["check"])
    monkeypatch.setattr(runtime_launch, "select_variant", counts["select"])
    monkeypatch.setattr(backend, "device_arguments", counts["describe"])
    monkeypatch.setattr(cuda_launch, "generate", counts["generate"])
    return Gpu(launches, counts)


def fake_guard(checks: list[int]) -> Any:
    """A stand-in for torch's tensor guard (`plans.tensor_guard`) over fake tensors,
    which counts its checks in `checks`."""

    def guard(tensors: list[FakeTensor]) -> Any:
        expected = [(type(t), t.dtype, t.shape, t.stride(), t.device) for t in tensors]

        def check(*given: FakeTensor) -> bool:
            checks.append(1)
            return [(type(t), t.dtype, t.shape, t.stride(), t.device) for t in given] == expected

        return check

    return guard


@pytest.fixture(params=["key reader", "hit"])
def gpu(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Gpu:
    """The stand-in GPU, with repeat launches read by their key reader alone (a torch
    with no tensor guard) or tried against the last key's hit first: every test of a
    repeat launch holds both ways."""
    if request.param == "hit":
        monkeypatch.setattr(plans, "tensor_guard", fake_guard([]))
    return stand_in_gpu(monkeypatch)


@pytest.fixture
def mod() -> phobos.Module:
    return phobos.compile(SOURCE)


def full_path_calls(gpu: Gpu) -> tuple[int, ...]:
    return tuple(gpu.counts[name].calls for name in ("bind", "check", "select", "describe"))


def error_of(fn: Any) -> str:
    with pytest.raises(PhobosError) as info:
        fn()
    return str(info.value)


def fresh_error(fn: Any) -> str:
    """The error a launch gets with no plans: of a kernel compiled anew."""
    return error_of(lambda: fn(phobos.compile(SOURCE)))


# ---------------------------------------------------------------- the fast path


def test_a_repeat_launch_skips_the_full_path(gpu, mod):
    mod.add[4](*tensors(256))
    assert full_path_calls(gpu) == (1, 1, 1, 1)
    a, b, c = tensors(256, base=0x900000)
    mod.add[4](a, b, c)
    mod.add[4](a, b, c)
    assert full_path_calls(gpu) == (1, 1, 1, 1)
    assert len(mod.add.plans) == 1 and len(gpu.launches) == 3
    stream, config, kernel, args = gpu.launches[-1]
    assert int(stream) == int(driver.CU_STREAM_LEGACY)  # torch's current stream, handle 0
    assert config == Config((4, 1, 1), (256, 1, 1), 0)
    assert args[:3] == (0x900000, 0x910000, 0x920000)  # only the pointers changed
    assert args[3] == 256 and kernel[3][3] is ctypes.c_int64  # N
    assert gpu.launches[0][0] is stream  # one driver stream per handle


def test_a_launch_of_the_last_key_is_read_by_its_hit(monkeypatch):
    checks: list[int] = []
    monkeypatch.setattr(plans, "tensor_guard", fake_guard(checks))
    gpu = stand_in_gpu(monkeypatch)
    mod = phobos.compile(SOURCE)
    planned: list[int] = []
    through_the_plans = runtime_launch.Launcher._planned
    monkeypatch.setattr(runtime_launch.Launcher, "_planned",
                        lambda self, args, kwargs: planned.append(1) or through_the_plans(self, args, kwargs))
    a, b, c = tensors(256)
    for _ in range(3):
        mod.add[4](a, b, c)
    assert planned == [1] and len(checks) == 2  # the first launch made the plan; its hit read the two after
    mod.add[4](*tensors(512, base=0x900000))  # another shape: the hit says no, the plans have none
    mod.add[4](a, b, c)  # the hit of the 512s says no, the plans have it
    mod.add[4](a, b, c)
    assert planned == [1, 1, 1] and len(checks) == 5
    assert full_path_calls(gpu)[0] == 2
    ours = (a.data_ptr(), b.data_ptr(), c.data_ptr())
    assert [launch[3][:3] == ours for launch in gpu.launches] == [True, True, True, False, True, True]


def test_without_a_tensor_guard_launches_read_their_keys(gpu, mod, monkeypatch):
    monkeypatch.setattr(plans, "tensor_guard", lambda tensors: None)  # a torch whose guard changed
    for _ in range(3):
        mod.add[4](*tensors(256))
    assert full_path_calls(gpu) == (1, 1, 1, 1)
    assert mod.add[4]._last[0] is plans.no_pattern


def test_torch_s_tensor_guard_tells_tensors_apart():
    """`plans.tensor_guard` on the installed torch: what a hit relies on. Where torch
    is installed and this fails, its guard changed: hits are off (launches still
    right) until `tensor_guard` follows it."""
    if "torch" in sys.modules and not hasattr(sys.modules["torch"], "zeros"):
        pytest.skip("a stand-in torch is loaded")
    torch = pytest.importorskip("torch")
    a = torch.zeros(8, 4)
    check = plans.tensor_guard([a, a[:, :2]])
    assert check is not None, "torch._C._dynamo.guards.TensorGuards is missing or takes other arguments"
    assert check(torch.ones(8, 4), torch.ones(8, 4)[:, 1:3])  # other data, the same metadata
    assert not check(torch.zeros(8, 5), a[:, :2])  # a shape
    assert not check(a.double(), a[:, :2])  # a dtype
    assert not check(torch.zeros(4, 8).t(), a[:, :2])  # strides
    assert not check(a, a[:2, :2].contiguous())
    if torch.cuda.is_available():
        assert not check(a.cuda(), a[:, :2].cuda())  # a device


def test_a_new_launcher_with_the_same_grid_reuses_the_plan(gpu, mod):
    for _ in range(3):
        mod.add[4](*tensors(256))  # `kernel[grid]` anew each time, as benchmarks.kernels.add does
    assert full_path_calls(gpu) == (1, 1, 1, 1)


def test_keywords_bind_the_same_on_a_repeat_launch(gpu, mod):
    a, b, c = tensors(64)
    for _ in range(2):  # the pointers come in the order given; each order is a plan
        mod.add[1](a, C=c, B=b)
        assert gpu.launches[-1][3][:3] == (a.data_ptr(), b.data_ptr(), c.data_ptr())
        mod.add[1](C=c, A=a, B=b, BLOCK=16)
        assert gpu.launches[-1][3][:3] == (a.data_ptr(), b.data_ptr(), c.data_ptr())
    assert full_path_calls(gpu)[0] == 2


def test_a_repeat_launch_reads_each_pointer_once(gpu, mod):
    a, b, c = tensors(256)
    mod.add[4](a, b, c)
    before = [t.pointer_reads for t in (a, b, c)]
    mod.add[4](a, b, c)
    assert [t.pointer_reads - n for t, n in zip((a, b, c), before, strict=True)] == [1, 1, 1]


def test_the_grid_is_no_part_of_the_plan(gpu, mod):
    a, b, c = tensors(256)
    mod.add[4](a, b, c)
    mod.add[8](a, b, c)
    mod.add[lambda meta: meta["N"] // meta["BLOCK"] // 2](a, b, c)
    assert full_path_calls(gpu) == (1, 1, 1, 1) and len(mod.add.plans) == 1
    assert [launch[1].grid for launch in gpu.launches] == [(4, 1, 1), (8, 1, 1), (2, 1, 1)]


def test_another_device_is_a_new_plan(gpu, mod):
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256, device=1))
    mod.add[4](*tensors(256, device=1))
    assert full_path_calls(gpu)[0] == 2 and len(mod.add.plans) == 2


def test_scalars_are_checked_and_packed_at_every_launch(gpu, mod):
    x, _, y = tensors(64)
    mod.axpy[1](x, 2.5, 5, y)  # a size the key says nothing of, as of 7
    mod.axpy[1](x, 0.5, 7, y)
    assert full_path_calls(gpu)[0] == 1
    args = gpu.launches[-1][3]
    assert args == (x.data_ptr(), np.float32(0.5), np.int32(7), y.data_ptr(), np.int64(64))
    assert gpu.launches[-1][2][3] == (ctypes.c_void_p, ctypes.c_float, ctypes.c_int32, ctypes.c_void_p,
                                      ctypes.c_int64)
    mod.axpy[1](x, 0.1, 7, y)  # packed as f32: the nearest f32, not the f64
    assert gpu.launches[-1][3][1] == float(np.float32(0.1)) != 0.1
    for _ in range(2):  # other types, a plan of their own; the full check converts them
        mod.axpy[1](x, 3, np.int32(9), y)
    assert gpu.launches[-1][3][1:3] == (np.float32(3.0), np.int32(9))
    assert full_path_calls(gpu)[0] == 2


# ---------------------------------------------------------------- what still is caught


@pytest.mark.parametrize(
    "launch",
    [
        pytest.param(lambda k: k.axpy[1](tensors(64)[0], 1.0, 2**31, tensors(64)[2]), id="int out of range"),
        pytest.param(lambda k: k.axpy[1](tensors(64)[0], 1e39, 1, tensors(64)[2]), id="float out of range"),
        pytest.param(lambda k: k.axpy[1](tensors(64)[0], 1.0, 1.5, tensors(64)[2]), id="float for an int"),
        pytest.param(lambda k: k.axpy[1](tensors(64)[0], True, 1, tensors(64)[2]), id="bool for a float"),
        pytest.param(lambda k: k.add[4](*tensors(256, dtype=F64)), id="dtype"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], tensors(128)[2]), id="dims disagree"),
        pytest.param(lambda k: k.add[4](*tensors(256), BLOCK=32), id="bad pin"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], [1.0]), id="not an array"),
        pytest.param(lambda k: k.add[lambda meta: (meta["N"], -1)](*tensors(256)), id="grid function result"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], FakeTensor((256,), 0, device=1)), id="two devices"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], on_host(tensors(256)[2])), id="host memory"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], FakeTensor((256,), 0x30000, strides=(2,))), id="strided"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], BLOCK=64), id="missing"),
    ],
)
def test_a_warm_kernel_refuses_what_a_fresh_one_does(gpu, mod, launch):
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256))
    mod.add[lambda meta: 4](*tensors(256))
    mod.axpy[1](tensors(64)[0], 2.0, 3, tensors(64)[2])
    mod.axpy[1](tensors(64)[0], 2.0, 3, tensors(64)[2])
    assert error_of(lambda: launch(mod)) == fresh_error(launch)


def test_a_new_shape_or_pin_is_a_new_plan(gpu, mod):
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(512))
    mod.add[4](*tensors(256), BLOCK=16)
    assert full_path_calls(gpu)[0] == 3 and len(mod.add.plans) == 3
    assert gpu.launches[-1][3][3] == np.int64(256)
    assert gpu.launches[1][3][3] == np.int64(512)


def test_a_misaligned_pointer_gets_its_own_variant(gpu, mod):
    mod.add[4](*tensors(256))
    generated = gpu.counts["generate"].calls
    a, b, c = tensors(256)
    offset = FakeTensor((256,), a.data_ptr() + 4)
    mod.add[4](offset, b, c)
    assert gpu.counts["generate"].calls == generated + 1
    assert gpu.launches[-1][2][2] == frozenset({"B", "C"})  # the kernel built for those alignments
    mod.add[4](*tensors(256))
    assert gpu.launches[-1][2][2] == frozenset({"A", "B", "C"})
    assert full_path_calls(gpu)[0] == 2


def test_a_grid_function_runs_at_every_launch(gpu, mod):
    seen: list[dict[str, Any]] = []

    def grid(meta: dict[str, Any]) -> int:
        seen.append(dict(meta))
        return meta["N"] // meta["BLOCK"]

    a, b, c = tensors(256)
    mod.add[grid](a, b, c)
    mod.add[grid](a, b, c)
    assert full_path_calls(gpu)[0] == 1
    assert seen[0] == seen[1] == {"A": a, "B": b, "C": c, "N": 256, "BLOCK": 64}
    assert gpu.launches[-1][1].grid == (4, 1, 1)


def test_the_driver_error_names_the_launch(gpu, mod, monkeypatch):
    refusing: list[str] = []

    def launch(*_args: Any) -> Any:
        return (driver.CUresult.CUDA_ERROR_INVALID_VALUE,) if refusing else OK

    monkeypatch.setattr(driver, "cuLaunchKernel", launch)
    mod.add[2](*tensors(256))
    refusing.append("refuse")
    message = error_of(lambda: mod.add[2](*tensors(256)))
    assert full_path_calls(gpu)[0] == 1  # a repeat launch, refused by the driver
    assert message == (
        "error: kernel `add` (variant BLOCK=64) with grid (2, 1, 1), 256 threads a CTA and 0 bytes of "
        "shared memory on Stand-in GPU (sm_90) failed: CUDA_ERROR_INVALID_VALUE: invalid argument"
    )


def test_other_array_kinds_take_the_full_path_each_time(gpu, mod, monkeypatch):
    class Interface:  # not torch: its pointer is not cheap to read, so it has no plan
        __module__ = "cupy.fake"

        def __init__(self, ptr: int):
            self.__cuda_array_interface__ = {"shape": (256,), "typestr": "<f4", "data": (ptr, False), "version": 3}

    monkeypatch.setattr("phobos.backends.gpu.arrays._device_of", lambda ptr: 0)
    cupy = types.ModuleType("cupy")
    cupy.cuda = types.SimpleNamespace(get_current_stream=lambda: types.SimpleNamespace(ptr=0))  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    arrays = [Interface(0x10000 * (i + 1)) for i in range(3)]
    mod.add[4](*arrays)
    mod.add[4](*arrays)
    assert full_path_calls(gpu)[0] == 2 and not mod.add.plans
    assert gpu.launches[-1][3][:3] == (0x10000, 0x20000, 0x30000)
    with pytest.raises(PhobosError):
        mod.add[4](*tensors(256)[:2], [0.0] * 256)
    assert not mod.add.plans


def test_the_device_is_made_current_only_when_it_is_not(monkeypatch):
    made: list[int] = []
    monkeypatch.setattr(cuda.core, "Device", lambda i: types.SimpleNamespace(set_current=lambda: made.append(i)))
    current = [7]
    device = gpu_launch._Device(3, "sm_90", "GPU", 0, 132, 7, lambda: (0, current[0]))
    device.make_current()
    assert made == []
    current[0] = 8  # another context is current in this thread
    device.make_current()
    assert made == [3] and device.context == 8


def test_the_cache_key_is_hashed_once_per_source(monkeypatch):
    hashed = Counter(cache.cache_key)
    monkeypatch.setattr(cache, "cache_key", hashed)
    compile_module._key.cache_clear()
    gen = cuda_launch.generated(phobos.compile(SOURCE).add.variants[0])
    first = key_of(gen, "sm_90")
    assert key_of(gen, "sm_90") == first and hashed.calls == 1
    assert key_of(gen, "sm_80") != first and hashed.calls == 2


# ---------------------------------------------------------------- the interpreter


def test_the_interpreter_takes_the_fast_path_too(monkeypatch):
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(interp_module, "run", lambda *a: calls.append(a), raising=False)
    bind = Counter(arguments.bind)
    monkeypatch.setattr(arguments, "bind", bind)
    kernel = phobos.compile(SOURCE, interpret=True).axpy
    x, y = np.zeros(8, np.float32), np.zeros(8, np.float32)
    kernel[1](x, 2, 3, y)
    kernel[1](x, 5, 4, y)
    assert bind.calls == 1
    _, grid, got_tensors, scalars, dims = calls[-1]
    assert got_tensors["X"] is x and got_tensors["Y"] is y and grid == (1, 1, 1)
    assert scalars == {"a": 5.0, "n": 4} and dims == {"N": 8}
    assert type(scalars["a"]) is float  # as the full path makes it
    y.setflags(write=False)
    assert "argument `Y`: the kernel writes this tensor, but the array is read-only" in error_of(
        lambda: kernel[1](x, 0.5, 4, y)
    )


# ---------------------------------------------------------------- the host cost


def repeat_launch_us(launches: int = 20000) -> float:
    """Microseconds of host time per repeat launch of a vector add, the GPU stood in for."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from benchmarks import kernels as bench

    a, b, c = tensors(4096)
    bench.add(a, b, c)
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(launches):
            bench.add(a, b, c)
        best = min(best, (time.perf_counter() - start) / launches * 1e6)
    return best


if __name__ == "__main__":
    with pytest.MonkeyPatch.context() as patch:
        stand_in_gpu(patch)
        patch.setattr(driver, "cuLaunchKernel", lambda *args: OK)
        print(f"{repeat_launch_us():.2f} µs per repeat launch (host side, driver call stood in for)")


# ---------------------------------------------------------------- the key readers


def test_launches_of_other_patterns_on_one_launcher_keep_their_plans(gpu, mod):
    a, b, c = tensors(256)
    launcher = mod.add[4]
    for _ in range(3):  # each pattern (positional, by keyword, pinned) has its reader and its plan
        launcher(a, b, c)
        launcher(a, b, C=c)
        launcher(a, b, c, BLOCK=16)
    assert full_path_calls(gpu)[0] == 3 and len(mod.add.plans) == 3
    assert [launch[1].grid for launch in gpu.launches] == [(4, 1, 1)] * 9


@pytest.mark.parametrize(
    "launch",
    [
        pytest.param(lambda k: k.add[4](*tensors(256), **{"BLOCK) or (1": 16}), id="a keyword that is no name"),
        pytest.param(lambda k: k.add[4](*tensors(256), BLOCK=16.0), id="a float pin"),
        pytest.param(lambda k: k.add[4](*tensors(256), BLOCK=True), id="a bool pin"),
        pytest.param(lambda k: k.add[4](*tensors(256)[:2], C=tensors(256)[2], A=tensors(256)[0]), id="twice"),
    ],
)
def test_a_launch_of_a_new_pattern_is_refused_as_a_fresh_one(gpu, mod, launch):
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256), BLOCK=16)
    assert error_of(lambda: launch(mod)) == fresh_error(launch)


def test_a_scalar_of_another_type_is_another_pattern(gpu, mod):
    x, _, y = tensors(64)
    mod.axpy[1](x, 2.0, 3, y)
    mod.axpy[1](x, 2, 3, y)  # an int for the f32: a pattern and a plan of its own
    mod.axpy[1](x, 2.0, 3, y)
    mod.axpy[1](x, 2, 3, y)
    assert full_path_calls(gpu)[0] == 2 and len(mod.add.plans) == 0 and len(mod.axpy.plans) == 2
    assert [launch[3][1] for launch in gpu.launches] == [np.float32(2.0)] * 4


# ---------------------------------------------------------------- the C launch

DRIVER_LAUNCH = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, *[ctypes.c_uint] * 7, ctypes.c_void_p,
                                 ctypes.c_void_p, ctypes.c_void_p)
DRIVER_CURRENT = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_void_p))


@dataclass
class CDriver:
    """Stand-ins for cuLaunchKernel and cuCtxGetCurrent that the C launch calls: the
    launches it made (kernel, grid, block, shared, stream, the pointer arguments) and
    the contexts to report, the last one for good."""

    launches: list[tuple[Any, ...]]
    contexts: list[int]
    result: int = 0
    pointers: int = 3  # how many argument cells a launch's pointers are read from


class Handle(int):
    """A kernel handle for the C launch (0xF00D) that is still the stand-in gpu's kernel."""

    def __new__(cls, kernel: tuple[Any, ...]) -> Handle:
        handle = super().__new__(cls, 0xF00D)
        handle.kernel = kernel
        return handle

    def __getitem__(self, index: int) -> Any:
        return self.kernel[index]


@pytest.fixture
def c_launch(gpu, monkeypatch):
    ext = native.module()
    if ext is None:
        pytest.skip(f"the C launch cannot be built here: {native.why_not()}")
    driver_state = CDriver([], [1])

    def launch(f, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        addresses = (ctypes.c_void_p * driver_state.pointers).from_address(params)
        pointers = tuple(ctypes.c_void_p.from_address(a).value for a in addresses)
        driver_state.launches.append((f, (gx, gy, gz), (bx, by, bz), shared, stream, pointers))
        return driver_state.result

    def current(out):
        out[0] = driver_state.contexts.pop(0) if len(driver_state.contexts) > 1 else driver_state.contexts[0]
        return 0

    callbacks = DRIVER_LAUNCH(launch), DRIVER_CURRENT(current)  # kept alive for the test
    ext.configure(*(ctypes.cast(c, ctypes.c_void_p).value for c in callbacks))
    monkeypatch.setattr(native, "driver_module", lambda: ext)
    monkeypatch.setattr(gpu_launch, "_function", lambda kernel: Handle(kernel))
    yield driver_state, callbacks
    native._STATE.wired = False  # the stand-ins go with the test: the next real launch wires the driver again


def test_a_repeat_launch_goes_through_the_c_launch(gpu, mod, c_launch):
    driver_state, _ = c_launch
    mod.add[4](*tensors(256))  # the first launch: cuda-bindings, recorded by the stand-in gpu
    a, b, c = tensors(256, base=0x900000)
    mod.add[4](a, b, c)
    mod.add[lambda meta: 2](a, b, c)
    assert len(gpu.launches) == 1 and full_path_calls(gpu) == (1, 1, 1, 1)
    assert driver_state.launches == [
        (0xF00D, (4, 1, 1), (256, 1, 1), 0, gpu_launch.STREAM_LEGACY, (0x900000, 0x910000, 0x920000)),
        (0xF00D, (2, 1, 1), (256, 1, 1), 0, gpu_launch.STREAM_LEGACY, (0x900000, 0x910000, 0x920000)),
    ]


def test_the_c_launch_makes_the_context_current_first(gpu, mod, c_launch, monkeypatch):
    driver_state, _ = c_launch
    made: list[int] = []

    def make_current() -> None:
        made.append(1)
        driver_state.contexts[:] = [1]

    device = gpu_launch._Device(0, "sm_90", "Stand-in GPU", 227 * 1024, 132, 1, lambda: (0, 1))
    monkeypatch.setattr(device, "make_current", make_current)
    monkeypatch.setattr(gpu_launch, "_device", lambda device_id: device)
    mod.add[4](*tensors(256))
    made.clear()  # the first launch made it current through cuda-bindings
    driver_state.contexts[:] = [7]  # another context is current, until ours is made so
    mod.add[4](*tensors(256))
    assert made == [1] and len(driver_state.launches) == 1


def test_the_c_launch_follows_a_new_primary_context(gpu, mod, c_launch, monkeypatch):
    driver_state, _ = c_launch
    made: list[int] = []
    device = gpu_launch._Device(0, "sm_90", "Stand-in GPU", 227 * 1024, 132, 1, lambda: (0, 1))

    def make_current() -> None:  # the old context is gone: the device's is made anew
        made.append(1)
        device.context = driver_state.contexts[0] = 9

    monkeypatch.setattr(device, "make_current", make_current)
    monkeypatch.setattr(gpu_launch, "_device", lambda device_id: device)
    mod.add[4](*tensors(256))
    made.clear()
    driver_state.contexts[:] = [5]
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256))  # the record names the new context: launched directly
    assert made == [1] and len(driver_state.launches) == 2


def test_a_c_launch_the_driver_refuses_names_the_launch(gpu, mod, c_launch):
    driver_state, _ = c_launch
    mod.add[2](*tensors(256))
    driver_state.result = int(driver.CUresult.CUDA_ERROR_INVALID_VALUE)
    message = error_of(lambda: mod.add[2](*tensors(256)))
    assert message == (
        "error: kernel `add` (variant BLOCK=64) with grid (2, 1, 1), 256 threads a CTA and 0 bytes of "
        "shared memory on Stand-in GPU (sm_90) failed: CUDA_ERROR_INVALID_VALUE: invalid argument"
    )


def test_the_c_launch_refuses_a_wrong_call(c_launch):
    ext = native.module()
    cells = (ctypes.c_uint64 * 2)()
    with pytest.raises(TypeError, match="a function that gives the launch's stream"):
        ext.prepare(1, 1, 0, ctypes.addressof(cells), 2, 32, 0, 0)
    record = ext.prepare(1, 1, 0, ctypes.addressof(cells), 2, 32, 0, lambda: 0)
    with pytest.raises(TypeError, match="a list of 2 pointers"):
        ext.launch(record, [1], (1, 1, 1))
    with pytest.raises(OverflowError):
        ext.launch(record, [1, 2], (2**40, 1, 1))
    with pytest.raises(TypeError, match="a grid of 3 dimensions"):
        ext.launch(record, [1, 2], (1, 1))
    with pytest.raises(TypeError, match="takes 3 arguments"):
        ext.launch(record, [1, 2])
    with pytest.raises(ZeroDivisionError):  # the stream's function failed: its error, and no launch
        ext.launch(ext.prepare(1, 1, 0, ctypes.addressof(cells), 2, 32, 0, lambda: 1 // 0), [1, 2], (1, 1, 1))
    assert not c_launch[0].launches


def test_the_c_hit_tells_its_key_from_others():
    ext = native.module()
    if ext is None:
        pytest.skip(f"the C launch cannot be built here: {native.why_not()}")
    # n (a multiple of 16, not 1), then the pin B=64.
    record = ext.hit(1, ("B",), (int, int), ((1, 64),), ((0, True, False),), (), None, 16, 16)
    assert ext.repeat(record, None, None, (32,), {"B": 64}) == []
    for args, kwargs in [((33,), {"B": 64}), ((1,), {"B": 64}), ((32,), {"B": 16}), ((32,), {"C": 64}),
                         ((32, 1), {}), ((32.0,), {"B": 64}), ((True,), {"B": 64}), ((32,), {"B": 64, "C": 1})]:
        assert ext.repeat(record, None, None, args, kwargs) is None, (args, kwargs)
    big = ext.hit(1, (), (int,), (), ((0, True, False),), (), None, 16, 16)
    assert ext.repeat(big, None, None, (2**70,), {}) == []  # an int of any size has its facts
    a, b, _ = tensors(64)
    seen: list[tuple[object, ...]] = []
    guard = lambda *given: seen.append(given) or given[0].shape == (64,)  # noqa: E731
    pair = ext.hit(2, (), (FakeTensor, FakeTensor), (), (), ((0, True), (1, True)), guard, 16, 16)
    assert ext.repeat(pair, None, None, (a, b), {}) == [a.data_ptr(), b.data_ptr()] and seen == [(a, b)]
    assert ext.repeat(pair, None, None, (FakeTensor((64,), 0x10008), b), {}) is None  # misaligned
    assert ext.repeat(pair, None, None, (FakeTensor((65,), 0x10000), b), {}) is None  # the guard says no


def test_the_c_hit_refuses_a_record_it_cannot_hold():
    ext = native.module()
    if ext is None:
        pytest.skip(f"the C launch cannot be built here: {native.why_not()}")
    for bad in [(1, (), (int, int), (), (), (), None, 16, 16),  # the pattern's counts disagree
                (1, (), (int,), ((3, 1),), (), (), None, 16, 16),  # an index outside the values
                (1, (), (int,), (), (), ((0, True),), None, 16, 16)]:  # tensors and no guard
        with pytest.raises(ValueError):
            ext.hit(*bad)
    with pytest.raises(TypeError, match="takes 5 arguments"):
        ext.repeat(ext.hit(0, (), (), (), (), (), None, 16, 16))


def wide_source(count: int) -> str:
    """A kernel of `count` tensor parameters: the last is the sum of the others."""
    params = ", ".join(f"T{i}: tensor<f32>[N]" for i in range(count))
    total = " + ".join(f"T{i}[i :+ 64]" for i in range(count - 1))
    return f"@launch(64)\nkernel wide({params}) {{\n  let i = ctx.block.x * 64\n  T{count - 1}[i :+ 64] = {total}\n}}\n"


@pytest.mark.parametrize("count", [64, 65, 200])  # the stack's room, one past it, far past it
def test_the_c_hit_and_launch_take_any_number_of_values(count: int, c_launch):
    ext = native.module()
    record = ext.hit(count, (), (int,) * count, ((count - 1, 7),), ((0, True, False),), (), None, 16, 16)
    assert ext.repeat(record, None, None, (32, *range(count - 2), 7), {}) == []
    assert ext.repeat(record, None, None, (32, *range(count - 2), 8), {}) is None  # the last pin differs
    many = tensors_of(count)
    guard = lambda *given: len(given) == count  # noqa: E731
    hit = ext.hit(count, (), (FakeTensor,) * count, (), (), tuple((i, True) for i in range(count)), guard, 16, 16)
    pointers = [t.data_ptr() for t in many]
    assert ext.repeat(hit, None, None, many, {}) == pointers
    cells = (ctypes.c_uint64 * count)()
    params = (ctypes.c_void_p * count)(*[ctypes.addressof(cells) + 8 * i for i in range(count)])
    prepared = ext.prepare(0xF00D, 1, ctypes.addressof(params), ctypes.addressof(cells), count, 64, 0, lambda: 0)
    driver_state, _ = c_launch
    driver_state.pointers = count
    assert ext.launch(prepared, pointers, (2, 1, 1)) == 0
    assert ext.repeat(hit, prepared, (3, 1, 1), many, {}) == 0
    assert [launch[5] for launch in driver_state.launches] == [tuple(pointers)] * 2
    with pytest.raises(TypeError, match=f"a list of {count} pointers"):
        ext.launch(prepared, pointers[:-1], (1, 1, 1))


def tensors_of(count: int, n: int = 256) -> tuple[FakeTensor, ...]:
    return tuple(FakeTensor((n,), 0x100000 + i * 0x10000) for i in range(count))


def test_a_kernel_of_65_tensors_repeats_through_the_c_launch(gpu, c_launch):
    """More tensors than the C launch once held (64): its repeat launches go through it."""
    driver_state, _ = c_launch
    driver_state.pointers = 65
    kernel = phobos.compile(wide_source(65)).wide
    kernel[4](*tensors_of(65))  # the first launch: cuda-bindings, recorded by the stand-in gpu
    again = tensors_of(65, 256)[::-1]  # other pointers, the same key
    kernel[4](*again)
    kernel[2](*again)
    assert len(gpu.launches) == 1 and full_path_calls(gpu) == (1, 1, 1, 1)
    assert [(launch[1], launch[5]) for launch in driver_state.launches] == [
        ((4, 1, 1), tuple(t.data_ptr() for t in again)), ((2, 1, 1), tuple(t.data_ptr() for t in again))]


def test_the_c_launch_passes_the_current_stream(gpu, mod, c_launch, monkeypatch):
    driver_state, _ = c_launch
    streams = iter([0, 0x5000])  # the first launch's (through cuda-bindings), then the C launch's
    monkeypatch.setattr(gpu_launch, "_stream_source", lambda arrays, device_id: lambda: next(streams))
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256))
    assert [launch[4] for launch in driver_state.launches] == [0x5000]


@pytest.mark.parametrize("off", ["0", "false", "OFF", " no "])
def test_the_c_launch_can_be_turned_off(monkeypatch, off: str):
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.setenv(native.ENV_NATIVE, off)
    monkeypatch.setattr(native, "_build", lambda *args: pytest.fail("the C compiler ran"))
    assert native.module() is None and native.driver_module() is None
    assert native.why_not() == f"PHOBOS_NATIVE_LAUNCH={off}"


def test_a_c_launch_switch_that_is_no_yes_or_no_is_refused(monkeypatch):
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.setenv(native.ENV_NATIVE, "fast")
    for _ in range(2):  # asked again, refused again: not taken as either
        with pytest.raises(PhobosError, match="PHOBOS_NATIVE_LAUNCH is 'fast'; set it to 1"):
            native.module()


def test_without_a_compiler_launches_go_through_cuda_bindings(monkeypatch, tmp_path):
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.delenv(native.ENV_NATIVE, raising=False)
    monkeypatch.setenv("CC", "/nonexistent/cc")
    monkeypatch.setenv("PHOBOS_CACHE_DIR", str(tmp_path))
    with pytest.warns(native.NativeLaunchWarning, match="could not be built with CC='/nonexistent/cc'"):
        assert native.module() is None
    assert native.why_not() is not None and "/nonexistent" in native.why_not()


def test_cc_is_a_command_line(monkeypatch, tmp_path):
    """CC as build tools read it: words split as a shell splits them (`ccache gcc`), a
    quoted path with a space in it one word."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler here")
    wrapper = tmp_path / "my tools" / "wrap"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\necho "$@" > "{tmp_path}/args"\nexec "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.delenv(native.ENV_NATIVE, raising=False)
    monkeypatch.setenv("CC", f"'{wrapper}' {cc} -O1")
    monkeypatch.setenv("PHOBOS_CACHE_DIR", str(tmp_path / "cache"))
    cache.forget_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert native.module() is not None, native.why_not()
    assert (tmp_path / "args").read_text().startswith(f"{cc} -O1 -O2 -shared")
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.setenv("CC", "'unclosed")
    with pytest.warns(native.NativeLaunchWarning, match="CC=\"'unclosed\" is no command line"):
        assert native.module() is None


def test_the_interpreter_never_builds_the_c_launch(monkeypatch):
    """Only a GPU launch uses the C launch, so only one asks for it: launches of numpy
    arrays (and of scalars alone) read their keys in Python."""
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.setattr(native, "_load", lambda wanted: pytest.fail("the C launch was asked for"))
    monkeypatch.setattr(interp_module, "run", lambda *a: None, raising=False)
    kernel = phobos.compile(SOURCE, interpret=True).axpy
    x, y = np.zeros(8, np.float32), np.zeros(8, np.float32)
    for n in (3, 3, 4):
        kernel[1](x, 2.0, n, y)
    scalars = phobos.compile("kernel k(a: f32, n: i32) {\n}\n", interpret=True).k
    for _ in range(3):
        scalars[1](1.0, 2)
    assert not native._STATE.tried


@pytest.mark.parametrize(("value", "waits"), [("1", True), ("Yes", True), ("on", True), ("false", False),
                                              ("0", False), ("", False), (" OFF ", False)])
def test_cuda_sync_is_a_yes_or_a_no(gpu, mod, monkeypatch, value: str, waits: bool):
    synced: list[Any] = []
    monkeypatch.setattr(driver, "cuStreamSynchronize", lambda stream: synced.append(stream) or OK)
    monkeypatch.setenv(gpu_launch.ENV_SYNC, value)
    mod.add[4](*tensors(256))
    mod.add[4](*tensors(256))
    assert len(synced) == (2 if waits else 0)
    monkeypatch.setenv(gpu_launch.ENV_SYNC, "sometimes")
    assert "PHOBOS_CUDA_SYNC is 'sometimes'; set it to 1" in fresh_error(lambda k: k.add[4](*tensors(256)))
