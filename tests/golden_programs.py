"""What the golden tests of every back end share: the corpus's native programs (and
the language guide's examples), each compiled under its path from the repository
root so locations are stable, and the comparison with a pinned file that
`--update-goldens` rewrites instead.

A CUDA C++ golden pins the code, not where its kernel stands in the source file: the
numbers of its `#line` directives are left out of the comparison, and a golden whose
code is unchanged is not rewritten. So a case added above a kernel leaves that
kernel's golden, and the goldens hash a GPU ledger line records, as they were; a
golden's `#line` numbers are those of its last code change.
test_cuda_golden.py checks the fresh code's `#line` directives against the source
instead."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from corpus.seed_examples import SEED_EXAMPLES

import phobos

TESTS = Path(__file__).resolve().parent
GOLDEN = TESTS / "golden"


def golden_kernels() -> list[tuple[str, phobos.Kernel]]:
    """(program stem . kernel name, kernel) for every kernel with a variant."""
    programs: list[tuple[str, phobos.Module]] = []
    for path in sorted((TESTS / "corpus").glob("*.phobos")):
        programs.append((path.stem, phobos.compile(path.read_text(), path=f"tests/corpus/{path.name}")))
    for name, text in SEED_EXAMPLES:
        programs.append((f"seed_{name}", phobos.compile(text, path=f"seed:{name}")))
    return [
        (f"{stem}.{kernel.name}", kernel)
        for stem, module in programs
        for kernel in module.kernels.values()
        if kernel.variants
    ]


LINE_DIRECTIVE = re.compile(r'^[ \t]*#line (\d+) "([^"]*)"', re.MULTILINE)


def misplaced_line_directives(code: str) -> list[str]:
    """The `#line` directives of `code` that name no statement of their source: past
    its end, or on a blank or comment line; the first must name the first line of a
    kernel's header (its first decorator, or its `kernel` line where it has none)."""
    sources: dict[str, list[str]] = {f"seed:{name}": text.splitlines() for name, text in SEED_EXAMPLES}
    problems = []
    for i, match in enumerate(LINE_DIRECTIVE.finditer(code)):
        number, path = int(match[1]), match[2]
        if path not in sources:
            sources[path] = (TESTS.parent / path).read_text().splitlines()
        lines = sources[path]
        line = lines[number - 1].strip() if 1 <= number <= len(lines) else ""
        above = lines[number - 2].strip() if 2 <= number <= len(lines) + 1 else ""
        header = line.startswith(("kernel ", "@")) and not above.startswith("@")
        if not line or line.startswith("//") or (i == 0 and not header):
            problems.append(f"{match[0].strip()}: {line or 'no statement'!r}")
    return problems


LINE_NUMBER = re.compile(r"^([ \t]*#line )\d+", re.MULTILINE)


def without_line_numbers(code: str) -> str:
    """CUDA C++ with the number of each `#line` directive blanked: what a golden pins."""
    return LINE_NUMBER.sub(r"\1_", code)


def check_golden(path: Path, data: str | bytes, request: pytest.FixtureRequest, what: str,
                 line_numbers: bool = True) -> None:
    """`data` must equal the pinned `path` (text or bytes); --update-goldens writes it.
    With `line_numbers` False, `#line` numbers are not compared, nor rewritten alone."""
    pinned: str | bytes | None = None
    if path.exists():
        pinned = path.read_bytes() if isinstance(data, bytes) else path.read_text()

    def same(a: str | bytes, b: str | bytes | None) -> bool:
        if line_numbers or isinstance(a, bytes) or not isinstance(b, str):
            return a == b
        return without_line_numbers(a) == without_line_numbers(b)

    if request.config.getoption("--update-goldens"):
        if not same(data, pinned):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data if isinstance(data, bytes) else data.encode())
        return
    assert pinned is not None, f"no golden {path.name}; run pytest --update-goldens and review it"
    shown = path.relative_to(TESTS.parent) if path.is_relative_to(TESTS.parent) else path
    assert same(data, pinned), (
        f"the generated {what} differs from {shown}; review the change and run pytest --update-goldens to accept it"
    )
