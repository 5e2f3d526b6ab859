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
first launched, and the kinds themselves tell the back ends apart: the interpreter
takes host memory (numpy arrays, CPU tensors) and the GPU refuses it, and the GPU takes
device memory, which the interpreter refuses. Nor is the grid, which a
launch passes to the back end as it is.

Only argument kinds whose key is cheap to read have one: Python and numpy scalars,
numpy arrays (the interpreter) and torch tensors. Anything else (cupy, jax, a list)
makes the key None and the launch takes the full path every time.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

import numpy as np

from phobos.backends.gpu.arrays import is_torch_tensor_type
from phobos.ir.signature import Signature
from phobos.targets import ALIGNMENT

from .grid import Grid

# Plans kept per kernel; past this many, a kernel launched with ever new shapes starts over.
MOST_PLANS = 256
# What a specialized integer scalar's key tests it to be a multiple of (phobos.ir.specialize).
SCALAR_MULTIPLE = 16

# A repeat launch: the bound values in parameter order (scalars checked), the data
# pointers its key read (see `KeyReaders`), and the grid.
Runner = Callable[[Sequence[Any], list[int], Grid], None]


@dataclass(frozen=True)
class Rerun:
    """How a back end runs a launch of one kind again (`backend.run`): `run`; whether
    it reads the bound values (a GPU launch of a kernel without scalars reads only the
    pointers and the grid); and, where the back end has one, its C launch's record of
    the kernel (`native.prepare`), which a hit launches with nothing in between (on
    anything but 0, `run` launches: it makes the context current, or says what the
    driver refused)."""

    run: Runner
    takes_values: bool = True
    record: Any | None = None


@dataclass(frozen=True)
class Plan:
    """A launch of one key, worked out: what a repeat launch still has to do.

    `keywords` names the parameters after the positional ones, which the launch gave by
    keyword; `scalars` holds each scalar parameter's position and its check; `named`
    is what a grid function gets besides the arguments (the dims and the variant's
    autotune values); `run`, `takes_values` and `record` are the back end's `Rerun`
    (with the scalars' checks in `takes_values`: a plan with scalars takes the values).
    `passed_over` holds the `named` of each candidate a grid function gave no programs
    for: with other values it may give some, and then the launch chooses again.
    """

    names: tuple[str, ...]
    keywords: tuple[str, ...]
    scalars: tuple[tuple[int, Callable[[Any], Any]], ...]
    named: dict[str, int]
    run: Runner
    takes_values: bool = True
    record: Any | None = None
    passed_over: tuple[dict[str, int], ...] = ()


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
        elif is_torch_tensor_type(cls):
            kind = _Kind.TORCH
        else:
            kind = _Kind.NONE
        self[cls] = kind
        return kind


_KINDS = _Kinds({bool: _Kind.SCALAR, int: _Kind.SCALAR, float: _Kind.SCALAR, np.ndarray: _Kind.NUMPY})

# Reads a launch's key and its torch tensors' data pointers from (args, kwargs); None
# where the launch is not of the pattern the reader was made for.
KeyReader = Callable[[tuple[Any, ...], dict[str, Any]], tuple[tuple[Hashable, ...], list[int]] | None]


# The data pointers of a launch whose key is the one a hit was made for (see
# `KeyReaders.hit`), read as the key reader reads them; None for any other launch.
Hit = Callable[[tuple[Any, ...], dict[str, Any]], list[int] | None]
# A hit that also launches: the driver's result (0 where it launched), None as a hit.
HitLaunch = Callable[[tuple[Any, ...], dict[str, Any]], int | None]


def no_pattern(_args: tuple[Any, ...], _kwargs: dict[str, Any]) -> None:
    """The reader (and the hit) a launcher starts with: it matches no launch."""
    return None


def tensor_guard(tensors: list[Any]) -> Callable[..., bool] | None:
    """A check that torch tensors are of the type, dtype, device, shape and strides of
    `tensors` (under the same dispatch state): torch's own (Dynamo's `TensorGuards`),
    one C++ call for all of them, where reading those of each tensor costs four
    attribute reads. None where this torch has none that works as it did when this was
    written (its name or its arguments changed): launches then read their keys."""
    try:
        from torch._C._dynamo.guards import TensorGuards

        guards = TensorGuards(*tensors, dynamic_dims_sizes=[list(t.shape) for t in tensors],
                              dynamic_dims_strides=[list(t.stride()) for t in tensors])
        check: Callable[..., bool] = guards.check
        if check(*tensors) is not True:
            return None
    except Exception:  # noqa: BLE001 - no such check in this torch: the key reader serves
        return None
    return check


class KeyReaders:
    """The key readers of one kernel, one per pattern of launch: the number of
    positional arguments, the keywords in the order given, and each value's type.

    A launch's key is one flat tuple, which hashes and compares faster than nested
    ones: the number its pattern got here, each pin's value, then each array's part.
    A torch tensor's part is what the full path's checks and the GPU's variant read of
    it. Its layout enters as `is_contiguous()`, a flag torch keeps, rather than its
    strides: torch and numpy call the same strides contiguous, and a contiguous tensor
    is all the checks accept. Its device enters as `get_device()`, an int cheaper than
    `device`: the GPU's index, and -1 for every other kind of device (a CPU tensor, which
    only the interpreter takes). Its pointer is read once, for the
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
        self._hits: dict[Hashable, Any | None] = {}  # each key's C record, or None where it has none

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

    def hit(self, key: Hashable, args: tuple[Any, ...], kwargs: dict[str, Any], pointers: list[int]) -> Hit:
        """A test, cheaper than the key reader, that a launch has the key `key`, which
        the launch `args`, `kwargs` (with data pointers `pointers`) has: a launcher
        tries the last key's hit before the reader, since most launches repeat the one
        before. It runs in C (`native.repeat`): the pattern, the pins' values and the
        scalars' facts compared, the torch tensors by one `tensor_guard`, their
        pointers' alignment from the pointers it reads. `no_pattern` where the launch
        passes no torch tensor (numpy arrays, or scalars alone), there is no such guard,
        or the C extension cannot be had."""
        record = self._record(key, args, kwargs, pointers)
        if record is None:
            return no_pattern
        from phobos.backends.gpu import native

        hit: Hit = functools.partial(native.module().repeat, record, None, None)
        return hit

    def hit_launch(self, key: Hashable, plan: Plan, grid: Grid | None) -> HitLaunch:
        """The hit of `key` (made by `hit` before) that also launches `plan` on `grid`,
        where the plan's back end gave a C launch record and reads no values; else
        `no_pattern`."""
        record = self._hits.get(key)
        if record is None or plan.record is None or plan.takes_values or grid is None:
            return no_pattern
        from phobos.backends.gpu import native

        launch: HitLaunch = functools.partial(native.module().repeat, record, plan.record, grid)
        return launch

    def _record(self, key: Hashable, args: tuple[Any, ...], kwargs: dict[str, Any], pointers: list[int]) -> Any:
        if key not in self._hits:
            if len(self._hits) >= MOST_PLANS:
                self._hits.clear()
            self._hits[key] = _make_hit(self.sig, args, kwargs, pointers)
        return self._hits[key]


def _specialized(sig: Signature, i: int, positional: int, keywords: tuple[str, ...]) -> bool:
    """Whether the `i`-th value of a launch binds a scalar the specialization key reads
    (a value that binds no parameter is refused by the full path)."""
    if i < positional:
        param = sig.params[i] if i < len(sig.params) else None
    else:
        param = next((p for p in sig.params if p.name == keywords[i - positional]), None)
    return param is not None and sig.specialized_scalar(param)


def _pattern(positional: int, keywords: tuple[str, ...], types: tuple[type, ...],
             names: dict[str, Any]) -> list[str]:
    """The first lines of a key reader: the launch is of the pattern (else None), its
    values bound to v0, v1, ... in order. The keywords (any string may be one) and
    the types are bound as globals in `names`, never written into the source."""
    names.update({"KEYWORDS": keywords, "ALIGNMENT": ALIGNMENT, "len": len, "tuple": tuple, "type": type})
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
    return body


def _pinned(sig: Signature, i: int, positional: int, keywords: tuple[str, ...]) -> bool:
    """Whether the `i`-th value of a launch is an autotune pin (a keyword)."""
    return i >= positional and keywords[i - positional] in sig.tune


def _specialized_int(sig: Signature, i: int, cls: type, positional: int, keywords: tuple[str, ...]) -> bool:
    """Whether the `i`-th value, of type `cls`, is an integer whose facts are in the key."""
    return issubclass(cls, int | np.integer) and cls is not bool and _specialized(sig, i, positional, keywords)


def _make_reader(sig: Signature, number: int, positional: int, keywords: tuple[str, ...],
                 types: tuple[type, ...]) -> KeyReader | None:
    """A reader's source, compiled."""
    names: dict[str, Any] = {}
    body = _pattern(positional, keywords, types, names)
    key, pointers = [str(number)], []
    for i, cls in enumerate(types):
        if _pinned(sig, i, positional, keywords):
            if cls is not int:  # a pin picks the variant by its value; only ints are valid pins
                return None
            key.append(f"v{i}")
            continue
        kind = _KINDS[cls]
        if _specialized_int(sig, i, cls, positional, keywords):
            key += [f"v{i} % {SCALAR_MULTIPLE} == 0", f"v{i} == 1"]  # what the launch's code may assume
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


def _make_hit(sig: Signature, args: tuple[Any, ...], kwargs: dict[str, Any], pointers: list[int]) -> Any | None:
    """The C record (`native.hit`) of this launch's key, whose reader exists (so its
    pins are ints and each value has a key); None as `KeyReaders.hit` says, and for a
    launch of no torch tensors: only the GPU takes those, so the interpreter never asks
    for the extension (and never runs the C compiler to build it)."""
    from phobos.backends.gpu import native

    positional, keywords = len(args), tuple(kwargs)
    values = (*args, *kwargs.values())
    types = tuple(map(type, values))
    pins, facts, tensors = [], [], []
    for i, cls in enumerate(types):
        if _pinned(sig, i, positional, keywords):
            pins.append((i, values[i]))
            continue
        kind = _KINDS[cls]
        if _specialized_int(sig, i, cls, positional, keywords):
            facts.append((i, values[i] % SCALAR_MULTIPLE == 0, values[i] == 1))
        if kind is _Kind.TORCH:
            if values[i].get_device() < 0:  # a CPU tensor: the interpreter's, which has no C launch
                return None
            tensors.append(i)
        elif kind is not _Kind.SCALAR:
            return None
    if not tensors:
        return None
    guard = tensor_guard([values[i] for i in tensors])
    ext = None if guard is None else native.module()
    if ext is None:
        return None
    aligned = tuple((i, pointer % ALIGNMENT == 0) for i, pointer in zip(tensors, pointers, strict=True))
    return ext.hit(positional, keywords, types, tuple(pins), tuple(facts), aligned, guard, SCALAR_MULTIPLE,
                   ALIGNMENT)
