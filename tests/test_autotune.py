"""Autotuning by timing, with the GPU stood in for (test_launch_fast.py) and each
candidate's time made up: the fastest runs, the user's tensors are written once (by
it), the choice is kept in memory and on disk, PHOBOS_AUTOTUNE=0 keeps the order, and
a pin tunes only what it leaves. The real timing runs in the GPU half below."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import pytest
from test_launch_fast import on_host, stand_in_gpu, tensors

import phobos
from phobos.backends.gpu import cache
from phobos.runtime import autotune, backend

SOURCE = """\
@autotune(BLOCK in [64, 128, 256])
@launch(256)
kernel add(A: tensor<f32>[N], B: tensor<f32>[N], C: tensor<f32>[N]) {
  let i = ctx.block.x * BLOCK
  C[i :+ BLOCK] = A[i :+ BLOCK] + B[i :+ BLOCK]
}
"""

FAKE_MS = {64: 3.0, 128: 1.0, 256: 2.0}


@pytest.fixture
def timed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    gpu = stand_in_gpu(monkeypatch)
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "1")
    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    cache.forget_memory()
    runs: list[tuple[int, tuple[int, ...]]] = []

    def fake_time(sig, variant, grid, checked, dims, device, spec, warmup, runs_):
        runs.append((variant.bindings["BLOCK"], tuple(a.ptr for a in device.arrays.values())))
        return [FAKE_MS[variant.bindings["BLOCK"]]] * runs_

    monkeypatch.setattr(backend, "time_variant", fake_time)
    monkeypatch.setattr(backend.DeviceArguments, "identity", property(lambda self: "Stand-in GPU, driver 0"))
    return gpu, runs


def test_the_fastest_candidate_runs_and_is_remembered(timed, monkeypatch: pytest.MonkeyPatch):
    gpu, runs = timed
    a, b, c = tensors(1000)
    copies = []
    monkeypatch.setattr(type(c), "clone", lambda self: copies.append(self) or type(self)(
        self.shape, 0x7000000 + 0x10000 * len(copies)), raising=False)
    k = phobos.compile(SOURCE).add
    k[lambda meta: -(-meta["N"] // meta["BLOCK"])](a, b, c)
    assert [block for block, _ in runs] == [64, 128, 256]  # each candidate, in autotune order
    assert all(c.data_ptr() not in pointers for _, pointers in runs)  # on scratch copies of C
    assert len(gpu.launches) == 1 and gpu.launches[0][1].grid == (8, 1, 1)  # BLOCK=128 ran, once
    (tuning,) = k.tuning()
    assert tuning.chosen == 1 and tuning.source == "timed" and "BLOCK=128" in tuning.table()
    k[lambda meta: -(-meta["N"] // meta["BLOCK"])](a, b, c)
    assert len(runs) == 3  # the plan keeps the choice
    again = phobos.compile(SOURCE).add  # a new kernel object: the disk's choice, no timing
    again[lambda meta: -(-meta["N"] // meta["BLOCK"])](a, b, c)
    assert len(runs) == 3 and again.tuning()[0].source == "disk"
    assert gpu.launches[-1][1].grid == (8, 1, 1)


def test_autotune_off_keeps_the_order_and_a_pin_is_obeyed(timed, monkeypatch: pytest.MonkeyPatch):
    gpu, runs = timed
    a, b, c = tensors(1024)
    k = phobos.compile(SOURCE).add
    k[16](a, b, c, BLOCK=64)
    assert not runs and gpu.launches[-1][1].grid == (16, 1, 1)
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "0")
    phobos.compile(SOURCE).add[16](a, b, c)
    assert not runs
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "maybe")
    with pytest.raises(phobos.PhobosError, match="PHOBOS_AUTOTUNE is 'maybe'"):
        phobos.compile(SOURCE).add[16](a, b, c)


def chosen_block(kernel: phobos.Kernel) -> int:
    (tuning,) = kernel.tunings.values()
    return dict(tuning.candidates[tuning.chosen])["BLOCK"]


def test_each_back_end_tunes_for_itself_in_memory_and_on_disk(timed, monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path):
    """issue 22: the tuning key named no back end, so a kernel made with backend="tileir"
    read CUDA's choice (from memory, or from disk in a later process) and timed nothing.
    Entries are named KEY.tune.json."""
    from phobos.backends.cuda.runtime import launch as cuda_launch
    from phobos.backends.tileir import launch as tileir_launch

    gpu, runs = timed
    monkeypatch.setattr(tileir_launch, "prepare", cuda_launch.prepare)  # the stand-in GPU launches both alike
    fastest = {"cuda": 128, "tileir": 256}
    timed_on: list[str] = []

    def fake_time(sig, variant, grid, checked, dims, device, spec, warmup, runs_):
        timed_on.append(device.backend)
        return [1.0 if variant.bindings["BLOCK"] == fastest[device.backend] else 2.0] * runs_

    monkeypatch.setattr(backend, "time_variant", fake_time)
    a, b, c = tensors(1024)
    monkeypatch.setattr(type(c), "clone", lambda self: type(self)(self.shape, 0x7000000), raising=False)

    def grid(meta: dict[str, int]) -> int:
        return meta["N"] // meta["BLOCK"]

    cuda = phobos.compile(SOURCE).add
    cuda[grid](a, b, c)
    tileir = cuda.with_options(backend="tileir")
    tileir[grid](a, b, c)
    assert timed_on == ["cuda"] * 3 + ["tileir"] * 3
    assert (chosen_block(cuda), chosen_block(tileir)) == (128, 256) and gpu.launches[-1][1].grid == (4, 1, 1)
    entries = sorted(tmp_path.rglob(f"*.{autotune.SUFFIX}"))
    assert len(entries) == 2 and all(e.name == f"{e.name.split('.')[0]}.tune.json" for e in entries)
    cache.forget_memory()
    for name, options in [("tileir", {"backend": "tileir"}), ("cuda", {})]:
        kernel = phobos.compile(SOURCE, **options).add
        kernel[grid](a, b, c)
        assert kernel.tuning()[0].source == "disk" and chosen_block(kernel) == fastest[name]
    assert len(timed_on) == 6


PRODUCT = """\
kernel mm(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * 64
  let n0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 32) {
    acc += dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])
  }
  C[m0 :+ 64, n0 :+ 64] = acc
}
"""


def test_through_tile_ir_a_product_is_timed_beside_its_occupancy_twin(timed, monkeypatch: pytest.MonkeyPatch):
    """One variant, so nothing to time on the CUDA back end; through Tile IR, where
    PHOBOS_TILEIR_OCCUPANCY_TWINS says no, its twin at two CTAs an SM is timed beside it
    where its module can run, and the faster runs."""
    from test_launch_fast import FakeTensor

    from phobos.backends.cuda.runtime import launch as cuda_launch
    from phobos.backends.tileir import launch as tileir_launch

    gpu, _ = timed
    monkeypatch.setattr(tileir_launch, "prepare", cuda_launch.prepare)  # the stand-in GPU launches both alike
    monkeypatch.setattr(tileir_launch, "twin_runs", lambda variant, spec, device_id: True)
    ran: list[tuple[str, int | None]] = []

    def fake_time(sig, variant, grid, checked, dims, device, spec, warmup, runs_):
        ran.append((device.backend, variant.occupancy))
        return [1.0 if variant.occupancy == 2 else 2.0] * runs_

    monkeypatch.setattr(backend, "time_variant", fake_time)
    a, b, c = (FakeTensor((128, 128), 0x100000 * (i + 1)) for i in range(3))
    monkeypatch.setattr(type(c), "clone", lambda self: FakeTensor(self.shape, 0x7000000), raising=False)
    cuda = phobos.compile(PRODUCT).mm
    cuda[2, 2](a, b, c)
    assert ran == [] and cuda.tuning() == []
    monkeypatch.setenv(tileir_launch.ENV_OCCUPANCY_TWINS, "0")
    phobos.compile(PRODUCT, backend="tileir").mm[2, 2](a, b, c)
    assert ran == []  # twins turned off
    monkeypatch.delenv(tileir_launch.ENV_OCCUPANCY_TWINS)
    tileir = cuda.with_options(backend="tileir")
    tileir[2, 2](a, b, c)
    assert ran == [("tileir", None), ("tileir", 2)]
    (tuning,) = tileir.tuning()
    assert tuning.chosen == 1 and "@occupancy=2" in tuning.table()
    tileir[lambda meta: (2, 2)](a, b, c)  # a grid function is given no name of the twin's
    tileir[2, 2](a, b, c)
    assert len(ran) == 2 and len(gpu.launches) == 5  # the choice kept: nothing timed again
    monkeypatch.setenv(autotune.ENV_AUTOTUNE, "0")
    phobos.compile(PRODUCT, backend="tileir").mm[2, 2](a, b, c)
    assert len(ran) == 2 and len(gpu.launches) == 6  # autotuning off: the variant as written, no twin


def test_a_candidate_whose_grid_has_no_programs_is_not_one(timed, monkeypatch: pytest.MonkeyPatch):
    """issue 22: a grid of no programs was timed as 0.0 ms, so autotuning chose a variant
    that ran nothing. Of BLOCK 64, 128 and 256, a grid of N // BLOCK leaves those with
    programs; one left is run untimed, and none left runs (and compiles) nothing."""
    gpu, runs = timed
    for n, blocks, grid in [(200, [64, 128], (1, 1, 1)), (100, [], (1, 1, 1))]:
        a, b, c = tensors(n)
        monkeypatch.setattr(type(c), "clone", lambda self: type(self)(self.shape, 0x7000000), raising=False)
        k = phobos.compile(SOURCE).add
        before = len(runs)
        k[lambda meta: meta["N"] // meta["BLOCK"]](a, b, c)
        assert [block for block, _ in runs[before:]] == blocks and gpu.launches[-1][1].grid == grid
        assert [dict(c)["BLOCK"] for t in k.tunings.values() for c in t.candidates] == blocks
    generated, launches = gpu.counts["generate"].calls, len(gpu.launches)
    k = phobos.compile(SOURCE).add
    for _ in range(2):
        k[lambda meta: meta["N"] // meta["BLOCK"]](*tensors(50))
    assert (len(runs), gpu.counts["generate"].calls, len(gpu.launches)) == (2, generated, launches)
    a, b, c = tensors(50)
    with pytest.raises(phobos.PhobosError, match="argument `C`"):
        k[lambda meta: meta["N"] // meta["BLOCK"]](a, b, on_host(c))  # checked all the same


def test_a_damaged_disk_entry_is_timed_again(timed, monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    _, runs = timed
    a, b, c = tensors(1000)
    monkeypatch.setattr(type(c), "clone", lambda self: type(self)(self.shape, 0x7000000), raising=False)
    phobos.compile(SOURCE).add[8](a, b, c)
    for entry in tmp_path.rglob(f"*{autotune.SUFFIX}"):
        entry.write_bytes(b"not json")
    cache.forget_memory()
    phobos.compile(SOURCE).add[8](a, b, c)
    assert len(runs) == 6


def test_a_candidate_its_target_cannot_hold_is_passed_over(timed, monkeypatch: pytest.MonkeyPatch):
    """A variant whose tiles need more shared memory than the GPU's CTA has was the
    launch's error even where other candidates fit: it is passed over, shown as refused,
    and remembered so on disk; only where every candidate is refused is the first's
    refusal the error."""
    gpu, _ = timed
    refused: set[int] = {128}

    def fake_time(sig, variant, grid, checked, dims, device, spec, warmup, runs_):
        block = variant.bindings["BLOCK"]
        if block in refused:
            raise phobos.errors.ResourceRefusal(f"kernel `add` needs {block}000 bytes of shared memory")
        return [FAKE_MS[block]] * runs_

    monkeypatch.setattr(backend, "time_variant", fake_time)
    a, b, c = tensors(1024)
    monkeypatch.setattr(type(c), "clone", lambda self: type(self)(self.shape, 0x7000000), raising=False)
    k = phobos.compile(SOURCE).add
    k[lambda meta: -(-meta["N"] // meta["BLOCK"])](a, b, c)
    (tuning,) = k.tuning()
    assert chosen_block(k) == 256 and gpu.launches[-1][1].grid == (4, 1, 1)  # the fastest that fits
    assert tuning.milliseconds[1] == autotune.REFUSED and "BLOCK=128" in tuning.table()
    assert [line.split()[-1] for line in tuning.table().splitlines()[1:]] == ["µs", "refused", "chosen"]
    again = phobos.compile(SOURCE).add
    again[lambda meta: -(-meta["N"] // meta["BLOCK"])](a, b, c)
    assert again.tuning()[0] == autotune.Tuning(tuning.candidates, tuning.milliseconds, 2, "disk")
    refused.update(FAKE_MS)
    with pytest.raises(phobos.PhobosError, match="needs 64000 bytes of shared memory"):
        phobos.compile(SOURCE).add[lambda meta: -(-meta["N"] // meta["BLOCK"])](*tensors(2048))  # a new key


GOOD = {"candidates": [[["BLOCK", 64]], [["BLOCK", 128]], [["BLOCK", 256]]], "milliseconds": [3.0, 1.0, 2.0],
        "chosen": 1}
DAMAGED = {  # each with a valid checksum: what was written is what is read
    "a time too large for a float": json.dumps(GOOD).replace("3.0", "1e999").encode(),
    "NaN for a time": json.dumps({**GOOD, "milliseconds": [3.0, float("nan"), 2.0]}).encode(),
    "a negative time": json.dumps({**GOOD, "milliseconds": [3.0, -1.0, 2.0]}).encode(),
    "a string of times": json.dumps({**GOOD, "milliseconds": "312"}).encode(),
    "a time as a string": json.dumps({**GOOD, "milliseconds": [3.0, "1.0", 2.0]}).encode(),
    "too few times": json.dumps({**GOOD, "milliseconds": [3.0, 1.0]}).encode(),
    "a float index": json.dumps({**GOOD, "chosen": 1.7}).encode(),
    "a bool index": json.dumps({**GOOD, "chosen": True}).encode(),
    "an index past the candidates": json.dumps({**GOOD, "chosen": 3}).encode(),
    "a negative index": json.dumps({**GOOD, "chosen": -1}).encode(),
    "a float autotune value": json.dumps(GOOD).replace("128", "128.0").encode(),
    "other candidates": json.dumps(GOOD).replace("128", "129").encode(),
    "no index": json.dumps({k: v for k, v in GOOD.items() if k != "chosen"}).encode(),
    "a refused candidate chosen": json.dumps({**GOOD, "milliseconds": [3.0, None, 2.0]}).encode(),
    "nested too deep": b"[" * 100_000 + b"]" * 100_000,
    "a number too long to read": b"1" * 10_000,
    "not a dict": b"[1, 2, 3]",
    "not UTF-8": b"\xff\xfe\x00",
    "over the entry's bound": json.dumps({**GOOD, "padding": "x" * autotune.MOST_ENTRY_BYTES}).encode(),
}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_entry_with_a_good_checksum_is_timed_again_and_rewritten(timed, monkeypatch, tmp_path: Path,
                                                                         damage: str):
    _, runs = timed
    a, b, c = tensors(1000)
    monkeypatch.setattr(type(c), "clone", lambda self: type(self)(self.shape, 0x7000000), raising=False)
    phobos.compile(SOURCE).add[8](a, b, c)
    (entry,) = tmp_path.rglob(f"*{autotune.SUFFIX}")
    assert json.loads(entry.read_bytes().split(b"\n", 2)[2]) == GOOD  # what the damage is made from
    payload = DAMAGED[damage]
    entry.write_bytes(cache.MAGIC + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload)
    cache.forget_memory()
    corrupt = cache.STATS.corrupt
    again = phobos.compile(SOURCE).add
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # damage costs the timing, and says nothing
        again[8](a, b, c)
    assert len(runs) == 6 and again.tuning()[0].source == "timed" and cache.STATS.corrupt == corrupt + 1
    cache.forget_memory()
    third = phobos.compile(SOURCE).add
    third[8](a, b, c)  # the entry was written anew
    assert len(runs) == 6 and third.tuning()[0].source == "disk"


def test_a_good_entry_is_read_exactly():
    """What `choose` writes reads back as it was; times written as integers are times."""
    names = tuple(tuple((n, v) for n, v in c) for c in GOOD["candidates"])
    assert autotune._decode(json.dumps(GOOD).encode(), names) == autotune.Tuning(names, (3.0, 1.0, 2.0), 1, "disk")
    whole = json.dumps({**GOOD, "milliseconds": [3, 1, 2]}).encode()
    assert autotune._decode(whole, names) == autotune.Tuning(names, (3.0, 1.0, 2.0), 1, "disk")


# ------------------------------------------------------------ on the GPU

GPU_KERNEL = """
@autotune(R in [64, 1])
kernel copy(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.block.x * 1024
  for r in range(0, R) {
    Y[i :+ 1024] = X[i :+ 1024] * 2.0 + f32(r - r)
  }
}
"""

GPU_SCRIPT = f"KERNEL = {GPU_KERNEL!r}\n" + textwrap.dedent('''
    import sys, torch, phobos
    m = phobos.compile(KERNEL)
    x = torch.randn(1 << 22, device="cuda")
    y = torch.zeros_like(x)
    m.copy[(1 << 22) // 1024](x, y)
    torch.cuda.synchronize()
    assert torch.equal(y, x * 2), "wrong result"
    (t,) = m.copy.tuning()
    print(f"chosen R={dict(t.candidates[t.chosen])['R']} {t.source}")
''')


@pytest.mark.skipif(not backend.cuda_device()[0], reason="needs a visible CUDA device")
def test_on_the_gpu_the_fastest_wins_and_a_second_process_reads_the_disk(tmp_path: Path):
    env = {**os.environ, cache.ENV_CACHE_DIR: str(tmp_path), autotune.ENV_AUTOTUNE: "1"}
    outs = [subprocess.run([sys.executable, "-c", GPU_SCRIPT], env=env, capture_output=True, text=True, check=True,
                           timeout=300).stdout for _ in range(2)]
    assert "chosen R=1 timed" in outs[0], outs[0]
    assert "chosen R=1 disk" in outs[1], outs[1]


GPU_BACKENDS_SCRIPT = f"KERNEL = {GPU_KERNEL!r}\n" + textwrap.dedent('''
    import sys, torch, phobos
    x = torch.randn(1 << 22, device="cuda")
    m = phobos.compile(KERNEL)
    options = {"cuda": {}, "tileir": {"backend": "tileir"}}
    for name in sys.argv[1:]:
        k = m.copy.with_options(**options[name])
        y = torch.zeros_like(x)
        k[(1 << 22) // 1024](x, y)
        torch.cuda.synchronize()
        assert torch.equal(y, x * 2), f"wrong result on {name}"
        (t,) = k.tuning()
        print(f"{name}: {len(t.candidates)} candidates {t.source}")
    k = phobos.compile(KERNEL).copy
    y = torch.zeros_like(x)
    k[lambda meta: (1 << 22) // 1024 * (meta["R"] == 64)](x, y)  # R=1's grid has no programs
    torch.cuda.synchronize()
    assert torch.equal(y, x * 2), "wrong result of the one candidate"
    print(f"one candidate: {len(k.tuning())} timed")
''')


@pytest.mark.skipif(not backend.cuda_device()[0], reason="needs a visible CUDA device")
def test_on_the_gpu_each_back_end_tunes_for_itself_and_an_empty_grid_is_no_candidate(tmp_path: Path):
    """issue 22: through Tile IR a kernel read CUDA's choice and timed nothing; a grid
    of no programs was timed at 0.0 ms and chosen."""
    from phobos.backends.tileir.assemble import tileiras

    try:  # the GPU machine may have no tileiras to build the Tile IR candidates: CUDA alone
        tileiras()
        backends = ["cuda", "tileir"]
    except phobos.PhobosError:
        backends = ["cuda"]
    env = {**os.environ, cache.ENV_CACHE_DIR: str(tmp_path), autotune.ENV_AUTOTUNE: "1"}
    first, second = (subprocess.run([sys.executable, "-c", GPU_BACKENDS_SCRIPT, *backends], env=env,
                                    capture_output=True, text=True, check=True, timeout=300).stdout for _ in range(2))
    for name in backends:
        assert f"{name}: 2 candidates timed" in first and f"{name}: 2 candidates disk" in second, (first, second)
    assert "one candidate: 0 timed" in first, first


def test_a_variant_past_the_devices_shared_memory_is_a_refusal_autotuning_passes_over():
    """The launch's own check against the device (the GPU's name and limit) raised a
    plain PhobosError, so a tuned launch failed on the first candidate that did not fit
    (norm_gemm on an H100, 2026-12-07): it is a ResourceRefusal, as compile.check_shared's."""
    from types import SimpleNamespace

    from phobos.backends.gpu import launch as gpu_launch
    from phobos.errors import ResourceRefusal

    variant = phobos.compile(SOURCE).add.variants[0]
    device = gpu_launch._Device(0, "sm_90", "Stand-in GPU", 232448, 132, 0, lambda: (None, 0))
    gpu_launch.check_shared(variant, SimpleNamespace(shared_on=lambda arch: 232448), device)
    with pytest.raises(ResourceRefusal, match=r"needs 294912 bytes .* Stand-in GPU \(sm_90\) has at most 232448"):
        gpu_launch.check_shared(variant, SimpleNamespace(shared_on=lambda arch: 294912), device)
