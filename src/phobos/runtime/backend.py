"""Which back end runs a launch, and running it there.

The choice lives in one function, `choose_backend`: the GPU where a CUDA device is
visible, the interpreter otherwise or when asked for. When the user did not ask for
the interpreter, the reason is said once per process, because a silent fall back to
the CPU looks like a slow GPU. On the GPU, the CUDA back end runs a kernel unless
the Tile IR back end is asked for (`backend="tileir"`, or PHOBOS_BACKEND=tileir).
"""

from __future__ import annotations

import functools
import reprlib
import warnings
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from phobos.environment import flag, word
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.signature import Signature
from phobos.ir.specialize import Specialization
from phobos.targets import ALIGNMENT

from .args import Checked
from .autotune import ENV_AUTOTUNE
from .grid import Grid
from .host import host_view
from .plans import Rerun

ENV_INTERPRET = "PHOBOS_INTERPRET"
ENV_BACKEND = "PHOBOS_BACKEND"
ENV_DEBUG = "PHOBOS_DEBUG"
KNOWN_OPTIONS = ("interpret", "backend", "math_mode", "debug")
MATH_MODES = ("relaxed", "fast")
GPU_BACKENDS = ("cuda", "tileir")


class InterpreterNotice(UserWarning):
    """Said once per process when kernels run on the interpreter without being asked to."""


def check_options(options: dict[str, Any], where: str) -> None:
    """Refuse an option the runtime does not know, or a value it does not take (None is
    the option left out): each refusal names the option, the value's type and what it
    takes, whatever the value is (a numpy array compares elementwise, so values are
    compared only once their type is known)."""
    for name in options:
        if name not in KNOWN_OPTIONS:
            raise PhobosError(
                f"{where}: unknown option `{name}`", notes=(f"options: {', '.join(KNOWN_OPTIONS)}",)
            )
    interpret = options.get("interpret")
    for name in ("interpret", "debug"):
        value = options.get(name)
        if value is not None and not isinstance(value, bool):
            raise _bad_option(where, name, value, "True or False")
    for name, allowed in (("math_mode", MATH_MODES), ("backend", GPU_BACKENDS)):
        value = options.get(name)
        if value is not None and not (isinstance(value, str) and value in allowed):
            raise _bad_option(where, name, value, " or ".join(map(repr, allowed)))
    chosen = options.get("backend")
    if chosen is not None and interpret is True:
        raise PhobosError(f"{where}: interpret=True and backend={chosen!r} ask for two back ends; give one")


def _bad_option(where: str, name: str, value: object, takes: str) -> PhobosError:
    if isinstance(value, str):
        return PhobosError(f"{where}: {name}= takes {takes}, not {reprlib.repr(value)}")
    kind = f"{type(value).__module__}.{type(value).__qualname__}".removeprefix("builtins.")
    article = "an" if kind[0] in "aeiou" else "a"
    return PhobosError(f"{where}: {name}= takes {takes}, not {article} {kind} ({reprlib.repr(value)})")


@functools.cache
def cuda_device() -> tuple[bool, str]:
    """Whether a CUDA device is visible, and if not, why; cheap, cached, never raises."""
    try:
        from cuda.bindings import driver  # type: ignore[import-not-found]
    except ImportError:
        return False, "cuda-bindings is not installed"
    try:
        (err,) = driver.cuInit(0)
        if err != driver.CUresult.CUDA_SUCCESS:
            return False, f"the CUDA driver did not start ({err.name})"
        err, count = driver.cuDeviceGetCount()
        if err != driver.CUresult.CUDA_SUCCESS or count == 0:
            return False, "the CUDA driver sees no device"
    except Exception as exc:  # noqa: BLE001 - detection must never fail a launch
        # Typically no NVIDIA driver library on this machine (cuda-pathfinder's
        # DynamicLibNotFoundError); the type is enough to say which.
        return False, f"the CUDA driver could not be loaded ({type(exc).__name__})"
    return True, f"{count} CUDA device{'s' * (count != 1)} visible"


@dataclass(frozen=True)
class DeviceArguments:
    shadows: dict[str, Any]
    arrays: dict[str, Any]
    device_id: int
    backend: str  # which GPU back end runs them

    @property
    def identity(self) -> str:
        """The GPU and its driver (what an autotuning choice is kept for)."""
        from phobos.backends.gpu.launch import device_identity

        return device_identity(self.device_id)

    @property
    def aligned(self) -> frozenset[str]:
        """The tensors whose data starts at a 16-byte aligned address."""
        return frozenset(name for name, array in self.arrays.items() if array.ptr % ALIGNMENT == 0)


@dataclass(frozen=True)
class Choice:
    """A back end by name, and what to tell the user about the choice (once), if anything."""

    backend: str
    notice: str | None = None


# The plain choices, made once.
INTERP, CUDA, TILEIR = Choice("interp"), Choice("cuda"), Choice("tileir")


def choose_backend(kernel: str, options: dict[str, Any]) -> Choice:
    """The back end for the first launch of a kind of arguments: an explicit
    `interpret=` or `backend=` option first, then PHOBOS_INTERPRET=1, then the GPU
    where one is visible (the back end PHOBOS_BACKEND names, else CUDA), else the
    interpreter with a notice. (A repeat launch of that kind runs where it did,
    without reading the environment again: see `plans`.)"""
    asked, gpu = options.get("interpret"), options.get("backend")
    named = word(ENV_BACKEND, GPU_BACKENDS)  # read, and a bad value refused, with or without a GPU
    flag(ENV_AUTOTUNE, True)  # likewise: the interpreter does not tune, but a bad value is refused there too
    flag(ENV_DEBUG, False)  # and the interpreter runs prints and asserts always
    if asked is True or (asked is None and gpu is None and flag(ENV_INTERPRET, False)):
        return INTERP
    visible, why = cuda_device()
    if visible:
        return TILEIR if (gpu or named) == "tileir" else CUDA
    if asked is False or gpu is not None:
        option = "interpret=False" if asked is False else f"backend={gpu!r}"
        raise PhobosError(f"kernel `{kernel}` was made with {option}, which asks for the GPU, but {why}")
    how = f"interpret=True or {ENV_INTERPRET}=1 asks for it and silences this notice"
    return Choice(
        "interp",
        f"phobos: no CUDA device is visible: {why}. Kernels run on the CPU interpreter ({how}).",
    )


def debug_wanted(options: dict[str, Any]) -> bool:
    """Whether a GPU launch compiles its prints and asserts in: the kernel's `debug=`
    where given, else PHOBOS_DEBUG (read at the first launch of a kind, as
    PHOBOS_INTERPRET is)."""
    asked = options.get("debug")
    return flag(ENV_DEBUG, False) if asked is None else bool(asked)


_said: set[str] = set()


def say_once(message: str, stacklevel: int = 2) -> None:
    """Warn with `message` the first time this process sees it; `stacklevel` as in `warnings.warn`."""
    if message in _said:
        return
    _said.add(message)
    warnings.warn(message, InterpreterNotice, stacklevel=stacklevel + 1)


def device_arguments(backend: str, sig: Signature, values: dict[str, Any]) -> DeviceArguments | None:
    """For the GPU, each tensor's device memory, and host-side stand-ins the argument
    checks can read (shape, dtype, strides); None on the interpreter."""
    if backend not in GPU_BACKENDS:
        return None
    from phobos.backends.gpu.arrays import prepare

    return DeviceArguments(*prepare(sig, values), backend)


def run(sig: Signature, variant: ir.Kernel, grid: Grid, checked: Checked, dims: dict[str, int],
        device: DeviceArguments | None, spec: Specialization,
        pointer_order: list[str]) -> Rerun | None:
    """Run one variant on the back end its arguments were prepared for, compiled for
    the key `spec` on the GPU; writes in place.

    Returns how to run it again for a launch with arguments of the same kind (the
    bound values in parameter order, scalars checked, and the tensors' data pointers
    in `pointer_order`), or None where that is not known.
    """
    if device is not None:
        prepared = _prepared(sig, variant, dims, device, spec, pointer_order)
        prepared.first(device.arrays, checked.scalars, grid)
        return Rerun(prepared, prepared.takes_values, prepared.record) if prepared.reusable else None
    tensors = [(i, p) for i, p in enumerate(sig.params) if p.is_tensor]
    scalars = [(i, p.name) for i, p in enumerate(sig.params) if not p.is_tensor]
    kept = dict(dims)  # each run gets a copy of its own

    def again(values: list[Any], _pointers: list[int], grid: Grid) -> None:
        _interpreter()(
            variant, grid, {p.name: host_view(sig.kernel, p, values[i]) for i, p in tensors},
            {name: values[i] for i, name in scalars}, dict(kept),
        )

    _interpreter()(variant, grid, checked.tensors, checked.scalars, dims)
    return Rerun(again)


def time_variant(sig: Signature, variant: ir.Kernel, grid: Grid, checked: Checked, dims: dict[str, int],
                 device: DeviceArguments, spec: Specialization, warmup: int, runs: int) -> list[float]:
    """Milliseconds of `runs` launches of one variant on the GPU arrays of `device`,
    after `warmup` (autotuning's measure; the arrays are the candidates' scratch, the
    grid one of some programs: launch.py times no other)."""
    prepared = _prepared(sig, variant, dims, device, spec, list(device.arrays))
    return prepared.time(device.arrays, checked.scalars, grid, warmup, runs)


def tuning_twins(device: DeviceArguments, runnable: list[tuple[ir.Kernel, Grid]],
                 spec: Specialization) -> list[tuple[ir.Kernel, Grid]]:
    """Candidates the back end times beside a launch's variants, each with its variant's
    grid: through Tile IR unless PHOBOS_TILEIR_OCCUPANCY_TWINS says no, each variant with a
    matrix product hinted to two CTAs an SM (tileir.launch.occupancy_twin), where that
    module can run on the device (tileir.launch.twin_runs)."""
    if device.backend != "tileir":
        return []
    from phobos.backends.tileir.launch import ENV_OCCUPANCY_TWINS, occupancy_twin, twin_runs

    if not flag(ENV_OCCUPANCY_TWINS, True):
        return []

    out = []
    for variant, grid in runnable:
        twin = occupancy_twin(variant)
        if twin is not None and twin_runs(twin if spec.debug else _without_debug(twin), spec, device.device_id):
            out.append((twin, grid))
    return out


def _prepared(sig: Signature, variant: ir.Kernel, dims: dict[str, int], device: DeviceArguments,
              spec: Specialization, pointer_order: list[str]) -> Any:
    """The variant made ready to launch on the GPU back end `device` was described for."""
    if device.backend == "tileir":
        from phobos.backends.tileir.launch import prepare
    else:
        from phobos.backends.cuda.runtime.launch import prepare
    names = [p.name for p in sig.params]
    if not spec.debug:
        variant = _without_debug(variant)
    return prepare(variant, spec, names, device.arrays, dims, device.device_id, pointer_order)


_STRIPPED: weakref.WeakKeyDictionary[ir.Kernel, ir.Kernel] = weakref.WeakKeyDictionary()


def _without_debug(variant: ir.Kernel) -> ir.Kernel:
    """The variant without its prints and asserts, one object per variant (the back
    ends keep what they generate by variant)."""
    found = _STRIPPED.get(variant)
    if found is None:
        found = _STRIPPED[variant] = ir.without_debug(variant)
    return found


def _interpreter() -> Callable[..., None]:
    try:
        from phobos.backends.interp import run as interp_run
    except ImportError as exc:
        if exc.name != "phobos.backends.interp":
            raise
        raise PhobosError("the interpreter back end is missing from this installation of phobos") from None
    return interp_run
