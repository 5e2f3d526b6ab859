"""A numpy evaluator of the Tile IR back end's in-memory modules, for tests only.

It runs an entry once per tile block over numpy arrays, taking each op as the cuda_tile
dialect defines it, so the corpus can check what the lowering writes (regions, masks,
carried values, the edges of every window) against the interpreter with no GPU. What
it cannot check is tileiras: gate 1 says tileiras accepts the bytecode, and the GPU
gate says the device agrees.
"""

from __future__ import annotations

import re
from typing import Any

import ml_dtypes
import numpy as np

from phobos.backends.interp import numerics
from phobos.backends.tileir import model as m
from phobos.backends.tileir.tables import ENUM_SPELLING
from phobos.dtypes import float_to, int_to_float

NUMPY = {
    "i1": np.dtype(np.bool_), "i8": np.dtype(np.int8), "i16": np.dtype(np.int16), "i32": np.dtype(np.int32),
    "i64": np.dtype(np.int64), "f16": np.dtype(np.float16), "bf16": np.dtype(ml_dtypes.bfloat16),
    "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
}
UNSIGNED = {"i8": np.uint8, "i16": np.uint16, "i32": np.uint32, "i64": np.uint64}
LOOP_TURNS = 1 << 16  # a `loop` still running after this many turns is taken to hang
FLOAT2 = {"addf": np.add, "subf": np.subtract, "mulf": np.multiply, "divf": np.divide, "remf": np.fmod,
          "maxf": numerics.fmax, "minf": numerics.fmin}  # Tile IR's maxf: +0 above -0
INT2 = {"addi": np.add, "subi": np.subtract, "muli": np.multiply, "andi": np.bitwise_and, "ori": np.bitwise_or,
        "xori": np.bitwise_xor, "maxi": np.maximum, "mini": np.minimum}
MATH = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sqrt": np.sqrt, "sin": np.sin,
        "cos": np.cos, "tanh": np.tanh, "floor": np.floor, "ceil": np.ceil, "absf": np.abs, "absi": np.abs,
        "negf": np.negative, "negi": np.negative}
COMPARE = {"equal": np.equal, "not_equal": np.not_equal, "less_than": np.less, "less_than_or_equal": np.less_equal,
           "greater_than": np.greater, "greater_than_or_equal": np.greater_equal}
REDUCE = {"addf": np.add, "addi": np.add, "maxf": np.fmax, "minf": np.fmin, "maxi": np.maximum, "mini": np.minimum}


class Jump(Exception):  # noqa: N818 - control flow, not an error
    """A `break`, `continue` or `return`, with the values it passes on, on its way to
    the loop (or entry) it leaves."""

    def __init__(self, kind: str, values: list[Any]):
        self.kind, self.values = kind, values


class View:
    """A tensor view (`tile` None) or a partition view of one: its buffer, shape, strides."""

    def __init__(self, buffer: int, shape: list[int], strides: list[int], tile: tuple[int, ...] | None = None):
        self.buffer, self.shape, self.strides, self.tile = buffer, shape, strides, tile


class Pointers:
    """A tile of pointers: which buffer, and the element offset into it."""

    def __init__(self, buffer: int, offsets: np.ndarray):
        self.buffer = buffer
        self.offsets = offsets


def dtype_of(t: m.Type) -> np.dtype:
    assert isinstance(t, m.Tile) and isinstance(t.element, m.Scalar), t
    return NUMPY[t.element.name]


def case_name(a: m.Attr) -> str:
    assert isinstance(a, m.Enum)
    return a.case


def is_unsigned(op: m.Op) -> bool:
    return "signedness" in op.attrs and case_name(op.attrs["signedness"]) == "Unsigned"


def unsigned_if(op: m.Op, v: np.ndarray) -> np.ndarray:
    """`v` (integers or bools) as unsigned integers where the op's signedness says so."""
    return v.view(UNSIGNED[f"i{v.dtype.itemsize * 8}"]) if is_unsigned(op) and v.dtype.kind in "ib" else v


def flushed(x: np.ndarray) -> np.ndarray:
    """`x` with its subnormal values made zeros of their sign (flush_to_zero)."""
    tiny = np.finfo(x.dtype).tiny
    return np.where(np.abs(x) < tiny, np.copysign(x.dtype.type(0), x), x).astype(x.dtype)


class Evaluator:
    def __init__(self, buffers: list[np.ndarray], block: tuple[int, int, int], grid: tuple[int, int, int]):
        self.buffers = buffers  # each a flat view of a tensor argument, in its storage type
        self.block_id, self.grid = block, grid
        self.env: dict[m.Value, Any] = {}

    def run_block(self, block: m.Block, args: list[Any]) -> list[Any]:
        """Run a block's ops; what its terminator passes on."""
        for a, v in zip(block.args, args, strict=True):
            self.env[a] = v
        for op in block.ops:
            if op.name in ("break", "continue", "return"):
                raise Jump(op.name, [self.env[v] for v in op.operands["operands"]])  # type: ignore[union-attr]
            if op.name == "yield":
                return [self.env[v] for v in op.operands["operands"]]  # type: ignore[union-attr]
            results = self.op(op)
            for r, v in zip(op.results, results, strict=True):
                self.env[r] = v
        return []

    def get(self, op: m.Op, name: str) -> Any:
        v = op.operands.get(name)
        if isinstance(v, tuple):
            return [self.env[x] for x in v]
        return None if v is None else self.env[v]

    def op(self, op: m.Op) -> list[Any]:
        name, get = op.name, lambda n: self.get(op, n)
        out_type = op.results[0].type if op.results else None
        with np.errstate(all="ignore"):
            if name == "constant":
                dense = op.attrs["value"]
                assert isinstance(dense, m.Dense)
                dtype, value = dtype_of(dense.type), dense.value
                if dtype.kind == "i" and isinstance(value, int):  # a constant's bits: 255 is the i8 -1
                    bits = 8 * dtype.itemsize
                    value = (value + (1 << (bits - 1))) % (1 << bits) - (1 << (bits - 1))
                return [np.full(dense.type.shape, value, dtype)]
            if name == "alloca":
                count = op.attrs["num_elem"]
                assert isinstance(count, m.Int) and isinstance(out_type, m.Tile)
                pointee = out_type.element.pointee  # type: ignore[union-attr]
                self.buffers.append(np.zeros(count.value, NUMPY[pointee.name]))
                return [Pointers(len(self.buffers) - 1, np.int64(0))]
            if name == "ptr_to_ptr":  # the same memory, read as another element type
                p = get("source")
                to = NUMPY[out_type.element.pointee.name]  # type: ignore[union-attr]
                raw = self.buffers[p.buffer]
                whole = raw[: raw.size * raw.itemsize // np.dtype(to).itemsize * np.dtype(to).itemsize // raw.itemsize]
                self.buffers.append(whole.view(to))
                return [Pointers(len(self.buffers) - 1, p.offsets * raw.itemsize // np.dtype(to).itemsize)]
            if name == "assume":
                return [get("value")]
            if name in ("make_token", "join_tokens"):
                return [None]
            if name == "get_tile_block_id":
                return [np.int32(i) for i in self.block_id]
            if name == "get_num_tile_blocks":
                return [np.int32(i) for i in self.grid]
            if name == "iota":
                return [np.arange(out_type.shape[0], dtype=dtype_of(out_type))]  # type: ignore[union-attr]
            if name in ("reshape", "broadcast"):
                src = get("source")
                shape = out_type.shape  # type: ignore[union-attr]
                if isinstance(src, Pointers):
                    offsets = np.reshape(src.offsets, shape) if name == "reshape" else np.broadcast_to(src.offsets,
                                                                                                       shape)
                    return [Pointers(src.buffer, offsets)]
                return [np.reshape(src, shape) if name == "reshape" else np.broadcast_to(src, shape).copy()]
            if name == "offset":
                p = get("ptr")
                return [Pointers(p.buffer, p.offsets + get("offset").astype(np.int64))]
            if name == "extract":
                shape = out_type.shape  # type: ignore[union-attr]
                at = tuple(slice(int(i) * n, (int(i) + 1) * n) for i, n in zip(get("indices"), shape, strict=True))
                return [np.array(get("source")[at])]
            if name == "permute":
                perm = op.attrs["permutation"]
                assert isinstance(perm, m.I32Array)
                return [np.transpose(get("source"), perm.values)]
            if name in FLOAT2:
                return [FLOAT2[name](get("lhs"), get("rhs")).astype(dtype_of(out_type))]  # type: ignore[arg-type]
            if name in INT2:
                a, b = get("lhs"), get("rhs")
                if name in ("maxi", "mini"):
                    a, b = (unsigned_if(op, v) for v in (a, b))
                return [INT2[name](a, b).astype(dtype_of(out_type))]  # type: ignore[arg-type]
            if name in MATH:
                x = get("source")
                if op.attrs.get("flush_to_zero") is not None:  # a subnormal operand or result is a signed 0
                    return [flushed(MATH[name](flushed(x)).astype(dtype_of(out_type)))]  # type: ignore[arg-type]
                return [MATH[name](x).astype(dtype_of(out_type))]  # type: ignore[arg-type]
            if name == "rsqrt":
                x = get("source")
                return [(1 / np.sqrt(x)).astype(x.dtype)]
            if name == "shli":
                return [np.left_shift(get("lhs"), get("rhs")).astype(get("lhs").dtype)]
            if name == "shri":  # logical where unsigned
                a = get("lhs")
                return [np.right_shift(unsigned_if(op, a), get("rhs")).astype(a.dtype)]
            if name in ("divi", "remi"):
                a, b = (unsigned_if(op, v) for v in (get("lhs"), get("rhs")))
                # Tile IR leaves a zero divisor, and the smallest signed value by -1, undefined:
                # the lowering must keep them out.
                assert not np.any(b == 0), f"`{name}` by zero, which Tile IR leaves undefined"
                if a.dtype.kind == "i":
                    least = np.iinfo(a.dtype).min
                    assert not np.any((a == least) & (b == -1)), f"`{name}` of {least} by -1, undefined in Tile IR"
                r = np.fmod(a, b)
                return [((a - r) // b if name == "divi" else r).astype(get("lhs").dtype)]
            if name in ("cmpi", "cmpf"):
                pred = op.attrs["comparison_predicate"]
                assert isinstance(pred, m.Enum)
                a, b = get("lhs"), get("rhs")
                if name == "cmpi" and a.dtype != np.bool_:
                    a, b = (unsigned_if(op, v) for v in (a, b))
                result = COMPARE[ENUM_SPELLING[pred.enum, pred.case]](a, b)
                if name == "cmpf":  # with a NaN operand: false where ordered, true where unordered
                    unordered = case_name(op.attrs["comparison_ordering"]) == "UNORDERED"
                    result = np.where(np.isnan(a) | np.isnan(b), unordered, result)
                return [result]
            if name == "select":
                return [np.where(get("cond"), get("val_if_true"), get("val_if_false"))]
            if name == "exti":
                return [unsigned_if(op, get("from")).astype(dtype_of(out_type))]  # type: ignore[arg-type]
            if name == "trunci":
                return [get("from").astype(dtype_of(out_type))]  # type: ignore[arg-type]
            if name == "itof":  # rounded once, as the dialect defines it
                return [np.asarray(int_to_float(unsigned_if(op, get("from")), dtype_of(out_type)))]  # type: ignore[arg-type]
            if name == "ftof":
                return [np.asarray(float_to(get("from"), dtype_of(out_type)))]  # type: ignore[arg-type]
            if name == "bitcast":
                return [np.asarray(get("source")).view(dtype_of(out_type))]  # type: ignore[arg-type]
            if name == "ftoi":
                out = dtype_of(out_type)  # type: ignore[arg-type]
                x = np.trunc(get("from").astype(np.float64))
                unsigned = is_unsigned(op)
                held = np.iinfo(UNSIGNED[f"i{out.itemsize * 8}"] if unsigned else out)
                # NaN and values outside the result's range are undefined in Tile IR: the lowering clamps first.
                assert np.all((x >= held.min) & (x <= held.max)), "`ftoi` of NaN or of a value outside its type"
                if unsigned:  # the unsigned value's bits
                    return [x.astype(UNSIGNED[f"i{out.itemsize * 8}"]).view(out)]
                return [x.astype(out)]
            if name == "make_tensor_view":
                t = out_type
                assert isinstance(t, m.TensorView)
                dims = iter(int(v) for v in get("dynamicShape"))
                steps = iter(int(v) for v in get("dynamicStrides"))
                shape = [next(dims) if d is None else d for d in t.shape]
                strides = [next(steps) if s is None else s for s in t.strides]
                return [View(get("base").buffer, shape, strides)]
            if name == "make_partition_view":
                v, t = get("tensor_view"), out_type
                assert isinstance(t, m.PartitionView) and t.padding == "zero"
                return [View(v.buffer, v.shape, v.strides, t.tile_shape)]
            if name == "load_view_tko":
                return [self.load_tile(get("view"), [int(i) for i in get("index")], out_type), None]
            if name == "load_ptr_tko":
                return [self.load(get("source"), get("mask"), get("paddingValue"), out_type), None]
            if name == "store_view_tko":
                self.store_tile(get("view"), [int(i) for i in get("index")], get("tile"))
                return [None]
            if name == "store_ptr_tko":
                self.store(get("destination"), get("value"), get("mask"))
                return [None]
            if name == "print_tko":
                print_tko(op.attrs["str"], get("args"))
                return [None]
            if name == "assert":
                if not np.all(get("condition")):
                    raise TileAssert(op.attrs["message"].value)  # type: ignore[union-attr]
                return []
            if name == "reduce":
                return [self.reduce(op)]
            if name == "mmaf":
                a, b, acc = get("lhs"), get("rhs"), get("acc")
                return [(a.astype(np.float64) @ b.astype(np.float64) + acc.astype(np.float64)).astype(acc.dtype)]
            if name == "mmai":  # tileiras's integer MMA saturates (IMMA .SAT in its sm_90 code), so here too
                a, b, acc = get("lhs"), get("rhs"), get("acc")
                total = a.astype(np.int64) @ b.astype(np.int64) + acc.astype(np.int64)
                return [np.clip(total, -(2**31), 2**31 - 1).astype(np.int32)]
            if name == "for":
                return self.loop(op)
            if name == "loop":
                carried = [self.env[v] for v in op.operands["initValues"]]  # type: ignore[union-attr]
                for _ in range(LOOP_TURNS):
                    try:
                        self.run_block(op.regions[0], carried)
                    except Jump as jump:
                        if jump.kind == "break":
                            return jump.values
                        if jump.kind == "return":
                            raise
                        carried = jump.values
                    else:
                        raise AssertionError("a loop's body ended without a jump")
                raise AssertionError(f"a Tile IR `loop` ran {LOOP_TURNS} turns without a break: it would hang")
            if name == "if":
                taken = op.regions[0] if bool(get("condition")) else (op.regions[1] if len(op.regions) > 1 else None)
                return self.run_block(taken, []) if taken is not None else []
        raise NotImplementedError(f"the evaluator has no `{name}`")

    def load(self, p: Pointers, mask: np.ndarray | None, pad: np.ndarray | None, t: m.Type) -> np.ndarray:
        buf = self.buffers[p.buffer]
        offsets = np.asarray(p.offsets)
        live = np.ones(offsets.shape, bool) if mask is None else np.broadcast_to(mask, offsets.shape)
        out = np.zeros(offsets.shape, dtype_of(t)) if pad is None else np.array(np.broadcast_to(pad, offsets.shape))
        if np.any((offsets < 0) | (offsets >= buf.size)):
            raise IndexError("a load's pointers run outside its tensor (masked or not, they must not wrap)")
        out[live] = buf[offsets[live]]
        return out

    def load_tile(self, v: View, index: list[int], t: m.Type) -> np.ndarray:
        """Tile `index` of a partition view; positions past the tensor read as zero."""
        inside, offsets = self.tile_positions(v, index)
        out = np.zeros(v.tile, dtype_of(t))
        out[inside] = self.buffers[v.buffer][offsets[inside]]
        return out

    def tile_positions(self, v: View, index: list[int]) -> tuple[np.ndarray, np.ndarray]:
        """Which positions of tile `index` of a partition view lie inside its tensor, and
        each one's element offset; an index outside the view's index space is an error
        (undefined in Tile IR)."""
        assert v.tile is not None
        for i, n, extent in zip(index, v.tile, v.shape, strict=True):
            if not 0 <= i < -(-extent // n):
                raise IndexError(f"tile index {index} outside the partition view's index space")
        grids = np.meshgrid(*[i * n + np.arange(n) for i, n in zip(index, v.tile, strict=True)], indexing="ij")
        inside = np.ones(v.tile, bool)
        offsets = np.zeros(v.tile, np.int64)
        for pos, extent, stride in zip(grids, v.shape, v.strides, strict=True):
            inside &= (pos >= 0) & (pos < extent)
            offsets += pos * stride
        return inside, offsets

    def store_tile(self, v: View, index: list[int], value: np.ndarray) -> None:
        """Tile `index` of a partition view written; positions past the tensor are left out."""
        inside, offsets = self.tile_positions(v, index)
        self.buffers[v.buffer][offsets[inside]] = np.broadcast_to(value, inside.shape)[inside]

    def store(self, p: Pointers, value: np.ndarray, mask: np.ndarray | None) -> None:
        buf = self.buffers[p.buffer]
        offsets = np.asarray(p.offsets)
        live = np.ones(offsets.shape, bool) if mask is None else np.broadcast_to(mask, offsets.shape)
        if np.any((offsets < 0) | (offsets >= buf.size)):
            raise IndexError("a store's pointers run outside its tensor (masked or not, they must not wrap)")
        buf[offsets[live]] = np.broadcast_to(value, offsets.shape)[live]

    def reduce(self, op: m.Op) -> np.ndarray:
        (x,) = (self.env[v] for v in op.operands["operands"])  # type: ignore[union-attr]
        dim = op.attrs["dim"]
        assert isinstance(dim, m.Int)
        (identity,) = op.attrs["identities"].items  # type: ignore[attr-defined]
        combine = op.regions[0].ops[0].name
        if combine == "addf":
            return (np.sum(x.astype(np.float64), axis=dim.value) + identity.value).astype(x.dtype)
        # The accumulator may start from the identity, so a wrong one shows (-inf for a
        # max would win over a row of NaN).
        reduced = REDUCE[combine].reduce(x, axis=dim.value, initial=identity.value)
        if combine in ("maxf", "minf"):  # numpy's fmax and fmin leave the zeros unordered; maxf does not
            reduced = numerics.zeros_ordered(combine[:3], np.asarray(reduced), x, dim.value, keepdims=False)
        return reduced.astype(x.dtype)

    def loop(self, op: m.Op) -> list[Any]:
        lo, hi, step = (int(self.get(op, n)) for n in ("lowerBound", "upperBound", "step"))
        if step <= 0 and lo < hi:
            raise AssertionError(f"a Tile IR `for` from {lo} to {hi} by step {step}: its step must be positive")
        carried = [self.env[v] for v in op.operands["initValues"]]  # type: ignore[union-attr]
        i = lo
        while i < hi:
            try:
                self.run_block(op.regions[0], [np.int64(i), *carried])
            except Jump as jump:
                if jump.kind != "continue":
                    raise
                carried = jump.values
            else:
                raise AssertionError("a for's body ended without a continue")
            i += step
        return carried


def storage_view(a: np.ndarray) -> np.ndarray:
    """A tensor argument as the integers or floats the Tile IR kernel addresses."""
    flat = a.reshape(-1)
    if a.dtype == np.bool_:
        return flat.view(np.int8)
    if a.dtype.kind == "u":
        return flat.view({1: np.int8, 2: np.int16, 4: np.int32}[a.dtype.itemsize])
    return flat


class TileAssert(Exception):
    """A Tile IR `assert` whose condition failed: its message."""


def print_tko(text: m.Attr, args: list[Any]) -> None:
    """print_tko's line: its printf format, a scalar by its conversion and a tile as
    its elements (numpy's text of them)."""
    assert isinstance(text, m.Str)
    parts = re.split(r"(%%|%[-+ #0]*\d*(?:\.\d+)?(?:ll|l|h)?[diuoxXeEfFgGaA])", text.value)
    values = iter(args)
    out = []
    for part in parts:
        if part == "%%":
            out.append("%")
        elif part.startswith("%"):
            v = next(values)
            spec = re.sub(r"(ll|l|h)(?=[a-zA-Z]$)", "", part)
            out.append(spec % v.item() if np.ndim(v) == 0 else np.array2string(np.asarray(v)))
        else:
            out.append(part)
    print("".join(out), end="")


def run(entry: m.Entry, args: list[Any], grid: tuple[int, int, int]) -> None:
    """Launch `entry` over `grid` with the entry's arguments: arrays for tensors (written
    in place), numpy scalars for scalars and runtime dims."""
    buffers: list[np.ndarray] = []
    values: list[Any] = []
    for a in args:
        if isinstance(a, np.ndarray):
            values.append(Pointers(len(buffers), np.int64(0)))
            buffers.append(storage_view(a))
        else:
            values.append(a)
    for z in range(grid[2]):
        for y in range(grid[1]):
            for x in range(grid[0]):
                ev = Evaluator(buffers, (x, y, z), grid)
                try:
                    ev.run_block(m.Block(list(entry.args), entry.body.ops), values)
                except Jump as jump:
                    assert jump.kind == "return", jump.kind
