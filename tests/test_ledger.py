"""CI reads the GPU ledgers: the committed goldens (the generated code) must be what
the last ledger line of their back end tested on the GPU (scripts/tree.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from tree import LEDGERS, goldens_hash, untested_goldens  # noqa: E402


@pytest.mark.parametrize("backend", ["cuda", "tileir"])
def test_the_goldens_are_what_the_last_ledger_line_tested(backend: str) -> None:
    last = json.loads(LEDGERS[backend].read_text().splitlines()[-1])
    if "goldens" not in last:
        pytest.skip(f"the last line of {LEDGERS[backend].name} predates goldens hashes; the next gate run records one")
    problem = untested_goldens(backend)
    assert problem is None, problem


def test_the_check_fails_on_other_goldens_and_names_the_command(tmp_path: Path) -> None:
    ledger = tmp_path / "sm_90.jsonl"
    now = goldens_hash("cuda")
    ledger.write_text(json.dumps({"tree": "x"}) + "\n" + json.dumps({"goldens": now}) + "\n")
    assert untested_goldens("cuda", ledger) is None
    ledger.write_text(json.dumps({"goldens": now}) + "\n" + json.dumps({"goldens": "0" * 64}) + "\n")
    problem = untested_goldens("cuda", ledger)
    assert problem is not None and "run `python3 scripts/gpu_gate.py` on the GPU machine" in problem
    assert untested_goldens("cuda", ledger, current="0" * 64) is None
    ledger.write_text(json.dumps({"tree": "an old line"}) + "\n")
    assert untested_goldens("cuda", ledger) is None
    ledger.write_text("")
    assert "has no line" in (untested_goldens("tileir", ledger) or "")


def test_each_back_ends_goldens_hash_covers_its_own_files_only() -> None:
    assert goldens_hash("cuda") != goldens_hash("tileir")
    assert len(goldens_hash("cuda")) == 64
