"""Appending ops to blocks, checked against the registry: every op the lowering writes
names a public op, its operands and attributes by their registry names, and every
required field is there. A mistake here is a bug in the lowering, so it asserts."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from . import model as m
from .tables import OPS


class Builder:
    def __init__(self, block: m.Block) -> None:
        self.block = block
        self.loc: m.Loc | None = None  # given to every op made while it is set

    @contextmanager
    def at(self, loc: m.Loc | None) -> Iterator[None]:
        """Ops made in the `with` come from `loc`."""
        outer = self.loc
        self.loc = loc or outer
        try:
            yield
        finally:
            self.loc = outer

    def op(
        self,
        name: str,
        result_types: Sequence[m.Type],
        operands: dict[str, m.Operand] | None = None,
        attrs: dict[str, m.Attr] | None = None,
        regions: Sequence[m.Block] = (),
    ) -> list[m.Value]:
        spec = OPS[name]
        operands = operands or {}
        attrs = attrs or {}
        kinds = {n: k for n, k, _ in spec.args}
        for n in (*operands, *attrs):
            assert n in kinds, f"{name} has no field {n}"
        for n, k in kinds.items():
            if k == "operand":
                assert isinstance(operands.get(n), m.Value), f"{name} needs the operand {n}"
            elif k == "variadic":
                assert isinstance(operands.get(n, ()), tuple), f"{name}'s {n} is a tuple"
                operands.setdefault(n, ())
            elif k in ("attr", "default_attr"):
                assert n in attrs, f"{name} needs the attribute {n}"
        assert len(regions) == spec.regions or (name == "if" and len(regions) in (1, 2)), f"{name}'s regions"
        results = [m.Value(t) for t in result_types]
        self.block.ops.append(m.Op(name, results, dict(operands), dict(attrs), list(regions), self.loc))
        return results

    def one(self, name: str, result_type: m.Type, **fields: m.Operand | m.Attr) -> m.Value:
        """An op of one result, its fields as keywords (operands and attributes by name)."""
        kinds = {n: k for n, k, _ in OPS[name].args}
        operands = {n: v for n, v in fields.items() if kinds[n.rstrip("_")] in ("operand", "variadic", "optional")}
        attrs = {n: v for n, v in fields.items() if n not in operands}
        return self.op(
            name, [result_type],
            {n.rstrip("_"): v for n, v in operands.items()},  # type: ignore[misc]
            {n.rstrip("_"): v for n, v in attrs.items()},  # type: ignore[misc]
        )[0]

    @contextmanager
    def inside(self, block: m.Block) -> Iterator[Builder]:
        """Build into `block` (a region's body) for the length of the `with`."""
        outer = self.block
        self.block = block
        try:
            yield self
        finally:
            self.block = outer
