"""What the Tile IR back end writes computes what the interpreter computes: every
corpus case whose kernel this back end takes runs, on fresh random inputs at awkward
sizes, through a numpy evaluator of the lowered module (tileir_eval.py) and is held to
the case's own numpy reference, as the interpreter is. No GPU and no tileiras are
needed; the device's agreement is the GPU gate's to show."""

from __future__ import annotations

import copy
from typing import Any

import numpy as np
import pytest
import tileir_eval
from corpus.case import BF16, Case
from corpus.cases import CASES
from corpus.harness import compare, fresh_seeds, kernel_for
from tileir_eval import run

import phobos
from phobos.backends.tileir.lower import lower_kernel
from phobos.dtypes import float_to, int_to_float
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.runtime.grid import GridArgs, normalize_grid


def lowerable(case: Case) -> bool:
    if case.native is None:
        return False
    try:
        lower_kernel(kernel_for(case, "native").variants[0])
    except PhobosError:
        return False
    return True


TAKEN = [case for case in CASES if lowerable(case)]


def bound_dims(variant: ir.Kernel, args: dict[str, Any]) -> dict[str, int] | None:
    """The runtime dims the arrays give, or None where the variant's literal dims do not fit."""
    dims: dict[str, int] = {}
    for p in variant.params:
        if not isinstance(p, ir.TensorParam):
            continue
        shape = np.shape(args[p.name])
        for d, extent in zip(p.dims, shape, strict=True):
            if isinstance(d, int) and d != extent:
                return None
            if isinstance(d, str):
                dims[d] = extent
    if any(dims[d] % k for d, k in variant.aligned.items()):
        return None
    return dims


def variant_for(kernel: phobos.Kernel, args: dict[str, Any], meta: dict[str, int]) -> tuple[ir.Kernel, dict]:
    for v in kernel.variants:
        dims = bound_dims(v, args)
        if dims is not None and all(v.bindings.get(k) == n for k, n in meta.items()):
            return v, dims
    raise AssertionError("no variant fits the case's arguments")


def launch(case: Case, args: dict[str, Any]) -> None:
    variant, dims = variant_for(kernel_for(case, "native"), args, dict(case.meta))
    grid = case.grid
    if callable(grid):
        grid = grid(GridArgs(variant.name, {**args, **dims, **variant.bindings}))
    run(lower_kernel(variant).entries[0], entry_values(variant, args, dims), normalize_grid(variant.name, grid))


def entry_values(variant: ir.Kernel, args: dict[str, Any], dims: dict[str, int]) -> list[Any]:
    """The entry's arguments: the kernel's (arrays as they are, scalars as numpy
    scalars of their type), then the runtime dims."""
    values = [
        args[p.name] if isinstance(p, ir.TensorParam) else np.array(args[p.name], phobos.dtypes.NUMPY[p.dtype])[()]
        for p in variant.params
    ]
    return values + [np.int64(dims[d]) for d in variant.runtime_dims]


def test_the_corpus_reaches_the_tile_kernels():
    assert len(TAKEN) >= 25, [c.name for c in TAKEN]


@pytest.mark.parametrize("case", TAKEN, ids=[c.name for c in TAKEN])
def test_lowered_kernel_agrees_with_numpy(case: Case):
    for seed in fresh_seeds():
        args = case.inputs(np.random.default_rng(seed))
        with np.errstate(all="ignore"):
            want = case.expect(copy.deepcopy(args))
        try:
            launch(case, args)
            for name, expected in want.items():
                rtol, atol = case.tolerance(name)
                compare(name, args[name], expected, rtol, atol, name in case.unordered)
        except Exception as exc:
            exc.add_note(f"corpus case `{case.name}` through Tile IR; random seed {seed}")
            raise


def test_erf_holds_to_f32_over_its_whole_range():
    """Tile IR has no erf: the back end's polynomials, run by the evaluator in f32,
    against math.erf from -6 to 6 (both pieces and the flat tails), and NaN."""
    import math

    source = "kernel k(X: tensor<f32>[N], Y: tensor<f32>[N]) {\n  Y[0 :+ 4096] = erf(X[0 :+ 4096])\n}\n"
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.linspace(-6, 6, 4096).astype(np.float32)
    x[7] = np.nan
    y = np.zeros_like(x)
    run(lower_kernel(variant).entries[0], [x, y, np.int64(x.size)], (1, 1, 1))
    want = np.array([math.erf(v) for v in x.astype(np.float64)])
    assert np.isnan(y[7])
    keep = ~np.isnan(want)
    np.testing.assert_allclose(y[keep], want[keep], rtol=1e-6, atol=2e-7)


def test_erf_below_one_is_within_two_ulp_with_each_step_rounded():
    """The polynomial below 1 is only multiplies and adds, which tileiras rounds one by one
    (no FMA in its SASS), as the evaluator does: so this is the GPU's error there."""
    import math

    source = "kernel k(X: tensor<f32>[N], Y: tensor<f32>[N]) {\n  Y[0 :+ 65536] = erf(X[0 :+ 65536])\n}\n"
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.linspace(-0.9999, 0.9999, 65536).astype(np.float32)
    x[:16] = [-0.473553, 0.473553, -0.993525, 1e-30, -1e-30, 0.0, -0.0, 2**-126, 0.5, 0.25, 0.75, 0.9, 0.1,
              0.01, 0.3, 0.6]
    y = np.zeros_like(x)
    run(lower_kernel(variant).entries[0], [x, y, np.int64(x.size)], (1, 1, 1))
    want = np.array([math.erf(v) for v in x.astype(np.float64)])
    ulp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
    worst = np.max(np.abs(y.astype(np.float64) - want) / ulp)
    assert worst <= 2.0, worst


def test_maxf_and_minf_order_the_zeros_as_tile_ir_defines_them():
    """Tile IR's maxf: +0.0 above -0.0 (Ops.td, MaxFOp), elementwise and in a reduce."""
    source = ("kernel k(A: tensor<f32>[4], B: tensor<f32>[4], E: tensor<f32>[8], R: tensor<f32>[2]) {\n"
              "  E[0 :+ 4] = max(A[0 :+ 4], B[0 :+ 4])\n  E[4 :+ 4] = min(B[0 :+ 4], A[0 :+ 4])\n"
              "  R[0 :+ 1] = max<axis 0>(A[0 :+ 4])\n  R[1 :+ 1] = min<axis 0>(A[0 :+ 4])\n}\n")
    variant = phobos.compile(source).kernels["k"].variants[0]
    a = np.array([0.0, -0.0, 0.0, -0.0], np.float32)
    e, r = np.ones(8, np.float32), np.ones(2, np.float32)
    run(lower_kernel(variant).entries[0], [a, -a, e, r], (1, 1, 1))
    assert np.signbit(e).tolist() == [False] * 4 + [True] * 4 and np.signbit(r).tolist() == [False, True]
    assert (e == 0).all() and (r == 0).all()


def test_blocks_past_the_tensor_read_nothing_and_write_nothing():
    """A grid larger than the tensor: the last blocks' windows lie wholly past it, so
    their view tile indices are kept inside the index space and nothing is stored."""
    source = ("kernel k(X: tensor<f32>[N], Y: tensor<f32>[N]) {\n"
              "  let c = ctx.block.x * 32\n  Y[c :+ 32] = X[c :+ 32] * 2.0 + 1.0\n}\n")
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.arange(40, dtype=np.float32)
    y = np.full(40, -7.0, np.float32)
    run(lower_kernel(variant).entries[0], [x, y, np.int64(40)], (5, 1, 1))
    np.testing.assert_array_equal(y, x * 2 + 1)


@pytest.mark.parametrize(("m", "n"), [(37, 50), (50, 37), (64, 64)])
def test_a_whole_tile_store_leaves_what_the_value_lacks_alone(m: int, n: int):
    """`Y[c :+ 32] = X[c :+ 32]` with X shorter than Y stores through a tile of pointers
    (the value lacks Y's positions past X); with X as long as Y, through the view, which
    leaves out what lies past Y. Either way Y past X keeps its values."""
    source = ("kernel k(X: tensor<f32>[M], Y: tensor<f32>[N]) {\n"
              "  let c = ctx.block.x * 32\n  Y[c :+ 32] = X[c :+ 32] + 1.0\n}\n")
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.arange(m, dtype=np.float32)
    y = np.full(n, -7.0, np.float32)
    run(lower_kernel(variant).entries[0], [x, y, np.int64(m), np.int64(n)], (3, 1, 1))
    expected = np.full(n, -7.0, np.float32)
    expected[:min(m, n)] = x[:min(m, n)] + 1
    np.testing.assert_array_equal(y, expected)


def test_bool_and_unsigned_tensors_are_bytes_read_and_written_as_phobos_has_them():
    source = (
        "kernel k(X: tensor<f32>[N], B: tensor<bool>[N], U: tensor<u8>[N], M: tensor<bool>[N], Y: tensor<f32>[N]) {\n"
        "  let c = ctx.block.x * 32\n"
        "  M[c :+ 32] = X[c :+ 32] > 0.0\n"
        "  Y[c :+ 32] = where(B[c :+ 32], X[c :+ 32], f32(i32(U[c :+ 32])))\n}\n"
    )
    variant = phobos.compile(source).kernels["k"].variants[0]
    rng = np.random.default_rng(5)
    n = 52
    x = rng.standard_normal(n).astype(np.float32)
    b = rng.random(n) < 0.5
    u = rng.integers(0, 256, n).astype(np.uint8)
    mask, y = np.zeros(n, np.bool_), np.zeros(n, np.float32)
    run(lower_kernel(variant).entries[0], [x, b, u, mask, y, np.int64(n)], (2, 1, 1))
    np.testing.assert_array_equal(mask, x > 0)
    np.testing.assert_array_equal(y, np.where(b, x, u.astype(np.float32)))
    assert mask.view(np.uint8).max() == 1  # a stored true is the byte 1


def test_one_element_of_a_tile_at_a_uniform_index():
    """`t[i, j]` with the same indices in every thread: the element, or 0 where it is
    absent or outside the tile."""
    source = (
        "kernel k(X: tensor<f32>[M, N], O: tensor<f32>[4], i: i64, j: i64) {\n"
        "  var t = X[0 :+ 4, 0 :+ 8]\n"
        "  O[0] = t[i, j]\n  O[1] = t[1, 2]\n  O[2] = t[i, j + 100]\n  O[3] = t[3, 7]\n}\n"
    )
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.arange(4 * 6, dtype=np.float32).reshape(4, 6) - 3.0  # columns 6 and 7 of the tile are absent
    o = np.full(4, -7.0, np.float32)
    run(lower_kernel(variant).entries[0], [x, o, np.int64(2), np.int64(-1), np.int64(4), np.int64(6)], (1, 1, 1))
    np.testing.assert_array_equal(o, [0.0, x[1, 2], 0.0, 0.0])
    run(lower_kernel(variant).entries[0], [x, o, np.int64(2), np.int64(5), np.int64(4), np.int64(6)], (1, 1, 1))
    assert o[0] == x[2, 5]


@pytest.mark.parametrize("s", [-3, 0, 5, 10, 40])
def test_windows_of_a_tile_at_a_start_known_at_run_time(s: int):
    """Read and write through `t[s :+ 8]` (scratch memory on this back end): a read is
    present where the window meets the tile's region; a write lands where the value is
    present and the position lies inside the tile."""
    source = (
        "kernel k(X: tensor<f32>[N], Y: tensor<f32>[8], Z: tensor<f32>[16], s: i64) {\n"
        "  var t = X[0 :+ 16]\n"
        "  Y[0 :+ 8] = t[s :+ 8] + 1.0\n"
        "  var u: tile<f32>[16] = 5.0\n"
        "  u[s :+ 8] = X[0 :+ 8] * 2.0\n"
        "  Z[0 :+ 16] = u\n}\n"
    )
    variant = phobos.compile(source).kernels["k"].variants[0]
    n = 12
    x = np.arange(1, n + 1, dtype=np.float32)
    y, z = np.full(8, -7.0, np.float32), np.zeros(16, np.float32)
    run(lower_kernel(variant).entries[0], [x, y, z, np.int64(s), np.int64(n)], (1, 1, 1))
    want_y = np.array([x[s + p] + 1 if 0 <= s + p < n else -7.0 for p in range(8)], np.float32)
    want_z = np.full(16, 5.0, np.float32)
    for p in range(8):
        if 0 <= s + p < 16:
            want_z[s + p] = 2 * x[p]
    np.testing.assert_array_equal(y, want_y)
    np.testing.assert_array_equal(z, want_z)


def agree_with_interpreter(source: str, args: dict[str, Any], grid: tuple[int, int, int]) -> None:
    """Run `source`'s kernel `k` on the interpreter and through the Tile IR evaluator,
    from the same arguments; every array must come out the same."""
    kernel = phobos.compile(source, interpret=True).k
    want = copy.deepcopy(args)
    kernel[grid](**want)
    variant, dims = variant_for(kernel, args, {})
    run(lower_kernel(variant).entries[0], entry_values(variant, args, dims), grid)
    for name, value in want.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_allclose(args[name], value, rtol=1e-6, atol=1e-6, err_msg=name)


def test_nested_loops_and_branches_carry_tiles_whose_regions_change():
    source = """\
kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, 8], flag: i32) {
  let r = ctx.block.x * 8
  var acc: tile<f32>[8, 8] = 0.0
  for i in range(0, 3) {
    for c in range(0, N, 8) {
      if flag > i {
        acc = acc + X[r :+ 8, c :+ 8]
      } else {
        acc = acc * 0.5
      }
    }
    var k: i64 = 0
    while k < i {
      acc = acc - 1.0
      k += 1
    }
  }
  Y[r :+ 8, 0 :+ 8] = acc
}
"""
    rng = np.random.default_rng(3)
    for flag in (0, 2, 5):
        m, n = 20, 36
        args = {"X": rng.standard_normal((m, n)).astype(np.float32), "Y": np.full((m, 8), -9.0, np.float32),
                "flag": flag}
        agree_with_interpreter(source, args, (3, 1, 1))


JUMPS = """\
kernel k(X: tensor<f32>[N], Y: tensor<f32>[N], Z: tensor<f32>[N], stop: i32, skip: i32) {
  let c = ctx.block.x * 32
  var acc: tile<f32>[32] = 0.0
  for i in range(0, 8) {
    if i == skip {
      continue
    }
    if i >= stop {
      break
    }
    acc = acc + X[c + i :+ 32]
  }
  Y[c :+ 32] = acc
  var t = X[c :+ 32]
  var k: i64 = 0
  while k < 10 {
    k += 1
    if k == skip {
      continue
    }
    t = t * 0.5
    if k > stop {
      break
    }
  }
  if stop < 2 {
    return
  }
  Z[c :+ 32] = t + f32(k)
}
"""


@pytest.mark.parametrize(("stop", "skip"), [(0, 9), (3, 1), (5, 5), (9, 0), (1, 3)])
def test_break_continue_and_return_on_values_the_same_in_every_thread(stop: int, skip: int):
    rng = np.random.default_rng(stop * 10 + skip)
    n = 52
    args = {"X": rng.standard_normal(n).astype(np.float32), "Y": np.full(n, -9.0, np.float32),
            "Z": np.full(n, -9.0, np.float32), "stop": stop, "skip": skip}
    agree_with_interpreter(JUMPS, args, (2, 1, 1))


@pytest.mark.parametrize("skip", [0, 3, 9])
def test_continue_in_a_for_without_break(skip: int):
    source = (
        "kernel k(X: tensor<f32>[N], Y: tensor<f32>[N], skip: i32) {\n  let c = ctx.block.x * 32\n"
        "  var acc: tile<f32>[32] = 0.0\n  for i in range(0, 8) {\n    if i == skip {\n      continue\n    }\n"
        "    acc = acc + X[c + i :+ 32]\n  }\n  Y[c :+ 32] = acc\n}\n"
    )
    rng = np.random.default_rng(skip)
    args = {"X": rng.standard_normal(52).astype(np.float32), "Y": np.full(52, -9.0, np.float32), "skip": skip}
    agree_with_interpreter(source, args, (2, 1, 1))


def test_an_i8_product_sum_wraps_as_phobos_sums_do():
    """i32 sums wrap; the machine's integer MMA saturates, so each tile's products are
    added to the running sum after, by a wrapping add."""
    source = (
        "kernel k(A: tensor<i8>[M, K], B: tensor<i8>[K, N], C: tensor<i32>[M, N]) {\n"
        "  var acc: tile<i32>[16, 16] = 2147483000\n"
        "  for k in range(0, K, 32) {\n    acc += dot(A[0 :+ 16, k :+ 32], B[k :+ 32, 0 :+ 16])\n  }\n"
        "  C[0 :+ 16, 0 :+ 16] = acc\n}\n"
    )
    args = {"A": np.full((16, 64), 127, np.int8), "B": np.full((64, 16), 127, np.int8),
            "C": np.zeros((16, 16), np.int32)}
    agree_with_interpreter(source, args, (1, 1, 1))
    assert args["C"][0, 0] == np.int32(np.int64(2147483000 + 64 * 127 * 127) - 2**32)


def test_integers_reach_bf16_in_steps_right_whichever_way_tileiras_lowers_them(monkeypatch: pytest.MonkeyPatch):
    """An integer -> bf16 `itof`, or an f64 -> bf16 `ftof`, may be lowered through f32
    (as LLVM promotes bf16 where the target has no conversion), rounding twice. The
    lowering of bf16(x) for an i32, u32 or i64 x rounds once even then: the evaluator
    takes every such conversion through f32 here, and the corpus's halfway points
    still come out right."""
    def through_f32(convert):
        def twice(x: np.ndarray, target: np.dtype) -> np.ndarray:
            if target == np.dtype(BF16) and x.dtype.itemsize > 2:
                return float_to(convert(x, np.dtype(np.float32)), target)
            return convert(x, target)
        return twice

    monkeypatch.setattr(tileir_eval, "int_to_float", through_f32(int_to_float))
    monkeypatch.setattr(tileir_eval, "float_to", through_f32(float_to))
    case = next(c for c in TAKEN if c.name == "dtypes/int_floats")
    args = case.inputs(np.random.default_rng(7))
    want = case.expect(copy.deepcopy(args))
    launch(case, args)
    compare("O", args["O"], want["O"], 0.0, 0.0)


@pytest.mark.parametrize("breaks", [False, True], ids=["for", "for_with_break"])
@pytest.mark.parametrize("step", [16, 5, 0, -16])
def test_a_for_whose_step_is_not_positive_at_run_time_runs_no_turns(step: int, breaks: bool):
    """The spec runs no turns of a `for` whose step is 0 or less; Tile IR's `for` takes
    only a positive step, and a `loop` with a `break` would never leave."""
    leave = "    if S[0] > 100000 {\n      break\n    }\n" if breaks else ""
    source = (f"kernel k(X: tensor<i32>[N], S: tensor<i32>[1], T: i64) {{\n  for i in range(0, N, T) {{\n{leave}"
              "    S[0] = S[0] + X[i]\n  }\n}\n")
    variant = phobos.compile(source).kernels["k"].variants[0]
    x = np.arange(1, 41, dtype=np.int32)
    s = np.zeros(1, np.int32)
    run(lower_kernel(variant).entries[0], [x, s, np.int64(step), np.int64(x.size)], (1, 1, 1))
    assert s[0] == (int(x[::step].sum()) if step > 0 else 0)
