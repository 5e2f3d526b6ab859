"""The plan of a producer warpgroup for a loop whose products TMA loads
(plan/producer.py): the loop it serves and the scalar statements before the loop it
computes again, or why a kernel has none."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_cuda_rotation import FLASH
from test_cuda_tma_rings import UNEVEN

import phobos
from phobos.backends.cuda.layout.liveness import ENV_LIVE_BUDGET
from phobos.backends.cuda.plan.kernel import plan_kernel
from phobos.backends.cuda.plan.producer import ProducerPlan, plan_producer
from phobos.backends.cuda.plan.tma_loads import ENV_TMA_RINGS
from phobos.ir import nodes as ir
from phobos.ir.specialize import specialize

ATTENTION = Path(__file__).resolve().parent.parent / "benchmarks" / "kernels" / "attention.phobos"


@pytest.fixture(autouse=True)
def tma(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_TMA_RINGS, "1")


def _plan(text: str, name: str, dims: dict[str, int], bindings: dict[str, int] | None = None
          ) -> ProducerPlan | str:
    kernel = phobos.compile(text, path="p.phobos").kernels[name]
    variant = next(v for v in kernel.variants if bindings is None or v.bindings == bindings)
    tensors = frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))
    plan = plan_kernel(variant, specialize(variant, dims, {}, tensors, scalars_known=False))
    return plan_producer(plan.kernel, plan.tma or {})


def _names(found: ProducerPlan) -> list[str]:
    return [s.sym.name if isinstance(s, ir.Decl | ir.Assign) else type(s).__name__ for s in found.slice]


def test_the_flash_loop_needs_its_block_its_batch_and_its_causal_end():
    found = _plan(FLASH, "flash", {"Z": 2, "S": 256})
    assert isinstance(found, ProducerPlan)
    assert found.loop.var.name == "j"
    assert _names(found) == ["r", "z", "q.start0", "q.start1", "end", "If"]  # q's window's starts: lets of the ir


def test_the_attention_forward_of_the_benchmark_has_a_producer():
    found = _plan(ATTENTION.read_text(), "attention_fwd", {"Z": 8, "ZK": 8, "S": 512},
                  {"D": 64, "BM": 128, "BN": 64, "OCC": 2, "NT": 256})
    assert isinstance(found, ProducerPlan)
    assert _names(found) == ["z", "zk", "r", "q.start0", "q.start1", "end", "If"]


def test_a_product_whose_operand_is_staged_from_shared_memory_has_none(monkeypatch: pytest.MonkeyPatch):
    """At D 128, 128 query rows and two CTAs an SM, p lives in shared memory (the
    registers, budgeted over the whole kernel, do not hold it) and its product stages it
    every turn: no producer."""
    monkeypatch.delenv(ENV_LIVE_BUDGET, raising=False)
    found = _plan(ATTENTION.read_text(), "attention_fwd", {"Z": 8, "ZK": 8, "S": 512},
                  {"D": 128, "BM": 128, "BN": 64, "OCC": 2, "NT": 256})
    assert isinstance(found, str) and "TMA does not load" in found


def test_a_gemm_loop_needs_its_tile_corner():
    found = _plan(UNEVEN, "uneven", {"M": 128, "KA": 128, "KB": 128, "N": 128})
    assert isinstance(found, ProducerPlan) and _names(found) == ["m", "n"]


@pytest.mark.parametrize("change, reason", [
    (("  let r = ctx.block.x * 64\n", "  let r = i64(Q[0, 0, 0]) * 0 + ctx.block.x * 64\n"), "not scalar"),
    (("  for j in range(0, end, 64) {\n", "  for i in range(0, 1) {\n  for j in range(0, end, 64) {\n"),
     "nested"),
])
def test_a_loop_whose_windows_the_producer_cannot_compute_has_none(change: tuple[str, str], reason: str):
    text = FLASH.replace(*change)
    if reason == "nested":
        text = text.replace("    m = m_new\n  }\n", "    m = m_new\n  }\n  }\n")
    found = _plan(text, "flash", {"Z": 2, "S": 256})
    assert isinstance(found, str) and reason in found


def test_without_tma_no_producer(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(ENV_TMA_RINGS)
    assert "TMA does not load" in _plan(FLASH, "flash", {"Z": 2, "S": 256})
