"""Compiled cubins, cached in memory and on disk.

The key is a hash of everything the bytes depend on: the generated source, the
target, the output kind, the compiler options and NVRTC's version. A disk entry is
`MAGIC`, the SHA-256 of the payload, a newline, then the payload; it is written to a
temporary file and moved into place (`os.replace`), so a reader never sees half an
entry, and one whose checksum does not match is treated as missing and rebuilt.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

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
    """The cached bytes for `key`, from memory or disk; None if absent or corrupt."""
    if key in _MEMORY:
        STATS.memory_hits += 1
        return _MEMORY[key]
    path = _entry_path(key, suffix)
    try:
        blob = path.read_bytes()
    except OSError:
        return None
    head, _, payload = blob[len(MAGIC):].partition(b"\n")
    if not blob.startswith(MAGIC) or hashlib.sha256(payload).hexdigest().encode() != head:
        STATS.corrupt += 1
        return None
    STATS.disk_hits += 1
    _MEMORY[key] = payload
    return payload


def store(key: str, suffix: str, payload: bytes) -> None:
    """Keep `payload` in memory and write it to disk atomically (best effort on disk)."""
    _MEMORY[key] = payload
    path = _entry_path(key, suffix)
    blob = MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(blob)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass  # a read-only or full cache directory only costs a recompile next time


def forget_memory() -> None:
    """Drop the in-memory cache (tests use it to exercise the disk)."""
    _MEMORY.clear()


def keep_failed(name: str, key: str, source: str, log: str) -> Path:
    """Keep the source NVRTC refused, and its log, where a user can inspect them."""
    folder = cache_dir() / "failed"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}-{key[:16]}.cu"
    path.write_text(source)
    path.with_suffix(".log").write_text(log)
    return path
