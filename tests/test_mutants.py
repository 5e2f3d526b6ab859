"""scripts/mutants.py's mutants still apply: each one's text is in its file exactly
once, and each is written against one of the three gates. A change that moves or
rewrites the code a mutant bites fails here, so the mutants follow the code."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script():
    spec = importlib.util.spec_from_file_location("mutants", ROOT / "scripts" / "mutants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("mutants", module)  # a dataclass finds its module there
    spec.loader.exec_module(module)
    return module


SCRIPT = _script()
MUTANTS = SCRIPT.MUTANTS


def test_there_are_at_least_sixty_mutants_over_every_gate():
    assert len(MUTANTS) >= 60 and {m.gate for m in MUTANTS} == {0, 1, 2}
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda m: m.name)
def test_each_mutant_bites_one_place(mutant):
    text = (ROOT / mutant.path).read_text()
    assert text.count(mutant.old) == 1, f"{mutant.name}: its text is in {mutant.path} {text.count(mutant.old)} times"
    assert mutant.old != mutant.new


def _row(m, caught: dict) -> dict:
    return {"name": m.name, "gate": m.gate, "path": m.path, "old": m.old, "new": m.new, "what": m.what,
            "caught": caught}


def test_runs_merge_into_one_table_between_the_pages_markers(tmp_path):
    """Gates 0 and 1 run here and gate 2 on the GPU machine fold into one row a mutant;
    the table replaces only what lies between the page's markers."""
    here = [_row(m, {"0": [True, ""]} if m.gate != 1 else {"0": [True, ""], "1": [True, ""]}) for m in MUTANTS]
    device = [_row(m, {"2": [m.name != MUTANTS[-1].name, ""]}) for m in MUTANTS if m.gate == 2 and not m.host_only]
    # a mutant of code no lent GPU runs is judged by the host's stand-in, whatever the device saw
    device += [_row(m, {"2": [False, ""], "host": [True, ""]}) for m in MUTANTS if m.host_only]
    rows = SCRIPT.merged([here, device])
    assert [r["name"] for r in rows] == [m.name for m in MUTANTS]
    verdicts = {r["name"]: r["verdict"] for r in rows}
    assert verdicts[MUTANTS[-1].name] == "survived" and MUTANTS[-1].gate == 2
    assert all(v == "caught" for name, v in verdicts.items() if name != MUTANTS[-1].name)
    assert any(m.host_only for m in MUTANTS) and not MUTANTS[-1].host_only
    page = tmp_path / "gates.md"
    page.write_text(f"# before\n{SCRIPT.TABLE_START}\nold table\n{SCRIPT.TABLE_END}\nafter\n")
    SCRIPT.write_table(page, SCRIPT.table(rows))
    text = page.read_text()
    assert text.startswith("# before\n") and text.endswith(f"{SCRIPT.TABLE_END}\nafter\n")
    assert "old table" not in text and f"| {MUTANTS[-1].name} |" in text


def test_a_run_of_a_mutant_since_changed_is_refused_unless_a_later_run_holds_it():
    stale = [_row(m, {"0": [True, ""]}) for m in MUTANTS]
    stale[0] = {**stale[0], "new": stale[0]["new"] + " "}
    with pytest.raises(SystemExit, match=MUTANTS[0].name):
        SCRIPT.merged([stale])
    again = [_row(MUTANTS[0], {"0": [False, ""]})]
    rows = SCRIPT.merged([stale, again])
    assert rows[0]["caught"] == {"0": [False, ""]} and rows[0]["new"] == MUTANTS[0].new
    with pytest.raises(SystemExit, match="no run holds 1 mutant"):
        SCRIPT.merged([[_row(m, {"0": [True, ""]}) for m in MUTANTS[1:]]])



def test_a_tile_ir_mutants_cubins_serve_only_the_mutant_they_were_built_for(tmp_path):
    """An archive of a Tile IR mutant's cubins is used for gate 2 on the GPU machine only
    while the mutant is as it was when they were built."""
    m = next(m for m in MUTANTS if m.gate == 2 and m.path.startswith(SCRIPT.TILEIR))
    assert not SCRIPT.archive_current(m, tmp_path) and not SCRIPT.archive_current(m, None)
    (tmp_path / f"{m.name}.json").write_text(json.dumps({"path": m.path, "old": m.old, "new": m.new}))
    assert SCRIPT.archive_current(m, tmp_path)
    (tmp_path / f"{m.name}.json").write_text(json.dumps({"path": m.path, "old": m.old, "new": m.new + " "}))
    assert not SCRIPT.archive_current(m, tmp_path)
