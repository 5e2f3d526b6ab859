"""Every module of Phobos imports on its own, first: an import cycle that a test run's
order happens to hide (a module imported first by another test) fails here. Found so:
`phobos.backends.cuda.layout.fragments` imported first did not import once the product writers
imported the planner back."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

# In a process of its own: each module imported first, every Phobos module forgotten
# between them (the libraries they use stay loaded, so the whole walk takes seconds).
WALK = """
import importlib, pkgutil, sys
import phobos
names = sorted(m.name for m in pkgutil.walk_packages(phobos.__path__, "phobos.") if m.name != "phobos.__main__")
failed = []
for name in names:
    for loaded in [k for k in sys.modules if k == "phobos" or k.startswith("phobos.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as err:
        failed.append(f"{name}: {type(err).__name__}: {err}")
print(len(names))
print("\\n".join(failed))
"""


def test_every_module_imports_first():
    done = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    count, *failures = done.stdout.strip().splitlines()
    assert int(count) > 50 and not failures, failures


BACKENDS = Path(__file__).resolve().parent.parent / "src" / "phobos" / "backends"


def imported(folder: Path) -> list[tuple[Path, str]]:
    """(module file, absolute name) of every import in the modules under `folder`."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        package = ["phobos", "backends", *path.relative_to(BACKENDS).parent.parts]
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                found += [(path, a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                found.append((path, ".".join([*base, *([node.module] if node.module else [])])))
    return found


def _within(name: str, package: str) -> bool:
    return name == package or name.startswith(f"{package}.")


def test_the_gpu_back_ends_stand_side_by_side():
    """Neither GPU back end imports the other, and what they share imports neither:
    the Tile IR back end stands beside the CUDA back end, not on it."""
    refused = {"tileir": ("cuda",), "cuda": ("tileir",), "gpu": ("cuda", "tileir")}
    found = [f"{path.relative_to(BACKENDS)} imports {name}" for folder, others in refused.items()
             for path, name in imported(BACKENDS / folder)
             if any(_within(name, f"phobos.backends.{o}") for o in others)]
    assert not found, found


def test_the_cuda_back_end_plans_before_it_writes():
    """Layouts and the plan come before the code: nothing under backends/cuda/layout or
    backends/cuda/plan imports the lowering, the writers, the GEMM kernel or the runtime."""
    later = ("lower", "write", "gemm", "runtime")
    found = [f"{path.relative_to(BACKENDS)} imports {name}" for folder in ("layout", "plan")
             for path, name in imported(BACKENDS / "cuda" / folder)
             if any(_within(name, f"phobos.backends.cuda.{stage}") for stage in later)]
    assert not found, found
