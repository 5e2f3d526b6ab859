"""The Phobos side of the GPU benchmarks: each kernel with the launch a user would write.

The kernels live in `streams.phobos` and `gemm.phobos` (Phobos's own syntax) and `rows.py`
(the Python spelling). The functions here take arrays the way the benchmark and the tests hold
them, torch tensors on the GPU or numpy arrays on the interpreter, and write their
outputs in place; the grid and the pinned autotune values are chosen here, so the
harness and tests/test_bench_kernels.py launch exactly the same thing. Each takes a
`backend`: "cuda", or "tileir" for the same kernel through NVIDIA's Tile IR (`on`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import phobos

from .rows import layer_norm as _layer_norm
from .rows import row_means as _row_means
from .rows import softmax_rows as _softmax_rows

STREAMS = phobos.compile(Path(__file__).with_name("streams.phobos"))
GEMMS = phobos.compile(Path(__file__).with_name("gemm.phobos"))
GEMM_OPERANDS = {"bfloat16": "bf16", "float16": "f16", "int8": "i8"}

# Elements per CTA for the flat kernels: the first value of each kernel's @autotune.
ADD_BLOCK = {"float32": 4096, "bfloat16": 8192}
# Through Tile IR the bf16 add takes the kernel's other value: tileiras's code for 8192
# elements a CTA ran at 0.6 of the copy rate, 2048 at the copy rate (docs/tileir.md).
TILEIR_ADD_BLOCK = {"bfloat16": 2048}
CAST_BLOCK = 4096
SUM_BLOCK = 4096
# The row-means kernel walks its rows in chunks: one row of 2048 columns a step, with
# the default 128 threads (16 elements a thread). On the H200 on 2026-11-30 (rows of
# 4096, ROWS 1 to 4, COLS 1024 to 4096, 128 to 512 threads) this was the fastest,
# 4.17 TB/s; 16 elements a thread did best, 32 a thread fell to 2.3-2.7 TB/s.
MEANS_ROWS, MEANS_COLS = 1, 2048
# Through Tile IR, four rows of 512-column chunks a CTA were the fastest of the
# kernel's nine variants, and one row of 2048 at 0.73 of the CUDA back end (docs/tileir.md).
TILEIR_MEANS_ROWS, TILEIR_MEANS_COLS = 4, 512
# The widest row softmax and the norms take (their largest COLS).
MAX_COLS = 16384
# Rows of this many elements or fewer share a CTA (the row kernels' `rows`).
ROW_TILE = 2048
# Threads a CTA for each row kernel by COLS (up to the key): 16 to 32 elements a thread,
# which the CUDA back end keeps in registers; the fastest choices tried on the H200
# (2026-11-30: 128 to 1024 threads, rows of 4096 and 16384).
ROW_THREADS = {
    "softmax": ((2048, 128), (4096, 256), (16384, 512)),
    "norm": ((4096, 128), (8192, 256), (16384, 512)),
}


_TWINS: dict[tuple[phobos.Kernel, str], phobos.Kernel] = {}  # by the CUDA kernel and the back end

# What each `backend=` of a benchmark function runs: the CUDA back end as it is, the
# Tile IR back end, or the CUDA back end with math_mode="fast".
FLAVOURS = {"tileir": {"backend": "tileir"}, "cuda-fast": {"math_mode": "fast"}}


def on(kernel: phobos.Kernel, backend: str) -> phobos.Kernel:
    """`kernel` as `backend` says: itself for "cuda", else its twin with FLAVOURS's options (made once)."""
    if backend == "cuda":
        return kernel
    key = (kernel, backend)
    twin = _TWINS.get(key)
    if twin is None:
        twin = _TWINS[key] = kernel.with_options(**FLAVOURS[backend])
    return twin


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def next_power_of_2(n: int) -> int:
    return 1 << max(0, n - 1).bit_length()


def dtype_name(array: Any) -> str:
    """'float32' or 'bfloat16' for a numpy array or a torch tensor alike."""
    return str(array.dtype).removeprefix("torch.")


def row_cols(n: int) -> int:
    """COLS for rows of length `n`: the tile as wide as the row, a power of two, at least 128."""
    cols = next_power_of_2(max(n, 128))
    if cols > MAX_COLS:
        raise ValueError(f"rows of {n} elements are longer than the row kernels' widest tile ({MAX_COLS})")
    return cols


def row_threads(kind: str, cols: int) -> int:
    """THREADS for a row kernel of `kind` ("softmax" or "norm") with rows of COLS."""
    return next(threads for widest, threads in ROW_THREADS[kind] if cols <= widest)


def _whole_rows_grid(meta: dict[str, Any]) -> int:
    """One CTA per `rows` rows: the row kernels' tile holds that many whole rows."""
    return cdiv(meta["M"], cdiv(ROW_TILE, meta["COLS"]))


_ADD = {"float32": (STREAMS.add_f32, ADD_BLOCK["float32"]), "bfloat16": (STREAMS.add_bf16, ADD_BLOCK["bfloat16"])}


_ADD_BY_DTYPE: dict[Any, tuple[Any, int]] = {}  # by the array's dtype object, whose name is slower to read


def add(a: Any, b: Any, c: Any, backend: str = "cuda") -> None:
    """c = a + b, for f32 or bf16 vectors."""
    found = _ADD_BY_DTYPE.get(a.dtype)
    if found is None:
        found = _ADD_BY_DTYPE[a.dtype] = _ADD[dtype_name(a)]
    kernel, block = found
    # The launch-cost benchmark times this call: the CUDA side calls nothing more.
    if backend == "cuda":
        kernel[cdiv(a.shape[0], block)](a, b, c, BLOCK=block)
        return
    if backend == "tileir":
        block = TILEIR_ADD_BLOCK.get(dtype_name(a), block)
    on(kernel, backend)[cdiv(a.shape[0], block)](a, b, c, BLOCK=block)


def scale_rows(x: Any, s: Any, y: Any, backend: str = "cuda") -> None:
    """y = x * s for x of shape (M, 64) and s of shape (M, 1): the guide's kernel, 32 rows a CTA."""
    on(STREAMS.scale_rows, backend)[cdiv(x.shape[0], 32)](x, s, y)


def cast_bf16_f32(x: Any, y: Any, backend: str = "cuda") -> None:
    """y = f32(x) for a bf16 vector x."""
    on(STREAMS.cast_bf16_f32, backend)[cdiv(x.shape[0], CAST_BLOCK)](x, y, BLOCK=CAST_BLOCK)


def sum_ctas(multiprocessors: int) -> int:
    """CTAs for the first stage of `total`: eight per multiprocessor (a full machine of
    256-thread CTAs), a multiple of 4 as a runtime extent must be."""
    return max(4, 8 * multiprocessors)


def total(x: Any, partial: Any, out: Any, backend: str = "cuda") -> None:
    """out[0] = the sum of every element of x, through `partial` (one slot per CTA of
    stage one; its length, a multiple of 4, is the grid)."""
    on(STREAMS.block_sums, backend)[partial.shape[0]](x, partial, BLOCK=SUM_BLOCK)
    on(STREAMS.sum_all, backend)[1](partial, out)


def softmax(x: Any, y: Any, backend: str = "cuda") -> None:
    """y = softmax of each row of x (f32)."""
    cols = row_cols(x.shape[1])
    on(_softmax_rows, backend)[_whole_rows_grid](x, y, COLS=cols, THREADS=row_threads("softmax", cols))


def layer_norm(x: Any, w: Any, b: Any, y: Any, eps: float, backend: str = "cuda") -> None:
    """y = layer norm of each row of x with weight w and bias b (bf16, computed in f32)."""
    cols = row_cols(x.shape[1])
    on(_layer_norm, backend)[_whole_rows_grid](x, w, b, y, eps, COLS=cols, THREADS=row_threads("norm", cols))


def rms_norm(x: Any, w: Any, y: Any, eps: float, backend: str = "cuda") -> None:
    """y = RMS norm of each row of x with weight w (bf16, computed in f32)."""
    cols = row_cols(x.shape[1])
    on(STREAMS.rms_norm, backend)[_whole_rows_grid](x, w, y, eps, COLS=cols, THREADS=row_threads("norm", cols))


def row_means(x: Any, out: Any, backend: str = "cuda") -> None:
    """out[i, 0] = the mean of row i of x (f32)."""
    rows, cols = (TILEIR_MEANS_ROWS, TILEIR_MEANS_COLS) if backend == "tileir" else (MEANS_ROWS, MEANS_COLS)
    on(_row_means, backend)[cdiv(x.shape[0], rows)](x, out, ROWS=rows, COLS=cols)


SKINNY = 64  # an M or N this small: 64 x 64 tiles, so the grid has a block for each SM or so


def gemm(a: Any, b: Any, c: Any, bias: Any = None, backend: str = "cuda",
         tile: tuple[int, int] | None = None, kernels: phobos.Module = GEMMS) -> None:
    """c = a @ b in the operands' dtype from an f32 accumulator (i32 for i8), or
    relu(a @ b + bias) where a bias row is given; the variant the runtime picks (on the
    GPU, the fastest by timing), except that a skinny product pins 64 x 64 tiles and a
    `tile` (TM, TN) pins that one; on the CUDA back end, or through Tile IR; the kernels
    of `kernels` (gemm.phobos compiled: GEMMS, or a fresh copy of it)."""
    (m, _), (_, n) = a.shape, b.shape
    kernel = on(kernels.gemm_bias_relu if bias is not None
                else getattr(kernels, f"gemm_{GEMM_OPERANDS[dtype_name(a)]}"), backend)
    if tile is not None:
        pins = {"TM": tile[0], "TN": tile[1]}
    else:
        pins = {"TM": 64, "TN": 64} if min(m, n) <= SKINNY else {}

    def grid(meta: dict[str, Any]) -> tuple[int, int]:
        return cdiv(n, meta["TN"]), cdiv(m, meta["TM"])

    if bias is not None:
        kernel[grid](a, b, bias, c, **pins)
    else:
        kernel[grid](a, b, c, **pins)


def _tiles_grid(m: int, n: int, batches: int = 1) -> Any:
    def grid(meta: dict[str, Any]) -> tuple[int, int, int]:
        return cdiv(n, meta["TN"]), cdiv(m, meta["TM"]), batches
    return grid


def gemm_linear(a: Any, w: Any, c: Any, backend: str = "cuda") -> None:
    """c = a @ w.T for nn.Linear's weight w[N, K] (bf16 from an f32 accumulator, or
    i32 from i8 operands): the product read through `transpose`."""
    kernel = GEMMS.gemm_i8_tn if dtype_name(a) == "int8" else GEMMS.gemm_linear_bf16
    on(kernel, backend)[_tiles_grid(a.shape[0], w.shape[0])](a, w, c)


def gemm_batched(a: Any, b: Any, c: Any, backend: str = "cuda") -> None:
    """c[z] = a[z] @ b[z] for every batch z (bf16): one CTA a tile of a batch."""
    on(GEMMS.gemm_batched_bf16, backend)[_tiles_grid(a.shape[1], b.shape[2], a.shape[0])](a, b, c)


def gemm_activation(a: Any, b: Any, c: Any, activation: str, backend: str = "cuda") -> None:
    """c = activation(a @ b) (bf16), `activation` "silu" or "gelu" (erf's), in the epilogue."""
    kernel = {"silu": GEMMS.gemm_silu_bf16, "gelu": GEMMS.gemm_gelu_bf16}[activation]
    on(kernel, backend)[_tiles_grid(a.shape[0], b.shape[1])](a, b, c)


def gemm_tf32(a: Any, w: Any, c: Any, backend: str = "cuda") -> None:
    """c = a @ w.T with f32 operands and output, the operands cut to TF32 (as TF32
    tensor cores read them); w is [N, K], as nn.Linear holds it."""
    on(GEMMS.gemm_tf32, backend)[_tiles_grid(a.shape[0], w.shape[0])](a, w, c)


def gemm_f32(a: Any, b: Any, c: Any, backend: str = "cuda") -> None:
    """c = a @ b with f32 operands and output in full precision (no TF32)."""
    on(GEMMS.gemm_f32, backend)[_tiles_grid(a.shape[0], b.shape[1])](a, b, c)


def mlp_block(x: Any, w1: Any, w2: Any, out: Any, backend: str = "cuda") -> None:
    """out = bf16(relu(x @ w1) @ w2) for x[M, 128] and 128 x 128 weights, the hidden tile
    kept in the CTA (bf16, as torch's three calls keep it between them)."""
    def grid(meta: dict[str, Any]) -> int:
        return cdiv(x.shape[0], meta["TM"])
    on(GEMMS.mlp_block, backend)[grid](x, w1, w2, out)


def gemm_softmax(a: Any, b: Any, p: Any, backend: str = "cuda") -> None:
    """p = softmax(a @ b) along each row (bf16), for b[K, 128]: the softmax in the GEMM's epilogue."""
    def grid(meta: dict[str, Any]) -> int:
        return cdiv(a.shape[0], meta["TM"])
    on(GEMMS.gemm_softmax, backend)[grid](a, b, p)


def norm_gemm(x: Any, g: Any, w: Any, y: Any, eps: float, backend: str = "cuda") -> None:
    """y = layer_norm(x) @ w (bf16; the norm's weight g, no bias) for x[M, 128]: the norm
    computed in the CTA and given to the product as its A operand."""
    on(GEMMS.norm_gemm, backend)[_tiles_grid(x.shape[0], w.shape[1])](x, g, w, y, eps)


def tileir_cubins(arch: str) -> tuple[int, int]:
    """Every benchmark kernel's variants as Tile IR cubins for `arch`, in each
    specialization a launch asks for, into the cache (where tileiras is; the GPU
    machine has none): how many variants were built and how many the back end refuses."""
    from phobos.backends.tileir.launch import prebuild

    kernels = [*STREAMS.kernels.values(), *GEMMS.kernels.values(), _softmax_rows, _layer_norm, _row_means]
    outcomes = [prebuild(variant, arch) for kernel in kernels for variant in kernel.variants]
    return outcomes.count(True), outcomes.count(False)

