"""NVRTC: generated C++ to a cubin (or PTX) for one exact architecture, cached.

Compilation needs no GPU. A cubin is built for the exact `sm_XY` it runs on, so it
does not depend on the driver's PTX version. `--fmad=false` keeps each float
multiply and add rounded on its own, as the interpreter rounds them, except in
math_mode "fast" (`options`).

NVRTC refusing generated code is a Phobos bug. When it happens anyway, the error
points at the Phobos line the `#line` directives name, and the source and log are
kept in the cache folder for inspection.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from phobos.backends.gpu import cache
from phobos.backends.gpu.abi import Generated, check_param_space
from phobos.backends.gpu.launch import missing_packages, refuse_shared
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir
from phobos.targets import ARCHES, SHARED_LIMIT

KINDS = ("cubin", "ptx")


def options(fused: bool) -> list[str]:
    """NVRTC's options: `--fmad=false` keeps each float operation rounded as the
    interpreter rounds it, except in math_mode "fast" (`fused`, Generated.fused), where
    a multiply and the add after it may be one fused multiply-add."""
    return [f"--fmad={'true' if fused else 'false'}", "-std=c++17"]


_AFTER_PATH = r"\((?P<line>\d+)\): (?:error|catastrophic error): (?P<message>.*)$"
_LOCATED = re.compile(r"^(?P<path>.+?)" + _AFTER_PATH, re.M)


@functools.cache
def nvrtc_version() -> str:
    try:
        from cuda.bindings import nvrtc
    except ImportError as exc:
        raise missing_packages(exc) from None
    _, major, minor = nvrtc.nvrtcVersion()
    return f"{major}.{minor}"


def check_arch(arch: str) -> None:
    if arch not in ARCHES:
        raise PhobosError(f"unknown target `{arch}`; Phobos builds for {', '.join(ARCHES)}")


def key_of(gen: Generated, arch: str, kind: str = "cubin") -> str:
    """The cache key of a variant's compiled bytes."""
    return _key(gen.source, gen.target(arch), kind, " ".join(options(gen.fused)))


@functools.lru_cache(maxsize=1024)
def _key(source: str, arch: str, kind: str, flags: str) -> str:
    # Hashing a whole source costs microseconds; a string's own hash is kept on it.
    return cache.cache_key(source, arch, kind, flags, nvrtc_version())


def check_shared(gen: Generated, kernel: ir.Kernel, arch: str) -> None:
    """Refuse a variant whose tiles need more shared memory than a CTA on `arch` has
    (an architecture outside ARCHES is the launcher's to check)."""
    limit = SHARED_LIMIT.get(arch, gen.shared_on(arch))
    if gen.shared_on(arch) > limit:
        refuse_shared(kernel, gen.shared_on(arch), arch, limit)


def build(gen: Generated, kernel: ir.Kernel, arch: str, kind: str = "cubin") -> bytes:
    """The compiled bytes of a generated variant, from the cache or from NVRTC.

    `arch` is any `sm_XY` (a launch builds for the device it finds); the limits of the
    architectures in ARCHES are checked here, others' by the launcher.
    """
    check_shared(gen, kernel, arch)
    check_param_space(gen.params, kernel, "cuda", "CUDA")
    key = key_of(gen, arch, kind)
    found = cache.lookup(key, kind)
    if found is not None:
        return found
    code = _nvrtc(gen, kernel, arch, kind, key)
    cache.STATS.compiles += 1
    cache.store(key, kind, code)
    return code


def _nvrtc(gen: Generated, kernel: ir.Kernel, arch: str, kind: str, key: str) -> bytes:
    """One build of a variant; a refusal is a Phobos bug, reported at the kernel's line."""
    target = gen.target(arch)
    target = target if kind == "cubin" else target.replace("sm_", "compute_")
    run = nvrtc_run(gen.source, gen.name, [f"-arch={target}", *options(gen.fused)], kind)
    if run.code is None:
        raise _refused(gen, kernel, arch, key, run.log)
    serialized = serialization_warning(run.log)
    if serialized is not None:
        raise SerializedProducts(
            f"ptxas serialized the tensor-core instructions of kernel `{kernel.name}` ({arch}): {serialized}",
            kernel.span,
            ("this is a bug in Phobos's CUDA back end (its GEMM code would run far below the tensor cores' "
             "speed); please report it with the program",),
        )
    return run.code


@dataclass(frozen=True)
class NvrtcRun:
    """What one NVRTC run gave: its log, and the cubin or PTX (None where it refused)."""

    log: str
    code: bytes | None


def nvrtc_run(source: str, name: str, flags: list[str], kind: str = "cubin") -> NvrtcRun:
    """NVRTC on `source` with `flags` (the architecture among them), straight through
    cuda.bindings: no driver is needed to compile. The back end's builds, the explain
    pages' PTX and the tests' ptxas reports all go through here."""
    try:
        from cuda.bindings import nvrtc
    except ImportError as exc:
        raise missing_packages(exc) from None
    err, program = nvrtc.nvrtcCreateProgram(source.encode(), f"{name}.cu".encode(), 0, [], [])
    _check(nvrtc, err)
    try:
        encoded = [flag.encode() for flag in flags]
        (status,) = nvrtc.nvrtcCompileProgram(program, len(encoded), encoded)
        _, size = nvrtc.nvrtcGetProgramLogSize(program)
        raw = b" " * size
        nvrtc.nvrtcGetProgramLog(program, raw)
        log = raw.decode(errors="replace")
        if status != nvrtc.nvrtcResult.NVRTC_SUCCESS:
            return NvrtcRun(log, None)
        get_size, get = (
            (nvrtc.nvrtcGetCUBINSize, nvrtc.nvrtcGetCUBIN) if kind == "cubin"
            else (nvrtc.nvrtcGetPTXSize, nvrtc.nvrtcGetPTX)
        )
        err, size = get_size(program)
        _check(nvrtc, err)
        code = b" " * size
        (err,) = get(program, code)
        _check(nvrtc, err)
        return NvrtcRun(log, code.rstrip(b"\0") if kind == "ptx" else code)
    finally:
        nvrtc.nvrtcDestroyProgram(program)


# ptxas's notes that wgmma.mma_async was serialized: across a function call (C7510),
# for want of registers (C7511), because another instruction defines an accumulator
# (C7515), or for a wait it inserted on a divergent path (C7518), and any other C75xx
# note that says so. A GEMM so built is correct but far slower, so it is no build.
SERIALIZED = re.compile(r"\((C75\d\d)\)\s*(.*serializ.*)")


class SerializedProducts(PhobosError):
    """ptxas serialized a kernel's wgmma instructions, for want of registers: the general
    lowering writes such a variant again with its products on mma.sync (runtime/launch.py)."""


def serialization_warning(log: str) -> str | None:
    """ptxas's first warning that it serialized wgmma instructions, if the log has one."""
    found = SERIALIZED.search(log)
    return None if found is None else f"{found.group(1)}: {found.group(2).strip()}"


def _check(nvrtc, err) -> None:  # noqa: ANN001 - the nvrtc module and its result enum
    if err != nvrtc.nvrtcResult.NVRTC_SUCCESS:
        raise PhobosError(f"NVRTC failed: {err.name}")


def _refused(gen: Generated, kernel: ir.Kernel, arch: str, key: str, log: str) -> PhobosError:
    log = log.replace("\x00", "").strip()
    kept = cache.keep_failed(gen.name, key, gen.source, log)
    # The kernel's own path first: a path may hold anything, a newline or "(1): " too.
    own = re.compile("^" + re.escape(kernel.span.path) + _AFTER_PATH, re.M)
    found = own.search(log) or _LOCATED.search(log)
    span = kernel.span
    message = log.splitlines()[-1] if log else "no log"
    if found:
        message = found.group("message")
        line = int(found.group("line"))
        if found.re is own:
            text = kernel.span.source.line_text(line)
            span = Span(kernel.span.source, line, 1, line, max(2, len(text) + 1))
    where = (f"the generated source is kept at {kept}, the compiler's log beside it" if isinstance(kept, Path)
             else f"the generated source could not be kept in the cache directory: {kept}")
    return PhobosError(
        f"NVRTC refused the CUDA C++ generated for kernel `{kernel.name}` ({arch}): {message}",
        span,
        ("this is a bug in Phobos's CUDA back end; please report it with the program", where),
    )
