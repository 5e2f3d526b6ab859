"""The Triton peers: each benchmark kernel written the way Triton's tutorials write it.

Nothing here is tuned beyond the tutorials' own habits: flat kernels take 1024
elements a program, row kernels one row a program with the block the row length
rounded up to a power of two, and the sum is two launches (a partial sum per
program, then one program over the partials). Each wrapper writes into outputs the
caller allocated, as the Phobos launches do.
"""

from __future__ import annotations

from typing import Any

import triton
import triton.language as tl

FLAT_BLOCK = 1024
SUM_BLOCK = 4096
SUM_FINAL_BLOCK = 1024


def _grid(n: int, block: int) -> tuple[int]:
    return (triton.cdiv(n, block),)


def _row_warps(block: int) -> int:
    """The softmax tutorial's rule: more warps for longer rows."""
    return 16 if block >= 4096 else 8 if block >= 2048 else 4


def _norm_warps(block: int) -> int:
    """The layer-norm tutorial's rule: one warp per 256 elements, 1 to 8."""
    return min(max(block // 256, 1), 8)


@triton.jit
def _add_kernel(a_ptr, b_ptr, c_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    a = tl.load(a_ptr + offs, mask=mask)
    b = tl.load(b_ptr + offs, mask=mask)
    tl.store(c_ptr + offs, a + b, mask=mask)


def add(a: Any, b: Any, c: Any) -> None:
    n = a.numel()
    _add_kernel[_grid(n, FLAT_BLOCK)](a, b, c, n, BLOCK=FLAT_BLOCK)


@triton.jit
def _scale_rows_kernel(x_ptr, s_ptr, y_ptr, n, COLS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    s = tl.load(s_ptr + offs // COLS, mask=mask)
    tl.store(y_ptr + offs, x * s, mask=mask)


def scale_rows(x: Any, s: Any, y: Any) -> None:
    n = x.numel()
    _scale_rows_kernel[_grid(n, FLAT_BLOCK)](x, s, y, n, COLS=x.shape[1], BLOCK=FLAT_BLOCK)


@triton.jit
def _cast_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask).to(tl.float32), mask=mask)


def cast_bf16_f32(x: Any, y: Any) -> None:
    n = x.numel()
    _cast_kernel[_grid(n, FLAT_BLOCK)](x, y, n, BLOCK=FLAT_BLOCK)


@triton.jit
def _partial_sum_kernel(x_ptr, p_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(p_ptr + tl.program_id(0), tl.sum(x, axis=0))


@triton.jit
def _final_sum_kernel(p_ptr, out_ptr, n, BLOCK: tl.constexpr):
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        acc += tl.load(p_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr, tl.sum(acc, axis=0))


def partial_slots(n: int) -> int:
    """The length of the partial-sum buffer `total` needs for n elements."""
    return triton.cdiv(n, SUM_BLOCK)


def total(x: Any, partial: Any, out: Any) -> None:
    """out[0] = the sum of x, through `partial` (partial_slots(n) long)."""
    n = x.numel()
    _partial_sum_kernel[_grid(n, SUM_BLOCK)](x, partial, n, BLOCK=SUM_BLOCK)
    _final_sum_kernel[(1,)](partial, out, partial.numel(), BLOCK=SUM_FINAL_BLOCK)


@triton.jit
def _softmax_kernel(x_ptr, y_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(y_ptr + row * stride + cols, num / tl.sum(num, axis=0), mask=mask)


def softmax(x: Any, y: Any) -> None:
    m, n = x.shape
    block = triton.next_power_of_2(n)
    _softmax_kernel[(m,)](x, y, n, x.stride(0), BLOCK=block, num_warps=_row_warps(block))


@triton.jit
def _layer_norm_kernel(x_ptr, w_ptr, b_ptr, y_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    mean = tl.sum(x, axis=0) / n_cols
    centred = tl.where(mask, x - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(centred * centred, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + cols, mask=mask).to(tl.float32)
    b = tl.load(b_ptr + cols, mask=mask).to(tl.float32)
    y = centred * rstd * w + b
    tl.store(y_ptr + row * stride + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


def layer_norm(x: Any, w: Any, b: Any, y: Any, eps: float) -> None:
    m, n = x.shape
    block = triton.next_power_of_2(n)
    _layer_norm_kernel[(m,)](x, w, b, y, n, x.stride(0), eps, BLOCK=block, num_warps=_norm_warps(block))


@triton.jit
def _rms_norm_kernel(x_ptr, w_ptr, y_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0).to(tl.float32)
    rstd = 1 / tl.sqrt(tl.sum(x * x, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + cols, mask=mask).to(tl.float32)
    tl.store(y_ptr + row * stride + cols, (x * rstd * w).to(y_ptr.dtype.element_ty), mask=mask)


def rms_norm(x: Any, w: Any, y: Any, eps: float) -> None:
    m, n = x.shape
    block = triton.next_power_of_2(n)
    _rms_norm_kernel[(m,)](x, w, y, n, x.stride(0), eps, BLOCK=block, num_warps=_norm_warps(block))


@triton.jit
def _row_means_kernel(x_ptr, out_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0) / n_cols)


def row_means(x: Any, out: Any) -> None:
    m, n = x.shape
    block = triton.next_power_of_2(n)
    _row_means_kernel[(m,)](x, out, n, x.stride(0), BLOCK=block, num_warps=_norm_warps(block))
