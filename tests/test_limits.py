"""The limits on what a program may ask of the compiler (spec, Limits).

A kernel nested exactly as deep as the limit allows, in each way code can nest, goes
through every stage within a fixed share of Python's stack; one level more is refused
where it gets too deep, in both spellings and once fns are inlined. Inlining that
multiplies a body, and @autotune lists that multiply variants, are refused with the
numbers.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import numpy as np
import pytest

import phobos
from phobos.ast.depth import MAX_NESTING, height
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate
from phobos.check.limits import MAX_INLINED_NODES, MAX_VARIANTS
from phobos.syntax import parse

# Every stage at the limit runs within this many frames of the caller's: Python's
# default limit of 1,000 leaves the rest to whoever calls.
STACK = 700

HEAD = "kernel k(X: tensor<f32>[64], I: tensor<i32>[64], Y: tensor<f32>[64], a: f32, c: bool) {\n"


def chain(n: int, op: str = "+", leaf: str = "a") -> str:
    return f" {op} ".join([leaf] * n)


def shapes(d: int) -> dict[str, str]:
    """A kernel nested `d` levels deep in each way code can nest (levels as in spec, Limits)."""
    out = {}
    out["sum"] = HEAD + f"  Y[0] = {chain(d - 1)}\n}}\n"
    out["negations"] = HEAD + "  Y[0] = " + "-" * (d - 2) + "a\n}\n"
    out["calls"] = HEAD + "  Y[0] = " + "exp(" * (d - 2) + "a" + ")" * (d - 2) + "\n}\n"
    right = "a"
    for i in range(d - 2):
        right = f"a * ({right})" if i % 2 else f"a + {right}"
    out["parenthesized"] = HEAD + f"  Y[0] = {right}\n}}\n"
    k, pad = divmod(d - 3, 2)
    out["subscripts"] = HEAD + "  Y[0] = " + "-" * pad + "f32(" + "I[" * k + "0" + "]" * k + ")\n}\n"
    out["ifs"] = HEAD + "if c {\n" * (d - 4) + "Y[0] = a\n" + "}\n" * (d - 4) + "}\n"
    loops = "".join(f"for i{j} in range(0, 1) {{\n" for j in range(d - 4))
    out["loops"] = HEAD + loops + "Y[0] = a\n" + "}\n" * (d - 4) + "}\n"
    else_ifs = " else if c { Y[1] = a }" * (d - 6)
    out["else_ifs"] = HEAD + "if c { Y[1] = a }" + else_ifs + " else if c {\nY[0] = a\n}\n}\n"
    out["wheres"] = HEAD + "  Y[0] = " + "where(c, " * (d - 2) + "a" + ", a)" * (d - 2) + "\n}\n"
    out["ands"] = HEAD + f"  if {chain(d - 1, '&&', 'c')} {{\n  }}\n}}\n"
    tiles = f"  var t = X[0 :+ 64]\n  Y[0 :+ 64] = {chain(d - 1, leaf='t')}\n"
    out["tiles"] = f"kernel k(X: tensor<f32>[64], Y: tensor<f32>[64]) {{\n{tiles}}}\n"
    # Shallow as written; each fn inlined adds its call and its body's `+`.
    k, pad = divmod(d - 1, 2)
    fns = "fn g0(x) = x\n" + "".join(f"fn g{i}(x) = g{i - 1}(x) + 1.0\n" for i in range(1, k))
    out["expression_fns"] = fns + HEAD + "  Y[0] = " + "-" * pad + f"g{k - 1}(a)\n}}\n"
    k, pad = divmod(d - 3, 2)
    fns = "fn s0(t) {\n  t = t + " + "-" * pad + "1.0\n}\n"
    fns += "".join(f"fn s{i}(t) {{\n  s{i - 1}(t)\n}}\n" for i in range(1, k))
    out["statement_fns"] = fns + HEAD + f"  var v = a\n  s{k - 1}(v)\n  Y[0] = v\n}}\n"
    return out


AT_THE_LIMIT = shapes(MAX_NESTING)
ONE_MORE = shapes(MAX_NESTING + 1)
INLINED = ("expression_fns", "statement_fns")


@contextmanager
def stack(frames: int) -> Iterator[None]:
    """Run with only `frames` frames of Python's stack beyond the caller's."""
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def within(stage: Callable[[], object]) -> object:
    with stack(STACK):
        return stage()


def launch(kernel: phobos.Kernel) -> None:
    if len(kernel.ast.params) == 2:
        kernel[1](np.zeros(64, np.float32), np.zeros(64, np.float32))
    else:
        kernel[1](np.zeros(64, np.float32), np.zeros(64, np.int32), np.zeros(64, np.float32), 1.0, True)


# ---------------------------------------------------------------- nesting


@pytest.mark.parametrize("shape", sorted(AT_THE_LIMIT))
def test_code_nested_to_the_limit_goes_through_every_stage(shape: str) -> None:
    text = AT_THE_LIMIT[shape]
    program = within(lambda: parse(text))
    if shape not in INLINED:
        assert max(height(item) for item in program.items) == MAX_NESTING
    module = within(lambda: phobos.compile(text, interpret=True))
    kernel = module.k
    within(lambda: kernel.ir)
    assert within(lambda: phobos.compile(module.phobos_source).program) == program
    within(lambda: launch(kernel))
    within(lambda: generate(kernel.variants[0]))


@pytest.mark.parametrize("shape", sorted(AT_THE_LIMIT))
def test_nvrtc_compiles_code_nested_to_the_limit(shape: str, fresh_cache: None) -> None:
    variant = phobos.compile(AT_THE_LIMIT[shape]).k.variants[0]
    assert build(generate(variant), variant, "sm_80")[:4] == b"\x7fELF"


@pytest.mark.parametrize("shape", sorted(ONE_MORE))
def test_one_level_more_is_refused_where_it_gets_too_deep(shape: str) -> None:
    with pytest.raises(phobos.PhobosError) as info:
        within(lambda: phobos.compile(ONE_MORE[shape], path="deep.phobos"))
    err = info.value
    assert err.path == "deep.phobos" and err.line is not None and err.column is not None
    levels = f"nests {MAX_NESTING + 1} levels deep, and the limit is {MAX_NESTING}"
    if shape in INLINED:
        assert err.message.startswith("nested too deeply once its fns are inlined: with the body of fn")
        assert levels in err.message and err.notes and "inlined at deep.phobos:" in err.notes[0]
    elif shape in ("calls", "wheres"):
        # A call's parentheses are a level each: the parser stops at the one too many.
        assert err.message.startswith(f"nested too deeply: more than {MAX_NESTING} levels of brackets and blocks")
    else:
        assert err.message.startswith(f"nested too deeply: this code {levels}")


@pytest.mark.parametrize(
    ("source", "levels"),
    [
        ("fn f(a) = " + chain(10_000), 10_000),
        ("fn f(a) = " + "-" * 10_000 + "a", 10_001),
        ("kernel k(c: bool) {\n  if c {}" + " else if c {}" * 5_000 + "\n}", 5_002),
    ],
)
def test_far_too_deep_is_measured_without_recursion(source: str, levels: int) -> None:
    err = within(lambda: pytest.raises(phobos.PhobosError, parse, source)).value
    assert f"this code nests {levels} levels deep" in err.message


def _python_module(tmp_path, monkeypatch, name: str, body: str, fns: str = "") -> str:
    source = (
        "from __future__ import annotations\n\nimport phobos.lang as ph\n\n\n"
        f"{fns}@ph.kernel(interpret=True)\ndef k(Y: ph.tensor[ph.f32][64], a: ph.f32, c: ph.bool):\n{body}"
    )
    (tmp_path / f"{name}.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    return str(tmp_path / f"{name}.py")


def test_a_python_sum_at_the_limit_prints_and_parses_back(tmp_path, monkeypatch) -> None:
    # 99 terms in a statement: the first `a` lies at level 100. Before the limit counted
    # the tree, the printed text of 151 to 300 terms did not parse back.
    _python_module(tmp_path, monkeypatch, "sum_at_limit", f"    Y[0] = {chain(MAX_NESTING - 1)}\n")
    kernel = within(lambda: importlib.import_module("sum_at_limit")).k
    assert max(height(item) for item in kernel.program.items) == MAX_NESTING
    assert within(lambda: parse(kernel.phobos_source)) == kernel.program
    Y = np.zeros(64, np.float32)
    kernel[1](Y, 1.0, True)
    assert Y[0] == MAX_NESTING - 1


@pytest.mark.parametrize(
    ("name", "body", "levels"),
    [
        ("sum_600", f"    Y[0] = {chain(600)}\n", 601),
        ("not_1000", "    if " + "not " * 1000 + "c:\n        Y[0] = a\n", 1002),
        ("and_1000", f"    if {chain(1000, 'and', 'c')}:\n        Y[0] = a\n", 1001),
        ("sum_100", f"    Y[0] = {chain(MAX_NESTING)}\n", MAX_NESTING + 1),
    ],
)
def test_python_code_too_deep_is_refused_at_import_with_the_numbers(tmp_path, monkeypatch, name, body, levels):
    path = _python_module(tmp_path, monkeypatch, name, body)
    with pytest.raises(phobos.PhobosError) as info:
        within(lambda: importlib.import_module(name))
    err = info.value
    assert err.message.startswith(f"nested too deeply: this code nests {levels} levels deep, and the limit is 100")
    assert (err.path, err.line) == (path, 8)


def test_python_calls_nested_too_deeply_stop_before_the_stack_does(tmp_path, monkeypatch) -> None:
    body = "    Y[0] = " + "ph.exp(" * 150 + "a" + ")" * 150 + "\n"
    path = _python_module(tmp_path, monkeypatch, "calls_150", body)
    with pytest.raises(phobos.PhobosError) as info:
        within(lambda: importlib.import_module("calls_150"))
    err = info.value
    assert err.message.startswith(f"nested too deeply: more than {MAX_NESTING} levels, and the limit is 100")
    assert (err.path, err.line) == (path, 8)


def test_python_fns_inlined_too_deeply_are_refused_at_the_call(tmp_path, monkeypatch) -> None:
    fns = "@ph.fn\ndef g0(x):\n    return x\n\n\n" + "".join(
        f"@ph.fn\ndef g{i}(x):\n    return g{i - 1}(x) + 1.0\n\n\n" for i in range(1, 250)
    )
    path = _python_module(tmp_path, monkeypatch, "fns_250", "    Y[0] = g249(a)\n", fns)
    kernel = importlib.import_module("fns_250").k
    with pytest.raises(phobos.PhobosError) as info:
        within(lambda: kernel.variants)
    err = info.value
    # g249 to g202 are inlined, each a call and a `+` below the one before; g201's body
    # would reach level 101.
    assert err.message.startswith("nested too deeply once its fns are inlined: with the body of fn `g201`")
    assert err.path == path and len(err.notes) == 48


# ---------------------------------------------------------------- work


def test_a_fn_doubling_at_each_level_is_refused_when_inlined_too_large() -> None:
    fns = "fn h0(x) = x\n" + "".join(f"fn h{i}(x) = h{i - 1}(x) + h{i - 1}(x)\n" for i in range(1, 25))
    text = fns + HEAD + "  Y[0] = h24(a)\n}\n"
    start = time.perf_counter()
    with pytest.raises(phobos.PhobosError) as info:
        phobos.compile(text, path="double.phobos")
    assert time.perf_counter() - start < 20  # 2^24 calls, before the limit; it took 410 s
    err = info.value
    assert err.message.startswith(f"the kernel is too large once its fns are inlined: it passes {MAX_INLINED_NODES:,}")
    assert err.path == "double.phobos" and all(note.startswith("in fn `h") for note in err.notes)
    assert err.notes[-1] == "in fn `h24`, inlined at double.phobos:27:10"


def test_a_kernel_under_the_size_limit_once_inlined_compiles() -> None:
    # h12 inlines to 2^12 leaves and 2^12 - 1 additions.
    fns = "fn h0(x) = x\n" + "".join(f"fn h{i}(x) = h{i - 1}(x) + h{i - 1}(x)\n" for i in range(1, 13))
    module = phobos.compile(fns + HEAD + "  Y[0] = h12(a)\n}\n", interpret=True)
    Y = np.zeros(64, np.float32)
    module.k[1](np.zeros(64, np.float32), np.zeros(64, np.int32), Y, 1.0, True)
    assert Y[0] == 2**12


def test_a_statement_fn_chain_of_200_is_refused_without_recursion() -> None:
    fns = "fn s0(t) {\n  t += 1.0\n}\n" + "".join(f"fn s{i}(t) {{\n  s{i - 1}(t)\n}}\n" for i in range(1, 200))
    text = fns + HEAD + "  var v = a\n  s199(v)\n}\n"
    err = within(lambda: pytest.raises(phobos.PhobosError, phobos.compile, text)).value
    assert err.message.startswith("nested too deeply once its fns are inlined")


def test_a_chain_of_fns_longer_than_the_stack_is_checked_for_recursion_without_recursing() -> None:
    fns = "fn g0(x) = x\n" + "".join(f"fn g{i}(x) = g{i - 1}(x)\n" for i in range(1, 1500))
    assert within(lambda: phobos.compile(fns + "kernel k(Y: tensor<f32>[4]) {\n}\n")).kernels
    with pytest.raises(phobos.PhobosError, match="recursion: `g0` calls `g1499` calls `g1498`"):
        within(lambda: phobos.compile(fns.replace("fn g0(x) = x", "fn g0(x) = g1499(x)")))


def test_too_many_variants_are_refused_at_the_attribute() -> None:
    lists = ", ".join(f"{name} in [{', '.join(map(str, range(1, 21)))}]" for name in "ABCDE")
    text = f"kernel other() {{\n}}\n@autotune({lists})\nkernel k(X: tensor<f32>[4]) {{\n}}\n"
    start = time.perf_counter()
    with pytest.raises(phobos.PhobosError) as info:
        phobos.compile(text, path="tune.phobos")
    assert time.perf_counter() - start < 5
    err = info.value
    assert err.message == (
        f"@autotune makes 3,200,000 variants, one for each combination of its values, and the limit is "
        f"{MAX_VARIANTS:,}; list fewer values"
    )
    assert (err.path, err.line, err.column) == ("tune.phobos", 3, 1)


def test_variants_up_to_the_limit_are_compiled() -> None:
    values = ", ".join(map(str, range(1, 33)))
    module = phobos.compile(f"@autotune(A in [{values}], B in [{values}])\nkernel k(X: tensor<f32>[4]) {{\n}}\n")
    assert len(module.k.variants) == MAX_VARIANTS == 32 * 32
    with pytest.raises(phobos.PhobosError, match="makes 1,056 variants"):
        phobos.compile(f"@autotune(A in [{values}], B in [{values}, 33])\nkernel k(X: tensor<f32>[4]) {{\n}}\n")


def _lines_run(work: Callable[[], object]) -> int:
    """How many lines of Python `work` runs (calls and returns counted too): a measure
    of its work that, unlike a time, is the same on any machine and under any load."""
    count = 0

    def tracer(_frame: object, _event: str, _arg: object) -> Callable[..., object]:
        nonlocal count
        count += 1
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count


def _kernels(n: int) -> str:
    return "".join(f"kernel k{i}(A: tensor<f32>[N], B: tensor<f32>[N]) {{\n  let i = ctx.block.x * 128\n"
                   f"  B[i :+ 128] = A[i :+ 128] * 2.0 + 1.0\n}}\n" for i in range(n))


def test_compiling_a_file_is_linear_in_its_kernels() -> None:
    """issue 22: each kernel checked the whole program again and looked itself up in it,
    so 10,000 kernels took 59 s. Four times the kernels is four times the work, within
    5% (the quadratic part measured 11% at these sizes and grows with them)."""
    phobos.compile(_kernels(1), interpret=True)  # what a first compile does once (imports, caches)
    small, large = (_lines_run(lambda n=n: phobos.compile(_kernels(n), interpret=True)) for n in (50, 200))
    assert large < 4.2 * small, f"{large / small:.2f} times the work for 4 times the kernels"


# ------------------------------------------------------------ a kernel's parameters (issue 22, item 4)


def many_scalars(types: list[str], line: int = 3) -> str:
    """A kernel with a scalar parameter of each type, every one read, at line `line`."""
    params = ", ".join(f"s{i}: {t}" for i, t in enumerate(types))
    reads = "".join(f"  total += {f'where(s{i}, 1.0, 0.0)' if t == 'bool' else f'f32(s{i})'}\n"
                    for i, t in enumerate(types))
    return ("\n" * (line - 1) + f"kernel k(X: tensor<f32>[N], {params}) {{\n  var total: f32 = 0.0\n{reads}"
            "  X[ctx.block.x] = total\n}\n")


def test_parameters_past_the_back_ends_space_run_on_the_interpreter() -> None:
    """The limit is the back ends', not the language's: the checker and the interpreter
    take 4,100 i64 scalars (32,816 bytes with the tensor and its dim)."""
    kernel = phobos.compile(many_scalars(["i64"] * 4100), interpret=True).k
    x = np.zeros(3, np.float32)
    kernel[3](x, *range(4100))
    np.testing.assert_array_equal(x, np.full(3, sum(range(4100)), np.float32))


def test_the_cuda_back_end_refuses_parameters_past_its_space_at_the_kernel() -> None:
    v = phobos.compile(many_scalars(["i64"] * 4100, line=5), path="many.phobos").k.variants[0]
    with pytest.raises(phobos.PhobosError) as caught:
        build(generate(v), v, "sm_80")
    assert str(caught.value).startswith(
        "many.phobos:5:1: error: kernel `k` takes 32,816 bytes of parameters on the CUDA back end (1 tensor, "
        "4,100 scalars, 1 runtime dim), but a kernel's parameters may take at most 32,764 bytes")


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
def test_parameters_up_to_the_cuda_space_build(arch: str, fresh_cache: None) -> None:
    """4,093 i64 scalars, a tensor and a dim take 32,760 bytes, which NVRTC takes."""
    pytest.importorskip("cuda.bindings")
    v = phobos.compile(many_scalars(["i64"] * 4093)).k.variants[0]
    assert build(generate(v), v, arch).startswith(b"\x7fELF")


def test_the_tile_ir_back_end_refuses_parameters_past_its_space_at_the_kernel() -> None:
    from phobos.backends.tileir.launch import lowered

    v = phobos.compile(many_scalars(["i64"] * 4094), path="many.phobos").k.variants[0]
    with pytest.raises(phobos.PhobosError, match=r"^many.phobos:3:1: error: kernel `k` takes 32,768 bytes of "
                                                 r"parameters on the Tile IR back end \(1 tensor, 4,094 scalars, 1 "
                                                 r"runtime dim\), but a kernel's parameters may take at most 32,764"):
        lowered(v)
    # A 16-bit float is its 16 bits there: 16,376 f16 scalars fit, and the count refuses them.
    v = phobos.compile(many_scalars(["f16"] * 6499), path="many.phobos").k.variants[0]
    with pytest.raises(phobos.PhobosError, match=r"^many.phobos:3:1: error: kernel `k` takes 6,501 arguments on the "
                                                 r"Tile IR back end \(its parameters and runtime dims\), but "
                                                 r"tileiras assembles entries of at most 6,500"):
        lowered(v)


@pytest.mark.slow  # two minutes of tileiras, for a limit of tileiras's own that moves only with its version
@pytest.mark.parametrize(("types", "arch"), [(["i64"] * 4093, "sm_90"), (["f32"] * 6498, "sm_80")],
                         ids=["bytes", "arguments"])
def test_tileiras_assembles_entries_up_to_the_limits(types: list[str], arch: str, fresh_cache: None) -> None:
    from phobos.backends.tileir.assemble import cubin, installed
    from phobos.backends.tileir.launch import lowered

    if not installed():
        pytest.skip("tileiras is not installed")
    v = phobos.compile(many_scalars(types)).k.variants[0]
    gen, bytecode = lowered(v)
    assert cubin(gen.source, bytecode, arch, v.name).startswith(b"\x7fELF")
