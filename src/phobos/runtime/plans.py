"""What a launch decides once for arguments of one kind, reused by the launches after it.

Binding, the tensor checks, the variant choice and (on the GPU) describing the arrays
and loading the module depend only on each argument's type and, for arrays, dtype,
shape, strides, device, writability and whether the data starts 16-byte aligned;
with the back end, the fixed grid, the keywords and the autotune pins that makes a
launch's *key*. A launch whose key was seen before skips all of it: it checks its
scalars (their values are not in the key) and hands the values to the back end.

Only argument kinds whose key is cheap to read have one: Python and numpy scalars,
numpy arrays (the interpreter) and torch tensors. Anything else (cupy, jax, a list)
makes the key None and the launch takes the full path every time.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .grid import Grid
from .signature import Signature

# Plans kept per kernel; past this many, a kernel launched with ever new shapes starts over.
MOST_PLANS = 256
ALIGNMENT = 16  # bytes: the CUDA back end compiles a variant per set of aligned tensors

Runner = Callable[[list[Any], Grid], None]


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


def _numpy_key(value: np.ndarray) -> Hashable:
    return value.dtype, value.shape, value.strides, value.flags.writeable


def _torch_key(value: Any) -> Hashable:
    return (
        value.dtype, value.shape, value.stride(), value.is_cuda, value.get_device(),
        value.data_ptr() % ALIGNMENT == 0,
    )


def _scalar_key(value: Any) -> Hashable:
    return None  # the type alone: the value is checked at every launch


_KEYS: dict[type, Callable[[Any], Hashable] | None] = {
    bool: _scalar_key, int: _scalar_key, float: _scalar_key, np.ndarray: _numpy_key,
}


def _key_of_new_type(cls: type) -> Callable[[Any], Hashable] | None:
    if issubclass(cls, np.generic):
        key: Callable[[Any], Hashable] | None = _scalar_key
    elif issubclass(cls, np.ndarray):
        key = _numpy_key
    elif cls.__module__.startswith("torch") and hasattr(cls, "data_ptr"):
        key = _torch_key
    else:
        key = None
    _KEYS[cls] = key
    return key


def call_key(sig: Signature, backend: str, grid: Grid | None, args: tuple[Any, ...],
             kwargs: dict[str, Any]) -> tuple[Hashable, ...] | None:
    """The key of a launch (`grid` is None for a grid function), or None where an
    argument is of a kind that has none."""
    # At every launch: a torch tensor's key is read here rather than through
    # `_value_key`, a call fewer per argument; the key is the same.
    parts: list[Hashable] = [backend, grid, len(args)]
    append = parts.append
    keys = _KEYS
    for value in args:
        cls = type(value)
        key = keys[cls] if cls in keys else _key_of_new_type(cls)
        if key is _torch_key:
            append((cls, (
                value.dtype, value.shape, value.stride(), value.is_cuda, value.get_device(),
                value.data_ptr() % ALIGNMENT == 0,
            )))
        elif key is None:
            return None
        else:
            append((cls, key(value)))
    if kwargs:
        tune = sig.tune
        for name, value in kwargs.items():
            append(name)
            if name in tune:
                # A pin picks the variant by its value; only ints are valid pins.
                if type(value) is not int:
                    return None
                append(value)
                continue
            part = _value_key(value)
            if part is None:
                return None
            append(part)
    return tuple(parts)


def _value_key(value: Any) -> tuple[Hashable, ...] | None:
    """An argument's type and what of it decides the plan, or None for a kind with no key."""
    cls = type(value)
    key = _KEYS[cls] if cls in _KEYS else _key_of_new_type(cls)
    return None if key is None else (cls, key(value))
