"""Compiled cubins (and PTX, and the C launch's extension), cached in memory and on disk.

The key is a hash of everything the bytes depend on: the generated source, the
target, the output kind, the compiler options and NVRTC's version. A disk entry is
`MAGIC`, the SHA-256 of the payload, a newline, then the payload; it is written to a
temporary file and moved into place (`os.replace`), so a reader never sees half an
entry, and one whose checksum does not match is treated as missing and rebuilt.

Only a regular file is read as an entry. Anything else at an entry's path (a FIFO, a
device, a symlink, a directory) is bad, like a corrupt entry: it is never opened in a
way that could block, and the rebuilt entry replaces it. A directory cannot be
replaced by a file, so it is moved aside under a name that says so, with a warning,
rather than deleted with whatever it holds.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

from phobos.backends.files import write_atomic

MAGIC = b"phobos-cubin 1\n"
ENV_CACHE_DIR = "PHOBOS_CACHE_DIR"


def cache_dir() -> Path:
    """PHOBOS_CACHE_DIR, else the user's cache directory."""
    chosen = os.environ.get(ENV_CACHE_DIR)
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "phobos"


def cache_key(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()


@dataclass
class Stats:
    """Counts for this process, so tests can tell a compile from a cache hit."""

    compiles: int = 0
    memory_hits: int = 0
    disk_hits: int = 0
    corrupt: int = 0


STATS = Stats()
_MEMORY: dict[str, bytes] = {}


def _entry_path(key: str, suffix: str) -> Path:
    return cache_dir() / key[:2] / f"{key}.{suffix}"


def lookup(key: str, suffix: str) -> bytes | None:
    """The cached bytes for `key`, from memory or disk; None if absent or bad."""
    if key in _MEMORY:
        STATS.memory_hits += 1
        return _MEMORY[key]
    path = _entry_path(key, suffix)
    try:
        blob = read_regular(path)
    except FileNotFoundError:
        return None
    except OSError:
        blob = None
    if blob is None:
        STATS.corrupt += 1
        return None
    head, _, payload = blob[len(MAGIC):].partition(b"\n")
    if not blob.startswith(MAGIC) or hashlib.sha256(payload).hexdigest().encode() != head:
        STATS.corrupt += 1
        return None
    STATS.disk_hits += 1
    _MEMORY[key] = payload
    return payload


def read_regular(path: Path) -> bytes | None:
    """The bytes of the regular file at `path`; None where something else is there.

    `lstat` first, so a FIFO or a device is never opened; the file opened is checked
    again, non-blocking, in case the path changed in between."""
    if not stat.S_ISREG(os.lstat(path).st_mode):
        return None
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return f.read()


class CacheWarning(UserWarning):
    """Said when the cache had to move something of the user's out of an entry's way."""


def store(key: str, suffix: str, payload: bytes) -> None:
    """Keep `payload` in memory and write it to disk atomically (best effort on disk)."""
    _MEMORY[key] = payload
    blob = MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
    path = _entry_path(key, suffix)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _move_directory_aside(path)
        write_atomic(path, blob)
    except OSError:
        pass  # a read-only or full cache directory only costs a recompile next time


def _move_directory_aside(path: Path) -> None:
    """Make room for an entry where a directory is, keeping what the directory holds."""
    try:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            return
    except FileNotFoundError:
        return
    aside = Path(tempfile.mkdtemp(dir=path.parent, prefix=f"{path.name}.not-an-entry-"))
    os.replace(path, aside / path.name)
    warnings.warn(
        f"phobos: {path} is a cache entry's name, but a directory was there; "
        f"it was moved to {aside / path.name} and the entry written in its place",
        CacheWarning, stacklevel=2,
    )


def forget_memory() -> None:
    """Drop the in-memory cache (tests use it to exercise the disk)."""
    _MEMORY.clear()


def keep_failed(name: str, key: str, source: str, log: str) -> Path | OSError:
    """Keep the source NVRTC refused, and its log, where a user can inspect them; the
    error instead where the cache directory cannot take them."""
    path = cache_dir() / "failed" / f"{name}-{key[:16]}.cu"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, source.encode())
        write_atomic(path.with_suffix(".log"), log.encode())
    except OSError as exc:
        return exc
    return path
