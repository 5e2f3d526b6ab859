"""The compiled-kernel caches: in memory within a process, on disk across processes
(PHOBOS_CACHE_DIR), written atomically, and a corrupt entry detected and rebuilt,
the C launch's extension as a cubin. Building is what a launch does before loading,
so no GPU is needed."""

from __future__ import annotations

import ctypes
import os
import re
import stat
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from phobos.backends.cuda.runtime.compile import nvrtc_version
from phobos.backends.gpu import cache, native
from phobos.errors import PhobosError

PROGRAM = """\
@launch(64)
kernel scale(X: tensor<f32>[N], Y: tensor<f32>[N], a: f32) {
  let base = ctx.block.x * 256
  var x = X[base :+ 256]
  Y[base :+ 256] = x * a
}
"""

# One process's build of the kernel: prints its compile and hit counts.
CHILD = """\
import sys
import phobos
from phobos.backends.gpu import cache
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate
variant = phobos.compile(sys.argv[1]).scale.variants[0]
code = build(generate(variant), variant, "sm_80")
assert code[:4] == b"\\x7fELF"
s = cache.STATS
print(s.compiles, s.disk_hits, s.corrupt)
"""


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(folder))
    return folder


def run_child(tmp_path: Path, folder: Path) -> tuple[int, int, int]:
    program = tmp_path / "scale.phobos"
    program.write_text(PROGRAM)
    env = {**os.environ, cache.ENV_CACHE_DIR: str(folder)}
    done = subprocess.run([sys.executable, "-W", "error::UserWarning", "-c", CHILD, str(program)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    compiles, disk_hits, corrupt = map(int, done.stdout.split())
    return compiles, disk_hits, corrupt


def entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.cubin"))


def test_a_second_process_compiles_nothing(tmp_path: Path, cache_dir: Path):
    assert run_child(tmp_path, cache_dir) == (1, 0, 0)
    assert len(entries(cache_dir)) == 1
    assert run_child(tmp_path, cache_dir) == (0, 1, 0)


def test_one_key_keeps_an_entry_for_each_suffix_in_memory_and_on_disk(cache_dir: Path):
    """A Tile IR twin's register-plan verdict is kept under its cubin's key: storing it
    replaced the cubin in memory, and its launches loaded b"fits" as the cubin."""
    key = cache.cache_key("one key, two entries")
    cache.store(key, "cubin", b"machine code")
    cache.store(key, "regplan", b"fits")
    assert cache.lookup(key, "cubin") == b"machine code" and cache.lookup(key, "regplan") == b"fits"
    cache.forget_memory()
    assert cache.lookup(key, "regplan") == b"fits" and cache.lookup(key, "cubin") == b"machine code"
    cache.reject(key, "cubin")
    assert cache.lookup(key, "regplan") == b"fits"


def test_a_corrupt_entry_is_detected_and_rebuilt(tmp_path: Path, cache_dir: Path):
    run_child(tmp_path, cache_dir)
    (entry,) = entries(cache_dir)
    good = entry.read_bytes()
    entry.write_bytes(good[:-100] + b"x" * 100)  # same length, wrong payload
    assert run_child(tmp_path, cache_dir) == (1, 0, 1)
    assert entry.read_bytes() == good
    entry.write_bytes(good[: len(good) // 2])  # truncated
    assert run_child(tmp_path, cache_dir) == (1, 0, 1)
    entry.write_bytes(b"")
    assert run_child(tmp_path, cache_dir) == (1, 0, 1)
    assert run_child(tmp_path, cache_dir) == (0, 1, 0)


def test_a_fifo_in_place_of_an_entry_is_not_waited_on(tmp_path: Path, cache_dir: Path):
    run_child(tmp_path, cache_dir)
    (entry,) = entries(cache_dir)
    good = entry.read_bytes()
    entry.unlink()
    os.mkfifo(entry)  # opening it to read would wait for a writer forever
    assert run_child(tmp_path, cache_dir) == (1, 0, 1)  # run_child gives up after 60 s
    assert entry.is_file() and entry.read_bytes() == good


def test_a_symlink_in_place_of_an_entry_is_replaced_not_followed(tmp_path: Path, cache_dir: Path):
    key = "cd" * 32
    cache.store(key, "cubin", b"payload")
    cache.forget_memory()
    entry = cache_dir / "cd" / f"{key}.cubin"
    elsewhere = tmp_path / "elsewhere"
    elsewhere.write_bytes(entry.read_bytes())
    entry.unlink()
    entry.symlink_to(elsewhere)
    corrupt = cache.STATS.corrupt
    assert cache.lookup(key, "cubin") is None and cache.STATS.corrupt == corrupt + 1
    cache.store(key, "cubin", b"payload")
    assert not entry.is_symlink() and entry.read_bytes() == elsewhere.read_bytes()


def test_a_directory_in_place_of_an_entry_is_moved_aside_once(cache_dir: Path):
    key = "ef" * 32
    cache.store(key, "cubin", b"payload")
    cache.forget_memory()
    entry = cache_dir / "ef" / f"{key}.cubin"
    entry.unlink()
    entry.mkdir()
    (entry / "kept.txt").write_text("someone's file")
    corrupt = cache.STATS.corrupt
    assert cache.lookup(key, "cubin") is None and cache.STATS.corrupt == corrupt + 1
    with pytest.warns(cache.CacheWarning, match="a directory was there; it was moved to"):
        cache.store(key, "cubin", b"payload")
    cache.forget_memory()
    assert cache.lookup(key, "cubin") == b"payload"  # rebuilt once, not at every run
    (aside,) = (cache_dir / "ef").glob(f"{key}.cubin.not-an-entry-*/{key}.cubin")
    assert (aside / "kept.txt").read_text() == "someone's file"


def test_writes_are_atomic_and_leave_no_temporary_files(cache_dir: Path):
    cache.store("ab" * 32, "cubin", b"payload")
    folder = cache_dir / "ab"
    assert [p.name for p in folder.iterdir()] == [f"{'ab' * 32}.cubin"]
    blob = (folder / f"{'ab' * 32}.cubin").read_bytes()
    assert blob.startswith(cache.MAGIC) and blob.endswith(b"\npayload")
    assert [mode(p) for p in (cache_dir, folder, folder / f"{'ab' * 32}.cubin")] == [0o700, 0o700, 0o600]


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def disk(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty cache folder of this test's (no NVRTC needed: entries are stored by hand)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(folder))
    cache.forget_memory()
    return folder


KEY = "cd" * 32


def stored(folder: Path, payload: bytes = b"payload") -> Path:
    """A good entry of `payload` under KEY, on disk only."""
    cache.store(KEY, "cubin", payload)
    cache.forget_memory()
    return folder / KEY[:2] / f"{KEY}.cubin"


def foreign(path: Path) -> None:
    """Make `path` another user's (user 4242)."""
    if os.geteuid() != 0:
        pytest.skip("only root can give a file away")
    os.chown(path, 4242, -1, follow_symlinks=False)


def test_an_entry_past_its_bound_is_not_read(disk: Path):
    entry = stored(disk)
    os.truncate(entry, 8 << 30)  # 8 GiB, sparse: read whole, it would be a MemoryError
    corrupt = cache.STATS.corrupt
    assert cache.lookup(KEY, "cubin") is None and cache.STATS.corrupt == corrupt + 1
    stored(disk, b"payload")
    assert cache.lookup(KEY, "cubin", most=len(b"payload")) == b"payload"
    cache.forget_memory()
    assert cache.lookup(KEY, "cubin", most=len(b"payload") - 1) is None  # the bound is the payload's


def test_a_shard_that_is_a_link_is_neither_read_nor_written_through(disk: Path, tmp_path: Path):
    entry = stored(disk)
    good = entry.read_bytes()
    outside = tmp_path / "outside"
    (disk / KEY[:2]).rename(outside)
    (disk / KEY[:2]).symlink_to(outside)
    assert cache.lookup(KEY, "cubin") is None  # the good entry beyond the link is not read
    with pytest.warns(cache.CacheWarning, match=rf"{KEY[:2]} is one of the cache's folders, but it was a symbolic "
                                                rf"link \(to {outside}\); the link was removed"):
        cache.store(KEY, "cubin", b"other")
    assert not (disk / KEY[:2]).is_symlink() and mode(disk / KEY[:2]) == 0o700
    assert entry.read_bytes().endswith(b"\nother") and (outside / entry.name).read_bytes() == good


@pytest.mark.parametrize("damage", ["group-writable", "world-writable", "another's", "a file"])
def test_a_shard_another_could_write_is_moved_aside(disk: Path, damage: str):
    entry = stored(disk)
    shard = entry.parent
    if damage == "a file":
        entry.unlink()
        shard.rmdir()
        shard.write_text("not a folder")
    elif damage == "another's":
        foreign(shard)
    else:
        shard.chmod(0o770 if damage == "group-writable" else 0o707)
    said = {"group-writable": "writable by its group (mode 770)", "another's": "owned by user 4242",
            "world-writable": "writable by other users (mode 707)", "a file": "not a folder"}[damage]
    assert cache.lookup(KEY, "cubin") is None
    with pytest.warns(cache.CacheWarning, match=rf"but it was {re.escape(said)}.*; it was moved to .*\.untrusted-"):
        cache.store(KEY, "cubin", b"rebuilt")
    cache.forget_memory()
    assert cache.lookup(KEY, "cubin") == b"rebuilt" and mode(shard) == 0o700
    assert len(list(disk.glob(f"{KEY[:2]}.untrusted-*"))) == 1  # what was there, kept


@pytest.mark.parametrize("damage", ["group-writable", "another's"])
def test_an_entry_another_could_write_is_rebuilt(disk: Path, damage: str):
    entry = stored(disk)
    if damage == "another's":
        foreign(entry)
    else:
        entry.chmod(0o664)
    corrupt = cache.STATS.corrupt
    assert cache.lookup(KEY, "cubin") is None and cache.STATS.corrupt == corrupt + 1
    cache.store(KEY, "cubin", b"payload")
    assert os.lstat(entry).st_uid == os.geteuid() and mode(entry) == 0o600


@pytest.mark.parametrize("damage", ["group-writable", "another's"])
def test_a_cache_folder_another_could_write_is_refused_once(disk: Path, damage: str):
    entry = stored(disk)
    if damage == "another's":
        foreign(disk)
        said = "owned by user 4242, not by you"
    else:
        disk.chmod(0o775)
        said = "writable by its group (mode 775)"
    before = entry.read_bytes()
    with pytest.warns(cache.CacheWarning) as said_once:
        assert cache.lookup(KEY, "cubin") is None
        cache.store("ef" * 32, "cubin", b"kept in memory")
        cache.store(KEY, "cubin", b"not written")
    (warning,) = said_once
    assert str(warning.message).startswith(f"phobos: the cache folder {disk} is {said}")
    assert "the disk cache is off in this process" in str(warning.message)
    assert cache.lookup("ef" * 32, "cubin") == b"kept in memory"
    assert entry.read_bytes() == before and not (disk / "ef").exists()


def test_a_cache_folder_that_is_a_link_of_yours_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    real = tmp_path / "elsewhere"
    link = tmp_path / "cache"
    real.mkdir(mode=0o700)
    link.symlink_to(real)
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(link))
    cache.forget_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cache.store(KEY, "cubin", b"payload")
        cache.forget_memory()
        assert cache.lookup(KEY, "cubin") == b"payload"
    assert (real / KEY[:2] / f"{KEY}.cubin").is_file()


def test_memory_cache_serves_a_repeat_build(cache_dir: Path):
    import phobos
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate

    variant = phobos.compile(PROGRAM).scale.variants[0]
    before = (cache.STATS.compiles, cache.STATS.memory_hits)
    first = build(generate(variant), variant, "sm_90")
    second = build(generate(variant), variant, "sm_90")
    assert first == second
    assert cache.STATS.compiles - before[0] == 1
    assert cache.STATS.memory_hits - before[1] == 1


def test_the_key_changes_with_target_and_source(cache_dir: Path):
    key = cache.cache_key("src", "sm_80", "cubin")
    assert key != cache.cache_key("src", "sm_90", "cubin")
    assert key != cache.cache_key("src2", "sm_80", "cubin")
    assert key == cache.cache_key("src", "sm_80", "cubin")


def test_an_unwritable_cache_only_costs_a_compile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(blocker / "cache"))
    cache.store("cd" * 32, "cubin", b"payload")  # no error
    assert cache.lookup("cd" * 32, "cubin") == b"payload"  # from memory


def test_an_nvrtc_failure_names_the_phobos_line_and_keeps_the_source(cache_dir: Path):
    import dataclasses

    import phobos
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate

    variant = phobos.compile(PROGRAM, path="scale.phobos").scale.variants[0]
    gen = generate(variant)
    broken = dataclasses.replace(gen, source=gen.source.replace("const i64 base_ =", "const i64 base_ = ;"))
    with pytest.raises(PhobosError) as info:
        build(broken, variant, "sm_90")
    err = info.value
    assert (err.path, err.line) == ("scale.phobos", 3)
    assert "NVRTC refused the CUDA C++ generated for kernel `scale`" in err.message
    (kept,) = (cache_dir / "failed").glob("scale-*.cu")
    assert kept.read_text() == broken.source and (mode(kept.parent), mode(kept)) == (0o700, 0o600)
    assert "error" in kept.with_suffix(".log").read_text()
    assert str(kept) in str(err)



@pytest.fixture
def fresh_native(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The C launch's extension asked for anew, in an empty cache: the list counts its builds."""
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.delenv(native.ENV_NATIVE, raising=False)
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path / "cache"))
    cache.forget_memory()
    builds: list[int] = []
    build = native._build

    def counted(*args: object) -> bytes:
        builds.append(1)
        return build(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(native, "_build", counted)
    if native.module() is None:
        pytest.skip(f"the C launch cannot be built here: {native.why_not()}")
    return builds


def native_entry(tmp_path: Path) -> Path:
    (entry,) = (tmp_path / "cache").rglob(f"*.{native.ENTRY}")
    return entry


def load_native_again(monkeypatch: pytest.MonkeyPatch) -> object:
    """A new process's first use of the extension: nothing of it in memory."""
    monkeypatch.setattr(native, "_STATE", native._State())
    cache.forget_memory()
    ext = native.module()
    assert ext is not None, native.why_not()
    return ext


def works(ext: object) -> bool:
    """The extension's C code runs: a launch before the driver is wired says so, and a
    hit of one int tells an int from a str."""
    cells = (ctypes.c_uint64 * 1)()
    prepared = ext.prepare(1, 1, 0, ctypes.addressof(cells), 1, 32, 0, lambda: 0)  # type: ignore[attr-defined]
    with pytest.raises(RuntimeError, match="entry points are not configured"):
        ext.launch(prepared, [7], (1, 1, 1))  # type: ignore[attr-defined]
    hit = ext.hit(1, (), (int,), (), (), (), None, 16, 16)  # type: ignore[attr-defined]
    return ext.repeat(hit, None, None, (5,), {}) == [] and ext.repeat(hit, None, None, ("5",), {}) is None  # type: ignore[attr-defined]


def test_the_c_launch_is_kept_as_a_checked_entry(tmp_path: Path, fresh_native: list[int], monkeypatch):
    entry = native_entry(tmp_path)
    assert entry.read_bytes().startswith(cache.MAGIC) and mode(tmp_path / "cache" / "native") == 0o700
    assert works(load_native_again(monkeypatch))
    assert fresh_native == [1]  # the second process found it on disk


@pytest.mark.parametrize("damage", ["truncated", "patched", "empty"])
def test_a_bad_c_launch_entry_is_rebuilt_not_loaded(tmp_path: Path, fresh_native: list[int], monkeypatch,
                                                    damage: str):
    entry = native_entry(tmp_path)
    good = entry.read_bytes()
    if damage == "truncated":  # loaded as it was, a short .so kills the process with SIGBUS
        entry.write_bytes(good[: len(good) // 2])
    elif damage == "patched":  # and altered code with SIGILL
        middle = len(good) // 2
        entry.write_bytes(good[:middle] + bytes(b ^ 0xFF for b in good[middle:middle + 64]) + good[middle + 64:])
    else:
        entry.write_bytes(b"")
    corrupt = cache.STATS.corrupt
    assert works(load_native_again(monkeypatch))
    assert fresh_native == [1, 1] and cache.STATS.corrupt == corrupt + 1
    assert entry.read_bytes() == good
    assert works(load_native_again(monkeypatch)) and fresh_native == [1, 1]


def test_a_fifo_in_place_of_the_c_launch_entry_is_replaced(tmp_path: Path, fresh_native: list[int], monkeypatch):
    entry = native_entry(tmp_path)
    good = entry.read_bytes()
    entry.unlink()
    os.mkfifo(entry)
    assert works(load_native_again(monkeypatch))
    assert fresh_native == [1, 1] and entry.read_bytes() == good


def test_an_unwritable_cache_still_gives_the_c_launch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(native, "_STATE", native._State())
    monkeypatch.delenv(native.ENV_NATIVE, raising=False)
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(blocker / "cache"))
    cache.forget_memory()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ext = native.module()
    if ext is None and "compiler" in (native.why_not() or ""):
        pytest.skip(f"the C launch cannot be built here: {native.why_not()}")
    assert ext is not None, native.why_not()
    assert works(ext)
