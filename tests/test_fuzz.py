"""No input reaches the user as an internal exception.

Every corpus program, in both spellings, is mutated (tokens deleted, duplicated,
swapped and replaced; code nested past the limits; literals no type holds; bytes that
are not UTF-8, a byte-order mark): each outcome must be acceptance or a `PhobosError`
carrying a path, a line and a column. Acceptance is checked too: the program printed
back parses to the same tree and checks to the same ir. Hypothesis also feeds both
front ends generated programs and mutations of a few. About 3,400 programs run in
CI; the `slow` marker runs 100,000 mutations and 20,000 of Hypothesis's.
"""

from __future__ import annotations

import importlib.util
import itertools
import linecache
import math
import re
import signal
import sys
import textwrap
import traceback
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mutate import BOM, Mutant, Unit, corpus_units, mutant

import phobos
from tests.corpus.seed_examples import SEED_EXAMPLES

NATIVE_PROGRAMS = [src for _, src in SEED_EXAMPLES] + [
    """\
fn gelu(x) = 0.5 * x * (1.0 + erf(x * 0.7071))
fn bump(t, s) {
  for j in range(0, 2) {
    if j > 0 { break }
    t = t + s
  }
}
@autotune(TM in [16, 32], TN in [64])
@launch(128)
@aligned(M = TM)
kernel mix(X: tensor<f32>[M, N], W: tensor<bf16>[1, TN], O: tensor<f32>[M, N], H: tensor<i32>[256], a: f32) {
  let r = ctx.block.x * TM
  var acc: tile<f32>[TM, TN] = 0.0
  for c in range(0, N, TN) {
    var x = X[r :+ TM, c :+ TN]
    acc += softmax(x) * f32(W[0, 0]) + gelu(x)
    bump(acc, a)
  }
  O[r :+ TM, 0 :+ TN] = acc / rowsum(acc)
  var v: f32 = O[r, ctx.thread]
  v = sum<over ctx.lane, width 8>(v) + shfl<xor 1>(v)
  let old = atomic_add(H[ctx.thread % 256], i32(v))
  var i = 0
  while i < 4 && old >= 0 { i += 1; if i == 3 { continue } }
  if ctx.thread >= M { return } else { O[r, ctx.thread] = max(v, 0.0) }
}
""",
]

PY_PROGRAM = '''\
from __future__ import annotations

import phobos.lang as ph


@ph.fn
def scaled(x, s):
    return x * s


@ph.kernel
@ph.autotune(ROWS=[4, 16], COLS=[64])
@ph.aligned(M="ROWS", N="COLS")
def row_means(X: ph.tensor[ph.f32][M, N], OUT: ph.tensor[ph.f32][M, 1]):
    r: ph.let = ph.ctx.block.x * ROWS
    total: ph.var[ph.tile[ph.f32][ROWS, 1]] = 0.0
    for c in range(0, N, COLS):
        a: ph.var = X[r:+ROWS, c:+COLS]
        total += ph.rowsum(a)
    OUT[r:+ROWS, 0:+1] = scaled(total, 1.0 / ph.f32(N))


@ph.kernel
@ph.launch(256)
def misc(X: ph.tensor[ph.f32][N], Y: ph.tensor[ph.i32][N], a: ph.f32):
    i: ph.let = ph.ctx.block.x * ph.ctx.threads + ph.ctx.thread
    v: ph.var[ph.f32] = 0.0
    for j in ph.unroll(2, range(i, N, 256)):
        if j % 2 == 0 and not (j > 7):
            v += X[j] * a
        elif j < 3 < N:
            continue
        else:
            break
    v = ph.sum(v, over=ph.ctx.lane, width=16) + ph.shfl(v, xor=4)
    while v > 1.0:
        v = v / 2.0
    if i < N:
        Y[i] = ph.i32(v) // 3 % 5
'''

TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+\.\d*|\d+|:\+|<<=|>>=|&&|\|\||[-+*/%&|^<>=!]=|<<|>>|\S")
NATIVE_VOCAB = sorted(
    {t for src in NATIVE_PROGRAMS for t in TOKEN.findall(src)}
    | {"{", "}", "(", ")", "[", "]", ";", "\n", "@", ":", ",", "<", ">", "1e40", "0x", "9999999999999999999999"}
)


def assert_located(err: phobos.PhobosError) -> None:
    assert err.path is not None and err.line is not None and err.column is not None, str(err)
    assert err.line >= 1 and err.column >= 1


def mutate(text: str, data: st.DataObject, vocab: list[str]) -> str:
    tokens = [m for m in TOKEN.finditer(text)]
    for _ in range(data.draw(st.integers(1, 4), label="mutations")):
        if not tokens:
            break
        m = tokens[data.draw(st.integers(0, len(tokens) - 1), label="at")]
        kind = data.draw(st.sampled_from(["delete", "replace", "insert", "duplicate"]), label="kind")
        new = data.draw(st.sampled_from(vocab), label="token")
        start, end = m.start(), m.end()
        piece = {"delete": "", "replace": new, "insert": new + " " + m.group(), "duplicate": m.group() * 2}[kind]
        text = text[:start] + piece + text[end:]
        tokens = [m for m in TOKEN.finditer(text)]
    return text


def compile_native(text: str) -> None:
    try:
        module = phobos.compile(text, path="fuzz.phobos")
        for kernel in module.kernels.values():
            assert kernel.ir
        assert phobos.compile(module.phobos_source, path="printed.phobos").program == module.program
    except phobos.PhobosError as err:
        assert_located(err)


# ---------------------------------------------------------------- generated programs

NAMES = ["X", "Y", "a", "n", "M", "N", "T", "x", "t", "v", "i", "acc", "s"]
CALLS = ["exp", "sqrt", "abs", "f32", "i32", "i64", "bf16", "min", "max", "where", "sum", "rowsum", "rowmax",
         "softmax", "transpose", "dot", "twice", "bump", "shfl", "atomic_add", "barrier"]


@st.composite
def expressions(draw: st.DrawFn, depth: int = 0) -> str:
    leaf = st.one_of(
        st.sampled_from(NAMES),
        st.integers(-3, 300).map(str),
        st.sampled_from(["0.5", "2.0", "1e-3", "true", "false", "inf"]),
        st.sampled_from(["ctx.thread", "ctx.lane", "ctx.warp", "ctx.block.x", "ctx.threads"]),
    )
    if depth > 3:
        return draw(leaf)
    sub = expressions(depth + 1)
    form = draw(st.integers(0, 7))
    if form == 0:
        return draw(leaf)
    if form == 1:
        op = draw(st.sampled_from(["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "<", "==", "&&", "||"]))
        return f"({draw(sub)} {op} {draw(sub)})"
    if form == 2:
        return f"{draw(st.sampled_from(['-', '!', '~']))}{draw(sub)}"
    if form == 3:
        args = draw(st.lists(sub, min_size=0, max_size=3))
        return f"{draw(st.sampled_from(CALLS))}({', '.join(args)})"
    if form == 4:
        key = draw(st.sampled_from(["over ctx.lane", "over ctx.thread", "axis 1", "xor 2", "width 8", "idx 3"]))
        return f"{draw(st.sampled_from(['sum', 'max', 'shfl']))}<{key}>({draw(sub)})"
    base = draw(st.sampled_from(["X", "Y", "x", "t"]))
    item = st.one_of(
        sub,
        st.builds(lambda s, n: f"{s} :+ {n}", sub, st.sampled_from(["4", "T", "n", "32"])),
        st.sampled_from([":", "0 : 8", "i :"]),
    )
    items = draw(st.lists(item, min_size=1, max_size=2))
    return f"{base}[{', '.join(items)}]"


@st.composite
def statements(draw: st.DrawFn, depth: int = 0) -> str:
    e = expressions()
    form = draw(st.integers(0, 9 if depth < 2 else 5))
    name = draw(st.sampled_from(NAMES))
    if form == 0:
        ty = draw(st.sampled_from(["", ": f32", ": i32", ": tile<f32>[T, 8]", ": bool"]))
        return f"let {name}{ty} = {draw(e)}"
    if form == 1:
        ty = draw(st.sampled_from(["", ": f32", ": tile<f32>[T, 8]", ": tile<i32>[4]"]))
        init = draw(st.sampled_from(["", f" = {draw(e)}"]))
        return f"var {name}{ty}{init}"
    if form == 2:
        op = draw(st.sampled_from(["=", "+=", "-=", "*=", "/=", "%=", "<<=", "|="]))
        return f"{draw(e)} {op} {draw(e)}"
    if form == 3:
        return draw(st.sampled_from(["break", "continue", "return", "barrier()", "bump(acc, 1.0)"]))
    if form == 4:
        return f"{name} = {draw(e)}"
    if form == 5:
        return f"X[{draw(e)}, {draw(e)}] = {draw(e)}"
    body = "\n".join(draw(st.lists(statements(depth + 1), max_size=3)))
    if form == 6:
        unroll = draw(st.sampled_from(["", "<unroll 2>", "<unroll T>"]))
        step = draw(st.sampled_from(["", ", 2", ", n"]))
        return f"for{unroll} {name} in range({draw(e)}, {draw(e)}{step}) {{\n{body}\n}}"
    if form == 7:
        return f"while {draw(e)} {{\n{body}\n}}"
    orelse = draw(st.sampled_from(["", " else {\n}", f" else if {draw(e)} {{\n{body}\n}}"]))
    return f"if {draw(e)} {{\n{body}\n}}{orelse}"


@st.composite
def native_programs(draw: st.DrawFn) -> str:
    body = "\n".join(draw(st.lists(statements(), min_size=1, max_size=6)))
    attrs = draw(st.sampled_from(["", "@autotune(T in [4, 8])\n", "@launch(64)\n@autotune(T in [16])\n"]))
    return (
        "fn twice(q) = q + q\nfn bump(p, d) {\n  p = p + d\n}\n"
        f"{attrs}kernel k(X: tensor<f32>[M, 8], Y: tensor<i32>[N], a: f32, n: i32) {{\n{body}\n}}\n"
    )


def _native(data: st.DataObject) -> None:
    if data.draw(st.booleans(), label="generated"):
        text = data.draw(native_programs(), label="program")
    else:
        text = mutate(data.draw(st.sampled_from(NATIVE_PROGRAMS), label="base"), data, NATIVE_VOCAB)
    compile_native(text)


# ---------------------------------------------------------------- the Python spelling

PY_VOCAB = sorted(
    {t for t in TOKEN.findall(PY_PROGRAM)}
    | {"**", "lambda", "'s'", "None", "[1]", "(1, 2)", "x if y else z", "@", "is", "in", "yield", "5 / 2", "print"}
)
_counter = itertools.count()


def compile_python(source: str, tmp: Path) -> None:
    index = next(_counter)
    path = tmp / f"fuzz_kernels_{index}.py"
    path.write_text(source)
    name = f"_phobos_fuzz_{index}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SyntaxWarning)  # Python's own remarks on the mutated text
            spec.loader.exec_module(module)
        for value in vars(module).values():
            if isinstance(value, phobos.Kernel):
                assert value.ir
                reparsed = phobos.compile(value.phobos_source, path="printed.phobos")
                assert reparsed.program == value.program
    except phobos.PhobosError as err:
        assert_located(err)
        assert err.path == str(path)
    finally:
        del sys.modules[name]


PY_LINES = [
    "x: ph.let = a ** 2", "v = [i for i in range(3)]", "f = lambda q: q", "s: ph.let = 'text'",
    "with ph.ctx: pass", "try: pass\nexcept: pass", "q = a if a > 0 else 1.0", "del v", "assert v",
    "global X", "print(v)", "v = None", "t: ph.var[ph.tile[ph.f32][4, 4]]", "x: ph.let = i / 2",
    "x: ph.let = ph.exp(ph.f32(i) // 2)", "x: ph.let = X[i:i + 4]", "x: ph.let = X[i:+4:2]",
    "x: ph.let = (a, a)", "x, y = 1, 2", "undeclared = 3", "v = ph.shfl(v, up=1, width=8)",
    "v = ph.max(v, over=ph.ctx.thread)", "x: ph.let = ph.sum(X[0:+8], axis=0)", "return v",
    "ph.barrier()", "ph.atomic_add(Y[i], 1)", "yield v", "x: ph.let = v is None", "x: ph.let = a @ a",
    "x: ph.let = ph.where(v > 0.0, v, 0.0)", "x: ph.let = min(v, 1.0)", "x: ph.let = ph.nan",
    "x: ph.let = ph.ctx.block.w", "x: ph.let = ph.f32(True)", "class C: pass", "import os",
]
KINDS = {
    "name": re.compile(r"[A-Za-z_][A-Za-z0-9_]*"),
    "number": re.compile(r"\d+\.\d*|\d+"),
}


def _same_class(token: str) -> list[str]:
    for pattern in KINDS.values():
        if pattern.fullmatch(token):
            return [t for t in PY_VOCAB if pattern.fullmatch(t)]
    return [t for t in PY_VOCAB if not any(p.fullmatch(t) for p in KINDS.values())]


def mutate_python_bodies(data: st.DataObject) -> str | None:
    """Mutate lines inside the defs only: Python never runs them, so only Phobos judges them."""
    lines = PY_PROGRAM.splitlines(keepends=True)
    body_lines = [i for i, line in enumerate(lines) if line.startswith("    ")]
    for _ in range(data.draw(st.integers(1, 3), label="lines")):
        i = data.draw(st.sampled_from(body_lines), label="line")
        indent = " " * (len(lines[i]) - len(lines[i].lstrip()))
        if data.draw(st.booleans(), label="whole line"):
            lines[i] = textwrap.indent(data.draw(st.sampled_from(PY_LINES), label="new line"), indent) + "\n"
            continue
        tokens = list(TOKEN.finditer(lines[i]))
        m = tokens[data.draw(st.integers(0, len(tokens) - 1), label="token")]
        new = data.draw(st.sampled_from(_same_class(m.group())), label="replacement")
        lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
    source = "".join(lines)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            compile(source, "<fuzz>", "exec")
        except (SyntaxError, ValueError):
            return None
    return source


def _python(data: st.DataObject, tmp: Path) -> None:
    for _ in range(4):  # most token mutations leave Python itself unable to parse the file
        source = mutate_python_bodies(data)
        if source is not None:
            compile_python(source, tmp)
            return


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_native_front_end_fuzz(data):
    _native(data)


@settings(max_examples=150, **SETTINGS)
@given(data=st.data())
def test_python_front_end_fuzz(data, tmp_path_factory):
    _python(data, tmp_path_factory.getbasetemp())


@pytest.mark.slow
@settings(max_examples=10_000, **SETTINGS)
@given(data=st.data())
def test_native_front_end_fuzz_long(data):
    _native(data)


@pytest.mark.slow
@settings(max_examples=10_000, **SETTINGS)
@given(data=st.data())
def test_python_front_end_fuzz_long(data, tmp_path_factory):
    _python(data, tmp_path_factory.getbasetemp())


def test_unmutated_programs_compile(tmp_path):
    for text in NATIVE_PROGRAMS:
        compile_native(text)
    phobos.compile(NATIVE_PROGRAMS[-1]).mix.ir  # noqa: B018
    compile_python(textwrap.dedent(PY_PROGRAM), tmp_path)


# ---------------------------------------------------------------- mutations of the corpus

NATIVE_UNITS, PYTHON_UNITS = corpus_units()
CI_MUTANTS = {"native": 2_000, "python": 1_000}
SLOW_MUTANTS = {"native": 70_000, "python": 30_000}
PACKAGE = str(Path(phobos.__file__).parent)
SECONDS = 60  # one program taking longer than this is a failure too


class TookTooLong(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    def stop(*_: object) -> None:
        raise TookTooLong(f"took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def native_outcome(data: bytes) -> tuple:
    """("accepted",) once the printed program is checked to be the same, or the refusal."""
    try:
        module = phobos.compile(data, path="fuzz.phobos")
    except phobos.PhobosError as err:
        assert_located(err)
        assert err.path == "fuzz.phobos", str(err)
        return ("refused", err.message, err.line, err.column)
    again = phobos.compile(module.phobos_source, path="printed.phobos")
    assert again.program == module.program, "the printed program parses to another tree"
    for name, kernel in module.kernels.items():
        assert again.kernels[name].ir == kernel.ir, f"the printed program checks `{name}` to another ir"
    return ("accepted",)


def run_native(m: Mutant, _folder: Path) -> str:
    outcome = native_outcome(m.data)
    if m.data.startswith(BOM):
        assert outcome == native_outcome(m.data[len(BOM) :]), "a byte-order mark changed the outcome"
    return outcome[0]


_modules = itertools.count()


def run_python(m: Mutant, folder: Path) -> str:
    """Import the mutated module and check each of its kernels; Python's own refusal of
    the text (a syntax error, a misspelt decorator) is counted apart, since Phobos
    never sees that text."""
    name = f"_phobos_mutant_{next(_modules)}"
    path = folder / f"{name}.py"
    path.write_bytes(m.data)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # Python's own remarks on the mutated text
            try:
                spec.loader.exec_module(module)
            except phobos.PhobosError as err:
                assert_located(err)
                return "refused"
            except Exception as exc:  # noqa: BLE001 - sorted below: Python's or a bug
                if any(f.filename.startswith(PACKAGE) for f in traceback.extract_tb(exc.__traceback__)):
                    raise
                return "python refused"
        outcome = "accepted"
        for value in list(vars(module).values()):
            if isinstance(value, phobos.Kernel) and value.python_function.__module__ == name:
                try:
                    ir = value.ir
                except phobos.PhobosError as err:
                    assert_located(err)
                    outcome = "refused"
                    continue
                again = phobos.compile(value.phobos_source, path="printed.phobos")
                assert again.program == value.program, "the printed program parses to another tree"
                assert again.kernels[value.name].ir == ir, "the printed program checks to another ir"
        return outcome
    finally:
        del sys.modules[name]
        path.unlink()
        linecache.checkcache(str(path))


def fuzz(units: list[Unit], seeds: range, run: Callable[[Mutant, Path], str], folder: Path) -> Counter:
    """Every unit's mutants for `seeds`; each failure is reported with its unit and seed."""
    counts: Counter = Counter()
    failures = []
    for unit in units:
        for seed in seeds:
            m = mutant(unit, seed)
            try:
                with time_limit(SECONDS):
                    counts[run(m, folder)] += 1
            except Exception:  # noqa: BLE001 - every failure is reported, with its program
                failures.append(f"{m.label()}\n{traceback.format_exc()}\n{m.data[:2000]!r}")
    assert not failures, f"{len(failures)} failures; the first:\n" + "\n\n".join(failures[:3])
    return counts


def seeds(total: int, units: list[Unit]) -> range:
    return range(math.ceil(total / len(units)))


@pytest.fixture
def no_bytecode(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)


@pytest.mark.parametrize("spelling", ["native", "python"])
def test_corpus_mutations(spelling: str, tmp_path: Path, no_bytecode: None) -> None:
    units, run = (NATIVE_UNITS, run_native) if spelling == "native" else (PYTHON_UNITS, run_python)
    counts = fuzz(units, seeds(CI_MUTANTS[spelling], units), run, tmp_path)
    total = sum(counts.values())
    assert counts["accepted"] >= 0.05 * total and counts["refused"] >= 0.3 * total, counts


@pytest.mark.slow
@pytest.mark.parametrize("spelling", ["native", "python"])
def test_corpus_mutations_long(spelling: str, tmp_path: Path, no_bytecode: None) -> None:
    units, run = (NATIVE_UNITS, run_native) if spelling == "native" else (PYTHON_UNITS, run_python)
    counts = fuzz(units, seeds(SLOW_MUTANTS[spelling], units), run, tmp_path)
    print(spelling, dict(counts))


def test_every_corpus_program_is_cut_into_units() -> None:
    # Each corpus file gives a unit per kernel; the units parse (natively) or import
    # (Python) as they stand, so it is the mutation a failure comes from.
    assert len(NATIVE_UNITS) >= 80 and len(PYTHON_UNITS) >= 100
    files = {path.name for path in (Path(__file__).parent / "corpus").glob("*.phobos")}
    assert {u.name.split(":")[0] for u in NATIVE_UNITS} >= files
    for unit in NATIVE_UNITS:
        phobos.compile(unit.text)
