"""Gate 0, goldens: the CUDA C++ generated for the corpus's native kernels is pinned in
tests/golden/, one file per kernel (its first variant). Any difference fails; review
it like code and run `pytest tests/test_cuda_golden.py --update-goldens` to accept it.
No NVRTC is needed: this is the code generator alone. Every kernel's source starts
with the same prelude, pinned once as `_prelude.cu`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from corpus.seed_examples import SEED_EXAMPLES

import phobos
from phobos.backends.cuda.kernel import generate
from phobos.backends.cuda.prelude import PRELUDE

TESTS = Path(__file__).resolve().parent
GOLDEN = TESTS / "golden"


def golden_kernels() -> list[tuple[str, phobos.Kernel]]:
    """(golden file name, kernel) for every kernel of the corpus's native programs; each
    program is compiled under its path from the repository root, so `#line` is stable."""
    programs: list[tuple[str, phobos.Module]] = []
    for path in sorted((TESTS / "corpus").glob("*.phobos")):
        programs.append((path.stem, phobos.compile(path.read_text(), path=f"tests/corpus/{path.name}")))
    for name, text in SEED_EXAMPLES:
        programs.append((f"seed_{name}", phobos.compile(text, path=f"seed:{name}")))
    return [
        (f"{stem}.{kernel.name}.cu", kernel)
        for stem, module in programs
        for kernel in module.kernels.values()
        if kernel.variants
    ]


KERNELS = golden_kernels()


def test_there_are_enough_goldens():
    assert len(KERNELS) >= 30


def check_golden(name: str, text: str, request: pytest.FixtureRequest) -> None:
    path = GOLDEN / name
    if request.config.getoption("--update-goldens"):
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(text)
        return
    assert path.exists(), f"no golden {path.name}; run pytest --update-goldens and review it"
    assert text == path.read_text(), (
        f"the generated CUDA C++ differs from {path.relative_to(TESTS.parent)}; review the "
        "change and run pytest --update-goldens to accept it"
    )


def test_prelude_matches_golden(request: pytest.FixtureRequest):
    check_golden("_prelude.cu", PRELUDE, request)


@pytest.mark.parametrize(("name", "kernel"), KERNELS, ids=[name for name, _ in KERNELS])
def test_generated_cuda_matches_golden(name: str, kernel: phobos.Kernel, request: pytest.FixtureRequest):
    source = generate(kernel.variants[0]).source
    assert source.startswith(PRELUDE)
    check_golden(name, source[len(PRELUDE):], request)


def test_no_stale_goldens():
    names = {name for name, _ in KERNELS} | {"_prelude.cu"}
    stale = sorted(p.name for p in GOLDEN.glob("*.cu") if p.name not in names)
    assert not stale, f"goldens with no kernel: {stale}"
