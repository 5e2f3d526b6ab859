"""The CPU interpreter: the reference every other back end is checked against.

One CTA runs at a time. Each per-thread scalar is a numpy vector over the CTA's
threads, varying control flow runs under an active mask, and tile work is whole-array
numpy operations that carry each tile's present region (the absent-element rule).
Nothing loops over threads or elements in Python.

Modules, one job each: `types` (numpy dtypes, constants), `numerics` (elementwise
semantics), `erf`, `masks`, `tiles` (tile values and regions), `memory` (per-thread
loads and stores), `atomics`, `collectives`, `exprs` and `stmts` (the ir compiled to
closures), `frame` (run-time state) and `launch` (`run`).
"""

from __future__ import annotations

from .launch import run

__all__ = ["run"]
