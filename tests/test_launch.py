"""The launch API, `kernel[grid](*args, **meta)`: grids, meta pins, variant choice by
shape, every argument check with its message, the back-end notice, in-place writes.

Launches here run on a stand-in for the interpreter that records what it was handed,
so each test sees exactly what the runtime passed on; the last tests run the real
interpreter where it is installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
import traceback
import warnings
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest

import phobos
import phobos.backends.interp as interp_module
import phobos.errors as ERRORS
import phobos.lang as ph
from phobos import PhobosError
from phobos.runtime import backend
from phobos.runtime.kernel import python_kernel
from phobos.syntax import parse

SOURCE = """\
@launch(256)
kernel scale_rows(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 32
  var x = X[r :+ 32, :]
  var s = S[r :+ 32, :]
  Y[r :+ 32, :] = x * s
}

kernel scalars(X: tensor<f32>[N], a: f32, n: i32, flag: bool, small: u8, tiny: i8, half: f16) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  if i < N {
    X[i] = X[i] * a
  }
}

kernel reader(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.thread
  if i < N {
    Y[i] = X[i]
  }
}

kernel dtypes(A: tensor<bf16>[N], B: tensor<f16>[N], C: tensor<bool>[N], D: tensor<u16>[N],
              E: tensor<i64>[N], F: tensor<f64>[2, N]) {
}

@autotune(TILE_K in [4, 32])
kernel by_shape(A: tensor<f32>[M, TILE_K], B: tensor<f32>[M, K]) {
}

@autotune(R in [2, 1], T in [8, 4])
kernel first_fit(X: tensor<f32>[M, T]) {
}

@autotune(ROWS in [16, 4])
@aligned(M = ROWS)
kernel promised(X: tensor<f32>[M, 4]) {
}

@aligned(N = 8)
kernel promised_plain(X: tensor<f32>[N]) {
}
"""


@dataclass
class Call:
    kernel: Any
    grid: tuple[int, int, int]
    tensors: dict[str, np.ndarray]
    scalars: dict[str, Any]
    dims: dict[str, int]


@pytest.fixture(autouse=True)
def fresh_runtime(monkeypatch: pytest.MonkeyPatch) -> None:
    """No PHOBOS_INTERPRET from outside, and the once-only notice not yet said."""
    monkeypatch.delenv(backend.ENV_INTERPRET, raising=False)
    monkeypatch.setattr(backend, "_said", set())
    backend.cuda_device.cache_clear()


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[Call]:
    """Replace the interpreter with a recorder; a kernel that writes `Y` gets Y += 1."""
    out: list[Call] = []

    def run(kernel, grid, tensors, scalars, dims) -> None:
        out.append(Call(kernel, grid, tensors, scalars, dims))
        if "Y" in tensors:
            tensors["Y"] += 1

    monkeypatch.setattr(interp_module, "run", run, raising=False)
    return out


@pytest.fixture(scope="module")
def mod() -> phobos.Module:
    return phobos.compile(SOURCE, interpret=True)


def rows(m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return (
        np.ones((m, 64), np.float32),
        np.full((m, 1), 2, np.float32),
        np.zeros((m, 64), np.float32),
    )


def scalar_args(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = dict(
        X=np.zeros(8, np.float32), a=1.5, n=3, flag=True, small=7, tiny=-3, half=0.5
    )
    base.update(over)
    return base


def error_of(fn) -> str:
    with pytest.raises(PhobosError) as info:
        fn()
    assert info.value.span is None  # argument errors point at no kernel source
    return str(info.value)


# ---------------------------------------------------------------- grids


@pytest.mark.parametrize(
    "grid, want",
    [
        (3, (3, 1, 1)),
        ((3,), (3, 1, 1)),
        ((3, 2), (3, 2, 1)),
        ((3, 2, 5), (3, 2, 5)),
        ([4, 2], (4, 2, 1)),
        (np.int64(7), (7, 1, 1)),
        ((2**31 - 1, 65535, 65535), (2**31 - 1, 65535, 65535)),
    ],
)
def test_grid_forms(mod, calls, grid, want):
    mod.scale_rows[grid](*rows(32))
    assert calls[-1].grid == want


def test_grid_function_gets_arguments_dims_and_meta(mod, calls):
    seen: dict[str, Any] = {}

    def grid(meta):
        seen.update(meta)
        return (meta["M"] // 32,)

    x, s, y = rows(96)
    mod.scale_rows[grid](x, s, y)
    assert calls[-1].grid == (3, 1, 1)
    assert seen["M"] == 96 and seen["X"] is x and seen["Y"] is y

    mod.by_shape[lambda meta: meta["TILE_K"]](np.zeros((8, 32), np.float32), np.zeros((8, 12), np.float32))
    assert calls[-1].grid == (32, 1, 1)


def test_grid_function_may_return_an_int(mod, calls):
    mod.scale_rows[lambda meta: meta["M"] // 32](*rows(64))
    assert calls[-1].grid == (2, 1, 1)


@pytest.mark.parametrize(
    "grid, needle",
    [
        (-2, "x extent must be from 0 to 2147483647, not -2"),
        ((4, -1), "y extent must be from 0 to 65535, not -1"),
        ((1, 65536), "y extent must be from 0 to 65535, not 65536"),
        ((1, 2, 3, 4), "must be an int or a tuple of 1 to 3 non-negative ints, not (1, 2, 3, 4)"),
        ((), "not ()"),
        (2.0, "not 2.0"),
        (True, "not True"),
        ((2, False), "not (2, False)"),
        ("4", "not '4'"),
    ],
)
def test_bad_grid_is_refused_where_written(mod, grid, needle):
    message = error_of(lambda: mod.scale_rows[grid])
    assert "kernel `scale_rows`: the grid" in message and needle in message


def test_an_int_grid_keeps_its_launcher(mod):
    """`kernel[grid]` is written at every launch, so an int grid's launcher is made once;
    a tuple's is not kept, as (True,) and (1.0,) equal (1,) but are no grids."""
    assert mod.scale_rows[3] is mod.scale_rows[3]
    assert mod.scale_rows[(1,)] is not mod.scale_rows[(1,)]
    assert "not (True,)" in error_of(lambda: mod.scale_rows[(True,)])
    assert "not True" in error_of(lambda: mod.scale_rows[True])


def test_bad_grid_function_result(mod, calls):
    message = error_of(lambda: mod.scale_rows[lambda meta: (meta["M"], -1)](*rows(32)))
    assert "the grid function's result is (32, -1); its y extent must be from 0" in message
    message = error_of(lambda: mod.scale_rows[lambda meta: "lots"](*rows(32)))
    assert "the grid function's result must be an int or a tuple" in message
    assert not calls


def test_grid_function_asking_for_an_unknown_name(mod, calls):
    message = error_of(lambda: mod.scale_rows[lambda meta: meta["BLOCK"]](*rows(32)))
    assert "the grid function asked for `BLOCK`" in message
    assert "it has: X, S, Y, M" in message


def test_a_grid_function_that_takes_no_argument_is_named_as_such(mod, calls):
    for grid in (lambda: (1,), lambda a, b: (1,)):
        message = error_of(lambda grid=grid: mod.scale_rows[grid](*rows(32)))
        assert "kernel `scale_rows`: the grid function cannot be called with one argument" in message
    def wrong(meta):
        return len(meta, 2)  # its own TypeError, which stands

    with pytest.raises(TypeError, match="len"):
        mod.scale_rows[wrong](*rows(32))
    assert not calls


def test_calling_a_kernel_without_a_grid(mod):
    assert "scale_rows[grid](*args)" in error_of(lambda: mod.scale_rows(*rows(32)))


# ---------------------------------------------------------------- binding


def test_arguments_bind_by_position_and_keyword(mod, calls):
    x, s, y = rows(32)
    mod.scale_rows[1](x, Y=y, S=s)
    assert calls[-1].tensors == {"X": x, "S": s, "Y": y}
    assert list(calls[-1].tensors) == ["X", "S", "Y"]


def test_missing_argument(mod, calls):
    x, s, _ = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x, s))
    assert message == "error: kernel `scale_rows`: missing argument `Y` (tensor<f32>[M, 64])"
    message = error_of(lambda: mod.scale_rows[1](x))
    assert "missing arguments `S` (tensor<f32>[M, 1]), `Y` (tensor<f32>[M, 64])" in message


def test_extra_argument(mod, calls):
    message = error_of(lambda: mod.scale_rows[1](*rows(32), 5))
    assert "kernel `scale_rows` takes 3 arguments (X, S, Y), but 4 were given" in message


def test_argument_given_twice(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x, s, y, X=x))
    assert "argument `X` is given both by position and by keyword" in message


SELF = """\
kernel k(self: tensor<f32>[N], args: tensor<f32>[N], kwargs: f32) {
  self[0] = args[0] + kwargs
}
"""


def test_a_parameter_may_be_named_self_args_or_kwargs_and_passed_by_keyword(calls):
    """issue 22: `self=` was Python's own TypeError (multiple values for `self`)."""

    @ph.kernel(interpret=True)
    def spelt(self: ph.tensor[ph.f32][N], args: ph.tensor[ph.f32][N], kwargs: ph.f32):  # noqa: F821
        self[0] = args[0] + kwargs

    a, b = np.zeros(4, np.float32), np.ones(4, np.float32)
    for kernel in (phobos.compile(SELF, interpret=True).k, spelt):
        for _ in range(2):  # the second by the plan the first left
            kernel[1](self=a, args=b, kwargs=2.0)
            assert calls[-1].tensors == {"self": a, "args": b} and calls[-1].scalars == {"kwargs": 2.0}
            kernel[1](a, kwargs=3.0, args=b)
            assert calls[-1].tensors == {"self": a, "args": b} and calls[-1].scalars == {"kwargs": 3.0}
        assert "is launched with a grid" in error_of(lambda k=kernel: k(self=a))
        assert "unknown option `self`" in error_of(lambda k=kernel: k.with_options(self=a))


def test_unknown_keyword_lists_valid_names(mod, calls):
    message = error_of(lambda: mod.by_shape[1](np.zeros((8, 4), np.float32), np.zeros((8, 8), np.float32), TILE=4))
    assert "kernel `by_shape` has no parameter or autotune name `TILE`" in message
    assert "parameters: A, B" in message and "autotune names: TILE_K" in message


def test_keyword_naming_a_dim_says_where_dims_come_from(mod, calls):
    message = error_of(lambda: mod.scale_rows[1](*rows(32), M=32))
    assert "`M` is a dim: its value comes from the shapes of the arrays passed" in message


# ---------------------------------------------------------------- meta pins and variants


def test_meta_pin_picks_the_variant(mod, calls):
    mod.first_fit[1](np.zeros((4, 8), np.float32), R=1)
    assert calls[-1].kernel.bindings == {"R": 1, "T": 8}


def test_first_variant_in_autotune_order_without_pins(mod, calls):
    mod.first_fit[1](np.zeros((4, 4), np.float32))
    assert calls[-1].kernel.bindings == {"R": 2, "T": 4}


def test_a_variant_whose_grid_has_no_programs_is_no_candidate(mod, calls):
    """issue 22: the first candidate in order whose grid has programs runs; where none
    has, the launch runs nothing, the arguments checked all the same. The grid function
    is asked for no more candidates' grids than that takes."""
    asked: list[int] = []

    def grid(meta: dict[str, Any]) -> int:
        asked.append(meta["R"])
        return 3 * (meta["R"] == 1)

    mod.first_fit[grid](np.zeros((4, 8), np.float32))
    assert calls[-1].kernel.bindings == {"R": 1, "T": 8} and calls[-1].grid == (3, 1, 1) and asked == [2, 1]
    mod.first_fit[lambda meta: 1](np.zeros((5, 8), np.float32))  # (another kind of launch: no plan to follow)
    assert calls[-1].kernel.bindings == {"R": 2, "T": 8} and len(calls) == 2
    mod.first_fit[lambda meta: (meta["R"], 0)](np.zeros((6, 8), np.float32))
    assert len(calls) == 2
    message = error_of(lambda: mod.first_fit[lambda meta: 0](np.zeros((6, 8), np.float64)))
    assert "argument `X`" in message


def test_a_repeated_launch_whose_variant_has_no_programs_now_takes_the_next():
    """A launch of a key already planned, whose planned variant's grid is now empty (the
    grid reads a scalar the key does not hold), or whose candidate passed over for an
    empty grid now has programs, chooses again as a first launch does: the result does
    not depend on the launches before it (each element gets the B that ran)."""
    source = """
@autotune(B in [64, 32])
@launch(32)
kernel fill(Y: tensor<f32>[N], n: i32) {
  let i = ctx.block.x * B
  Y[i :+ B] = Y[i :+ B] + f32(B)
}
"""
    fill = phobos.compile(source, interpret=True).fill
    written = []
    for n in (128, 128, 32, 128, 16, 32, 96):
        y = np.zeros(128, np.float32)
        fill[lambda meta: meta["n"] // meta["B"]](y, n)
        written.append(int(y.sum()))
    assert written == [128 * 64, 128 * 64, 32 * 32, 128 * 64, 0, 32 * 32, 64 * 64]
    fill = phobos.compile(source, interpret=True).fill  # the key's plan made where B = 64 was passed over
    written = []
    for n in (32, 128, 96, 32):
        y = np.zeros(128, np.float32)
        fill[lambda meta: meta["n"] // meta["B"]](y, n)
        written.append(int(y.sum()))
    assert written == [32 * 32, 128 * 64, 64 * 64, 32 * 32]


@pytest.mark.parametrize("extent, want", [(32, 32), (4, 4)])
def test_variant_chosen_by_shape(mod, calls, extent, want):
    mod.by_shape[1](np.zeros((8, extent), np.float32), np.zeros((8, 12), np.float32))
    assert calls[-1].kernel.bindings == {"TILE_K": want}
    assert calls[-1].dims == {"M": 8, "K": 12}


def test_no_variant_fits_the_shapes(mod, calls):
    message = error_of(lambda: mod.by_shape[1](np.zeros((8, 16), np.float32), np.zeros((8, 12), np.float32)))
    assert "kernel `by_shape`: no variant fits the arguments' shapes" in message
    assert "the arguments give TILE_K = 16 (from `A`, dim 1)" in message
    assert "the variants need TILE_K = 4 or TILE_K = 32" in message
    assert not calls


def test_pin_that_contradicts_the_shape(mod, calls):
    message = error_of(lambda: mod.by_shape[1](np.zeros((8, 32), np.float32), np.zeros((8, 12), np.float32), TILE_K=4))
    assert "no variant fits" in message and "the variants need TILE_K = 4" in message
    assert "pinned at the launch: TILE_K=4" in message


@pytest.mark.parametrize(
    "value, needle",
    [
        (8, "autotune name `ROWS` is one of 16, 4, not 8"),
        (4.0, "autotune name `ROWS` takes an int, one of 16, 4; got float 4.0"),
        (True, "takes an int, one of 16, 4; got bool True"),
    ],
)
def test_bad_meta_pin(mod, calls, value, needle):
    assert needle in error_of(lambda: mod.promised[1](np.zeros((16, 4), np.float32), ROWS=value))


def test_aligned_promise_picks_a_variant_that_keeps_it(mod, calls):
    mod.promised[1](np.zeros((8, 4), np.float32))
    assert calls[-1].kernel.bindings == {"ROWS": 4}
    mod.promised[1](np.zeros((32, 4), np.float32))
    assert calls[-1].kernel.bindings == {"ROWS": 16}


def test_broken_aligned_promise(mod, calls):
    message = error_of(lambda: mod.promised[1](np.zeros((8, 4), np.float32), ROWS=16))
    assert "@aligned(M = 16) promises M is a multiple of 16, but M is 8 (from `X`, dim 0)" in message
    assert "in the variant ROWS = 16" in message
    message = error_of(lambda: mod.promised_plain[1](np.zeros(12, np.float32)))
    assert message == (
        "error: kernel `promised_plain`: @aligned(N = 8) promises N is a multiple of 8, "
        "but N is 12 (from `X`, dim 0)"
    )
    assert not calls


def test_no_variant_keeps_its_promise(mod, calls):
    promised = phobos.compile(
        "@autotune(R in [16, 8])\n@aligned(M = R)\nkernel p(X: tensor<f32>[M]) {\n}\n", interpret=True
    ).p
    message = error_of(lambda: promised[1](np.zeros(20, np.float32)))
    assert "@aligned(M = 16) promises M is a multiple of 16, but M is 20" in message
    assert "no variant's promises hold: R = 8: @aligned(M = 8) promises" in message


# ---------------------------------------------------------------- tensors


def test_wrong_dtype(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x.astype(np.float64), s, y))
    assert message == (
        "error: kernel `scale_rows`, argument `X`: expected a C-contiguous array of "
        "float32 for tensor<f32>[M, 64], got a float64 array of shape (32, 64)"
    )


def test_non_native_byte_order_is_named(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x.astype(">f4"), s, y))
    assert "argument `X`" in message and "non-native order" in message


def test_each_element_type_takes_its_numpy_dtype(mod, calls):
    mod.dtypes[1](
        np.zeros(4, ml_dtypes.bfloat16), np.zeros(4, np.float16), np.zeros(4, np.bool_),
        np.zeros(4, np.uint16), np.zeros(4, np.int64), np.zeros((2, 4), np.float64),
    )
    assert calls[-1].dims == {"N": 4}
    message = error_of(lambda: mod.dtypes[1](
        np.zeros(4, np.float16), np.zeros(4, np.float16), np.zeros(4, np.bool_),
        np.zeros(4, np.uint16), np.zeros(4, np.int64), np.zeros((2, 4), np.float64),
    ))
    assert "argument `A`: expected a C-contiguous array of bfloat16 for tensor<bf16>[N]" in message


def test_wrong_rank(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x, s.ravel(), y))
    assert "argument `S`: tensor<f32>[M, 1] has 2 dims, got an array of shape (32,)" in message


def test_literal_dim_that_disagrees(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x, s, np.zeros((32, 63), np.float32)))
    assert "argument `Y`: dim 1 of tensor<f32>[M, 64] is 64, but the array's shape is (32, 63)" in message


def test_symbolic_dim_with_two_values(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](x, np.zeros((36, 1), np.float32), y))
    assert "argument `S`: dim `M` is 36 here (dim 0, shape (36, 1)), but 32 in `X`, dim 0" in message


@pytest.mark.parametrize("m", [1, 2, 3, 5, 30, 33])
def test_any_runtime_extent_runs(mod, m):
    x, s, y = rows(m)
    mod.scale_rows[-(-m // 32)](x, s, y)
    np.testing.assert_array_equal(y, x * s)


def test_an_empty_tensor_or_grid_runs_nothing_and_checks_all_the_same(mod, calls):
    x, s, y = rows(0)
    mod.scale_rows[1](x, s, y)
    mod.scale_rows[lambda meta: meta["M"]](x, s, y)
    x, s, y = rows(32)
    y[:] = 7.0
    for grid in (0, (1, 0), lambda meta: (meta["M"], 0)):
        mod.scale_rows[grid](x, s, y)
        mod.scale_rows[grid](x, s, y)
    assert not calls and (y == 7.0).all()
    message = error_of(lambda: mod.scale_rows[0](x, s, y[:16]))
    assert "argument `Y`" in message


def test_non_contiguous_array(mod, calls):
    x, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1](np.zeros((64, 64), np.float32)[::2], s, y))
    assert "argument `X`: the array is not C-contiguous (row-major)" in message
    fortran = np.asfortranarray(x)
    assert "not C-contiguous" in error_of(lambda: mod.scale_rows[1](fortran, s, y))


def test_not_an_array(mod, calls):
    _, s, y = rows(32)
    message = error_of(lambda: mod.scale_rows[1]([[1.0] * 64] * 32, s, y))
    assert "argument `X`: expected a C-contiguous array of float32" in message
    assert message.endswith("got a list")


def test_read_only_array_the_kernel_writes(mod, calls):
    x = np.ones(8, np.float32)
    y = np.zeros(8, np.float32)
    x.setflags(write=False)
    mod.reader[1](x, y)  # X is only read: a read-only array is fine
    y.setflags(write=False)
    message = error_of(lambda: mod.reader[1](x, y))
    assert "argument `Y`: the kernel writes this tensor, but the array is read-only" in message


def test_a_masked_array_is_refused_for_its_mask(mod, calls):
    x, s, y = rows(32)
    masked = np.ma.masked_array(x, mask=np.ones_like(x, bool))
    message = error_of(lambda: mod.scale_rows[1](masked, s, y))
    assert "argument `X`: expected a C-contiguous array of float32 for tensor<f32>[M, 64], got a masked " \
           "array, whose mask a kernel would ignore" in message
    assert "np.ma.getdata(x)" in message and not calls


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # np.matrix's own
@pytest.mark.parametrize("which", ["X", "Y"])
def test_an_np_matrix_is_refused(mod, calls, which):
    x, s, y = rows(32)
    args = {"X": x, "S": s, "Y": y}
    args[which] = np.asmatrix(args[which])
    message = error_of(lambda: mod.scale_rows[1](**args))
    assert f"argument `{which}`: expected a C-contiguous array of float32 for tensor<f32>[M, 64], " \
           "got an np.matrix, which keeps two dims whatever is done to it" in message
    assert "np.asarray(x)" in message and not calls
    assert "got an np.matrix" in error_of(lambda: mod.reader[1](np.asmatrix(x[0]), y[0]))


# ---------------------------------------------------------------- scalars


def test_scalars_are_passed_as_python_values(mod, calls):
    mod.scalars[1](**scalar_args(a=2, n=np.int32(-5), half=np.float32(0.25), flag=np.bool_(False)))
    got = calls[-1].scalars
    assert got == {"a": 2.0, "n": -5, "flag": False, "small": 7, "tiny": -3, "half": 0.25}
    assert type(got["a"]) is float and type(got["n"]) is int and type(got["flag"]) is bool


@pytest.mark.parametrize(("dtype", "value", "want"), [
    ("f32", 2**64 + 2**40 + 1, 2**64 + 2**41),  # nearest f64 is 2^64 + 2^40, a tie that rounds down in f32
    ("f32", Fraction(1) + Fraction(1, 2**24) + Fraction(1, 2**80), 1 + 2**-23),
    ("f32", -(2**128 - 2**103 - 1), -float(np.finfo(np.float32).max)),  # below the halfway point: finite
    ("bf16", 2**40 + 2**32 + 1, 2**40 + 2**33),
    ("f64", 2**64 + 2**40 + 1, 2**64 + 2**40),
    ("f32", np.int64(2**62 + 2**38 + 1), 2**62 + 2**39),  # numpy integers too (a Fraction keeps their type)
    ("f16", np.uint8(255), 255),
    ("bf16", ml_dtypes.bfloat16(3.0), 3.0),  # ml_dtypes' scalars, which numbers.Real does not list
    ("f32", ml_dtypes.float8_e4m3fn(448.0), 448.0),
])
def test_an_int_or_fraction_for_a_float_is_rounded_once(dtype, value, want):
    """A float scalar given exactly (an int or a Fraction) is its own single rounding to
    the type, as a literal is; not a rounding of its nearest f64."""
    m = phobos.compile(f"kernel f(O: tensor<f64>[1], b: {dtype}) {{\n  if ctx.thread == 0 {{\n"
                       "    O[0] = f64(b)\n  }\n}\n", interpret=True)
    out = np.zeros(1)
    m.f[1](out, value)
    assert out[0] == want


@pytest.mark.parametrize(
    "name, value, needle",
    [
        (
            "n",
            2**31,
            "argument `n`: expected an int for i32 (from -2147483648 to 2147483647), "
            "got 2147483648, which is out of range",
        ),
        ("n", -(2**31) - 1, "got -2147483649, which is out of range"),
        ("small", 256, "argument `small`: expected an int for u8 (from 0 to 255), got 256"),
        ("small", -1, "argument `small`: expected an int for u8 (from 0 to 255), got -1"),
        ("tiny", 128, "argument `tiny`: expected an int for i8 (from -128 to 127), got 128"),
        ("half", 70000.0, "argument `half`: expected a number for f16 (finite values up to ±65504), got 70000.0"),
        ("half", 10**400, "argument `half`: expected a number for f16"),
        ("a", 1e39, "argument `a`: expected a number for f32 (finite values up to ±3.40282e+38)"),
        # Too large for a float at all: refused, not passed as +inf (the negative ones too).
        ("a", np.longdouble("1e400"), "got 1e+400, which"),
        ("a", np.longdouble("-1e400"), "got -1e+400, which"),
        ("a", Fraction(10**400), "got Fraction of about 10^400, which"),
        ("a", Fraction(-(10**400), 3), "got Fraction of about -10^399, which"),
        ("a", -(10**400), "got int of about -10^400, which"),
        pytest.param("n", 10**5000, "got int of about 10^5000, which", id="n-10^5000"),  # str() of it fails
    ],
)
def test_scalar_out_of_range(mod, calls, name, value, needle):
    message = error_of(lambda: mod.scalars[1](**scalar_args(**{name: value})))
    assert needle in message and "out of range" in message


@pytest.mark.parametrize(
    "name, value, needle",
    [
        ("n", 3.0, "argument `n`: expected an int for i32 (from -2147483648 to 2147483647), got float 3.0"),
        ("n", True, "argument `n`: expected an int for i32 (from -2147483648 to 2147483647), got bool True"),
        ("n", "3", "got a str"),
        ("flag", 1, "argument `flag`: expected a bool (True or False), got int 1"),
        ("a", True, "argument `a`: expected a number for f32, got bool True"),
        ("a", 1 + 2j, "argument `a`: expected a number for f32, got a complex"),
        ("a", np.zeros(()), "argument `a`: expected a number for f32, got a float64 array of shape ()"),
    ],
)
def test_scalar_of_the_wrong_kind(mod, calls, name, value, needle):
    assert needle in error_of(lambda: mod.scalars[1](**scalar_args(**{name: value})))


def test_infinite_and_nan_floats_pass(mod, calls):
    mod.scalars[1](**scalar_args(a=float("inf"), half=float("nan")))
    assert calls[-1].scalars["a"] == float("inf")
    mod.scalars[1](**scalar_args(a=np.longdouble("-inf"), half=np.float16("inf")))
    assert calls[-1].scalars["a"] == float("-inf") and calls[-1].scalars["half"] == float("inf")


def test_a_huge_number_of_the_wrong_kind_is_described(mod, calls):
    message = error_of(lambda: mod.scalars[1](**scalar_args(flag=10**5000)))
    assert "argument `flag`: expected a bool (True or False), got int of about 10^5000" in message


# ---------------------------------------------------------------- back end choice


def test_notice_is_said_once_when_no_device_is_visible(calls, monkeypatch):
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "the CUDA driver sees no device"))
    kernel = phobos.compile(SOURCE).scale_rows
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel[1](*rows(32))
        kernel[1](*rows(32))
        phobos.compile(SOURCE).reader[1](np.zeros(4, np.float32), np.zeros(4, np.float32))
    notices = [w for w in caught if issubclass(w.category, backend.InterpreterNotice)]
    assert len(notices) == 1
    assert "no CUDA device is visible" in str(notices[0].message)
    assert "PHOBOS_INTERPRET=1" in str(notices[0].message)
    assert notices[0].filename == __file__  # it points at the launch
    assert len(calls) == 3


def test_no_notice_when_the_interpreter_is_asked_for(monkeypatch, calls):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        phobos.compile(SOURCE, interpret=True).scale_rows[1](*rows(32))
        monkeypatch.setenv(backend.ENV_INTERPRET, "1")
        phobos.compile(SOURCE).scale_rows[1](*rows(32))
    assert len(calls) == 2


def test_visible_device_chooses_the_gpu(monkeypatch, calls):
    """With a device visible, a launch goes to the GPU: a host array is refused by name."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (True, "1 CUDA device visible"))
    assert backend.choose_backend("k", {}) == backend.Choice("cuda")
    assert backend.choose_backend("k", {"interpret": True}) == backend.Choice("interp")
    message = error_of(lambda: phobos.compile(SOURCE).scale_rows[1](*rows(32)))
    assert "argument `X`: the array is in host (CPU) memory" in message
    assert not calls


def test_cuda_detection_never_fails():
    visible, why = backend.cuda_device()
    assert isinstance(visible, bool) and why


def test_interpret_false_without_a_gpu_is_an_error(monkeypatch, calls):
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "cuda-bindings is not installed"))
    kernel = phobos.compile(SOURCE, interpret=False).scale_rows
    message = error_of(lambda: kernel[1](*rows(32)))
    assert "interpret=False, which asks for the GPU, but cuda-bindings is not installed" in message
    monkeypatch.setenv(backend.ENV_INTERPRET, "1")  # an explicit option outranks the variable
    assert "interpret=False" in error_of(lambda: kernel[1](*rows(32)))


def test_the_environment_is_read_at_a_new_kind_of_launch(monkeypatch, calls):
    """PHOBOS_INTERPRET is read when a kind of arguments is first launched; its repeat
    launches run where it did, without reading the variable again."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (True, "1 CUDA device visible"))
    kernel = phobos.compile(SOURCE).scale_rows
    assert "host (CPU) memory" in error_of(lambda: kernel[1](*rows(32)))  # the GPU refuses numpy arrays
    monkeypatch.setenv(backend.ENV_INTERPRET, "1")
    kernel[1](*rows(32))  # a kind not launched before: the variable is read
    monkeypatch.setenv(backend.ENV_INTERPRET, "maybe")
    kernel[1](*rows(32))  # a repeat launch: it is not
    assert len(calls) == 2
    assert "PHOBOS_INTERPRET is 'maybe'" in error_of(lambda: kernel[1](*rows(64)))  # a new shape: it is


def test_bad_environment_value(monkeypatch, calls):
    monkeypatch.setenv(backend.ENV_INTERPRET, "maybe")
    message = error_of(lambda: phobos.compile(SOURCE).scale_rows[1](*rows(32)))
    assert "PHOBOS_INTERPRET is 'maybe'; set it to 1" in message


@pytest.mark.parametrize(("options", "message"), [
    ({"math_mode": np.array(["fast", "relaxed"])},
     "math_mode= takes 'relaxed' or 'fast', not a numpy.ndarray (array(['fast'..., dtype='<U7'))"),
    ({"math_mode": np.array("fast")}, "math_mode= takes 'relaxed' or 'fast', not a numpy.ndarray (array('fast'"),
    ({"math_mode": 3}, "math_mode= takes 'relaxed' or 'fast', not an int (3)"),
    ({"math_mode": "Fast"}, "math_mode= takes 'relaxed' or 'fast', not 'Fast'"),
    ({"math_mode": ["fast"]}, "math_mode= takes 'relaxed' or 'fast', not a list (['fast'])"),
    ({"backend": np.array(["cuda"])}, "backend= takes 'cuda' or 'tileir', not a numpy.ndarray (array(['cuda']"),
    ({"backend": b"cuda"}, "backend= takes 'cuda' or 'tileir', not a bytes (b'cuda')"),
    ({"interpret": np.array([True, False])},
     "interpret= takes True or False, not a numpy.ndarray (array([ True, False]))"),
    ({"interpret": np.True_}, "interpret= takes True or False, not a numpy."),
    ({"interpret": 1}, "interpret= takes True or False, not an int (1)"),
])
def test_an_option_of_any_type_is_refused_by_name_type_and_what_it_takes(options, message):
    """issue 22: math_mode=np.array([...]) raised numpy's ValueError."""
    assert f"phobos.compile: {message}" in error_of(lambda: phobos.compile(SOURCE, **options))
    kernel = phobos.compile(SOURCE, interpret=True).reader
    assert f"kernel `reader`: {message}" in error_of(lambda: kernel.with_options(**{"interpret": None, **options}))
    (name,) = options
    assert phobos.compile(SOURCE, **{name: None}).reader.with_options().options == {}  # None: left out


def test_bad_options_are_refused_at_compile():
    assert "phobos.compile: unknown option `interpet`" in error_of(lambda: phobos.compile(SOURCE, interpet=True))
    assert "interpret= takes True or False, not 'yes'" in error_of(lambda: phobos.compile(SOURCE, interpret="yes"))
    assert "backend= takes 'cuda' or 'tileir', not 'triton'" in error_of(
        lambda: phobos.compile(SOURCE, backend="triton"))
    assert "interpret=True and backend='tileir' ask for two back ends" in error_of(
        lambda: phobos.compile(SOURCE, interpret=True, backend="tileir"))


def test_the_tile_ir_back_end_is_asked_for_by_option_or_environment(monkeypatch, calls):
    """issue 12: on a GPU, backend="tileir" or PHOBOS_BACKEND=tileir runs a kernel
    through Tile IR; the option outranks the variable, and PHOBOS_INTERPRET gives way
    to an explicit backend=."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (True, "1 CUDA device visible"))
    assert backend.choose_backend("k", {"backend": "tileir"}) == backend.Choice("tileir")
    monkeypatch.setenv(backend.ENV_BACKEND, "tileir")
    assert backend.choose_backend("k", {}) == backend.Choice("tileir")
    assert backend.choose_backend("k", {"backend": "cuda"}) == backend.Choice("cuda")
    monkeypatch.setenv(backend.ENV_INTERPRET, "1")
    assert backend.choose_backend("k", {}) == backend.Choice("interp")
    assert backend.choose_backend("k", {"backend": "tileir"}) == backend.Choice("tileir")
    monkeypatch.delenv(backend.ENV_INTERPRET)
    monkeypatch.setenv(backend.ENV_BACKEND, "ptx")
    assert "PHOBOS_BACKEND is 'ptx'; set it to cuda or tileir" in error_of(lambda: backend.choose_backend("k", {}))


def test_asking_for_a_gpu_back_end_without_a_gpu_is_an_error(monkeypatch, calls):
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "cuda-bindings is not installed"))
    kernel = phobos.compile(SOURCE, backend="tileir").scale_rows
    message = error_of(lambda: kernel[1](*rows(32)))
    assert "backend='tileir', which asks for the GPU, but cuda-bindings is not installed" in message
    monkeypatch.setenv(backend.ENV_BACKEND, "tileir")  # the variable only prefers: the interpreter runs it
    assert backend.choose_backend("k", {}).backend == "interp"


@pytest.mark.parametrize("interpret", ["", "1"])
def test_a_bad_phobos_backend_is_an_error_on_the_cpu_too(monkeypatch, calls, interpret: str):
    """The spec: any value of PHOBOS_BACKEND but cuda, tileir or empty is an error,
    whether or not a GPU would read it."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "cuda-bindings is not installed"))
    monkeypatch.setenv(backend.ENV_INTERPRET, interpret)
    monkeypatch.setenv(backend.ENV_BACKEND, "bogus")
    message = error_of(lambda: backend.choose_backend("k", {}))
    assert "PHOBOS_BACKEND is 'bogus'; set it to cuda or tileir, or leave it unset" in message


@pytest.mark.parametrize("interpret", ["", "1"])
def test_a_bad_phobos_autotune_is_an_error_on_the_cpu_too(monkeypatch, calls, interpret: str):
    """PHOBOS_AUTOTUNE is read at the first launch of a kind wherever it runs, and any
    value but a yes, a no or empty is an error, though the interpreter does not tune."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "cuda-bindings is not installed"))
    monkeypatch.setenv(backend.ENV_INTERPRET, interpret)
    monkeypatch.setenv(backend.ENV_AUTOTUNE, "sometimes")
    message = error_of(lambda: backend.choose_backend("k", {}))
    assert "PHOBOS_AUTOTUNE is 'sometimes'; set it to 1 (or true, yes, on), 0 (or false, no, off)" in message
    monkeypatch.setenv(backend.ENV_AUTOTUNE, "0")
    assert backend.choose_backend("k", {}).backend == "interp"


def test_with_options_gives_the_kernel_other_options_and_launches_of_its_own(monkeypatch, calls):
    """kernel.with_options(backend="tileir"): the same program, its own options and
    plans; None drops an option; a bad one is refused as at compile."""
    monkeypatch.setattr(backend, "cuda_device", lambda: (False, "cuda-bindings is not installed"))
    plain = phobos.compile(SOURCE, interpret=True).scale_rows
    twin = plain.with_options(interpret=None, backend="tileir")
    assert twin.options == {"backend": "tileir"} and plain.options == {"interpret": True}
    assert twin.program is plain.program and twin.variants[0].name == plain.variants[0].name
    plain[1](*rows(32))
    assert len(calls) == 1 and not twin.plans
    assert "which asks for the GPU" in error_of(lambda: twin[1](*rows(32)))
    assert "interpret=True and backend='tileir' ask for two back ends" in error_of(
        lambda: plain.with_options(backend="tileir"))


def test_python_kernel_options(calls):
    program = parse(SOURCE, "<test>")
    ast = next(k for k in program.items if getattr(k, "name", "") == "scale_rows")
    kernel = python_kernel(lambda X, S, Y: None, ast, lambda: program, {"interpret": True})
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kernel[1](*rows(32))
    assert kernel.options == {"interpret": True} and len(calls) == 1
    message = error_of(lambda: python_kernel(lambda: None, ast, lambda: program, {"nope": 1}))
    assert "kernel `scale_rows`: unknown option `nope`" in message


def test_missing_interpreter_is_a_clear_error(monkeypatch, mod):
    monkeypatch.delattr(interp_module, "run", raising=False)
    message = error_of(lambda: mod.scale_rows[1](*rows(32)))
    assert "the interpreter back end is missing" in message


# ---------------------------------------------------------------- in-place writes


def test_arrays_are_handed_over_uncopied_and_written_in_place(mod, calls):
    x, s, y = rows(32)
    mod.scale_rows[1](x, s, y)
    assert calls[-1].tensors["X"] is x and calls[-1].tensors["Y"] is y
    assert (y == 1).all()  # the stand-in's write landed in the caller's array


def _real_interpreter() -> Any:
    try:
        from phobos.backends.interp import run
    except ImportError:
        return None
    return run


@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
def test_scale_rows_on_the_interpreter_writes_in_place(mod):
    rng = np.random.default_rng(4)
    m = 100  # a multiple of 4, not of the 32-row tile: the last CTA overhangs
    x = rng.standard_normal((m, 64), dtype=np.float32)
    s = rng.standard_normal((m, 1), dtype=np.float32)
    y = np.full((m, 64), np.nan, np.float32)
    mod.scale_rows[lambda meta: (meta["M"] + 31) // 32](x, s, y)
    np.testing.assert_allclose(y, x * s, rtol=1e-6)


@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
def test_a_read_only_input_runs_on_the_interpreter(mod):
    x = np.arange(8, dtype=np.float32)
    x.setflags(write=False)
    for _ in range(2):  # the full path, then the repeat launch's plan
        y = np.zeros(8, np.float32)
        mod.reader[1](x, y)
        np.testing.assert_array_equal(y, x)
    y.setflags(write=False)
    message = error_of(lambda: mod.reader[1](x, y))
    assert "argument `Y`: the kernel writes this tensor, but the array is read-only" in message


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")  # np.matrix's own
@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
def test_the_interpreter_itself_refuses_only_a_read_only_array_it_writes(mod):
    variant = mod.reader.variants[0]
    x, y = np.ones(8, np.float32), np.zeros(8, np.float32)
    x.setflags(write=False)
    _real_interpreter()(variant, (1, 1, 1), {"X": x, "Y": y}, {}, {"N": 8})
    assert (y == 1).all()
    y.setflags(write=False)
    with pytest.raises(PhobosError, match="tensor `Y`: the kernel writes it, but the array is read-only"):
        _real_interpreter()(variant, (1, 1, 1), {"X": x, "Y": y}, {}, {"N": 8})
    with pytest.raises(PhobosError, match="tensor `X`: needs a plain numpy array, not a matrix"):
        _real_interpreter()(variant, (1, 1, 1), {"X": np.asmatrix(x), "Y": y}, {}, {"N": 8})


@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
@pytest.mark.parametrize(("length", "why"), [
    (2**58, "no address space holds 2^60 bytes: numpy's MemoryError"),
    (2**62, "more bytes than an index counts: numpy's ValueError, array is too big"),
])
def test_a_tile_value_too_large_for_memory_is_named_where_it_is_made(length: int, why: str):
    m = phobos.compile(
        "kernel big(X: tensor<f32>[N], Y: tensor<f32>[N]) {\n"
        f"  Y[0 :+ 8] = X[0 :+ 8] + sum(X[0 :+ {length}])\n}}\n", path="big.phobos", interpret=True)
    with pytest.raises(PhobosError) as info:
        m.big[1](np.ones(8, np.float32), np.zeros(8, np.float32))
    err = info.value
    assert (err.path, err.line, err.column) == ("big.phobos", 2, 31), why
    assert err.message == (f"the interpreter cannot hold the tile value `X[0 :+ {length}]` "
                           f"(tile<f32>[{length}], {4 * length} bytes) in this machine's memory")


@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
def test_an_index_tile_too_large_for_memory_is_named_where_it_is_made():
    """An iota's extent needs only be known and at least 1: its tile is made at its
    statement's run, where the guard names it, not when the kernel is first built."""
    m = phobos.compile("kernel k(X: tensor<i64>[N]) {\n  X[0] = sum(iota(4611686018427387904))\n}\n",
                       path="iota.phobos", interpret=True)
    with pytest.raises(PhobosError) as info:
        m.k[1](np.zeros(4, np.int64))
    err = info.value
    assert (err.path, err.line, err.column) == ("iota.phobos", 2, 14)
    assert err.message == ("the interpreter cannot hold the tile value `iota(4611686018427387904)` "
                           "(tile<i64>[4611686018427387904], 36893488147419103232 bytes) in this machine's memory")



@pytest.mark.skipif(_real_interpreter() is None, reason="the interpreter back end is not installed")
@pytest.mark.parametrize("window", ["Y[0 :+ 4611686018427387904]", "Y[0 :+ 1099511627776, 0 :+ 1099511627776]"])
def test_a_scalar_stored_over_a_window_too_large_for_memory_is_named_at_its_store(window: str):
    dims = "[M, N]" if "," in window else "[N]"
    m = phobos.compile(f"kernel big(Y: tensor<f32>{dims}) {{\n  {window} = 1.0\n}}\n", path="big.phobos",
                       interpret=True)
    with pytest.raises(PhobosError) as info:
        m.big[1](np.zeros((2, 2) if "," in window else 8, np.float32))
    err = info.value
    assert (err.path, err.line) == ("big.phobos", 2)
    assert err.message.startswith("the interpreter cannot hold the window of `Y` stored (tile<f32>[")


# ---------------------------------------------------------------- what a user reads of an error

PACKAGE = str(Path(phobos.__file__).resolve().parent)

# Each script ends in a PhobosError raised through a public entry point, at the line
# marked `# here`, with the message's text after the `# says` comment.
SCRIPTS = {
    "compile": '''
import phobos
phobos.compile("kernel k(X: tensor<f32>[N]) {\\n  X[0] = nope\\n}\\n", path="k.phobos")  # here
# says k.phobos:2:10: error: unknown name `nope`
''',
    "launch": '''
import numpy as np
import phobos
m = phobos.compile("kernel k(X: tensor<f32>[N]) {\\n  X[ctx.thread] = 1.0\\n}\\n", interpret=True)
m.k[1](np.zeros(6, np.float64))  # here
# says argument `X`: expected a C-contiguous array of float32
''',
    "repeat launch": '''
import numpy as np
import phobos
m = phobos.compile("kernel k(X: tensor<f32>[N], a: i32) {\\n  X[ctx.thread] = f32(a)\\n}\\n", interpret=True)
x = np.zeros(8, np.float32)
m.k[1](x, 1)
m.k[1](x, 2**40)  # here
# says argument `a`: expected an int for i32
''',
    "grid": '''
import phobos
m = phobos.compile("kernel k(X: tensor<f32>[N]) {\\n}\\n", interpret=True)
m.k[-1]  # here
# says grid
''',
    "decoration": '''
from __future__ import annotations
import phobos.lang as ph

@ph.kernel  # here: Python names the decorator's line, the message the refused construct
def squares(X: ph.tensor[ph.f32][N]):
    X[0] = X[0] ** 2
# says `**` has no Phobos counterpart
''',
    "first use": '''
from __future__ import annotations
import phobos.lang as ph

@ph.kernel
def halves(X: ph.tensor[ph.f32][N]):
    X[0] = nope
print(halves.phobos_source)
halves.ir  # here
# says unknown name `nope`
''',
}


def run_script(tmp_path: Path, text: str, **env: str) -> tuple[str, int]:
    script = tmp_path / "user_script.py"
    script.write_text(text)
    environ = {k: v for k, v in os.environ.items() if k != ERRORS.ENV_TRACEBACK} | env
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=environ,
                          cwd=tmp_path, timeout=120)
    assert done.returncode == 1, done.stderr
    lines = text.splitlines()
    return done.stderr, lines.index(next(x for x in lines if "# here" in x)) + 1


@pytest.mark.parametrize("case", SCRIPTS)
def test_an_error_shows_the_users_frames_and_the_message(tmp_path: Path, case: str):
    text = SCRIPTS[case]
    stderr, line = run_script(tmp_path, text)
    said = text.split("# says ", 1)[1].strip()
    assert f'File "{tmp_path / "user_script.py"}", line {line}' in stderr, stderr
    assert PACKAGE not in stderr and "During handling" not in stderr, stderr
    assert stderr.count("File ") == 1, stderr
    last = stderr.strip().splitlines()
    assert any(said in x for x in last[-4:]) and "PhobosError: " in stderr


@pytest.mark.parametrize(("case", "value"), [("launch", "1"), ("decoration", "1"), ("launch", " Yes ")])
def test_phobos_traceback_keeps_every_frame(tmp_path: Path, case: str, value: str):
    stderr, line = run_script(tmp_path, SCRIPTS[case], **{ERRORS.ENV_TRACEBACK: value})
    assert f'File "{tmp_path / "user_script.py"}", line {line}' in stderr
    assert f'File "{PACKAGE}{os.sep}' in stderr and stderr.count("File ") > 3


@pytest.mark.parametrize("value", ["0", "false", "NO", "maybe"])
def test_phobos_traceback_no_or_neither_cuts_the_frames(tmp_path: Path, value: str):
    """A no cuts Phobos's frames; a value that is neither cannot replace the error shown,
    so it is a note of it (and the frames are cut)."""
    stderr, line = run_script(tmp_path, SCRIPTS["launch"], **{ERRORS.ENV_TRACEBACK: value})
    assert f'File "{tmp_path / "user_script.py"}", line {line}' in stderr and stderr.count("File ") == 1, stderr
    assert SCRIPTS["launch"].split("# says ", 1)[1].strip() in stderr
    assert ("note: PHOBOS_TRACEBACK is 'maybe'; set it to 1" in stderr) == (value == "maybe"), stderr


def test_errors_caught_in_python_carry_the_callers_frames_only(mod, calls):
    def frames(fn) -> list[str]:
        with pytest.raises(PhobosError) as info:
            fn()
        return sorted({f.filename for f in traceback.extract_tb(info.value.__traceback__)})

    here = [__file__]
    assert frames(lambda: mod.reader[1](np.zeros(6, np.float64), np.zeros(6, np.float32))) == here
    assert frames(lambda: mod.reader[(1, 2, 3, 4)]) == here
    assert frames(lambda: mod.reader(1)) == here
    assert frames(lambda: phobos.compile("kernel k( {")) == here
    assert frames(lambda: ph.exp(1.0)) == here
    assert frames(lambda: mod.reader.with_options(interpet=True)) == here
    assert frames(lambda: phobos.compile("kernel k() {\n}\n", path=5)) == here
    assert frames(lambda: ph.kernel(interpret=True)(5)) == here  # a decorator given options, then no def
    assert frames(lambda: ph.fn(uses="W")(5)) == here


# ------------------------------------------------------------ kernel objects as functions


def test_a_phobos_kernel_looks_like_a_function():
    """Name, docstring, signature (each parameter with its Phobos type, each autotune
    name a keyword that pins it) and a repr naming the variants; `dir` lists each kernel
    of a module once."""
    import inspect

    module = phobos.compile(
        "@autotune(T in [64, 128])\nkernel tiles(X: tensor<f32>[N], a: f32) {\n  X[0 :+ T] = X[0 :+ T] * a\n}\n"
        "kernel plain(Y: tensor<i32>[4]) {\n}\n"
    )
    tiles = module.tiles
    assert (tiles.__name__, tiles.__qualname__, tiles.__module__) == ("tiles", "tiles", "phobos.compile")
    assert "tiles[grid]" in tiles.__doc__
    assert str(inspect.signature(tiles)) == "(X: 'tensor<f32>[N]', a: 'f32', *, T: 'one of [64, 128]' = None)"
    assert repr(tiles) == "<phobos kernel tiles: 2 variants, T in [64, 128]>"
    assert repr(module.plain) == "<phobos kernel plain>"
    assert dir(module).count("tiles") == 1 and dir(module).count("plain") == 1


def test_a_python_kernel_keeps_its_functions_names_and_docstring():
    import inspect

    @ph.kernel
    @ph.autotune(B=[32])
    def doubled(X: ph.tensor[ph.f32][N]):  # noqa: F821
        """Doubles X, B elements a CTA."""
        X[ph.ctx.block.x * B:+B] = X[ph.ctx.block.x * B:+B] * 2.0  # noqa: F821

    assert doubled.__name__ == "doubled" and doubled.__module__ == __name__
    assert doubled.__qualname__ == "test_a_python_kernel_keeps_its_functions_names_and_docstring.<locals>.doubled"
    assert doubled.__doc__ == "Doubles X, B elements a CTA."
    assert list(inspect.signature(doubled).parameters) == ["X", "B"]
    assert doubled.with_options(interpret=True).__doc__ == doubled.__doc__


def test_a_wrong_dtype_is_named_with_its_article() -> None:
    mod = phobos.compile("""
@launch(32)
kernel inc(X: tensor<f32>[N]) {
  X[0 :+ 32] = X[0 :+ 32] + 1.0
}
""", interpret=True)
    with pytest.raises(PhobosError) as info:
        mod.inc[1](np.zeros(4, np.int32))
    assert "got an int32 array of shape (4,)" in str(info.value)
    with pytest.raises(PhobosError) as info:
        mod.inc[1](np.zeros(4, np.uint8))
    assert "got a uint8 array of shape (4,)" in str(info.value)


@pytest.mark.parametrize("name", ["program", "kernels", "phobos_source"])
def test_a_kernel_named_as_a_modules_own_attribute_is_refused_at_its_name(name):
    source = f"kernel {name}(O: tensor<f32>[N]) {{\n  O[0] = 1.0\n}}\n"
    with pytest.raises(phobos.PhobosError, match=f"a kernel cannot be named `{name}`") as caught:
        phobos.compile(source, path="k.phobos", interpret=True)
    assert "k.phobos:1:8" in str(caught.value)
