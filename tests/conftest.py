"""Options shared by the test suite."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens", action="store_true", default=False,
        help="rewrite tests/golden/ from the code generators instead of comparing against it",
    )


@pytest.fixture(scope="session", autouse=True)
def suite_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The suite's cubins, tunings and launch extension go to a folder of its own, not
    into the user's ~/.cache/phobos (a PHOBOS_CACHE_DIR the user set is kept: the GPU
    gate carries its Tile IR cubins in one)."""
    from phobos.backends.gpu import cache

    if os.environ.get(cache.ENV_CACHE_DIR):
        yield
        return
    mp = pytest.MonkeyPatch()
    mp.setenv(cache.ENV_CACHE_DIR, str(tmp_path_factory.mktemp("phobos-cache")))
    yield
    mp.undo()


@pytest.fixture(scope="module")
def fresh_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Compile for real with NVRTC (skipped where it is missing), into a cache of the
    test module's own."""
    from phobos.backends.cuda.runtime.compile import nvrtc_version
    from phobos.backends.gpu import cache
    from phobos.errors import PhobosError

    try:
        importlib.import_module("cuda.bindings.nvrtc")
        nvrtc_version()
    except (ImportError, PhobosError, RuntimeError, OSError) as exc:
        pytest.skip(f"NVRTC is not installed ({exc})")
    mp = pytest.MonkeyPatch()
    mp.setenv(cache.ENV_CACHE_DIR, str(tmp_path_factory.mktemp("cubins")))
    cache.forget_memory()
    yield
    mp.undo()
