"""Products in registers on wgmma from sm_90a (dot_wgmma.py), the default unless
PHOBOS_CUDA_GENERAL_WGMMA says no: which products take it, that
the PTX for sm_90 has one `wgmma.mma_async` a k step of each warpgroup's block while
sm_80's keeps mma.sync, that ptxas takes it without serializing, and that B's swizzled
stage lays elements out as the GEMM kernel's TMA boxes (whose descriptors it uses).
No GPU is needed (NVRTC builds)."""

from __future__ import annotations

import re

import pytest
from cuda_source import copies, one_copy
from test_cuda_dot_mma import FLASH, LOOP, MLP, MLP_CHUNKED

import phobos
from phobos.backends.cuda.gemm.gemm_plan import OperandStage
from phobos.backends.cuda.layout import stages
from phobos.backends.cuda.plan.products import ENV_GENERAL_WGMMA
from phobos.backends.cuda.plan.tma_loads import ENV_TMA_RINGS
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate
from phobos.dtypes import BF16
from phobos.ir import nodes as ir

# A loop of nn.Linear's W[N, K] whose k window is two swizzled boxes wide (K-major B),
# its accumulator scaled each turn.
LINEAR = """\
@launch(128)
kernel linear(A: tensor<bf16>[M, K], W: tensor<bf16>[N, K], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.x * 64
  let n0 = ctx.block.y * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 128) {
    acc = acc * 0.5 + dot(A[m0 :+ 64, k :+ 128], transpose(W[n0 :+ 64, k :+ 128]))
  }
  C[m0 :+ 64, n0 :+ 64] = acc
}
"""

# Two warpgroups over 128 rows of 256 columns: wgmma's widest N.
WIDE = """\
@launch(256)
kernel wide(A: tensor<f16>[M, K], B: tensor<f16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.x * 128
  let n0 = ctx.block.y * 256
  var acc: tile<f32>[128, 256] = 0.0
  for k in range(0, K, 16) {
    acc += dot(A[m0 :+ 128, k :+ 16], B[k :+ 16, n0 :+ 256])
  }
  C[m0 :+ 128, n0 :+ 256] = acc
}
"""

# A transposed left operand (A[K, M]): its stage is MN-major, read by ldmatrix.trans into
# registers (the wgmma of A from shared memory here takes a K-major A only).
TURNED_A = """\
@launch(128)
kernel turned(A: tensor<bf16>[K, M], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.x * 64
  let n0 = ctx.block.y * 128
  var acc: tile<f32>[64, 128] = 0.0
  for k in range(0, K, 32) {
    acc += dot(transpose(A[k :+ 32, m0 :+ 64]), B[k :+ 32, n0 :+ 128])
  }
  C[m0 :+ 64, n0 :+ 128] = acc
}
"""

# name: (text, kernel, each product's (k steps, m64 blocks a warpgroup), its lowering's words)
FORMS = {
    "flash": (FLASH, "flash", [(4, 1), (4, 1)], ["A staged swizzled", "A from the thread's registers"]),
    "mlp": (MLP, "mlp", [(8, 1), (8, 1)], ["A staged swizzled", "A from the thread's registers"]),
    "linear": (LINEAR, "linear", [(8, 1)], ["A staged swizzled"]),
    "wide": (WIDE, "wide", [(1, 1)], ["A staged swizzled"]),
    "turned": (TURNED_A, "turned", [(2, 1)], ["A staged for ldmatrix"]),
}


@pytest.fixture
def wgmma(monkeypatch: pytest.MonkeyPatch) -> None:
    """The default: the setting unset, whatever the environment running the tests says."""
    monkeypatch.delenv(ENV_GENERAL_WGMMA, raising=False)


@pytest.mark.parametrize("name", sorted(FORMS))
def test_products_in_registers_run_on_wgmma_from_sm_90a(name: str, wgmma: None):
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    text, kernel, products, words = FORMS[name]
    variant = phobos.compile(text, path="k.phobos").kernels[kernel].variants[0]
    gen = generate(variant)
    assert gen.target("sm_90") == "sm_90a" and gen.target("sm_80") == "sm_80"
    lowerings = [how for _, _, how in gen.lowerings]
    assert len(lowerings) == len(products)
    for how, left in zip(lowerings, words, strict=True):
        assert how.startswith("wgmma m64n") and f"{left}, B staged swizzled for wgmma" in how
        assert "; mma.sync m16n8k16 from sm_80" in how
    ptx = build(gen, variant, "sm_90", "ptx").decode()
    # one wgmma a k step, unrolled over each warpgroup's blocks; a loop's body is there twice,
    # written whole and not (plan/presence.WholeTurns)
    assert ptx.count("wgmma.mma_async") == copies(gen.source) * sum(steps * blocks for steps, blocks in products)
    assert "mma.sync" not in ptx and "fence.proxy.async" in ptx
    build(gen, variant, "sm_90", "cubin")  # ptxas: a serialization warning is an error here
    ptx80 = build(gen, variant, "sm_80", "ptx").decode()
    assert "wgmma" not in ptx80 and "mma.sync.aligned" in ptx80
    assert "mma.sync" not in build(gen, variant, "sm_75", "ptx").decode()


def test_with_the_setting_off_products_keep_mma_sync(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(ENV_GENERAL_WGMMA, "0")
    gen = generate(phobos.compile(FLASH, path="k.phobos").kernels["flash"].variants[0])
    assert "wgmma" not in gen.source.split('extern "C"')[1] and gen.target("sm_90") == "sm_90"


def test_a_launch_writes_the_code_of_the_setting_it_runs_under(monkeypatch: pytest.MonkeyPatch):
    """The code a process keeps for a variant is the setting's: turned off after a launch
    wrote the wgmma code (gate 2 runs the products both ways), a launch gets mma.sync."""
    from phobos.backends.cuda.runtime.launch import generated

    variant = phobos.compile(FLASH, path="k.phobos").kernels["flash"].variants[0]
    monkeypatch.delenv(ENV_GENERAL_WGMMA, raising=False)
    assert generated(variant).target("sm_90") == "sm_90a"
    monkeypatch.setenv(ENV_GENERAL_WGMMA, "0")
    assert generated(variant).target("sm_90") == "sm_90"


def test_shapes_wgmma_does_not_take_keep_mma_sync(wgmma: None):
    """N = 32 of a B[K, N] window is half a swizzled box (wgmma reads an MN-major B in
    whole 64-column boxes): such a product stays on mma.sync everywhere, and the next
    product, 64 wide, takes wgmma with its 32-wide left operand from registers."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    loop = generate(phobos.compile(LOOP, path="k.phobos").kernels["gemm"].variants[0])
    assert [how[:8] for _, _, how in loop.lowerings] == ["mma.sync"]
    variant = phobos.compile(MLP_CHUNKED, path="k.phobos").kernels["mlp"].variants[0]
    gen = generate(variant)
    first, second = (how for _, _, how in gen.lowerings)
    assert first.startswith("mma.sync") and second.startswith("wgmma m64n64k16")
    assert "A from the thread's registers" in second
    ptx = build(gen, variant, "sm_90", "ptx").decode()
    n = copies(gen.source)  # 4 atoms along n, 8 k steps, in each copy of a turn
    assert ptx.count("wgmma.mma_async") == 2 * n and ptx.count("mma.sync.aligned") == 32 * n


def _offset(plan: stages.StageLayout, row: int, col: int) -> int:
    """The byte offset the C++ of `plan.at` gives, evaluated (C's integer division)."""
    text = plan.at("0", str(row), str(col)).replace(" / ", " // ")
    assert re.fullmatch(r"[0-9 ()+*/%^]+", text)
    return eval(text)  # noqa: S307 - digits and operators only, checked above


@pytest.mark.parametrize(("rows", "cols", "turned"), [(32, 128, False), (64, 64, False), (24, 128, True),
                                                      (64, 192, True)])
def test_a_swizzled_stage_is_the_gemm_kernels_tma_boxes(rows: int, cols: int, turned: bool):
    """Every element lies where the GEMM kernel's stage of the same boxes has it
    (OperandStage.byte_offset: TMA's 128-byte swizzle), each exactly once."""
    operand = ir.Load(type=ir.VType(BF16, (rows, cols)), span=None, tensor="B", items=())  # type: ignore[arg-type]
    plan = stages.StageLayout(operand, (rows, cols), turned, swizzled=True)
    boxes = OperandStage("K" if turned else "MN", rows, 64, cols // 64, 0, 0, 0, 0)
    seen = set()
    for r in range(rows):
        for c in range(cols):
            at = _offset(plan, r, c)
            assert at == boxes.byte_offset(r, c, 2) == plan.byte_offset(r, c)
            seen.add(at)
    assert len(seen) == rows * cols and max(seen) < plan.bytes == boxes.bytes


STORED = """\
@launch(128)
kernel stored(A: tensor<bf16>[M, K], W: tensor<bf16>[N, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N],
              D: tensor<bf16>[M, N]) {
  let m0 = ctx.block.x * 64
  let n0 = ctx.block.y * 64
  C[m0 :+ 64, n0 :+ 64] = dot(A[m0 :+ 64, 0 :+ 48], transpose(W[n0 :+ 64, 0 :+ 48])) * 0.5 + 1.0
  D[m0 :+ 64, n0 :+ 64] = bf16(dot(A[m0 :+ 64, 0 :+ 40], B[0 :+ 40, n0 :+ 64]))
}
"""


def test_products_stored_straight_to_a_tensor_are_computed_in_registers(monkeypatch: pytest.MonkeyPatch):
    """With the setting, `C[...] = dot(...)` (or a value elementwise of it) computes the
    product in its accumulator layout's registers and stores from them, as a declared
    tile's product is, so it reaches wgmma too; without it, through shared memory."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = phobos.compile(STORED, path="k.phobos").kernels["stored"].variants[0]
    monkeypatch.setenv(ENV_GENERAL_WGMMA, "0")
    assert all("through shared memory" in how for _, _, how in generate(variant).lowerings)
    monkeypatch.delenv(ENV_GENERAL_WGMMA)
    gen = generate(variant)
    assert [how[:30] for _, _, how in gen.lowerings] == ["wgmma m64n64k16 on sm_90a into"] * 2
    ptx = build(gen, variant, "sm_90", "ptx").decode()
    assert ptx.count("wgmma.mma_async") == 3 + 3  # k 48 and k 40: three k16 steps each
    assert ptx.count("mma.sync") == 0
    assert build(gen, variant, "sm_80", "ptx").decode().count("mma.sync.aligned") == 2 * 3 * 8


@pytest.mark.parametrize("turned", [False, True])
def test_a_padded_stages_offsets_are_what_its_cpp_says(turned: bool):
    """The byte offsets the explorer draws for an ldmatrix stage (padded rows) are the
    ones the C++ of `at` computes."""
    operand = ir.Load(type=ir.VType(BF16, (48, 40)), span=None, tensor="A", items=())  # type: ignore[arg-type]
    plan = stages.StageLayout(operand, (48, 40), turned)
    assert all(_offset(plan, r, c) == plan.byte_offset(r, c) for r in range(48) for c in range(40))


# `acc = x + dot(a, b)` where x reads memory, and where the product reads acc: neither
# may start the product's accumulators from acc (x is read only where present; the
# product would read acc after x overwrote it).
UNSUMMED = """\
@launch(128)
kernel unsummed(A: tensor<bf16>[M, K], B: tensor<bf16>[K, 64], C: tensor<f32>[M, 64], D: tensor<f32>[M, 64]) {
  let m0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 64) {
    acc = C[m0 :+ 64, :] + dot(A[m0 :+ 64, k :+ 64], B[k :+ 64, :])
    acc = acc * 0.5 + dot(bf16(acc), B[k :+ 64, :])
  }
  D[m0 :+ 64, :] = acc
}
"""


@pytest.mark.parametrize(("text", "kernel", "summed"), [
    (LINEAR, "linear", [True]), (WIDE, "wide", [True]), (FLASH, "flash", [False, True]),
    (UNSUMMED, "unsummed", [False, False])])
def test_a_product_added_to_its_accumulator_starts_from_it(text: str, kernel: str, summed: list[bool],
                                                          wgmma: None):
    """`acc = acc * alpha + dot(p, v)` (attention's, and `acc += dot(a, b)`) on tensor cores
    keeps one accumulator: the product's registers start from `acc * alpha` and are acc's
    own afterwards, on wgmma and on mma.sync alike; the scalar loop below sm_80 starts
    from it too. ptxas takes it without serializing the wgmmas."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = phobos.compile(text, path="k.phobos").kernels[kernel].variants[0]
    gen = generate(variant)
    hows = [how for _, _, how in gen.lowerings]
    assert [how.count("summed into `acc`'s registers") for how in hows] == [2 if s else 0 for s in summed]
    body = one_copy(gen.source.split('extern "C"')[1])
    assert len(re.findall(r"\b(?:f32|i32) product(?:_\d+)?\[", body)) == summed.count(False)  # registers of its own
    build(gen, variant, "sm_90", "cubin")


def test_a_variant_whose_wgmma_products_ptxas_serializes_is_launched_on_mma_sync(monkeypatch: pytest.MonkeyPatch,
                                                                                 wgmma: None) -> None:
    """ptxas serializes wgmma where a thread's accumulators leave it too few registers
    (an autotune candidate of more rows a warpgroup or more CTAs an SM than its tiles
    allow); a launch then writes the variant again with its products on mma.sync, as
    sm_80 runs them, rather than refusing the kernel. Here ptxas is told to refuse the
    wgmma build, as NVRTC 13.0 does for some of attention's candidates."""
    from phobos.backends.cuda.runtime import launch
    from phobos.backends.cuda.runtime.compile import SerializedProducts
    from phobos.ir.specialize import usual

    variant = phobos.compile(LINEAR, path="l.phobos").kernels["linear"].variants[0]
    tried = []

    def serializing(gen, kernel, arch, kind="cubin"):  # noqa: ANN001, ANN202 - build's signature
        tried.append(gen.arch_suffix)
        if gen.arch_suffix:
            raise SerializedProducts("ptxas serialized the tensor-core instructions", kernel.span)
        return b""

    monkeypatch.setattr(launch, "build", serializing)
    wgmma = launch.generated(variant, None, None, "sm_90")
    assert "wgmma.mma_async" in wgmma.source
    chosen = launch._unserialized(wgmma, variant, usual(variant), "sm_90")
    assert tried == ["a"] and not chosen.arch_suffix
    assert "wgmma.mma_async" not in chosen.source and "mma.sync" in chosen.source
    monkeypatch.setattr(launch, "build", lambda gen, kernel, arch, kind="cubin": b"")
    assert launch._unserialized(wgmma, variant, usual(variant), "sm_90") is wgmma


@pytest.mark.parametrize("pipeline", ["", "@pipeline(3)\n"])
def test_a_turns_later_product_waits_for_its_windows_only_in_the_first_turn(pipeline: str, tmp_path,
                                                                           monkeypatch: pytest.MonkeyPatch):
    """A turn's copies ahead are one group, so the turn's first product's wait retires the
    second's windows too, and its barrier (every thread past the turn before) covers the
    second's stages: on sm_90a the second product of the flash loop, whose A is in
    registers, waits and publishes only in the first turn (for the windows it copied
    then). sm_80's stages its A from registers every turn, so it keeps both barriers. The
    host, whose copies land only when a wait retires them, agrees with the interpreter
    at rings of two and three stages and a length no tile divides. (Copies by every
    thread: TMA's loads into the rings are tests/test_cuda_tma_rings.py's.)"""
    import copy

    import numpy as np
    from cuda_host import gxx_has_barrier, launch
    from ml_dtypes import bfloat16

    monkeypatch.delenv(ENV_TMA_RINGS, raising=False)
    text = pipeline + FLASH
    v = phobos.compile(text, path="f.phobos").kernels["flash"].variants[0]
    body = generate(v).source.split("__global__")[1]
    hopper = body.split("#if defined(__CUDA_ARCH_FEAT_SM90_ALL)")[1].split("#elif")[0]
    second = body.split("#if defined(__CUDA_ARCH_FEAT_SM90_ALL)")[2].split("#elif")[0]
    assert hopper.count("__syncthreads();") == 2 and "if (turn == 0) {  // later turns' windows" not in hopper
    assert second.count("__syncthreads();") == 1 and "if (turn == 0) {  // later turns' windows" in second
    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")
    rng = np.random.default_rng(7)
    z, s = 2, 200
    args = {name: (rng.standard_normal((z, s, 64)) / 2).astype(bfloat16) for name in "QKV"}
    args |= {"O": np.zeros((z, s, 64), bfloat16), "scale": np.float32(0.125)}
    want, got = copy.deepcopy(args), copy.deepcopy(args)
    phobos.compile(text, path="f.phobos", interpret=True).flash[(4, z)](**want)
    launch(phobos.compile(text, path="f.phobos").flash, (4, z), got, {}, tmp_path, 900)
    np.testing.assert_allclose(got["O"].astype(np.float32), want["O"].astype(np.float32), rtol=0.02, atol=0.02)


def test_an_earlier_products_wait_covers_a_later_ones_only_where_it_retired_as_much():
    """Ring.covered: a wait that left more groups in flight than the later product may
    leave, one on another target's branch, or one not fenced for a wgmma reader, covers
    nothing; one written for every target covers each branch."""
    from phobos.backends.cuda.lower.stage_ring import Ring

    v = phobos.compile(FLASH, path="f.phobos").kernels["flash"].variants[0]
    loop = next(s for s in ir.walk_stmts(v.body) if isinstance(s, ir.For))
    ring = Ring(loop.var, 64, "S_", "turn", {})
    hopper, ampere = "#if defined(__CUDA_ARCH_FEAT_SM90_ALL)", "#elif __CUDA_ARCH__ >= 800"
    ring.publish(hopper, 1, True)
    assert ring.covered(hopper, 1, True) and ring.covered(hopper, 2, False)
    assert not ring.covered(hopper, 0, True) and not ring.covered(ampere, 1, False)
    ring.publish(ampere, 0, False)
    assert ring.covered(ampere, 0, False) and not ring.covered(ampere, 0, True)
    ring.published.clear()
    ring.publish(None, 0, True)
    assert ring.covered(hopper, 0, True) and ring.covered(ampere, 1, False)
