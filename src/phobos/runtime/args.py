"""Binding a launch's arguments to the kernel's parameters, and checking each one.

A back end trusts what it is handed: a wrong dtype, a shape that disagrees with the
kernel, or a strided view would read or write the wrong memory. So every argument is
checked here, before any back end runs, and each problem is a `PhobosError` that
names the kernel, the parameter and what was expected.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import ml_dtypes
import numpy as np

from phobos.check.literals import round_exact
from phobos.dtypes import numpy_dtype
from phobos.errors import PhobosError
from phobos.ir.signature import Param, Signature


@dataclass
class Bound:
    """A launch's arguments by parameter name, and the autotune names it pins."""

    values: dict[str, Any]
    pins: dict[str, int]


@dataclass
class Checked:
    """Checked arguments, ready for a back end.

    `extents` holds the value of every named dim (runtime and autotune names alike)
    and `origins` where each was first read, as (parameter, axis), for messages.
    """

    tensors: dict[str, np.ndarray] = field(default_factory=dict)
    scalars: dict[str, int | float | bool] = field(default_factory=dict)
    extents: dict[str, int] = field(default_factory=dict)
    origins: dict[str, tuple[str, int]] = field(default_factory=dict)

    def origin(self, name: str) -> str:
        param, axis = self.origins[name]
        return f"`{param}`, dim {axis}"


def _fail(sig: Signature, param: str, message: str, *notes: str) -> PhobosError:
    return PhobosError(f"kernel `{sig.kernel}`, argument `{param}`: {message}", notes=notes)


def _names(names: list[str] | tuple[str, ...]) -> str:
    return ", ".join(names) if names else "none"


# ---------------------------------------------------------------- binding


def bind(sig: Signature, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Bound:
    """Match positional and keyword arguments to parameters; other keywords pin autotune names.

    Launch options (none yet) will be a third kind of keyword, checked here too.
    """
    params = {p.name: p for p in sig.params}
    names = list(params)
    if len(args) > len(names):
        raise PhobosError(
            f"kernel `{sig.kernel}` takes {len(names)} argument{'s' * (len(names) != 1)} "
            f"({_names(names)}), but {len(args)} {'was' if len(args) == 1 else 'were'} given"
        )
    values: dict[str, Any] = dict(zip(names, args, strict=False))
    pins: dict[str, int] = {}
    for key, value in kwargs.items():
        if key in names:
            if key in values:
                raise PhobosError(
                    f"kernel `{sig.kernel}`: argument `{key}` is given both by position and by keyword"
                )
            values[key] = value
        elif key in sig.tune:
            pins[key] = check_pin(sig, key, value)
        else:
            raise PhobosError(
                f"kernel `{sig.kernel}` has no parameter or autotune name `{key}`",
                notes=_unknown_keyword_notes(sig, key),
            )
    missing = [n for n in names if n not in values]
    if missing:
        wanted = ", ".join(f"`{n}` ({params[n].type_text()})" for n in missing)
        raise PhobosError(
            f"kernel `{sig.kernel}`: missing argument{'s' * (len(missing) > 1)} {wanted}"
        )
    return Bound({n: values[n] for n in names}, pins)


def _unknown_keyword_notes(sig: Signature, key: str) -> tuple[str, ...]:
    notes = [
        f"parameters: {_names([p.name for p in sig.params])}",
        f"autotune names: {_names(list(sig.tune))}",
    ]
    if any(d.value == key for p in sig.params for d in p.dims or ()):
        notes.append(f"`{key}` is a dim: its value comes from the shapes of the arrays passed")
    return tuple(notes)


def check_pin(sig: Signature, name: str, value: Any) -> int:
    """An autotune pin of a launch (or an operator's default): an int among its values."""
    allowed = sig.tune[name]
    shown = ", ".join(map(str, allowed))
    if isinstance(value, bool | np.bool_) or not isinstance(value, numbers.Integral):
        raise PhobosError(
            f"kernel `{sig.kernel}`: autotune name `{name}` takes an int, one of {shown}; "
            f"got {_describe(value)}"
        )
    if int(value) not in allowed:
        raise PhobosError(
            f"kernel `{sig.kernel}`: autotune name `{name}` is one of {shown}, not {int(value)}"
        )
    return int(value)


# ---------------------------------------------------------------- checking


def check(sig: Signature, values: dict[str, Any]) -> Checked:
    """Check every argument against its parameter, in parameter order, and read the dims."""
    out = Checked()
    for p in sig.params:
        value = values[p.name]
        if p.is_tensor:
            out.tensors[p.name] = _tensor(sig, p, value, out)
        else:
            out.scalars[p.name] = _scalar(sig, p, value)
    return out


def _magnitude(value: Any) -> str | None:
    """A number too long to show whole, by its size (the str of an int of more than 4300
    digits is an error, and a 400-digit one is no help); None for any other value."""
    if isinstance(value, numbers.Rational) and not isinstance(value, bool | np.bool_):
        num, den = int(value.numerator), int(value.denominator)
        if max(num.bit_length(), den.bit_length()) > 128:
            size = math.log10(abs(num)) - math.log10(den) if num else 0.0
            return f"{type(value).__name__} of about {'-' if num < 0 else ''}10^{math.floor(size)}"
    return None


def _shown(value: Any) -> str:
    return _magnitude(value) or str(value)


def _describe(value: Any) -> str:
    if isinstance(value, np.ndarray):
        article = "an" if str(value.dtype)[0] in "aeio" else "a"  # an int32, a uint8, a float16
        return f"{article} {value.dtype} array of shape {value.shape}"
    if isinstance(value, bool | int | float | np.generic):
        return _magnitude(value) or f"{type(value).__name__} {value}"
    return f"a {type(value).__module__}.{type(value).__qualname__}".replace("builtins.", "")


def _tensor(sig: Signature, p: Param, value: Any, out: Checked) -> np.ndarray:
    assert p.dims is not None
    want = numpy_dtype(p.dtype)
    expected = f"expected a C-contiguous array of {want} for {p.type_text()}"
    if not isinstance(value, np.ndarray):  # (other libraries' arrays come as numpy arrays: see `host`)
        raise _fail(sig, p.name, f"{expected}, got {_describe(value)}")
    if isinstance(value, np.ma.MaskedArray):
        raise _fail(
            sig, p.name,
            f"{expected}, got a masked array, whose mask a kernel would ignore: it reads and writes "
            "every element, masked or not",
            "pass np.ma.getdata(x) to use the data as it is, or x.filled(value) for a copy with the "
            "masked elements set",
        )
    if isinstance(value, np.matrix):
        raise _fail(
            sig, p.name, f"{expected}, got an np.matrix, which keeps two dims whatever is done to it",
            "np.asarray(x) is the same memory as a plain array, so a kernel's writes still land in it",
        )
    if value.dtype != want:
        notes = ()
        if value.dtype.newbyteorder("=") == want:
            notes = ("the array's bytes are in non-native order; convert with x.astype(x.dtype.newbyteorder('='))",)
        raise _fail(sig, p.name, f"{expected}, got {_describe(value)}", *notes)
    if value.ndim != len(p.dims):
        raise _fail(
            sig, p.name,
            f"{p.type_text()} has {len(p.dims)} dim{'s' * (len(p.dims) != 1)}, "
            f"got an array of shape {value.shape}",
        )
    if not value.flags.c_contiguous:
        raise _fail(
            sig, p.name,
            f"the array is not C-contiguous (row-major); its strides are {value.strides} "
            f"for shape {value.shape}",
            "np.ascontiguousarray(x) makes a row-major copy; a kernel's writes then go to the copy",
        )
    if p.written and not value.flags.writeable:
        raise _fail(sig, p.name, "the kernel writes this tensor, but the array is read-only")
    for axis, (dim, extent) in enumerate(zip(p.dims, value.shape, strict=True)):
        _extent(sig, p, axis, dim.kind, dim.value, extent, value.shape, out)
    return value


def _extent(
    sig: Signature, p: Param, axis: int, kind: str, dim: int | str, extent: int,
    shape: tuple[int, ...], out: Checked,
) -> None:
    if kind == "literal":
        if extent != dim:
            raise _fail(
                sig, p.name,
                f"dim {axis} of {p.type_text()} is {dim}, but the array's shape is {shape}",
            )
        return
    assert isinstance(dim, str)
    if dim in out.extents:
        if out.extents[dim] != extent:
            raise _fail(
                sig, p.name,
                f"dim `{dim}` is {extent} here (dim {axis}, shape {shape}), but "
                f"{out.extents[dim]} in {out.origin(dim)}",
                f"every use of `{dim}` in the parameters names one value",
            )
        return
    out.extents[dim] = extent
    out.origins[dim] = (p.name, axis)


def _scalar(sig: Signature, p: Param, value: Any) -> int | float | bool:
    dt = p.dtype
    is_bool = isinstance(value, bool | np.bool_)
    if dt.is_bool:
        if not is_bool:
            raise _fail(sig, p.name, f"expected a bool (True or False), got {_describe(value)}")
        return bool(value)
    if dt.is_int:
        lo, hi = dt.int_range()
        expected = f"expected an int for {dt} (from {lo} to {hi})"
        if is_bool or not isinstance(value, numbers.Integral):
            raise _fail(sig, p.name, f"{expected}, got {_describe(value)}")
        if not lo <= int(value) <= hi:
            raise _fail(sig, p.name, f"{expected}, got {_shown(value)}, which is out of range")
        return int(value)
    expected = f"expected a number for {dt}"
    if _ml_float(value):  # an ml_dtypes scalar (bfloat16, ...), which numbers.Real does not list
        value = float(value)
    if is_bool or not isinstance(value, numbers.Real):
        raise _fail(sig, p.name, f"{expected}, got {_describe(value)}")
    if isinstance(value, float | np.floating) and not np.isfinite(value):
        return float(value)  # an infinity or a NaN of its own is passed as it is
    try:
        with np.errstate(over="ignore"):
            exact = isinstance(value, numbers.Rational) and not isinstance(value, float | np.floating)
            # an int or a Fraction rounded once to the type, as a literal is (not through f64,
            # which would round it twice); a numpy integer made a Python int first, as a
            # Fraction would keep its numpy numerator
            whole = int(value) if isinstance(value, numbers.Integral) else value
            number = round_exact(Fraction(whole), dt) if exact else float(value)
    except OverflowError:
        number = math.inf
    with np.errstate(over="ignore"):
        rounded = np.array(number, dtype=np.float64).astype(numpy_dtype(dt))
    if not np.isfinite(rounded):  # a finite value too large for the type (or for a float)
        biggest = float(ml_dtypes.finfo(numpy_dtype(dt)).max)
        raise _fail(
            sig, p.name,
            f"{expected} (finite values up to ±{biggest:g}), got {_shown(value)}, which is out of range",
        )
    return number


def _ml_float(value: Any) -> bool:
    """Whether `value` is a scalar of one of ml_dtypes' float types (bf16's among them)."""
    if not isinstance(value, np.generic) or value.dtype.kind != "V":
        return False
    try:
        ml_dtypes.finfo(value.dtype)
    except ValueError:
        return False
    return True


def scalar_check(sig: Signature, p: Param) -> Callable[[Any], int | float | bool]:
    """`_scalar` for a repeat launch: a plain Python value that is plainly in range passes
    at once; anything else takes the full check, which gives the same value or error."""
    dt = p.dtype
    if dt.is_bool:
        def check(value: Any) -> int | float | bool:
            return value if type(value) is bool else _scalar(sig, p, value)
    elif dt.is_int:
        lo, hi = dt.int_range()

        def check(value: Any) -> int | float | bool:
            return value if type(value) is int and lo <= value <= hi else _scalar(sig, p, value)
    else:
        # Every float up to the largest finite value of the type rounds to a finite value.
        big = float(ml_dtypes.finfo(numpy_dtype(dt)).max)

        def check(value: Any) -> int | float | bool:
            return value if type(value) is float and -big <= value <= big else _scalar(sig, p, value)
    return check
