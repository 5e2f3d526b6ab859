"""What a launch decides once for arguments of one kind, reused by the launches after it.

Binding, the tensor checks, the variant choice, the back end and (on the GPU)
describing the arrays and loading the module depend only on each argument's type
and, for arrays, dtype, shape, layout, device, writability and whether the data
starts 16-byte aligned; with the keywords and the autotune pins that makes a
launch's *key*. A launch whose key was seen before skips all of it: it checks its
scalars (their values are not in the key) and hands the values to the back end.

The back end is not in the key: it is chosen (PHOBOS_INTERPRET read) when a kind is
first launched, and the kinds themselves tell the back ends apart, since the
interpreter takes numpy arrays and the GPU refuses them. Nor is the grid, which a
launch passes to the back end as it is.

Only argument kinds whose key is cheap to read have one: Python and numpy scalars,
numpy arrays (the interpreter) and torch tensors. Anything else (cupy, jax, a list)
makes the key None and the launch takes the full path every time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from .grid import Grid
from .signature import Signature

# Plans kept per kernel; past this many, a kernel launched with ever new shapes starts over.
MOST_PLANS = 256
ALIGNMENT = 16  # bytes: the CUDA back end compiles a variant per set of aligned tensors

# A repeat launch: the bound values in parameter order (scalars checked), the data
# pointers its key read (see `call_key`), and the grid.
Runner = Callable[[list[Any], list[int], Grid], None]


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
_TORCH, _SCALAR, _NUMPY = _Kind.TORCH, _Kind.SCALAR, _Kind.NUMPY


def call_key(sig: Signature, args: tuple[Any, ...],
             kwargs: dict[str, Any]) -> tuple[tuple[Hashable, ...], list[int]] | None:
    """The key of a launch and the data pointers of its torch tensors, positional ones
    first and then those given by keyword, in the order given; None where an argument
    is of a kind that has no key.

    The key is one flat tuple, which hashes and compares faster than nested ones: the
    number of positional arguments, each keyword (with a pin's value), then each
    argument's part, led by its type, whose kind says how many items follow.

    A torch tensor's part is what the full path's checks and the GPU's variant read of
    it. Its layout enters as `is_contiguous()`, a flag torch keeps, rather than its
    strides: torch and numpy call the same strides contiguous, and a contiguous tensor
    is all the checks accept. Its pointer is read once, here, for the alignment in the
    key and for the launch.
    """
    parts: list[Hashable] = [len(args)]
    append = parts.append
    values = args
    if kwargs:
        tune = sig.tune
        more: list[Any] = []
        for name, value in kwargs.items():
            append(name)
            if name not in tune:
                more.append(value)
            elif type(value) is int:  # a pin picks the variant by its value; only ints are valid pins
                append(value)
            else:
                return None
        if more:
            values = (*args, *more)
    pointers: list[int] = []
    kinds = _KINDS
    for value in values:
        cls = type(value)
        kind = kinds[cls]
        if kind is _TORCH:
            pointer = value.data_ptr()
            pointers.append(pointer)
            parts += cls, value.dtype, value.shape, value.is_contiguous(), value.device, pointer % ALIGNMENT == 0
        elif kind is _SCALAR:
            append(cls)
        elif kind is _NUMPY:
            parts += cls, value.dtype, value.shape, value.strides, value.flags.writeable
        else:
            return None
    return tuple(parts), pointers
