"""The compiled-kernel caches: in memory within a process, on disk across processes
(PHOBOS_CACHE_DIR), written atomically, and a corrupt entry detected and rebuilt.
Building is what a launch does before loading, so no GPU is needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from phobos.backends.cuda import cache
from phobos.backends.cuda.compile import nvrtc_version
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
from phobos.backends.cuda import cache
from phobos.backends.cuda.compile import build
from phobos.backends.cuda.kernel import generate
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
    done = subprocess.run([sys.executable, "-c", CHILD, str(program)], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    compiles, disk_hits, corrupt = map(int, done.stdout.split())
    return compiles, disk_hits, corrupt


def entries(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*.cubin"))


def test_a_second_process_compiles_nothing(tmp_path: Path, cache_dir: Path):
    assert run_child(tmp_path, cache_dir) == (1, 0, 0)
    assert len(entries(cache_dir)) == 1
    assert run_child(tmp_path, cache_dir) == (0, 1, 0)


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


def test_writes_are_atomic_and_leave_no_temporary_files(cache_dir: Path):
    cache.store("ab" * 32, "cubin", b"payload")
    folder = cache_dir / "ab"
    assert [p.name for p in folder.iterdir()] == [f"{'ab' * 32}.cubin"]
    blob = (folder / f"{'ab' * 32}.cubin").read_bytes()
    assert blob.startswith(cache.MAGIC) and blob.endswith(b"\npayload")


def test_memory_cache_serves_a_repeat_build(cache_dir: Path):
    import phobos
    from phobos.backends.cuda.compile import build
    from phobos.backends.cuda.kernel import generate

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
    from phobos.backends.cuda.compile import build
    from phobos.backends.cuda.kernel import generate

    variant = phobos.compile(PROGRAM, path="scale.phobos").scale.variants[0]
    gen = generate(variant)
    broken = dataclasses.replace(gen, source=gen.source.replace("const i64 base =", "const i64 base = ;"))
    with pytest.raises(PhobosError) as info:
        build(broken, variant, "sm_90")
    err = info.value
    assert (err.path, err.line) == ("scale.phobos", 3)
    assert "NVRTC refused the CUDA C++ generated for kernel `scale`" in err.message
    (kept,) = (cache_dir / "failed").glob("scale-*.cu")
    assert kept.read_text() == broken.source
    assert "error" in kept.with_suffix(".log").read_text()
    assert str(kept) in str(err)

