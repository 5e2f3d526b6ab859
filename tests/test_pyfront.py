"""The Python front end: each spelling gives the tree the native parser gives for the
same program, and each refused construct is reported at its line and column in the
.py file. The kernels are ordinary modules under tests/pykernels."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import linecache
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pykernels import (
    division_updates,
    halves,
    import_dotted,
    import_from,
    import_names,
    nested,
    refusals,
    row_means,
    spellings,
)

import phobos.lang as ph
from phobos.ast import nodes as A
from phobos.ast.printer import print_program
from phobos.errors import PhobosError
from phobos.names import BUILTIN_FUNCTIONS, CONSTANTS, CONVERSIONS, SCALAR_TYPES
from phobos.pyfront import PhobosFn, program_for, program_for_module, translate_fn, translate_kernel
from phobos.pyfront import markers as M
from phobos.syntax import parse

# ---------------------------------------------------------------- helpers


def native(text: str) -> dict[str, A.Kernel | A.Fn]:
    return {item.name: item for item in parse(text, "native.phobos").items}


def nodes_in(node: object) -> Iterator[A.Node]:
    """Every node of a tree, parents first."""
    if isinstance(node, A.Node):
        yield node
        for f in dataclasses.fields(node):
            if f.compare:
                yield from nodes_in(getattr(node, f.name))
    elif isinstance(node, tuple):
        for part in node:
            yield from nodes_in(part)


def line_of(module: ModuleType, needle: str) -> int:
    """The 1-based line of the first line of `module` that contains `needle`."""
    lines = inspect.getsource(module).splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


# ---------------------------------------------------------------- the seed's examples

ROW_MEANS = """
fn scaled(x, s) = x * s

@autotune(ROWS in [4, 16], COLS in [64])
@aligned(M = ROWS, N = COLS)
kernel row_means(X: tensor<f32>[M, N], OUT: tensor<f32>[M, 1]) {
  let r = ctx.block.x * ROWS
  var total: tile<f32>[ROWS, 1] = 0.0
  for c in range(0, N, COLS) {
    var a = X[r :+ ROWS, c :+ COLS]
    total += rowsum(a)
  }
  OUT[r :+ ROWS, 0 :+ 1] = scaled(total, 1.0 / f32(N))
}
"""


def test_seed_module_spells_the_native_program():
    program = program_for_module(row_means)
    assert program.items == parse(ROW_MEANS).items
    assert ph.phobos_source(row_means) == print_program(parse(ROW_MEANS))
    assert row_means.row_means.phobos_source == ph.phobos_source(row_means)
    for not_a_module in ("row_means", Path("row_means.py"), None):
        with pytest.raises(PhobosError, match="phobos_source takes a Python module, as `import` gives it, not"):
            ph.phobos_source(not_a_module)  # type: ignore[arg-type]


def test_seed_module_spans_are_the_py_file_lines():
    kernel = row_means.row_means.ast
    path = row_means.__file__
    assert kernel.span.path == path
    assert (kernel.name_span.line, kernel.name_span.column) == (14, 5)
    loop = kernel.body[2]
    assert isinstance(loop, A.For)
    update = loop.body[1]
    assert (update.span.line, update.span.column, update.span.text()) == (
        19, 9, "total += ph.rowsum(a)"
    )
    call = update.value
    assert isinstance(call, A.Call) and call.func_span is not None
    assert call.func_span.text() == "ph.rowsum"
    assert loop.var_span is not None and loop.var_span.text() == "c"


def test_seed_halves_keeps_python_division_for_the_checker():
    kernel = halves.halves.ast
    divisions = [n for n in nodes_in(kernel) if isinstance(n, A.Binary) and n.op == "/"]
    assert [d.python_op for d in divisions] == ["/"]
    with pytest.raises(PhobosError) as info:
        halves.halves.variants  # noqa: B018  (checking the kernel is what refuses it)
    err = info.value
    assert (err.path, err.line) == (halves.__file__, 10)
    assert "`/` of two integers" in err.message


# ---------------------------------------------------------------- every spelling

SPELLINGS = """
fn silu(x) = x / (1.0 + exp(-x))

fn scale_in_place(t, s) {
  t = t * s * W
  t += C
}

@launch(256)
@autotune(TILE in [32, 256], T in [256, 128])
@aligned(M = TILE, N = 16)
@tensorcore
@pipeline(off)
kernel attributes(A: tensor<f32>[M, K], B: tensor<i8>[N, 4096], G: tensor<bf16>[N],
                  alpha: f32, n: i32, flag: bool) {
  return
}

@launch(T)
@autotune(T in [128], R in [16], C in [32])
kernel declarations(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * R
  let s: i32 = 2
  var acc: tile<f32>[R, C] = 0.0
  var a = X[r :+ R, 0 :+ C]
  var t: tile<f32>[R, C]
  var v: f32 = 0.0
  var w: tile<f16>[2 * R, C] = 1.5
  t = a
  acc = acc + t * f32(s)
  v = v + 1.0
  Y[r :+ R, 0 :+ C] = acc
}

kernel slices(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], i: i32, j: i32) {
  let a = X[i :+ 4, j :+ 8]
  let b = X[i : i + 4, :]
  let c = X[i:, :j]
  let d = X[i :+ 4, j : j + 8]
  Y[i, j] = X[j, i]
  Y[i :+ 4, :] = X[0 :+ 4, :]
}

@autotune(U in [2])
kernel loops(X: tensor<f32>[N], n: i32) {
  var total: f32 = 0.0
  for i in range(0, n) { total += X[i] }
  for i in range(1, n) {
    if i > 4 { break } else if i == 2 { continue } else { total -= 1.0 }
  }
  for i in range(0, n, 2) { }
  for<unroll 4> i in range(0, N) { total *= 2.0 }
  for<unroll U> i in range(0, N, 4) { total /= 2.0 }
  var k = 0
  while k < n {
    k += 1
    if k == 3 { return }
  }
  if total > 0.0 { X[0] = total } else { }
}

kernel operators(X: tensor<i32>[N], a: i32, b: i32, x: f32) {
  var i = a + b - a * b % 3
  i = (a & b) | (a ^ b) << 2 >> 1
  i = -a + ~b
  var f = x / 2.0
  let q = a / b
  let c = a < b && b < 10
  let d = !(a == b) && a != b || a <= b && a >= b && x > 1.0
  i += 1; i -= 1; i *= 2; i /= 2; i %= 5; i &= 7; i |= 8; i ^= 1; i <<= 2; i >>= 1
  f /= 3.0
  X[i] += 1
  let e = true || false
  let g = inf
  let h = -nan
  let big = 0xff + 1_000 + 0b101 + 1e-5
}

@launch(64)
kernel collectives(X: tensor<f32>[64], T: tensor<f32>[8, 8]) {
  let v = X[ctx.thread]
  let s = sum<over ctx.lane, width 8>(v)
  let m = max<over ctx.lane>(v)
  let u = shfl<xor 16>(v)
  let w = shfl<idx 0, width 8>(v)
  var t = T[:, :]
  let r = sum<axis 1>(t)
  barrier()
  atomic_add(X, 0, s + m + u + w)
  let e = where(v > 0.0, exp(v), min(v, 0.0))
  let f = dot(t, transpose(t))
  let g = softmax(t)
  let x = ctx.block.y + ctx.grid.z + ctx.warp + ctx.warps + ctx.threads
}

kernel fn_calls(X: tensor<f32>[N]) {
  let W = 2.0
  let C = 1.0
  var acc = X[0 :+ 4]
  acc = silu(acc)
  scale_in_place(acc, 0.5)
  X[0 :+ 4] = later(acc)
}

fn later(x) = x + 1.0
"""

IMPORT_NAMES = """
fn twice(x) = x + x

@autotune(TILE in [64])
kernel import_names(X: tensor<f32>[N], Y: tensor<f32>[N], n: i32) {
  let base = ctx.block.x * TILE
  var x = X[base :+ TILE]
  var t: tile<f32>[TILE] = exp(x)
  for<unroll 2> i in range(0, n) { t = twice(t) }
  let s = sum<over ctx.lane>(X[ctx.thread])
  Y[base :+ TILE] = t + s - inf
}
"""

IMPORT_DOTTED = """
@launch(32)
kernel import_dotted(X: tensor<f32>[N]) {
  let i = ctx.thread
  X[i] = exp(X[i])
}
"""

IMPORT_FROM = """
kernel import_from(X: tensor<f32>[N]) {
  let i = ctx.thread
  X[i] = scaled(X[i], 2.0)
}
"""

NESTED = """
kernel nested(X: tensor<f32>[N]) {
  let i = ctx.thread
  X[i] = f32(i) + 1.0
}

kernel in_class(X: tensor<f32>[N]) { X[0] = 1.0 }
"""

CASES = [
    (spellings, SPELLINGS, name)
    for name in (
        "silu", "scale_in_place", "attributes", "declarations", "slices", "loops",
        "operators", "collectives", "fn_calls", "later",
    )
] + [
    (import_names, IMPORT_NAMES, "twice"),
    (import_names, IMPORT_NAMES, "import_names"),
    (import_dotted, IMPORT_DOTTED, "import_dotted"),
    (import_from, IMPORT_FROM, "import_from"),
]


@pytest.mark.parametrize(
    ("module", "text", "name"), CASES, ids=[f"{m.__name__}.{n}" for m, _, n in CASES]
)
def test_spelling_gives_the_native_tree(module: ModuleType, text: str, name: str):
    assert getattr(module, name).ast == native(text)[name]


def test_indented_defs_translate_with_file_columns():
    kernel = nested.make_kernel().ast
    in_class = nested.Holder.in_class.ast
    assert native(NESTED) == {"nested": kernel, "in_class": in_class}
    store = kernel.body[1]
    line = line_of(nested, "X[i] = (ph.f32(i)")
    assert (store.span.line, store.span.column, store.span.end_line) == (line, 9, line + 1)
    assert (in_class.name_span.line, in_class.name_span.column) == (
        line_of(nested, "def in_class"), 9
    )


@pytest.mark.parametrize("module", [spellings, import_names, import_dotted, import_from, nested])
def test_printed_program_parses_back_to_the_same_tree(module: ModuleType):
    program = program_for_module(module)
    assert parse(print_program(program)).items == program.items


def test_python_division_is_recorded_on_every_division():
    def divisions(node: A.Node) -> list[str | None]:
        return [n.python_op for n in nodes_in(node) if isinstance(n, A.Binary | A.Assign) and n.op == "/"]

    # x / 2.0, a // b, i //= 2, f /= 3.0
    assert divisions(spellings.operators.ast) == ["/", "//", "//", "/"]
    assert divisions(spellings.loops.ast) == ["/"]


def test_declaration_without_a_value_is_an_uninitialized_var():
    body = spellings.declarations.ast.body
    t = next(s for s in body if isinstance(s, A.Var) and s.name == "t")
    assert t.value is None and isinstance(t.type, A.TileType)
    assert t.name_span is not None and t.name_span.text() == "t"


# ---------------------------------------------------------------- programs


def test_program_holds_every_visible_fn_then_the_kernel():
    names = [item.name for item in spellings.fn_calls.program.items]
    # `later` is defined under the kernel: the program is gathered on first use.
    assert names == ["silu", "scale_in_place", "later", "fn_calls"]


def test_program_finds_fns_imported_from_other_modules():
    program = program_for(import_from.import_from.python_function, import_from.import_from.ast)
    assert [item.name for item in program.items] == ["scaled", "import_from"]
    assert program.items[0] is row_means.scaled.ast
    assert program.items[0].span.path == row_means.__file__


def test_module_program_lists_fns_then_kernels_in_source_order():
    names = [item.name for item in program_for_module(spellings).items]
    assert names == [
        "silu", "scale_in_place", "later", "attributes", "declarations", "slices", "loops",
        "operators", "collectives", "fn_calls",
    ]


def test_two_fns_with_one_name_are_refused():
    clash = importlib.import_module("pykernels.clash")
    with pytest.raises(PhobosError) as info:
        program_for(clash.clash.python_function, translate_kernel(clash.clash.python_function))
    err = info.value
    assert "two fns are named `scaled`" in err.message
    both = {f"{clash.__file__}:{line_of(clash, 'def scaled')}", f"{row_means.__file__}:7"}
    assert {f"{err.path}:{err.line}", err.notes[0].split(" at ")[1].rsplit(":", 1)[0]} == both


def test_kernel_passes_options_and_a_lazy_program(monkeypatch: pytest.MonkeyPatch):
    seen: dict[str, Any] = {}

    def python_kernel(
        pyfunc: Callable[..., Any], kernel_ast: A.Kernel, program: Callable[[], A.Program],
        options: dict[str, Any],
    ) -> str:
        seen.update(pyfunc=pyfunc, ast=kernel_ast, program=program, options=options)
        return "made"

    monkeypatch.setattr(ph, "python_kernel", python_kernel)
    raw = spellings.fn_calls.python_function
    assert ph.kernel(interpret=True)(raw) == "made"
    assert seen["options"] == {"interpret": True} and seen["pyfunc"] is raw
    assert seen["ast"] == spellings.fn_calls.ast
    assert seen["program"]().items[-1] is seen["ast"]
    assert ph.kernel(raw) == "made" and seen["options"] == {}


# ---------------------------------------------------------------- the markers


def test_lang_exports_every_builtin_type_and_constant():
    for name in SCALAR_TYPES:
        assert isinstance(getattr(ph, name), M.ScalarMarker), name
    for name in BUILTIN_FUNCTIONS:
        expected = M.ScalarMarker if name in CONVERSIONS else M.BuiltinMarker
        assert isinstance(getattr(ph, name), expected), name
    for name in CONSTANTS:
        assert isinstance(getattr(ph, name), M.ConstantMarker), name
    for name in ("autotune", "launch", "aligned", "tensorcore", "pipeline"):
        assert isinstance(getattr(ph, name), M.AttributeMarker), name
    assert set(ph.__all__) <= set(dir(ph))


def test_builtins_refuse_to_run_in_python():
    with pytest.raises(PhobosError, match=r"ph\.exp can only be used inside a @ph\.kernel") as info:
        ph.exp(1.0)
    # Shown where the host code calls it.
    assert (info.value.path, info.value.span.text()) == (__file__, "ph.exp(1.0)")
    with pytest.raises(PhobosError, match=r"ph\.f32 can only be used"):
        ph.f32(1)
    with pytest.raises(PhobosError, match="fn scaled can only be called inside"):
        row_means.scaled(1.0, 2.0)


@pytest.mark.parametrize("field", ["thread", "lane", "block", "grid", "threads"])
def test_the_context_read_by_python_says_it_exists_only_in_a_kernel(field: str):
    with pytest.raises(PhobosError) as info:
        getattr(ph.ctx, field)
    assert info.value.message.startswith(f"ph.ctx.{field} exists only inside a @ph.kernel or @ph.fn")
    assert (info.value.path, info.value.span.text()) == (__file__, "getattr(ph.ctx, field)")
    assert isinstance(info.value, AttributeError)  # so hasattr and getattr's default work
    assert not hasattr(ph.ctx, field) and getattr(ph.ctx, field, None) is None


def test_an_unknown_context_field_read_by_python_names_the_fields():
    with pytest.raises(PhobosError, match="ph.ctx has no field `thred`; its fields are block, grid, lane"):
        ph.ctx.thred  # noqa: B018


def test_a_module_with_a_byte_that_is_not_utf8_is_refused_at_the_byte(tmp_path, monkeypatch):
    # Python imports a module whose bad byte is in a comment; its source cannot be read.
    source = (
        b"from __future__ import annotations\n\nimport phobos.lang as ph\n\n\n@ph.kernel\n"
        b"def k(Y: ph.tensor[ph.f32][4]):\n    Y[0] = 1.0  # caf\xe9\n"
    )
    (tmp_path / "latin1_comment.py").write_bytes(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PhobosError) as info:
        importlib.import_module("latin1_comment")
    err = info.value
    assert err.message == "the source is not UTF-8 text: 0xe9 here is no UTF-8 character"
    assert (err.path, err.line, err.column) == (str(tmp_path / "latin1_comment.py"), 8, 22)


@pytest.mark.parametrize("decorator", ["ph.kernel", "ph.fn"])
def test_a_lambda_on_the_line_of_a_def_is_refused_as_no_def(tmp_path, monkeypatch, decorator):
    """A lambda's source lines are its statement's: here a one-line def, which is not the
    function given and must not be translated in its place."""
    name = f"one_line_{decorator.replace('.', '_')}"
    (tmp_path / f"{name}.py").write_text(
        f"import phobos.lang as ph\n\ndef make(): return {decorator}(lambda x: x * 2.0)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module(name)
    with pytest.raises(PhobosError, match=r"`make.<locals>.<lambda>` is not a def"):
        module.make()


def test_a_module_with_a_byte_order_mark_keeps_its_columns(tmp_path, monkeypatch):
    source = "\ufefffrom __future__ import annotations\nimport phobos.lang as ph\n\n\n@ph.kernel\n"
    source += "def k(Y: ph.tensor[ph.f32][4]):\n    Y[0] = 1.0 ** 2\n"
    (tmp_path / "with_bom.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PhobosError) as info:
        importlib.import_module("with_bom")
    assert (info.value.line, info.value.column) == (7, 16)


def test_markers_stand_evaluation_and_attributes_return_the_def():
    def f() -> None:
        pass

    assert ph.tensor[ph.f32] is ph.tensor and ph.let[ph.f32] is ph.let
    assert ph.tensorcore(f) is f
    assert ph.launch(256)(f) is f
    assert ph.autotune(TILE=[32])(f) is f
    assert ph.autotune(f) is f
    assert isinstance(row_means.scaled, PhobosFn) and row_means.scaled.name == "scaled"


def test_fn_uses_must_list_names():
    with pytest.raises(PhobosError, match=r'uses= lists names as strings, as in uses=\("W",\), not 5') as info:
        ph.fn(uses=5)  # type: ignore[arg-type]
    assert info.value.path == __file__


def test_decorator_arguments_beyond_the_def_and_its_keywords_are_refused():
    # The fuzz: `@ph.fn(j=1)` left Python's TypeError from inside Phobos.
    with pytest.raises(PhobosError, match="@ph.fn takes no `j=`; its one keyword is uses=") as info:
        ph.fn(j=1)
    assert info.value.path == __file__
    with pytest.raises(PhobosError, match="@ph.kernel takes the def alone, and keywords; not 2 arguments"):
        ph.kernel(row_means.row_means, 2)


def test_host_misuse_in_a_module_that_is_not_utf8_is_still_shown_at_its_line(tmp_path, monkeypatch):
    # The fuzz: linecache gives up on such a file, so the error had no place.
    source = b"import phobos.lang as ph\n# caf\xe9\n\n@ph.tensor\ndef f():\n    pass\n"
    (tmp_path / "not_utf8_host.py").write_bytes(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PhobosError, match="ph.tensor can only be used inside") as info:
        importlib.import_module("not_utf8_host")
    assert (info.value.path, info.value.line) == (str(tmp_path / "not_utf8_host.py"), 4)


def test_fn_uses_is_passed_on_and_checked():
    made = ph.fn(uses="W")(refusals.fn_reads_caller)
    assert made.uses == ("W",)
    assert made.ast == native("fn fn_reads_caller(x) = x * W")["fn_reads_caller"]
    with pytest.raises(PhobosError) as info:
        translate_fn(refusals.fn_reads_caller, ("W", 3))  # type: ignore[arg-type]
    assert "uses= lists names as strings" in info.value.message
    assert info.value.line == line_of(refusals, "def fn_reads_caller")


# ---------------------------------------------------------------- refusals

# name in refusals.py: (what to translate it as, a fragment of the message, the text
# the error's column points at on the line marked `# refused`)
REFUSALS: dict[str, tuple[str, str, str]] = {
    "power": ("kernel", "`**` has no Phobos counterpart", "**"),
    "matmul": ("kernel", "`@` has no Phobos counterpart; write ph.dot", "@"),
    "list_comprehension": ("kernel", "a list comprehension", "[i for"),
    "set_comprehension": ("kernel", "a set comprehension", "{i for"),
    "dict_comprehension": ("kernel", "a dict comprehension", "{i: i"),
    "generator": ("kernel", "a generator expression", "(i for"),
    "lambda_": ("kernel", "a lambda", "lambda"),
    "with_": ("kernel", "`with`", "with"),
    "try_": ("kernel", "`try`", "try"),
    "string": ("kernel", "a string", '"one"'),
    "fstring": ("kernel", "an f-string", 'f"'),
    "bytes_": ("kernel", "bytes", 'b"1"'),
    "none": ("kernel", "`None`", "None"),
    "default_argument": ("kernel", "a default argument value", "4):"),
    "star_args": ("kernel", "`*rest`", "rest"),
    "star_star_kwargs": ("kernel", "`**options`", "options"),
    "keyword_only": ("kernel", "a keyword-only parameter", "n: ph.i32"),
    "positional_only": ("kernel", "a positional-only parameter", "X:"),
    "tuple_": ("kernel", "a tuple", "(1, 2)"),
    "list_": ("kernel", "a list", "[1, 2]"),
    "dict_": ("kernel", "a dict", "{1: 2}"),
    "set_": ("kernel", "a set", "{1, 2}"),
    "starred": ("kernel", "`*` unpacking", "*X"),
    "is_": ("kernel", "`is` has no Phobos counterpart; compare with ==", "is"),
    "is_not": ("kernel", "`is not`", "is not"),
    "in_": ("kernel", "`in` has no Phobos counterpart", "in X"),
    "not_in": ("kernel", "`not in`", "not in"),
    "conditional": ("kernel", "write ph.where(c, a, b)", "1.0 if"),
    "walrus": ("kernel", "`:=`", "m :="),
    "global_": ("kernel", "`global`", "global"),
    "del_": ("kernel", "`del`", "del"),
    "assert_": ("kernel", "an assert's message is a string", "n  # refused"),
    "import_": ("kernel", "`import`", "import"),
    "class_": ("kernel", "a class definition", "class"),
    "nested_def": ("kernel", "a nested def has no Phobos counterpart; write a @ph.fn", "def inner"),
    "async_": ("kernel", "`async def`", "async def"),
    "yield_": ("kernel", "`yield`", "yield"),
    "raise_": ("kernel", "`raise`", "raise"),
    "print_": ("kernel", "a kernel's print takes no keywords", 'end=""'),
    "print_fstring": ("kernel", "an f-string is not a Phobos value", 'f"n'),
    "chained_assignment": ("kernel", "chained assignment", "b = 1"),
    "tuple_assignment": ("kernel", "assign one name per statement", "a, b ="),
    "attribute": ("kernel", "attribute access `X.shape`", "X.shape"),
    "other_module": ("kernel", "`math.exp` is neither a Phobos built-in nor a @ph.fn", "math"),
    "imported_function": ("kernel", "`exp`, Python's `math.exp`, is neither a Phobos built-in nor a @ph.fn; "
                          "Phobos's own is written ph.exp(...)", "exp"),
    "python_min": ("kernel", "`min` is Python's built-in, not a Phobos function; write ph.min",
                   "min"),
    "python_abs": ("kernel", "write ph.abs", "abs"),
    "python_float": ("kernel", "convert with ph.f32(x)", "float"),
    "return_value": ("kernel", "a kernel returns no value", "1  #"),
    "fn_mixed_body": ("fn", "an expression fn is one `return e`", "return y"),
    "fn_returns": ("fn", "a statement fn may not return", "return"),
    "fn_reads_caller": ("fn", "`W` is read by fn fn_reads_caller but not listed in uses=(...)",
                        "W"),
    "fn_typed": ("fn", "a fn's parameters have no types", "ph.f32"),
    "no_annotation": ("kernel", "kernel parameter `X` needs a type", "X)"),
    "python_type": ("kernel", "`int` is not a Phobos type", "int"),
    "tile_parameter": ("kernel", "a tile is not a kernel parameter", "ph.tile"),
    "undeclared": ("kernel", "assignment to undeclared name `total`; declare it with "
                   "`total: ph.var = ...`", "total"),
    "out_of_scope": ("kernel", "assignment to undeclared name `y`", "y = 2"),
    "dimension_assigned": ("kernel", "`N` is a dimension", "N = 4"),
    "let_without_value": ("kernel", "a let needs a value", "x: ph.let"),
    "other_annotation": ("kernel", "`ph.f32` declares nothing", "ph.f32"),
    "slice_step": ("kernel", "a slice step", "2]"),
    "for_else": ("kernel", "a `for` loop's `else`", "else"),
    "while_else": ("kernel", "a `while` loop's `else`", "else"),
    "unary_plus": ("kernel", "unary `+`", "+n"),
    "parenthesized_plus": ("kernel", "unary `+`", "+4"),
    "span_without_start": ("kernel", "a span needs its start", ":+4"),
    "bad_keyword": ("kernel", "`foo=` is not a keyword of ph.sum; its keywords are over=",
                    "foo=1"),
    "keyword_on_exp": ("kernel", "ph.exp; it takes no keywords", "over="),
    "precision_not_a_string": ("kernel", '`precision=` takes a string, "ieee" or "tf32"', "tf32"),
    "precision_unknown": ("kernel", '`precision=` takes a string, "ieee" or "tf32"', '"fp8"'),
    "bad_ctx_field": ("kernel", "`ph.ctx.block.w` is not a field of ph.ctx", "ph.ctx.block.w"),
    "ctx_alone": ("kernel", "`ph.ctx` alone is not a value", "ph.ctx"),
    "missing_builtin": ("kernel", "phobos.lang has no `nothing`", "ph.nothing"),
    "triton_name": ("kernel", "phobos.lang has no `program_id`; the block index is `ph.ctx.block.x` (`.y`, `.z`)",
                    "ph.program_id"),
    "keyword_name": ("kernel", "`true` is a Phobos keyword", "true"),
    "non_ascii_name": ("kernel", "`é` is not a Phobos name", "é"),
    "unicode_column": ("kernel", "`**`", "**"),
    "foreign_decorator": ("kernel", "`@functools.cache` is not a Phobos attribute",
                          "functools"),
    "launch_name": ("kernel", 'a name in an attribute is written as a string: "THREADS"',
                    "THREADS"),
    "launch_two": ("kernel", "@ph.launch takes one argument", "ph.launch"),
    "autotune_tuple": ("kernel", "an autotune name takes a list of integers", "(32, 64)"),
    "autotune_bare": ("kernel", "@ph.autotune needs its arguments", "ph.autotune"),
    "tensorcore_called": ("kernel", "@ph.tensorcore takes no arguments", "ph.tensorcore"),
    "fn_as_kernel": ("kernel", "a def decorated with @ph.fn is not a kernel", "ph.fn"),
    "bool_conversion": ("kernel", "`ph.bool` has no conversion", "ph.bool"),
    "call_local": ("kernel", "`n` is a value, not a function", "n(1)"),
    "double_index": ("kernel", "index a name once", "X[0][1]"),
    "python_global": ("kernel", "`THREADS` is a Python global", "THREADS"),
    "return_type": ("kernel", "no return type", "int"),
    "unused_value": ("kernel", "must be a call", "n + 1"),
    "for_over_tensor": ("kernel", "a for loop runs over range(...)", "X:"),
    "for_two_names": ("kernel", "a for loop binds one name", "i, j"),
    "range_four": ("kernel", "range takes one to three arguments", "range"),
    "unroll_alone": ("kernel", "ph.unroll takes a count and a range", "ph.unroll"),
    "power_update": ("kernel", "`**=`", "**="),
    "matmul_update": ("kernel", "`@=`", "@="),
    "tile_as_value": ("kernel", "`ph.tile` is a type", "ph.tile"),
    "fn_as_value": ("kernel", "fn `helper` is not a value; call it", "helper"),
    "fn_keyword": ("kernel", "fn `helper` takes its arguments by position", "x=1.0"),
    "module_as_value": ("kernel", "module `ph` is not a value", "ph  #"),
    "huge_float": ("kernel", "too large", "1e999"),
}

FACTORIES = {"nonlocal_": refusals.make_nonlocal, "indented": refusals.make_indented}
REFUSALS["nonlocal_"] = ("kernel", "`nonlocal`", "nonlocal")
REFUSALS["indented"] = ("kernel", "write ph.where", "X[1] if")


def refused_def(name: str) -> Callable[..., Any]:
    return FACTORIES[name]() if name in FACTORIES else getattr(refusals, name)


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusal_points_at_the_construct(name: str):
    kind, fragment, anchor = REFUSALS[name]
    pyfunc = refused_def(name)
    lines, first = inspect.getsourcelines(inspect.unwrap(pyfunc))
    marked = [i for i, text in enumerate(lines) if "# refused" in text]
    assert len(marked) == 1, name
    line = first + marked[0]
    column = lines[marked[0]].index(anchor) + 1
    with pytest.raises(PhobosError) as info:
        if kind == "kernel":
            translate_kernel(pyfunc)
        else:
            translate_fn(pyfunc, ())
    err = info.value
    assert fragment in err.message, err.message
    assert (err.path, err.line, err.column) == (refusals.__file__, line, column), str(err)
    assert lines[marked[0]].rstrip("\n") in str(err)  # the excerpt quotes the real line


def test_every_refused_def_is_tested():
    defs = {
        name for name, value in vars(refusals).items()
        if inspect.isfunction(inspect.unwrap(value)) and not name.startswith("make_")
    } | set(FACTORIES)
    assert defs - {"helper"} == set(REFUSALS)


@pytest.mark.parametrize(
    ("module", "fragment", "needle"),
    [
        ("refused_at_import", "`**` has no Phobos counterpart", "X[i] ** 2"),
        ("attribute_above_kernel", "@ph.kernel must be the first decorator", "@ph.kernel"),
    ],
)
def test_refusal_stops_the_import_at_its_line(module: str, fragment: str, needle: str):
    with pytest.raises(PhobosError) as info:
        importlib.import_module(f"pykernels.{module}")
    err = info.value
    assert fragment in err.message
    assert err.path is not None and err.path.endswith(f"pykernels/{module}.py")
    with open(err.path) as f:
        lines = f.read().splitlines()
    assert err.line is not None and needle in lines[err.line - 1]


@pytest.mark.parametrize(
    ("name", "decorator", "statement", "column"),
    [
        ("huge_in_expression", "", "Y[0] = ph.f64(0x{digits})", 19),
        ("huge_in_autotune", "@ph.autotune(T=[0x{digits}])\n", "Y[0] = 1.0", 17),
    ],
)
def test_a_huge_integer_literal_is_refused_at_its_line(name, decorator, statement, column, tmp_path, monkeypatch):
    """Python reads a 5000-digit hex literal; str() of its value would raise (past 4300 digits)."""
    digits = "f" * 5000
    source = (
        "from __future__ import annotations\n\nimport phobos.lang as ph\n\n\n@ph.kernel(interpret=True)\n"
        f"{decorator}def k(Y: ph.tensor[ph.f64][4]):\n    {statement}\n"
    ).format(digits=digits)
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PhobosError) as info:
        importlib.import_module(name)
    err = info.value
    line = source.count("\n", 0, source.index("0x" + digits)) + 1
    assert (err.path, err.line, err.column) == (str(tmp_path / f"{name}.py"), line, column)
    assert err.message == (
        f"integer literal too large: a 20000-bit value is above the largest, 2^63 - 1 = {2**63 - 1}"
    )


def _module(tmp_path, monkeypatch, name: str, source: str) -> str:
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return str(tmp_path / f"{name}.py")


def test_a_message_quoting_code_nested_past_unparse_is_still_an_error(tmp_path, monkeypatch):
    # The fuzz: a refusal quotes the code with ast.unparse, which recursed past the
    # stack on `ph.tensor[ph * ph * ... * ph]` (1,000 of them) in a parameter's type.
    element = " * ".join(["ph"] * 1000)
    path = _module(
        tmp_path, monkeypatch, "deep_type",
        "from __future__ import annotations\nimport phobos.lang as ph\n\n\n@ph.kernel\n"
        f"def k(A: ph.tensor[{element}][4]):\n    A[0] = 1.0\n",
    )
    with pytest.raises(PhobosError) as info:
        importlib.import_module("deep_type")
    err = info.value
    assert err.message.startswith(f"`{element[:57]}...` is not an element type")
    assert (err.path, err.line, err.column) == (path, 6, 20)


def test_a_message_quoting_an_integer_too_long_for_decimal_is_still_an_error(tmp_path, monkeypatch):
    # The fuzz: ast.unparse writes integers in decimal, which Python refuses past 4,300
    # digits, so quoting `0xff...ff.let` (5,000 hex digits) raised a ValueError.
    digits = "f" * 5000
    path = _module(
        tmp_path, monkeypatch, "long_int_annotation",
        "import phobos.lang as ph\n\n\n@ph.kernel\ndef k(A: ph.tensor[ph.f32][4]):\n"
        f"    x: 0x{digits}.let = 1.0\n",
    )
    with pytest.raises(PhobosError) as info:
        importlib.import_module("long_int_annotation")
    err = info.value
    assert err.message.startswith("`0xffffffff") and "declares nothing" in err.message
    assert (err.path, err.line, err.column) == (path, 6, 8)


def test_a_bad_kernel_option_is_shown_at_the_decorator(tmp_path, monkeypatch):
    # The fuzz: `@ph.kernel(interpret=2147483648)` was refused with no place.
    path = _module(
        tmp_path, monkeypatch, "bad_option",
        "import phobos.lang as ph\n\n\n@ph.kernel(interpret=2147483648)\ndef k(A: ph.tensor[ph.f32][4]):\n"
        "    A[0] = 1.0\n",
    )
    with pytest.raises(PhobosError) as info:
        importlib.import_module("bad_option")
    err = info.value
    assert err.message == "kernel `k`: interpret= takes True or False, not an int (2147483648)"
    assert (err.path, err.line) == (path, 4)


def test_python_division_updates_are_checked_like_divisions():
    """`i //= 2` compiles; `/=` on integers and `//=` on floats are refused at their line."""
    spellings.operators.variants  # noqa: B018
    for name, line_text, message in [
        ("int_true_division_update", "i /= 2", "`/` of two integers"),
        ("float_floor_division_update", "f //= 2.0", "`//` needs integers"),
    ]:
        kernel = getattr(division_updates, name)
        with pytest.raises(PhobosError) as info:
            kernel.variants  # noqa: B018
        err = info.value
        assert err.path == division_updates.__file__ and message in err.message
        assert line_text in err.span.source.line_text(err.line)


def test_pipeline_takes_off_a_count_or_an_autotune_name():
    @ph.kernel
    @ph.autotune(S=[2, 3])
    @ph.pipeline("S")
    def staged(X: ph.tensor[ph.f32][N]):  # noqa: F821
        X[0] = 1.0

    assert [v.stages for v in staged.variants] == [2, 3]

    @ph.kernel
    @ph.pipeline("on")
    def on(X: ph.tensor[ph.f32][N]):  # noqa: F821
        X[0] = 1.0

    with pytest.raises(PhobosError, match="@pipeline takes `off` or a stage count .*; `on` is neither") as info:
        on.variants  # noqa: B018
    assert info.value.path.endswith("test_pyfront.py") and info.value.column is not None



def test_the_defs_of_a_file_share_its_text_until_the_file_changes(tmp_path, monkeypatch):
    """issue 22: each def joined its whole file's lines into a text of its own, so a
    module of n kernels cost n^2. One text is kept per file, while linecache has it."""
    body = "".join(f"\n\n@ph.kernel\ndef k{i}(A: ph.tensor[ph.f32][4]):\n    A[0] = {i}.0\n" for i in range(3))
    path = _module(tmp_path, monkeypatch, "shared_text", "import phobos.lang as ph\n" + body)
    module = importlib.import_module("shared_text")
    sources = {id(getattr(module, f"k{i}").ast.span.source) for i in range(3)}
    assert len(sources) == 1 and module.k2.ast.span.source.text == Path(path).read_text()
    Path(path).write_text("import phobos.lang as ph\n\n\n@ph.kernel\ndef k0(A: ph.tensor[ph.f32][4]):\n"
                          "    A[0] = nope\n")
    linecache.checkcache(path)
    importlib.reload(module)
    with pytest.raises(PhobosError) as info:
        module.k0.variants  # noqa: B018
    assert (info.value.line, info.value.span.text()) == (6, "nope")



# ---------------------------------------------------------------- a missing __future__ import

NO_FUTURE = """\
import phobos.lang as ph

@ph.kernel
@ph.launch(32)
def k(X: ph.tensor[ph.f32][N]):
    X[0:+32] = X[0:+32] + 1.0
"""


def test_a_missing_future_import_gets_a_hint(tmp_path: Path) -> None:
    import subprocess
    import sys

    script = tmp_path / "no_future.py"
    script.write_text(NO_FUTURE)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert "NameError: name 'N' is not defined" in done.stderr
    assert "phobos: `N` is a dim of a kernel's parameter" in done.stderr
    assert "from __future__ import annotations" in done.stderr
    fixed = tmp_path / "with_future.py"
    fixed.write_text("from __future__ import annotations\n" + NO_FUTURE + "print('built', k.__name__)\n")
    done = subprocess.run([sys.executable, str(fixed)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "built k" in done.stdout, done.stderr


def test_other_name_errors_get_no_hint() -> None:
    from phobos.pyfront.future_hint import hint

    try:
        undefined_name  # noqa: B018, F821
    except NameError as exc:
        assert hint(exc) is None
    try:
        ph.tensor[ph.f32][undefined_dim]  # noqa: B018, F821
    except NameError as exc:
        assert hint(exc) is not None and "`undefined_dim`" in hint(exc)


def test_a_kernel_reading_a_variable_of_its_enclosing_function_is_told_so():
    """A def inside a function sees that function's variables as Python values, as it
    sees globals: a kernel may not read them, and is told which they are."""
    def make(T: int) -> object:
        @ph.kernel(interpret=True)
        def k(X: ph.tensor[ph.f32][16]):
            X[0] = 1.0 + T

        return k

    with pytest.raises(PhobosError) as info:
        make(4)  # the def is translated where it is decorated
    assert "`T` is a variable of an enclosing Python function; a kernel reads only" in info.value.message
    assert info.value.line == inspect.getsourcelines(make)[1] + 3


def test_a_fn_reached_through_its_module_is_refused_with_the_import_to_write(tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch):
    """`helpers.twice(a)` was refused as "neither a Phobos built-in nor a @ph.fn", which it is."""
    (tmp_path / "fn_helpers.py").write_text("import phobos.lang as ph\n\n\n@ph.fn\ndef twice(x):\n    return x * 2\n")
    (tmp_path / "fn_caller.py").write_text(
        "from __future__ import annotations\nimport phobos.lang as ph\nimport fn_helpers\n\n\n"
        "@ph.kernel\ndef k(Y: ph.tensor[ph.i32][N], a: ph.i32):\n    Y[0] = fn_helpers.twice(a)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PhobosError) as info:
        importlib.import_module("fn_caller")
    err = info.value
    assert "`fn_helpers.twice` is a @ph.fn reached through its module" in err.message
    assert "`from fn_helpers import twice`, then `twice(...)`" in err.message
    assert (err.line, err.column) == (8, 12)
