"""The printer: canonical text that parses back to the tree it came from."""

from __future__ import annotations

import importlib
import math
import string
from pathlib import Path

import pytest
from corpus.seed_examples import SEED_EXAMPLES
from hypothesis import given, settings
from hypothesis import strategies as st

from phobos.ast.nodes import (
    Aligned,
    AlignedEntry,
    AngleArg,
    Assign,
    Attribute,
    Autotune,
    AutotuneEntry,
    Binary,
    BoolLit,
    Break,
    Call,
    Continue,
    Ctx,
    Expr,
    ExprStmt,
    FloatLit,
    Fn,
    For,
    If,
    IndexItem,
    IntLit,
    Kernel,
    Launch,
    Let,
    Name,
    Param,
    Pipeline,
    Program,
    RangeItem,
    Return,
    ScalarType,
    SpanItem,
    Stmt,
    Subscript,
    SubscriptItem,
    Tensorcore,
    TensorType,
    TileType,
    TypeExpr,
    Unary,
    Var,
    While,
)
from phobos.ast.printer import print_expr, print_program, print_stmt
from phobos.errors import Source, Span
from phobos.names import ANGLE_KEYS, CTX_FIELDS, KEYWORDS, SCALAR_TYPES
from phobos.syntax import parse

S = Span(Source("<generated>", ""), 1, 1, 1, 1)


def roundtrip(program: Program) -> str:
    """Prints `program`, checks the text parses back to it and prints the same again."""
    text = print_program(program)
    again = parse(text)
    assert again == program, text
    assert print_program(again) == text
    return text


def expr_text(source: str) -> str:
    body = parse(f"fn f() = {source}\n").items[0].body
    assert isinstance(body, Expr)
    return print_expr(body)


# ---------------------------------------------------------------- fixed programs


@pytest.mark.parametrize(("name", "source"), SEED_EXAMPLES, ids=[n for n, _ in SEED_EXAMPLES])
def test_seed_examples_round_trip(name: str, source: str) -> None:
    roundtrip(parse(source, name))


def test_seed_example_prints_as_the_guide_writes_it() -> None:
    source = dict(SEED_EXAMPLES)["partial_sums"]
    assert print_program(parse(source)) == source


HAND_WRITTEN = [
    """\
@launch(T)
@autotune(TILE in [32, 256], T in [256, 128])
@aligned(M = TILE, N = 16)
@tensorcore
@pipeline(off)
kernel everything(A: tensor<f32>[M, N], B: tensor<u8>[4096], alpha: f32, n: i32, ok: bool) {
  let r = ctx.block.x * TILE + ctx.thread
  let y: f32 = alpha * 2.5e-07
  var acc: tile<f32>[TILE, 1] = 0.0
  var t: tile<f16>[TILE, N / 2]
  var a = A[r :+ TILE, :]
  var b = A[r:, :N]
  var c
  acc += rowsum(a)
  acc -= 1.0
  acc *= 2.0
  acc /= 3.0
  t[0, 0:4] = 1.0
  n %= 7
  n &= 255
  n |= 1
  n ^= 2
  n <<= 1
  n >>= 2
  for i in range(0, N) {
    if i == 3 {
      continue
    } else if i > 10 {
      break
    } else {
      barrier()
    }
  }
  for<unroll 4> i in range(ctx.lane, N, 32) {
    acc[0, 0] += A[r, i]
  }
  while n > 0 && !ok || n & 1 != 0 {
    n = n - 1
  }
  if ok {
    return
  }
  let s = sum<over ctx.lane, width 8>(acc) + shfl<xor 16>(y) - max<axis 1>(a)
  atomic_add(B, 0, u8(1))
  let e = -(a - (b - c)) / (1 << n + 1) % ~n
  let w = where(A[r, 0] < 0.0, -A[r, 0], A[r, 0])
  let ff = true
  let tt = !false
}
""",
    """\
fn silu(x) = x / (1.0 + exp(-x))

fn clamp(x, lo, hi) = min(max(x, lo), hi)

fn fill(t, v) {
  t = v
}

kernel empty() {
}
""",
]


@pytest.mark.parametrize("source", HAND_WRITTEN)
def test_hand_written_programs_print_canonically(source: str) -> None:
    assert roundtrip(parse(source)) == source


def test_canonical_form_normalizes_layout() -> None:
    source = (
        "kernel k(a: f32,) { let x = ((a)) ; if a { } else { if a { x = 1 } }\n"
        "  for i in range(0,\n 4) { f(x,) }\n}"
    )
    assert print_program(parse(source)) == (
        "kernel k(a: f32) {\n"
        "  let x = a\n"
        "  if a {\n"
        "  } else if a {\n"
        "    x = 1\n"
        "  }\n"
        "  for i in range(0, 4) {\n"
        "    f(x)\n"
        "  }\n"
        "}\n"
    )


@pytest.mark.parametrize(
    ("source", "printed"),
    [
        ("(a + b) * c", "(a + b) * c"),
        ("a + (b * c)", "a + b * c"),
        ("(a - b) - c", "a - b - c"),
        ("a - (b - c)", "a - (b - c)"),
        ("a / (b * c)", "a / (b * c)"),
        ("(a < b) == c", "(a < b) == c"),
        ("a < (b == c)", "a < (b == c)"),
        ("(a && b) || c", "a && b || c"),
        ("a && (b || c)", "a && (b || c)"),
        ("(a | b) & c", "(a | b) & c"),
        ("-(a + b)", "-(a + b)"),
        ("-(-a)", "--a"),
        ("(-a) * b", "-a * b"),
        ("a - -b", "a - -b"),
        ("(a << 1) + 2", "(a << 1) + 2"),
        ("sum<width (a + 1)>(x)", "sum<width a + 1>(x)"),
        ("sum<width (a < 1)>(x)", "sum<width (a < 1)>(x)"),
        ("sum<width (a << 1)>(x)", "sum<width (a << 1)>(x)"),
        ("A[(i), (j):(k), s:+n]", "A[i, j:k, s :+ n]"),
        ("(sum) < over", "(sum) < over"),
        ("(a + max) < width * 2", "(a + max) < width * 2"),
        ("sum < x", "sum < x"),
        ("f < over", "f < over"),
    ],
)
def test_minimal_parentheses(source: str, printed: str) -> None:
    assert expr_text(source) == printed


def test_unroll_count_is_parenthesized_when_it_needs_to_be() -> None:
    loop = For("i", IntLit(0, span=S), Name("n", span=S), None,
               Binary(">>", Name("u", span=S), IntLit(1, span=S), span=S), (), span=S)
    assert print_stmt(loop) == "for<unroll (u >> 1)> i in range(0, n) {\n}"


@pytest.mark.parametrize("value", [1.0, 0.5, 1e-05, 2500.0, 1e16, 1.5e300, 5e-324, 0.1, 123.456])
def test_floats_print_with_repr_and_read_back(value: float) -> None:
    text = print_expr(FloatLit(value, span=S))
    assert text == repr(value)
    assert parse(f"fn f() = {text}").items[0].body == FloatLit(value, span=S)


@pytest.mark.parametrize("value", [math.inf, -math.inf, math.nan])
def test_non_finite_floats_are_refused(value: float) -> None:
    with pytest.raises(ValueError, match="finite"):
        print_expr(FloatLit(value, span=S))


def test_negative_literals_print_as_negations() -> None:
    # No native text spells a negative literal; it prints as what it means.
    node = Binary("*", IntLit(-3, span=S), FloatLit(-0.5, span=S), span=S)
    assert print_expr(node) == "-3 * -0.5"
    assert print_expr(Unary("-", IntLit(-3, span=S), span=S)) == "--3"


def test_print_stmt_indents() -> None:
    node = If(Name("a", span=S), (Break(span=S),), None, span=S)
    assert print_stmt(node, 2) == "    if a {\n      break\n    }"


# ---------------------------------------------------------------- generated trees

_RESERVED = set(KEYWORDS) | {"ctx"}
_names = st.one_of(
    st.sampled_from(["x", "y", "i", "N", "range", "tile", "f32", "over", "width", "axis", "xor",
                     "sum", "max", "min", "shfl", "exp"]),
    st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,6}", fullmatch=True,
                  alphabet=string.ascii_letters + string.digits + "_").filter(
        lambda s: s not in _RESERVED
    ),
)
_binary_ops = st.sampled_from(
    ["||", "&&", "==", "!=", "<", "<=", ">", ">=", "|", "^", "&", "<<", ">>", "+", "-", "*",
     "/", "%"]
)
_leaves: st.SearchStrategy[Expr] = st.one_of(
    st.integers(min_value=0, max_value=2**63 - 1).map(lambda v: IntLit(v, span=S)),
    st.floats(min_value=0.0, allow_nan=False, allow_infinity=False).map(
        lambda v: FloatLit(abs(v), span=S)
    ),
    st.booleans().map(lambda v: BoolLit(v, span=S)),
    _names.map(lambda v: Name(v, span=S)),
    st.sampled_from(CTX_FIELDS).map(lambda v: Ctx(v, span=S)),
)


@st.composite
def _angle_call(draw: st.DrawFn, children: st.SearchStrategy[Expr]) -> Call:
    func = draw(st.sampled_from(sorted(ANGLE_KEYS)))
    keys = draw(st.lists(st.sampled_from(ANGLE_KEYS[func]), min_size=1, max_size=3))
    angle = tuple(AngleArg(k, draw(children), span=S) for k in keys)
    args = tuple(draw(st.lists(children, max_size=3)))
    return Call(func, args, angle, span=S)


def _items(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[SubscriptItem]:
    maybe = st.none() | children
    return st.one_of(
        children.map(lambda e: IndexItem(e, span=S)),
        st.builds(lambda a, b: SpanItem(a, b, span=S), children, children),
        st.builds(lambda a, b: RangeItem(a, b, span=S), maybe, maybe),
    )


def _extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.one_of(
        st.builds(lambda op, e: Unary(op, e, span=S), st.sampled_from(["-", "!", "~"]), children),
        st.builds(lambda op, a, b: Binary(op, a, b, span=S), _binary_ops, children, children),
        st.builds(lambda f, a: Call(f, tuple(a), span=S), _names, st.lists(children, max_size=3)),
        _angle_call(children),
        st.builds(
            lambda base, items: Subscript(Name(base, span=S), tuple(items), span=S),
            _names,
            st.lists(_items(children), min_size=1, max_size=3),
        ),
    )


exprs: st.SearchStrategy[Expr] = st.recursive(_leaves, _extend, max_leaves=12)
# Statements hold several expressions each; small ones keep generation fast.
_small: st.SearchStrategy[Expr] = st.recursive(_leaves, _extend, max_leaves=4)

_dims = st.one_of(
    st.integers(min_value=0, max_value=9999).map(lambda v: IntLit(v, span=S)),
    _names.map(lambda v: Name(v, span=S)),
)
types: st.SearchStrategy[TypeExpr] = st.one_of(
    st.sampled_from(SCALAR_TYPES).map(lambda t: ScalarType(t, span=S)),
    st.builds(lambda t, d: TensorType(t, tuple(d), span=S), st.sampled_from(SCALAR_TYPES),
              st.lists(_dims, min_size=1, max_size=3)),
    st.builds(lambda t, d: TileType(t, tuple(d), span=S), st.sampled_from(SCALAR_TYPES),
              st.lists(_small, min_size=1, max_size=3)),
)
_targets = st.one_of(
    _names.map(lambda v: Name(v, span=S)),
    st.builds(lambda base, items: Subscript(Name(base, span=S), tuple(items), span=S),
              _names, st.lists(_items(_small), min_size=1, max_size=2)),
)
_simple_stmts: st.SearchStrategy[Stmt] = st.one_of(
    st.builds(lambda n, t, v: Let(n, t, v, span=S), _names, st.none() | types, _small),
    st.builds(lambda n, t, v: Var(n, t, v, span=S), _names, st.none() | types,
              st.none() | _small),
    st.builds(lambda t, op, v: Assign(t, op, v, span=S), _targets,
              st.sampled_from([None, "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"]), _small),
    st.builds(lambda: Break(span=S)),
    st.builds(lambda: Continue(span=S)),
    st.builds(lambda: Return(span=S)),
    st.one_of(st.builds(lambda f, a: Call(f, tuple(a), span=S), _names,
                        st.lists(_small, max_size=2)), _angle_call(_small))
    .map(lambda c: ExprStmt(c, span=S)),
)


def _compound(body: st.SearchStrategy[Stmt]) -> st.SearchStrategy[Stmt]:
    block = st.lists(body, max_size=3).map(tuple)
    return st.one_of(
        st.builds(lambda v, lo, hi, step, unroll, b: For(v, lo, hi, step, unroll, b, span=S),
                  _names, _small, _small, st.none() | _small, st.none() | _small, block),
        st.builds(lambda c, b: While(c, b, span=S), _small, block),
        st.builds(lambda c, b, e: If(c, b, e, span=S), _small, block, st.none() | block),
    )


stmts_: st.SearchStrategy[Stmt] = st.recursive(_simple_stmts, _compound, max_leaves=8)
_blocks = st.lists(stmts_, max_size=4).map(tuple)

_attributes: st.SearchStrategy[Attribute] = st.one_of(
    _dims.map(lambda d: Launch(d, span=S)),
    st.lists(
        st.builds(lambda n, v: AutotuneEntry(n, tuple(v), span=S), _names,
                  st.lists(st.integers(min_value=0, max_value=4096), min_size=1, max_size=3)),
        min_size=1, max_size=3,
    ).map(lambda e: Autotune(tuple(e), span=S)),
    st.lists(st.builds(lambda n, m: AlignedEntry(n, m, span=S), _names, _dims),
             min_size=1, max_size=3).map(lambda e: Aligned(tuple(e), span=S)),
    st.builds(lambda: Tensorcore(span=S)),
    st.builds(lambda: Pipeline(None, span=S)),
    st.builds(lambda n: Pipeline(IntLit(n, span=S), span=S), st.integers(1, 8)),
)
_kernels = st.builds(
    lambda n, a, p, b: Kernel(n, tuple(a), tuple(p), b, span=S),
    _names,
    st.lists(_attributes, max_size=3),
    st.lists(st.builds(lambda n, t: Param(n, t, span=S), _names, types), max_size=3),
    _blocks,
)
_fns = st.builds(
    lambda n, p, b: Fn(n, tuple(p), b, span=S),
    _names,
    st.lists(_names, max_size=3),
    st.one_of(_small, _blocks),
)
programs = st.lists(st.one_of(_kernels, _fns), max_size=3).map(
    lambda items: Program(tuple(items), span=S)
)


@settings(max_examples=300, deadline=None)
@given(exprs)
def test_generated_expressions_round_trip(node: Expr) -> None:
    text = print_expr(node)
    assert parse(f"fn f() = {text}\n").items[0].body == node, text


@settings(max_examples=150, deadline=None)
@given(stmts_)
def test_generated_statements_round_trip(node: Stmt) -> None:
    roundtrip(Program((Kernel("k", (), (), (node,), span=S),), span=S))


@settings(max_examples=60, deadline=None)
@given(programs)
def test_generated_programs_round_trip(program: Program) -> None:
    roundtrip(program)


# ---------------------------------------------------------------- the whole corpus

CORPUS = Path(__file__).resolve().parent / "corpus"


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*.phobos")), ids=lambda p: p.name)
def test_every_native_corpus_program_round_trips(path: Path):
    program = parse(path.read_text(), str(path))
    assert parse(print_program(program)) == program


@pytest.mark.parametrize("area", sorted(p.stem for p in (CORPUS / "py").glob("[!_]*.py")))
def test_every_python_corpus_program_round_trips(area: str):
    """What a Python module spells, printed as Phobos, parses back to the same program."""
    from phobos.pyfront import program_for_module

    module = importlib.import_module(f"tests.corpus.py.{area}")
    program = program_for_module(module)
    assert any(isinstance(item, Kernel) for item in program.items)
    assert parse(print_program(program)) == program
