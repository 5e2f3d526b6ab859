"""What a launch decides once for arguments of one kind, reused by the launches after it.

Binding, the tensor checks, the variant choice, the back end and (on the GPU)
describing the arrays and loading the module depend only on each argument's type
and, for arrays, dtype, shape, layout, device, writability and whether the data
starts 16-byte aligned, and for an integer scalar on what the specialization key
says of it (phobos.ir.specialize: a multiple of 16, equal to 1); with the keywords
and the autotune pins that makes a launch's *key*. A launch whose key was seen
before skips all of it: it checks its scalars (their values are not in the key) and
hands the values to the back end.

The back end is not in the key: it is chosen (PHOBOS_INTERPRET read) when a kind is
first launched, and the kinds themselves tell the back ends apart, since the
interpreter takes numpy arrays and the GPU refuses them. Nor is the grid, which a
launch passes to the back end as it is.

Only argument kinds whose key is cheap to read have one: Python and numpy scalars,
numpy arrays (the interpreter) and torch tensors. Anything else (cupy, jax, a list)
makes the key None and the launch takes the full path every time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from phobos.ir.signature import Signature
from phobos.targets import ALIGNMENT

from .grid import Grid

# Plans kept per kernel; past this many, a kernel launched with ever new shapes starts over.
MOST_PLANS = 256

# A repeat launch: the bound values in parameter order (scalars checked), the data
# pointers its key read (see `KeyReaders`), and the grid.
Runner = Callable[[Sequence[Any], list[int], Grid], None]


@dataclass(frozen=True)
class Plan:
    """A launch of one key, worked out: what a repeat launch still has to do.

    `keywords` names the parameters after the positional ones, which the launch gave by
    keyword; `scalars` holds each scalar parameter's position and its check; `named`
    is what a grid function gets besides the arguments (the dims and the variant's
    autotune values); `run` launches the variant on the bound, checked values.
    """

    names: tuple[str, ...]
    keywords: tuple[str, ...]
    scalars: tuple[tuple[int, Callable[[Any], Any]], ...]
    named: dict[str, int]
    run: Runner


class _Kind(Enum):
    """How an argument's type enters a key."""

    SCALAR = "scalar"  # the type alone: the value is checked at every launch
    NUMPY = "numpy"
    TORCH = "torch"
    NONE = "none"  # no key: the launch takes the full path


class _Kinds(dict[type, _Kind]):
    """Each argument type's kind, worked out the first time the type is seen."""

    def __missing__(self, cls: type) -> _Kind:
        if issubclass(cls, np.generic):
            kind = _Kind.SCALAR
        elif issubclass(cls, np.ndarray):
            kind = _Kind.NUMPY
        elif cls.__module__.startswith("torch") and hasattr(cls, "data_ptr"):
            kind = _Kind.TORCH
        else:
            kind = _Kind.NONE
        self[cls] = kind
        return kind


_KINDS = _Kinds({bool: _Kind.SCALAR, int: _Kind.SCALAR, float: _Kind.SCALAR, np.ndarray: _Kind.NUMPY})

# Reads a launch's key and its torch tensors' data pointers from (args, kwargs); None
# where the launch is not of the pattern the reader was made for.
KeyReader = Callable[[tuple[Any, ...], dict[str, Any]], tuple[tuple[Hashable, ...], list[int]] | None]


def no_pattern(_args: tuple[Any, ...], _kwargs: dict[str, Any]) -> None:
    """The reader a launcher starts with: it matches no launch."""
    return None


class KeyReaders:
    """The key readers of one kernel, one per pattern of launch: the number of
    positional arguments, the keywords in the order given, and each value's type.

    A launch's key is one flat tuple, which hashes and compares faster than nested
    ones: the number its pattern got here, each pin's value, then each array's part.
    A torch tensor's part is what the full path's checks and the GPU's variant read of
    it. Its layout enters as `is_contiguous()`, a flag torch keeps, rather than its
    strides: torch and numpy call the same strides contiguous, and a contiguous tensor
    is all the checks accept. Its device enters as `get_device()`, an int cheaper than
    `device`: the GPU's index, and -1 for every other kind of device, where the full
    path refuses the tensor and so leaves no plan. Its pointer is read once, for the
    alignment in the key and for the launch. A numpy array's part (the interpreter's)
    is its dtype, shape, strides and writability; a scalar has none, its type being in
    the pattern.

    Each reader is a function written for its pattern (as `dataclasses` writes
    `__init__`): straight-line reads, with no loop over the arguments and no lookup of
    how each kind is keyed, which were most of what a repeat launch cost the host. It
    checks that a launch is of its pattern before it reads anything.
    """

    def __init__(self, sig: Signature):
        self.sig = sig
        self._by_pattern: dict[Hashable, KeyReader | None] = {}
        self._made = 0  # readers made: each one's number leads its keys

    def find(self, args: tuple[Any, ...], kwargs: dict[str, Any]) -> KeyReader | None:
        """The reader for launches of this one's pattern; None where an argument is of a
        kind that has no key, or a pin is not an int (the full path says why)."""
        types = (*map(type, args), *map(type, kwargs.values()))
        pattern = (len(args), tuple(kwargs), types)
        if pattern in self._by_pattern:
            return self._by_pattern[pattern]
        if len(self._by_pattern) >= MOST_PLANS:
            self._by_pattern.clear()
        self._made += 1
        reader = self._by_pattern[pattern] = _make_reader(self.sig, self._made, len(args), tuple(kwargs), types)
        return reader


def _specialized(sig: Signature, i: int, positional: int, keywords: tuple[str, ...]) -> bool:
    """Whether the `i`-th value of a launch binds a scalar the specialization key reads
    (a value that binds no parameter is refused by the full path)."""
    if i < positional:
        param = sig.params[i] if i < len(sig.params) else None
    else:
        param = next((p for p in sig.params if p.name == keywords[i - positional]), None)
    return param is not None and sig.specialized_scalar(param)


def _make_reader(sig: Signature, number: int, positional: int, keywords: tuple[str, ...],
                 types: tuple[type, ...]) -> KeyReader | None:
    """A reader's source, compiled. The keywords (any string may be one) and the types
    are bound as globals, never written into the source."""
    names: dict[str, Any] = {"KEYWORDS": keywords, "ALIGNMENT": ALIGNMENT, "len": len, "tuple": tuple,
                             "type": type}
    guards = [f"len(args) != {positional}", f"len(kwargs) != {len(keywords)}"]
    if len(keywords) == 1:
        guards.append("K0 not in kwargs")
    elif keywords:
        guards.append("tuple(kwargs) != KEYWORDS")
    body = [f"    if {' or '.join(guards)}:", "        return None"]
    if positional:
        body.append(f"    {''.join(f'v{i}, ' for i in range(positional))}= args")
    for j, name in enumerate(keywords):
        names[f"K{j}"] = name
        body.append(f"    v{positional + j} = kwargs[K{j}]")
    checks = []
    for i, cls in enumerate(types):
        names[f"T{i}"] = cls
        checks.append(f"type(v{i}) is not T{i}")
    if checks:
        body += [f"    if {' or '.join(checks)}:", "        return None"]
    key, pointers = [str(number)], []
    for i, cls in enumerate(types):
        if i >= positional and keywords[i - positional] in sig.tune:
            if cls is not int:  # a pin picks the variant by its value; only ints are valid pins
                return None
            key.append(f"v{i}")
            continue
        kind = _KINDS[cls]
        if issubclass(cls, int | np.integer) and cls is not bool and _specialized(sig, i, positional, keywords):
            key += [f"v{i} % 16 == 0", f"v{i} == 1"]  # what the code compiled for the launch may assume
        if kind is _Kind.TORCH:
            body.append(f"    p{i} = v{i}.data_ptr()")
            pointers.append(f"p{i}")
            key += [f"v{i}.dtype", f"v{i}.shape", f"v{i}.is_contiguous()", f"v{i}.get_device()",
                    f"p{i} % ALIGNMENT == 0"]
        elif kind is _Kind.NUMPY:
            key += [f"v{i}.dtype", f"v{i}.shape", f"v{i}.strides", f"v{i}.flags.writeable"]
        elif kind is _Kind.NONE:
            return None
    body.append(f"    return ({', '.join(key)},), [{', '.join(pointers)}]")
    source = "def read(args, kwargs):\n" + "\n".join(body) + "\n"
    exec(compile(source, f"<phobos key reader of kernel {sig.kernel}>", "exec"), names)  # noqa: S102
    reader: KeyReader = names["read"]
    return reader
