"""scripts/mutants.py's mutants still apply: each one's text is in its file exactly
once, and each is written against one of the three gates. A change that moves or
rewrites the code a mutant bites fails here, so the mutants follow the code."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mutants() -> list:
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "scripts" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mutants", module)  # a dataclass finds its module there
    spec.loader.exec_module(module)
    return module.MUTANTS


MUTANTS = _mutants()


def test_there_are_at_least_sixty_mutants_over_every_gate():
    assert len(MUTANTS) >= 60 and {m.gate for m in MUTANTS} == {0, 1, 2}
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_each_mutant_bites_one_place(mutant):
    text = (ROOT / mutant.path).read_text()
    assert text.count(mutant.old) == 1, f"{mutant.name}: its text is in {mutant.path} {text.count(mutant.old)} times"
    assert mutant.old != mutant.new
