"""Options shared by the test suite."""

from __future__ import annotations

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-goldens", action="store_true", default=False,
        help="rewrite tests/golden/ from the code generators instead of comparing against it",
    )
