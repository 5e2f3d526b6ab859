"""The corpus's GEMM-form kernels (backends/cuda/gemm: TMA loads into an mbarrier ring, a
producer warpgroup, wgmma consumers, TMA or thread stores) run on the host as an sm_90a
launch runs them (tests/cuda_host_gemm.py), against the interpreter: bugs of the GEMM
lowering found without an H100.

Each case runs at forced extents (corpus.case.forced_extent: every extent its inputs
draw, clamped to the case's range), each picking the modes a launch picks:

- 208 (a multiple of 16 bytes of bf16 and i8, of no tile): TMA loads and, where the
  plan stages the output and its window starts on 16 bytes, TMA stores;
- 201 (odd): the producer's threads copy what TMA cannot read (or TMA reads a K of 200
  while the output, 201 wide, is stored by threads);
- None: the case's own random extents (repacked operands where the product is large
  enough, gemm_repack.py).

On a persistent grid of a 2-SM GPU, so each CTA walks several tiles and the ring's
phases wrap. Binaries are kept by the hash of their source (as test_cuda_host_corpus.py
does); a run is 2 to 5 seconds on two cores. The quick ones cover each mode; the rest
are marked slow (about 2 minutes in all).

Pairs of CTAs (PHOBOS_CUDA_CLUSTER=2, TMA multicast) are not emulated.
"""

from __future__ import annotations

import copy
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from corpus import harness
from corpus.case import Case, forced_extent
from corpus.cases import CASES
from corpus.gate import drawn, floored
from cuda_host import gxx_has_barrier
from cuda_host_gemm import launch_gemm

from phobos.backends.cuda.gemm.gemm_plan import GemmMode

CACHE = Path(tempfile.gettempdir()) / "phobos_cuda_host"

# The corpus's kernels of GEMM form (tests/test_cuda_gemm.py's list).
GEMM_CASES = ("gemm_wgmma", "gemm_wgmma_f16", "gemm_wgmma_i8", "gemm_wgmma_linear", "gemm_wgmma_linear_i8",
              "gemm_wgmma_batched", "gemm_wgmma_heads", "gemm_wgmma_tf32", "gemm_one_stage_long_k",
              "gemm_b_window_offset3", "gemm_b_window_offset3_i8", "gemm_batch_const_index", "gemm_store_offset3",
              "gemm_b_window_by_block_y")
EXTENTS = (208, 201, None)
# The quick ones, and the mode each must take: between them every mode of one CTA.
QUICK = {("gemm_wgmma", 208): GemmMode(True, True), ("gemm_wgmma", 201): GemmMode(False, False),
         ("gemm_wgmma_linear", 201): GemmMode(True, False), ("gemm_b_window_offset3", 208): GemmMode(False, False)}

pytestmark = pytest.mark.skipif(not gxx_has_barrier(), reason="needs g++ with C++20's <barrier>")


def case_named(name: str) -> Case:
    return next(case for case in CASES if case.name == f"dot/{name}")


def gemm_check(case: Case, seed: int, extent: int | None, mode: GemmMode | None = None,
               edit: Callable[[str], str] | None = None) -> GemmMode:
    """One draw of `case` (every extent `extent`, where given) run on the host as the GEMM
    variant an sm_90 launch runs (in `mode`, where given; changed by `edit`) and on the
    interpreter; every output agrees. Returns the mode it ran in."""
    kernel = harness.kernel_for(case, case.spellings[0])
    if extent is None:
        args, outputs = drawn(case, kernel, seed)
    else:
        with forced_extent(extent):
            args, outputs = drawn(case, kernel, seed)
    reference, host = copy.deepcopy(args), copy.deepcopy(args)
    harness.launch(kernel, case.grid, reference, "interp", dict(case.meta))
    ran = launch_gemm(kernel, case.grid, host, dict(case.meta), CACHE, mode, edit=edit)
    assert ran is not None, f"`{case.name}` takes no GEMM lowering"
    launched, chosen, _ = ran
    for name in outputs:
        rtol, atol = floored(case.tolerance(name), reference[name].dtype)
        try:
            harness.compare(name, host[name], reference[name], rtol, atol, name in case.unordered)
        except AssertionError as exc:
            exc.add_note(f"corpus case `{case.name}` as sm_90a's GEMM variant on the host ({chosen}, "
                         f"{launched.grid[0]} CTAs, {launched.spec.text()}); extents {extent}; random seed {seed}; "
                         f"replay with {harness.SEED_ENV}={seed}")
            raise
    return chosen


def _param(name: str, extent: int | None) -> object:
    marks = [] if (name, extent) in QUICK else [pytest.mark.slow]
    return pytest.param(name, extent, id=f"{name}-{extent or 'drawn'}", marks=marks)


@pytest.mark.parametrize(("name", "extent"), [_param(name, extent) for name in GEMM_CASES for extent in EXTENTS])
def test_the_gemm_variant_agrees_with_the_interpreter(name: str, extent: int | None):
    chosen = gemm_check(case_named(name), harness.fresh_seeds()[0], extent)
    if (name, extent) in QUICK:
        assert chosen == QUICK[name, extent]


def test_a_tma_store_off_16_bytes_stops_the_host_run_as_it_stops_the_device():
    """The output's window 3 columns along (gemm_b_window_offset3): a TMA store from there
    stopped such a kernel with an illegal instruction on an H100 (gate 2); a launch
    stores it by threads (above), and the host refuses the TMA store as the device did."""
    with pytest.raises(RuntimeError, match="inner coordinate 3: not a whole 16 bytes"):
        gemm_check(case_named("gemm_b_window_offset3"), 0, 208, GemmMode(True, True))


# Bugs put into a correct variant's source: each must fail the host run, by its values
# or by a stand-in's check (what the device would do: a fault, a hang).
BUGS = {
    # B's second box loaded from the first's columns
    "b_box": (GemmMode(True, True), "&B_map, n_at + 64,", "&B_map, n_at,"),
    # the threads' copies swizzled a row off
    "copy_swizzle": (GemmMode(False, False), "((c ^ (r & 7)) << 4)", "((c ^ ((r + 1) & 7)) << 4)"),
    # the output's staging swizzled a column chunk off
    "staging_swizzle": (GemmMode(True, True), "ph::swizzled(wg_row + 8 * r0, j, 64, 8192, 2)",
                        "ph::swizzled(wg_row + 8 * r0, j ^ 8, 64, 8192, 2)"),
    # the TMA store's box 8 columns (16 bytes) off
    "store_box": (GemmMode(True, True), "&C_map, (int)(n0_)", "&C_map, (int)(n0_ + 8)"),
    # the staging written again before the last TMA store has read it
    "no_wait_read": (GemmMode(True, True), "if (gthread == 0) ph::bulk_wait_read();", ""),
    # a stage's full barrier expects half its bytes: it completes before B lands
    "short_expect": (GemmMode(True, True), "ph::mbar_expect(full + 8 * s, 32768);",
                     "ph::mbar_expect(full + 8 * s, 16384);"),
    # (An empty barrier counting one consumer of two, a stage refilled while the other may still read
    # it, fails only where the threads' timing lets the refill overtake that read: not here.)
}


@pytest.mark.parametrize("bug", [pytest.param(bug, marks=[] if bug == "b_box" else [pytest.mark.slow])
                                 for bug in BUGS])
def test_a_bug_put_into_the_gemm_variant_fails_the_host_run(bug: str):
    mode, old, new = BUGS[bug]

    def edit(source: str) -> str:
        assert source.count(old) >= 1, f"the variant has no {old!r} to break"
        return source.replace(old, new)

    with pytest.raises((AssertionError, RuntimeError)) as failed:
        gemm_check(case_named("gemm_wgmma"), 1, 208, mode, edit)
    assert "takes no GEMM lowering" not in str(failed.value) and "error:" not in str(failed.value)
