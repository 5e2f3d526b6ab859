"""Loading a built variant on a device and launching it through cuda.core and the
driver, on the caller's stream: what the CUDA and Tile IR back ends share.

The stream is torch's current stream when a torch tensor is passed, cupy's current
stream for cupy arrays, and the device's default stream otherwise. Modules are
loaded once per (code, target, device). A launch that fails names the kernel and its
configuration; PHOBOS_CUDA_SYNC=1 waits for each launch, so an error the kernel hits
while running is reported the same way, at its launch (the variable is read when a
launch of a new kind is prepared). A debug variant's launch always waits, then reads
the variant's assert record.

Everything but the pointers and the scalars is the same from one launch of a kind to
the next, so `launchable` works it out once into a `Prepared`: the device's
properties, the loaded kernel, the argument layout, the stream source. The runtime
keeps it for repeat launches of torch tensors, where the pointers are cheap to read.
"""

from __future__ import annotations

import ctypes
import functools
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phobos.dtypes import BY_NAME, numpy_dtype, to_bfloat16
from phobos.environment import flag
from phobos.errors import PhobosError, ResourceRefusal
from phobos.ir import nodes as ir
from phobos.targets import SHARED_LIMIT

from . import native
from .abi import ASSERT_RECORD, ASSERT_RECORD_WORDS, Generated
from .arrays import DeviceArray, is_torch_tensor_type, order_producers

ENV_SYNC = "PHOBOS_CUDA_SYNC"
DEFAULT_SHARED = 48 * 1024

_LOADED: dict[tuple[str, str, int], Any] = {}  # each loaded kernel, by its code, target and device
_LIBRARIES: dict[tuple[str, str, int], Any] = {}  # each loaded kernel's code, for its globals


def _f16(value: float) -> np.float32:
    return np.float32(np.float16(value))


def _bf16(value: float) -> np.float32:
    return np.float32(to_bfloat16(np.float64(value)))


# How a checked scalar travels: a 16-bit float as the f32 of its nearest value.
PACKERS: dict[str, Callable[[Any], np.generic]] = {
    **{t.name: numpy_dtype(t).type for t in BY_NAME.values()}, "f16": _f16, "bf16": _bf16,
}


# Each scalar's C type in the argument buffer the driver copies from.
CTYPES: dict[str, type[ctypes._SimpleCData]] = {  # type: ignore[type-arg]
    "f16": ctypes.c_float, "bf16": ctypes.c_float, "f32": ctypes.c_float, "f64": ctypes.c_double,
    "i8": ctypes.c_int8, "i32": ctypes.c_int32, "i64": ctypes.c_int64, "u8": ctypes.c_uint8,
    "u16": ctypes.c_uint16, "u32": ctypes.c_uint32, "bool": ctypes.c_bool,
}


def _f16_bits(value: float) -> np.uint16:
    return np.float16(value).view(np.uint16)


def _bf16_bits(value: float) -> np.uint16:
    return np.uint16(np.float32(to_bfloat16(np.float64(value))).view(np.uint32) >> 16)


# Each calling convention's scalars (Generated.abi): a Tile IR entry takes a 16-bit float as its bits.
SCALAR_ABI: dict[str, tuple[dict[str, Any], dict[str, Callable[[Any], np.generic]]]] = {
    "cuda": (CTYPES, PACKERS),
    "tileir": ({**CTYPES, "f16": ctypes.c_uint16, "bf16": ctypes.c_uint16},
               {**PACKERS, "f16": _f16_bits, "bf16": _bf16_bits}),
}


@dataclass
class _Device:
    """A device as launches use it, read once: each property is a driver call."""

    id: int
    arch: str
    name: str
    shared_limit: int
    sms: int
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
            device.properties.max_shared_memory_per_block_optin, device.properties.multiprocessor_count,
            int(driver.cuCtxGetCurrent()[1]), driver.cuCtxGetCurrent,
        )
    else:
        found.make_current()
    return found


_STREAMS: dict[int, Any] = {}


# The driver's name for the legacy default stream; handle 0 (torch's and cupy's default
# stream) is passed as this.
STREAM_LEGACY = 1


def device_arch(device_id: int) -> str:
    """The architecture of a visible device (`sm_90`)."""
    need_cuda_core()
    return _device(device_id).arch


def device_identity(device_id: int) -> str:
    """The device and its driver, as a tuning choice is kept for (`NVIDIA H200 sm_90, driver 13000`)."""
    from cuda.bindings import driver

    need_cuda_core()
    device = _device(device_id)
    return f"{device.name} {device.arch}, driver {driver.cuDriverGetVersion()[1]}"


def _wrap_stream(handle: int) -> Any:
    """The cuda-bindings view of a stream handle, made once per handle (it owns nothing)."""
    found = _STREAMS.get(handle)
    if found is None:
        from cuda.bindings import driver

        if len(_STREAMS) >= 64:
            _STREAMS.clear()
        found = _STREAMS[handle] = driver.CUstream(handle)
    return found


def _torch_stream(device_index: int) -> Callable[[], int]:
    import torch

    # The raw handle, without building a torch Stream (what Triton reads), called with no
    # Python frame between (a partial is C); the public call otherwise.
    raw: Callable[[int], int] | None = getattr(torch._C, "_cuda_getCurrentRawStream", None)
    if raw is None:
        return lambda: torch.cuda.current_stream(device_index).cuda_stream
    return functools.partial(raw, device_index)


def _cupy_stream() -> int:
    import cupy

    return int(cupy.cuda.get_current_stream().ptr)


def _stream_source(arrays: dict[str, DeviceArray], device_id: int) -> Callable[[], int]:
    """Where each launch finds its stream's handle (0 for the legacy default stream,
    which the driver is given as STREAM_LEGACY): the current stream of the first
    array's library."""
    for array in arrays.values():
        if is_torch_tensor_type(type(array.owner)):
            return _torch_stream(array.device)
        if type(array.owner).__module__.startswith("cupy"):
            return _cupy_stream
    from cuda.core import Device

    default = int(Device(device_id).default_stream.handle)
    return lambda: default


def _function(kernel: Any) -> Any:
    """What the driver's cuLaunchKernel takes for a loaded kernel (a CUkernel passes as a CUfunction)."""
    from cuda.bindings import driver

    return driver.CUfunction(int(kernel.handle))


def _kernel(gen: Generated, device: _Device, build: Callable[[str], bytes]) -> Any:
    """The variant loaded on the device, once per code, target and device: its cubin
    from `build(target)`."""
    from cuda.core import ObjectCode

    target = gen.target(device.arch)
    key = (gen.source, target, device.id)
    found = _LOADED.get(key)
    if found is None:
        library = ObjectCode.from_cubin(build(device.arch), name=gen.name)
        found = library.get_kernel(gen.symbol)
        if gen.shared_on(device.arch) > DEFAULT_SHARED:
            _allow_shared(found, gen.shared_on(device.arch), device.id)
        _LOADED[key] = found
        _LIBRARIES[key] = library
    return found


def check_shared(variant: ir.Kernel, gen: Generated, device: _Device) -> None:
    """Refuse a variant whose tiles need more shared memory than a CTA on `device` has."""
    limit = device.shared_limit
    if gen.shared_on(device.arch) > min(limit, SHARED_LIMIT.get(device.arch, limit)):
        refuse_shared(variant, gen.shared_on(device.arch), f"{device.name} ({device.arch})", limit)


def refuse_shared(kernel: ir.Kernel, needed: int, where: str, limit: int) -> None:
    """The refusal of a variant needing `needed` bytes of shared memory where a CTA on
    `where` has `limit`: a ResourceRefusal, which autotuning passes over."""
    raise ResourceRefusal(f"kernel `{kernel.name}` needs {needed} bytes of shared memory for its tiles, "
                          f"but a CTA on {where} has at most {limit}; use smaller tiles", kernel.span)


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
        raise ResourceRefusal(f"could not allow {size} bytes of shared memory: {err.name}")


class Prepared:
    """A variant loaded on one device, for launches whose arguments are of one kind.

    A launch only fills the pointers and scalars into the argument buffer, finds the
    stream and calls the driver's cuLaunchKernel. `reusable` says whether a repeat
    launch may use it (`__call__`): torch tensors, whose pointers the runtime reads
    cheaply, once, with the rest of the launch's key.

    The buffer is made once: a C value per kernel parameter and the array of their
    addresses the driver reads; a launch writes the values in place, under a lock,
    since the driver copies them during the call. A repeat launch of a kernel with no
    scalars goes through the C launch (`native`) where it was built: the fill and the
    driver call are one step there, holding the GIL, so it needs no lock.
    """

    def __init__(self, variant: ir.Kernel, names: list[str], pointer_order: list[str], gen: Generated,
                 device: _Device, kernel: Any, stream: Callable[[], int], dims: dict[str, int], reusable: bool,
                 extras: Callable[[Any, int], Any] | None):
        from cuda.bindings import driver

        self.variant, self.gen, self.device, self.kernel = variant, gen, device, kernel
        self.stream, self.reusable = stream, reusable
        self.sync = flag(ENV_SYNC, False) or gen.debug  # a debug launch waits: its prints, its asserts
        self._asserts = AssertRecord(gen, _LIBRARIES[(gen.source, gen.target(device.arch), device.id)], driver) \
            if gen.asserts else None
        self._driver = driver
        self._function = _function(kernel)
        self._block = gen.threads
        self._shared = gen.shared_on(device.arch)
        self._lock = threading.Lock()
        index = {name: i for i, name in enumerate(names)}
        # A variant's arguments besides the kernel's own (a GEMM variant's tensor maps
        # and grid), filled at each launch.
        self._gemm = extras(self._function, device.sms) if extras is not None else None
        # The tensors' pointers lie side by side in the order a repeat launch passes
        # them, so that it writes them all in one assignment.
        self._pointers = (ctypes.c_void_p * len(pointer_order))()
        position = {name: i for i, name in enumerate(pointer_order)}
        # Each driver argument: a constant (a dim), or filled from a tensor or a scalar.
        self._cells: list[Any] = []
        self._tensors: dict[str, Any] = {}
        self._scalars: list[tuple[Any, int, str, Callable[[Any], np.generic]]] = []
        ctypes_of, packers = SCALAR_ABI[gen.abi]
        for p in gen.params:
            if p.kind == "tensor":
                offset = position[p.name] * ctypes.sizeof(ctypes.c_void_p)
                cell: Any = ctypes.c_void_p.from_buffer(self._pointers, offset)
                self._tensors[p.name] = cell
            elif p.kind == "scalar":
                cell = ctypes_of[p.dtype]()
                self._scalars.append((cell, index[p.name], p.name, packers[p.dtype]))
            elif p.kind in ("tensormap", "grid"):
                assert self._gemm is not None
                cell = self._gemm.cell(p)
            else:
                cell = ctypes.c_int64(dims[p.name])
            self._cells.append(cell)
        self._addresses = (ctypes.c_void_p * max(1, len(self._cells)))(
            *[ctypes.addressof(cell) for cell in self._cells]
        )
        self._params = ctypes.addressof(self._addresses) if self._cells else None
        # Whether a repeat launch reads the arguments (for their scalars), or only the pointers.
        self.takes_values = bool(self._scalars)
        # The C launch, its record of this kernel (which a runtime hit launches too:
        # `record`) and the context the record names.
        self._native: Any = None
        self.record: Any = None
        self._native_context = 0
        if reusable and not self.sync and not self._scalars and self._gemm is None:
            self._native = native.driver_module()
        if self._native is not None:
            self._native_context = self.device.context
            self.record = self._native.prepare(
                int(self._function), self._native_context, self._params or 0, ctypes.addressof(self._pointers),
                len(self._pointers), self._block, self._shared, self.stream,
            )

    def first(self, arrays: dict[str, DeviceArray], scalars: dict[str, Any], grid: tuple[int, int, int]) -> None:
        """The launch that prepared it: pointers from the described arrays, whose
        DLPack producers first order their writes before the launch's stream."""
        order_producers(arrays, self.stream)
        with self._lock:
            for name, cell in self._tensors.items():
                cell.value = arrays[name].ptr
            for cell, _, name, pack in self._scalars:
                cell.value = pack(scalars[name])
            self._send(grid, [ptr or 0 for ptr in self._pointers])  # as just written

    def time(self, arrays: dict[str, DeviceArray], scalars: dict[str, Any], grid: tuple[int, int, int],
             warmup: int = 2, runs: int = 10) -> list[float]:
        """Milliseconds of each of `runs` launches on these arrays, by device events on the
        launch's stream, after `warmup` launches (autotuning's measure)."""
        driver = self._driver
        stream = _wrap_stream(self.stream() or STREAM_LEGACY)
        for _ in range(warmup):
            self.first(arrays, scalars, grid)
        err, start = driver.cuEventCreate(0)
        err2, end = driver.cuEventCreate(0)
        if err or err2:
            raise PhobosError(f"{self._what(grid)}: could not make the events that time it ({err.name})")
        times = []
        try:
            for _ in range(runs):
                driver.cuEventRecord(start, stream)
                self.first(arrays, scalars, grid)
                driver.cuEventRecord(end, stream)
                (err,) = driver.cuEventSynchronize(end)
                if err:
                    raise PhobosError(f"{self._what(grid)} failed while it was timed: {_error_text(driver, err)}")
                times.append(float(driver.cuEventElapsedTime(start, end)[1]))
        finally:
            driver.cuEventDestroy(start)
            driver.cuEventDestroy(end)
        return times

    def __call__(self, arguments: Sequence[Any], pointers: list[int], grid: tuple[int, int, int]) -> None:
        """A repeat launch: the arguments in parameter order (scalars checked) and the
        tensors' data pointers, as the runtime read them for the launch's key (also
        a launch the runtime's C hit did not make: this makes the context current, or
        says why the driver refused)."""
        if self._native is not None:
            for again in (False, True):
                try:  # the C launch, written inline: every repeat launch takes it
                    err = self._native.launch(self.record, pointers, grid)
                except (TypeError, ValueError, OverflowError) as exc:  # a value the C launch refused
                    raise PhobosError(f"{self._what(grid)} failed: {exc}") from None
                if err != -1 or again:
                    break
                # Another context is current in this thread: make ours current, and again.
                self.device.make_current()
                if self.device.context != self._native_context:
                    self._native_context = self.device.context
                    self._native.retarget(self.record, self._native_context)
            if err != 0:
                text = "the device's context could not be made current" if err == -1 else _error_text(self._driver, err)
                raise PhobosError(f"{self._what(grid)} failed: {text}")
            return
        lock = self._lock
        lock.acquire()  # rather than `with`, which costs a repeat launch twice as much
        try:
            self._pointers[:] = pointers
            for cell, index, _, pack in self._scalars:
                cell.value = pack(arguments[index])
            self._send(grid, pointers)
        finally:
            lock.release()

    def _send(self, grid: tuple[int, int, int], pointers: Sequence[int]) -> None:
        """The launch, on its stream: a GEMM variant's maps and grid filled first (and its
        repacked operands copied, on that stream) from the tensors' `pointers`."""
        self.device.make_current()
        handle = self.stream() or STREAM_LEGACY
        stream = _wrap_stream(handle)
        block = self._block
        if self._gemm is not None:
            grid = self._gemm.fill(pointers, grid, handle, stream)
        try:
            (err,) = self._driver.cuLaunchKernel(
                self._function, grid[0], grid[1], grid[2], block, 1, 1, self._shared, stream, self._params, 0
            )
            if err == 0 and self.sync:
                (err,) = self._driver.cuStreamSynchronize(stream)
        except Exception as exc:  # noqa: BLE001 - the binding refused a value: said as the driver's error
            raise PhobosError(f"{self._what(grid)} failed: {exc}") from None
        if err != 0:
            notes = ()
            if self.gen.debug and getattr(err, "name", "") == "CUDA_ERROR_ASSERT":
                notes = ("an assert of the kernel failed (Tile IR's assert: the device printed its message, with the "
                         "line, above); the device's context runs nothing more in this process",)
            raise PhobosError(f"{self._what(grid)} failed: {_error_text(self._driver, err)}", notes=notes)
        if self._asserts is not None:
            self._asserts.check(self.variant.name)

    def _what(self, grid: tuple[int, int, int]) -> str:
        variant, gen, device = self.variant, self.gen, self.device
        return (
            f"kernel `{variant.name}`"
            + (f" (variant {', '.join(f'{n}={v}' for n, v in variant.bindings.items())})" if variant.bindings else "")
            + f" with grid {grid}, {gen.threads} threads a CTA and {gen.shared_on(device.arch)} bytes of shared memory"
            + f" on {device.name} ({device.arch})"
        )


class AssertRecord:
    """A debug kernel's record of its first failed assert (cuda/lower/debug.py), read
    after each launch has finished, and cleared for the next one. Its address is the
    current context's, so it is found at the first check, after a launch."""

    def __init__(self, gen: Generated, library: Any, driver: Any):
        self.words = np.zeros(ASSERT_RECORD_WORDS, np.uint64)
        self.asserts = gen.asserts
        self._library = library
        self._driver = driver
        self._pointer: Any = None

    def check(self, kernel: str) -> None:
        driver = self._driver
        if self._pointer is None:
            err, self._pointer, size = driver.cuLibraryGetGlobal(self._library.handle, ASSERT_RECORD.encode())
            if err != 0 or size != self.words.nbytes:
                raise PhobosError(f"kernel `{kernel}`: its assert record could not be found ({err.name})")
        (err,) = driver.cuMemcpyDtoH(self.words.ctypes.data, self._pointer, self.words.nbytes)
        if err != 0:
            raise PhobosError(f"kernel `{kernel}`: its assert record could not be read ({err.name})")
        which, x, y, z, thread = (int(w) for w in self.words)
        if not which:
            return
        driver.cuMemsetD8(self._pointer, 0, self.words.nbytes)
        span, message = self.asserts[which - 1]
        raise PhobosError(f"assertion failed in kernel `{kernel}` on the GPU, block ({x}, {y}, {z}), thread "
                          f"{thread} (the first failure recorded): {message}", span)


def _error_text(driver: Any, err: Any) -> str:
    """A driver error (a CUresult, or its number from the C launch) as its name and the
    driver's description of it."""
    if isinstance(err, int):
        try:
            err = driver.CUresult(err)
        except ValueError:  # a number this cuda-bindings does not know
            pass
    name = getattr(err, "name", str(err))
    try:
        status, text = driver.cuGetErrorString(err)
    except Exception:  # noqa: BLE001 - the name alone
        return name
    if status != 0 or not text:
        return name
    return f"{name}: {text.decode() if isinstance(text, bytes) else text}"


def launchable(variant: ir.Kernel, names: list[str], arrays: dict[str, DeviceArray], dims: dict[str, int],
               device_id: int, pointer_order: list[str], gen: Generated, build: Callable[[str], bytes],
               extras: Callable[[Any, int], Any] | None = None) -> Prepared:
    """A built variant made ready to launch with arrays like `arrays`: `gen` says its
    parameters, block and shared memory, `build(target)` gives its cubin for the
    device's target (through the back end's cache), and `extras(function, sms)` the
    arguments a variant takes besides the kernel's own (a GEMM variant's tensor maps
    and grid), None where it has none. `names` are the parameters in the order a
    repeat launch passes them, `pointer_order` the tensors in the order it passes
    their pointers."""
    need_cuda_core()
    device = _device(device_id)
    check_shared(variant, gen, device)
    kernel = _kernel(gen, device, build)
    reusable = all(is_torch_tensor_type(type(a.owner)) for a in arrays.values())
    return Prepared(variant, names, pointer_order, gen, device, kernel, _stream_source(arrays, device.id), dims,
                    reusable, extras)


def missing_packages(exc: ImportError) -> PhobosError:
    return PhobosError(
        f"the GPU back ends need cuda-core, cuda-bindings and nvidia-cuda-nvrtc ({exc}); "
        "install them with: pip install 'cuda-core>=1.2' 'cuda-bindings>=13.0' 'nvidia-cuda-nvrtc>=13.0' "
        "(in a Phobos checkout: pip install -e '.[cuda]'; PyPI's `phobos` is another project)"
    )


def need_cuda_core() -> None:
    try:
        import cuda.core  # noqa: F401 - refused here with the packages to install
    except ImportError as exc:
        raise missing_packages(exc) from None
