"""Every module of Phobos imports on its own, first: an import cycle that a test run's
order happens to hide (a module imported first by another test) fails here. Found so:
`phobos.backends.cuda.layout.fragments` imported first did not import once the product writers
imported the planner back."""

from __future__ import annotations

import subprocess
import sys

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
