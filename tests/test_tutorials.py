"""Each tutorial in examples/tutorials runs on the interpreter, as a user runs it, and its checks pass.

A tutorial checks every kernel it launches against numpy and exits non-zero on a
mismatch, so a kernel that computes a wrong result fails its test here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TUTORIALS = Path(__file__).resolve().parent.parent / "examples" / "tutorials"
SCRIPTS = sorted(p.name for p in TUTORIALS.glob("[0-9][0-9]_*.py"))


def run(script: str) -> str:
    """Run a tutorial on the interpreter; its output, once it has passed."""
    env = {**os.environ, "PHOBOS_INTERPRET": "1"}
    done = subprocess.run(
        [sys.executable, str(TUTORIALS / script)], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"{script} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_every_topic_has_a_tutorial() -> None:
    assert SCRIPTS == [
        "01_vector_add.py", "02_softmax.py", "03_layer_norm.py", "04_gemm_epilogue.py",
        "05_flash_attention.py", "06_warp_scan.py", "07_torch_module.py", "08_debugging.py",
    ]


@pytest.mark.parametrize("script", [s for s in SCRIPTS if s != "07_torch_module.py"])
def test_tutorial_runs_and_checks_both_spellings(script: str) -> None:
    out = run(script)
    checks = [line for line in out.splitlines() if "max |phobos - numpy|" in line]
    assert any("(phobos syntax)" in line for line in checks), out
    assert any("(python spelling)" in line for line in checks), out
    assert all(line.endswith("ok") for line in checks), out


def test_torch_module_tutorial() -> None:
    pytest.importorskip("torch")
    out = run("07_torch_module.py")
    checks = [line for line in out.splitlines() if "max |phobos - numpy|" in line]
    assert len(checks) == 2 and all(line.endswith("ok") for line in checks), out
