"""`print` and `assert` in Tile IR, under debug (without it they are left out before
lowering, as on the CUDA back end).

A print is one `print_tko`, once per tile block: a printf-style format (the kernel
and block as the other back ends head a line, then the parts, a string as itself
with `%` doubled) and its values as tiles, in the order of the memory operations
(its token). A float prints as `%f` of an f32 (16-bit floats widened), a signed integer
as `%lld` of an i64 and an unsigned one as `%u` of a u32, a bool as `%d` of 0 or 1; an absent element
of a tile prints as 0 (and a tile prints padded to powers of two, as Tile IR holds it).
An assert is Tile IR's `assert` of an i1 tile, absent elements
counting as true; its message names the kernel, the line and the user's message.
"""

from __future__ import annotations

from phobos.dtypes import F32, I64, U32, DType
from phobos.ir import nodes as ir

from . import model as m
from .arith import cast
from .emit import UNSIGNED, Emitter, Lowered, element_of, tile


class Debug:
    """The lowering's prints and asserts (a mixin of `Lowering`)."""

    e: Emitter
    kernel: ir.Kernel
    token: m.Value

    def expr(self, x: ir.Expr) -> Lowered:
        raise NotImplementedError

    def ctx_value(self, field: str) -> m.Value:
        raise NotImplementedError

    def lower_print(self, s: ir.Print) -> None:
        texts = [f"{self.kernel.name}[block (%lld, %lld, %lld)]:"]
        args = [self.ctx_value(f"block.{axis}") for axis in "xyz"]
        for part in s.parts:
            if isinstance(part, str):
                texts.append(part.replace("%", "%%"))
                continue
            conversion, value = self.printable(self.expr(part), part.type.dtype)
            texts.append(conversion)
            args.append(value)
        fields = {"args": tuple(args), "token": self.token}
        self.token = self.e.b.op("print_tko", [m.Token()], fields, {"str": m.Str(" ".join(texts) + "\n")})[0]

    def printable(self, v: Lowered, dtype: DType) -> tuple[str, m.Value]:
        """A value as print_tko formats it: its conversion and the tile it reads."""
        value = self.present_or(v, 0.0 if dtype.is_float else 0)
        if dtype.is_bool:
            return "%d", self.e.b.one("exti", tile(m.I32, _shape(value)), from_=value, signedness=UNSIGNED)
        if dtype.is_float:
            return "%f", value if dtype.bits >= 32 else cast(self.e, value, dtype, F32)
        if dtype.is_signed_int:
            return "%lld", value if dtype.bits == 64 else cast(self.e, value, dtype, I64)
        return "%u", value if dtype.bits == 32 else cast(self.e, value, dtype, U32)

    def present_or(self, v: Lowered, fill: float | int | bool) -> m.Value:
        """A tile's value with its absent elements as `fill` (a scalar as it is)."""
        if v.region is None:
            return v.value
        shape = _shape(v.value)
        mask = self.e.region_mask(shape, v.region)
        if mask is None:
            return v.value
        other = self.e.const(element_of(v.value), fill, shape)
        return self.e.select(mask, v.value, other)

    def lower_assert(self, s: ir.Assert) -> None:
        cond = self.present_or(self.expr(s.cond), True)
        message = f"assertion failed in kernel `{self.kernel.name}` at line {s.span.line}: {s.message}"
        self.e.b.op("assert", [], {"condition": cond}, {"message": m.Str(message)})


def _shape(v: m.Value) -> tuple[int, ...]:
    t = v.type
    assert isinstance(t, m.Tile)
    return t.shape
