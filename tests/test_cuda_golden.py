"""Gate 0, goldens: the CUDA C++ generated for the corpus's native kernels is pinned in
tests/golden/, one file per kernel (its first variant). Any difference fails; review
it like code and run `pytest tests/test_cuda_golden.py --update-goldens` to accept it.
No NVRTC is needed: this is the code generator alone. Every kernel's source starts
with the same prelude, pinned once as `_prelude.cu`. The goldens pin the code but not
the numbers of its `#line` directives (golden_programs.py says why); those are checked
against the source here.
"""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from golden_programs import GOLDEN, check_golden, golden_kernels, misplaced_line_directives

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
    check_golden(GOLDEN / name, source[len(PRELUDE):], request, "CUDA C++", line_numbers=False)


@pytest.mark.parametrize(("name", "kernel"), KERNELS, ids=[name for name, _ in KERNELS])
def test_line_directives_name_the_kernels_statements(name: str, kernel: phobos.Kernel):
    """The goldens leave `#line` numbers out, so they are checked here, against the source."""
    source = generate(kernel.variants[0]).source
    assert "#line" in source
    assert misplaced_line_directives(source) == []


def test_a_shifted_line_directive_is_named():
    _, kernel = KERNELS[0]
    source = generate(kernel.variants[0]).source
    shifted = re.sub(r"#line (\d+)", lambda m: f"#line {int(m[1]) + 1}", source, count=1)
    assert misplaced_line_directives(shifted)


def test_goldens_compare_code_but_not_line_numbers(tmp_path: Path):
    def request(update: bool) -> pytest.FixtureRequest:
        return SimpleNamespace(config=SimpleNamespace(getoption=lambda _: update))  # type: ignore[return-value]

    golden = tmp_path / "k.cu"
    golden.write_text('#line 7 "k.phobos"\nx = 1;\n')
    moved = '#line 9 "k.phobos"\nx = 1;\n'
    check_golden(golden, moved, request(False), "CUDA C++", line_numbers=False)
    check_golden(golden, moved, request(True), "CUDA C++", line_numbers=False)
    assert golden.read_text().startswith("#line 7"), "a golden whose code is unchanged is not rewritten"
    with pytest.raises(AssertionError, match="differs from"):
        check_golden(golden, moved.replace("1", "2"), request(False), "CUDA C++", line_numbers=False)
    with pytest.raises(AssertionError, match="differs from"):
        check_golden(golden, moved, request(False), "CUDA C++")
    check_golden(golden, moved.replace("1", "2"), request(True), "CUDA C++", line_numbers=False)
    assert golden.read_text() == '#line 9 "k.phobos"\nx = 2;\n'


def test_no_stale_goldens():
    names = {name for name, _ in KERNELS} | {"_prelude.cu"}
    stale = sorted(p.name for p in GOLDEN.glob("*.cu") if p.name not in names)
    assert not stale, f"goldens with no kernel: {stale}"
