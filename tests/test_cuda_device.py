"""Device arrays from each library a user may hold: torch, cupy and jax, on a real GPU.

Skipped where no CUDA device is visible (CI); `scripts/gpu_gate.py` runs this file on
the GPU machine and records the outcome in the ledger line.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import phobos
from phobos.runtime.backend import cuda_device

pytestmark = pytest.mark.skipif(not cuda_device()[0], reason="needs a visible CUDA device")

SOURCE = """
@launch(256)
kernel scale_rows(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 32
  var x = X[r :+ 32, :]
  var s = S[r :+ 32, :]
  Y[r :+ 32, :] = x * s
}
"""
ROWS = 100  # not a multiple of the 32-row tile


def inputs() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng()
    return (rng.standard_normal((ROWS, 64), dtype=np.float32), rng.standard_normal((ROWS, 1), dtype=np.float32))


def needs(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed")


def test_torch_tensors():
    needs("torch")
    import torch

    x, s = inputs()
    y = torch.full((ROWS, 64), float("nan"), device="cuda")
    phobos.compile(SOURCE).scale_rows[-(-ROWS // 32)](torch.from_numpy(x).cuda(), torch.from_numpy(s).cuda(), y)
    np.testing.assert_array_equal(y.cpu().numpy(), x * s)


def test_repeat_launches_follow_tensors_changed_in_place():
    """A repeat launch's key (or its hit) is read from the tensors at every launch:
    tensors resized, swapped under `.data`, or of another shape in turn each run right."""
    needs("torch")
    import torch

    kernel = phobos.compile(SOURCE).scale_rows

    def run(x: torch.Tensor, s: torch.Tensor) -> None:
        y = torch.full_like(x, float("nan"))
        kernel[-(-x.shape[0] // 32)](x, s, y)
        torch.testing.assert_close(y, x * s, rtol=0, atol=0)

    x, s = (torch.from_numpy(a).cuda() for a in inputs())
    for _ in range(3):
        run(x, s)
    x.resize_(40, 64).normal_()
    s.resize_(40, 1).normal_()
    run(x, s)
    x.data = torch.randn(70, 64, device="cuda")  # no version bump: only the tensor itself tells
    s.data = torch.randn(70, 1, device="cuda")
    run(x, s)
    for rows in (100, 3, 100, 3):
        run(torch.randn(rows, 64, device="cuda"), torch.randn(rows, 1, device="cuda"))
    wide = torch.randn(100, 128, device="cuda")
    with pytest.raises(phobos.PhobosError, match="argument `X`"):
        kernel[4](wide[:, :64], torch.randn(100, 1, device="cuda"), torch.empty(100, 64, device="cuda"))


def test_tile_ir_takes_tensors_that_start_anywhere():
    """A Tile IR launch with a tensor that does not start 16-byte aligned (a slice's)
    runs the module that assumes no alignment, and gets the CUDA back end's result."""
    needs("torch")
    import torch

    from phobos.backends.tileir.launch import buildable, specializations

    program = phobos.compile(Path(__file__).parent / "corpus" / "elementwise.phobos")
    cuda, tileir = program.bias_gelu, program.bias_gelu.with_options(backend="tileir")
    variant = tileir.variants[0]
    if not buildable(variant, dict(specializations(variant))[".unaligned"], "sm_90"):
        pytest.skip("neither tileiras nor the module's cubin in the cache (scripts/gpu_gate.py --tileir-cubins)")
    rows, cols = 37, 100
    x = torch.randn(rows * cols + 1, device="cuda")[1:].view(rows, cols)  # 4 bytes past an allocation's start
    b = torch.randn(cols + 3, device="cuda")[3:]
    grid = (-(-cols // 32), -(-rows // 8))
    outputs = []
    for kernel in (cuda, tileir):
        y = torch.full((rows, cols), float("nan"), device="cuda")
        kernel[grid](x, b, y)
        outputs.append(y)
    torch.testing.assert_close(outputs[1], outputs[0], rtol=1e-6, atol=1e-6)


def test_cupy_arrays():
    needs("cupy")
    import cupy

    x, s = inputs()
    y = cupy.full((ROWS, 64), cupy.nan, dtype=cupy.float32)
    phobos.compile(SOURCE).scale_rows[-(-ROWS // 32)](cupy.asarray(x), cupy.asarray(s), y)
    np.testing.assert_array_equal(cupy.asnumpy(y), x * s)


def test_jax_arrays_as_inputs():
    """jax arrays are read through DLPack; the output is a cupy array, which can be written."""
    needs("jax")
    needs("cupy")
    import cupy
    import jax

    gpu = jax.devices("gpu")[0]
    x, s = inputs()
    y = cupy.full((ROWS, 64), cupy.nan, dtype=cupy.float32)
    phobos.compile(SOURCE).scale_rows[-(-ROWS // 32)](jax.device_put(x, gpu), jax.device_put(s, gpu), y)
    np.testing.assert_array_equal(cupy.asnumpy(y), x * s)


SCALARS = """
@launch(32)
kernel scalars(X: tensor<f64>[N], Y: tensor<f64>[N], Z: tensor<f64>[N], a: f64, b: f32, c: i64, d: i32,
               flag: bool, e: f64) {
  let i = ctx.block.x * 32
  Y[i :+ 32] = where(flag, X[i :+ 32] * a + f64(b) + f64(d) + e, 0.0)
  Z[i :+ 32] = X[i :+ 32] + f64(c - 1099511627776)
}
"""


def test_scalars_of_every_width_reach_the_kernel():
    """f64, f32, i64, i32 and bool scalars side by side, each with a value its type alone
    holds (1/3 and 1/7 as f64, 2**40 + 1 as i64), so a scalar packed at another width
    shifts or cuts what the kernel reads."""
    needs("torch")
    import torch

    x = np.random.default_rng().standard_normal(50)
    y, z = (torch.full((50,), float("nan"), dtype=torch.float64, device="cuda") for _ in range(2))
    a, b, c, d, e = 1 / 3, np.float32(0.1), 2**40 + 1, -7, 1 / 7
    phobos.compile(SCALARS).scalars[2](torch.from_numpy(x).cuda(), y, z, a, float(b), c, d, True, e)
    np.testing.assert_allclose(y.cpu().numpy(), x * a + float(b) + d + e, rtol=1e-15, atol=1e-15)
    np.testing.assert_array_equal(z.cpu().numpy(), x + 1.0)


def test_a_host_array_is_refused_by_name():
    needs("torch")
    import torch

    x, s = inputs()
    with pytest.raises(phobos.PhobosError, match="argument `S`: the array is in host"):
        phobos.compile(SOURCE).scale_rows[4](torch.from_numpy(x).cuda(), s, torch.empty((ROWS, 64), device="cuda"))


def test_a_wrong_dtype_is_refused_by_name():
    needs("torch")
    import torch

    x, s = inputs()
    with pytest.raises(phobos.PhobosError, match="argument `X`"):
        phobos.compile(SOURCE).scale_rows[4](
            torch.from_numpy(x).cuda().double(), torch.from_numpy(s).cuda(), torch.empty((ROWS, 64), device="cuda")
        )


NEGATED_MIN = """
@launch(64)
kernel k(X: tensor<i32>[N], M: tensor<i32>[N]) {
  let g = ctx.block.x * ctx.threads + ctx.thread
  M[g] = min(-8 * X[2 :+ 4])
}
"""


def test_a_min_over_negated_products():
    """difftest seed 325549: NVRTC 13.0's ptxas drops one negation of the four it folds
    into VIMNMX3, so this min came out as 8 * X[2] (the PTX is right). The prelude's
    integer min is arithmetic below NVRTC 13.5, which ptxas makes no VIMNMX of."""
    needs("torch")
    import torch

    x = torch.tensor([0, 0, 20, -38, -30, -24, 0, 0], dtype=torch.int32, device="cuda")
    m = torch.zeros(8, dtype=torch.int32, device="cuda")
    phobos.compile(NEGATED_MIN).k[1](x, m)
    assert m.cpu().tolist() == [-160] * 8


def test_a_kernel_of_65_tensors_launches_again_and_again(monkeypatch: pytest.MonkeyPatch):
    """More tensors than the C launch once held (64): every launch after the first
    (through the C launch where it is built) runs, with other tensors each time."""
    needs("torch")
    import torch
    from test_launch_fast import wide_source

    from phobos.backends.gpu import launch, native

    monkeypatch.setenv(launch.ENV_SYNC, "0")  # the gate syncs every launch, which takes the C launch off
    kernel = phobos.compile(wide_source(65)).wide
    n = 1000  # not a multiple of the 64-element tile
    for _ in range(3):
        inputs = [torch.randn(n, device="cuda") for _ in range(64)]
        out = torch.full((n,), float("nan"), device="cuda")
        kernel[-(-n // 64)](*inputs, out)
        torch.cuda.synchronize()
        expected = np.sum(np.stack([t.cpu().numpy() for t in inputs]).astype(np.float64), axis=0)
        np.testing.assert_allclose(out.cpu().numpy(), expected, rtol=1e-4, atol=1e-4)
    (plan,) = kernel.plans.values()
    assert native.module() is None or plan.record is not None, "the C launch did not take the kernel"


NAMED = """
kernel {name}(X: tensor<f32>[N], Y: tensor<f32>[N]) {{
  let c = ctx.block.x * 128
  Y[c :+ 128] = exp(X[c :+ 128]) * 0.5
}}
"""


@pytest.mark.parametrize("name", ["_", "WARP_SZ", "__nv_expf"])
def test_tile_ir_runs_kernels_of_names_ptx_reserves(name: str):
    """issue 22: a Tile IR entry is `phobos_NAME`, so a kernel named `_` (no PTX
    symbol), `WARP_SZ` (PTX's own) or as the libdevice function it calls assembles,
    loads and gives the CUDA back end's result."""
    needs("torch")
    import torch

    from phobos.backends.tileir.launch import buildable
    from phobos.ir.specialize import ANY

    cuda = phobos.compile(NAMED.format(name=name)).kernels[name]
    tileir = cuda.with_options(backend="tileir")
    if not buildable(tileir.variants[0], ANY, "sm_90"):
        pytest.skip("tileiras is not installed here to build the module")
    x = torch.randn(1000, device="cuda")
    outputs = []
    for kernel in (cuda, tileir):
        y = torch.full_like(x, float("nan"))
        kernel[-(-1000 // 128)](x, y)
        outputs.append(y)
    torch.testing.assert_close(outputs[1], outputs[0], rtol=1e-6, atol=1e-6)


def test_tile_ir_refuses_a_runtime_dim_past_2_31_at_the_launch():
    """A Tile IR module takes dims of at most 2^31 - 1: a launch with a 2^31-element
    tensor is refused by name and value before anything is built; CUDA runs it."""
    needs("torch")
    import torch

    program = phobos.compile("kernel k(X: tensor<i8>[N]) {\n  let c = ctx.block.x * 128\n"
                             "  X[c :+ 128] = X[c :+ 128] + i8(1)\n}\n", path="big.phobos")
    x = torch.zeros(2**31, dtype=torch.int8, device="cuda")
    with pytest.raises(phobos.PhobosError, match=r"the runtime dim `N` \(an extent of `X`\) is 2147483648, but "
                                                 r"the Tile IR back end takes dims of at most 2147483647"):
        program.k.with_options(backend="tileir")[1](x)
    program.k[2**31 // 128](x)
    assert int(x.min()) == 1 and int(x.max()) == 1  # (a sum in i64 would copy the 2 GiB to 16)


REPACKED = """
@autotune(TM in [128], TN in [256], TK in [64])
kernel gemm(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * TM
  let n0 = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {
    acc += dot(A[m0 :+ TM, k :+ TK], B[k :+ TK, n0 :+ TN])
  }
  C[m0 :+ TM, n0 :+ TN] = acc
}
"""


@pytest.mark.parametrize(("m", "n", "k"), [(300, 520, 250), (300, 516, 256), (301, 517, 251)])
def test_operands_tma_cannot_read_are_copied_into_rows_it_can(m: int, n: int, k: int,
                                                               monkeypatch: pytest.MonkeyPatch):
    """A's rows 500 bytes apart, B's 1032, or both: each launch copies them into rows 16
    bytes apart first (gemm_repack.py), on its own stream's scratch, and the product
    reads what the tensors hold at that launch."""
    needs("torch")
    import torch

    from phobos.backends.cuda.gemm.gemm_repack import Repack
    from phobos.backends.gpu.launch import device_arch

    if device_arch(0) != "sm_90":
        pytest.skip("the Hopper GEMM lowering")
    copied: list[str] = []
    copy = Repack.copy
    monkeypatch.setattr(Repack, "copy", lambda self, *args: (copied.append(self.what), copy(self, *args))[1])
    kernel = phobos.compile(REPACKED).gemm
    grid = (-(-n // 256), -(-m // 128))
    a = torch.randn(m, k, device="cuda").to(torch.bfloat16)
    b = torch.randn(k, n, device="cuda").to(torch.bfloat16)

    def check(stream: torch.cuda.Stream) -> None:
        c = torch.full((m, n), float("nan"), device="cuda")
        with torch.cuda.stream(stream):
            kernel[grid](a, b, c)
        stream.synchronize()
        torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-3, atol=1e-3)

    check(torch.cuda.current_stream())
    a.normal_()  # the next launch copies the new values
    b.normal_()
    check(torch.cuda.current_stream())
    check(torch.cuda.Stream())
    copies = [f"operand `{name}`" for name, row in (("A", k), ("B", n)) if row * 2 % 16]
    assert sorted(copied) == sorted(copies * 3)
