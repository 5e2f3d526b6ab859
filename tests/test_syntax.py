"""The native lexer and parser: what each construct becomes, and how each mistake is reported."""

from __future__ import annotations

import dataclasses
import os
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from corpus.seed_examples import SEED_EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import phobos
from phobos.ast.depth import MAX_NESTING
from phobos.ast.nodes import (
    Aligned,
    AlignedEntry,
    AngleArg,
    Assign,
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
    Node,
    Param,
    Pipeline,
    Program,
    RangeItem,
    Return,
    ScalarType,
    SpanItem,
    Stmt,
    Subscript,
    Tensorcore,
    TensorType,
    TileType,
    Unary,
    Var,
    While,
)
from phobos.errors import PhobosError, Source, Span
from phobos.syntax import parse
from phobos.syntax.lexer import EOF, FLOAT, INT, NAME, NEWLINE, Token, tokenize

# Node equality ignores spans, so expected trees can all share one.
S = Span(Source("<expected>", ""), 1, 1, 1, 1)


def n(name: str) -> Name:
    return Name(name, span=S)


def i(value: int) -> IntLit:
    return IntLit(value, span=S)


def f(value: float) -> FloatLit:
    return FloatLit(value, span=S)


def b(op: str, left: Expr, right: Expr) -> Binary:
    return Binary(op, left, right, span=S)


def u(op: str, operand: Expr) -> Unary:
    return Unary(op, operand, span=S)


def call(func: str, *args: Expr, angle: tuple[tuple[str, Expr], ...] = ()) -> Call:
    return Call(func, args, tuple(AngleArg(k, v, span=S) for k, v in angle), span=S)


def sub(base: str, *items: IndexItem | SpanItem | RangeItem) -> Subscript:
    return Subscript(n(base), items, span=S)


def idx(e: Expr) -> IndexItem:
    return IndexItem(e, span=S)


def expr(text: str) -> Expr:
    body = parse(f"fn f() = {text}\n").items[0].body
    assert isinstance(body, Expr)
    return body


def stmts(text: str) -> tuple[Stmt, ...]:
    kernel = parse(f"kernel k() {{\n{text}\n}}\n").items[0]
    assert isinstance(kernel, Kernel)
    return kernel.body


def stmt(text: str) -> Stmt:
    (only,) = stmts(text)
    return only


def error(text: str) -> PhobosError:
    with pytest.raises(PhobosError) as info:
        parse(text)
    return info.value


def stmt_error(text: str) -> PhobosError:
    """The error for `text` as a kernel's body, which starts on line 2."""
    return error(f"kernel k() {{\n{text}\n}}\n")


def kinds(text: str) -> list[str]:
    return [t.kind for t in tokenize(Source("<t>", text))]


def tokens(text: str) -> list[Token]:
    return tokenize(Source("<t>", text))


def lex_error(text: str) -> PhobosError:
    with pytest.raises(PhobosError) as info:
        tokenize(Source("<t>", text))
    return info.value


# ---------------------------------------------------------------- lexer


@pytest.mark.parametrize(
    ("text", "value"),
    [("42", 42), ("1_000", 1000), ("0xff", 255), ("0XFF", 255), ("0b1010", 10), ("0", 0),
     ("0xdead_beef", 0xDEADBEEF), ("9223372036854775807", 2**63 - 1),
     ("0x0000_7fff_ffff_ffff_ffff", 2**63 - 1), ("0b" + "1" * 63, 2**63 - 1)],
)
def test_integer_literals(text: str, value: int) -> None:
    (token, _eof) = tokens(text)
    assert (token.kind, token.value, token.text) == (INT, value, text)


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("9223372036854775808", "'9223372036854775808' is"),
        ("0x8000000000000000", "'0x8000000000000000' is"),
        ("0b1" + "0" * 63, "its 64 digits are"),
        ("1" * 4301, "its 4301 digits are"),  # past Python's limit on converting decimal strings
        ("0x" + "f" * 5000, "its 5000 digits are"),
    ],
    ids=["2^63", "hex 2^63", "binary 2^63", "4301 decimal digits", "5000 hex digits"],
)
def test_an_integer_literal_above_2_63_is_refused_where_it_is(text: str, shown: str) -> None:
    err = lex_error(f"x = {text} + 1")
    assert err.span is not None
    assert (err.line, err.column, err.span.end_column) == (1, 5, 5 + len(text))
    assert err.message == f"integer literal too large: {shown} above the largest, 2^63 - 1 = {2**63 - 1}"


def test_a_float_literal_keeps_its_decimal_text() -> None:
    node = expr("1_0.000_000_059_604_644_775_390_625_000_01")
    assert isinstance(node, FloatLit) and node.text == "10.00000005960464477539062500001"


@pytest.mark.parametrize(
    ("text", "value"),
    [("1.0", 1.0), ("1.", 1.0), (".5", 0.5), ("1e-5", 1e-5), ("2.5E3", 2500.0),
     ("1e+16", 1e16), ("1_0.2_5", 10.25), ("0.0", 0.0)],
)
def test_float_literals(text: str, value: float) -> None:
    (token, _eof) = tokens(text)
    assert (token.kind, token.value) == (FLOAT, value)


def test_compound_operators_take_the_longest_match() -> None:
    text = "<<= >>= << >> <= >= < > == != && || += -= *= /= %= &= |= ^= = ! ~ @ . ;"
    assert kinds(text)[:-1] == text.split()


def test_span_operator_only_when_colon_and_plus_touch() -> None:
    assert kinds("s :+ n") == [NAME, ":+", NAME, EOF]
    assert kinds("s:+n") == [NAME, ":+", NAME, EOF]
    assert kinds("s : +n") == [NAME, ":", "+", NAME, EOF]


def test_keywords_and_names() -> None:
    assert kinds("let letter for_ ctx true") == ["let", NAME, NAME, NAME, "true", EOF]


def test_newlines_count_only_outside_parentheses_and_brackets() -> None:
    assert kinds("a\n(b\n)[\nc]\n{\n}") == [
        NAME, NEWLINE, "(", NAME, ")", "[", NAME, "]", NEWLINE, "{", NEWLINE, "}", EOF
    ]


def test_comments_run_to_the_end_of_the_line() -> None:
    assert kinds("a // b c\nd//e") == [NAME, NEWLINE, NAME, EOF]


def test_token_spans_are_one_based_and_end_exclusive() -> None:
    toks = tokens("ab\n  cd <<= 1")
    spans = [(t.span.line, t.span.column, t.span.end_line, t.span.end_column) for t in toks]
    assert spans[0] == (1, 1, 1, 3)
    assert spans[1] == (1, 3, 1, 4)  # the newline
    assert spans[2] == (2, 3, 2, 5)
    assert spans[3] == (2, 6, 2, 9)
    assert spans[4] == (2, 10, 2, 11)
    assert toks[-1].kind == EOF


def test_tabs_and_carriage_returns_are_whitespace() -> None:
    assert kinds("a\t\r\nb") == [NAME, NEWLINE, NAME, EOF]


BAD_LET = "kernel k() {\n  let x = @\n}\n"


@pytest.mark.parametrize("given", ["text", "bytes", "file"])
def test_a_byte_order_mark_starts_no_token_and_moves_no_column(given: str, tmp_path) -> None:
    data = ("\ufeff" + BAD_LET).encode()
    path = tmp_path / "bom.phobos"
    path.write_bytes(data)
    source = {"text": "\ufeff" + BAD_LET, "bytes": data, "file": path}[given]
    with pytest.raises(PhobosError) as info:
        phobos.compile(source)
    assert (info.value.line, info.value.column) == (2, 11)
    assert info.value.message == "expected an expression, found '@'"
    assert phobos.compile(b"\xef\xbb\xbfkernel k() {\n}\n").kernels


def test_bytes_are_the_programs_utf8_text() -> None:
    module = phobos.compile("kernel é_free() {\n}\n".replace("é_", "").encode(), path="b.phobos")
    assert list(module.kernels) == ["free"] and module.program.span.path == "b.phobos"
    with pytest.raises(PhobosError) as info:
        phobos.compile(b"kernel k() {\n  let x = 1 // \xe2\x82\n}\n", path="b.phobos")
    err = info.value
    assert err.message == "the source is not UTF-8 text: 0xe2 0x82 here is no UTF-8 character"
    assert (err.path, err.line, err.column) == ("b.phobos", 2, 16)


def test_a_file_that_is_not_utf8_is_refused_at_the_bad_byte(tmp_path) -> None:
    path = tmp_path / "latin1.phobos"
    path.write_bytes("kernel k() {\n  // café\n}\n".encode("latin-1"))
    with pytest.raises(PhobosError) as info:
        phobos.compile(path)
    assert (info.value.path, info.value.line, info.value.column) == (str(path), 2, 9)
    assert "  // caf\ufffd" in str(info.value)


def test_compile_takes_text_bytes_or_a_path_and_nothing_else() -> None:
    with pytest.raises(PhobosError, match="phobos.compile takes a path or a program's text .str or bytes., not int"):
        phobos.compile(5)  # type: ignore[arg-type]


class _BytesPath:
    """An os.PathLike whose path is bytes, not all of them UTF-8."""

    def __init__(self, path: bytes) -> None:
        self.path = path

    def __fspath__(self) -> bytes:
        return self.path


class _NoPath:
    def __fspath__(self) -> int:
        return 5


PROGRAM = "kernel k(A: tensor<f32>[N]) {\n  let i = ctx.block.x * 16\n  A[i :+ 16] = A[i :+ 16] * 2.0\n}\n"


@pytest.mark.parametrize("given", ["str", "pathlib", "bytes path-like"])
def test_a_program_is_named_by_any_path_like_and_both_back_ends_write_it(given: str, tmp_path) -> None:
    """issue 22: path=pathlib.Path(...) was taken, then both GPU back ends crashed on it;
    a file named by bytes that are not UTF-8 reaches the generated code as those bytes."""
    from phobos.backends.cuda.write.kernel import generate, path_literal
    from phobos.backends.tileir.launch import lowered

    name = {"str": "dir/k.phobos", "pathlib": Path("dir") / "k.phobos", "bytes path-like": _BytesPath(b"d\xffk.phobos")}
    want = os.fsdecode(name[given])
    for module in (phobos.compile(PROGRAM, path=name[given]), phobos.compile(PROGRAM.encode(), path=name[given])):
        variant = module.k.variants[0]
        assert module.program.span.path == variant.span.path == want
        assert f"#line 2 {path_literal(want)}" in generate(variant).source
        assert os.path.basename(want).encode("utf-8", "surrogateescape") in lowered(variant)[1]
    file = tmp_path / os.fsencode(name[given]).replace(b"/", b"_").decode("utf-8", "surrogateescape")
    file.write_text(PROGRAM)
    assert phobos.compile(file).program.span.path == str(file)


@pytest.mark.parametrize(("path", "shown"), [
    (5, "not an int (5)"), (3.5, "not a float (3.5)"), (b"k.phobos", "not a bytes (b'k.phobos')"),
    (["k", "phobos"], "not a list (['k', 'phobos'])"),
    (_NoPath(), "is no path: expected _NoPath.__fspath__() to return str or bytes, not int"),
    ("k\0.phobos", "'k\\x00.phobos' holds a NUL character"),
])
def test_path_takes_a_str_or_a_path_like_and_nothing_else(path: object, shown: str) -> None:
    with pytest.raises(PhobosError) as info:
        phobos.compile(PROGRAM, path=path)  # type: ignore[arg-type]
    assert info.value.message.startswith("phobos.compile: path= ") and shown in info.value.message


def test_a_path_to_compile_is_any_path_like_and_nothing_else(tmp_path) -> None:
    for bad, shown in [(_NoPath(), "is no path"), ("k\0.phobos", "holds a NUL character"),
                       (tmp_path, "Is a directory"), (tmp_path / "none.phobos", "No such file")]:
        with pytest.raises(PhobosError, match="phobos.compile: the program's path|cannot read") as info:
            phobos.compile(bad)  # type: ignore[arg-type]
        assert shown in info.value.message
    (tmp_path / "k.phobos").write_text(PROGRAM)
    with pytest.raises(PhobosError, match="path= names a program given as text; .*k.phobos is read from its file"):
        phobos.compile(tmp_path / "k.phobos", path="other.phobos")


@pytest.mark.parametrize(
    ("text", "column", "words"),
    [
        ("a $ b", 3, ["'$'", "U+0024"]),
        ("x = é", 5, ["'é'", "U+00E9"]),
        ("x\x00", 2, ["U+0000"]),
        ("0x", 1, ["'0x'", "digits"]),
        ("0b102", 1, ["'0b102'"]),
        ("1_", 1, ["'_'"]),
        ("1__0", 1, ["'_'"]),
        ("12abc", 1, ["'12abc'"]),
        ("1e", 1, ["exponent"]),
        ("1e+", 1, ["exponent"]),
        ("007", 1, ["leading zeros"]),
        ("1e999", 1, ["too large"]),
        ("1.5f", 1, ["'1.5f'"]),
    ],
)
def test_lexical_errors(text: str, column: int, words: list[str]) -> None:
    err = lex_error(text)
    assert (err.line, err.column) == (1, column)
    for word in words:
        assert word in err.message


def test_unclosed_bracket_is_reported_where_it_opens() -> None:
    err = lex_error("a\nf(x,\n y")
    assert (err.line, err.column) == (2, 2)
    assert "'(' is never closed" in err.message


def test_mismatched_brackets() -> None:
    err = lex_error("A[i)")
    assert (err.line, err.column) == (1, 4)
    assert "')'" in err.message and "'['" in err.message and "1:2" in err.message
    err = lex_error("x }")
    assert (err.line, err.column) == (1, 3)
    assert "no matching" in err.message


# ---------------------------------------------------------------- top level


def test_seed_examples_all_parse() -> None:
    for name, source in SEED_EXAMPLES:
        assert parse(source, name).items, name


def test_kernel_with_every_attribute() -> None:
    program = parse(
        "@launch(256)\n"
        "@autotune(TILE in [32, 256,], T in [8])\n"
        "@aligned(M = TILE, N = 4)\n"
        "@tensorcore\n"
        "@pipeline(off)\n"
        "kernel k(A: tensor<f32>[M, 64], a: f32, t: tile<f16>[R, 2 * C],) {\n"
        "}\n"
    )
    (kernel,) = program.items
    assert kernel == Kernel(
        "k",
        (
            Launch(i(256), span=S),
            Autotune(
                (AutotuneEntry("TILE", (32, 256), span=S), AutotuneEntry("T", (8,), span=S)),
                span=S,
            ),
            Aligned(
                (AlignedEntry("M", n("TILE"), span=S), AlignedEntry("N", i(4), span=S)), span=S
            ),
            Tensorcore(span=S),
            Pipeline(None, span=S),
        ),
        (
            Param("A", TensorType("f32", (n("M"), i(64)), span=S), span=S),
            Param("a", ScalarType("f32", span=S), span=S),
            Param("t", TileType("f16", (n("R"), b("*", i(2), n("C"))), span=S), span=S),
        ),
        (),
        span=S,
    )
    assert isinstance(kernel, Kernel)
    assert kernel.name_span is not None and kernel.name_span.text() == "k"
    assert (kernel.span.line, kernel.span.column) == (1, 1)  # from the first attribute
    assert (kernel.span.end_line, kernel.span.end_column) == (7, 2)


def test_launch_takes_a_name() -> None:
    (kernel,) = parse("@launch(T)\nkernel k() {}").items
    assert isinstance(kernel, Kernel)
    assert kernel.attrs == (Launch(n("T"), span=S),)


def test_expression_fn_and_statement_fn() -> None:
    program = parse("fn silu(x) = x / (1.0 + exp(-x))\n\nfn scale(t, s,) {\n  t = t * s\n}\n")
    silu, scale = program.items
    assert silu == Fn("silu", ("x",), b("/", n("x"), b("+", f(1.0), call("exp", u("-", n("x"))))),
                      span=S)
    assert scale == Fn(
        "scale", ("t", "s"), (Assign(n("t"), None, b("*", n("t"), n("s")), span=S),), span=S
    )
    assert isinstance(scale, Fn)
    assert [p.text() for p in scale.param_spans] == ["t", "s"]
    assert scale.name_span is not None and scale.name_span.text() == "scale"


def test_empty_program() -> None:
    assert parse("") == Program((), span=S)
    assert parse("\n// only a comment\n\n") == Program((), span=S)


# ---------------------------------------------------------------- statements


def test_let_with_and_without_type() -> None:
    first, second = stmts("let r = ctx.block.x * 32\nlet y: f32 = 1.5")
    assert first == Let("r", None, b("*", Ctx("block.x", span=S), i(32)), span=S)
    assert second == Let("y", ScalarType("f32", span=S), f(1.5), span=S)
    assert isinstance(second, Let) and second.name_span is not None
    assert (second.name_span.line, second.name_span.column) == (3, 5)
    assert second.span.text() == "let y: f32 = 1.5"


def test_var_forms() -> None:
    tile = TileType("f32", (n("R"), n("C")), span=S)
    assert stmts(
        "var acc: f32 = 0.0\n"
        "var t: tile<f32>[R, C] = 0.0\n"
        "var u: tile<f32>[R, C]\n"
        "var x = X[r :+ 32, :]\n"
        "var v"
    ) == (
        Var("acc", ScalarType("f32", span=S), f(0.0), span=S),
        Var("t", tile, f(0.0), span=S),
        Var("u", tile, None, span=S),
        Var("x", None, sub("X", SpanItem(n("r"), i(32), span=S), RangeItem(None, None, span=S)),
            span=S),
        Var("v", None, None, span=S),
    )


@pytest.mark.parametrize("op", ["+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"])
def test_compound_assignment(op: str) -> None:
    assert stmt(f"x {op}= 2") == Assign(n("x"), op, i(2), span=S)
    assert stmt(f"A[i] {op}= 2") == Assign(sub("A", idx(n("i"))), op, i(2), span=S)


def test_plain_assignment_to_name_and_slice() -> None:
    assert stmts("x = 1\nY[r :+ 32, :] = x * s") == (
        Assign(n("x"), None, i(1), span=S),
        Assign(
            sub("Y", SpanItem(n("r"), i(32), span=S), RangeItem(None, None, span=S)),
            None,
            b("*", n("x"), n("s")),
            span=S,
        ),
    )


def test_for_loops() -> None:
    plain, stepped, unrolled = stmts(
        "for i in range(0, N) { break }\n"
        "for i in range(0, N, 2) { continue }\n"
        "for<unroll 4> i in range(ctx.thread, N, 256) { return }"
    )
    assert plain == For("i", i(0), n("N"), None, None, (Break(span=S),), span=S)
    assert stepped == For("i", i(0), n("N"), i(2), None, (Continue(span=S),), span=S)
    assert unrolled == For(
        "i", Ctx("thread", span=S), n("N"), i(256), i(4), (Return(span=S),), span=S
    )
    assert isinstance(unrolled, For) and unrolled.var_span is not None
    assert unrolled.var_span.text() == "i"
    assert (unrolled.var_span.line, unrolled.var_span.column) == (4, 15)


def test_unroll_count_ends_at_the_angle_bracket() -> None:
    loop = stmt("for<unroll U + 1> i in range(0, N) {}")
    assert isinstance(loop, For) and loop.unroll == b("+", n("U"), i(1))


def test_while_loop() -> None:
    assert stmt("while i < n {\n  i += 1\n}") == While(
        b("<", n("i"), n("n")), (Assign(n("i"), "+", i(1), span=S),), span=S
    )


def test_if_else_chains() -> None:
    body = (ExprStmt(call("f"), span=S),)
    assert stmt("if a { f() }") == If(n("a"), body, None, span=S)
    assert stmt("if a { f() } else {}") == If(n("a"), body, (), span=S)
    inner = If(n("b"), body, body, span=S)
    expected = If(n("a"), body, (inner,), span=S)
    assert stmt("if a { f() } else if b { f() } else { f() }") == expected
    assert stmt("if a {\n  f()\n} else {\n  if b { f() } else { f() }\n}") == expected


def test_if_span_covers_its_else_chain() -> None:
    node = stmt("if a { f() } else if b { f() }")
    assert (node.span.line, node.span.column, node.span.end_line, node.span.end_column) == (
        2, 1, 2, 31
    )


def test_statement_terminators() -> None:
    assert stmts("x = 1; y = 2;;\n\n;z = 3") == (
        Assign(n("x"), None, i(1), span=S),
        Assign(n("y"), None, i(2), span=S),
        Assign(n("z"), None, i(3), span=S),
    )
    assert stmts("if a { x = 1; y = 2 }") == (
        If(n("a"), (Assign(n("x"), None, i(1), span=S), Assign(n("y"), None, i(2), span=S)),
           None, span=S),
    )


def test_call_statements() -> None:
    first, second = stmts("barrier()\nsum<over ctx.lane, width 8>(x)")
    assert first == ExprStmt(call("barrier"), span=S)
    assert second == ExprStmt(
        call("sum", n("x"), angle=(("over", Ctx("lane", span=S)), ("width", i(8)))), span=S
    )


# ---------------------------------------------------------------- expressions


def test_literals_and_names() -> None:
    assert expr("true") == BoolLit(True, span=S)
    assert expr("false") == BoolLit(False, span=S)
    assert expr("0x10") == i(16)
    assert expr(".5") == f(0.5)
    assert expr("range") == n("range")


@pytest.mark.parametrize("field", ["thread", "threads", "lane", "warp", "warps", "block.x",
                                   "block.y", "block.z", "grid.x", "grid.y", "grid.z"])
def test_ctx_fields(field: str) -> None:
    node = expr(f"ctx.{field}")
    assert node == Ctx(field, span=S)
    assert node.span.text() == f"ctx.{field}"


def test_precedence_follows_the_grammar() -> None:
    assert expr("a || b && c == d | e ^ f & g << h + i * -j") == b(
        "||", n("a"), b("&&", n("b"), b("==", n("c"), b("|", n("d"), b(
            "^", n("e"), b("&", n("f"), b("<<", n("g"), b(
                "+", n("h"), b("*", n("i"), u("-", n("j")))))))))))


def test_binary_operators_associate_to_the_left() -> None:
    assert expr("a - b - c") == b("-", b("-", n("a"), n("b")), n("c"))
    assert expr("a / b * c % d") == b("%", b("*", b("/", n("a"), n("b")), n("c")), n("d"))
    assert expr("a - (b - c)") == b("-", n("a"), b("-", n("b"), n("c")))


def test_comparisons_between_looser_operators() -> None:
    assert expr("a < b && c >= d") == b("&&", b("<", n("a"), n("b")), b(">=", n("c"), n("d")))
    assert expr("(a < b) < c") == b("<", b("<", n("a"), n("b")), n("c"))


def test_unary_operators_nest() -> None:
    assert expr("-!~x") == u("-", u("!", u("~", n("x"))))
    assert expr("- -x") == u("-", u("-", n("x")))


def test_parentheses_widen_the_span() -> None:
    node = expr("(a + b) * c")
    assert isinstance(node, Binary)
    assert node.left.span.text() == "(a + b)"
    assert node.span.text() == "(a + b) * c"


def test_calls() -> None:
    node = expr("max(a, b,)")
    assert node == call("max", n("a"), n("b"))
    assert isinstance(node, Call) and node.func_span is not None
    assert node.func_span.text() == "max"
    assert expr("barrier()") == call("barrier")


def test_angle_arguments() -> None:
    assert expr("shfl<xor 16>(v)") == call("shfl", n("v"), angle=(("xor", i(16)),))
    assert expr("sum<axis 1>(t)") == call("sum", n("t"), angle=(("axis", i(1)),))
    assert expr("min<width W * 2>(x)") == call("min", n("x"),
                                               angle=(("width", b("*", n("W"), i(2))),))
    assert expr("max<width (a > b)>(x)") == call(
        "max", n("x"), angle=(("width", b(">", n("a"), n("b"))),)
    )


def test_angle_brackets_only_for_known_callees_and_keys() -> None:
    # `sum` with a word that isn't one of its keys, and `f`, which takes no angle.
    assert expr("sum < other") == b("<", n("sum"), n("other"))
    assert expr("f < over") == b("<", n("f"), n("over"))
    assert expr("shfl < axis") == b("<", n("shfl"), n("axis"))


def test_subscript_items() -> None:
    node = expr("A[i, s :+ n, s:e, s:, :e, :, -1]")
    assert node == sub(
        "A",
        idx(n("i")),
        SpanItem(n("s"), n("n"), span=S),
        RangeItem(n("s"), n("e"), span=S),
        RangeItem(n("s"), None, span=S),
        RangeItem(None, n("e"), span=S),
        RangeItem(None, None, span=S),
        idx(u("-", i(1))),
    )
    assert isinstance(node, Subscript)
    assert [item.span.text() for item in node.items] == [
        "i", "s :+ n", "s:e", "s:", ":e", ":", "-1"
    ]


def test_tight_span_and_range_spellings() -> None:
    assert expr("A[s:+n]") == sub("A", SpanItem(n("s"), n("n"), span=S))
    assert expr("A[s:-n]") == sub("A", RangeItem(n("s"), u("-", n("n")), span=S))


def test_newlines_inside_brackets_are_ignored() -> None:
    assert stmt("x = f(a,\n  b) + A[\n  i]") == Assign(
        n("x"), None, b("+", call("f", n("a"), n("b")), sub("A", idx(n("i")))), span=S
    )


def test_deep_but_allowed_nesting() -> None:
    # A fn's body is a level, and to the parser so is each pair of parentheses.
    deepest = MAX_NESTING - 1
    assert expr("(" * deepest + "1" + ")" * deepest) == i(1)
    node = stmt("if a {" * deepest + "}" * deepest)
    depth = 0
    while isinstance(node, If) and node.body:
        node, depth = node.body[0], depth + 1
    assert depth == deepest - 1


def test_a_chain_of_operators_nests_a_level_per_operator() -> None:
    # `a + a + a` is (a + a) + a: the first `a` lies a level below each `+`.
    at_the_limit = " + ".join(["a"] * MAX_NESTING)
    assert isinstance(expr(at_the_limit), Binary)
    err = error(f"fn f(a) = {at_the_limit} + a")
    assert err.message.startswith(
        f"nested too deeply: this code nests {MAX_NESTING + 1} levels deep, and the limit is {MAX_NESTING}"
    )
    assert (err.line, err.column) == (1, 11)


def test_an_else_if_chain_is_read_in_a_loop() -> None:
    # Each `else if` is an if inside the one before it, as the tree holds it.
    chain = "if c {}" + " else if c {}" * (MAX_NESTING - 2)
    node = stmt(chain)
    for _ in range(MAX_NESTING - 2):
        assert isinstance(node, If) and node.orelse is not None
        node = node.orelse[0]
    assert isinstance(node, If) and node.orelse is None
    err = error("kernel k(c: bool) {\n" + chain + " else if c {}" * 5000 + "\n}")
    assert f"nests {MAX_NESTING + 5000} levels deep" in err.message


def _nodes(node: Node) -> Iterator[Node]:
    yield node
    for fld in dataclasses.fields(node):
        value = getattr(node, fld.name)
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, Node):
                yield from _nodes(child)


def test_every_expression_span_covers_exactly_its_text() -> None:
    source = "-a[i :+ 2, 1:n, :] * (b + sum<over ctx.lane>(c, 2.5)) < max(x, ~y) && !A[0] || f()"
    checked = 0
    for node in _nodes(expr(source)):
        if isinstance(node, Expr):
            assert expr(node.span.text()) == node, node.span.text()
            checked += 1
    assert checked == 26


def test_every_node_of_the_seed_examples_has_an_ordered_span_inside_its_source() -> None:
    for name, source in SEED_EXAMPLES:
        lines = source.split("\n")
        for node in _nodes(parse(source, name)):
            span = node.span
            assert span.path == name
            assert (span.line, span.column) <= (span.end_line, span.end_column)
            assert 1 <= span.line <= span.end_line <= len(lines)
            assert 1 <= span.column <= len(lines[span.line - 1]) + 1


# ---------------------------------------------------------------- errors


def check(err: PhobosError, line: int, column: int, *words: str) -> None:
    assert (err.line, err.column) == (line, column), err.message
    for word in words:
        assert word in err.message, err.message


@pytest.mark.parametrize(
    ("body", "line", "column", "words"),
    [
        ("let x = a < b < c", 2, 15, ["don't chain", "&&"]),
        ("let x = a == b != c", 2, 16, ["don't chain", "&&"]),
        ("let x = a < b + 1 > c", 2, 19, ["don't chain"]),
        ("let x = +1", 2, 9, ["unary '+'"]),
        ("let x = A[s: +n]", 2, 14, ["unary '+'", ":+", "no space"]),
        ("let for = 1", 2, 5, ["'for'", "keyword"]),
        ("var x: f32 = true\nlet in = 2", 3, 5, ["'in'", "keyword"]),
        ("let x = a.b", 2, 10, ["'a'", "ctx"]),
        ("let x = f(a).b", 2, 13, ["only 'ctx'"]),
        ("let x = ctx.foo", 2, 13, ["'foo'", "thread", "block.x", "grid.z"]),
        ("let x = ctx.block", 2, 13, ["'block'", "block.x"]),
        ("let x = ctx.block.w", 2, 13, ["'block.w'"]),
        ("let x = ctx + 1", 2, 9, ["'ctx' needs a field", "lane"]),
        ("for i in range(N) {}", 2, 10, ["2 or 3 arguments", "range(0, n)"]),
        ("for i in range(0, 1, 2, 3) {}", 2, 10, ["2 or 3 arguments", "not 4"]),
        ("for i in range() {}", 2, 10, ["2 or 3 arguments", "not 0"]),
        ("for i in span(0, 1) {}", 2, 10, ["range(lo, hi[, step])", "'span'"]),
        ("for<roll 2> i in range(0, 1) {}", 2, 5, ["'unroll'"]),
        ("for i range(0, 1) {}", 2, 7, ["'in'"]),
        ("return 1", 2, 8, ["'return' takes no value"]),
        ("x", 2, 2, ["'='", "newline"]),
        ("x + 1", 2, 1, ["not a statement", "call"]),
        ("f(x) = 2", 2, 1, ["can't assign"]),
        ("ctx.lane = 2", 2, 1, ["can't assign"]),
        ("let x = 1 let y = 2", 2, 11, ["newline or ';'", "'let'"]),
        ("let x = A[]", 2, 11, ["empty subscript"]),
        ("let x = A[:+n]", 2, 11, ["needs a start"]),
        ("let x = A[i][j]", 2, 13, ["A[i, j]"]),
        ("let x = f(x)[1]", 2, 13, ["only a name can be subscripted"]),
        ("let x = (f)(1)", 2, 12, ["only a name can be called"]),
        ("let x = sum<over 1, bar 2>(x)", 2, 21, ["'bar'", "over, width, axis"]),
        ("let x = shfl<xor 1 2>(x)", 2, 20, ["',' or '>'"]),
        ("let x = sum<over 1>", 2, 20, ["'('"]),
        ("var t: tensor<f32>[a + 1]", 2, 22, ["']'"]),
        ("var t: tensor<f32>[1.5]", 2, 20, ["tensor dimension", "number or a name"]),
        ("var t: tile<q8>[1]", 2, 13, ["element type", "'q8'"]),
        ("var t: foo", 2, 8, ["expected a type", "tensor<T>"]),
        ("var t: tile f32", 2, 13, ["'<'"]),
        ("let x", 2, 6, ["initializer"]),
        ("else { }", 2, 1, ["'else'", "same line"]),
        ("let x = 1 +", 2, 12, ["expected an expression", "newline"]),
        ("while x\n{}", 2, 8, ["'{' on the same line"]),
        ("x = A[1 :+ ]", 2, 12, ["expected an expression"]),
        ("@launch(1)", 2, 1, ["expected a statement", "'@'"]),
        ("fn g(x) = x", 2, 1, ["expected a statement", "'fn'"]),
        ("x = 1 else {}", 2, 7, ["newline or ';'"]),
    ],
)
def test_statement_errors(body: str, line: int, column: int, words: list[str]) -> None:
    check(stmt_error(body), line, column, *words)


def test_else_starting_a_line_is_an_error() -> None:
    err = stmt_error("if a {\n  f()\n}\nelse {\n  g()\n}")
    check(err, 5, 1, "'else'", "same line", "'}'")


@pytest.mark.parametrize(
    ("source", "line", "column", "words"),
    [
        ("@launch(1) fn f(x) = x", 1, 12, ["only to kernels"]),
        ("@foo kernel k() {}", 1, 2, ["'foo'", "@launch", "@pipeline"]),
        ("@launch(x y) kernel k() {}", 1, 11, ["')'"]),
        ("@launch(for) kernel k() {}", 1, 9, ["keyword"]),
        ("@autotune(T in []) kernel k() {}", 1, 17, ["integer"]),
        ("@autotune(T in [1, -2]) kernel k() {}", 1, 20, ["integer"]),
        ("@autotune(T [1]) kernel k() {}", 1, 13, ["'in"]),
        ("@pipeline(2.5) kernel k() {}", 1, 11, ["'off' or a stage count", "'2.5'"]),
        ("@aligned(M = 1.5) kernel k() {}", 1, 14, ["a number or a name"]),
        ("@aligned(M 4) kernel k() {}", 1, 12, ["'='"]),
        ("@tensorcore\n\nfn f(x) = x", 3, 1, ["only to kernels"]),
        ("fn f(x) = x y", 1, 13, ["newline after the fn"]),
        ("fn f(x)\n", 1, 8, ["'='", "'{'"]),
        ("kernel k() {} kernel j() {}", 1, 15, ["newline after the kernel"]),
        ("let x = 1", 1, 1, ["'kernel'", "'fn'"]),
        ("fn f(1) = 1", 1, 6, ["parameter name"]),
        ("kernel k(a f32) {}", 1, 12, ["':'"]),
        ("kernel k(a: f32 b: f32) {}", 1, 17, ["',' or ')'"]),
        ("fn kernel(x) = x", 1, 4, ["'kernel'", "keyword"]),
        ("kernel k() {\n  let x = 1\n", 1, 12, ["'{' is never closed"]),
        ("kernel k()\n{\n}", 1, 11, ["'{' on the same line"]),
        ("fn f(x) = x < y < z", 1, 17, ["don't chain"]),
    ],
)
def test_top_level_errors(source: str, line: int, column: int, words: list[str]) -> None:
    check(error(source), line, column, *words)


def test_error_span_covers_the_offending_tokens() -> None:
    err = stmt_error("for i in range(1, 2, 3, 4) {}")
    assert err.span is not None and err.span.text() == "range(1, 2, 3, 4)"
    err = stmt_error("let x = ctx.grid.w")
    assert err.span is not None and err.span.text() == "grid.w"


def test_error_message_quotes_the_line_and_path() -> None:
    with pytest.raises(PhobosError) as info:
        parse("fn f(x) = x < y < z\n", "kernels/demo.phb")
    text = str(info.value)
    assert text.startswith("kernels/demo.phb:1:17: error: comparisons don't chain")
    assert "fn f(x) = x < y < z" in text


@pytest.mark.parametrize(
    "source",
    [
        "fn f() = " + "(" * 200 + "1" + ")" * 200,
        "fn f() = " + "-" * 5000 + "1",
        "fn f() = " + " + ".join(["a"] * 5000),
        "fn f() = " + "g(" * 200 + "1" + ")" * 200,
        "fn f() = " + "A[" * 200 + "1" + "]" * 200,
        "fn f() = " + "sum<axis " * 200 + "1" + ">(x)" * 200,
        "kernel k() {\n" + "if a {" * 200 + "}" * 200 + "\n}",
        "kernel k() {\nif a {} " + "else if a {} " * 500 + "\n}",
        "kernel k() {\nvar x = 1\n" + "x = " + "--" * 300 + "x\n}",
    ],
)
def test_nesting_too_deep_is_a_phobos_error(source: str) -> None:
    err = error(source)
    assert err.message.startswith("nested too deeply") and f"the limit is {MAX_NESTING}" in err.message
    assert err.line is not None and err.column is not None


def test_a_caller_deep_in_its_own_stack_still_gets_a_phobos_error() -> None:
    source = "fn f() = " + "(" * 140 + "1" + ")" * 140

    def nest(levels: int) -> PhobosError:
        return nest(levels - 1) if levels else error(source)

    err = nest(sys.getrecursionlimit() - 250)
    assert "nested too deeply" in err.message


# ---------------------------------------------------------------- fuzzing

_PIECES = [
    "(", ")", "[", "]", "{", "}", ":", ":+", "+", "-", "<", ">", ",", "\n", ";", "else",
    "if", "for", "<unroll 2>", "ctx", ".", "sum", "<over ", "1", "1.5", "x", "=", "+=", "@",
    "@launch", "kernel", "fn", "range", " ", "//", "0x", "1e", "_", "tile<f32>",
    "tensor<f32>[M]", "let", "var", "!", "~", "&&", "<<=", "\t", "\r", "$", "é", "0b2",
]


def _mutate(text: str, rng: random.Random) -> str:
    for _ in range(rng.randint(1, 6)):
        start = rng.randrange(len(text) + 1)
        stop = min(len(text), start + rng.randint(0, 8))
        roll = rng.random()
        if roll < 0.3:
            text = text[:start] + text[stop:]
        elif roll < 0.7:
            text = text[:start] + rng.choice(_PIECES) + text[start:]
        elif roll < 0.85:
            text = text[:start] + text[start:stop] * rng.randint(1, 3) + text[stop:]
        else:
            other = rng.randrange(len(text) + 1)
            text = text[:start] + text[other : other + 10] + text[start:]
    return text


def _parses_or_reports(text: str) -> None:
    """Only a located PhobosError may escape the parser."""
    try:
        parse(text)
    except PhobosError as err:
        assert err.line is not None and err.column is not None
        assert err.line >= 1 and err.column >= 1
        str(err)


_FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_FUZZ
@given(st.sampled_from([source for _, source in SEED_EXAMPLES]), st.randoms())
def test_fuzz_mutated_seed_programs(source: str, rng: random.Random) -> None:
    _parses_or_reports(_mutate(source, rng))


@_FUZZ
@given(st.lists(st.sampled_from(_PIECES), max_size=60).map("".join))
def test_fuzz_token_soup(text: str) -> None:
    _parses_or_reports(text)


@_FUZZ
@given(st.text(max_size=80))
def test_fuzz_random_text(text: str) -> None:
    _parses_or_reports(text)


@pytest.mark.parametrize(("call", "message"), [
    ("exp<axis 0>(1.0)", "`exp` takes no angle-bracket arguments, not `axis`"),
    ("f<axis 0>(1.0)", "`f` takes no angle-bracket arguments, not `axis`"),
    ("sum<precision tf32>(X[0 :+ 4])", "`sum` takes only over, width, axis, not `precision`"),
])
def test_angle_arguments_a_call_does_not_take_are_named(call: str, message: str):
    """Not read as a comparison that then fails at the value ("expected a newline ...")."""
    with pytest.raises(PhobosError, match=re.escape(message)) as info:
        phobos.compile(f"fn f(x) = x\nkernel k(X: tensor<f32>[N]) {{\n  X[0] = {call}\n}}\n")
    assert (info.value.line, info.value.column) == (3, 11 + call.index("<"))  # at the key
