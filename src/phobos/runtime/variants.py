"""Choosing the variant a launch runs, from meta pins, shapes and @aligned promises.

A kernel compiles one variant per combination of its autotune values. An autotune
name used as a dim can only run where the argument has that extent, and an @aligned
promise can only be kept where the dim divides; of the variants left, the first in
autotune order runs on the interpreter, which has nothing to measure; on the GPU the
candidates are timed (autotune.py).
"""

from __future__ import annotations

from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.signature import Signature

from .args import Checked


def select_variant(
    sig: Signature, variants: list[ir.Kernel], pins: dict[str, int], checked: Checked
) -> ir.Kernel:
    """The first variant that agrees with the pins, the argument shapes and its promises."""
    pinned, shape_names, fitting = _fitting(sig, variants, pins, checked)
    if not fitting:
        raise _no_fit(sig, pinned, pins, shape_names, checked)
    for v in fitting:
        if not _broken_promises(v, checked):
            return v
    raise _broken(sig, fitting, checked)


def candidates(sig: Signature, variants: list[ir.Kernel], pins: dict[str, int], checked: Checked) -> list[ir.Kernel]:
    """Every variant that can run the launch (the pins, the shapes and the promises
    agree), in autotune order, so `select_variant`'s first: what autotuning times."""
    return [v for v in _fitting(sig, variants, pins, checked)[2] if not _broken_promises(v, checked)]


def _fitting(sig: Signature, variants: list[ir.Kernel], pins: dict[str, int],
             checked: Checked) -> tuple[list[ir.Kernel], list[str], list[ir.Kernel]]:
    """The variants that agree with the pins; the autotune names the arguments' shapes
    give; and of the pinned, those whose values agree with those shapes."""
    pinned = [v for v in variants if all(v.bindings[n] == x for n, x in pins.items())]
    shape_names = [n for n in sig.tune if n in checked.extents]
    fitting = [v for v in pinned if all(v.bindings[n] == checked.extents[n] for n in shape_names)]
    return pinned, shape_names, fitting


def _bindings_text(bindings: dict[str, int], names: list[str]) -> str:
    return ", ".join(f"{n} = {bindings[n]}" for n in names)


def _no_fit(
    sig: Signature, pinned: list[ir.Kernel], pins: dict[str, int], names: list[str],
    checked: Checked,
) -> PhobosError:
    given = "; ".join(f"{n} = {checked.extents[n]} (from {checked.origin(n)})" for n in names)
    needs: list[str] = []
    for v in pinned:
        text = _bindings_text(v.bindings, names)
        if text not in needs:
            needs.append(text)
    notes = [f"the arguments give {given}", f"the variants need {' or '.join(needs)}"]
    if pins:
        notes.append("pinned at the launch: " + ", ".join(f"{n}={x}" for n, x in pins.items()))
    return PhobosError(
        f"kernel `{sig.kernel}`: no variant fits the arguments' shapes", notes=tuple(notes)
    )


def _broken_promises(v: ir.Kernel, checked: Checked) -> list[str]:
    return [
        f"@aligned({dim} = {k}) promises {dim} is a multiple of {k}, but {dim} is "
        f"{checked.extents[dim]} (from {checked.origin(dim)})"
        for dim, k in v.aligned.items()
        if checked.extents[dim] % k
    ]


def _broken(sig: Signature, fitting: list[ir.Kernel], checked: Checked) -> PhobosError:
    first = _broken_promises(fitting[0], checked)
    notes: list[str] = first[1:]
    if len(fitting) > 1:
        notes.append("no variant's promises hold: " + "; ".join(
            f"{_bindings_text(v.bindings, list(v.bindings))}: {_broken_promises(v, checked)[0]}"
            for v in fitting[1:]
        ))
    if fitting[0].bindings:
        notes.append(f"in the variant {_bindings_text(fitting[0].bindings, list(fitting[0].bindings))}")
    return PhobosError(f"kernel `{sig.kernel}`: {first[0]}", notes=tuple(notes))
