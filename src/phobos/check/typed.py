"""A typed expression as the checker passes it around, and shape broadcasting."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.ir import nodes as ir

from .literals import FloatValues


@dataclass
class Typed:
    expr: ir.Expr
    literal: str | None = None  # "int" or "float" for a value made of literals alone
    floats: FloatValues | None = None  # a float literal's f32 and f64 folds

    @property
    def type(self) -> ir.VType:
        return self.expr.type


def broadcast(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    """numpy's broadcasting of two shapes, or None where they do not broadcast."""
    out: list[int] = []
    for i in range(1, max(len(a), len(b)) + 1):
        x = a[-i] if i <= len(a) else 1
        y = b[-i] if i <= len(b) else 1
        if x != y and 1 not in (x, y):
            return None
        out.append(max(x, y) if 1 in (x, y) else x)
    return tuple(reversed(out))


def shape_text(shape: tuple[int, ...]) -> str:
    return "a scalar" if not shape else f"[{', '.join(map(str, shape))}]"
