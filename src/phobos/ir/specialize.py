"""The specialization key of seed 004: what a launch's arguments promise the code
compiled for it.

A back end compiles a variant once per key and may use every promise in it: a dim
that is a multiple of 16 needs no mask at a 16-wide tile's edge, a row pitch that is a
multiple of 16 bytes lets a row move in 16-byte pieces or by TMA, a size equal to 1
folds away. The facts are few on purpose, since each distinct key is a compile:

- each runtime dim: whether it is a multiple of 16, else of 4 (seed 000's extents),
  and whether it equals 1;
- each integer scalar parameter: whether it is a multiple of 16 and whether it equals 1;
- each tensor: whether its data starts 16-byte aligned, and whether every row pitch of
  it (row-major) is a multiple of 16 bytes.

`@do_not_specialize` takes a scalar or a dim out of the key (and every pitch it
enters), for sizes that change at every launch. The empty key promises nothing: code
for any arguments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from phobos.targets import element_bytes

from . import nodes as ir

# The multiples a dim's fact can name, largest first.
DIM_MULTIPLES = (16, 4)
SCALAR_MULTIPLE = 16
PITCH_BYTES = 16


@dataclass(frozen=True)
class Specialization:
    """One key: `multiples` maps each size it knows a multiple of (16 or 4) to it, as
    sorted pairs so that two equal keys compare and hash equal."""

    aligned: frozenset[str] = frozenset()
    pitched: frozenset[str] = frozenset()
    multiples: tuple[tuple[str, int], ...] = ()
    ones: frozenset[str] = frozenset()
    # math_mode="fast": the code uses the hardware's approximate functions (the
    # kernel's option, carried in the key like the launch's promises).
    fast_math: bool = False
    # PHOBOS_DEBUG=1 or debug=True, for a variant that prints or asserts: those are
    # compiled in (without it a GPU back end leaves them out, at no cost).
    debug: bool = False
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_name", dict(self.multiples))

    def multiple(self, name: str) -> int:
        """The multiple the key promises `name` is (1: none)."""
        return self._by_name.get(name, 1)

    def facts(self) -> dict[str, str]:
        """Each name's promises as words, for generated code and messages."""
        out: dict[str, list[str]] = {}
        for name, k in self.multiples:
            out.setdefault(name, []).append(f"a multiple of {k}")
        for name in sorted(self.ones):
            out.setdefault(name, []).append("equal to 1")
        for name in sorted(self.aligned):
            out.setdefault(name, []).append("16-byte aligned")
        for name in sorted(self.pitched):
            out.setdefault(name, []).append(f"rows a multiple of {PITCH_BYTES} bytes apart")
        return {name: ", ".join(words) for name, words in sorted(out.items())}

    def text(self) -> str:
        """The key in one line (`multiples of 16: K, N; 16-byte aligned: A, B`)."""
        groups = [(f"multiples of {k}", sorted(n for n, m in self.multiples if m == k)) for k in DIM_MULTIPLES]
        groups += [("equal to 1", sorted(self.ones)), ("16-byte aligned", sorted(self.aligned)),
                   (f"rows {PITCH_BYTES}-byte multiples apart", sorted(self.pitched))]
        text = "; ".join(f"{what}: {', '.join(names)}" for what, names in groups if names) or "nothing assumed"
        return text + ("; fast math" if self.fast_math else "") + ("; debug" if self.debug else "")


ANY = Specialization()


def usual(kernel: ir.Kernel, aligned: Iterable[str] | None = None) -> Specialization:
    """The key of the usual launch, which code built ahead of time and the goldens
    assume: every tensor (or those in `aligned`) 16-byte aligned, every runtime dim a
    multiple of 4 (the extents seed 000 assumes), the pitches that follow, and nothing
    of the scalars."""
    tensors = [p.name for p in kernel.params if isinstance(p, ir.TensorParam)]
    chosen = frozenset(tensors if aligned is None else set(tensors) & set(aligned))
    return specialize(kernel, dict.fromkeys(kernel.runtime_dims, 4), {}, chosen, scalars_known=False)


def specialize(kernel: ir.Kernel, dims: dict[str, int], scalars: dict[str, Any],
               aligned: frozenset[str], scalars_known: bool = True, fast_math: bool = False,
               debug: bool = False) -> Specialization:
    """The key of a launch of `kernel` with runtime dims `dims`, checked scalar values
    `scalars` (unless not `scalars_known`) and the tensors `aligned` whose data starts
    16-byte aligned, under math_mode="fast" where `fast_math`, and with its prints and
    asserts compiled in where `debug` and it has any."""
    kept = kernel.unspecialized
    multiples: dict[str, int] = {}
    ones: set[str] = set()
    for name in kernel.runtime_dims:
        if name in kept:
            continue
        value = dims[name]
        multiple = next((k for k in DIM_MULTIPLES if value % k == 0), 1)
        if multiple > 1:
            multiples[name] = multiple
        if value == 1:
            ones.add(name)
    for p in kernel.params:
        if scalars_known and isinstance(p, ir.ScalarParam) and p.dtype.is_int and p.name not in kept:
            value = int(scalars[p.name])
            if value % SCALAR_MULTIPLE == 0:
                multiples[p.name] = SCALAR_MULTIPLE
            if value == 1:
                ones.add(p.name)
    pitched = frozenset(p.name for p in kernel.params if isinstance(p, ir.TensorParam)
                        and _rows_pitched(p, dims, kept))
    return Specialization(aligned, pitched, tuple(sorted(multiples.items())), frozenset(ones), fast_math,
                          debug and ir.has_debug(kernel))


def _rows_pitched(p: ir.TensorParam, dims: dict[str, int], kept: frozenset[str]) -> bool:
    """Whether every row pitch of a row-major `p` is a multiple of 16 bytes, known from
    its innermost dim (every other pitch is a multiple of that row's), unless
    @do_not_specialize keeps that dim out of the key. A tensor of one dim has no pitch."""
    if len(p.dims) < 2:
        return True
    last = p.dims[-1]
    if isinstance(last, str) and last in kept:
        return False
    size = last if isinstance(last, int) else dims[last]
    return size * element_bytes(p.dtype) % PITCH_BYTES == 0
