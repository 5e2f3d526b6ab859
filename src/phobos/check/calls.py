"""Typing of calls to built-ins: math, conversions, reductions, tiles, collectives, atomics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from phobos.ast import nodes as A
from phobos.dtypes import BOOL, BY_NAME, F32, F64, INDEX
from phobos.ir import nodes as ir
from phobos.names import ANGLE_KEYS, CONVERSIONS, DEBUG_FUNCTIONS, DOT_PRECISIONS, MATH_FUNCTIONS

from .inline import written_name
from .typed import Typed, broadcast, shape_text
from .types import accumulator, promote, storage_only

if TYPE_CHECKING:
    from .builder import KernelBuilder

REDUCTIONS = ("sum", "max", "min")
ROW_REDUCTIONS = {"rowsum": "sum", "rowmax": "max", "rowmin": "min"}
WIDTHS = (1, 2, 4, 8, 16, 32)


def build_call(b: KernelBuilder, e: A.Call) -> Typed:
    name = e.func
    angle = _angle(b, e)
    if name == "barrier" or name in DEBUG_FUNCTIONS:
        raise b.fail(f"{name}() is a statement and has no value", e.span)
    if name in CONVERSIONS:
        return _conversion(b, e)
    if name in MATH_FUNCTIONS:
        return _math(b, e)
    if name in REDUCTIONS:
        if "over" in angle:
            return _lane_reduce(b, e, angle)
        if name != "sum" and len(e.args) == 2 and not angle:
            return _min_max(b, e)
        return _reduce(b, e, name, angle)
    if name in ROW_REDUCTIONS:
        x = _tile_arg(b, e, 1)[0]
        return Typed(_reduction(b, ROW_REDUCTIONS[name], x, len(x.type.shape) - 1, e))
    if name == "where":
        return _where(b, e)
    if name == "dot":
        return _dot(b, e, _precision(b, angle))
    if name == "softmax":
        (x,) = _tile_arg(b, e, 1)
        if not x.type.dtype.is_float:
            raise b.fail(f"softmax needs a float tile, not {x.type}", e.span)
        return Typed(ir.Softmax(x.type, e.span, x))
    if name == "transpose":
        (x,) = _tile_arg(b, e, 1)
        if len(x.type.shape) != 2:
            raise b.fail(f"transpose needs a 2-d tile, not {x.type}", e.span)
        vtype = ir.VType(x.type.dtype, (x.type.shape[1], x.type.shape[0]))
        return Typed(ir.Transpose(vtype, e.span, x))
    if name == "shfl":
        return _shuffle(b, e, angle)
    if name == "iota":
        return _iota(b, e, angle)
    if name.startswith("atomic_"):
        return Typed(_atomic(b, e))
    raise AssertionError(name)


def _iota(b: KernelBuilder, e: A.Call, angle: dict[str, A.AngleArg]) -> Typed:
    """`iota(d0, d1, ...)`, `iota<axis k>(...)`: the tile of shape [d0, d1, ...] whose
    elements are their own index along axis k (the last by default)."""
    if not e.args:
        raise b.fail("`iota` takes the extents of its tile, as in iota(64) or iota<axis 0>(64, 1)", e.span)
    shape = []
    for a in e.args:
        n = b.const_int_ast(a, "an extent of iota")
        if n < 1:
            raise b.fail(f"an extent of iota must be at least 1, not {n}", a.span)
        shape.append(n)
    axis = len(shape) - 1
    if "axis" in angle:
        axis = _angle_int(b, angle["axis"], "an axis")
        if not -len(shape) <= axis < len(shape):
            raise b.fail(f"axis {axis} is out of range for a {len(shape)}-d tile", angle["axis"].span)
        axis %= len(shape)
    return Typed(ir.Iota(ir.VType(INDEX, tuple(shape)), e.span, axis))


def _angle(b: KernelBuilder, e: A.Call) -> dict[str, A.AngleArg]:
    allowed = ANGLE_KEYS.get(e.func, ())
    out: dict[str, A.AngleArg] = {}
    for arg in e.angle:
        if arg.key not in allowed:
            keys = ", ".join(allowed) if allowed else "none"
            raise b.fail(f"`{e.func}` takes no `{arg.key}` argument (it takes: {keys})", arg.span)
        if arg.key in out:
            raise b.fail(f"`{arg.key}` is given twice", arg.span)
        out[arg.key] = arg
    return out


def _angle_int(b: KernelBuilder, arg: A.AngleArg, what: str) -> int:
    """An angle argument's value, an integer known at compile time, a level below it."""
    with b.nested(arg):
        return b.const_int_ast(arg.value, what)


def _arity(b: KernelBuilder, e: A.Call, n: int) -> None:
    if len(e.args) != n:
        raise b.fail(f"`{e.func}` takes {n} argument(s), not {len(e.args)}", e.span)


def _args(b: KernelBuilder, e: A.Call, n: int) -> list[Typed]:
    _arity(b, e, n)
    return [b.expr(a) for a in e.args]


def _tile_arg(b: KernelBuilder, e: A.Call, n: int) -> list[ir.Expr]:
    out = []
    for a, t in zip(e.args, _args(b, e, n), strict=True):
        if not t.type.shape:
            raise b.fail(f"`{e.func}` needs a tile, not the scalar {t.type}", a.span)
        out.append(t.expr)
    return out


def _conversion(b: KernelBuilder, e: A.Call) -> Typed:
    (t,) = _args(b, e, 1)
    target = BY_NAME[e.func]
    if t.type.dtype == BOOL:
        raise b.fail(f"bool has no conversion to {target}; use where(c, 1, 0)", e.args[0].span)
    if target == F64 and t.floats is not None:
        # f64(...) of a float literal expression: its f64 fold, from the decimal values.
        unfit = t.floats.f64_unfit
        if unfit is not None:
            raise b.fail(unfit.message, unfit.span)
        return Typed(ir.Const(ir.VType(F64), e.span, t.floats.f64))
    source = b.concrete(t) if t.literal != "int" else b.retype(t, BY_NAME["i64"])
    return Typed(b.cast(source, target))


def _math(b: KernelBuilder, e: A.Call) -> Typed:
    (t,) = _args(b, e, 1)
    d = t.type.dtype
    if t.literal == "float" or (t.literal == "int" and e.func != "abs"):
        x = b.retype(t, BY_NAME["f32"])
    elif t.literal == "int":
        x = b.retype(t, INDEX)
    else:
        ok = d.is_float or (e.func == "abs" and d.is_signed_int)
        if not ok:
            raise b.fail(
                f"`{e.func}` needs a float, not {d}; convert first, as in {e.func}(f32(x))",
                e.args[0].span,
            )
        x = t.expr
    return Typed(ir.Math(x.type, e.span, e.func, (x,)))


def _min_max(b: KernelBuilder, e: A.Call) -> Typed:
    x, y = _args(b, e, 2)
    shape = broadcast(x.type.shape, y.type.shape)
    if shape is None:
        raise b.fail(
            f"`{e.func}`: shapes {shape_text(x.type.shape)} and {shape_text(y.type.shape)} "
            "do not broadcast",
            e.span,
        )
    if BOOL in (x.type.dtype, y.type.dtype):
        raise b.fail(f"`{e.func}` needs numbers, not bool", e.span)
    dtype = b.operand_dtype(x, y, e.func, e.span)
    args = tuple(b.retype(t, dtype) if t.literal else b.cast(t.expr, dtype) for t in (x, y))
    return Typed(ir.Math(ir.VType(dtype, shape), e.span, e.func, args))


def _reduce(b: KernelBuilder, e: A.Call, op: str, angle: dict[str, A.AngleArg]) -> Typed:
    if "width" in angle:
        raise b.fail("`width` goes with `over ctx.lane`", angle["width"].span)
    if len(e.args) == 2 and not angle:
        # Triton's `tl.sum(x, 1)` and numpy's `x.sum(1)` give the axis as a second argument.
        raise b.fail(
            f"`{op}` takes 1 argument(s), not 2; to reduce along an axis, write "
            f"{op}<axis k>(t) (Python: ph.{op}(t, axis=k))",
            e.span,
        )
    _arity(b, e, 1)
    t = b.expr(e.args[0])
    if not t.type.shape:
        raise b.fail(
            f"`{op}` of a scalar: to combine one value from each lane, write "
            f"{op}<over ctx.lane>(x)",
            e.span,
        )
    axis = None
    if "axis" in angle:
        rank = len(t.type.shape)
        axis = _angle_int(b, angle["axis"], "an axis")
        if not -rank <= axis < rank:
            raise b.fail(f"axis {axis} is out of range for a {rank}-d tile", angle["axis"].span)
        axis %= rank
    return Typed(_reduction(b, op, t.expr, axis, e))


def _reduction(b: KernelBuilder, op: str, x: ir.Expr, axis: int | None, e: A.Call) -> ir.Expr:
    d = x.type.dtype
    if d.is_bool or d.is_unsigned:
        extra = "; convert first, as in i32(t)" if d.is_unsigned else ""
        raise b.fail(f"`{e.func}` needs numbers, not {d}{extra}", e.span)
    dtype = accumulator(d) if op == "sum" else d
    if axis is None:
        shape: tuple[int, ...] = ()
    else:
        shape = tuple(1 if k == axis else n for k, n in enumerate(x.type.shape))
    return ir.Reduce(ir.VType(dtype, shape), e.span, op, x, axis)


def _lane_reduce(b: KernelBuilder, e: A.Call, angle: dict[str, A.AngleArg]) -> Typed:
    if "axis" in angle:
        raise b.fail("`axis` and `over` do not go together", angle["axis"].span)
    over_arg = angle["over"]
    over = over_arg.value
    if not (isinstance(over, A.Ctx) and over.field in ("lane", "thread")):
        raise b.fail(
            "`over` takes ctx.lane (a group of lanes of a warp) or ctx.thread (the whole CTA)",
            over.span,
        )
    width = 32
    if "width" in angle:
        if over.field == "thread":
            raise b.fail("`width` goes with `over ctx.lane`", angle["width"].span)
        width = _width(b, angle["width"])
    (t,) = _args(b, e, 1)
    if t.type.shape:
        raise b.fail(
            f"`{e.func}<over ...>` combines a scalar from each thread; for a tile write "
            f"{e.func}(t) or {e.func}<axis k>(t)",
            e.args[0].span,
        )
    x = b.concrete(t)
    d = x.type.dtype
    if d.is_bool or d.is_unsigned:
        raise b.fail(f"`{e.func}` needs a number, not {d}", e.args[0].span)
    dtype = accumulator(d) if e.func == "sum" else d
    x = b.cast(x, dtype)
    return Typed(ir.LaneReduce(ir.VType(dtype), e.span, e.func, x, over.field, width))


def _width(b: KernelBuilder, arg: A.AngleArg) -> int:
    width = _angle_int(b, arg, "a width")
    if width not in WIDTHS:
        raise b.fail(f"a width is a power of two from 1 to 32, not {width}", arg.span)
    return width


def _shuffle(b: KernelBuilder, e: A.Call, angle: dict[str, A.AngleArg]) -> Typed:
    modes = [k for k in ("xor", "up", "down", "idx") if k in angle]
    if len(modes) != 1:
        raise b.fail("shfl takes exactly one of `xor`, `up`, `down` and `idx`", e.span)
    mode = modes[0]
    width = _width(b, angle["width"]) if "width" in angle else 32
    (t,) = _args(b, e, 1)
    if t.type.shape:
        raise b.fail("shfl moves a scalar between lanes, not a tile", e.args[0].span)
    if mode == "idx":
        with b.nested(angle["idx"]):
            arg = b.index_value(angle["idx"].value, "a shfl lane index")
    else:
        n = _angle_int(b, angle[mode], f"shfl's `{mode}`")
        if not 0 <= n < width:
            raise b.fail(f"shfl's `{mode}` must be from 0 to {width - 1}, not {n}", angle[mode].span)
        arg = ir.Const(ir.VType(INDEX), angle[mode].span, n)
    x = b.concrete(t)
    return Typed(ir.Shuffle(x.type, e.span, mode, x, arg, width))


def _where(b: KernelBuilder, e: A.Call) -> Typed:
    c, x, y = _args(b, e, 3)
    if c.type.dtype != BOOL:
        raise b.fail(f"where's condition must be bool, not {c.type.dtype}", e.args[0].span)
    shape = broadcast(c.type.shape, x.type.shape)
    shape = None if shape is None else broadcast(shape, y.type.shape)
    if shape is None:
        shapes = ", ".join(shape_text(t.type.shape) for t in (c, x, y))
        raise b.fail(f"where: shapes {shapes} do not broadcast", e.span)
    if x.type.dtype == BOOL and y.type.dtype == BOOL:
        dtype = BOOL
        args = (x.expr, y.expr)
    else:
        if BOOL in (x.type.dtype, y.type.dtype):
            raise b.fail("where's two values must both be bools or both numbers", e.span)
        dtype = b.operand_dtype(x, y, "where", e.span)
        args = tuple(b.retype(t, dtype) if t.literal else b.cast(t.expr, dtype) for t in (x, y))
    return Typed(ir.Select(ir.VType(dtype, shape), e.span, c.expr, args[0], args[1]))


def _precision(b: KernelBuilder, angle: dict[str, A.AngleArg]) -> str:
    """dot<precision P>'s P, one of DOT_PRECISIONS; "ieee" where none is given."""
    if "precision" not in angle:
        return "ieee"
    value = angle["precision"].value
    if not (isinstance(value, A.Name) and value.id in DOT_PRECISIONS):
        raise b.fail(f"`precision` takes {' or '.join(DOT_PRECISIONS)}", value.span)
    return value.id


def _dot(b: KernelBuilder, e: A.Call, precision: str) -> Typed:
    x, y = _tile_arg(b, e, 2)
    if len(x.type.shape) != 2 or len(y.type.shape) != 2:
        raise b.fail(f"dot multiplies 2-d tiles, not {x.type} and {y.type}", e.span)
    if x.type.shape[1] != y.type.shape[0]:
        raise b.fail(
            f"dot: the inner dims differ: {x.type} has {x.type.shape[1]} columns, {y.type} "
            f"has {y.type.shape[0]} rows",
            e.span,
        )
    promoted = promote(x.type.dtype, y.type.dtype)
    if promoted is None:
        unsigned = next((d for d in (x.type.dtype, y.type.dtype) if d.is_unsigned), None)
        if unsigned is not None:
            raise b.fail(storage_only("dot", unsigned, "i32(t)"), e.span)
        raise b.fail(f"dot needs numbers, not {x.type.dtype} and {y.type.dtype}", e.span)
    if precision == "tf32" and promoted != F32:
        raise b.fail(f"precision tf32 rounds f32 operands; these are {promoted} (after promotion)", e.span)
    # Operands of one type keep it (i8 stays i8, not i32), so GEMM recognition sees
    # the operands' own dtypes; the accumulator is the promoted type's.
    dtype = x.type.dtype if x.type.dtype == y.type.dtype else promoted
    vtype = ir.VType(accumulator(promoted), (x.type.shape[0], y.type.shape[1]))
    written = None if x.type.dtype == y.type.dtype else (x.type.dtype, y.type.dtype)
    left, right = b.cast(x, dtype), b.cast(y, dtype)
    if precision == "tf32":
        left, right = (ir.Math(t.type, e.span, ir.ROUND_TF32, (t,)) for t in (left, right))
    return Typed(ir.Dot(vtype, e.span, left, right, written=written, precision=precision))


def _atomic(b: KernelBuilder, e: A.Call) -> ir.Atomic:
    op = e.func.removeprefix("atomic_")
    need = 3 if op == "cas" else 2
    _arity(b, e, need)
    place = e.args[0]
    if not isinstance(place, A.Subscript):
        raise b.fail(
            f"`{e.func}` acts on one element: pass it as a subscript, as in "
            f"{e.func}(X[i], v)",
            place.span,
        )
    binding = b.binding(place.base)
    tile: ir.Sym | None = None
    if binding.kind == "tensor" and binding.tensor is not None:
        items = b.items(place, binding.tensor.dims)
        dtype = binding.tensor.dtype
        target = binding.tensor.name
    elif binding.kind == "sym" and binding.sym is not None and binding.sym.vtype.shape:
        if binding.sym.kind != "var":
            raise b.fail(f"`{written_name(place.base.id)}` is a let; atomics need a var tile", place.span)
        tile = binding.sym
        items = b.items(place, tile.vtype.shape)
        dtype = tile.vtype.dtype
        target = tile.name
    else:
        raise b.fail(f"`{e.func}` acts on an element of a tensor or a tile", place.span)
    if not all(isinstance(it, ir.At) for it in items):
        raise b.fail(f"`{e.func}` acts on one element; each subscript must be an index", place.span)
    if dtype.name not in ATOMIC_TYPES_BY_OP[op]:
        raise b.fail(
            f"`{e.func}` supports {', '.join(ATOMIC_TYPES_BY_OP[op])}, not {dtype}", place.span
        )
    what = f"`{e.func}`'s value"
    value = b.coerce(b.expr(e.args[-1]), ir.VType(dtype), what, e.args[-1].span)
    compare = None
    if op == "cas":
        compare = b.coerce(b.expr(e.args[1]), ir.VType(dtype), "atomic_cas's compare", e.args[1].span)
    return ir.Atomic(ir.VType(dtype), e.span, op, target, tile, items, value, compare)


ATOMIC_TYPES_BY_OP = {
    "add": ("i32", "i64", "u32", "f32", "f64"),
    "max": ("i32", "i64", "u32", "f32", "f64"),
    "min": ("i32", "i64", "u32", "f32", "f64"),
    "and": ("i32", "i64", "u32"),
    "or": ("i32", "i64", "u32"),
    "xor": ("i32", "i64", "u32"),
    "xchg": ("i32", "i64", "u32", "f32", "f64"),
    "cas": ("i32", "i64", "u32"),
}
