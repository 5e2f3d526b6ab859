"""The registry of corpus cases: every kernel, its inputs, grid and numpy reference.

A back end's gate iterates `CASES` (or `by_area`) and runs each case with
`harness.check(case, spelling, backend)` for every spelling in `case.spellings`.
"""

from __future__ import annotations

from . import (
    atomics,
    collectives,
    control_flow,
    dot,
    dtypes,
    elementwise,
    functions,
    generated,
    numerics,
    overlap,
    reductions,
    slicing,
)
from .case import Case

AREAS: dict[str, list[Case]] = {
    "elementwise": elementwise.CASES,
    "reductions": reductions.CASES,
    "dot": dot.CASES,
    "slicing": slicing.CASES,
    "overlap": overlap.CASES,
    "control_flow": control_flow.CASES,
    "functions": functions.CASES,
    "collectives": collectives.CASES,
    "numerics": numerics.CASES,
    "dtypes": dtypes.CASES,
    "atomics": atomics.CASES,
    "generated": generated.CASES,
}

CASES: list[Case] = [case for cases in AREAS.values() for case in cases]


def by_area(area: str) -> list[Case]:
    return AREAS[area]


def params(area: str) -> list[tuple[Case, str]]:
    """(case, spelling) pairs of an area, for pytest.mark.parametrize."""
    return [(case, spelling) for case in AREAS[area] for spelling in case.spellings]


def ids(area: str) -> list[str]:
    return [f"{short(case)}-{spelling}" for case, spelling in params(area)]


def both(area: str) -> list[Case]:
    """The cases of an area written in both spellings."""
    return [case for case in AREAS[area] if len(case.spellings) == 2]


def short(case: Case) -> str:
    return case.name.split("/", 1)[1]
