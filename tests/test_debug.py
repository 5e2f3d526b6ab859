"""print and assert in kernels, in both spellings: what the interpreter shows and
refuses, that a GPU back end leaves them out unless debug is on (the code is then
that of the kernel without them), and what the CUDA back end compiles under debug."""

from __future__ import annotations

import os
import re

import numpy as np
import pytest

import phobos
import phobos.lang as ph
from phobos import PhobosError
from phobos.ir.specialize import Specialization, specialize

# ruff: noqa: F821 - the Python-spelled kernels' dims are names Python never binds

SOURCE = """
@launch(32)
kernel check_rows(X: tensor<f32>[N], limit: f32) {
  let i = ctx.block.x * 6
  var t = X[i :+ 6]
  print("tile", t, "sum", sum(t), "positive", sum(t) > 0.0)
  assert(t >= 0.0, "every element is non-negative")
  if ctx.thread < 2 {
    print("thread", ctx.thread, "reads", X[i + ctx.thread])
    assert(X[i + ctx.thread] < limit)
  }
}
"""


@ph.kernel(interpret=True)
@ph.launch(32)
def check_rows(X: ph.tensor[ph.f32][N], limit: ph.f32):
    i: ph.let = ph.ctx.block.x * 6
    t: ph.var = X[i:+6]
    print("tile", t, "sum", ph.sum(t), "positive", ph.sum(t) > 0.0)
    assert t >= 0.0, "every element is non-negative"
    if ph.ctx.thread < 2:
        print("thread", ph.ctx.thread, "reads", X[i + ph.ctx.thread])
        assert X[i + ph.ctx.thread] < limit


SPELLINGS = {"phobos": lambda: phobos.compile(SOURCE, interpret=True).check_rows, "python": lambda: check_rows}


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_prints_once_a_program_or_once_a_thread(spelling: str, capsys: pytest.CaptureFixture[str]) -> None:
    kernel = SPELLINGS[spelling]()
    x = np.arange(10, dtype=np.float32)  # the second block's tile overhangs: two absent elements
    kernel[2](x, 100.0)
    assert capsys.readouterr().out.splitlines() == [
        "check_rows[block (0, 0, 0)]: tile [0.0 1.0 2.0 3.0 4.0 5.0] sum 15.0 positive true",
        "check_rows[block (0, 0, 0), thread 0]: thread 0 reads 0.0",
        "check_rows[block (0, 0, 0), thread 1]: thread 1 reads 1.0",
        "check_rows[block (1, 0, 0)]: tile [6.0 7.0 8.0 9.0 -- --] sum 30.0 positive true",
        "check_rows[block (1, 0, 0), thread 0]: thread 0 reads 6.0",
        "check_rows[block (1, 0, 0), thread 1]: thread 1 reads 7.0",
    ]


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_a_failed_assert_names_the_program_and_the_elements_or_threads(spelling: str) -> None:
    kernel = SPELLINGS[spelling]()
    x = np.arange(10, dtype=np.float32)
    x[[3, 5]] = -1.0
    with pytest.raises(PhobosError) as info:
        kernel[2](x, 100.0)
    message = str(info.value)
    assert "assertion failed in kernel `check_rows`, block (0, 0, 0), false at the tile's elements [3], [5]: " \
           "every element is non-negative" in message
    assert re.search(r"\| +assert[( ]t >= 0\.0", message)  # the assert's own line, quoted
    with pytest.raises(PhobosError) as info:
        kernel[2](np.arange(10, dtype=np.float32), 6.5)
    message = str(info.value)
    assert "block (1, 0, 0), false in thread 1: X[i + " in message  # the condition's own text
    assert "< limit" in message


def test_many_failures_are_counted_past_the_first_eight() -> None:
    kernel = phobos.compile("""
@launch(64)
kernel positive(X: tensor<i32>[N]) {
  let i = ctx.block.x * 64 + ctx.thread
  if i < N {
    assert(X[i] > 0, "positive")
  }
}
""", interpret=True).positive
    x = np.ones(50, np.int32)
    x[10:30] = 0
    with pytest.raises(PhobosError) as info:
        kernel[1](x)
    assert "false in threads 10, 11, 12, 13, 14, 15, 16, 17 and 12 more: positive" in str(info.value)
    kernel[1](np.ones(50, np.int32))


@pytest.mark.parametrize(("source", "expected"), [
    ('kernel k(X: tensor<f32>[N]) {\n  X[0] = "a"\n}', "a string is no value; only print and assert take one"),
    ("kernel k(X: tensor<f32>[N]) {\n  assert()\n}", "assert takes a condition and a message string, not 0"),
    ('kernel k(X: tensor<f32>[N]) {\n  assert("x")\n}', "assert's first argument is the condition"),
    ("kernel k(X: tensor<f32>[N]) {\n  assert(X[0] > 0.0, X[0])\n}", "assert's message is a string"),
    ("kernel k(X: tensor<f32>[N]) {\n  assert(X[0])\n}", "assert's condition must be a bool or a tile of bool"),
    ("kernel k(X: tensor<f32>[N]) {\n  let p = print(X[0])\n}", "print() is a statement and has no value"),
    ('kernel k(X: tensor<f32>[N]) {\n  print("a)\n}', "this string is never closed"),
    ('kernel k(X: tensor<f32>[N]) {\n  print("a\\q")\n}', "unknown escape '\\q' in a string"),
    ("fn print(x) = x\nkernel k(X: tensor<f32>[N]) {\n  X[0] = 1.0\n}", "`print` is a built-in"),
    ("@launch(32)\nkernel k(X: tensor<f32>[N]) {\n  if ctx.thread == 0 {\n    print(X[0 :+ 4])\n  }\n}",
     "this is a tile statement"),
])
def test_refusals(source: str, expected: str) -> None:
    with pytest.raises(PhobosError) as info:
        phobos.compile(source, interpret=True).k[1](np.zeros(4, np.float32))
    assert expected in str(info.value)


def test_strings_print_back_as_written() -> None:
    from phobos.ast.printer import print_program
    from phobos.syntax import parse

    text = 'kernel k(X: tensor<f32>[N]) {\n  print("a \\"quoted\\" 100% \\\\ tab\\t", X[0])\n}\n'
    assert print_program(parse(text)) == text


def test_a_bad_phobos_debug_is_refused_on_the_interpreter(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PHOBOS_DEBUG", "maybe")
    with pytest.raises(PhobosError) as info:
        phobos.compile(SOURCE, interpret=True).check_rows[1](np.ones(6, np.float32), 9.0)
    assert "PHOBOS_DEBUG is 'maybe'" in str(info.value)
    with pytest.raises(PhobosError) as info:
        phobos.compile(SOURCE, debug="yes")
    assert "debug= takes True or False" in str(info.value)


# ---------------------------------------------------------------- the GPU back ends

# The kernel with its prints and asserts as blank lines, so every other line keeps its number.
WITHOUT = "\n".join("" if "print(" in line or "assert(" in line else line for line in SOURCE.splitlines())


def variant(source: str) -> object:
    return phobos.compile(source).check_rows.variants[0]


def test_debug_enters_the_key_only_for_a_kernel_that_prints_or_asserts() -> None:
    assert specialize(variant(SOURCE), {"N": 10}, {"limit": 1.0}, frozenset(), debug=True).debug
    assert not specialize(variant(WITHOUT), {"N": 10}, {"limit": 1.0}, frozenset(), debug=True).debug
    assert not specialize(variant(SOURCE), {"N": 10}, {"limit": 1.0}, frozenset()).debug


def test_without_debug_the_cuda_code_is_the_kernels_without_them() -> None:
    from phobos.backends.cuda.write.kernel import generate

    spec = Specialization(aligned=frozenset({"X"}))
    assert generate(variant(SOURCE), spec).source == generate(variant(WITHOUT), spec).source


TILES = """
@launch(32)
kernel doubled(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.block.x * 6
  var t = X[i :+ 6]
  print("t", t, "sum", sum(t))
  assert(t >= 0.0)
  Y[i :+ 6] = t * 2.0
}
"""


def test_without_debug_the_tile_ir_is_the_kernels_without_them() -> None:
    from phobos.backends.tileir.lower import lower_kernel
    from phobos.backends.tileir.printer import module_text

    printing = phobos.compile(TILES).doubled.variants[0]
    plain = phobos.compile(TILES.replace('  print("t", t, "sum", sum(t))', "").replace("  assert(t >= 0.0)", ""))
    assert module_text(lower_kernel(printing)) == module_text(lower_kernel(plain.doubled.variants[0]))


def test_under_debug_tile_ir_prints_and_asserts(capsys: pytest.CaptureFixture[str]) -> None:
    """The module under debug, assembled where tileiras is here, and run by the Tile IR
    evaluator: a print_tko a block, and an assert that fails where an element is negative."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import tileir_eval

    from phobos.backends.tileir.lower import lower_kernel
    from phobos.backends.tileir.printer import module_text

    variant = phobos.compile(TILES).doubled.variants[0]
    module = lower_kernel(variant, Specialization(debug=True))
    text = module_text(module)
    assert 'str = "doubled[block (%lld, %lld, %lld)]: t %f sum %f\\n"' in text
    assert 'message = "assertion failed in kernel `doubled` at line 7: t >= 0.0"' in text
    x = np.arange(10, dtype=np.float32)
    y = np.zeros(10, np.float32)
    tileir_eval.run(module.entries[0], [x, y, np.int64(10)], (2, 1, 1))
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("doubled[block (0, 0, 0)]: t [0. 1. 2. 3. 4. 5. 0. 0.] sum 15.000000"), lines
    assert lines[1].startswith("doubled[block (1, 0, 0)]: t [6. 7. 8. 9. 0. 0. 0. 0.] sum 30.000000"), lines
    assert (y == 2 * x).all()
    x[7] = -1.0
    with pytest.raises(tileir_eval.TileAssert, match="at line 7: t >= 0.0"):
        tileir_eval.run(module.entries[0], [x, y, np.int64(10)], (2, 1, 1))
    from phobos.backends.tileir.assemble import can_build, cubin
    from phobos.backends.tileir.writer import write_module

    bytecode = write_module(module)
    if can_build(text, bytecode, "sm_90"):
        assert cubin(text, bytecode, "sm_90", variant.name, variant.span)


def test_under_debug_the_cuda_code_prints_and_records_asserts() -> None:
    from phobos.backends.cuda.write.kernel import generate

    gen = generate(variant(SOURCE), Specialization(debug=True))
    source = gen.source
    assert gen.debug and [message for _, message in gen.asserts] == [
        "every element is non-negative", "X[i + ctx.thread] < limit"]
    assert 'printf("check_rows[block (%u, %u, %u)]: tile <t: tile<f32>[6]> sum %.9g positive %s\\012"' in source
    assert 'printf("check_rows[block (%u, %u, %u)]:   t[%lld] = %.9g\\012"' in source
    assert 'printf("check_rows[block (%u, %u, %u), thread %u]: thread %lld reads %.9g\\012"' in source
    assert "ph_assert_failed(1ull)" in source and "ph_assert_failed(2ull)" in source
    assert 'extern "C" { __device__ unsigned long long ph_assert_record[5]; }' in source


@pytest.mark.parametrize("arch", ["sm_90", "sm_80", "sm_75"])
def test_under_debug_nvrtc_builds_it(arch: str) -> None:
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build
    from phobos.backends.cuda.write.kernel import generate

    v = variant(SOURCE)
    assert build(generate(v, Specialization(debug=True)), v, arch)


needs_gpu = pytest.mark.skipif(
    not phobos.runtime.backend.cuda_device()[0] or os.environ.get("PHOBOS_INTERPRET") == "1",
    reason="needs a CUDA device")


@needs_gpu
def test_on_the_gpu_under_debug(capfd: pytest.CaptureFixture[str]) -> None:
    torch = pytest.importorskip("torch")
    kernel = phobos.compile(SOURCE, debug=True).check_rows
    x = torch.arange(10, dtype=torch.float32, device="cuda")
    kernel[2](x, 100.0)
    out = capfd.readouterr().out.splitlines()
    assert "check_rows[block (1, 0, 0)]: tile <t: tile<f32>[6]> sum 30 positive true" in out
    assert "check_rows[block (0, 0, 0)]:   t[5] = 5" in out
    assert "check_rows[block (1, 0, 0), thread 1]: thread 1 reads 7" in out
    x[3] = -1.0
    with pytest.raises(PhobosError) as info:
        kernel[2](x, 100.0)
    assert "assertion failed in kernel `check_rows` on the GPU, block (0, 0, 0)" in str(info.value)
    assert "every element is non-negative" in str(info.value)
    x[3] = 3.0
    kernel[2](x, 100.0)  # the record was cleared
    torch.cuda.synchronize()  # the device's printf buffer reaches stdout at a synchronization
    capfd.readouterr()
    plain = phobos.compile(SOURCE, debug=False).check_rows
    x[3] = -1.0
    plain[2](x, 100.0)  # compiled out: nothing printed, nothing checked
    torch.cuda.synchronize()
    assert "check_rows[" not in capfd.readouterr().out


def test_a_tile_prints_on_one_line_and_bools_and_bf16_read_as_the_others(capsys: pytest.CaptureFixture[str]) -> None:
    kernel = phobos.compile("""
@launch(32)
kernel shown(X: tensor<f32>[M, N], B: tensor<bf16>[N]) {
  var t = X[0 :+ 2, 0 :+ 3]
  print("t", t, "positive", t > 0.0, "b", B[0], "wide", X[0, 0 :+ 40])
}
""", interpret=True).shown
    x = np.array([[1, -2, 3], [4, 5, -6]], np.float32)
    kernel[1](x, np.full(3, 2, dtype=phobos.dtypes.numpy_dtype(phobos.dtypes.BF16)))
    (line,) = capsys.readouterr().out.splitlines()
    assert line == ("shown[block (0, 0, 0)]: t [[1.0 -2.0 3.0] [4.0 5.0 -6.0]] positive [[true false true] "
                    "[true true false]] b 2.0 wide [1.0 -2.0 3.0" + " --" * 37 + "]")


def test_a_print_of_a_tile_takes_uniform_scalars_only() -> None:
    with pytest.raises(PhobosError) as info:
        phobos.compile("""
@launch(32)
kernel k(X: tensor<f32>[N]) {
  let t = X[0 :+ 4]
  print("t", t, "thread", ctx.thread)
}
""", interpret=True).k[1](np.zeros(4, np.float32))
    assert "`ctx.thread` is varying: it differs between threads, but a tile statement needs the same value" \
        in str(info.value)


@pytest.mark.parametrize("backend", ["cuda", "tileir"])
def test_phobos_compile_builds_them_in_under_debug_only(tmp_path: pytest.TempPathFactory, backend: str,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from phobos.__main__ import main

    source = tmp_path / "doubled.phobos"
    source.write_text(TILES)
    emit, suffix, marks = ("cuda", "cu", ("printf(", "ph_assert_failed(")) if backend == "cuda" else (
        "tileir", "tileir", ("print_tko", "assert "))
    for debug in ("0", "1"):
        monkeypatch.setenv("PHOBOS_DEBUG", debug)
        out = tmp_path / f"out{debug}"
        assert main(["compile", str(source), "--backend", backend, "--target", "sm_90", "--emit", emit,
                     "-o", str(out)]) == 0
        (written,) = out.glob(f"*.{suffix}")
        text = written.read_text()
        assert all((mark in text) == (debug == "1") for mark in marks), (debug, marks)


def test_print_and_assert_with_strings_in_fns_and_an_uncalled_fns_condition() -> None:
    import numpy as np

    mod = phobos.compile("""
fn show(t) {
  print("t =", t)
  assert(t >= 0.0, "t is negative")
}
kernel k(X: tensor<f32>[4]) {
  show(X[0 :+ 4])
}
""", interpret=True)
    mod.k[1](np.ones(4, np.float32))
    with pytest.raises(PhobosError) as info:
        mod.k[1](-np.ones(4, np.float32))
    assert "t is negative" in str(info.value)
    with pytest.raises(PhobosError) as info:
        phobos.compile("fn bad(x) {\n  assert(1 + 1)\n}\nkernel k(X: tensor<f32>[4]) {\n  X[0] = 1.0\n}")
    assert "assert's condition must be a bool or a tile of bool, not i64" in str(info.value)
    with pytest.raises(PhobosError) as info:
        nul = phobos.compile('kernel k(X: tensor<f32>[4]) {\n  print("a\x00b")\n}', interpret=True)
        nul.k[1](np.ones(4, np.float32))
    assert "a string of print cannot hold a NUL character" in str(info.value)
