"""Compiled cubins (and PTX, the C launch's extension, autotuning's choices), cached
in memory and on disk.

The key is a hash of everything the bytes depend on: the generated source, the
target, the output kind, the compiler options and NVRTC's version. A disk entry is
`MAGIC`, the SHA-256 of the payload, a newline, then the payload; it is written to a
temporary file and moved into place (`os.replace`), so a reader never sees half an
entry, and one whose checksum does not match, or that is larger than its kind can be
(read no further than that), is treated as missing and rebuilt.

The checksum finds damage, not a forgery: whoever can write an entry can write its
checksum, and a cubin or the extension is code this process runs. So the disk cache
is used only where no one else can write it: the cache folder must be a folder (or a
link to one, the link yours) owned by this user (or root) and writable by no group
and no other user, else it is refused for the process, with one warning naming it
and why. It and its shard folders are made owner-only (0o700), its entries 0o600; a
shard that is a link, not a folder, or another's or shared is moved aside (a link
removed) with a warning, and an entry another could have written is not read.

Only a regular file is read as an entry. Anything else at an entry's path (a FIFO, a
device, a symlink, a directory) is bad, like a corrupt entry: it is never opened in a
way that could block, and the rebuilt entry replaces it. A directory cannot be
replaced by a file, so it is moved aside under a name that says so, with a warning,
rather than deleted with whatever it holds. Damage is counted (`STATS.corrupt`), not
warned of: it only costs the rebuild.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import secrets
import stat
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

from phobos.backends.files import write_atomic

MAGIC = b"phobos-cubin 1\n"
ENV_CACHE_DIR = "PHOBOS_CACHE_DIR"
MOST_BYTES = 1 << 28  # no cubin is near this; a larger entry is damaged, and never read whole
HEADER = len(MAGIC) + 65  # the magic, the hex digest and its newline


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
_MEMORY: dict[tuple[str, str], bytes] = {}  # by key and suffix: one key may name several entries


def lookup(key: str, suffix: str, most: int = MOST_BYTES) -> bytes | None:
    """The cached bytes for `key`, from memory or disk; None if absent or bad (a payload
    over `most` bytes is bad)."""
    if (key, suffix) in _MEMORY:
        STATS.memory_hits += 1
        return _MEMORY[key, suffix]
    root = _root(create=False)
    shard = None if root is None else _shard(root, key[:2], create=False)
    if shard is None:
        return None
    try:
        blob = read_regular(shard / f"{key}.{suffix}", HEADER + most)
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
    _MEMORY[key, suffix] = payload
    return payload


def reject(key: str, suffix: str) -> None:
    """A payload `lookup` gave that its reader found damaged: forgotten and counted, so
    that the caller builds it again and stores it over the bad entry."""
    _MEMORY.pop((key, suffix), None)
    STATS.corrupt += 1


def read_regular(path: Path, most: int) -> bytes | None:
    """The bytes of the regular file at `path`; None where something else is there, the
    file is over `most` bytes, or another user could have written it (`_untrusted`).

    `lstat` first, so a FIFO or a device is never opened; the file opened is checked
    again, non-blocking, in case the path changed in between."""
    if not stat.S_ISREG(os.lstat(path).st_mode):
        return None
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0))
    with os.fdopen(fd, "rb") as f:
        opened = os.fstat(fd)
        if not stat.S_ISREG(opened.st_mode) or opened.st_size > most or _untrusted(opened):
            return None
        data = f.read(most + 1)  # and no further, should it have grown since
        return data if len(data) <= most else None


def _untrusted(st: os.stat_result) -> str | None:
    """What lets someone other than this user (or root) write the file or folder of
    status `st`; None where nothing does, or the platform has no owners (Windows)."""
    if not hasattr(os, "geteuid"):
        return None
    if owner := _foreign_owner(st):
        return owner
    if st.st_mode & 0o022:
        who = {0o020: "its group", 0o002: "other users"}.get(st.st_mode & 0o022, "its group and other users")
        return f"writable by {who} (mode {stat.S_IMODE(st.st_mode):o})"
    return None


def _foreign_owner(st: os.stat_result) -> str | None:
    """Whose the file of status `st` is, where that is neither this user nor root."""
    me = os.geteuid() if hasattr(os, "geteuid") else None
    if me is None or st.st_uid in (me, 0):
        return None
    return f"owned by user {st.st_uid}, not by you (user {me})"


def _problem(path: Path) -> str | None:
    """Why the folder at `path` (not followed, if a link) cannot hold entries; None if
    it can. FileNotFoundError where there is nothing."""
    st = os.lstat(path)
    if stat.S_ISLNK(st.st_mode):
        return f"a symbolic link (to {os.readlink(path)})"
    if not stat.S_ISDIR(st.st_mode):
        return "not a folder"
    return _untrusted(st)


_REFUSED: set[tuple[str, str]] = set()


def _root(create: bool) -> Path | None:
    """The cache folder, where it can be trusted (made owner-only where `create` and it
    is missing); None where it is missing, cannot be made, or is refused (said once)."""
    root = cache_dir()
    try:
        if create:
            root.mkdir(mode=0o700, parents=True, exist_ok=True)
        link, st = os.lstat(root), os.stat(root)
    except OSError:
        return None  # no disk cache: each process compiles what it needs
    problem = None
    if stat.S_ISLNK(link.st_mode) and (owner := _foreign_owner(link)):
        problem = f"a symbolic link {owner}"  # a link's mode means nothing; its owner can repoint it
    elif not stat.S_ISDIR(st.st_mode):
        problem = "not a folder"
    else:
        problem = _untrusted(st)
    if problem is None:
        return root
    if (str(root), problem) not in _REFUSED:
        _REFUSED.add((str(root), problem))
        warnings.warn(
            f"phobos: the cache folder {root} is {problem}, so someone else could put code in it that "
            "Phobos would run; the disk cache is off in this process (make the folder yours alone, "
            f"chmod 700 {root}, or set {ENV_CACHE_DIR} to one that is)",
            CacheWarning, stacklevel=3,
        )
    return None


def _shard(root: Path, name: str, create: bool) -> Path | None:
    """The folder `name` of the trusted cache folder `root`, where it can hold entries;
    else None, or, where `create`, one made owner-only in its place, what was there
    moved aside (a link removed) with a warning."""
    path = root / name
    try:
        problem = _problem(path)
    except FileNotFoundError:
        problem = "missing"
    except OSError:
        return None
    if problem is None:
        return path
    if not create:
        return None
    if problem != "missing":
        _replace(path, problem)
    with contextlib.suppress(FileExistsError):  # another process may make it first
        os.mkdir(path, 0o700)
    return path if _problem(path) is None else None


def _replace(path: Path, problem: str) -> None:
    """Move what is at the cache folder `path` out of the way (a link: removed, which
    touches nothing it points to), saying so."""
    if problem.startswith("a symbolic link"):
        os.unlink(path)
        done = "the link was removed"
    else:
        aside = path.with_name(f"{path.name}.untrusted-{secrets.token_hex(4)}")
        os.rename(path, aside)
        done = f"it was moved to {aside}"
    warnings.warn(
        f"phobos: {path} is one of the cache's folders, but it was {problem}; {done} and a folder of your "
        "own made in its place",
        CacheWarning, stacklevel=4,
    )


def private_folder(name: str) -> Path | None:
    """The folder `name` in the cache folder, made owner-only where missing (what
    `_shard` does); None where the cache folder is refused or cannot be written."""
    root = _root(create=True)
    return None if root is None else _shard(root, name, create=True)


class CacheWarning(UserWarning):
    """Said when the cache moved something of the user's out of its way, or refused a
    cache folder another could write (naming it, and why)."""


def store(key: str, suffix: str, payload: bytes) -> None:
    """Keep `payload` in memory and write it to disk atomically (best effort on disk)."""
    _MEMORY[key, suffix] = payload
    blob = MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload
    try:
        shard = private_folder(key[:2])
        if shard is None:
            return  # no disk cache here: a recompile next time
        path = shard / f"{key}.{suffix}"
        _move_directory_aside(path)
        write_atomic(path, blob, 0o600)
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
    try:
        folder = private_folder("failed")
        if folder is None:
            return PermissionError(f"the cache folder {cache_dir()} cannot be made, or is not yours alone")
        path = folder / f"{name}-{key[:16]}.cu"
        write_atomic(path, source.encode(), 0o600)
        write_atomic(path.with_suffix(".log"), log.encode(), 0o600)
    except OSError as exc:
        return exc
    return path


ENTRY_FOLDERS = ("native", "failed")  # besides the shards: the launch extension, and builds NVRTC refused


def _kept_files(root: Path) -> list[tuple[str, Path]]:
    """Every file Phobos keeps in the cache folder `root`, each with its kind: an
    entry's suffix (cubin, ptx, ...) in the shards, or its folder's name."""
    found: list[tuple[str, Path]] = []
    for folder in sorted(root.iterdir()):
        shard = len(folder.name) == 2 and all(c in "0123456789abcdef" for c in folder.name)
        if not (shard or folder.name in ENTRY_FOLDERS) or _problem(folder) is not None:
            continue
        for path in sorted(folder.iterdir()):
            if path.is_file() and not path.is_symlink():
                found.append((path.suffix.lstrip(".") if shard else folder.name, path))
    return found


def contents() -> tuple[Path, dict[str, tuple[int, int]]]:
    """The cache folder and what it holds by kind: (files, bytes); nothing where the
    folder is missing or refused."""
    root = _root(create=False)
    kinds: dict[str, tuple[int, int]] = {}
    for kind, path in [] if root is None else _kept_files(root):
        files, size = kinds.get(kind, (0, 0))
        kinds[kind] = (files + 1, size + path.stat().st_size)
    return cache_dir(), kinds


def clear() -> tuple[int, int]:
    """Remove every file Phobos keeps in the cache folder, and the memory cache; the
    (files, bytes) removed. Anything else in the folder stays."""
    forget_memory()
    root = _root(create=False)
    files = size = 0
    for _, path in [] if root is None else _kept_files(root):
        with contextlib.suppress(FileNotFoundError):
            size += path.stat().st_size
            path.unlink()
            files += 1
    return files, size
