"""The objects a Python kernel names through `phobos.lang`.

A kernel's body is never run by Python: the front end reads its source and resolves
each `ph.X` to one of these objects, so they only need to be recognizable. What they
do when Python does touch them is kept harmless (annotations that Python evaluates
subscript them) or loud (calling a built-in from host code is a mistake).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from phobos.errors import PhobosError, api, user_span
from phobos.names import CTX_FIELDS

# Names a Triton kernel uses, with their Phobos spelling, for the error a `ph.X` of one gets.
TRITON_NAMES = {
    "program_id": "the block index is `ph.ctx.block.x` (`.y`, `.z`)",
    "num_programs": "the grid is `ph.ctx.grid.x` (`.y`, `.z`)",
    "arange": "a tile of element indices is `ph.iota(n)` (`ph.iota(m, n, axis=0)` along the rows); a "
              "range of a tensor is a window, `X[start:+n]`",
    "zeros": "a tile starts from a value: `t: ph.var[ph.tile[ph.f32][M, N]] = 0.0`",
    "full": "a tile starts from a value: `t: ph.var[ph.tile[ph.f32][M, N]] = 1.5`",
    "load": "a window read is a subscript, `X[i:+n]` (absent elements are skipped, no mask)",
    "store": "a window store is an assignment, `Y[i:+n] = value`",
    "maximum": "the elementwise maximum is `ph.max(a, b)`",
    "minimum": "the elementwise minimum is `ph.min(a, b)`",
    "trans": "`ph.transpose(t)`",
    "cdiv": "write `(a + b - 1) // b`",
    "constexpr": "a compile-time size is an @ph.autotune name or a literal",
    "debug_barrier": "`ph.barrier()`",
    "device_print": "Python's own `print(\"x =\", x)`, compiled for the GPU under PHOBOS_DEBUG=1",
    "static_print": "Python's own `print(\"x =\", x)`, compiled for the GPU under PHOBOS_DEBUG=1",
    "device_assert": "Python's own `assert cond, \"message\"`, compiled for the GPU under PHOBOS_DEBUG=1",
    "static_assert": "Python's own `assert cond, \"message\"`, compiled for the GPU under PHOBOS_DEBUG=1",
    "num_warps": "the CTA's size is `@ph.launch(threads)`; `ph.ctx.warps` reads it",
}


def triton_hint(name: str) -> str:
    """`; ` and the Phobos spelling of a Triton name, or nothing."""
    hint = TRITON_NAMES.get(name)
    return f"; {hint}" if hint else ""


class Marker:
    """A name of the language, such as `ph.exp` or `ph.let`."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"ph.{self.name}"

    def __getitem__(self, _key: object) -> Marker:
        # `ph.let[ph.f32]` or `ph.tensor[ph.f32]` may be evaluated by Python (an
        # annotation without `from __future__ import annotations`); the front end
        # reads the source, so the value only has to exist.
        return self

    @api
    def __call__(self, *_args: object, **_kwargs: object) -> Any:
        raise PhobosError(f"ph.{self.name} can only be used inside a @ph.kernel or @ph.fn", user_span())


class ScalarMarker(Marker):
    """An element type (`ph.f32`); called, it is the conversion `f32(x)`, except `ph.bool`."""


class BuiltinMarker(Marker):
    """A built-in or standard library function, such as `ph.exp` or `ph.sum`."""


class ConstantMarker(Marker):
    """`ph.inf` and `ph.nan`."""


class ShapedMarker(Marker):
    """`ph.tensor` and `ph.tile`, written `ph.tensor[ph.f32][M, N]`."""


class DeclMarker(Marker):
    """`ph.let` and `ph.var`, the two annotations that declare a name."""


class OutsideKernel(PhobosError, AttributeError):
    """A field of `ph.ctx` read by Python itself. It is an AttributeError too, so
    `hasattr` and `getattr` with a default treat the field as absent."""


class CtxMarker(Marker):
    """`ph.ctx`, the execution context: `ph.ctx.block.x`, `ph.ctx.lane`, ...

    Its fields exist only in a kernel, where each thread reads its own; the front end
    reads them from the kernel's source, so Python reading one is a mistake, told so.
    """

    @api
    def __getattr__(self, field: str) -> Any:
        if field.startswith("_"):
            raise AttributeError(field)  # Python's own probes: copy, pickle, inspect
        fields = sorted({f.split(".")[0] for f in CTX_FIELDS})
        if field not in fields:
            raise OutsideKernel(f"ph.ctx has no field `{field}`; its fields are {', '.join(fields)}", user_span())
        raise OutsideKernel(
            f"ph.ctx.{field} exists only inside a @ph.kernel or @ph.fn, where each thread "
            "reads its own; Python never runs a kernel's body, so it has no thread, block or "
            "grid to read here",
            user_span(),
        )


class UnrollMarker(Marker):
    """`ph.unroll(n, range(...))`, the iterable of `for<unroll n>`."""


class AttributeMarker(Marker):
    """A kernel attribute decorator: `@ph.autotune(...)`, `@ph.tensorcore`, ...

    The front end reads the decorator from the source, so at run time it only has to
    hand the def on unchanged: bare (`@ph.tensorcore`) it receives the def itself,
    with arguments (`@ph.launch(256)`) it returns a decorator that does. A misspelt use
    is reported by the front end, at its line, rather than here.
    """

    def __call__(self, *args: object, **kwargs: object) -> Any:
        if len(args) == 1 and not kwargs and inspect.isfunction(args[0]):
            return args[0]
        return _unchanged


def _unchanged(func: Callable[..., Any]) -> Callable[..., Any]:
    return func


# ---------------------------------------------------------------- the markers
# Several shadow Python built-ins (`bool`, `min`, `max`, `sum`, `abs`) on purpose:
# `phobos.lang` exports them under the language's names. Nothing below uses them.

f16 = ScalarMarker("f16")
bf16 = ScalarMarker("bf16")
f32 = ScalarMarker("f32")
f64 = ScalarMarker("f64")
i8 = ScalarMarker("i8")
i32 = ScalarMarker("i32")
i64 = ScalarMarker("i64")
u8 = ScalarMarker("u8")
u16 = ScalarMarker("u16")
u32 = ScalarMarker("u32")
bool = ScalarMarker("bool")

exp = BuiltinMarker("exp")
exp2 = BuiltinMarker("exp2")
log = BuiltinMarker("log")
log2 = BuiltinMarker("log2")
sqrt = BuiltinMarker("sqrt")
rsqrt = BuiltinMarker("rsqrt")
sin = BuiltinMarker("sin")
cos = BuiltinMarker("cos")
tanh = BuiltinMarker("tanh")
erf = BuiltinMarker("erf")
abs = BuiltinMarker("abs")
floor = BuiltinMarker("floor")
ceil = BuiltinMarker("ceil")

min = BuiltinMarker("min")
max = BuiltinMarker("max")
sum = BuiltinMarker("sum")
where = BuiltinMarker("where")
rowsum = BuiltinMarker("rowsum")
rowmax = BuiltinMarker("rowmax")
rowmin = BuiltinMarker("rowmin")
dot = BuiltinMarker("dot")
softmax = BuiltinMarker("softmax")
transpose = BuiltinMarker("transpose")
iota = BuiltinMarker("iota")
shfl = BuiltinMarker("shfl")
barrier = BuiltinMarker("barrier")
atomic_add = BuiltinMarker("atomic_add")
atomic_max = BuiltinMarker("atomic_max")
atomic_min = BuiltinMarker("atomic_min")
atomic_and = BuiltinMarker("atomic_and")
atomic_or = BuiltinMarker("atomic_or")
atomic_xor = BuiltinMarker("atomic_xor")
atomic_xchg = BuiltinMarker("atomic_xchg")
atomic_cas = BuiltinMarker("atomic_cas")

inf = ConstantMarker("inf")
nan = ConstantMarker("nan")

tensor = ShapedMarker("tensor")
tile = ShapedMarker("tile")
let = DeclMarker("let")
var = DeclMarker("var")
ctx = CtxMarker("ctx")
unroll = UnrollMarker("unroll")

autotune = AttributeMarker("autotune")
launch = AttributeMarker("launch")
aligned = AttributeMarker("aligned")
tensorcore = AttributeMarker("tensorcore")
pipeline = AttributeMarker("pipeline")
occupancy = AttributeMarker("occupancy")
