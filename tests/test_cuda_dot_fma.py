"""Products no tensor core takes, blocked in registers (dot_fma.py), and a loop's operands
copied turns ahead (stage_ring.py): what the CUDA back end writes, read without a GPU.
Their values are the corpus's and the differential run's, on the GPU."""

from __future__ import annotations

import re

import pytest
from cuda_source import one_copy

import phobos
from phobos.backends.cuda.runtime.compile import build
from phobos.backends.cuda.write.kernel import generate

GEMM = """\
@launch(256)
kernel g(A: tensor<{t}>[M, K], B: tensor<{t}>[K, N], C: tensor<{t}>[M, N]) {{
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var acc: tile<{t}>[128, 128] = {zero}
  for k in range(0, K, 32) {{
    {body}
  }}
  C[m0 :+ 128, n0 :+ 128] = acc
}}
"""
PRODUCT = "acc += dot(A[m0 :+ 128, k :+ 32], B[k :+ 32, n0 :+ 128])"


def body_of(source: str) -> str:
    """The entry's code, without the prelude (whose comments name what it serves), a loop's
    turn counted once (not also its copy written wholly present)."""
    return one_copy(source[source.index('extern "C" __global__'):])


def variant(t: str = "f32", body: str = PRODUCT):
    zero = "0" if t.startswith("i") else "0.0"
    return phobos.compile(GEMM.format(t=t, zero=zero, body=body), path="g.phobos").kernels["g"].variants[0]


@pytest.mark.parametrize(("t", "op"), [("f32", "fma.rn.f32"), ("f64", "fma.rn.f64"), ("i32", "mad.lo.s32")])
def test_a_product_no_tensor_core_takes_is_blocked_multiply_adds_summed_into_the_accumulator(t: str, op: str):
    """The accumulator stays in registers of a row layout shaped for the product (4 rows
    of 16 columns a thread here), the product is summed into them (no second array), both
    windows are staged, and each k step is one multiply-add a register."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    v = variant(t)
    gen = generate(v)
    (_, _, words), = gen.lowerings
    assert words.startswith("multiply-adds into registers, blocked by the row layout") and "summed into `acc`" in words
    assert "product[" not in body_of(gen.source) and "tile<" + t + ">[128, 128] in registers" in gen.source
    ptx = build(gen, v, "sm_90", "ptx").decode()
    assert ptx.count(op) >= 64 and "cp.async.cg.shared.global" in ptx


def test_a_loops_windows_are_copied_a_turn_ahead_into_two_stages():
    """Each window gets two stages of the loop's own; a turn copies the next turn's
    windows (a group closed at the turn's end) before waiting for every group closed."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    v = variant()
    gen = generate(v)
    body = body_of(gen.source)
    assert body.count("2 stages of tile<f32>") == 2 and "ph::stage_wait_ahead<0>(turn);" in body
    assert "ph::stage_commit();  // the turn's copies ahead, one group" in body
    ptx = build(gen, v, "sm_80", "ptx").decode()
    assert "cp.async.wait_group 0" in ptx and "cp.async.commit_group" in ptx


@pytest.mark.parametrize("stages", [3, 4])
def test_pipeline_n_copies_the_windows_n_minus_1_turns_ahead(stages: int):
    """`@pipeline(n)`: rings of n stages; the first turn copies the windows of turns 0 to
    n - 2 (each past the loop's end left out), every turn the window n - 1 turns on, and
    a turn waits for all groups but the newest min(turn, n - 2), those of the turns
    between its window's and its own."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    text = f"@pipeline({stages})\n" + GEMM.format(t="f32", zero="0.0", body=PRODUCT).replace("128", "64")
    v = phobos.compile(text, path="g.phobos").kernels["g"].variants[0]  # 64 x 32 windows: four stages fit
    gen = generate(v, shared=227 * 1024)
    body = body_of(gen.source)
    assert body.count(f"{stages} stages of tile<f32>") == 2
    assert f"ph::stage_wait_ahead<{stages - 2}>(turn);" in body
    assert f"k_ + {32 * (stages - 1)} < K_" in body and f"k_ + {32 * (stages - 2)} < K_" in body
    ptx = build(gen, v, "sm_90", "ptx").decode()
    assert f"cp.async.wait_group {stages - 2}" in ptx and "cp.async.wait_group 0" in ptx


def test_pipeline_off_copies_each_turns_windows_in_that_turn():
    v = phobos.compile("@pipeline(off)\n" + GEMM.format(t="f32", zero="0.0", body=PRODUCT),
                       path="g.phobos").kernels["g"].variants[0]
    body = body_of(generate(v).source)
    assert "stages of" not in body and "ph::stage_wait();" in body


ONCE = """\
@launch(256)
kernel g(A: tensor<f32>[M, 32], B: tensor<f32>[N, 32], C: tensor<f32>[M, N], D: tensor<f32>[M, 128]) {
  let m0 = ctx.block.x * 128
  var total: tile<f32>[128, 128] = 0.0
  for n in range(0, N, 128) {
    total += dot(A[m0 :+ 128, :], transpose(B[n :+ 128, :]))
  }
  D[m0 :+ 128, :] = total
}
"""


def test_a_window_no_turn_changes_is_copied_once_for_every_turn():
    """A left operand that reads nothing the loop changes, with its k fixed by the right
    operand's window (`:`), is staged once, in the first turn, into one stage of the
    loop's own that every turn reads; the right operand still goes a turn ahead. A left
    operand whose k the right one's window moves is copied every turn (the k both have
    may change with it)."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    v = phobos.compile(ONCE, path="g.phobos").kernels["g"].variants[0]
    body = body_of(generate(v).source)
    assert body.count("staged for multiply-adds, once for every turn") == 1
    assert body.count("staged for multiply-adds, turns ahead") == 1
    first_turn = body[body.index("if (turn == 0)"):body.index("ph::stage_commit();")]
    assert "A_[" in first_turn and body.count("A_[") == first_turn.count("A_[")  # A read in the first turn alone
    build(generate(v), v, "sm_80", "ptx")
    moved = ONCE.replace("dot(A[m0 :+ 128, :], transpose(B[n :+ 128, :]))", "dot(A[m0 :+ 128, 0 :+ 32], B[n :+ 32, :])")
    moved = moved.replace("B: tensor<f32>[N, 32]", "B: tensor<f32>[N, 128]")
    body = body_of(generate(phobos.compile(moved, path="g.phobos").kernels["g"].variants[0]).source)
    assert "once for every turn" not in body and body.count("staged for multiply-adds, turns ahead") == 2


@pytest.mark.parametrize("body", [
    f"if k > K {{ break }}\n    {PRODUCT}",  # a turn may end early: no turn ahead
    "let kk = k + 0\n    acc += dot(A[m0 :+ 128, kk :+ 32], B[kk :+ 32, n0 :+ 128])",  # the window reads a loop value
])
def test_a_loop_whose_turns_cannot_be_foreseen_stages_each_turn_alone(body: str):
    gen = generate(variant(body=body))
    assert "turns ahead" not in body_of(gen.source) and "ph::stage_wait();" in gen.source


BESIDE_A_TILE = """\
@launch(256)
kernel g(A: tensor<f32>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N], T: tensor<f32>[ROWS, 128],
         D: tensor<f32>[128, ROWS]) {
  let m0 = ctx.block.y * 128
  let n0 = ctx.block.x * 128
  var t: tile<f32>[ROWS, 128] = T[:, :]
  var acc: tile<f32>[128, 128] = 0.0
  for k in range(0, K, 32) {
    acc += dot(A[m0 :+ 128, k :+ 32], B[k :+ 32, n0 :+ 128])
  }
  C[m0 :+ 128, n0 :+ 128] = acc
  D[:, :] = transpose(t)
}
"""


@pytest.mark.parametrize(("rows", "ahead"), [(16, True), (80, False)])
def test_two_stages_a_window_give_way_to_one_where_shared_memory_is_short(rows: int, ahead: bool):
    """Beside a tile in shared memory (read transposed), two stages of each window fit
    sm_86's 99 KB with a small tile; with a large one each turn stages alone."""
    text = BESIDE_A_TILE.replace("ROWS", str(rows))
    gen = generate(phobos.compile(text, path="g.phobos").kernels["g"].variants[0])
    body = body_of(gen.source)
    assert ("staged for multiply-adds, turns ahead" in body) == ahead and "staged for multiply-adds" in body


@pytest.mark.parametrize("pipeline", ["", "@pipeline(3)\n"])
def test_a_window_of_a_tensor_the_loop_writes_is_copied_in_its_own_turn(pipeline: str):
    """The next turn's window of A must be read after this turn's store to A lands. A's
    copy closes a group every turn, which each turn waits for, so B's ring keeps two
    stages whatever @pipeline asks."""
    body = f"{PRODUCT}\n    A[m0 :+ 128, (k + 32) :+ 32] = A[m0 :+ 128, k :+ 32] * 2.0"
    text = pipeline + GEMM.format(t="f32", zero="0.0", body=body)
    gen = generate(phobos.compile(text, path="g.phobos").kernels["g"].variants[0], shared=227 * 1024)
    code = body_of(gen.source)
    assert code.count("staged for multiply-adds, turns ahead") == 1  # B's windows only
    assert "2 stages of tile<f32>" in code and "ph::stage_wait_ahead<0>(turn);" in code
    assert "ph::stage_commit();  // this turn's own copies" in code


RAGGED = """\
@launch(64)
kernel g(A: tensor<f32>[M, K], B: tensor<f32>[K, 24], C: tensor<f32>[M, 24]) {
  let m0 = ctx.block.x * 32
  var acc: tile<f32>[32, 24] = 0.0
  for k in range(0, K, 8) {
    acc += dot(A[m0 :+ 32, k :+ 8], B[k :+ 8, :])
  }
  C[m0 :+ 32, :] = acc
}
"""


def test_a_ragged_last_slot_reads_the_last_whole_group_of_b():
    """24 columns in groups of 4 over 4 lanes: the second slot exists for two lanes only.
    The others read B's last group (columns 20 to 23), whole and aligned, for registers
    that are never stored, not a group starting at column 23."""
    gen = generate(phobos.compile(RAGGED, path="g.phobos").kernels["g"].variants[0])
    body = body_of(gen.source)
    assert re.search(r"min\(col0(_\d+)? \+ 16, 20\)", body) and not re.search(r"min\(col0(_\d+)? \+ 16, 23\)", body)
