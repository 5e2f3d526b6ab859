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
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from phobos.backends.cuda import cache
from phobos.errors import PhobosError

from .tables import VERSION

PACKAGE = "nvidia-cuda-tileiras"
TILEIRAS_RELEASE = "13.4.92"  # the release the extra pins, part of a cubin's cache key
INSTALL = (
    f"pip install 'phobos[tileir]' (the package {PACKAGE} 13.4.92 with nvidia-cuda-nvcc, nvidia-nvvm "
    "and nvidia-nvjitlink of the same release)"
)
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


def assemble(bytecode: bytes, arch: str, kernel: str) -> bytes:
    """The cubin tileiras makes of `bytecode` for `arch`; its refusal, quoted, otherwise."""
    check_arch(arch)
    with tempfile.TemporaryDirectory(prefix="phobos-tileir-") as folder:
        source, built = Path(folder) / f"{kernel}.tileirbc", Path(folder) / f"{kernel}.cubin"
        source.write_bytes(bytecode)
        done = subprocess.run(
            [str(tileiras()), f"--gpu-name={arch}", "-o", str(built), str(source)],
            capture_output=True, text=True, env=tool_env(),
        )
        if done.returncode or not built.exists():
            detail = (done.stderr or done.stdout).strip()
            raise PhobosError(f"tileiras could not assemble the kernel `{kernel}` for {arch}:\n{detail}")
        return built.read_bytes()


def cubin_key(text: str, arch: str) -> str:
    return cache.cache_key(hashlib.sha256(text.encode()).hexdigest(), bytes(VERSION).hex(), arch, "tileir-cubin",
                           TILEIRAS_RELEASE)


def installed() -> bool:
    """Whether tileiras is here to build cubins."""
    try:
        tileiras()
    except PhobosError:
        return False
    return True


def can_build(text: str, arch: str) -> bool:
    """Whether the module of `text` has its cubin for `arch`: in the cache, or tileiras
    is here to make it."""
    return cache.lookup(cubin_key(text, arch), "cubin") is not None or installed()


def cubin(text: str, bytecode: bytes, arch: str, kernel: str) -> bytes:
    """The cubin of a module (its `text` and `bytecode`) for `arch`: from the cache,
    else assembled by tileiras and cached."""
    key = cubin_key(text, arch)
    found = cache.lookup(key, "cubin")
    if found is not None:
        return found
    if not installed():
        raise PhobosError(
            f"kernel `{kernel}` has no Tile IR cubin for {arch} in the cache ({cache.cache_dir()}), and tileiras "
            "is not installed to build one",
            notes=(f"install it: {INSTALL}",
                   "or build the cubins where it is (`phobos compile FILE --backend tileir --target "
                   f"{arch} --emit cubin`, or a first launch there) and carry the cache directory "
                   "(PHOBOS_CACHE_DIR) to this machine"),
        )
    code = assemble(bytecode, arch, kernel)
    cache.STATS.compiles += 1
    cache.store(key, "cubin", code)
    return code
