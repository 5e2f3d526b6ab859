"""Lookups over the registry data (registry.py): an op's opcode and fields by name, a
type's or attribute's tag, an enum case's value. The bytecode version Phobos writes is
the newest the registry describes."""

from __future__ import annotations

from dataclasses import dataclass

from . import registry


@dataclass(frozen=True)
class OpSpec:
    name: str
    opcode: int
    since: tuple[int, int]
    args: tuple[tuple[str, str, tuple[int, int]], ...]  # (name, kind, since) in declaration order
    results: tuple[tuple[str, str], ...]
    regions: int
    attr_sized_operands: bool

    @property
    def operand_args(self) -> tuple[tuple[str, str], ...]:
        return tuple((n, k) for n, k, _ in self.args if k in ("operand", "variadic", "optional"))

    @property
    def has_variadic(self) -> bool:
        """Whether any operand or result is variadic: then the result count is written."""
        return any(k == "variadic" for _, k, _ in self.args) or any(k == "variadic" for _, k in self.results)


def _version(text: str) -> tuple[int, int]:
    major, minor = text.split(".")
    return int(major), int(minor)


OPS: dict[str, OpSpec] = {
    row["name"]: OpSpec(
        row["name"],
        row["opcode"],
        _version(row["since"]),
        tuple((a[0], a[1], _version(a[2])) for a in row["args"]),
        tuple(row["results"]),
        row["regions"],
        row["attr_sized_operands"],
    )
    for row in registry.OPS
}

ATTR_ENUM: dict[tuple[str, str], str] = {
    (row["name"], a[0]): a[3] for row in registry.OPS for a in row["args"] if len(a) > 3
}  # (op, attribute) → the enum it holds
TYPE_TAG: dict[str, int] = {name: tag for name, tag, _ in registry.TYPE_TAGS}
ATTR_TAG: dict[str, int] = {name: tag for name, tag in registry.ATTRIBUTE_TAGS}
ENUM_VALUE: dict[tuple[str, str], int] = {
    (enum, case): value for enum, cases in registry.ENUMS.items() for case, value, _, _ in cases
}
ENUM_SPELLING: dict[tuple[str, str], str] = {
    (enum, case): spelling for enum, cases in registry.ENUMS.items() for case, _, _, spelling in cases
}

VERSION: tuple[int, int] = max(_version(v) for v in registry.VERSIONS)
