"""The sweeps' 16-byte vector path: which generated sources take it, and the launch-time
alignment specialization it depends on. Reading the source needs no GPU; the compile
checks need NVRTC and skip without it. Whether results stay bit-identical is gate 2's
(the GPU against the interpreter)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from corpus.seed_examples import SEED_EXAMPLES

import phobos
from phobos.backends.cuda.runtime.compile import build, key_of, nvrtc_version
from phobos.backends.cuda.runtime.launch import generated
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.cuda.write.prelude import PRELUDE
from phobos.backends.gpu.arrays import DeviceArray
from phobos.errors import PhobosError
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, usual
from phobos.runtime.backend import DeviceArguments

VECTOR = "// vector path"
SCALAR = "// scalar path"


def variant(source: str, name: str) -> ir.Kernel:
    return phobos.compile(source).kernels[name].variants[0]


def body(v: ir.Kernel, aligned: tuple[str, ...] | None = None, spec: Specialization | None = None) -> str:
    return generate(v, usual(v, aligned) if spec is None else spec).source[len(PRELUDE):]


SCALE_ROWS = variant(dict(SEED_EXAMPLES)["scale_rows"], "scale_rows")

BF16_LITERAL = variant("""\
kernel bf16_scale(X: tensor<bf16>[M, 64], Y: tensor<bf16>[M, 64], a: f32) {
  let r = ctx.block.x * 4
  Y[r :+ 4, :] = bf16(f32(X[r :+ 4, :]) * a)
}
""", "bf16_scale")

BF16_RUNTIME = variant("""\
kernel bf16_rows(X: tensor<bf16>[M, N], Y: tensor<bf16>[M, N]) {
  let r = ctx.block.y * 4
  let c = ctx.block.x * 64
  Y[r :+ 4, c :+ 64] = X[r :+ 4, c :+ 64] + bf16(1.0)
}
""", "bf16_rows")

ODD_LENGTH = variant("""\
kernel odd(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {
  let r = ctx.block.x * 2
  Y[r :+ 2, 0 :+ 6] = X[r :+ 2, 0 :+ 6] * 2.0
}
""", "odd")

MISALIGNED_START = variant("""\
kernel shifted(X: tensor<f32>[M, 64], Y: tensor<f32>[M, 64]) {
  let r = ctx.block.x * 2
  Y[r :+ 2, 0 :+ 8] = X[r :+ 2, 2 :+ 8]
}
""", "shifted")

OVERLAP = variant("""\
kernel overlap(X: tensor<f32>[8, 16], Y: tensor<f32>[8, 16]) {
  var t = X[:, :]
  t[1 :+ 4, :] = t[0 :+ 4, :]
  Y[:, :] = t
}
""", "overlap")


def test_scale_rows_moves_whole_f32_groups():
    text = body(SCALE_ROWS)
    assert "// for launches where multiples of 4: M; 16-byte aligned: S, X, Y; rows 16-byte" in text
    assert "ph::vload<4>(&X_[r_ * 64 + (i0 * 64 + g)])" in text  # the global read
    assert "x_[pass * 4 + v] = X_g.v[v];" in text  # into the tile, which lives in registers
    assert "ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out)" in text  # the global write
    # f32 rows of 64 elements are aligned whatever M is: no run-time test, no scalar loop.
    assert SCALAR not in text
    # The rows past M are the edge: those groups go element by element with the mask.
    assert "if (!box.has(i0, i1)) continue;" in text


def test_bf16_groups_are_eight_elements():
    text = body(BF16_LITERAL)
    assert "ph::Vec<bf16, 8>" in text and "ph::vload<8>(&X_[" in text and "ph::vstore(&Y_[" in text
    assert SCALAR not in text  # rows of 64 bf16 are 128 bytes


def test_bf16_with_a_runtime_pitch_tests_it_once():
    text = body(BF16_RUNTIME)
    # A runtime extent is a multiple of 4 by the language's rule, not necessarily of 8.
    assert "if (c_ % 8 == 0 && N_ % 8 == 0) {  // every group's address is aligned" in text
    assert VECTOR in text and SCALAR in text


def test_a_length_that_is_not_a_multiple_of_the_group_stays_scalar():
    text = body(ODD_LENGTH)
    assert "ph::vload" not in text and "ph::vstore" not in text and VECTOR not in text


def test_a_read_that_cannot_be_aligned_goes_lane_by_lane():
    text = body(MISALIGNED_START)
    assert "ph::vstore(&Y_[" in text  # the write is aligned
    assert "ph::vload" not in text  # the read starts at column 2: each lane reads its own
    assert "X_[r_ * 64 + 2 + (i0 * 64 + i1)]" in text


def test_unaligned_tensors_are_not_moved_whole():
    text = body(SCALE_ROWS, ())
    assert "// for launches where multiples of 4: M; rows 16-byte multiples apart: X, Y\n" in text
    assert "ph::vload<4>(&X_[" not in text and "ph::vstore(&Y_[" not in text
    # The tile lives in registers: each lane reads its element of X alone.
    assert "x_[pass * 4 + v] = X_[r_ * 64 + (i0 * 64 + i1)];" in text
    partly = body(SCALE_ROWS, ("Y",))
    assert "ph::vstore(&Y_[" in partly and "ph::vload<4>(&X_[" not in partly


def test_the_alignment_enters_the_cache_key():
    aligned, unaligned = generate(SCALE_ROWS), generate(SCALE_ROWS, usual(SCALE_ROWS, ()))
    assert aligned.aligned == frozenset({"X", "S", "Y"}) and unaligned.aligned == frozenset()
    try:
        assert key_of(aligned, "sm_90") != key_of(unaligned, "sm_90")
        assert key_of(aligned, "sm_90") == key_of(generate(SCALE_ROWS, usual(SCALE_ROWS, ("X", "S", "Y"))), "sm_90")
    except PhobosError as exc:  # key_of asks NVRTC its version
        pytest.skip(str(exc))


def test_the_launch_specializes_on_each_pointer():
    array = DeviceArray(0x7F0000000000, (64, 64), (64, 1), np.dtype(np.float32), 0, False, None)
    arrays = {"X": array, "S": replace(array, ptr=array.ptr + 256), "Y": replace(array, ptr=array.ptr + 4)}
    assert DeviceArguments({}, arrays, 0, "cuda").aligned == frozenset({"X", "S"})
    some = generated(SCALE_ROWS, usual(SCALE_ROWS, ("X", "S")))
    assert some is generated(SCALE_ROWS, usual(SCALE_ROWS, ("X", "S")))  # generated once
    assert some.source != generated(SCALE_ROWS).source


def test_a_copy_made_for_an_overlapping_store_is_what_the_store_reads():
    text = body(OVERLAP)
    store = text.split("#line 3")[1].split("#line 4")[0]
    assert "tmp[i0 * 16 + i1] = t_[i0 * 16 + i1];" in store  # the copy, then a barrier
    assert "ph::vload<4>(&tmp[i0 * 16 + g])" in store and "&t_[i0 * 16 + g]" not in store


@pytest.mark.parametrize("arch", ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90"])
def test_the_vector_kernels_compile(arch: str, tmp_path, monkeypatch: pytest.MonkeyPatch):
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))
    monkeypatch.setenv("PHOBOS_CACHE_DIR", str(tmp_path))
    for v in (SCALE_ROWS, BF16_LITERAL, BF16_RUNTIME, MISALIGNED_START, OVERLAP):
        for aligned in (None, ()):
            assert build(generate(v, usual(v, aligned)), v, arch)[:4] == b"\x7fELF"


def test_every_pass_of_scale_rows_writes_its_groups_whole(tmp_path, monkeypatch: pytest.MonkeyPatch):
    """Each of a thread's two rows is written as one 16-byte store. With the whole
    offset in 64-bit arithmetic, NVRTC wrote the first row in 4-byte pieces."""
    try:
        nvrtc_version()
    except PhobosError as exc:
        pytest.skip(str(exc))
    monkeypatch.setenv("PHOBOS_CACHE_DIR", str(tmp_path))
    ptx = build(generate(SCALE_ROWS), SCALE_ROWS, "sm_90", kind="ptx").decode()
    assert ptx.count("st.global.v4.f32") == 2
    assert "ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out)" in body(SCALE_ROWS)


def test_a_window_of_a_batch_splits_its_address_into_a_64_bit_start_and_an_int_offset():
    """`X[z, r :+ 4, :]` of a [Z, S, 64] tensor: the start (z · S + r) · 64 is the same for
    every element and 64-bit; each element's own part is `int` arithmetic, as it is for a
    tensor all of whose dims after the first are literals. A runtime dim after the
    window's first dim keeps the whole offset in 64 bits."""
    batched = variant("""\
kernel rows3(X: tensor<f32>[Z, S, 64], Y: tensor<f32>[Z, S, 64]) {
  let r = ctx.block.x * 4
  let z = ctx.block.y
  Y[z, r :+ 4, :] = X[z, r :+ 4, :] * 2.0
}
""", "rows3")
    text = body(batched)
    assert "ph::vload<4>(&X_[(z_ * S_ + r_) * 64 + (i0 * 64 + g)])" in text
    runtime = variant("""\
kernel rows3(X: tensor<f32>[Z, S, N], Y: tensor<f32>[Z, S, N]) {
  let r = ctx.block.x * 4
  let z = ctx.block.y
  Y[z, r :+ 4, 0 :+ 64] = X[z, r :+ 4, 0 :+ 64] * 2.0
}
""", "rows3")
    assert "X_[(z_ * S_ + (r_ + i0)) * N_ + " in body(runtime)
