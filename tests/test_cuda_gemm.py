"""The Hopper GEMM lowering (issue 11): which kernels it takes, its layout plan, the
CUDA it writes (pinned, and built by NVRTC for sm_90a with no serialized wgmma), and
which variant a launch picks. No GPU is needed; gate 2 runs the corpus's GEMM kernels
on the H200 against the interpreter."""

from __future__ import annotations

import re

import numpy as np
import pytest
from golden_programs import GOLDEN, TESTS, check_golden

import phobos
from phobos.backends.cuda.gemm.gemm_form import NotGemm, gemm_form
from phobos.backends.cuda.gemm.gemm_launch import (
    ENV_CLUSTER,
    ENV_WGMMA,
    GemmArguments,
    _matrices,
    _pitches,
    gemm_mode,
    gemm_of,
    generate_gemm,
)
from phobos.backends.cuda.gemm.gemm_mma_plan import mma_fragment, plan_mma
from phobos.backends.cuda.gemm.gemm_plan import SWIZZLE_ATOM, GemmMode, TooLarge, plan_gemm, wgmma_fragment
from phobos.backends.cuda.gemm.gemm_prelude import GEMM_PRELUDE
from phobos.backends.cuda.gemm.gemm_repack import ENV_REPACK, Repack
from phobos.backends.cuda.gemm.gemm_writer import wgmma_function
from phobos.backends.cuda.write.prelude import PRELUDE
from phobos.backends.gpu.arrays import DeviceArray
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, specialize, usual
from phobos.targets import SHARED_LIMIT

# Under its path from the repository root, as the other goldens, so `#line` names it alike anywhere.
DOT_SOURCE = (TESTS / "corpus" / "dot.phobos").read_text()
DOT = phobos.compile(DOT_SOURCE, path="tests/corpus/dot.phobos")

GEMM = """
@autotune(TM in [{tm}], TN in [{tn}], TK in [64])
{attrs}
kernel g(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<bf16>[M, N]) {{
  let m0 = ctx.block.y * TM
  let n0 = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {{
    acc += dot(A[m0 :+ TM, k :+ TK], B[k :+ TK, n0 :+ TN])
  }}
  {epilogue}
}}
"""
PLAIN = "C[m0 :+ TM, n0 :+ TN] = bf16(acc)"


def kernel_of(tm: int = 128, tn: int = 256, attrs: str = "", epilogue: str = PLAIN) -> phobos.Kernel:
    return phobos.compile(GEMM.format(tm=tm, tn=tn, attrs=attrs, epilogue=epilogue), path="g.phobos").kernels["g"]


def variant(kernel: phobos.Kernel):
    return kernel.variants[0]


# ------------------------------------------------------------ which kernels


def test_the_corpus_gemm_kernels_take_the_lowering():
    for name in ("gemm_wgmma", "gemm_wgmma_f16", "gemm_wgmma_i8", "gemm_one_stage_long_k", "gemm_b_window_offset3",
                 "gemm_b_window_offset3_i8", "gemm_batch_const_index", "gemm_store_offset3",
                 "gemm_b_window_by_block_y"):
        form = gemm_form(variant(DOT.kernels[name]))
        assert form.a.tensor == "A" and form.b.tensor == "B" and not form.b_k_major
    for name in ("gemm_wgmma_linear", "gemm_wgmma_linear_i8"):  # transpose(W[n :+ TN, k :+ TK])
        form = gemm_form(variant(DOT.kernels[name]))
        assert form.b.tensor == "W" and form.b_k_major


def test_a_transposed_weight_is_read_k_major_as_memory_holds_it():
    """W[N, K] of `nn.Linear` needs no transposition: B's stage is K-major like A's, TMA
    loads it (for i8 too, whose B[K, N] the producer's threads must transpose), and the
    16-bit wgmma reads it untransposed. mma.sync's GEMM lowering leaves it to the
    general one."""
    linear, linear_i8 = (variant(DOT.kernels[n]) for n in ("gemm_wgmma_linear", "gemm_wgmma_linear_i8"))
    _, plan = gemm_of(linear)  # type: ignore[misc]
    assert (plan.b.major, plan.b.rows, plan.b.boxes, plan.b_transposed_copy) == ("K", 128, 1, False)
    assert wgmma_function(plan).count(", 1, 1, 0, 0") == 1
    i8 = {"A": array((300, 256), "int8"), "W": array((520, 256), "int8", ptr=1 << 24),
          "C": array((300, 520), "int32", ptr=1 << 28)}
    assert mode_of(linear_i8, "sm_90", i8) == GemmMode(True, True)
    assert "transposed B" in str(gemm_of(linear, "sm_80"))


def test_a_tf32_product_of_a_transposed_weight_runs_on_tf32_wgmma():
    """dot<precision tf32> with W[N, K]: both operands K-major as TMA copies them, the
    tensor cores cutting the f32 values as they read them (no rounding pass): the
    checker's cut is taken off, wgmma takes the scales only (no transposition), and the
    variants build for sm_90a with nothing spilled, TMA or copies."""
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    v = variant(DOT.kernels["gemm_wgmma_tf32"])
    form, plan = gemm_of(v)  # type: ignore[misc]
    assert form.tf32 and form.b_k_major and isinstance(form.a, ir.Load) and isinstance(form.b, ir.Load)
    assert plan.instruction == "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32"
    assert (plan.bk, plan.k_slice, plan.a.major, plan.b.major) == (32, 8, "K", "K")
    assert wgmma_function(plan).count(", p, 1, 1;") == 1
    for loads in (True, False):
        gen = generate_gemm(v, usual(v, frozenset({"A", "W", "C"}) if loads else frozenset()), form, plan,
                            GemmMode(loads, loads))
        assert "round_tf32" not in without_preludes(gen.source)
        assert build(gen, v, "sm_90").startswith(b"\x7fELF")
        assert_nothing_spilled(ptxas_report(gen.source, "sm_90a"))
    assert "tf32 B[K, N] has no wgmma lowering yet" in str(gemm_of(variant(GEMM_TF32_KN)))
    assert "transposed B" in str(gemm_of(v, "sm_80"))


GEMM_TF32_KN = phobos.compile(
    "@autotune(TM in [128], TN in [128], TK in [32])\n"
    "kernel g(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N]) {\n"
    "  let m0 = ctx.block.y * TM\n  let n0 = ctx.block.x * TN\n  var acc: tile<f32>[TM, TN] = 0.0\n"
    "  for k in range(0, K, TK) {\n"
    "    acc += dot<precision tf32>(A[m0 :+ TM, k :+ TK], B[k :+ TK, n0 :+ TN])\n  }\n"
    "  C[m0 :+ TM, n0 :+ TN] = acc\n}", path="g.phobos").kernels["g"]


@pytest.mark.parametrize(("name", "why"), [
    ("gemm", "on tensor cores"),  # f32 operands: no tensor-core product
    ("gemm_bf16", "32 rows"),  # the corpus's 32 x 32 tiles: no m64 block
    ("gemm_i8", "32 rows"),
    ("dot_ragged", "on tensor cores"),
    ("attention", "no GEMM loop"),
    # The GEMM kernel's lowering raced on these two, and now refuses them.
    ("gemm_epilogue_two_overlapping_stores", "stores two windows of `C`"),
    ("gemm_prologue_reads_output", "before the loop reads a tensor the epilogue stores"),
    ("loop_window_literal_offset", "k windows do not start at the loop's variable"),  # A[m0 :+ 64, k + 3 :+ 64]
])
def test_other_kernels_keep_the_general_lowering(name: str, why: str):
    v = variant(DOT.kernels[name])
    found = gemm_of(v)
    assert isinstance(found, NotGemm) and why in str(found)


def test_windows_of_a_batch_read_their_matrix_by_a_flat_index():
    """`A[z, m :+ TM, k :+ TK]`: the leading indices pick a matrix; TMA reads it through a
    3-D map (columns, rows, the matrices: the leading dims as one), so a launch takes
    TMA for a batch as for one matrix."""
    batched, heads = (variant(DOT.kernels[n]) for n in ("gemm_wgmma_batched", "gemm_wgmma_heads"))
    form = gemm_form(batched)
    assert (len(form.a_batch), len(form.b_batch)) == (1, 1)
    form = gemm_form(heads)  # X[s, h, m :+ TM, k :+ TK] against one W[K, N]
    assert (len(form.a_batch), form.b_batch) == (2, ())
    four = {"X": array((2, 3, 300, 256)), "W": array((256, 520), ptr=1 << 24),
            "O": array((2, 3, 300, 520), "float32", ptr=1 << 28)}
    assert mode_of(heads, "sm_90", four) == GemmMode(True, True)
    assert _matrices(four["X"]) == (256, 300, 6) and _matrices(four["W"]) == (520, 256)
    four["X"], four["W"] = array((2, 3, 300, 250)), array((250, 520), ptr=1 << 24)  # X's rows 500 bytes apart
    assert mode_of(heads, "sm_90", four) == GemmMode(True, True)  # X copied into rows TMA reads
    four["O"] = array((2, 3, 300, 200), "float32", ptr=1 << 28)
    four["W"] = array((250, 200), ptr=1 << 24)  # N = 200: a product too narrow to repay the copy
    assert mode_of(heads, "sm_90", four) == GemmMode(False, True)
    assert mode_of(heads, "sm_80", four) == GemmMode(False, False, mma=True)
    moving = DOT_SOURCE.replace("acc += dot(A[z, m0 :+ TM, k :+ TK], B[z, k :+ TK, n0 :+ TN])",
                                "acc += dot(A[z + k, m0 :+ TM, k :+ TK], B[z, k :+ TK, n0 :+ TN])")
    found = gemm_of(variant(phobos.compile(moving, path="d.phobos").kernels["gemm_wgmma_batched"]))
    assert isinstance(found, NotGemm) and "batch index, changes in the loop" in str(found)


def test_copies_of_the_operand_windows_in_the_loop_are_read_as_the_windows():
    body = GEMM.replace("acc += dot(A[m0 :+ TM, k :+ TK], B[k :+ TK, n0 :+ TN])",
                        "var a = A[m0 :+ TM, k :+ TK]\n    let b = B[k :+ TK, n0 :+ TN]\n    acc += dot(a, b)")
    v = variant(phobos.compile(body.format(tm=128, tn=256, attrs="", epilogue=PLAIN), path="g.phobos").kernels["g"])
    form = gemm_form(v)
    assert (form.a.tensor, form.b.tensor) == ("A", "B")
    assert isinstance(form.m_start, ir.Read) and form.m_start.sym.name == "m0"


@pytest.mark.parametrize(("epilogue", "why"), [
    ("C[m0 :+ TM, n0 :+ TN] = bf16(transpose(acc))", "reduction, a product, a transpose"),
    ("C[m0 :+ TM, n0 :+ TN] = bf16(acc)\n  A[0 :+ TM, 0 :+ TN] = bf16(acc)", "writes an operand"),
    ("C[m0 + ctx.thread, n0] = bf16(acc[0, 0])", "not a store of a [TM, TN] tile"),
    ("let s = sum(acc)\n  C[m0 :+ TM, n0 :+ TN] = bf16(acc)", "collective, an atomic or a tile"),
    # Its threads store with no barrier between them: a read of C elsewhere than the stored element races.
    ("C[m0 :+ TM, n0 :+ TN] = bf16(acc + f32(C[m0 :+ 1, n0 :+ TN]))", "reads a tensor it stores elsewhere"),
    ("C[m0 :+ TM, n0 :+ TN] = bf16(acc + f32(C[m0, n0]))", "reads a tensor it stores elsewhere"),
    ("C[m0 :+ TM, n0 :+ TN] = bf16(acc)\n  C[m0 :+ TM, n0 :+ TN] = bf16(acc + f32(C[m0 :+ TM, n0 :+ TN]))",
     "reads a tensor it stores elsewhere"),
    # Two windows of one tensor: a warp's second store may land before another warp's first.
    ("C[m0 :+ TM, n0 :+ TN] = bf16(acc)\n  C[m0 + 16 :+ TM, n0 :+ TN] = bf16(acc * 0.0 - 1.0)",
     "stores two windows of `C`"),
])
def test_epilogues_the_lowering_cannot_write_are_refused_with_the_reason(epilogue: str, why: str):
    with pytest.raises(NotGemm, match=re.escape(why)):
        gemm_form(variant(kernel_of(tn=128, epilogue=epilogue)))


def test_a_prologue_reading_a_tensor_the_epilogue_stores_is_refused():
    """A scalar read before the loop happens as each consumer starts a tile, after another
    consumer of the CTA may have stored its own over it."""
    text = GEMM.format(tm=128, tn=128, attrs="", epilogue="C[m0 :+ TM, n0 :+ TN] = bf16(acc * f32(c00))")
    text = text.replace("let m0 = ctx.block.y * TM", "let m0 = ctx.block.y * TM\n  let c00 = C[0, 0]")
    with pytest.raises(NotGemm, match="before the loop reads a tensor the epilogue stores"):
        gemm_form(variant(phobos.compile(text, path="g.phobos").kernels["g"]))


def test_an_epilogue_may_read_the_window_it_stores():
    """A residual `C = acc + C` reads each element in the thread that stores it."""
    residual = "C[m0 :+ TM, n0 :+ TN] = bf16(acc + f32(C[m0 :+ TM, n0 :+ TN]))"
    form = gemm_form(variant(kernel_of(tn=128, epilogue=residual)))
    assert len(form.epilogue) == 1


# ------------------------------------------------------------ the layout plan


@pytest.mark.parametrize(("consumers", "blocks", "n"), [(2, 1, 256), (1, 1, 64), (1, 3, 64), (2, 2, 128)])
def test_the_fragment_places_every_element_once(consumers: int, blocks: int, n: int):
    fragment = wgmma_fragment(consumers, blocks, n)
    seen = {fragment.position(g, t, r) for g in range(consumers) for t in range(128) for r in range(blocks * n // 2)}
    assert seen == {(i, j) for i in range(64 * blocks * consumers) for j in range(n)}
    for i, j in [(0, 0), (9, 3), (64 * blocks * consumers - 1, n - 1)]:
        assert fragment.position(*fragment.holder(i, j)) == (i, j)


def test_the_fragment_is_the_ptx_accumulator_layout():
    """PTX ISA, wgmma m64nNk16 D: thread t, register r at row 16 (t / 32) + (t % 32) / 4
    + 8 ((r / 2) % 2), column 8 (r / 4) + 2 (t % 4) + r % 2."""
    fragment = wgmma_fragment(2, 1, 256)
    for t in range(128):
        for r in range(128):
            want = (16 * (t // 32) + (t % 32) // 4 + 8 * ((r // 2) % 2), 8 * (r // 4) + 2 * (t % 4) + r % 2)
            assert fragment.position(0, t, r) == want
            assert fragment.position(1, t, r) == (want[0] + 64, want[1])


def test_operand_stages_are_swizzled_boxes_at_1024_byte_boundaries():
    form = gemm_form(variant(kernel_of()))
    plan = plan_gemm(variant(kernel_of()), form)
    # Four stages: the output tile is staged for its TMA store in two parts of 128 columns.
    assert (plan.bm, plan.bn, plan.bk, plan.stages, plan.consumers, plan.blocks) == (128, 256, 64, 4, 2, 1)
    assert plan.instruction == "wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16"
    for stage, rows, cols in ((plan.a, 128, 64), (plan.b, 64, 256)):
        offsets = {stage.byte_offset(r, c, 2) for r in range(rows) for c in range(cols)}
        assert len(offsets) == rows * cols  # no two elements share a place
        assert min(offsets) == stage.offset and max(offsets) == stage.offset + stage.bytes - 2
        assert stage.offset % SWIZZLE_ATOM == 0 and stage.box_bytes % SWIZZLE_ATOM == 0
    # 128-byte swizzle: row r's 16-byte chunk q lands at chunk q ^ (r % 8) of its line.
    assert plan.a.byte_offset(3, 8, 2) == 3 * 128 + (1 ^ 3) * 16
    assert plan.b.byte_offset(9, 70, 2) == plan.b.offset + 8192 + 9 * 128 + (0 ^ 1) * 16 + 12
    assert (plan.a.lbo, plan.a.sbo, plan.a.k_step) == (16, 1024, 32)
    assert (plan.b.lbo, plan.b.sbo, plan.b.k_step) == (8192, 1024, 2048)
    assert plan.c is not None and (plan.c.rows, plan.c.box_cols, plan.c.boxes, plan.c_parts) == (64, 64, 2, 2)
    assert plan.shared_bytes == 4 * 49152 + 2 * 16384 + 64 + 1024
    two_stores = variant(kernel_of(epilogue=PLAIN + "\n  C[m0 :+ TM, n0 :+ TN] = bf16(acc + 1.0)"))
    assert plan_gemm(two_stores, gemm_form(two_stores)).c is None  # stores from registers: four stages
    assert plan_gemm(two_stores, gemm_form(two_stores)).stages == 4


def swizzled(address: int) -> int:
    """The 128-byte swizzle on an address in a 1024-aligned box: chunk ^= line % 8."""
    return address ^ (((address >> 7) & 7) << 4)


@pytest.mark.parametrize("operands", ["bf16", "i8", "linear"])
def test_wgmma_reads_through_the_plans_descriptors_give_the_product(operands: str):
    """A model of one stage (PTX ISA canonical layouts, 128-byte swizzle): the elements
    placed where the plan's OperandStage says, read back where wgmma's descriptors
    (the plan's start, LBO, SBO and k step) point, multiply to A @ B."""
    if operands == "bf16":
        v = variant(kernel_of(128, 256))
    else:
        v = variant(DOT.kernels["gemm_wgmma_i8" if operands == "i8" else "gemm_wgmma_linear"])
    form, plan = gemm_of(v)  # type: ignore[misc]
    element = plan.operand.bits // 8
    rng = np.random.default_rng(1)
    a = rng.integers(-4, 5, (plan.bm, plan.bk))
    b = rng.integers(-4, 5, (plan.bk, plan.bn))
    smem = {}
    for m in range(plan.bm):
        for k in range(plan.bk):
            smem[plan.a.byte_offset(m, k, element)] = a[m, k]
    for k in range(plan.bk):
        for n in range(plan.bn):
            place = plan.b.byte_offset(n, k, element) if plan.b.major == "K" else plan.b.byte_offset(k, n, element)
            smem[place] = b[k, n]
    assert len(smem) == plan.bm * plan.bk + plan.bk * plan.bn
    rows = plan.bm // plan.consumers
    got = np.zeros((plan.bm, plan.bn), dtype=np.int64)
    for consumer in range(plan.consumers):
        for q in range(plan.bk // plan.k_slice):
            a_start = plan.a.offset + consumer * (plan.a.box_bytes // plan.consumers) + q * plan.a.k_step
            b_start = plan.b.offset + q * plan.b.k_step
            ks = range(plan.k_slice)
            sa = np.array([[smem[swizzled(a_start + 128 * (r % 8) + plan.a.sbo * (r // 8) + element * k)] for k in ks]
                           for r in range(rows)])
            if plan.b.major == "K":  # rows of n, k along the bytes
                sb = np.array([[smem[swizzled(b_start + 128 * (n % 8) + plan.b.sbo * (n // 8) + element * k)]
                                for n in range(plan.bn)] for k in ks])
            else:  # atoms of 64 n by 8 k: LBO between atoms along n, SBO along k
                per = 128 // element
                sb = np.array([[smem[swizzled(b_start + element * (n % per) + plan.b.lbo * (n // per)
                                              + 128 * (k % 8) + plan.b.sbo * (k // 8))]
                                for n in range(plan.bn)] for k in ks])
            got[consumer * rows:(consumer + 1) * rows] += sa @ sb
    assert np.array_equal(got, a @ b)


def test_tiles_too_large_are_refused_with_the_numbers():
    big = variant(kernel_of(tm=256, tn=192))
    with pytest.raises(TooLarge, match="192 registers a thread"):
        plan_gemm(big, gemm_form(big))
    deep = variant(kernel_of(attrs="@pipeline(8)"))
    with pytest.raises(TooLarge, match=r"@pipeline\(8\): 8 stages of 49152 bytes .* a CTA on sm_90 has 232448"):
        plan_gemm(deep, gemm_form(deep))
    demanded = variant(kernel_of(attrs="@tensorcore\n@pipeline(8)"))
    with pytest.raises(PhobosError, match="@tensorcore: kernel `g`'s GEMM tile does not fit sm_90"):
        gemm_of(demanded)
    assert isinstance(gemm_of(deep), TooLarge)  # without @tensorcore: the general lowering


def test_phobos_compile_refuses_a_tile_the_target_cannot_hold(tmp_path):
    """Item 4: at compile time for the target, not only at the first launch."""
    from phobos.backends.cuda.runtime.aot import build_file

    source = tmp_path / "g.phobos"
    source.write_text(GEMM.format(tm=128, tn=256, attrs="@tensorcore\n@pipeline(8)", epilogue=PLAIN))
    report = build_file(source, ["sm_90"], "cuda", tmp_path / "out")
    assert not report.built and re.search(r"does not fit sm_90: @pipeline\(8\)", str(report.refused[0].error))
    report = build_file(source, ["sm_75"], "cuda", tmp_path / "out75")  # no tensor-core lowering there: the scalar plan
    assert re.search("262144 bytes of shared memory .* on sm_75 has at most 65536", str(report.refused[0].error))


def test_pipeline_sets_the_stage_count():
    v = variant(kernel_of(attrs="@pipeline(2)"))
    assert plan_gemm(v, gemm_form(v)).stages == 2
    three = variant(kernel_of(attrs="@pipeline(3)"))  # room for the whole output tile's staging
    plan = plan_gemm(three, gemm_form(three))
    assert plan.stages == 3 and plan.c is not None and (plan.c.boxes, plan.c_parts) == (4, 1)
    four = variant(kernel_of(attrs="@pipeline(4)"))  # the staging in two parts
    plan = plan_gemm(four, gemm_form(four))
    assert plan.stages == 4 and plan.c is not None and (plan.c.boxes, plan.c_parts) == (2, 2)
    off = variant(kernel_of(attrs="@pipeline(off)"))  # two: one stage would deadlock (the plan's comment)
    assert plan_gemm(off, gemm_form(off)).stages == 2


# ------------------------------------------------------------ the code


GOLDEN_KERNELS = [("gemm_wgmma", "tma"), ("gemm_wgmma", "pairs"), ("gemm_wgmma", "threads"),
                  ("gemm_wgmma_f16", "tma"), ("gemm_wgmma_i8", "threads"), ("gemm_wgmma_linear", "tma"),
                  ("gemm_wgmma_linear", "threads"), ("gemm_wgmma_linear_i8", "tma"), ("gemm_wgmma_batched", "tma"),
                  ("gemm_wgmma_batched", "pairs"), ("gemm_wgmma_heads", "threads"), ("gemm_wgmma_heads", "tma"),
                  ("gemm_wgmma_tf32", "tma"), ("gemm_wgmma_tf32", "threads"), ("gemm_wgmma", "realigned"),
                  # regressions: two stages under @pipeline(off); B from a start 3 columns in, copied by
                  # the threads from aligned tensors as its launches do (no TMA box starts there); a
                  # constant batch index's matrix start in i64
                  ("gemm_one_stage_long_k", "tma"), ("gemm_b_window_offset3", "aligned"),
                  ("gemm_b_window_offset3_i8", "aligned"), ("gemm_batch_const_index", "threads")]


@pytest.mark.parametrize(("name", "loads"), GOLDEN_KERNELS)
def test_generated_gemm_cuda_matches_golden(name: str, loads: str, request: pytest.FixtureRequest):
    v = variant(DOT.kernels[name])
    form, plan = gemm_of(v)  # type: ignore[misc]
    aligned = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    tma = loads in ("tma", "pairs")
    mode = GemmMode(tma, tma and plan.c is not None, cluster=2 if loads == "pairs" else 1)
    # realigned: aligned tensors whose rows need not be 16 bytes apart (the producer's realigned copies);
    # aligned: the usual key's aligned tensors, copied by the producer's threads
    spec = (Specialization(aligned=aligned) if loads == "realigned"
            else usual(v, aligned if tma or loads == "aligned" else frozenset()))
    source = generate_gemm(v, spec, form, plan, mode).source
    check_golden(GOLDEN / "gemm" / f"dot.{name}.{loads}.cu", without_preludes(source), request, "CUDA C++",
                 line_numbers=False)


@pytest.mark.parametrize(("start", "pieces"), [("ctx.block.x * TN", True), ("ctx.block.x * TN + 3", False),
                                               ("ctx.block.x * TN + 8", True), ("ctx.block.x * (TN + 2)", False)])
def test_b_is_copied_in_pieces_only_from_a_column_start_on_their_boundary(start: str, pieces: bool):
    """The producer's threads copy B[K, N] 4 elements (8 bytes) at a time only where the
    window's n start is known to be a multiple of 4: from another start those copies
    were misaligned (a fault on the device); they are realigned in registers then."""
    text = GEMM.format(tm=128, tn=128, attrs="", epilogue=PLAIN).replace("let n0 = ctx.block.x * TN",
                                                                         f"let n0 = {start}")
    v = variant(phobos.compile(text, path="g.phobos").kernels["g"])
    form, plan = gemm_of(v)  # type: ignore[misc]
    aligned = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    source = generate_gemm(v, usual(v, aligned), form, plan, GemmMode(False, False)).source
    b_copies = [line for line in source.splitlines() if "ph::copy_" in line and "B_" in line]
    assert b_copies and all(("ph::copy_async(" if pieces else "ph::copy_realigned(") in line for line in b_copies)


@pytest.mark.parametrize(("start", "tma"), [("ctx.block.x * TN", True), ("ctx.block.x * TN + 3", False),
                                            ("ctx.block.x * TN + 4", False), ("ctx.block.x * TN + 8", True),
                                            ("ctx.block.x * (TN + 2)", False)])
def test_tma_moves_boxes_only_from_a_start_on_16_bytes(start: str, tma: bool):
    """A TMA box's innermost coordinate must lie a whole 16 bytes from its tensor's start:
    from n0 = ctx.block.x * TN + 3 the output's TMA store stopped the kernel with an
    illegal instruction on an H100 (gate 2, 2026-12-06). Where B's and C's windows may
    start between 16 bytes, a launch copies by threads and stores from registers, and an
    ahead-of-time build makes no TMA variant."""
    from phobos.backends.cuda.gemm.gemm_launch import tma_starts
    from phobos.backends.cuda.runtime.aot import gemm_builds

    text = GEMM.format(tm=128, tn=128, attrs="", epilogue=PLAIN).replace("let n0 = ctx.block.x * TN",
                                                                         f"let n0 = {start}")
    v = variant(phobos.compile(text, path="g.phobos").kernels["g"])
    form, _ = gemm_of(v)  # type: ignore[misc]
    aligned = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    assert tma_starts(v, form, usual(v, aligned)) == (tma, tma)  # B and C are both bf16
    assert ("gemm-tma" in [label for label, _, _ in gemm_builds(v, "sm_90", False)]) == tma


def without_preludes(source: str) -> str:
    """A GEMM kernel's own source: the preludes every one starts with are pinned once."""
    preludes = f"{PRELUDE}\n{GEMM_PRELUDE}\n"  # as the writer joins its head
    assert source.startswith(preludes)
    return source[len(preludes):]


@pytest.mark.parametrize(("stored", "store"), [("C[m0 :+ TM, n0 + 3 :+ TN]", False),
                                               ("C[m0 :+ TM, n0 + 8 :+ TN]", True)])
def test_the_outputs_tma_store_is_decided_by_its_own_windows_start(stored: str, store: bool):
    """B's window starts on 16 bytes but the stored window may not: the store's own n start
    decides (from n0 + 3 a TMA store stops the kernel with an illegal instruction)."""
    from phobos.backends.cuda.gemm.gemm_launch import tma_starts

    text = GEMM.format(tm=128, tn=128, attrs="", epilogue=f"{stored} = bf16(acc)")
    v = variant(phobos.compile(text, path="g.phobos").kernels["g"])
    form, _ = gemm_of(v)  # type: ignore[misc]
    aligned = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    assert tma_starts(v, form, usual(v, aligned)) == (True, store)


def test_gemm_prelude_matches_golden(request: pytest.FixtureRequest):
    check_golden(GOLDEN / "gemm" / "_prelude.cu", GEMM_PRELUDE, request, "CUDA C++")


@pytest.mark.parametrize(("tm", "tn", "loads", "store", "cluster"), [
    (128, 256, True, True, 2), (128, 256, True, True, 1), (128, 256, False, False, 1), (64, 128, True, False, 2),
    (256, 128, False, True, 1), (64, 64, True, True, 1), (64, 256, False, True, 1),
])
def test_gemm_variants_build_for_sm_90a_without_serialized_wgmma(tm: int, tn: int, loads: bool, store: bool,
                                                                 cluster: int):
    """NVRTC with ptxas: a note that wgmma was serialized would fail the build
    (compile.py); and ptxas's report says no register was spilled, in either role."""
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    v = variant(kernel_of(tm, tn, epilogue="C[m0 :+ TM, n0 :+ TN] = bf16(max(acc * 2.0, 0.0))"))
    form, plan = gemm_of(v)  # type: ignore[misc]
    aligned = frozenset({"A", "B", "C"}) if loads else frozenset()
    gen = generate_gemm(v, usual(v, aligned), form, plan, GemmMode(loads, store, cluster=cluster))
    assert gen.arch_suffix == "a" and gen.threads == 128 * (plan.consumers + 1) and gen.cluster == cluster
    assert ("__cluster_dims__(2, 1, 1)" in gen.source) == (cluster == 2)
    assert build(gen, v, "sm_90").startswith(b"\x7fELF")
    assert_nothing_spilled(ptxas_report(gen.source, "sm_90a"))


def test_operands_aligned_but_not_pitched_are_copied_in_realigned_chunks():
    """Rows 8002 bytes apart (K = 4001): no TMA and no cp.async piece, but a base 16-byte
    aligned lets each chunk be read as the two aligned 16-byte pieces holding it, several
    chunks to a call, for the Hopper and the Ampere lowering alike; built with nothing
    spilled."""
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build
    from phobos.ir.specialize import Specialization

    v = variant(kernel_of())
    spec = Specialization(aligned=frozenset({"A", "B", "C"}))
    for arch, mode in (("sm_90", GemmMode(False, False)), ("sm_80", GemmMode(False, False, mma=True))):
        form, plan = gemm_of(v, arch)  # type: ignore[misc]
        gen = generate_gemm(v, spec, form, plan, mode)
        body = without_preludes(gen.source) if arch == "sm_90" else gen.source.split("extern \"C\"")[1]
        assert "ph::copy_realigned(" in body and "ph::copy_elements(" not in body
        assert re.search(r"ph::copy_realigned\(dst\w*, ", body)  # chunks go several to a call: loads in flight together
        assert build(gen, v, arch).startswith(b"\x7fELF")
        assert_nothing_spilled(ptxas_report(gen.source, arch + gen.arch_suffix))


def assert_nothing_spilled(report: str) -> None:
    """Every function of ptxas's -v report (the kernel and any call it makes) spills nothing."""
    lines = [line.strip() for line in report.splitlines() if "spill stores" in line]
    assert lines and all(line.endswith("0 bytes spill stores, 0 bytes spill loads") for line in lines), report


def ptxas_report(source: str, arch: str) -> str:
    """NVRTC's log of `source` built as the back end builds it, with ptxas's -v report."""
    from phobos.backends.cuda.runtime.compile import nvrtc_run
    from phobos.backends.cuda.runtime.compile import options as relaxed_options

    run = nvrtc_run(source, "k", [f"-arch={arch}", *relaxed_options(False), "--ptxas-options=-v"])
    assert run.code is not None, run.log
    return run.log


@pytest.mark.parametrize("name", ["gemm_wgmma", "gemm_wgmma_f16", "gemm_wgmma_i8", "gemm_wgmma_linear",
                                  "gemm_wgmma_linear_i8", "gemm_wgmma_batched", "gemm_wgmma_heads",
                                  "gemm_one_stage_long_k", "gemm_b_window_offset3", "gemm_b_window_offset3_i8",
                                  "gemm_batch_const_index", "gemm_store_offset3", "gemm_b_window_by_block_y"])
@pytest.mark.parametrize("mode", [GemmMode(True, True), GemmMode(True, False), GemmMode(False, True),
                                  GemmMode(False, False)], ids=str)
def test_every_corpus_gemm_builds_in_every_mode(name: str, mode: GemmMode):
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    v = variant(DOT.kernels[name])
    form, plan = gemm_of(v)  # type: ignore[misc]
    if (mode.tma_loads and plan.b_transposed_copy) or (mode.tma_store and plan.c is None):
        pytest.skip("a mode no launch of this kernel takes")
    tensors = frozenset(p.name for p in v.params if isinstance(p, ir.TensorParam))
    gen = generate_gemm(v, usual(v, tensors if mode.tma_loads else frozenset()), form, plan, mode)
    assert build(gen, v, "sm_90").startswith(b"\x7fELF")


# ------------------------------------------------------------ the launch's choice


def array(shape: tuple[int, ...], dtype: str = "bfloat16", ptr: int = 1 << 20) -> DeviceArray:
    import ml_dtypes  # noqa: F401 - registers bfloat16 with numpy

    np_dtype = np.dtype(dtype)
    strides = tuple(int(np.prod(shape[d + 1:])) for d in range(len(shape)))
    return DeviceArray(ptr, shape, strides, np_dtype, 0, False, None)


def key_of(v: ir.Kernel, arrays: dict[str, DeviceArray]) -> Specialization:
    """The key of a launch with these arrays, read off them as the runtime reads it."""
    dims = {d: n for p in v.params if isinstance(p, ir.TensorParam)
            for d, n in zip(p.dims, arrays[p.name].shape, strict=True) if isinstance(d, str)}
    aligned = frozenset(name for name, a in arrays.items() if a.ptr % 16 == 0)
    return specialize(v, dims, {}, aligned)


def mode_of(v: ir.Kernel, arch: str, arrays: dict[str, DeviceArray]) -> GemmMode | None:
    """gemm_mode for a launch with these arrays, under their key."""
    return gemm_mode(v, arch, key_of(v, arrays), arrays)


def arrays(m: int, n: int, k: int, a_ptr: int = 1 << 20) -> dict[str, DeviceArray]:
    return {"A": array((m, k), ptr=a_ptr), "B": array((k, n), ptr=1 << 24), "C": array((m, n), ptr=1 << 28)}


def test_a_launch_takes_tma_where_it_can_and_threads_where_it_cannot(monkeypatch: pytest.MonkeyPatch):
    v = variant(kernel_of())
    assert mode_of(v, "sm_90", arrays(300, 520, 200)) == GemmMode(True, True)
    # Operands TMA cannot read where they lie are copied into rows it can (gemm_repack.py) ...
    assert mode_of(v, "sm_90", arrays(3000, 5000, 2900)) == GemmMode(True, True)  # A's rows 5800 bytes apart
    assert mode_of(v, "sm_90", arrays(300, 516, 200)) == GemmMode(True, False)  # B's and C's rows: 1032
    assert mode_of(v, "sm_90", arrays(300, 520, 200, a_ptr=(1 << 20) + 2)) == GemmMode(True, True)  # A misaligned
    # ... where the product reads each of their tiles often enough: not A's here (N = 200)
    assert mode_of(v, "sm_90", arrays(3000, 200, 2900)) == GemmMode(False, True)
    assert mode_of(v, "sm_90", arrays(300, 520, 0)) == GemmMode(False, True)  # K = 0: no tensor map of A
    monkeypatch.setenv(ENV_REPACK, "0")
    assert mode_of(v, "sm_90", arrays(3000, 5000, 2900)) == GemmMode(False, True)
    monkeypatch.delenv(ENV_REPACK)
    assert mode_of(v, "sm_80", arrays(300, 520, 200)) == GemmMode(False, False, mma=True)
    assert mode_of(v, "sm_75", arrays(300, 520, 200)) is None
    assert mode_of(variant(DOT.kernels["gemm_bf16"]), "sm_90", arrays(300, 520, 200)) is None
    monkeypatch.setenv(ENV_CLUSTER, "2")  # pairs of CTAs sharing B's loads, where TMA loads it
    assert mode_of(v, "sm_90", arrays(300, 520, 200)) == GemmMode(True, True, cluster=2)
    assert mode_of(v, "sm_90", arrays(3000, 200, 2900)) == GemmMode(False, True)
    narrow = variant(kernel_of(128, 64))  # B's stage one box wide: not shared in halves
    assert mode_of(narrow, "sm_90", arrays(300, 520, 200)) == GemmMode(True, True)
    monkeypatch.delenv(ENV_CLUSTER)
    monkeypatch.setenv(ENV_WGMMA, "mma")  # the Ampere lowering on Hopper, to run it somewhere
    assert mode_of(v, "sm_90", arrays(300, 520, 200)) == GemmMode(False, False, mma=True)
    monkeypatch.setenv(ENV_WGMMA, "0")
    assert mode_of(v, "sm_90", arrays(300, 520, 200)) is None


def test_a_tma_variant_reads_from_copies_the_operands_its_key_does_not_promise():
    """Which operands a launch copies is the variant's, from its key, not the first
    launch's arrays: with K kept out of the key, A's pitch is not promised, so every
    launch of that kind copies A, whatever its rows."""
    plain, kept = variant(kernel_of()), variant(kernel_of(attrs="@do_not_specialize(K)"))
    for v, operands, mode, copied in ((plain, arrays(300, 520, 200), GemmMode(True, True), set()),
                                      (plain, arrays(3000, 5000, 2900), GemmMode(True, True), {"A"}),
                                      (plain, arrays(300, 516, 200), GemmMode(True, False), {"B"}),
                                      (kept, arrays(300, 520, 200), GemmMode(True, True), {"A"}),
                                      (plain, arrays(3000, 5000, 2900), GemmMode(False, True), set())):
        form, plan = gemm_of(v)  # type: ignore[misc]
        assert generate_gemm(v, key_of(v, operands), form, plan, mode).repacked == copied


def test_a_repacked_operand_is_read_from_rows_16_bytes_apart(monkeypatch: pytest.MonkeyPatch):
    """The scratch TMA reads in place of an operand: its shape and type, each row padded
    to the next 16 bytes, as the strides (and so the tensor map's pitches) say."""
    monkeypatch.setattr(Repack, "_scratch", lambda self, stream: 1 << 30)
    for shape, strides in (((3000, 2900), (2904, 1)), ((2, 3, 300, 250), (230400, 76800, 256, 1))):
        operand = array(shape)
        repack = Repack(operand, "operand `A`")
        assert (repack.width, repack.pitch, repack.rows) == (shape[-1] * 2, strides[-2] * 2, int(np.prod(shape[:-1])))
        padded = repack.padded(operand, 7)
        assert (padded.ptr, padded.shape, padded.strides, padded.dtype) == (1 << 30, shape, strides, operand.dtype)
        assert _matrices(padded) == _matrices(operand)


@pytest.mark.parametrize(("shape", "strides", "pitches"), [
    ((300, 256), (256, 1), [512]),
    ((4, 1, 300, 256), (76800, 256, 256, 1), [512, 153600]),  # one head of a transposed reshape: torch's strides
    ((4, 1, 300, 256), (76800, 76800, 256, 1), [512, 153600]),
    ((1, 1, 300, 256), (1, 1, 256, 1), [512, 153600]),  # one matrix: its rows' bytes
    ((3, 1, 256), (256, 1, 1), [512, 512]),  # one row a matrix, torch giving it stride 1
    ((2, 3, 300, 250), (230400, 76800, 256, 1), [512, 153600]),  # a repacked operand's padded rows
])
def test_a_maps_pitches_read_the_strides_of_dims_longer_than_one(shape: tuple[int, ...], strides: tuple[int, ...],
                                                                 pitches: list[int]) -> None:
    """A tensor map's pitches: torch gives a contiguous tensor's dims of one element any
    stride, which TMA must not take for the distance between matrices or rows."""
    operand = array(shape)
    assert _pitches(DeviceArray(operand.ptr, shape, strides, operand.dtype, 0, False, None)) == pitches


@pytest.mark.parametrize(("name", "value", "expected"), [
    (ENV_WGMMA, "Off", None), (ENV_WGMMA, " MMA ", GemmMode(False, False, mma=True)),
    (ENV_WGMMA, "yes", GemmMode(True, True)), (ENV_CLUSTER, "1", GemmMode(True, True)),
    (ENV_CLUSTER, "", GemmMode(True, True)), ("PHOBOS_CUDA_PINGPONG", "true", GemmMode(True, True, pingpong=True)),
    ("PHOBOS_CUDA_PINGPONG", "no", GemmMode(True, True)),
    (ENV_WGMMA, "wgmma", "PHOBOS_CUDA_WGMMA is 'wgmma'; set it to 1 (or true, yes, on), 0 (or false, no, off), or mma"),
    (ENV_CLUSTER, "4", "PHOBOS_CUDA_CLUSTER is '4'; set it to 1 or 2, or leave it unset"),
    ("PHOBOS_CUDA_PINGPONG", "2", "PHOBOS_CUDA_PINGPONG is '2'; set it to 1 (or true, yes, on), 0 (or false"),
])
def test_the_gemm_switches_read_as_every_switch_does(monkeypatch: pytest.MonkeyPatch, name: str, value: str,
                                                      expected: GemmMode | str | None):
    v = variant(kernel_of(128, 128))
    monkeypatch.setenv(name, value)
    if isinstance(expected, str):
        with pytest.raises(PhobosError, match=re.escape(expected)):
            mode_of(v, "sm_90", arrays(300, 520, 200))
    else:
        assert mode_of(v, "sm_90", arrays(300, 520, 200)) == expected


def test_i8_gemms_transpose_b_as_the_producer_copies_it():
    v = variant(DOT.kernels["gemm_wgmma_i8"])
    form, plan = gemm_of(v)  # type: ignore[misc]
    assert plan.instruction == "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8"
    assert (plan.bk, plan.k_slice, plan.b.major, plan.b.rows) == (128, 32, "K", 128)
    i8 = {"A": array((300, 200), "int8"), "B": array((200, 520), "int8", ptr=1 << 24),
          "BIAS": array((1, 520), "int32", ptr=1 << 26), "C": array((300, 520), "int32", ptr=1 << 28)}
    assert mode_of(v, "sm_90", i8) == GemmMode(False, True)  # no TMA load: B is transposed as it is copied
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    source = generate_gemm(v, usual(v, frozenset(i8)), form, plan, GemmMode(False, False))
    assert "ph::copy_transposed" in source.source and build(source, v, "sm_90").startswith(b"\x7fELF")


# ------------------------------------------------------------ Ampere and Ada: mma.sync


@pytest.mark.parametrize(("warp_m", "warp_n"), [(64, 64), (32, 32), (128, 32)])
def test_the_mma_fragment_places_every_element_once(warp_m: int, warp_n: int):
    fragment = mma_fragment(warp_m, warp_n)
    seen = {fragment.position(0, t, r) for t in range(256) for r in range(warp_m * warp_n // 32)}
    assert seen == {(i, j) for i in range(2 * warp_m) for j in range(4 * warp_n)}
    # PTX ISA, mma.m16n8k16 D: lane l holds row l / 4 (+ 8 for d2, d3), columns 2 (l % 4) + (0, 1).
    assert [fragment.position(0, 5, r) for r in range(4)] == [(1, 2), (1, 3), (9, 2), (9, 3)]
    assert fragment.position(0, 32, 0) == (warp_m, 0) and fragment.position(0, 64, 0) == (0, warp_n)


def test_mma_stages_are_swizzled_for_ldmatrix():
    v = variant(kernel_of())
    plan = plan_mma(v, gemm_form(v), "sm_86")
    assert (plan.stages, plan.blocks, plan.n8, plan.shared_bytes) == (4, 4, 8, 4 * 24576 + 128)
    assert plan.shared_bytes <= 99 * 1024  # sm_86 and sm_89 give a CTA 99 KB
    for part, rows, cols in ((plan.a, 128, 32), (plan.b, 32, 256)):
        assert len({part.byte_offset(r, c, 2) for r in range(rows) for c in range(cols)}) == rows * cols
        # the 8 rows one ldmatrix reads (one 16-byte chunk each) fall in 8 different bank groups
        for first in range(0, rows, 8):
            groups = {part.byte_offset(first + r, 8, 2) // 16 % 8 for r in range(8)}
            assert len(groups) == 8
    with pytest.raises(NotGemm, match="i8 operands have no mma.sync lowering"):
        i8 = variant(DOT.kernels["gemm_wgmma_i8"])
        plan_mma(i8, gemm_form(i8), "sm_80")


@pytest.mark.parametrize("arch", ["sm_80", "sm_86", "sm_89", "sm_90"])
def test_mma_variants_build_for_ampere_and_ada(arch: str):
    """Gate 1 for item 2 of issue 11: the mma.sync lowering compiles where it runs
    (sm_90 too: that is where gate 2 and the benchmarks run it, PHOBOS_CUDA_WGMMA=mma)."""
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    for name in ("gemm_wgmma", "gemm_wgmma_f16"):
        v = variant(DOT.kernels[name])
        form, plan = gemm_of(v, "sm_80")  # type: ignore[misc]
        gen = generate_gemm(v, usual(v), form, plan,
                            GemmMode(False, False, mma=True))
        assert gen.arch_suffix == "" and gen.threads == 256 and "mma.sync.aligned.m16n8k16" in gen.source
        assert build(gen, v, arch).startswith(b"\x7fELF")


def test_a_launch_generates_from_its_own_architectures_plan():
    from phobos.backends.cuda.runtime.launch import generated

    v = variant(kernel_of())
    mma = GemmMode(False, False, mma=True)
    for arch in ("sm_80", "sm_86", "sm_89"):
        assert generated(v, None, mma, arch).gemm is gemm_of(v, arch)[1]  # type: ignore[index]
    assert generated(v, None, mma, "sm_90").gemm is gemm_of(v, "sm_80")[1]  # type: ignore[index]
    assert generated(v, None, GemmMode(True, True), "sm_90").gemm is gemm_of(v, "sm_90")[1]  # type: ignore[index]


def test_generated_mma_cuda_matches_golden(request: pytest.FixtureRequest):
    v = variant(DOT.kernels["gemm_wgmma"])
    form, plan = gemm_of(v, "sm_80")  # type: ignore[misc]
    source = generate_gemm(v, usual(v), form, plan, GemmMode(False, False, mma=True)).source
    check_golden(GOLDEN / "gemm" / "dot.gemm_wgmma.mma.cu", without_preludes(source), request, "CUDA C++",
                 line_numbers=False)


def test_tensor_maps_are_encoded_for_each_new_set_of_pointers(monkeypatch: pytest.MonkeyPatch):
    from phobos.backends.cuda.gemm import gemm_launch

    v = variant(kernel_of())
    form, plan = gemm_of(v)  # type: ignore[misc]
    operands = arrays(300, 520, 200)
    gen = generate_gemm(v, key_of(v, operands), form, plan, GemmMode(True, True))
    encoded: list[tuple[int, tuple[int, int], int, int]] = []

    def encode(array: DeviceArray, box_cols: int, box_rows: int) -> bytes:
        encoded.append((array.ptr, array.shape, box_cols, box_rows))
        return bytes([len(encoded)]) * 128

    monkeypatch.setattr(gemm_launch, "_encode", encode)
    args = GemmArguments(gen, operands, sms=132, pointer_order=["C", "A", "B"])
    args.fill([3 << 20, 1 << 20, 2 << 20], (3, 2, 1))  # C, A, B as a launch passes them
    assert encoded == [(1 << 20, (300, 200), 64, 128), (2 << 20, (200, 520), 64, 64), (3 << 20, (300, 520), 64, 64)]
    args.fill([3 << 20, 1 << 20, 2 << 20], (3, 2, 1))
    assert len(encoded) == 3  # the same pointers: the maps are kept
    args.fill([3 << 20, 5 << 20, 2 << 20], (3, 2, 1))
    assert [e[0] for e in encoded[3:]] == [5 << 20, 2 << 20, 3 << 20]
    assert bytes(args.maps["a"])[:1] == bytes([4])


def test_the_persistent_grid_is_a_cta_an_sm_at_most_and_as_few_as_take_as_many_turns():
    v = variant(kernel_of())
    form, plan = gemm_of(v)  # type: ignore[misc]
    gen = generate_gemm(v, usual(v, frozenset()), form, plan, GemmMode(False, False))
    args = GemmArguments(gen, arrays(300, 520, 200), sms=132, pointer_order=["A", "B", "C"])
    assert args.fill([], (16, 32, 1)) == (128, 1, 1)  # 512 tiles: 4 turns of 128, not 116 of 4 and 16 of 3
    assert [args.grid[a].value for a in "xyz"] == [16, 32, 1]
    assert args.fill([], (12, 11, 1)) == (132, 1, 1)  # 132 tiles: one turn
    assert args.fill([], (7, 19, 1)) == (67, 1, 1)  # 133 tiles: two turns
    assert args.fill([], (3, 2, 1)) == (6, 1, 1)
    assert args.fill([], (0, 2, 1)) == (1, 1, 1)


def test_pairs_of_ctas_walk_pairs_of_block_rows_no_more_than_fit(monkeypatch: pytest.MonkeyPatch):
    from phobos.backends.cuda.gemm import gemm_launch

    monkeypatch.setattr(gemm_launch, "_encode", lambda array, cols, rows: bytes(128))
    v = variant(kernel_of())
    form, plan = gemm_of(v)  # type: ignore[misc]
    operands = arrays(300, 520, 200)
    gen = generate_gemm(v, key_of(v, operands), form, plan, GemmMode(True, True, cluster=2))
    args = GemmArguments(gen, operands, sms=132, pointer_order=["A", "B", "C"], clusters=64)
    assert args.fill([1 << 20, 1 << 24, 1 << 28], (16, 32, 1)) == (128, 1, 1)  # 256 pairs: the 64 pairs that fit
    assert [args.grid[a].value for a in "xyz"] == [16, 32, 1]
    assert args.fill([1 << 20, 1 << 24, 1 << 28], (3, 5, 1)) == (18, 1, 1)  # 3 columns of 3 pairs, the last half
    assert args.fill([1 << 20, 1 << 24, 1 << 28], (0, 2, 1)) == (2, 1, 1)


def test_a_pair_of_ctas_shares_b_only_where_bs_window_is_the_same_for_both(monkeypatch: pytest.MonkeyPatch):
    """PHOBOS_CUDA_CLUSTER=2 pairs block rows 2i and 2i + 1, which then load B's boxes for
    each other; a kernel whose B window moves with ctx.block.y (the grid's axes swapped)
    would read the other tile's columns of B, so it runs without pairs."""
    monkeypatch.setenv(ENV_CLUSTER, "2")
    v = variant(kernel_of())
    mode = mode_of(v, "sm_90", arrays(3000, 5200, 2000))
    assert mode is not None and mode.cluster == 2
    swapped = GEMM.format(tm=128, tn=256, attrs="", epilogue=PLAIN).replace(
        "let m0 = ctx.block.y * TM", "let m0 = ctx.block.x * TM").replace(
        "let n0 = ctx.block.x * TN", "let n0 = ctx.block.y * TN")
    v = variant(phobos.compile(swapped, path="g.phobos").kernels["g"])
    mode = mode_of(v, "sm_90", arrays(3000, 5200, 2000))
    assert mode is not None and mode.tma_loads and mode.cluster != 2


def test_ping_pong_consumers_take_whole_tiles_in_turn(monkeypatch: pytest.MonkeyPatch):
    """PHOBOS_CUDA_PINGPONG=1: each consumer holds a whole 128 x 128 tile (two m64 blocks,
    128 registers) and takes every other tile of the CTA's walk; the build has no
    serialized wgmma and no spill. A tile one warpgroup cannot hold keeps the shared plan."""
    from phobos.backends.cuda.gemm.gemm_launch import ENV_PINGPONG

    v = variant(kernel_of(128, 128))
    form, plan = gemm_of(v, "sm_90", pingpong=True)  # type: ignore[misc]
    assert plan.pingpong and (plan.consumers, plan.blocks) == (2, 2)
    assert plan.fragment.groups.size == 1 and plan.fragment.registers.size == 128
    assert {plan.fragment.holder(i, j)[1:] for i in range(128) for j in range(128)} == {
        (t, r) for t in range(128) for r in range(128)}
    assert isinstance(gemm_of(variant(kernel_of(128, 256)), "sm_90", pingpong=True), NotGemm)
    monkeypatch.setenv(ENV_PINGPONG, "1")
    assert mode_of(v, "sm_90", arrays(300, 520, 200)) == GemmMode(True, True, pingpong=True)
    assert mode_of(variant(kernel_of(128, 256)), "sm_90", arrays(300, 520, 200)) == GemmMode(True, True)
    pytest.importorskip("cuda.bindings")
    from phobos.backends.cuda.runtime.compile import build

    gen = generate_gemm(v, usual(v, frozenset({"A", "B", "C"})), form, plan, GemmMode(True, True, pingpong=True))
    assert "$tile += 2 * gridDim.x" not in gen.source and "2 * gridDim.x" in gen.source
    turn = f"base + {plan.turn_barrier}"  # the consumers multiply in turn: a ring's parity tells two fills apart
    assert f"ph::mbar_wait({turn}, (consumer + 1) & 1);" in gen.source
    assert f"if (gthread == 0) ph::mbar_arrive({turn});" in gen.source
    assert plan.shared_bytes <= SHARED_LIMIT["sm_90"]
    assert build(gen, v, "sm_90").startswith(b"\x7fELF")
    assert_nothing_spilled(ptxas_report(gen.source, "sm_90a"))


def test_a_constant_batch_index_picks_its_matrix_in_64_bit_arithmetic():
    """`A[200, m :+ TM, k :+ TK]` of a [Z, 4096, 4096] tensor starts 200 · 4096² elements in:
    past 2^31, so the start is computed in i64, not in the `int` of a literal product."""
    source = GEMM.format(tm=128, tn=128, attrs="", epilogue="C[m0 :+ TM, n0 :+ TN] = bf16(acc)").replace(
        "kernel g(A: tensor<bf16>[M, K]", "kernel g(A: tensor<bf16>[Z, 4096, 4096]").replace(
        "B: tensor<bf16>[K, N]", "B: tensor<bf16>[4096, N]").replace("range(0, K, TK)", "range(0, 4096, TK)").replace(
        "dot(A[m0", "dot(A[200, m0")
    v = variant(phobos.compile(source, path="g.phobos").kernels["g"])
    form, plan = gemm_of(v)  # type: ignore[misc]
    arrays = {"A": array((300, 4096, 4096)), "B": array((4096, 520), ptr=1 << 24), "C": array((4096, 520), ptr=1 << 28)}
    written = generate_gemm(v, usual(v, frozenset(arrays)), form, plan, GemmMode(False, False)).source
    (start,) = [line for line in written.splitlines() if "a_src =" in line]
    assert "(i64)(200) * 4096 * 4096" in start


def test_an_unaligned_i8_word_reads_only_its_rows_bytes(tmp_path):
    """`word_at` at a column start off 4 bytes: a word that runs past its row's end takes
    only the row's bytes (zeros beyond), never the next row's or past the array, which
    AddressSanitizer would report."""
    import shutil
    import subprocess

    if shutil.which("g++") is None:
        pytest.skip("no g++ here")
    body = GEMM_PRELUDE[GEMM_PRELUDE.index("PH_INLINE u32 word_at"):]
    body = body[:body.index("\n}\n") + 3]
    program = tmp_path / "word_at.cpp"
    program.write_text(
        "#include <cstdint>\n#include <cstdio>\n#include <cstdlib>\n#include <cstring>\n"
        "typedef int8_t i8; typedef uint8_t u8; typedef uint32_t u32; typedef int64_t i64;\n#define PH_INLINE static\n"
        + body + """
int main() {
  const i64 rows = 2, cols = 6;
  i8* a = (i8*)malloc(rows * cols);
  for (int i = 0; i < rows * cols; ++i) a[i] = (i8)(i + 1);
  for (i64 r = -1; r <= rows; ++r)
    for (i64 c = -5; c < cols + 4; ++c)
      printf("%lld %lld %u\\n", (long long)r, (long long)c, word_at(a, r, c, rows, cols, false));
  free(a);
}
""")
    exe = tmp_path / "word_at"
    subprocess.run(["g++", "-O1", "-fsanitize=address", "-o", str(exe), str(program)], check=True)
    out = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        r, c, word = (int(x) for x in line.split())
        expect = 0
        for b in range(4):
            if 0 <= r < 2 and 0 <= c + b < 6:
                expect |= (r * 6 + c + b + 1) << (8 * b)
        assert word == expect, (r, c)
