"""Autotuning by timing: on the GPU, where several variants can run a launch and the
pins leave more than one, the first launch of each tuning key times every candidate
and the fastest runs, then and at every later launch of that key. A variant whose grid
has no programs is no candidate (launch.py): it runs nothing, so it cannot be timed.

A candidate runs on scratch copies of the tensors the kernel writes, so the user's
data is written once, by the chosen variant. Each is launched twice to warm up, then
timed by device events ten times; the median decides. A candidate its target cannot
hold (ResourceRefusal: too much shared memory) is passed over. The choice is kept in memory
and on disk beside the cubins (the key: the kernel's program, its candidates, the
back end, the launch's dims and specialization key, the GPU and its driver), so a
second process reuses it without timing. PHOBOS_AUTOTUNE=0 keeps the first-in-order
rule, which is also the interpreter's. `kernel.tuning()` gives the table of what was timed.
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from phobos.environment import flag
from phobos.errors import ResourceRefusal
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization
from phobos.progress import progress

if TYPE_CHECKING:
    from .kernel import Kernel

ENV_AUTOTUNE = "PHOBOS_AUTOTUNE"
SUFFIX = "tune.json"  # the cache names an entry KEY.SUFFIX
WARMUP, RUNS = 2, 10
REFUSED = math.inf  # the time of a candidate its target cannot hold: never the fastest
MOST_ENTRY_BYTES = 1 << 20  # an entry is a few hundred bytes: one past this is damaged, not read


@dataclass(frozen=True)
class Tuning:
    """One key's outcome: each candidate's autotune values and median milliseconds, in
    autotune order, the chosen one's index, and where it came from ("timed", "disk")."""

    candidates: tuple[tuple[tuple[str, int], ...], ...]
    milliseconds: tuple[float, ...]
    chosen: int
    source: str

    def table(self) -> str:
        rows = [f"{'  '.join(f'{n}={v}' for n, v in c) or '(one variant)':<40} "
                + (f"{'refused':>13}" if ms == REFUSED else f"{ms * 1000:10.2f} µs")
                + ("  <- chosen" if i == self.chosen else "")
                for i, (c, ms) in enumerate(zip(self.candidates, self.milliseconds, strict=True))]
        return "\n".join([f"{'variant':<40} {'median':>13}  ({self.source})", *rows])


def enabled() -> bool:
    """Whether launches on the GPU tune (PHOBOS_AUTOTUNE, default on)."""
    return flag(ENV_AUTOTUNE, True)


# Times one candidate: the milliseconds of each of its timed launches.
Timer = Callable[[ir.Kernel], list[float]]


def choose(kernel: Kernel, fits: list[ir.Kernel], key_parts: tuple[str, ...], timer: Timer) -> ir.Kernel:
    """The candidate that runs a launch: remembered for its key, else timed now."""
    from phobos.backends.gpu import cache

    names = tuple(tuple(sorted(v.bindings.items())) for v in fits)
    key = cache.cache_key(kernel.phobos_source, kernel.name, repr(names), *key_parts)
    found = kernel.tunings.get(key) or _from_disk(cache, key, names)
    if found is None:
        found = _time(kernel.name, fits, names, timer)
        times = [None if t == REFUSED else t for t in found.milliseconds]  # JSON has no infinity
        cache.store(key, SUFFIX, json.dumps({"candidates": names, "milliseconds": times,
                                             "chosen": found.chosen}).encode())
    kernel.tunings[key] = found
    return fits[found.chosen]


def _from_disk(cache: Any, key: str, names: tuple[tuple[tuple[str, int], ...], ...]) -> Tuning | None:
    """The choice kept on disk for `key`; None where there is none, or where the entry is
    not what `choose` writes for these candidates: the cache then counts it as damaged
    and forgets it, and the key is timed again and written anew."""
    payload = cache.lookup(key, SUFFIX, most=MOST_ENTRY_BYTES)
    if payload is None:
        return None
    found = _decode(payload, names)
    if found is None:
        cache.reject(key, SUFFIX)
    return found


def _decode(payload: bytes, names: tuple[tuple[tuple[str, int], ...], ...]) -> Tuning | None:
    """A tuning entry read strictly: each field of its own JSON type and in its range,
    none converted (a "12" is no list of times, a 64.7 no index)."""
    try:
        data = json.loads(payload)
        if not isinstance(data, dict) or json.dumps(data.get("candidates")) != json.dumps(names):
            return None  # the same candidates, each value of the type it was written as
    except (ValueError, RecursionError):  # not JSON (or not UTF-8), too large a number, nested too deep
        return None
    chosen, milliseconds = data.get("chosen"), data.get("milliseconds")
    if type(chosen) is not int or not 0 <= chosen < len(names):
        return None
    if not isinstance(milliseconds, list) or len(milliseconds) != len(names) or not all(
            t is None or type(t) in (int, float) and 0 <= t <= sys.float_info.max for t in milliseconds):
        return None
    if milliseconds[chosen] is None:  # a refused candidate is never the choice
        return None
    return Tuning(names, tuple(REFUSED if t is None else float(t) for t in milliseconds), chosen, "disk")


def _time(kernel: str, fits: list[ir.Kernel], names: tuple[tuple[tuple[str, int], ...], ...],
          timer: Timer) -> Tuning:
    """Each candidate's median; one its target refuses to hold is passed over (REFUSED),
    and where every one is, the first's refusal is the launch's error."""
    medians, refusals = [], []
    with progress(fits, f"phobos: tuning `{kernel}`") as bar:
        for variant in bar:
            try:
                medians.append(statistics.median(timer(variant)))
            except ResourceRefusal as why:
                medians.append(REFUSED)
                refusals.append(why)
    if len(refusals) == len(fits):
        raise refusals[0]
    chosen = min(range(len(fits)), key=lambda i: medians[i])
    return Tuning(names, tuple(medians), chosen, "timed")


def describe(backend: str, spec: Specialization, dims: dict[str, int], device: str) -> tuple[str, ...]:
    """A launch's part of the tuning key: the back end whose code is timed (CUDA's and
    Tile IR's code for one variant differ, and so may their fastest), the key, the dims
    and the GPU."""
    return (backend, spec.text(), repr(sorted(dims.items())), device)
