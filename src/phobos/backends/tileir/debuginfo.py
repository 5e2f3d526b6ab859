"""The bytecode's debug section: where each op comes from in the Phobos source, so
tileiras (with --lineinfo or -g) can tie the machine code to the kernel's lines.

Each entry is a subprogram in a compile unit of its file; each op gets a location in
that subprogram. Attributes are interned with ids from 1 (0 is the unknown location)
in first-use order, what they name first; each entry keeps the list of its ops'
locations, its own first, in the order the ops are written.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable

from . import model as m
from .encoding import le, padding, uvarint

TAG = {"compile_unit": 1, "file": 2, "loc": 4, "subprogram": 5}
UNKNOWN = 0


class DebugInfo:
    def __init__(self, strings: Callable[[bytes], int]) -> None:
        self.strings = strings
        self.attrs: dict[bytes, int] = {}
        self.per_entry: list[list[int]] = []
        self.scopes: dict[m.Entry, tuple[int, int]] = {}  # an entry's subprogram and list
        self.scope = UNKNOWN
        self.current: list[int] | None = None

    def attr(self, data: bytes) -> int:
        return self.attrs.setdefault(data, len(self.attrs) + 1)

    def text(self, s: str) -> int:
        return self.strings(s.encode("utf-8", "surrogateescape"))  # a file name's undecodable bytes as they were

    def entry(self, entry: m.Entry) -> int:
        """Register an entry: its index among the entries with locations (0 where it has
        none), its list starting with its own location."""
        if entry.loc is None:
            return UNKNOWN
        folder, name = posixpath.split(entry.loc.path)
        file = self.attr(uvarint(TAG["file"]) + uvarint(self.text(name)) + uvarint(self.text(folder)))
        unit = self.attr(uvarint(TAG["compile_unit"]) + uvarint(file))
        line = uvarint(entry.loc.line)
        self.scope = self.attr(
            uvarint(TAG["subprogram"]) + uvarint(file) + line + uvarint(self.text(entry.name))
            + uvarint(self.text(entry.name)) + uvarint(unit) + line
        )
        self.per_entry.append([self.loc(entry.loc)])
        self.scopes[entry] = (self.scope, len(self.per_entry) - 1)
        return len(self.per_entry)

    def begin(self, entry: m.Entry) -> None:
        """The ops written next are `entry`'s."""
        self.scope, index = self.scopes.get(entry, (UNKNOWN, -1))
        self.current = self.per_entry[index] if index >= 0 else None

    def loc(self, loc: m.Loc | None) -> int:
        if loc is None:
            return UNKNOWN
        return self.attr(
            uvarint(TAG["loc"]) + uvarint(self.scope) + uvarint(self.text(loc.path))
            + uvarint(loc.line) + uvarint(loc.column)
        )

    def op(self, op: m.Op) -> None:
        if self.current is not None:
            self.current.append(self.loc(op.loc))

    def section(self) -> bytes | None:
        """The section's bytes (count, offsets and indices per entry, then the attributes)."""
        if not self.per_entry:
            return None
        out = bytearray(uvarint(len(self.per_entry)))
        out += padding(len(out), 4)
        running = 0
        for indices in self.per_entry:
            out += le(running, 4)
            running += len(indices)
        out += uvarint(running)
        out += padding(len(out), 8)
        for indices in self.per_entry:
            out += b"".join(le(i, 8) for i in indices)
        data = list(self.attrs)
        out += uvarint(len(data))
        out += padding(len(out), 4)
        running = 0
        for item in data:
            out += le(running, 4)
            running += len(item)
        out += b"".join(data)
        return bytes(out)
