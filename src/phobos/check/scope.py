"""What a name means at a point of a kernel, and the nested scopes that hold names."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir

from .inline import written_name


@dataclass
class View:
    """A `let` bound to a tensor slice: a window read wherever the name is used."""

    tensor: ir.TensorParam
    starts: tuple[ir.Sym | int | None, ...]  # a hidden let, a constant, or None for an index
    lengths: tuple[int | None, ...]  # None where the subscript was an index (dim dropped)


@dataclass
class Binding:
    """One name: a tensor, a scalar parameter, a dim, a constant, a symbol or a view."""

    kind: str  # "tensor", "param", "dim", "const", "sym", "view"
    span: Span
    tensor: ir.TensorParam | None = None
    param: ir.ScalarParam | None = None
    const: int | None = None
    sym: ir.Sym | None = None
    view: View | None = None


class Scopes:
    def __init__(self) -> None:
        self._stack: list[dict[str, Binding]] = [{}]

    def push(self) -> None:
        self._stack.append({})

    def pop(self) -> None:
        self._stack.pop()

    def lookup(self, name: str) -> Binding | None:
        for frame in reversed(self._stack):
            if name in frame:
                return frame[name]
        return None

    def declare(self, name: str, binding: Binding) -> None:
        """Bind a new name; a name may not hide another that is visible."""
        if name == "ctx":
            raise PhobosError("`ctx` is the execution context and cannot be declared", binding.span)
        earlier = self.lookup(name)
        if earlier is not None:
            raise PhobosError(
                f"`{written_name(name)}` is already declared (line {earlier.span.line}); "
                "Phobos names may not be redeclared or hidden",
                binding.span,
            )
        self._stack[-1][name] = binding
