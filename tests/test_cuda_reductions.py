"""Row reductions on the CUDA back end: each row gets a group of threads that fold it
in registers and combine by xor shuffles (a wide group also through one shared-memory
step), and softmax fuses into its output sweep after its row statistics.

These pin the shape of the generated code and that it compiles (NVRTC, sm_80 and
sm_90); whether it computes the interpreter's results is the GPU corpus gate's job.
"""

from __future__ import annotations

import re

import pytest

import phobos
from phobos.backends.cuda.layout.groups import WARP, row_groups
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.cuda.write.prelude import PRELUDE
from phobos.ir import nodes as ir

PROGRAM = """
// Four rows of 4096 a CTA of 256: a group of 64 threads (two warps) per row.
@launch(256)
kernel wide_rows(X: tensor<f32>[M, N], S: tensor<f32>[M, 1], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * 4
  var x = X[r :+ 4, 0 :+ 4096]
  S[r :+ 4, :] = rowsum(x)
  Y[r :+ 4, 0 :+ 4096] = softmax(x)
}

// 64 rows of 128 a CTA of 128: a warp per row, 4 rows a pass, read straight from X.
kernel narrow_rows(X: tensor<f32>[M, N], S: tensor<f32>[M, 3], Y: tensor<bf16>[M, N]) {
  let r = ctx.block.x * 64
  S[r :+ 64, 0 :+ 1] = rowsum(X[r :+ 64, 0 :+ 128])
  S[r :+ 64, 1 :+ 1] = rowmax(X[r :+ 64, 0 :+ 128])
  S[r :+ 64, 2 :+ 1] = rowmin(X[r :+ 64, 0 :+ 128])
  Y[r :+ 64, 0 :+ 128] = bf16(softmax(X[r :+ 64, 0 :+ 128]))
}

// One row of 8192 for the whole CTA of 1024 (32 warps); integers wrap, i8 sums in i32.
@launch(1024)
kernel one_row(X: tensor<i32>[N], B: tensor<i8>[N], O: tensor<i32>[3]) {
  O[0 :+ 1] = sum<axis 0>(X[0 :+ 8192])
  O[1 :+ 1] = max<axis 0>(X[0 :+ 8192])
  O[2 :+ 1] = sum<axis -1>(B[0 :+ 8192])
}

// Rank 3 along the last axis, f64 softmax of a rank-1 tile, and in-place softmax.
@launch(64)
kernel odd_shapes(X: tensor<f64>[A, B, C], S: tensor<f64>[A, B, 1], V: tensor<f64>[N], W: tensor<f64>[N],
                  T: tensor<f32>[8, 8]) {
  S[0 :+ 2, 0 :+ 3, 0 :+ 1] = sum<axis 2>(X[0 :+ 2, 0 :+ 3, 0 :+ 40])
  W[0 :+ 100] = softmax(V[0 :+ 100])
  var t = T[:, :]
  t = softmax(t)
  t = softmax(transpose(t))
  T[:, :] = t
}
"""


@pytest.fixture(scope="module")
def module() -> phobos.Module:
    return phobos.compile(PROGRAM, path="tests/test_cuda_reductions.py")


def body(kernel: phobos.Kernel) -> str:
    source = generate(kernel.variants[0]).source
    assert source.startswith(PRELUDE)
    return source[len(PRELUDE):]


def test_rowsum_and_softmax_use_group_shuffles(module: phobos.Module):
    code = body(module.wide_rows)
    # x lives in registers; each lane folds the 16 groups of 4 it holds.
    assert "4 rows of 4096, a group of 64 threads per row, each lane holding 16 groups of 4" in code
    assert "ph::shfl_xor(acc, m, 32)" in code  # rowsum
    assert "ph::shfl_xor(peak, m, 32)" in code and "ph::shfl_xor(total, m, 32)" in code  # softmax
    assert "if (begin <= j && j < end) acc = (acc + x_[slot * 4 + v]);" in code
    # The two warps of a row meet in shared memory once per fold, with a barrier.
    assert code.count("_part[threadIdx.x / 32] = ") == 3
    # No thread walks a whole row alone any more.
    assert "for (i64 j" not in code


def test_softmax_fuses_into_its_output_sweep(module: phobos.Module):
    code = body(module.wide_rows)
    assert "ph::vstore(&Y_[" in code
    # The statistics are two floats in registers for each row a thread holds.
    assert "f32 row_max[1], row_sum_2[1];" in code
    # x is not read again, so the row sums left exp(x - max) in its registers.
    assert "out.v[v] = (x_[slot * 4 + v] / row_sum_2[0]);" in code
    assert not re.search(r"f32\* tmp\w* = .*// tile<f32>\[4, 4096\]", code)


def test_narrow_rows_take_passes(module: phobos.Module):
    code = body(module.narrow_rows)
    assert "a group of 32 threads per row, 4 rows a pass (16 passes)" in code
    assert "_part" not in code  # a group within one warp needs no shared step
    for fold in ("(acc + ph::shfl_xor(acc, m, 32))", "fmaxf(acc, ph::shfl_xor(acc, m, 32))",
                 "fminf(acc, ph::shfl_xor(acc, m, 32))"):
        assert fold in code
    # A softmax of a tensor window reads it once into scratch, then three times from there.
    assert "ph::to_bf16((expf(" in code  # rounded once, as it is stored


def test_integer_rows_wrap_and_a_whole_cta_row(module: phobos.Module):
    code = body(module.one_row)
    assert "a group of 1024 threads per row (32 warps)" in code
    assert "acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));" in code
    assert "ph::imax(acc, ph::shfl_xor(acc, m, 32))" in code
    assert "ph::wadd(acc, (i32)(B_[j]))" in code


def test_odd_shapes(module: phobos.Module):
    code = body(module.odd_shapes)
    assert "ph::shfl_xor(peak, m, 32)" in code
    assert "exp((f64)" in code  # f64 softmax stays in f64
    assert "6 rows of 40" in code


@pytest.mark.parametrize(
    ("rows", "length", "threads", "width"),
    [
        (4, 4096, 256, 64),     # the CTA covers all rows in one pass
        (1, 16384, 256, 256),   # one row: the whole CTA
        (16, 512, 256, 32),     # at least a warp per long row, in passes
        (128, 128, 256, 32),
        (8, 8, 128, 8),         # never more threads than elements
        (4096, 4, 256, 4),
        (1, 100, 96, 32),       # a power of two that divides the CTA
        (3, 1, 64, 1),
    ],
)
def test_row_groups(rows: int, length: int, threads: int, width: int):
    layout = row_groups(rows, length, threads)
    assert layout.width == width
    assert threads % layout.width == 0
    assert layout.per_pass * layout.passes >= rows
    if layout.width > WARP:
        assert layout.passes == 1, "a group wider than a warp has one pass: its barrier is reached by all"


KERNELS = ["wide_rows", "narrow_rows", "one_row", "odd_shapes"]


@pytest.mark.parametrize("arch", ["sm_80", "sm_90"])
@pytest.mark.parametrize("name", KERNELS)
def test_compiles(module: phobos.Module, name: str, arch: str, fresh_cache: None):
    variant: ir.Kernel = getattr(module, name).variants[0]
    code = build(generate(variant), variant, arch)
    assert code[:4] == b"\x7fELF"


def test_benchmark_row_kernels_compile(fresh_cache: None):
    import benchmarks.kernels.rows as rows

    for kernel in (rows.softmax_rows, rows.layer_norm, rows.row_means):
        variant = kernel.variants[0]
        assert "ph::shfl_xor(" in generate(variant).source
        assert build(generate(variant), variant, "sm_90")[:4] == b"\x7fELF"


def test_whole_tile_reductions_in_a_row_need_no_barrier_between_them():
    module = phobos.compile("""
kernel two_totals(X: tensor<f32>[N], OUT: tensor<f32>[2]) {
  let a = sum(X[0 :+ 512])
  let b = max(X[0 :+ 512] * 2.0)
  OUT[0] = a
  OUT[1] = b
}
""", path="tests/test_cuda_reductions.py")
    code = body(module.two_totals)
    assert code.count("ph::cta_reduce(") == 2
    # ph::cta_reduce keeps its warps' values in a shared array of its own, with a barrier
    # before reading it and one after: the statements around it need none.
    assert "__syncthreads" not in code
