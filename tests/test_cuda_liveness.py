"""Register tiles budgeted where they are live (layout/liveness.py,
PHOBOS_CUDA_LIVE_BUDGET=1): a tile holds its registers from its declaration to the
statement that reads it last (not at that statement), and through every loop that uses
it but did not declare it."""

from __future__ import annotations

from pathlib import Path

import pytest

import phobos
from phobos.backends.cuda.layout.fragments import plan_registers
from phobos.backends.cuda.layout.liveness import ENV_LIVE_BUDGET, live_ranges
from phobos.ir import nodes as ir

ATTENTION = Path(__file__).resolve().parent.parent / "benchmarks" / "kernels" / "attention.phobos"


def _variant(bindings: dict[str, int]) -> ir.Kernel:
    kernel = phobos.compile(ATTENTION.read_text(), path="a.phobos").kernels["attention_fwd"]
    return next(v for v in kernel.variants if v.bindings == bindings)


def test_the_scores_give_their_registers_to_the_probabilities():
    v = _variant({"D": 128, "BM": 128, "BN": 64, "OCC": 2, "NT": 256})
    tiles = [s.sym for s in ir.walk_stmts(v.body) if isinstance(s, ir.Decl) and s.sym.vtype.shape]
    live = live_ranges(v.body, tiles)
    by = {sym.name: live[sym] for sym in tiles}
    assert by["s"].stop == by["p"].start  # s's last read is where p is declared
    loop = next(k for k, s in enumerate(ir.walk_stmts(v.body)) if isinstance(s, ir.For))
    last = loop + len(list(ir.walk_stmts(next(s for s in v.body if isinstance(s, ir.For)).body)))
    assert by["acc"].start < loop and by["acc"].stop > last  # carried through the loop, read after it
    assert by["m"].stop > last


@pytest.mark.parametrize("live, kept", [("0", ["acc", "s"]), ("1", ["acc", "p", "s"])])
def test_the_budget_counted_where_tiles_live_keeps_p_in_registers(live: str, kept: list[str],
                                                                   monkeypatch: pytest.MonkeyPatch):
    """At D 128, 128 query rows and two CTAs an SM, acc, s and p do not fit together over
    the whole kernel, but s and p are never live together."""
    monkeypatch.setenv(ENV_LIVE_BUDGET, live)
    registers = plan_registers(_variant({"D": 128, "BM": 128, "BN": 64, "OCC": 2, "NT": 256}), stored=True)
    assert sorted(sym.name for sym in registers.spread) == kept
