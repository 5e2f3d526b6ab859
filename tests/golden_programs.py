"""What the golden tests of every back end share: the corpus's native programs (and
the language guide's examples), each compiled under its path from the repository
root so locations are stable, and the comparison with a pinned file that
`--update-goldens` rewrites instead."""

from __future__ import annotations

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


def check_golden(path: Path, data: str | bytes, request: pytest.FixtureRequest, what: str) -> None:
    """`data` must equal the pinned `path` (text or bytes); --update-goldens writes it."""
    if request.config.getoption("--update-goldens"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data if isinstance(data, bytes) else data.encode())
        return
    assert path.exists(), f"no golden {path.name}; run pytest --update-goldens and review it"
    pinned = path.read_bytes() if isinstance(data, bytes) else path.read_text()
    assert data == pinned, (
        f"the generated {what} differs from {path.relative_to(TESTS.parent)}; review the "
        "change and run pytest --update-goldens to accept it"
    )
