"""scripts/gpu_devices.py, the GPU machine's check of the device rules (issue 28), as far
as a machine without a GPU can run it: the threads check and the tensor-parallel MLP
over gloo on CPU tensors and the interpreter (`--cpu-check`), the JSON record and the
ledger line, and the sharding the distributed check relies on. The GPU runs themselves
are the script's, on the GPU machine (docs/distributed.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")
if not torch.distributed.is_available():
    pytest.skip("torch.distributed is not available in this torch build", allow_module_level=True)

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "gpu_devices.py"
sys.path.insert(0, str(ROOT / "scripts"))
import gpu_devices  # noqa: E402

CPU_RUN = ("threads", "tensor_parallel_mlp_gloo_cpu")


@pytest.fixture
def interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOBOS_INTERPRET", "1")


def test_cpu_check_passes_and_writes_the_record_and_one_ledger_line(tmp_path: Path) -> None:
    out, ledger = tmp_path / "result.json", tmp_path / "ledger" / "devices.jsonl"
    done = subprocess.run([sys.executable, str(SCRIPT), "--cpu-check", "--out", str(out), "--ledger", str(ledger)],
                          capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    record = json.loads(out.read_text())
    lines = ledger.read_text().splitlines()
    assert len(lines) == 1 and json.loads(lines[0]) == record
    assert record["mode"] == "cpu-check" and record["passed"] is True and record["failed"] == []
    assert record["gpus"] == 0 and record["devices"] == [] and len(record["tree"]) == 64
    assert record["torch"] == torch.__version__
    results = {c["name"]: c["result"] for c in record["checks"]}
    assert [n for n, r in results.items() if r == "passed"] == list(CPU_RUN)
    assert record["ran"] == len(CPU_RUN)
    for name in ("stream", "host_tensor_refused", "cuda_graph", "alternate_devices", "two_devices_refused",
                 "cuda_graph_cuda1", "tensor_parallel_mlp_nccl"):
        assert results[name].startswith("not run: --cpu-check"), name
    for check in record["checks"]:
        assert set(check) == {"name", "part", "result", "seconds", "detail"}
    tp = next(c for c in record["checks"] if c["name"] == "tensor_parallel_mlp_gloo_cpu")
    assert "world 2 over gloo" in tp["detail"] and "against one device" in tp["detail"]


def test_cpu_check_writes_no_line_to_the_gpu_ledger() -> None:
    assert gpu_devices.main(["--cpu-check", "--ledger"]) == 2
    assert not gpu_devices.LEDGER.exists() or all(
        json.loads(line)["mode"] != "cpu-check" for line in gpu_devices.LEDGER.read_text().splitlines() if line)


def test_the_shards_split_w1_by_columns_and_w2_by_rows_and_their_partials_sum_to_the_block(
        interpreter: None) -> None:
    x, w1, w2 = gpu_devices.mlp_inputs((128, 128, 512), seed=3)
    shards = [gpu_devices.shard(w1, w2, r, 2) for r in range(2)]
    assert torch.equal(torch.cat([a for a, _ in shards], dim=1), w1)
    assert torch.equal(torch.cat([b for _, b in shards], dim=0), w2)
    whole = gpu_devices.mlp_block(x, w1, w2)
    summed = sum(gpu_devices.mlp_block(x, a, b) for a, b in shards)
    assert gpu_devices.relative_error(summed, whole) < gpu_devices.TP_TOLERANCE
    assert gpu_devices.relative_error(whole, gpu_devices.mlp_torch(x, w1, w2)) < gpu_devices.TORCH_TOLERANCE
    wrong = gpu_devices.mlp_block(x, *shards[0]) + gpu_devices.mlp_block(x, shards[1][0], shards[0][1])
    assert gpu_devices.relative_error(wrong, whole) > 100 * gpu_devices.TP_TOLERANCE  # a bad split shows


def test_a_check_that_fails_or_raises_is_recorded_failed_and_fails_the_run(tmp_path: Path) -> None:
    def wrong() -> str:
        gpu_devices.expect(False, "values differ")
        return ""

    def broken() -> str:
        raise RuntimeError("no such device")

    checks = [gpu_devices.run_check("good", "A", lambda: "fine"), gpu_devices.run_check("wrong", "A", wrong),
              gpu_devices.run_check("broken", "B", broken), gpu_devices.not_run("later", "B", "1 GPU(s)")]
    assert [c["result"] for c in checks] == ["passed", "failed", "failed", "not run: 1 GPU(s)"]
    assert checks[1]["detail"] == "values differ" and "RuntimeError: no such device" in checks[2]["detail"]
    record = gpu_devices.summarize(checks, {"tree": "t"}, "gpu", "python3 scripts/gpu_devices.py")
    assert record["passed"] is False and record["failed"] == ["wrong", "broken"] and record["ran"] == 3
    assert gpu_devices.summarize(checks[:1] + checks[3:], {}, "gpu", "c")["passed"] is True
    assert gpu_devices.summarize(checks[3:], {}, "gpu", "c")["passed"] is False  # nothing ran: no pass
    ledger = tmp_path / "devices.jsonl"
    gpu_devices.write(record, None, ledger)
    gpu_devices.write(record, tmp_path / "r.json", ledger)
    assert len(ledger.read_text().splitlines()) == 2 and json.loads((tmp_path / "r.json").read_text()) == record


def test_the_threads_check_runs_on_the_interpreter(interpreter: None) -> None:
    assert "4 threads" in gpu_devices.check_threads("cpu", rounds=3)
