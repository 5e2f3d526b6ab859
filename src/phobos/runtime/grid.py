"""The launch grid: an int, a tuple of one to three ints, or a function of the launch.

Every form ends as three non-negative ints (x, y, z); a grid with a 0 runs no program
(seed 004), and the limits are CUDA's, so a grid the interpreter accepts also
launches on a GPU.
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable, Mapping
from typing import Any

from phobos.errors import PhobosError

Grid = tuple[int, int, int]
GridSpec = int | tuple[int, ...] | list[int] | Callable[[Mapping[str, Any]], Any]

# CUDA's largest grid: 2^31 - 1 CTAs along x, 65535 along y and z.
GRID_LIMITS = (2**31 - 1, 65535, 65535)


def is_int(x: Any) -> bool:
    # numpy's integers count; bool (an int to Python) does not, nor numpy's bool_.
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def normalize_grid(kernel: str, value: Any, source: str = "the grid") -> Grid:
    """Three non-negative ints from an int or a tuple (or list) of one to three ints."""
    if type(value) is int and 0 <= value <= GRID_LIMITS[0]:
        return value, 1, 1  # the common case, at every `kernel[grid]`
    expected = "an int or a tuple of 1 to 3 non-negative ints"
    if is_int(value):
        items: tuple[Any, ...] = (value,)
    elif isinstance(value, tuple | list) and 1 <= len(value) <= 3 and all(map(is_int, value)):
        items = tuple(value)
    else:
        raise PhobosError(f"kernel `{kernel}`: {source} must be {expected}, not {value!r}")
    for axis, (n, limit) in enumerate(zip(items, GRID_LIMITS, strict=False)):
        if not 0 <= int(n) <= limit:
            raise PhobosError(
                f"kernel `{kernel}`: {source} is {value!r}; its {'xyz'[axis]} extent must be "
                f"from 0 to {limit}, not {int(n)}"
            )
    padded = [int(n) for n in items] + [1] * (3 - len(items))
    return padded[0], padded[1], padded[2]


class GridArgs(dict[str, Any]):
    """What a grid function receives; asking for a name it lacks says which it has."""

    def __init__(self, kernel: str, values: dict[str, Any]):
        super().__init__(values)
        self.kernel = kernel

    def __missing__(self, key: str) -> Any:
        raise PhobosError(
            f"kernel `{self.kernel}`: the grid function asked for `{key}`, which the launch "
            "does not have",
            notes=(f"it has: {', '.join(self) or 'nothing'}",),
        )


def call_grid_function(kernel: str, function: Callable[[Mapping[str, Any]], Any], launch: dict[str, Any]) -> Grid:
    """The grid of one launch from a grid function, which gets `launch` (see `Launcher`)."""
    meta = GridArgs(kernel, launch)
    try:
        grid = function(meta)
    except TypeError:
        if _takes_one(function) is False:  # else the TypeError is the function's own
            raise PhobosError(
                f"kernel `{kernel}`: the grid function cannot be called with one argument, the dict of "
                "the launch's named values (`lambda meta: (...)`)",
            ) from None
        raise
    return normalize_grid(kernel, grid, "the grid function's result")


def _takes_one(function: Callable[..., Any]) -> bool | None:
    """Whether `function` can be called with one positional argument; None where its
    signature cannot be read."""
    try:
        inspect.signature(function).bind(None)
    except TypeError:
        return False
    except ValueError:
        return None
    return True
