"""Our own Tile IR bytecode writer: a Module (model.py) to bytes, following the Binary
Format chapter of NVIDIA's Tile IR documentation and the registries of NVIDIA's
cuda-tile repository (tables.py). It reads only the model; what to write is the
lowering's business.

Layout: the header (magic, version major, minor, 16-bit tag), then sections, each an
id byte (0x80 set when it is aligned), a varint length, the alignment and padding
where aligned, and its data; then an end byte. Op bodies are written first, since
they intern the strings, types and constants the tables after them hold. Ids are
dense in first-use order, so the bytes follow the program's order alone.
"""

from __future__ import annotations

import struct

import ml_dtypes
import numpy as np

from . import model as m
from .debuginfo import DebugInfo
from .encoding import le, le_list, padding, svarint, uvarint
from .tables import ATTR_TAG, ENUM_VALUE, OPS, TYPE_TAG, VERSION, OpSpec

MAGIC = b"\x7fTileIR\x00"
SECTION = {"end": 0x00, "string": 0x01, "func": 0x02, "debug": 0x03, "constant": 0x04, "type": 0x05}
DYNAMIC = -(1 << 63)  # a shape or stride given at run time
KERNEL_FLAG = 0x02  # an entry-point kernel, public
HINTS_FLAG = 0x04  # the entry carries optimization hints (13.3 and 13.4; 13.5 always writes them)
SCALAR_TAG = {
    "i1": "Int1", "i8": "Int8", "i16": "Int16", "i32": "Int32", "i64": "Int64",
    "f16": "Float16", "bf16": "BFloat16", "f32": "Float32", "f64": "Float64",
}


def element_bits(scalar: m.Scalar, value: int | float | bool) -> int:
    """The bit pattern of one element, as an unsigned integer of the element's width."""
    if scalar.name == "i1":
        return 0xFF if value else 0  # a true i1 splat is all ones, as MLIR stores it
    if not scalar.is_float:
        return int(value) & ((1 << scalar.bits) - 1)
    if scalar.name == "f64":
        return struct.unpack("<Q", struct.pack("<d", float(value)))[0]
    held = {"f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}[scalar.name]
    return int(np.array(value, held).view({16: np.uint16, 32: np.uint32}[scalar.bits]))


class _Interned:
    """Byte strings in first-use order, each with a dense id."""

    def __init__(self) -> None:
        self.ids: dict[bytes, int] = {}

    def __call__(self, data: bytes) -> int:
        return self.ids.setdefault(data, len(self.ids))


class BytecodeWriter:
    def __init__(self) -> None:
        self.strings = _Interned()
        self.types = _Interned()
        self.constants = _Interned()
        self.numbers: dict[m.Value, int] = {}
        self.next_number = 0
        self.debug = DebugInfo(self.strings)
        self.entry_locs: dict[m.Entry, int] = {}

    # ------------------------------------------------------------ tables

    def type_id(self, t: m.Type) -> int:
        """The id of `t`; the types it names get theirs first."""
        return self.types(self.type_bytes(t))

    def type_bytes(self, t: m.Type) -> bytes:
        match t:
            case m.Scalar(name=name):
                return uvarint(TYPE_TAG[SCALAR_TAG[name]])
            case m.Pointer(pointee=p):
                return uvarint(TYPE_TAG["PointerType"]) + uvarint(self.type_id(p))
            case m.Tile(element=e, shape=shape):
                head = uvarint(TYPE_TAG["TileType"]) + uvarint(self.type_id(e))
                return head + uvarint(len(shape)) + b"".join(le(d, 8, signed=True) for d in shape)
            case m.Token():
                return uvarint(TYPE_TAG["TokenType"])
            case m.TensorView(element=e, shape=shape, strides=strides):
                dims = [DYNAMIC if d is None else d for d in shape]
                steps = [DYNAMIC if s is None else s for s in strides]
                head = uvarint(TYPE_TAG["TensorViewType"]) + uvarint(self.type_id(e))
                return head + le_list(dims, 8) + le_list(steps, 8)
            case m.PartitionView(tile_shape=shape, view=view, dim_map=dims, padding=pad):
                flags = uvarint(0 if pad is None else 1)  # the one optional field, in 13.3's bit field
                head = uvarint(TYPE_TAG["PartitionViewType"]) + flags + le_list(shape, 4)
                tail = le_list(dims, 4) + (b"" if pad is None else uvarint(ENUM_VALUE["PaddingValue", pad]))
                return head + uvarint(self.type_id(view)) + tail
            case m.FunctionType(inputs=inputs, results=results):
                ins = [self.type_id(i) for i in inputs]
                outs = [self.type_id(r) for r in results]
                return (
                    uvarint(TYPE_TAG["FunctionType"])
                    + uvarint(len(ins)) + b"".join(map(uvarint, ins))
                    + uvarint(len(outs)) + b"".join(map(uvarint, outs))
                )
        raise AssertionError(f"no encoding for the type {t}")

    def constant_id(self, dense: m.Dense) -> int:
        element = dense.type.element
        assert isinstance(element, m.Scalar)
        raw = le(element_bits(element, dense.value), max(1, element.bits // 8))
        return self.constants(uvarint(len(raw)) + raw)

    # ------------------------------------------------------------ attributes

    def attr_bytes(self, value: m.Attr) -> bytes:
        """An attribute in an op's own fields: written by what it is, with no tag."""
        match value:
            case m.Enum(enum=enum, case=case):
                return uvarint(ENUM_VALUE[enum, case])
            case m.Int(value=v):
                return uvarint(v)
            case m.I32Array(values=vs):
                return uvarint(len(vs)) + b"".join(le(v, 4, signed=True) for v in vs)
            case m.Dense():
                return uvarint(self.constant_id(value))
            case m.Array(items=items):
                return uvarint(len(items)) + b"".join(self.tagged_bytes(i) for i in items)
            case m.DivBy() | m.Bounded():
                return self.tagged_bytes(value)  # an interface attribute carries its tag
            case m.Str(value=v):
                return uvarint(self.strings(v.encode()))
            case m.Hints():  # an op's own field: no tag
                return self.hints_bytes(value)
        raise AssertionError(f"no encoding for the attribute {value!r}")

    def hints_bytes(self, hints: m.Hints) -> bytes:
        """A dictionary with no tag from each architecture to a tagged dictionary of hints."""
        out = bytearray(uvarint(len(hints.by_arch)))
        for arch, named in hints.by_arch:
            out += uvarint(self.strings(arch.encode())) + uvarint(ATTR_TAG["Dictionary"])
            out += uvarint(len(named))
            for name, v in named:
                out += uvarint(self.strings(name.encode())) + self.hint_bytes(v)
        return bytes(out)

    def hint_bytes(self, value: bool | int) -> bytes:
        if isinstance(value, bool):
            return uvarint(ATTR_TAG["Bool"]) + bytes([value])
        return self.tagged_bytes(m.TypedNumber(m.I32, value))

    def tagged_bytes(self, value: m.TypedNumber | m.DivBy | m.Bounded) -> bytes:
        """A self-contained attribute: its tag, then its fields."""
        match value:
            case m.DivBy(divisor=d):
                return uvarint(ATTR_TAG["DivBy"]) + uvarint(d) + b"\x00"  # no `every`, no `along`
            case m.Bounded(lb=lb, ub=ub):
                flags = bytes([(lb is not None) | (ub is not None) << 1])
                ends = b"".join(svarint(b) for b in (lb, ub) if b is not None)
                return uvarint(ATTR_TAG["Bounded"]) + flags + ends
            case m.TypedNumber(type=t, value=v) if t.is_float:
                bits = element_bits(t, v)
                signed = bits - (1 << 64) if bits >= 1 << 63 else bits
                return uvarint(ATTR_TAG["Float"]) + uvarint(self.type_id(t)) + svarint(signed)
            case m.TypedNumber(type=t, value=v):
                return uvarint(ATTR_TAG["Integer"]) + uvarint(self.type_id(t)) + uvarint(element_bits(t, v))
        raise AssertionError(f"no encoding for the attribute {value!r}")

    # ------------------------------------------------------------ ops

    def operand_ids(self, values: tuple[m.Value, ...]) -> bytes:
        return b"".join(uvarint(self.numbers[v]) for v in values)

    def op_bytes(self, op: m.Op) -> bytes:
        spec = OPS[op.name]
        self.debug.op(op)
        out = bytearray(uvarint(spec.opcode))
        if spec.has_variadic:
            out += uvarint(len(op.results))
        for r in op.results:
            out += uvarint(self.type_id(r.type))
        out += self.flags(spec, op)
        for name, kind, since in spec.args:
            if kind in ("attr", "default_attr") and since <= VERSION:
                out += self.attr_bytes(op.attrs[name])
            elif kind == "optional_attr" and name in op.attrs:
                out += self.attr_bytes(op.attrs[name])
        out += self.operands(spec, op)
        if spec.regions:
            out += uvarint(spec.regions)  # an `if` without `else` has an empty second region: no block
            for block in op.regions:
                out += uvarint(1) + self.block_bytes(block)
            out += uvarint(0) * (spec.regions - len(op.regions))
        for r in op.results:
            self.numbers[r] = self.next_number
            self.next_number += 1
        return bytes(out)

    def flags(self, spec: OpSpec, op: m.Op) -> bytes:
        """One bit for each optional attribute, then (with operand segments) each optional
        operand, the fields of older releases first; a bit is set where the field is there."""
        fields = [(since, name) for name, kind, since in spec.args if kind in ("optional_attr", "unit_attr")]
        if spec.attr_sized_operands:
            fields += [(since, name) for name, kind, since in spec.args if kind == "optional"]
        if not fields:
            return b""
        order = sorted(range(len(fields)), key=lambda i: (fields[i][0], i))
        bits = 0
        for bit, i in enumerate(order):
            name = fields[i][1]
            if name in op.operands:
                present = op.operands[name] is not None
            else:
                present = name in op.attrs and op.attrs[name] is not False
            bits |= present << bit
        return uvarint(bits) if min(f[0] for f in fields) <= VERSION else b""

    def operands(self, spec: OpSpec, op: m.Op) -> bytes:
        groups = spec.operand_args
        if spec.attr_sized_operands:
            out = bytearray()
            for name, kind in groups:
                value = op.operands.get(name)
                if kind == "variadic":
                    assert isinstance(value, tuple)
                    out += uvarint(len(value)) + self.operand_ids(value)
                elif value is not None:
                    assert isinstance(value, m.Value)
                    out += self.operand_ids((value,))
            return bytes(out)
        flat: list[m.Value] = []
        for name, _ in groups:
            value = op.operands.get(name)
            if isinstance(value, tuple):
                flat.extend(value)
            elif value is not None:
                flat.append(value)
        sized = any(kind != "operand" for _, kind in groups)
        return (uvarint(len(flat)) if sized else b"") + self.operand_ids(tuple(flat))

    def block_bytes(self, block: m.Block) -> bytes:
        """A block's arguments and ops; the ids made inside it are free again after it."""
        start = self.next_number
        out = bytearray(uvarint(len(block.args)))
        for arg in block.args:
            out += uvarint(self.type_id(arg.type))
            self.numbers[arg] = self.next_number
            self.next_number += 1
        out += uvarint(len(block.ops))
        for op in block.ops:
            out += self.op_bytes(op)
        self.next_number = start
        return bytes(out)

    # ------------------------------------------------------------ sections

    def entry_bytes(self, entry: m.Entry) -> bytes:
        self.numbers = {}
        self.next_number = 0
        for arg in entry.args:
            self.numbers[arg] = self.next_number
            self.next_number += 1
        self.debug.begin(entry)
        body = b"".join(self.op_bytes(op) for op in entry.body.ops)
        head = uvarint(self.strings(entry.name.encode())) + uvarint(self.type_id(signature(entry)))
        if entry.hints is None:
            head += bytes([KERNEL_FLAG]) + uvarint(self.entry_locs[entry])
        else:  # after the location, the hints as a tagged attribute (an op's are untagged)
            head += bytes([KERNEL_FLAG | HINTS_FLAG]) + uvarint(self.entry_locs[entry])
            head += uvarint(ATTR_TAG["OptimizationHints"]) + self.hints_bytes(entry.hints)
        return head + uvarint(len(body)) + body


def signature(entry: m.Entry) -> m.FunctionType:
    return m.FunctionType(tuple(a.type for a in entry.args))


def table(entries: dict[bytes, int], offset_width: int) -> tuple[bytes, int]:
    """A count, padding to the offsets' width, the offsets and the data; and the alignment."""
    data = list(entries)
    out = bytearray(uvarint(len(data)))
    out += padding(len(out), offset_width)
    running = 0
    for item in data:
        out += le(running, offset_width)
        running += len(item)
    out += b"".join(data)
    return bytes(out), offset_width


def section(out: bytearray, name: str, data: bytes, alignment: int) -> None:
    """Append a section whose padding aligns its data within the whole file."""
    out.append(SECTION[name] | (0x80 if alignment > 1 else 0))
    out += uvarint(len(data))
    if alignment > 1:
        out += uvarint(alignment)
        out += padding(len(out), alignment)
    out += data


def write_module(module: m.Module) -> bytes:
    writer = BytecodeWriter()
    for entry in module.entries:  # names, signatures and locations take the first ids, bodies the rest
        writer.strings(entry.name.encode())
        writer.type_id(signature(entry))
        writer.entry_locs[entry] = writer.debug.entry(entry)
    funcs = bytearray(uvarint(len(module.entries)))
    for entry in module.entries:
        funcs += writer.entry_bytes(entry)
    funcs += padding(len(funcs), 8)
    out = bytearray(MAGIC + bytes(VERSION) + le(0, 2))
    section(out, "func", bytes(funcs), 8)
    if writer.constants.ids:
        section(out, "constant", *table(writer.constants.ids, 8))
    debug = writer.debug.section()
    if debug is not None:
        section(out, "debug", debug, 8)
    section(out, "type", *table(writer.types.ids, 4))
    section(out, "string", *table(writer.strings.ids, 4))
    out.append(SECTION["end"])
    return bytes(out)
