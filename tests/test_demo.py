"""The README's first command runs examples/demo.py; it must pass as a new user sees it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEMO = ROOT / "examples" / "demo.py"


def test_readme_commands_are_the_demo_and_what_ci_runs():
    blocks = re.findall(r"```sh\n(.*?)\n```", (ROOT / "README.md").read_text(), re.S)
    assert blocks[0].endswith(".venv/bin/python examples/demo.py")
    assert blocks[1] in (ROOT / ".ci" / "run").read_text().splitlines()


def test_the_readmes_grid_function_covers_every_row():
    """The README's grid example gives the last, partial block of rows its CTA."""
    found = re.search(r"`kernel\[(lambda meta: .*?)\]\(x, y\)`", (ROOT / "README.md").read_text(), re.S)
    assert found is not None
    grid = eval(" ".join(found.group(1).split()))  # noqa: S307  (the README's own text)
    assert [grid({"M": m, "ROWS": 32}) for m in (32, 33, 100)] == [(1,), (2,), (4,)]


def test_the_project_is_apache_2_licensed():
    import tomllib

    assert (ROOT / "LICENSE").read_text().split()[:4] == ["Apache", "License", "Version", "2.0,"]
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == {"text": "Apache-2.0"}


def _interpreter_installed() -> bool:
    try:
        from phobos.backends.interp import run  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not _interpreter_installed(), reason="the interpreter back end is not installed")
def test_demo_runs_and_agrees_with_numpy():
    env = {k: v for k, v in os.environ.items() if k != "PHOBOS_INTERPRET"}
    done = subprocess.run(
        [sys.executable, str(DEMO)], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines if "max |phobos - numpy|" in line] == [
        "scale_rows",
        "row_softmax",
    ]
    assert done.stdout.count(" ok\n") == 2 and "WRONG" not in done.stdout
    assert "Traceback" not in done.stderr
    # The demo asks for no back end: with no device visible the interpreter runs and
    # says why exactly once; with one, the GPU runs and nothing is said.
    from phobos.runtime.backend import cuda_device

    assert done.stderr.count("run on the CPU interpreter") == (0 if cuda_device()[0] else 1)
