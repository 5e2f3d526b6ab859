"""Operands a loop stages ahead, loaded by TMA on sm_90a (plan/tma_loads.py,
lower/stage_ring.py, PHOBOS_CUDA_TMA_RINGS=1): which windows TMA takes, the tensor maps
the kernel then takes after its own parameters, and the code run on the host (whose TMA
lands a load only as a thread polls its mbarrier, and whose mbarriers stop the run on a
phase that completes short of its bytes) against the interpreter."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from ml_dtypes import bfloat16
from test_cuda_rotation import FLASH, _inputs

import phobos
from phobos.backends.cuda.plan.tma_loads import ENV_TMA_RINGS
from phobos.backends.cuda.write.kernel import generate
from phobos.ir.specialize import Specialization

# A product whose operands' k extents differ: B's rows past A's columns hold values the
# product must not read (a sum over the k present in both), which the stage must zero.
UNEVEN = """\
@launch(128)
kernel uneven(A: tensor<bf16>[M, KA], B: tensor<bf16>[KB, N], C: tensor<f32>[M, N]) {
  let m = ctx.block.x * 64
  let n = ctx.block.y * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, KB, 64) {
    acc = acc + dot(A[m :+ 64, k :+ 64], B[k :+ 64, n :+ 64])
  }
  C[m :+ 64, n :+ 64] = acc
}
"""


# The same loop at 128 query rows a CTA, two warpgroups of 64: nothing but the stages'
# mbarriers orders them on sm_90a (no CTA barrier in the turn), so a warpgroup may run a
# turn ahead of the other, and the stage it refills must have been released by both.
FLASH2 = (FLASH.replace("@launch(128)", "@launch(256)").replace("ctx.block.x * 64", "ctx.block.x * 128")
          .replace("Q[z, r :+ 64, :]", "Q[z, r :+ 128, :]").replace("tile<f32>[64, 64]", "tile<f32>[128, 64]")
          .replace("tile<f32>[64, 1]", "tile<f32>[128, 1]").replace("min(S, r + 64)", "min(S, r + 128)")
          .replace("iota<axis 0>(64, 1)", "iota<axis 0>(128, 1)").replace("O[z, r :+ 64, :]", "O[z, r :+ 128, :]"))


@pytest.fixture
def tma(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_TMA_RINGS, "1")


def _source(text: str, name: str, spec: Specialization | None = None) -> str:
    variant = phobos.compile(text, path="t.phobos").kernels[name].variants[0]
    return generate(variant, spec).source


def test_off_by_default_no_maps(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(ENV_TMA_RINGS, raising=False)
    assert "TensorMap" not in _source(FLASH, "flash")


def test_the_loop_windows_are_loaded_by_tma_on_sm_90a(tma: None):
    """Q (once for every turn), K and V (turns ahead) each a map, after the kernel's own
    parameters; one thread loads, every thread waits on the stage's mbarrier; the sm_80
    branch keeps its copies."""
    source = _source(FLASH, "flash")
    head = source.split("__global__")[1].split("{")[0]
    maps = ", ".join(f"const __grid_constant__ ph::TensorMap {name}_map64" for name in "KQV")
    assert head.endswith(f"i64 Z_, i64 S_, {maps}) ")
    hopper = source.split("#if defined(__CUDA_ARCH_FEAT_SM90_ALL)")[-1]
    assert "ph::tma_load(" in source and "ph::mbar_wait(" in source
    assert "ph::stage_async16(" in source  # the sm_80 branch's copies
    assert hopper.count("ph::tma_load(") <= source.count("ph::tma_load(")


def test_the_turn_has_no_cta_barrier_on_sm_90a(tma: None):
    """The products whose operands TMA loads use no scratch on sm_90a: the barrier the
    other targets keep before each product statement is theirs alone (sm_90a's own
    barrier plan), and the turn orders its warpgroups by the stages' mbarriers only."""
    source = _source(FLASH2, "flash")
    turn = source.split("for (i64 j_")[1]
    assert turn.count("#if !defined(__CUDA_ARCH_FEAT_SM90_ALL)  // sm_90a loads this loop's operands by TMA") >= 2
    hopper = turn.split("#if defined(__CUDA_ARCH_FEAT_SM90_ALL)")[1].split("#elif")[0]
    assert hopper.count("__syncthreads();") == 2  # the first turn's, around the mbarriers' making


def test_unaligned_tensors_keep_their_copies(tma: None):
    """Without the launch's word that a tensor starts 16-byte aligned with rows 16-byte
    multiples apart, no map can describe it: its windows are copied as before."""
    source = _source(FLASH, "flash", Specialization())
    assert "TensorMap" not in source and "ph::tma_load(" not in source


def _host() -> None:
    from cuda_host import gxx_has_barrier

    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")


@pytest.mark.parametrize("text, rows", [(FLASH, 64), (FLASH2, 128)], ids=["one_warpgroup", "two_warpgroups"])
@pytest.mark.parametrize("s, causal", [(200, False), (200, True), (64, True), (40, False), (640, False)])
@pytest.mark.parametrize("eager", [False, True])
def test_the_flash_loop_agrees_with_the_interpreter_on_the_host(text: str, rows: int, s: int, causal: bool,
                                                                eager: bool, tma: None, tmp_path):
    """With each load landing as late as a waiter allows (a phase completing short of its
    loads shows), and as soon as it is issued, the second warpgroup reading its stages
    late (a stage refilled before both warpgroups released it shows: without the loading
    thread's wait on the empty mbarrier, the host run fails)."""
    from cuda_host import launch

    _host()
    args = _inputs(s, causal)
    want, got = copy.deepcopy(args), copy.deepcopy(args)
    grid = (-(-s // rows), 2)
    phobos.compile(text, path="f.phobos", interpret=True).flash[grid](**want)
    launch(phobos.compile(text, path="f.phobos").flash, grid, got, {}, tmp_path, 900, eager)
    np.testing.assert_allclose(got["O"].astype(np.float32), want["O"].astype(np.float32), rtol=0.02, atol=0.02)


@pytest.mark.parametrize("ka, kb", [(72, 192), (136, 200), (192, 192)])
def test_k_the_other_operand_lacks_is_zeroed_after_the_load(ka: int, kb: int, tma: None, tmp_path):
    """B's rows past A's columns are infinite: a stage holding them as TMA loaded them
    would give NaN; the turn zeros them after the load lands (in turns where A's columns
    end first; in none where the extents agree)."""
    from cuda_host import launch

    _host()
    rng = np.random.default_rng(ka + kb)
    m, n = 70, 136  # rows a multiple of 16 bytes apart: TMA can map every tensor
    a = rng.standard_normal((m, ka)).astype(bfloat16)
    b = rng.standard_normal((kb, n)).astype(bfloat16)
    b[ka:] = np.inf
    args = {"A": a, "B": b, "C": np.zeros((m, n), np.float32)}
    want, got = copy.deepcopy(args), copy.deepcopy(args)
    grid = (-(-m // 64), -(-n // 64))
    phobos.compile(UNEVEN, path="u.phobos", interpret=True).uneven[grid](**want)
    launch(phobos.compile(UNEVEN, path="u.phobos").uneven, grid, got, {}, tmp_path, 900)
    assert np.isfinite(got["C"]).all()
    np.testing.assert_allclose(got["C"], want["C"], rtol=1e-3, atol=1e-3)
    reference = a.astype(np.float64) @ np.where(np.isinf(b[:ka].astype(np.float64)), 0, b[:ka].astype(np.float64))
    np.testing.assert_allclose(got["C"], reference, rtol=2e-2, atol=2e-2)
