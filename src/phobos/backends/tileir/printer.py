"""The text form of a Tile IR module, for goldens and for reading: one op a line in
the spirit of the cuda_tile dialect's assembly, values numbered %0, %1, ... in the
order they are defined, operands in the registry's order (an optional one named),
attributes in braces by their registry names, and the source line and column the op
comes from."""

from __future__ import annotations

import json

from . import model as m
from .tables import ENUM_SPELLING, OPS


def type_text(t: m.Type) -> str:
    match t:
        case m.Scalar(name=name):
            return name
        case m.Pointer(pointee=p):
            return f"ptr<{type_text(p)}>"
        case m.Tile(element=e, shape=shape):
            return f"tile<{''.join(f'{d}x' for d in shape)}{type_text(e)}>"
        case m.Token():
            return "token"
        case m.TensorView(element=e, shape=shape, strides=strides):
            dims = "".join(f"{'?' if d is None else d}x" for d in shape)
            steps = ", ".join("?" if s is None else str(s) for s in strides)
            return f"tensor_view<{dims}{type_text(e)}, strides=[{steps}]>"
        case m.PartitionView(tile_shape=shape, view=view, dim_map=dims, padding=pad):
            fill = "" if pad is None else f", padding_value = {pad}"
            tiles = "x".join(map(str, shape))
            return f"partition_view<tile=({tiles}){fill}, {type_text(view)}, dim_map=[{', '.join(map(str, dims))}]>"
        case m.FunctionType(inputs=inputs, results=results):
            return f"({', '.join(map(type_text, inputs))}) -> ({', '.join(map(type_text, results))})"
    raise AssertionError(t)


def number_text(value: int | float | bool) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)


def attr_text(a: m.Attr) -> str:
    match a:
        case m.Enum(enum=enum, case=case):
            return ENUM_SPELLING[enum, case]
        case m.Int(value=v):
            return str(v)
        case m.I32Array(values=vs):
            return f"[{', '.join(map(str, vs))}]"
        case m.Dense(type=t, value=v):
            return f"<{type_text(t.element)}: {number_text(v)}>"
        case m.TypedNumber(type=t, value=v):
            return f"{number_text(v)} : {type_text(t)}"
        case m.Array(items=items):
            return f"[{', '.join(attr_text(i) for i in items)}]"
        case m.DivBy(divisor=d):
            return f"div_by<{d}>"
        case m.Bounded(lb=lb, ub=ub):
            return f"bounded<{'?' if lb is None else lb}, {'?' if ub is None else ub}>"
        case m.Str(value=v):
            return json.dumps(v)  # a quoted string with its escapes, as the text form reads one
        case m.Hints(by_arch=by_arch):
            parts = (f"{arch} = {{{', '.join(f'{k} = {number_text(v)}' for k, v in hints)}}}"
                     for arch, hints in by_arch)
            return f"<{', '.join(parts)}>"
    raise AssertionError(a)


class Printer:
    def __init__(self) -> None:
        self.names: dict[m.Value, str] = {}
        self.lines: list[str] = []

    def name(self, v: m.Value) -> str:
        return self.names[v]

    def define(self, v: m.Value) -> str:
        self.names[v] = f"%{len(self.names)}"
        return self.names[v]

    def operands_text(self, op: m.Op) -> str:
        groups = OPS[op.name].operand_args
        parts = []
        for name, kind in groups:
            value = op.operands.get(name)
            if kind == "variadic":
                assert isinstance(value, tuple)
                items = ", ".join(map(self.name, value))
                parts.append(items if len(groups) == 1 else f"{name}=[{items}]")
            elif kind == "optional":
                if isinstance(value, m.Value):
                    parts.append(f"{name}={self.name(value)}")
            else:
                assert isinstance(value, m.Value)
                parts.append(self.name(value))
        return ", ".join(p for p in parts if p)

    def op(self, op: m.Op, depth: int) -> None:
        pad = "  " * depth
        text = op.name
        operands = self.operands_text(op)
        if operands:
            text += " " + operands
        attrs = [n if v is True else f"{n} = {attr_text(v)}" for n, v in op.attrs.items() if v is not False]
        if attrs:
            text += " {" + ", ".join(attrs) + "}"
        types = ", ".join(type_text(r.type) for r in op.results)
        if types:
            text += " : " + types
        if op.loc is not None:
            text += f"  @{op.loc.line}:{op.loc.column}"
        if not op.regions:
            results = ", ".join(self.define(r) for r in op.results)
            self.lines.append(pad + (f"{results} = " if results else "") + text)
            return
        self.lines.append(pad + text + " {")
        for i, block in enumerate(op.regions):
            if i:
                self.lines.append(pad + "} {")
            self.block(block, depth + 1)
        results = ", ".join(self.define(r) for r in op.results)
        self.lines.append(pad + "}" + (f" -> {results}" if results else ""))

    def block(self, block: m.Block, depth: int) -> None:
        if block.args:
            args = ", ".join(f"{self.define(a)}: {type_text(a.type)}" for a in block.args)
            self.lines.append("  " * (depth - 1) + f"^({args}):")
        for op in block.ops:
            self.op(op, depth)


def module_text(module: m.Module) -> str:
    p = Printer()
    p.lines.append(f"cuda_tile.module @{module.name} {{")
    for entry in module.entries:
        p.names = {}
        args = ", ".join(f"{p.define(a)}: {type_text(a.type)}" for a in entry.args)
        hints = "" if entry.hints is None else f" optimization_hints={attr_text(entry.hints)}"
        p.lines.append(f"  entry @{entry.name}({args}){hints} {{")
        p.block(entry.body, 2)
        p.lines.append("  }")
    p.lines.append("}")
    return "\n".join(p.lines) + "\n"
