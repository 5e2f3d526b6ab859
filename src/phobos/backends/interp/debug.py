"""`print` and `assert` on the interpreter, which runs them always (a GPU back end only
under debug).

A print or assert whose flow and values are uniform (`once`) speaks for the program:
one line, or one failure naming the tile's failing elements. Any other speaks for
each thread that runs it, in thread order, and a failure names the failing threads.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from phobos.dtypes import BF16, numpy_dtype
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .exprs import Eval, uniform
from .frame import Frame
from .masks import Mask
from .tiles import Tile, boxes

Exec = Callable[[Frame, Mask], Mask]

_BF16 = numpy_dtype(BF16)

# The failing elements or threads an assert's message lists before it counts the rest.
SHOWN_FAILURES = 8


def _block(fr: Frame) -> str:
    return f"block ({', '.join(str(int(n)) for n in fr.block)})"


def _threads(mask: Mask, threads: int) -> np.ndarray:
    return np.arange(threads) if mask is None else np.flatnonzero(mask)


def _scalar_text(value: Any) -> str:
    """A value as print shows it: a bool as true or false, a bf16 through f32 (whose
    shortest form reads like the other floats'), anything else as numpy writes it."""
    if isinstance(value, bool | np.bool_):
        return "true" if value else "false"
    if isinstance(value, np.generic) and value.dtype == _BF16:
        return str(np.float32(value))
    return str(value)


def _nested(data: np.ndarray, present: np.ndarray) -> str:
    if data.ndim == 0:
        return _scalar_text(data[()]) if present[()] else "--"
    return "[" + " ".join(_nested(d, p) for d, p in zip(data, present, strict=True)) + "]"


def _present(tile: Tile) -> np.ndarray:
    """Which of the tile's elements are present (inside its region)."""
    present = np.zeros(tile.data.shape, bool)
    present[boxes(tile.region)] = True
    return present


def _tile_text(tile: Tile) -> str:
    """The tile's elements on one line, nested by rows as numpy nests them, an absent one
    shown as `--` (numpy's mark for masked)."""
    return _nested(tile.data, _present(tile))


def _once_text(value: Any, m: Mask) -> str:
    if isinstance(value, str):
        return value
    return _tile_text(value) if isinstance(value, Tile) else _scalar_text(uniform(value, m))


def _thread_text(value: Any, thread: int) -> str:
    if isinstance(value, str):
        return value
    return _scalar_text(value[thread] if isinstance(value, np.ndarray) else value)


def print_stmt(s: ir.Print, parts: Sequence[str | Eval], threads: int, kernel: str) -> Exec:
    def run(fr: Frame, m: Mask) -> Mask:
        values = [p if isinstance(p, str) else p(fr, m) for p in parts]
        if s.once:
            print(f"{kernel}[{_block(fr)}]: {' '.join(_once_text(v, m) for v in values)}", flush=True)
            return m
        for t in _threads(m, threads):
            print(f"{kernel}[{_block(fr)}, thread {t}]: {' '.join(_thread_text(v, t) for v in values)}", flush=True)
        return m

    return run


def _listed(items: list[str], total: int, what: str) -> str:
    more = f" and {total - len(items)} more" if total > len(items) else ""
    return f"{what} {', '.join(items)}{more}"


def assert_stmt(s: ir.Assert, cond: Eval, threads: int, kernel: str) -> Exec:
    def fail(fr: Frame, where: str) -> PhobosError:
        return PhobosError(f"assertion failed in kernel `{kernel}`, {_block(fr)}, {where}: {s.message}", s.span)

    def run(fr: Frame, m: Mask) -> Mask:
        value = cond(fr, m)
        if isinstance(value, Tile):
            failing = np.argwhere(_present(value) & ~value.data.astype(bool))
            if len(failing):
                shown = [f"[{', '.join(map(str, index))}]" for index in failing[:SHOWN_FAILURES]]
                raise fail(fr, _listed(shown, len(failing), "false at the tile's elements"))
            return m
        if s.once:
            if not uniform(value, m):
                raise fail(fr, "false")
            return m
        active = _threads(m, threads)
        held = value[active] if isinstance(value, np.ndarray) else np.full(len(active), bool(value))
        failing = active[~held.astype(bool)]
        if len(failing):
            shown = [str(t) for t in failing[:SHOWN_FAILURES]]
            raise fail(fr, _listed(shown, len(failing), "false in thread" + "s" * (len(failing) > 1)))
        return m

    return run
