"""What Python's constructs mean in a kernel, or why one is refused: the tables the
Python front end's translator (body.py, statements.py) reads, kept apart from it."""

from __future__ import annotations

import ast as py
import re

from phobos.names import KEYWORDS


class Sentinel:
    """A value of its own, named for its `repr`."""

    def __init__(self, label: str) -> None:
        self.label = label

    def __repr__(self) -> str:
        return self.label


# What `Body.reference` answers besides a Python value.
LOCAL = Sentinel("LOCAL")  # one of the def's own Phobos names
UNBOUND = Sentinel("UNBOUND")  # a bare name the module does not (yet) bind
FOREIGN = Sentinel("FOREIGN")  # a dotted name that is not phobos.lang's, or a local's attribute

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
RESERVED = frozenset(KEYWORDS) | {"ctx"}

BINARY: dict[type[py.operator], str] = {
    py.Add: "+", py.Sub: "-", py.Mult: "*", py.Div: "/", py.FloorDiv: "/", py.Mod: "%",
    py.BitAnd: "&", py.BitOr: "|", py.BitXor: "^", py.LShift: "<<", py.RShift: ">>",
}
PYTHON_DIVISION: dict[type[py.operator], str] = {py.Div: "/", py.FloorDiv: "//"}
UNARY: dict[type[py.unaryop], str] = {py.Not: "!", py.USub: "-", py.Invert: "~"}
COMPARE: dict[type[py.cmpop], str] = {
    py.Eq: "==", py.NotEq: "!=", py.Lt: "<", py.LtE: "<=", py.Gt: ">", py.GtE: ">=",
}
# Comparisons Phobos lacks: how each is written, and a pattern that finds it in the text.
NO_COMPARE: dict[type[py.cmpop], tuple[str, bytes]] = {
    py.Is: ("is", rb"\bis\b"),
    py.IsNot: ("is not", rb"\bis\s+not\b"),
    py.In: ("in", rb"\bin\b"),
    py.NotIn: ("not in", rb"\bnot\s+in\b"),
}

# Python constructs with no Phobos counterpart: how to name each, and the Phobos way.
CONSTRUCTS: dict[type[py.AST], tuple[str, str]] = {
    py.With: ("`with`", ""),
    py.AsyncWith: ("`async with`", ""),
    py.Try: ("`try`", ""),
    py.TryStar: ("`try`", ""),
    py.Raise: ("`raise`", ""),
    py.Delete: ("`del`", ""),
    py.Global: ("`global`", ""),
    py.Nonlocal: ("`nonlocal`", ""),
    py.Import: ("`import`", "import at the top of the module"),
    py.ImportFrom: ("`import`", "import at the top of the module"),
    py.ClassDef: ("a class definition", ""),
    py.FunctionDef: ("a nested def", "write a @ph.fn at the top of the module"),
    py.AsyncFunctionDef: ("`async def`", ""),
    py.AsyncFor: ("`async for`", ""),
    py.Match: ("`match`", "write if and else"),
    py.ListComp: ("a list comprehension", ""),
    py.SetComp: ("a set comprehension", ""),
    py.DictComp: ("a dict comprehension", ""),
    py.GeneratorExp: ("a generator expression", ""),
    py.Lambda: ("a lambda", "write a @ph.fn"),
    py.IfExp: ("a conditional expression `a if c else b`", "write ph.where(c, a, b)"),
    py.NamedExpr: ("`:=`", "declare the name first"),
    py.Await: ("`await`", ""),
    py.Yield: ("`yield`", ""),
    py.YieldFrom: ("`yield from`", ""),
    py.JoinedStr: ("an f-string", ""),
    py.List: ("a list", ""),
    py.Tuple: ("a tuple", ""),
    py.Dict: ("a dict", ""),
    py.Set: ("a set", ""),
    py.Starred: ("`*` unpacking", ""),
}
PYTHON_CONSTANTS: dict[type, str] = {
    str: "a string", bytes: "bytes", type(None): "`None`", type(...): "`...`",
    complex: "a complex number",
}
# Python built-ins a kernel might reach for, and what Phobos writes instead.
PYTHON_BUILTIN_HINTS = {
    "float": "convert with ph.f32(x)",
    "int": "convert with ph.i32(x)",
    "bool": "Phobos has no conversion to bool; compare instead, as in x != 0",
    "range": "range(...) is only the iterable of a for loop",
}
