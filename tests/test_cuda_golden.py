"""Gate 0, goldens: the CUDA C++ generated for the corpus's native kernels is pinned in
tests/golden/, one file per kernel (its first variant). Any difference fails; review
it like code and run `pytest tests/test_cuda_golden.py --update-goldens` to accept it.
No NVRTC is needed: this is the code generator alone. Every kernel's source starts
with the same prelude, pinned once as `_prelude.cu`.
"""

from __future__ import annotations

import pytest
from golden_programs import GOLDEN, check_golden, golden_kernels

import phobos
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.cuda.write.prelude import PRELUDE

KERNELS = [(f"{name}.cu", kernel) for name, kernel in golden_kernels()]


def test_there_are_enough_goldens():
    assert len(KERNELS) >= 30


def test_prelude_matches_golden(request: pytest.FixtureRequest):
    check_golden(GOLDEN / "_prelude.cu", PRELUDE, request, "CUDA C++")


@pytest.mark.parametrize(("name", "kernel"), KERNELS, ids=[name for name, _ in KERNELS])
def test_generated_cuda_matches_golden(name: str, kernel: phobos.Kernel, request: pytest.FixtureRequest):
    source = generate(kernel.variants[0]).source
    assert source.startswith(PRELUDE)
    check_golden(GOLDEN / name, source[len(PRELUDE):], request, "CUDA C++")


def test_no_stale_goldens():
    names = {name for name, _ in KERNELS} | {"_prelude.cu"}
    stale = sorted(p.name for p in GOLDEN.glob("*.cu") if p.name not in names)
    assert not stale, f"goldens with no kernel: {stale}"
