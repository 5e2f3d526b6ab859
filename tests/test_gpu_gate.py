"""What scripts/gpu_gate.py runs on the GPU machine (gate 2), checked here without one:
which corpus runs it makes, and that its setting for the mma.sync runs is its own."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script():
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location("gpu_gate", ROOT / "scripts" / "gpu_gate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GATE = _script()


def test_every_dot_case_runs_again_on_mma_sync_on_the_cuda_back_end(monkeypatch: pytest.MonkeyPatch):
    """The H200 runs products in registers on wgmma; the `dot/` cases run a second time
    with them on mma.sync, the code sm_80 to sm_89 run, in their first spelling."""
    monkeypatch.delenv("PHOBOS_BACKEND", raising=False)
    runs = GATE.corpus_runs(None)
    again = [(case.name, spelling) for case, spelling, extent, mma_sync in runs if mma_sync]
    dots = [case for case in {case.name: case for case, *_ in runs}.values() if case.name.startswith("dot/")]
    assert again == [(case.name, case.spellings[0]) for case in dots] and len(again) >= 20
    assert all(extent is None for *_, extent, mma_sync in runs if mma_sync)
    monkeypatch.setenv("PHOBOS_BACKEND", "tileir")
    assert not any(mma_sync for *_, mma_sync in GATE.corpus_runs(None))


@pytest.mark.parametrize("before", [None, "1"])
def test_the_mma_sync_setting_is_the_runs_alone(before: str | None, monkeypatch: pytest.MonkeyPatch):
    from phobos.backends.cuda.plan.products import ENV_GENERAL_WGMMA, general_wgmma

    if before is None:
        monkeypatch.delenv(ENV_GENERAL_WGMMA, raising=False)
    else:
        monkeypatch.setenv(ENV_GENERAL_WGMMA, before)
    with GATE.products_on_mma_sync(True):
        assert not general_wgmma()
    with GATE.products_on_mma_sync(False):
        assert general_wgmma()
    assert os.environ.get(ENV_GENERAL_WGMMA) == before


def test_the_tile_ir_gate_stops_where_the_cache_lacks_this_checkouts_cubins(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch):
    """On the GPU machine (no tileiras) the Tile IR gate runs from cubins built elsewhere:
    where the cache has none of this checkout's (an empty one, or built at another path),
    it says so once, naming the case, rather than failing every case. Where they are
    there, it goes on."""
    import phobos.backends.tileir.assemble as assemble
    from phobos.backends.gpu import cache

    monkeypatch.setenv(cache.ENV_CACHE_DIR, str(tmp_path))
    monkeypatch.setattr(assemble, "installed", lambda: False)
    said = GATE.tileir_cubins_missing("sm_90", "elementwise/scale_rows")
    assert said is not None and "elementwise/scale_rows" in said and str(tmp_path) in said
    monkeypatch.setattr(assemble, "can_build", lambda text, bytecode, arch: True)
    assert GATE.tileir_cubins_missing("sm_90", "elementwise/scale_rows") is None


def test_a_failed_differential_run_says_why_in_the_gates_own_output():
    """The summary stays on the GPU machine: the gate's JSON carries each failure's seed,
    step and first line (a run of 9 errors said only their seeds, 2026-12-06)."""
    failures = {"disagreed": [{"seed": 7, "stage": "compare", "message": "Y: 3 of 64 elements differ\nmore"}],
                "error": [{"seed": 9, "stage": "compare", "message": "\nPhobosError: the launch failed\nTraceback"}],
                "refused": []}
    lines = GATE._failure_lines(failures)
    assert lines == ["seed 7: disagreed at compare: Y: 3 of 64 elements differ",
                     "seed 9: error at compare: PhobosError: the launch failed"]
    many = {"error": [{"seed": n, "stage": "run", "message": "x"} for n in range(30)]}
    assert len(GATE._failure_lines(many)) == 12


def test_a_run_past_its_limit_stops_the_gate_and_names_the_run():
    """A kernel that never finished held the Tile IR gate silently until its command's
    limit; the watch names the run and exits with STALL_EXIT, and a run in time goes on."""
    import subprocess

    child = ("import sys, time; sys.path.insert(0, 'scripts'); import gpu_gate as g\n"
             "with g.stall_watch('dot/quick [native]', 30): pass\n"
             "with g.stall_watch('dot/none [native]', 0): time.sleep(0.2)\n"
             "print('went on', flush=True)\n"
             "with g.stall_watch('dot/stuck [native] at extent 5', 0.5): time.sleep(30)\n"
             "print('not reached')\n")
    done = subprocess.run([sys.executable, "-c", child], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == GATE.STALL_EXIT, done.stderr
    assert done.stdout == "went on\n"
    assert "STALL dot/stuck [native] at extent 5: still running after 0.5 s; the gate stops here" in done.stderr
