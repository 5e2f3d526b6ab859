"""Kernels the differential run found wrong, shrunk and fixed: generated.phobos."""

from __future__ import annotations

import numpy as np

from .case import Case, integers, sentinel

NATIVE = "generated.phobos"
PYTHON = "py.generated"


CASES = [
    Case(
        "generated/anchor_lost",
        "anchor_lost",
        lambda rng: {"A": integers(rng, -1000, 1000, (2, 32)), "T": sentinel((2, 32), np.int32)},
        lambda a: {"T": np.full((2, 32), a["A"][0, 5], np.int32)},
        grid=1,
        native=NATIVE,
        python=PYTHON,
    ),
]
