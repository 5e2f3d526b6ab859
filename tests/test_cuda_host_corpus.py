"""The corpus (tests/corpus) run as the CUDA back end's code on the host
(tests/cuda_host.py), against the interpreter: wrong values in generated CUDA found
without a GPU.

Each case runs in its first spelling, on one fresh random draw (PHOBOS_TEST_SEED
replays one), through the launch the runtime makes on a GPU: its variant, its grid,
its specialization key, then the general variant's code for that key. Outputs the
kernel only writes are poisoned first, and each output is compared as gate 2
(scripts/gpu_gate.py) compares the device: the case's tolerance raised to its dtype's
floor, old values of atomics as multisets.

Every case runs by default: about 70 seconds on two cores with nothing built yet,
45 with every binary kept (most of it the CTAs' threads meeting at barriers, not
g++). Binaries are kept by the hash of their source in the temporary folder, so a
second run builds only what changed.
"""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

import pytest
from corpus import harness
from corpus.case import Case
from corpus.cases import CASES
from corpus.gate import drawn, floored
from cuda_host import gxx_has_barrier, launch

CACHE = Path(tempfile.gettempdir()) / "phobos_cuda_host"

# Cases the host cannot run, by name, and why. (None today: every case runs.)
SKIPPED: dict[str, str] = {}

# Cases whose host run disagrees with the interpreter for a reason found and named:
# a bug of the back end (reported, not yet fixed) or a limit of the emulation.
XFAIL: dict[str, str] = {}

pytestmark = pytest.mark.skipif(not gxx_has_barrier(), reason="needs g++ with C++20's <barrier>")


def _param(case: Case) -> object:
    marks: list[pytest.MarkDecorator] = []
    if case.name in SKIPPED:
        marks.append(pytest.mark.skip(reason=SKIPPED[case.name]))
    if case.name in XFAIL:
        marks.append(pytest.mark.xfail(reason=XFAIL[case.name], strict=False))
    return pytest.param(case, id=case.name, marks=marks)


def test_the_lists_name_corpus_cases() -> None:
    """A renamed case would otherwise leave a stale skip or xfail behind, unseen."""
    names = {case.name for case in CASES}
    assert set(SKIPPED) <= names and set(XFAIL) <= names


def host_check(case: Case, seed: int, arch: int | None = None) -> None:
    """One draw of `case` run on the host (as on sm_80 or sm_90a with `arch` 800 or 900:
    cuda_host_mma.py) and on the interpreter; every output agrees."""
    kernel = harness.kernel_for(case, case.spellings[0])
    args, outputs = drawn(case, kernel, seed)
    reference, host = copy.deepcopy(args), copy.deepcopy(args)
    harness.launch(kernel, case.grid, reference, "interp", dict(case.meta))
    launched = launch(kernel, case.grid, host, dict(case.meta), CACHE, arch)
    for name in outputs:
        rtol, atol = floored(case.tolerance(name), reference[name].dtype)
        try:
            harness.compare(name, host[name], reference[name], rtol, atol, name in case.unordered)
        except AssertionError as exc:
            ran = f"grid {launched.grid}, {launched.spec.text()}" if launched else "nothing"
            where = f"the host as sm_{arch // 10}" if arch else "the host"
            exc.add_note(f"corpus case `{case.name}` on {where} ({ran}); random seed {seed}; "
                         f"replay with {harness.SEED_ENV}={seed}")
            raise


@pytest.mark.parametrize("case", [_param(case) for case in CASES])
def test_the_host_agrees_with_the_interpreter(case: Case) -> None:
    host_check(case, harness.fresh_seeds()[0])


@pytest.mark.parametrize("arch", [800, 900])
@pytest.mark.parametrize("case", [_param(case) for case in CASES if case.name.startswith("dot/")])
def test_the_products_on_tensor_cores_agree_with_the_interpreter(case: Case, arch: int) -> None:
    """The `dot/` cases as an sm_80 device runs them (mma.sync, ldmatrix, cp.async) and as
    the H200 does (sm_90a: wgmma from swizzled stages), each instruction emulated by its
    PTX ISA layouts (cuda_host_mma.py), where the scalar run above has the loops below
    sm_80."""
    host_check(case, harness.fresh_seeds()[0], arch=arch)
