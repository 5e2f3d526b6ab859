"""NVIDIA's tileiras: Tile IR bytecode to a cubin for one architecture, with no GPU
needed. It comes from pip (the `tileir` extra: nvidia-cuda-tileiras with nvcc, nvvm
and nvJitLink of the same release) and is run with CUDA_HOME and CUDA_PATH unset, so
the wheel's binary uses the tools beside it rather than another toolkit's.

Cubins go through the CUDA back end's memory and disk cache. Their key is the
module's text (every op, type and attribute, and each op's line and column, but not
the source file's path, which the bytecode's debug section holds: a program compiled
from another folder is the same kernel), the bytecode format, the architecture and
the pinned tileiras release. None of it needs tileiras to compute, so cubins built
where it is installed serve a machine without it: a GPU machine that cannot install
tileiras runs what was built for it elsewhere (`phobos compile FILE --backend tileir
--emit cubin` fills the cache too; carry the cache directory, PHOBOS_CACHE_DIR). Such
a cubin's line information names the file as it was where it was built.

A tileiras run may take PHOBOS_TILEIRAS_TIMEOUT seconds (600 unless set): a kernel it
cannot build can keep it for many minutes and take all the memory. What it does
instead of a cubin is the error, at the kernel's line, in its own words.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import math
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from phobos.backends.aot import file_stem
from phobos.backends.gpu import cache
from phobos.errors import PhobosError, Span

from .tables import VERSION

PACKAGE = "nvidia-cuda-tileiras"
TILEIRAS_RELEASE = "13.4.92"  # the release the extra pins, part of a cubin's cache key
INSTALL = (
    f"pip install {PACKAGE}=={TILEIRAS_RELEASE} nvidia-cuda-nvcc=={TILEIRAS_RELEASE} nvidia-nvvm=={TILEIRAS_RELEASE} "
    f"nvidia-nvjitlink=={TILEIRAS_RELEASE} (in a Phobos checkout: pip install -e '.[tileir]'; PyPI's `phobos` is "
    "another project)"
)
ENV_TIMEOUT = "PHOBOS_TILEIRAS_TIMEOUT"
# Seconds one tileiras run may take: a kernel of the largest tiles this back end takes
# (refusals.TILE_ELEMENTS) builds in a few minutes; most in a second or two.
DEFAULT_TIMEOUT = 600.0
TAIL_LINES, TAIL_CHARS = 20, 2000  # how much of tileiras's own words an error quotes
# The architectures tileiras 13.4 builds for (its --gpu-name list).
ARCHES = ("sm_80", "sm_86", "sm_87", "sm_88", "sm_89", "sm_90", "sm_100", "sm_103", "sm_107", "sm_110", "sm_120",
          "sm_121")


def check_arch(arch: str) -> None:
    if arch not in ARCHES:
        raise PhobosError(f"unknown target `{arch}` for the Tile IR back end; tileiras builds for {', '.join(ARCHES)}")


def wheel_roots() -> list[Path]:
    """Where NVIDIA's wheels install: the folders of the `nvidia` namespace package."""
    spec = importlib.util.find_spec("nvidia")
    return [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []


@functools.cache
def tileiras() -> Path:
    """The tileiras binary: the one the pip package installs, else one on PATH."""
    for root in wheel_roots():
        for found in sorted(root.glob("cu*/bin/tileiras")):
            return found
    on_path = shutil.which("tileiras")
    if on_path:
        return Path(on_path)
    raise PhobosError(f"tileiras is not installed, and the Tile IR back end needs it to build a cubin: {INSTALL}")


def tool_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("CUDA_HOME", "CUDA_PATH")}


@functools.cache
def tileiras_version() -> str:
    """tileiras's release line, e.g. `release 13.4, V13.4.92`: part of a cubin's cache key."""
    out = subprocess.run([str(tileiras()), "--version"], capture_output=True, text=True, env=tool_env()).stdout
    return next((line.split(", ", 1)[1] for line in out.splitlines() if "release" in line), out.strip())


def timeout() -> float | None:
    """How long one tileiras run may take, in seconds (PHOBOS_TILEIRAS_TIMEOUT; 0: no
    limit): a kernel it cannot build can take it many minutes and all the memory."""
    raw = os.environ.get(ENV_TIMEOUT, "")
    if not raw.strip():
        return DEFAULT_TIMEOUT
    try:
        seconds = float(raw)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < math.inf:
        raise PhobosError(f"{ENV_TIMEOUT} is {raw!r}; set it to a number of seconds (0: no limit), or leave it unset")
    return seconds or None


def _said(text: str) -> str:
    """The last lines of what tileiras printed, where its reason is."""
    lines = text.strip().splitlines()[-TAIL_LINES:]
    return "\n".join(lines)[-TAIL_CHARS:]


class TileirasFailed(PhobosError):
    """tileiras crashed on a module, or exited saying it could not compile it (not a
    timeout, nor the system stopping it for memory): a fault of tileiras's own for that
    module, which a module made for more launches (a weaker key's) may not meet."""


def assemble(bytecode: bytes, arch: str, kernel: str, where: Span | None = None) -> bytes:
    """The cubin tileiras makes of `bytecode` for `arch`; otherwise an error at the
    kernel (`where`) with what tileiras said (TileirasFailed where it crashed or
    refused the module), or that it ran out of time or was killed."""
    check_arch(arch)
    limit = timeout()
    failed = f"tileiras could not assemble the kernel `{kernel}` for {arch}"
    with tempfile.TemporaryDirectory(prefix="phobos-tileir-") as folder:
        stem = file_stem(kernel)
        source, built = Path(folder) / f"{stem}.tileirbc", Path(folder) / f"{stem}.cubin"
        source.write_bytes(bytecode)
        try:
            done = subprocess.run(
                [str(tileiras()), f"--gpu-name={arch}", "-o", str(built), str(source)],
                capture_output=True, text=True, errors="replace", env=tool_env(), timeout=limit,
            )
        except subprocess.TimeoutExpired:
            raise PhobosError(f"{failed}: it was still running after {limit:g} s and was stopped", where,
                              notes=(f"{ENV_TIMEOUT} sets how long it may take (0: no limit); smaller tiles build "
                                     "faster",)) from None
        if done.returncode < 0:
            number = -done.returncode
            name = signal.Signals(number).name if number in signal.valid_signals() else f"signal {number}"
            memory = (", which is how the system stops a process that runs out of memory"
                      if number == signal.SIGKILL else "")
            error = PhobosError if number == signal.SIGKILL else TileirasFailed
            raise error(f"{failed}: tileiras was stopped by {name}{memory}", where,
                        notes=tuple(f"tileiras said: {t}" for t in [_said(done.stderr)] if t))
        if done.returncode or not built.exists():
            said = _said(done.stderr or done.stdout) or f"nothing, and exited with status {done.returncode}"
            raise TileirasFailed(f"{failed}; tileiras said:\n{said}", where)
        return built.read_bytes()


def cubin_key(text: str, bytecode: bytes, arch: str) -> str:
    """The cache key of a module's cubin: its text and the bytecode tileiras reads (a
    change in how the text is encoded must not find the cubin of the bytes before)."""
    module = hashlib.sha256(text.encode() + b"\0" + bytecode).hexdigest()
    return cache.cache_key(module, bytes(VERSION).hex(), arch, "tileir-cubin", TILEIRAS_RELEASE)


def installed() -> bool:
    """Whether tileiras is here to build cubins."""
    try:
        tileiras()
    except PhobosError:
        return False
    return True


def can_build(text: str, bytecode: bytes, arch: str) -> bool:
    """Whether the module of `text` and `bytecode` has its cubin for `arch`: in the
    cache, or tileiras is here to make it."""
    return cache.lookup(cubin_key(text, bytecode, arch), "cubin") is not None or installed()


def cubin(text: str, bytecode: bytes, arch: str, kernel: str, where: Span | None = None) -> bytes:
    """The cubin of a module (its `text` and `bytecode`) for `arch`: from the cache,
    else assembled by tileiras and cached; an error is at `where`, the kernel's line."""
    key = cubin_key(text, bytecode, arch)
    found = cache.lookup(key, "cubin")
    if found is not None:
        return found
    if not installed():
        raise PhobosError(
            f"kernel `{kernel}` has no Tile IR cubin for {arch} in the cache ({cache.cache_dir()}), and tileiras "
            "is not installed to build one",
            where,
            notes=(f"install it: {INSTALL}",
                   "or build the cubins where it is (`phobos compile FILE --backend tileir --target "
                   f"{arch} --emit cubin`, or a first launch there) and carry the cache directory "
                   "(PHOBOS_CACHE_DIR) to this machine"),
        )
    code = assemble(bytecode, arch, kernel, where)
    cache.STATS.compiles += 1
    cache.store(key, "cubin", code)
    return code
