"""The specialization key (seed 004): what it says of a launch, `do_not_specialize` in
both spellings, the code each back end makes of it, the plan keys that follow it and
the warning past 16 compiles. The GPU is stood in for at the driver's edge
(test_launch_fast.py); the code generators are real."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from test_launch_fast import FakeTensor, full_path_calls, stand_in_gpu

import phobos
import phobos.lang as ph
from phobos import PhobosError
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text
from phobos.ir import nodes as ir
from phobos.ir.specialize import ANY, Specialization, specialize, usual
from phobos.runtime.compiles import MOST_COMPILES, RecompileWarning

ROWS = """\
kernel rows(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], n: i32, a: f32) {
  let r = ctx.block.x
  Y[r, 0 :+ 64] = X[r, 0 :+ 64] * a + f32(n)
}
"""

KEPT = """\
@do_not_specialize(n, N)
kernel rows(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], n: i32, a: f32) {
  let r = ctx.block.x
  Y[r, 0 :+ 64] = X[r, 0 :+ 64] * a + f32(n)
}
"""


def variant(source: str) -> ir.Kernel:
    return phobos.compile(source).rows.variants[0]


def test_the_key_says_what_each_size_and_tensor_is():
    v = variant(ROWS)
    spec = specialize(v, {"M": 1, "N": 36}, {"n": 32, "a": 16.0}, frozenset({"X"}))
    assert spec.multiple("N") == 4 and spec.multiple("M") == 1 and spec.multiple("n") == 16
    assert spec.multiple("a") == 1  # a float is no size
    assert spec.ones == frozenset({"M"}) and spec.aligned == frozenset({"X"})
    assert spec.pitched == frozenset({"X", "Y"})  # 36 f32 are 144 bytes
    assert specialize(v, {"M": 3, "N": 5}, {"n": 1, "a": 0.0}, frozenset()).pitched == frozenset()
    assert specialize(v, {"M": 32, "N": 48}, {"n": 7, "a": 0.0}, frozenset()).text() == (
        "multiples of 16: M, N; rows 16-byte multiples apart: X, Y")
    assert specialize(v, {"M": 3, "N": 5}, {"n": 7, "a": 0.0}, frozenset()) == ANY
    # Equal keys are one key, whatever the values that made them.
    assert specialize(v, {"M": 3, "N": 8}, {"n": 5, "a": 1.0}, frozenset()) == specialize(
        v, {"M": 7, "N": 12}, {"n": 9, "a": 2.0}, frozenset())


def test_do_not_specialize_leaves_its_sizes_out_in_both_spellings():
    native = variant(KEPT)
    assert native.unspecialized == frozenset({"n", "N"})
    spec = specialize(native, {"M": 16, "N": 16}, {"n": 1, "a": 0.0}, frozenset())
    assert spec.multiples == (("M", 16),) and spec.ones == frozenset() and spec.pitched == frozenset()

    @ph.kernel(do_not_specialize=["n", "N"])
    def rows(X: ph.tensor[ph.f32][M, N], Y: ph.tensor[ph.f32][M, N], n: ph.i32, a: ph.f32):  # noqa: F821
        r: ph.let = ph.ctx.block.x
        Y[r, 0:+64] = X[r, 0:+64] * a + ph.f32(n)

    assert rows.variants[0].unspecialized == frozenset({"n", "N"})
    assert "@do_not_specialize(n, N)" in rows.phobos_source
    assert "@do_not_specialize(n, N)" in phobos.compile(KEPT).phobos_source


@pytest.mark.parametrize(("attribute", "needle"), [
    ("@do_not_specialize(a)", "`a`, a f32 scalar; only integers are specialized on"),
    ("@do_not_specialize(X)", "`X`, a tensor"),
    ("@do_not_specialize(Q)", "`Q`, neither a parameter nor a dim of the kernel"),
    ("@do_not_specialize(n, n)", "names `n` twice"),
    ("@autotune(T in [1])\n@do_not_specialize(T)", "`T`, an @autotune name"),
    ("@do_not_specialize(n)\n@do_not_specialize(N)", "attribute @do_not_specialize is given twice"),
])
def test_a_bad_do_not_specialize_is_refused_where_written(attribute: str, needle: str):
    with pytest.raises(PhobosError) as info:
        phobos.compile(attribute + "\n" + ROWS, path="k.phobos")
    assert needle in info.value.message and info.value.span is not None
    assert info.value.span.line <= attribute.count("\n") + 1


def _line_here() -> int:
    import inspect

    frame = inspect.currentframe()
    assert frame is not None and frame.f_back is not None
    return frame.f_back.f_lineno + 1


def test_a_python_do_not_specialize_is_refused_at_its_name():
    line = _line_here()
    with pytest.raises(PhobosError) as info:
        @ph.kernel(do_not_specialize=["a"])
        def bad(X: ph.tensor[ph.f32][N], a: ph.f32):  # noqa: F821
            X[0] = a

        bad.variants  # noqa: B018  (a kernel is checked at first use)
    assert "`a`, a f32 scalar" in info.value.message and info.value.span is not None
    assert info.value.span.path == __file__ and info.value.span.line == line + 1
    with pytest.raises(PhobosError, match="do_not_specialize= lists names as strings"):
        ph.kernel(do_not_specialize=[1])(lambda X: None)


# ------------------------------------------------------------ the code each key makes


def cuda(v, spec: Specialization) -> str:
    return generate(v, spec).source.split("namespace ph")[-1]


def test_the_cuda_code_uses_what_the_key_promises():
    v = variant(ROWS)
    known = cuda(v, specialize(v, {"M": 32, "N": 64}, {"n": 16, "a": 0.0}, frozenset({"X", "Y"})))
    # the writer decides by the multiples itself (NVRTC is not told them: KernelWriter.assumptions)
    assert "// for launches where multiples of 16: M, N, n" in known and "__builtin_assume" not in known
    assert "N_ % 4 == 0" not in known and "ph::vstore(&Y_[" in known  # rows of whole groups, no test
    unknown = cuda(v, specialize(v, {"M": 3, "N": 65}, {"n": 7, "a": 0.0}, frozenset({"X", "Y"})))
    assert "__builtin_assume" not in unknown
    assert "N_ % 4 == 0" in unknown and "ph::vstore(&Y_[" in unknown  # the pitch tested once, at run time
    one = cuda(v, specialize(v, {"M": 1, "N": 1}, {"n": 1, "a": 0.0}, frozenset()))
    assert "__builtin_assume(M_ == 1);" in one and "__builtin_assume(n_ == 1);" in one
    assert "ph::vstore" not in one  # unaligned: element by element
    assert "// for launches where equal to 1: M, N, n" in generate(v, specialize(
        v, {"M": 1, "N": 1}, {"n": 1, "a": 0.0}, frozenset())).source


def test_the_tile_ir_module_assumes_what_the_key_promises():
    v = variant(ROWS)
    text = module_text(lower_kernel(v, specialize(v, {"M": 1, "N": 48}, {"n": 32, "a": 0.0}, frozenset())))
    assert "predicate = div_by<16>" in text and "predicate = bounded<1, 1>" in text
    assert "div_by<16>} : tile<i64>" in text and "div_by<16>} : tile<i32>" in text  # N, and n
    assert "} : tile<i64>" in text and "div_by<4>" not in module_text(lower_kernel(v, ANY))
    assert module_text(lower_kernel(v)) == module_text(lower_kernel(v, usual(v)))  # the goldens' key


# ------------------------------------------------------------ launches


@pytest.fixture
def gpu(monkeypatch: pytest.MonkeyPatch):
    return stand_in_gpu(monkeypatch)


def rows_of(m: int, n: int) -> tuple[FakeTensor, FakeTensor]:
    return FakeTensor((m, n), 0x100000), FakeTensor((m, n), 0x200000)


def test_an_integer_scalar_s_facts_pick_the_plan(gpu):
    k = phobos.compile(ROWS).rows
    x, y = rows_of(4, 64)
    for n in (5, 7, 16, 32, 1, 9):
        k[4](x, y, n, 1.0)
    assert full_path_calls(gpu)[0] == 3  # 5, 7, 9 alike; 16 and 32 alike; 1
    assert len(k.compiles.seen) == 3
    kept = phobos.compile(KEPT).rows
    for n in (5, 16, 1):
        kept[4](x, y, n, 1.0)
    assert full_path_calls(gpu)[0] == 4 and len(kept.compiles.seen) == 1


def test_past_16_compiles_a_warning_names_the_size_that_changed(gpu):
    k = phobos.compile(ROWS).rows
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for m, width in ((3, 5), (1, 8), (3, 32), (16, 5), (16, 8), (1, 32)):
            for n in (3, 16, 1, 35):  # n changes most: at every compile but one in three
                x, y = rows_of(m, width)
                k[1](x, y, n, 1.0)
    said = [w for w in caught if issubclass(w.category, RecompileWarning)]
    assert len(said) == 1 and len(k.compiles.seen) == 6 * 3  # 35 has 3's key
    text = str(said[0].message)
    assert f"kernel `rows` was compiled {MOST_COMPILES + 1} times in this process" in text
    assert "`n` changed in" in text and '@do_not_specialize(n)' in text and 'do_not_specialize=["n"]' in text


def test_a_kernel_that_compiles_once_a_key_says_nothing(gpu):
    k = phobos.compile(ROWS).rows
    with warnings.catch_warnings():
        warnings.simplefilter("error", RecompileWarning)
        for m in range(2, 40):
            x, y = rows_of(m * 2 + 1, 65)
            k[1](x, y, 3, 1.0)
    assert len(k.compiles.seen) == 1


@pytest.mark.parametrize("n", [1, 2, 3, 5, 4097])
def test_any_extent_runs_on_the_interpreter(n: int):
    m = phobos.compile(ROWS, interpret=True)
    x = np.random.default_rng(n).standard_normal((2, n)).astype(np.float32)
    y = np.zeros_like(x)
    m.rows[2](x, y, 3, 0.5)
    width = min(n, 64)
    np.testing.assert_allclose(y[:, :width], x[:, :width] * 0.5 + 3, rtol=1e-6)
    assert (y[:, width:] == 0).all()
