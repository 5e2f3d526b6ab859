"""The Python front end: the Phobos program a Python def spells, read from its source."""

from __future__ import annotations

from .phobosfn import PhobosFn
from .program import program_for, program_for_module
from .translate import translate_fn, translate_kernel

__all__ = ["PhobosFn", "program_for", "program_for_module", "translate_fn", "translate_kernel"]
