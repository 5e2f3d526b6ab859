"""Mutations of the corpus programs, in both spellings, for the front-end fuzz.

A corpus file is cut into units, each its fns (and, in Python, everything else the
module holds) with one of its kernels, so a mutated unit costs what one kernel costs.
A mutation works on the tokens of a unit: it deletes, duplicates or swaps them, puts
one of the program's own in place of another, nests code far deeper than the limits
allow, writes literals no type holds, or breaks the UTF-8 of the text. Each is drawn
from a seed, so a failing program is made again from its unit and its seed.
"""

from __future__ import annotations

import ast as py
import io
import random
import tokenize as pytokenize
import warnings
from dataclasses import dataclass
from pathlib import Path

from phobos.ast import nodes as A
from phobos.ast.depth import MAX_NESTING
from phobos.errors import Source
from phobos.syntax import parse
from phobos.syntax.lexer import EOF, tokenize

TESTS = Path(__file__).parent
BOM = b"\xef\xbb\xbf"
NOT_UTF8 = [b"\x80", b"\xc3", b"\xe2\x82", b"\xff", b"\xfe\xfe", b"\xed\xa0\x80"]
HUGE = [
    "9223372036854775808",
    "18446744073709551616",
    "0x8000000000000000",
    "0b" + "1" * 64,
    "9" * 40,
    "0x" + "f" * 5000,
    "1e400",
    "1e-400",
    "0." + "0" * 400 + "1",
    "1" + "0" * 400 + ".0",
    "3.4028235e38",
    "3.5e38",
    "1e-46",
    "0.0",
    "2147483648",
    "4294967296",
]
# How deep the structural mutations nest: either side of the limit, and far past it.
DEPTHS = [MAX_NESTING - 3, MAX_NESTING - 1, MAX_NESTING, MAX_NESTING + 1, MAX_NESTING + 3, 2 * MAX_NESTING, 1000]


@dataclass(frozen=True)
class Unit:
    """One program to mutate: its text, the tokens a mutation may touch, and where its
    statements start (for nesting them in blocks)."""

    name: str
    spelling: str  # "native" or "python"
    text: str
    tokens: tuple[tuple[int, int], ...]  # offsets of the tokens that may be mutated
    lines: tuple[int, ...]  # offsets where a statement's line starts, inside a body


# ---------------------------------------------------------------- units


def _offsets(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def native_units(name: str, text: str) -> list[Unit]:
    """The fns of a native program with each of its kernels in turn."""
    starts = _offsets(text)

    def piece(node: A.Node) -> str:
        span = node.span
        return text[starts[span.line - 1] + span.column - 1 : starts[span.end_line - 1] + span.end_column - 1]

    program = parse(text, name)
    fns = [piece(item) for item in program.items if isinstance(item, A.Fn)]
    kernels = [item for item in program.items if isinstance(item, A.Kernel)]
    units = []
    for kernel in kernels or [None]:
        body = "\n".join([*fns, *([piece(kernel)] if kernel is not None else [])]) + "\n"
        label = f"{name}:{kernel.name}" if kernel is not None else name
        units.append(_native_unit(label, body))
    return units


def _native_unit(name: str, text: str) -> Unit:
    starts = _offsets(text)
    tokens = []
    for token in tokenize(Source(name, text)):
        if token.kind != EOF:
            span = token.span
            tokens.append((starts[span.line - 1] + span.column - 1, starts[span.line - 1] + span.end_column - 1))
    lines = tuple(starts[i] for i in range(1, len(starts)) if text[starts[i] : starts[i] + 2] == "  ")
    return Unit(name, "native", text, tuple(tokens), lines)


def _is_kernel(node: py.stmt) -> bool:
    return isinstance(node, py.FunctionDef) and any("kernel" in py.unparse(d) for d in node.decorator_list)


def python_units(name: str, text: str) -> list[Unit]:
    """A Python module with all but one of its kernels taken out, for each kernel."""
    tree = py.parse(text)
    lines = text.splitlines(keepends=True)

    def rows(node: py.stmt) -> range:
        first = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        return range(first - 1, node.end_lineno or node.lineno)

    kernels = [node for node in tree.body if _is_kernel(node)]
    defs = [node for node in tree.body if isinstance(node, py.FunctionDef)]
    units = []
    for kernel in kernels:
        dropped = {row for other in kernels if other is not kernel for row in rows(other)}
        kept = [i for i in range(len(lines)) if i not in dropped]
        body = "".join(lines[i] for i in kept)
        mutable = {kept.index(row) + 1 for node in defs if node is kernel or not _is_kernel(node) for row in rows(node)}
        units.append(_python_unit(f"{name}:{kernel.name}", body, mutable))
    return units


def _python_unit(name: str, text: str, mutable_rows: set[int]) -> Unit:
    starts = _offsets(text)
    tokens = []
    kinds = (pytokenize.NAME, pytokenize.OP, pytokenize.NUMBER, pytokenize.STRING)
    for token in pytokenize.generate_tokens(io.StringIO(text).readline):
        if token.type in kinds and token.start[0] in mutable_rows and token.start[0] == token.end[0]:
            row = starts[token.start[0] - 1]
            tokens.append((row + token.start[1], row + token.end[1]))
    body_rows = [row for row in sorted(mutable_rows) if row <= len(starts)]
    lines = tuple(
        starts[row - 1]
        for row in body_rows
        if text[starts[row - 1] :].startswith("    ")
        and not text[starts[row - 1] :].lstrip().startswith(("def ", "@", "#", ")"))
    )
    return Unit(name, "python", text, tuple(tokens), lines)


def corpus_units() -> tuple[list[Unit], list[Unit]]:
    """The units of every corpus program: the native files, then the Python modules."""
    from corpus.seed_examples import SEED_EXAMPLES

    files = sorted((TESTS / "corpus").glob("*.phobos"))
    native = [u for path in files for u in native_units(path.name, path.read_text())]
    native += [u for name, text in SEED_EXAMPLES for u in native_units(f"seed:{name}", text)]
    modules = sorted((TESTS / "corpus" / "py").glob("*.py")) + sorted((TESTS / "pykernels").glob("*.py"))
    python = [
        u
        for path in modules
        if path.name != "__init__.py"
        for u in python_units(f"{path.parent.name}/{path.name}", path.read_text())
    ]
    return native, python


# ---------------------------------------------------------------- mutations


@dataclass(frozen=True)
class Mutant:
    unit: Unit
    seed: int
    data: bytes
    what: tuple[str, ...]  # the mutations made, for the report of a failure

    def label(self) -> str:
        return f"{self.unit.name} seed {self.seed}: {', '.join(self.what)}"


def mutant(unit: Unit, seed: int) -> Mutant:
    """The unit's text with one to three mutations drawn from `seed`."""
    rng = random.Random(f"{unit.name}/{seed}")
    pool = [unit.text[a:b] for a, b in unit.tokens]
    for _ in range(8):
        text, what = unit.text, []
        # Positions from the end, so an edit leaves the offsets before it as they were.
        count = min(len(unit.tokens), rng.choices([1, 2, 3], weights=[6, 3, 1])[0])
        picks = sorted(rng.sample(range(len(unit.tokens)), count), reverse=True)
        for i in picks:
            text, done = _mutate_at(unit, text, i, pool, rng)
            what.append(done)
        # Most token mutations leave Python unable to read a module, and Phobos never sees
        # such a text, so a Python mutant is drawn again until Python reads it.
        if unit.spelling == "native" or _python_reads(text):
            break
    data = text.encode()
    roll = rng.random()
    if roll < 0.06:
        at = rng.randrange(len(data) + 1)
        bad = rng.choice(NOT_UTF8)
        data = data[:at] + bad + data[at:]
        what.append(f"bytes {bad!r} at {at}")
    elif roll < 0.12:
        data = BOM + data
        what.append("a byte-order mark")
    elif roll < 0.14:
        added, done = _fn_chain(unit, rng)
        data += added.encode()
        what.append(done)
    elif roll < 0.15:
        data = _many_variants(unit, data.decode(), rng).encode()
        what.append("an @autotune of too many variants")
    elif roll < 0.16 and unit.spelling == "python":
        data += rng.choice([b"\nprint(ph.ctx.thread)\n", b"\nph.exp(1.0)\n", b"\nph.ctx.block\n"])
        what.append("host code using the kernel's names")
    return Mutant(unit, seed, data, tuple(what))


def _fn_chain(unit: Unit, rng: random.Random) -> tuple[str, str]:
    """Fns each calling the one before, once or (rarely) twice, appended to the program
    with a kernel that calls the last of them."""
    depth = rng.choice([d for d in DEPTHS if d <= 2 * MAX_NESTING])
    twice = rng.random() < 0.02
    if twice:
        depth = 20  # 2^20 calls: past the size limit, refused once the checker has seen it
    call = "z{0}(x) + z{0}(x)" if twice else "z{0}(x) + 1"
    if unit.spelling == "python":
        defs = "\n\n@ph.fn\ndef z0(x):\n    return x\n" + "".join(
            f"\n\n@ph.fn\ndef z{i}(x):\n    return {call.format(i - 1)}\n" for i in range(1, depth)
        )
        use = f"\n\n@ph.kernel\ndef z_kernel(Y: ph.tensor[ph.f32][4], a: ph.f32):\n    Y[0] = z{depth - 1}(a)\n"
    else:
        defs = "\nfn z0(x) = x\n" + "".join(f"fn z{i}(x) = {call.format(i - 1)}\n" for i in range(1, depth))
        use = f"kernel z_kernel(Y: tensor<f32>[4], a: f32) {{\n  Y[0] = z{depth - 1}(a)\n}}\n"
    return defs + use, f"a chain of {depth} fns{' calling twice' if twice else ''}"


def _many_variants(unit: Unit, text: str, rng: random.Random) -> str:
    """An @autotune of more combinations than the limit, above the unit's kernel."""
    count, size = rng.choice([(5, 20), (2, 33), (3, 11)])
    python = unit.spelling == "python"
    values = ", ".join(map(str, range(1, size + 1)))
    lists = [f"Q{k}=[{values}]" if python else f"Q{k} in [{values}]" for k in range(count)]
    if python:
        at = text.find("\ndef ", text.find("@ph.kernel"))
        return text[:at] + f"\n@ph.autotune({', '.join(lists)})" + text[at:] if at >= 0 else text
    at = text.find("kernel ")
    return text[:at] + f"@autotune({', '.join(lists)})\n" + text[at:] if at >= 0 else text


def _python_reads(text: str) -> bool:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Python's own remarks on the mutated text
        try:
            compile(text, "<mutant>", "exec", dont_inherit=True)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return False
    return True


_OPERATOR_KINDS = [
    {"+", "-", "*", "/", "%", "//"},
    {"<", "<=", ">", ">=", "==", "!="},
    {"&", "|", "^", "<<", ">>"},
    {"&&", "||", "and", "or"},
    {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", "//="},
]


def _kind(token: str) -> str:
    """Tokens of one kind stand in for each other more often than not."""
    for i, kind in enumerate(_OPERATOR_KINDS):
        if token in kind:
            return f"operator {i}"
    if token[:1].isalpha() or token[:1] == "_":
        return "name"
    if token[:1].isdigit() or token[:1] == ".":
        return "number"
    return token


def _mutate_at(unit: Unit, text: str, i: int, pool: list[str], rng: random.Random) -> tuple[str, str]:
    start, end = unit.tokens[i]
    token = text[start:end]
    python = unit.spelling == "python"
    kind = rng.choices(
        ["delete", "duplicate", "swap", "replace", "alike", "parens", "prefixes", "chain", "blocks", "huge"],
        weights=[3, 2, 2, 2, 8, 1, 1, 1, 1, 1],
    )[0]
    if kind == "alike":  # another token of the same kind, which more often still parses
        alike = [t for t in pool if _kind(t) == _kind(token)] or pool
        new = rng.choice(alike)
        return text[:start] + new + text[end:], f"replace {token!r} with {new!r}"
    if kind == "delete":
        return text[:start] + text[end:], f"delete {token!r}"
    if kind == "duplicate":
        return text[:start] + token + " " + token + text[end:], f"duplicate {token!r}"
    if kind == "swap" and i + 1 < len(unit.tokens):
        start2, end2 = unit.tokens[i + 1]
        other = text[start2:end2]
        return text[:start] + other + text[end:start2] + token + text[end2:], f"swap {token!r} and {other!r}"
    if kind == "replace" or kind == "swap":
        new = rng.choice(pool)
        return text[:start] + new + text[end:], f"replace {token!r} with {new!r}"
    depth = rng.choice(DEPTHS)
    if kind == "parens":
        return text[:start] + "(" * depth + token + ")" * depth + text[end:], f"{depth} parentheses around {token!r}"
    if kind == "prefixes":
        prefix = rng.choice(["-", "~", "not "] if python else ["-", "~", "!"])
        return text[:start] + prefix * depth + token + text[end:], f"{depth} {prefix!r} before {token!r}"
    if kind == "chain":
        op = rng.choice(["+", "*", "and", "<<"] if python else ["+", "*", "&&", "<<"])
        return text[:start] + f" {op} ".join([token] * depth) + text[end:], f"{depth} {token!r} joined by {op!r}"
    if kind == "blocks" and unit.lines:
        at = rng.choice(unit.lines)
        line_end = text.find("\n", at)
        line = text[at : line_end if line_end >= 0 else len(text)]
        if python:
            indent = line[: len(line) - len(line.lstrip())]
            depth = min(depth, 90)  # Python itself takes at most 100 levels of indentation
            nest = "".join(f"{indent}{'    ' * k}if True:\n" for k in range(depth))
            return text[:at] + nest + "    " * depth + line + text[at + len(line) :], f"{depth} ifs around a line"
        return text[:at] + "if true {\n" * depth + line + "\n" + "}\n" * depth + text[at + len(line) + 1 :], (
            f"{depth} blocks around a line"
        )
    new = rng.choice(HUGE)
    return text[:start] + new + text[end:], f"replace {token!r} with a {len(new)}-character literal"
