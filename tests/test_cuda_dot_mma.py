"""The general writer's `dot` on mma.sync (dot_mma.py), as sm_80 to sm_89 run it and
sm_90 does with PHOBOS_CUDA_GENERAL_WGMMA=0 (so both architectures' PTX is checked
here; test_cuda_dot_wgmma.py holds sm_90's default, wgmma): which products take
mma.sync, that the PTX has it and sm_75's keeps the scalar loop, and that the fragment
layouts are the PTX ISA's. No GPU is needed (NVRTC builds); the values are the
corpus's and the differential run's, on the GPU."""

from __future__ import annotations

import pytest
from cuda_source import copies, one_copy

import phobos
from phobos.backends.cuda.layout import atoms
from phobos.backends.cuda.plan.products import ENV_GENERAL_WGMMA
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate

PRODUCTS = {
    "windows": ("f16", "f32", "dot(A[m0 :+ 32, 0 :+ 40], B[0 :+ 40, 0 :+ 24])"),
    "bf16": ("bf16", "f32", "dot(A[m0 :+ 32, 0 :+ 40], B[0 :+ 40, 0 :+ 24])"),
    "i8": ("i8", "i32", "dot(A[m0 :+ 32, 0 :+ 40], B[0 :+ 40, 0 :+ 24])"),
    "transposed": ("bf16", "f32", "dot(A[m0 :+ 32, 0 :+ 40], transpose(W[0 :+ 24, 0 :+ 40]))"),
    "batched": ("bf16", "f32", "dot(Z[1, m0 :+ 32, 0 :+ 40], B[0 :+ 40, 0 :+ 24])"),
    "computed": ("bf16", "f32", "dot(bf16(max(A[m0 :+ 32, 0 :+ 40], 0.0)), B[0 :+ 40, 0 :+ 24])"),
    "chained": ("bf16", "f32", "dot(bf16(dot(A[m0 :+ 32, 0 :+ 40], B[0 :+ 40, 0 :+ 40])), B[0 :+ 40, 0 :+ 24])"),
    "ragged": ("f16", "f32", "dot(A[m0 :+ 17, 3 :+ 33], B[3 :+ 33, 0 :+ 9])"),
}


@pytest.fixture(autouse=True)
def mma_sync_on_sm_90(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_GENERAL_WGMMA, "0")


def kernel_of(operand: str, result: str, product: str) -> phobos.Kernel:
    rows = 17 if "17" in product else 32
    cols = 9 if ":+ 9]" in product else 24
    text = f"""\
@launch(128)
kernel k(A: tensor<{operand}>[M, K], B: tensor<{operand}>[K, N], W: tensor<{operand}>[N, K],
         Z: tensor<{operand}>[2, M, K], C: tensor<{result}>[M, N]) {{
  let m0 = ctx.block.x * 32
  C[m0 :+ {rows}, 0 :+ {cols}] = {product}
}}
"""
    return phobos.compile(text, path="k.phobos").kernels["k"]


@pytest.mark.parametrize("name", sorted(PRODUCTS))
def test_every_form_of_a_16_bit_or_8_bit_dot_runs_on_mma_sync_from_sm_80(name: str):
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = kernel_of(*PRODUCTS[name]).variants[0]
    gen = generate(variant)
    helper = {"f16": "ph::mma_f16(", "bf16": "ph::mma_bf16(", "i8": "ph::mma_s8("}[PRODUCTS[name][0]]
    assert helper in gen.source and "#if __CUDA_ARCH__ >= 800" in gen.source
    products = gen.source.count(helper)  # each turn's copies included
    for arch in ("sm_80", "sm_90"):
        ptx = build(gen, variant, arch, "ptx").decode()
        assert ptx.count("mma.sync.aligned") == products, arch
    assert "mma.sync" not in build(gen, variant, "sm_75", "ptx").decode()


@pytest.mark.parametrize(("operand", "result"), [("f32", "f32"), ("f64", "f64"), ("i32", "i32")])
def test_other_products_keep_the_scalar_loop(operand: str, result: str):
    """f32 operands take no TF32 unless asked; f64 and wider integers have no atom here."""
    source = generate(kernel_of(operand, result, PRODUCTS["windows"][2]).variants[0]).source
    assert "mma" not in source.split("namespace ph")[-1].split("}  // namespace ph")[-1]


@pytest.mark.parametrize("operands", sorted(atoms.ATOMS))
def test_the_atoms_place_every_element_of_each_operand_once(operands: str):
    atom = atoms.ATOMS[operands]
    for fragment, (rows, cols) in ((atom.a, (atom.m, atom.k)), (atom.b, (atom.k, atom.n)), (atom.c, (atom.m, atom.n))):
        held = {fragment.position(0, t, r) for t in range(32) for r in range(fragment.registers.size)}
        assert held == {(i, j) for i in range(rows) for j in range(cols)}
        assert fragment.threads.size * fragment.registers.size == rows * cols


def test_the_f16_atom_is_the_ptx_isa_layout():
    """Spot checks against the PTX ISA's tables for m16n8k16: lane 5 (group 1, place 1)."""
    atom = atoms.ATOMS["f16"]
    assert [atom.a.position(0, 5, v) for v in range(8)] == [(1, 2), (1, 3), (9, 2), (9, 3),
                                                             (1, 10), (1, 11), (9, 10), (9, 11)]
    assert [atom.b.position(0, 5, v) for v in range(4)] == [(2, 1), (3, 1), (10, 1), (11, 1)]
    assert [atom.c.position(0, 5, v) for v in range(4)] == [(1, 2), (1, 3), (9, 2), (9, 3)]
    i8 = atoms.ATOMS["i8"]
    assert [i8.a.position(0, 5, v) for v in (0, 3, 4, 8, 12)] == [(1, 4), (1, 7), (9, 4), (1, 20), (9, 20)]
    assert [i8.b.position(0, 5, v) for v in (0, 3, 4)] == [(4, 1), (7, 1), (20, 1)]


ATTENTION = """\
@launch(128)
kernel k(Q: tensor<bf16>[S, 64], K: tensor<bf16>[S, 64], V: tensor<bf16>[S, 64], O: tensor<f32>[S, 64]) {
  let r = ctx.block.x * 32
  O[r :+ 32, :] = dot(bf16(softmax(dot(Q[r :+ 32, :], transpose(K[0 :+ 64, :])))), V[0 :+ 64, :])
}
"""


def test_what_an_operand_materializes_comes_before_the_warps_loops():
    """Attention's second product reads a softmax of the first: its statistics and
    values are written (with their barriers) before the loops whose trip counts
    differ between warps, never inside them."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = phobos.compile(ATTENTION, path="k.phobos").kernels["k"].variants[0]
    gen = generate(variant)
    lines = gen.source.splitlines()
    blocks = [n for n, text in enumerate(lines) if "dot on mma.sync" in text]
    assert len(blocks) == 2
    for start in blocks:
        depth = len(lines[start]) - len(lines[start].lstrip())
        end = next(n for n in range(start + 1, len(lines)) if lines[n] == " " * depth + "}")
        assert not any("__syncthreads" in text for text in lines[start:end])
    for arch in ("sm_80", "sm_90"):
        assert build(gen, variant, arch, "ptx").decode().count("mma.sync.aligned") == 2
    assert "mma.sync" not in build(gen, variant, "sm_75", "ptx").decode()


# ------------------------------------------------- accumulators in registers (step 2)


@pytest.mark.parametrize(("rows", "cols", "threads", "col_warps"),
                         [(64, 64, 128, 1), (128, 128, 256, 1), (16, 8, 128, 4), (48, 24, 128, 4), (32, 64, 128, 2),
                          (64, 64, 256, 2), (16, 64, 96, 3)])
def test_an_accumulator_layout_is_the_mma_c_fragment_of_each_warps_blocks(rows: int, cols: int, threads: int,
                                                                          col_warps: int):
    """make_atom_layout places element (i, j) where the product's atoms leave it: the
    warps as row warps x column warps, warp w the 16-row blocks w / col_warps, ... (every
    row_warps-th), of each row the atoms w % col_warps, ... (every col_warps-th), and in
    an atom the C fragment's lane and register; every element of the tile held once.
    Warps split the columns only where the rows are too few for a block each."""
    from phobos.backends.cuda.layout.fragments import make_atom_layout

    layout = make_atom_layout((rows,), cols, threads)
    placement, c, warps = layout.placement(), atoms.ATOMS["f16"].c, threads // 32
    assert layout.groups.col_warps == col_warps
    row_warps, slots = warps // col_warps, -(-cols // (8 * col_warps))
    held = {}
    for t in range(threads):
        warp, lane = divmod(t, 32)
        for block in range(-(-rows // (16 * row_warps))):
            for atom in range(slots):
                for v in range(4):
                    dr, dc = c.position(0, lane, v)
                    where = ((warp // col_warps + block * row_warps) * 16 + dr,
                             (warp % col_warps + atom * col_warps) * 8 + dc)
                    register = v % 2 + 2 * (atom + slots * (block * 2 + v // 2))
                    assert placement.position(0, t, register) == where
                    if where[0] < rows and where[1] < cols:
                        assert where not in held
                        held[where] = (t, register)
    assert len(held) == rows * cols


FLASH = """\
@launch(128)
kernel flash(Q: tensor<bf16>[Z, S, 64], K: tensor<bf16>[Z, S, 64], V: tensor<bf16>[Z, S, 64],
             O: tensor<bf16>[Z, S, 64], scale: f32) {
  let z = ctx.block.y
  let r = ctx.block.x * 64
  let q = Q[z, r :+ 64, :]
  var m: tile<f32>[64, 1] = -inf
  var l: tile<f32>[64, 1] = 0.0
  var acc: tile<f32>[64, 64] = 0.0
  for j in range(0, S, 64) {
    let s = dot(q, transpose(K[z, j :+ 64, :])) * scale
    let m_new = max(m, rowmax(s))
    let p = exp(s - m_new)
    let alpha = exp(m - m_new)
    l = l * alpha + rowsum(p)
    acc = acc * alpha + dot(bf16(p), V[z, j :+ 64, :])
    m = m_new
  }
  O[z, r :+ 64, :] = bf16(acc / l)
}
"""

MLP = """\
@launch(256)
kernel mlp(X: tensor<bf16>[M, 128], W1: tensor<bf16>[128, 128], W2: tensor<bf16>[128, 128], O: tensor<bf16>[M, 128]) {
  let m0 = ctx.block.x * 128
  let h = bf16(max(dot(X[m0 :+ 128, :], W1[:, :]), 0.0))
  O[m0 :+ 128, :] = bf16(dot(h, W2[:, :]))
}
"""

LOOP = """\
@launch(128)
kernel gemm(A: tensor<f16>[M, K], B: tensor<f16>[K, N], C: tensor<f32>[M, N]) {
  let m0 = ctx.block.x * 64
  let n0 = ctx.block.y * 32
  var acc: tile<f32>[64, 32] = 0.0
  for k in range(0, K, 32) {
    acc += dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 32])
  }
  C[m0 :+ 64, n0 :+ 32] = acc
}
"""


# A hidden dimension in chunks: each chunk's product is narrower than the output's
# accumulator, and is the next product's left operand from registers all the same.
MLP_CHUNKED = """\
@launch(128)
kernel mlp(X: tensor<bf16>[M, 128], W1: tensor<bf16>[128, 256], W2: tensor<bf16>[256, 64], O: tensor<bf16>[M, 64]) {
  let m0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for h0 in range(0, 256, 32) {
    let h = bf16(max(dot(X[m0 :+ 64, :], W1[:, h0 :+ 32]), 0.0))
    acc += dot(h, W2[h0 :+ 32, :])
  }
  O[m0 :+ 64, :] = bf16(acc)
}
"""


@pytest.mark.parametrize(("text", "name", "products"), [(FLASH, "flash", 64), (MLP, "mlp", 256), (LOOP, "gemm", 8),
                                                        (MLP_CHUNKED, "mlp", 48)])
def test_accumulators_softmax_and_computed_operands_stay_in_registers(text: str, name: str, products: int):
    """A loop's accumulator, attention's scores, their row statistics and a computed left
    operand (a cast of the softmax, of a ReLU) live in the accumulator's layout: from
    sm_80 the products are mma.sync on registers, the windows they read are staged for
    ldmatrix, and nothing else passes through shared memory (no scalar shared load)."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = phobos.compile(text, path="k.phobos").kernels[name].variants[0]
    gen = generate(variant)
    for arch in ("sm_80", "sm_90"):
        ptx = build(gen, variant, arch, "ptx").decode()
        assert ptx.count("mma.sync.aligned") == products * copies(gen.source), arch
        assert "ld.shared" not in ptx and "ldmatrix" in ptx, arch
    assert "mma.sync" not in build(gen, variant, "sm_75", "ptx").decode()


# ------------------------------------------------- operands staged for ldmatrix


def loop_gemm(operand: str, left: str, right: str, shapes: tuple[str, str], tiles: tuple[int, int, int] = (64, 32, 32),
              extra: str = "") -> phobos.Kernel:
    tm, tn, tk = tiles
    result = "i32" if operand == "i8" else "f32"
    zero = "0" if operand == "i8" else "0.0"
    text = f"""\
@launch(128)
kernel g(A: tensor<{operand}>{shapes[0]}, B: tensor<{operand}>{shapes[1]}, C: tensor<{result}>[M, N]{extra}) {{
  let m0 = ctx.block.x * {tm}
  let n0 = ctx.block.y * {tn}
  var acc: tile<{result}>[{tm}, {tn}] = {zero}
  for k in range(0, K, {tk}) {{
    acc += dot({left}, {right})
  }}
  C[m0 :+ {tm}, n0 :+ {tn}] = acc
}}
"""
    return phobos.compile(text, path="g.phobos").kernels["g"]


A_ROWS, A_COLS = "A[m0 :+ 64, k :+ 32]", "transpose(A[k :+ 32, m0 :+ 64])"
B_ROWS, B_COLS = "B[k :+ 32, n0 :+ 32]", "transpose(B[n0 :+ 32, k :+ 32])"
ORIENTATIONS = {  # left, right, the tensors' shapes
    "nn": (A_ROWS, B_ROWS, ("[M, K]", "[K, N]")),
    "nt": (A_ROWS, B_COLS, ("[M, K]", "[N, K]")),
    "tn": (A_COLS, B_ROWS, ("[K, M]", "[K, N]")),
    "tt": (A_COLS, B_COLS, ("[K, M]", "[N, K]")),
}


def body_of(source: str) -> str:
    """The entry's code, a loop's turn counted once (not also its copy written wholly present)."""
    return one_copy(source.split('extern "C"')[1])


@pytest.mark.parametrize("name", sorted(ORIENTATIONS))
def test_windows_are_staged_and_a_transpose_is_read_as_ldmatrix_trans(name: str):
    """Each operand window is copied once to shared memory as memory holds it; its
    fragments come from ldmatrix, `.trans` where the operand's k runs down the stored
    columns: a `transpose` costs no copy. A k step is one A load (an x4) and one B
    load for each pair of the 4 atoms along n."""
    left, right, shapes = ORIENTATIONS[name]
    source = body_of(generate(loop_gemm("bf16", left, right, shapes).variants[0]).source)
    a_turned, b_turned = left.startswith("transpose"), not right.startswith("transpose")
    assert source.count("ph::ldmatrix4_trans(") == (1 if a_turned else 0) + (2 if b_turned else 0)
    assert source.count("ph::ldmatrix4(") == (0 if a_turned else 1) + (0 if b_turned else 2)
    assert source.count("staged for ldmatrix") == 2


def test_i8_operands_are_staged_only_with_k_along_their_stored_rows():
    """ldmatrix's .trans moves 16-bit elements, so an i8 window is staged where k runs
    along the rows memory holds (A[m, k], and W[n, k] of `nn.Linear`); B[k, n] is
    gathered as before."""
    linear = body_of(generate(loop_gemm("i8", A_ROWS, B_COLS, ("[M, K]", "[N, K]")).variants[0]).source)
    plain = body_of(generate(loop_gemm("i8", A_ROWS, B_ROWS, ("[M, K]", "[K, N]")).variants[0]).source)
    assert linear.count("staged for ldmatrix") == 2 and "ldmatrix4_trans(" not in linear
    assert plain.count("staged for ldmatrix") == 1 and "ldmatrix4_trans(" not in plain


def test_staged_operands_count_only_where_tensor_cores_run():
    """The stages are compiled from sm_80 only: below it the kernel takes the shared
    memory its scalar loops use, so the MLP block, 69632 bytes staged, still builds for
    sm_75's 64 KB."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    variant = phobos.compile(MLP, path="k.phobos").kernels["mlp"].variants[0]
    gen = generate(variant)
    assert gen.shared_on("sm_90") == gen.shared_on("sm_80") == gen.shared_bytes > 65536
    assert gen.shared_on("sm_75") < 65536
    assert "mma.sync" not in build(gen, variant, "sm_75", "ptx").decode()


def test_a_kernel_that_staging_would_take_past_99_kb_is_written_without_stages():
    """sm_86 and sm_89 give a CTA 99 KB: a kernel whose own tiles leave too little room
    for its stages (here a 69632-byte tile beside 34816 bytes of stages) gathers its
    operands instead of being refused there; with a smaller tile it stages them."""
    from phobos.backends.cuda.write.kernel import STAGED_SHARED

    def generated(rows: int) -> str:
        text = BIG_TILE.replace("136", str(rows))
        gen = generate(phobos.compile(text, path="b.phobos").kernels["b"].variants[0])
        assert gen.shared_bytes <= STAGED_SHARED
        return gen.source

    assert "staged for ldmatrix" in generated(64)
    assert "staged for ldmatrix" not in generated(136)


def test_a_launch_stages_operands_in_the_shared_memory_its_device_has():
    """The one source of an ahead-of-time build serves every tensor-core target, so its
    stages fit 99 KB; a launch writes the variant for its device, where sm_90's 227 KB
    take both stages of the same kernel, unless the kernel asks for more CTAs an SM than
    would then fit."""
    from phobos.backends.cuda.write.kernel import STAGED_SHARED, staged_shared

    variant = phobos.compile(BIG_TILE, path="b.phobos").kernels["b"].variants[0]
    everywhere = generate(variant)
    on_hopper = generate(variant, None, staged_shared(["sm_90"], None))
    assert "staged for ldmatrix" not in everywhere.source and everywhere.shared_bytes <= STAGED_SHARED
    assert "staged for ldmatrix, turns ahead" in on_hopper.source
    assert STAGED_SHARED < on_hopper.shared_bytes <= 227 * 1024
    assert staged_shared(["sm_90"], 2) == (227 * 1024 + 1024) // 2 - 1024
    assert staged_shared(["sm_75"], None) == STAGED_SHARED  # no stages below sm_80
    assert staged_shared(["sm_80", "sm_90a"], None) == 163 * 1024
    assert staged_shared(["sm_100"], None) == STAGED_SHARED  # a target outside ARCHES: the least


BIG_TILE = """\
@launch(256)
kernel b(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], T: tensor<f32>[136, 128], C: tensor<f32>[M, N],
         D: tensor<f32>[128, 136]) {
  let m0 = ctx.block.x * 128
  var t: tile<f32>[136, 128] = T[:, :]
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 64) {
    acc += dot(A[m0 :+ 128, k :+ 64], B[k :+ 64, 0 :+ 128])
  }
  C[m0 :+ 128, 0 :+ 128] = acc
  D[:, :] = transpose(t)
}
"""
