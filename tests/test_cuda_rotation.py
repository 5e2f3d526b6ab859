"""Rotated turns (plan/rotation.py) and products left in flight (lower/in_flight.py):
a loop whose turn starts with `var s = dot(...)` and holds a second product is written
with the next turn's first product beside this turn's second, both in flight while the
softmax runs. The rotation computes exactly what the loop does (the interpreter runs
both and agrees bit for bit), and the CUDA back end's code, run on the host whose wgmma
lands only at its wait and flags a register touched in flight, agrees with the
interpreter."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from ml_dtypes import bfloat16

import phobos
from phobos.backends.cuda.plan.rotation import ENV_ROTATE_TURNS, rotated_turns, split_turn
from phobos.backends.cuda.write.kernel import generate
from phobos.backends.interp.launch import run
from phobos.ir import nodes as ir

# Attention's forward as a user writes it: a causal mask in the turn, S any length.
FLASH = """\
@launch(128)
kernel flash(Q: tensor<bf16>[Z, S, 64], K: tensor<bf16>[Z, S, 64], V: tensor<bf16>[Z, S, 64],
             O: tensor<bf16>[Z, S, 64], scale: f32, causal: bool) {
  let r = ctx.block.x * 64
  let z = ctx.block.y
  let q = Q[z, r :+ 64, :]
  var acc: tile<f32>[64, 64] = 0.0
  var m: tile<f32>[64, 1] = -inf
  var l: tile<f32>[64, 1] = 0.0
  var end = S
  if causal {
    end = min(S, r + 64)
  }
  for j in range(0, end, 64) {
    var s = dot(q, transpose(K[z, j :+ 64, :]))
    if causal && j + 64 > r {
      s = where(iota<axis 1>(1, 64) + j > iota<axis 0>(64, 1) + r, -inf, s)
    }
    let m_new = max(m, rowmax(s) * scale)
    let p = exp(s * scale - m_new)
    let alpha = exp(m - m_new)
    l = l * alpha + rowsum(p)
    acc = acc * alpha + dot(bf16(p), V[z, j :+ 64, :])
    m = m_new
  }
  O[z, r :+ 64, :] = bf16(acc / l)
}
"""


@pytest.fixture
def rotate(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_ROTATE_TURNS, "1")


def _variant(text: str = FLASH, name: str = "flash") -> ir.Kernel:
    return phobos.compile(text, path="f.phobos").kernels[name].variants[0]


def _inputs(s: int, causal: bool) -> dict:
    rng = np.random.default_rng(s + causal)
    args = {name: (rng.standard_normal((2, s, 64)) / 2).astype(bfloat16) for name in "QKV"}
    return args | {"O": np.zeros((2, s, 64), bfloat16), "scale": np.float32(0.125), "causal": causal}


@pytest.mark.parametrize("s", [40, 64, 200, 256])
@pytest.mark.parametrize("causal", [False, True])
def test_a_rotated_loop_computes_what_the_loop_does(s: int, causal: bool, rotate: None):
    """The interpreter runs the variant and its rotation to the same bits: one turn, a
    ragged last turn, whole turns, with the causal mask's turns."""
    v = _variant()
    r = rotated_turns(v)
    assert r is not v
    outs = []
    for kernel in (v, r):
        args = _inputs(s, causal)
        tensors = {name: args[name] for name in "QKVO"}
        run(kernel, (-(-s // 64), 2, 1), tensors, {"scale": args["scale"], "causal": causal}, {"Z": 2, "S": s})
        outs.append(tensors["O"].astype(np.float32))
    np.testing.assert_array_equal(outs[0], outs[1])


def test_the_rotation_carries_the_softmax_into_the_next_turn(rotate: None):
    """The values the turn's first part declares and its last part reads become variables
    declared before the loop; the loop runs one turn fewer, the first turn's first part
    before it and the last turn's last part after it."""
    v = _variant()
    loop = next(s for s in ir.walk_stmts(v.body) if isinstance(s, ir.For))
    split = split_turn(loop)
    assert split is not None
    assert [sym.name for sym in split.carried] == ["m_new", "p", "alpha"]
    assert isinstance(split.last[0], ir.Assign) and split.last[0].sym.name == "acc"
    body = rotated_turns(v).body
    guard = next(s for s in body if isinstance(s, ir.If) and any(isinstance(t, ir.For) for t in s.body))
    inner = next(t for t in guard.body if isinstance(t, ir.For))
    assert isinstance(inner.body[0], ir.Decl) and isinstance(inner.body[0].init, ir.Dot)
    assert isinstance(inner.body[1], ir.Assign) and inner.body[1].sym.name == "acc"
    assert [t.sym.name for t in body if isinstance(t, ir.Decl) and t.sym.kind == "var"][-3:] == ["m_new", "p", "alpha"]


@pytest.mark.parametrize("change", [
    ("    var s = dot(q, transpose(K[z, j :+ 64, :]))\n", "    var s = dot(q, transpose(K[z, j :+ 64, :])) * 1.0\n"),
    ("    m = m_new\n", "    m = m_new\n    s = s * 2.0\n"),
    ("    m = m_new\n", "    m = m_new\n    if j > 64 {\n      break\n    }\n"),
])
def test_a_loop_the_rotation_would_change_is_left_as_it_is(change: tuple[str, str], rotate: None):
    """A turn that does not start with a bare product, a last part that touches the first
    product's tile, a turn that may end early: not rotated."""
    v = _variant(FLASH.replace(*change))
    assert rotated_turns(v) is v


def test_off_by_default_the_loop_stays(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv(ENV_ROTATE_TURNS, raising=False)
    v = _variant()
    assert rotated_turns(v) is v
    assert "left in flight" not in generate(v).source


def test_the_turns_products_are_in_flight_together_on_sm_90a(rotate: None):
    """In the rotated turn's sm_90a code, the next turn's scores and this turn's sum are
    issued before either is waited for: the scores land before the mask reads them
    (one product left in flight), the sum where the turn ends, after the softmax."""
    source = generate(_variant()).source
    body = source.split("__global__")[1]
    assert body.count("left in flight") == 4  # two products, the turn written whole and not
    assert body.count("ph::wgmma_wait<1>();") == 2 and "ph::wait_after(" in body
    turn = body.split("for (i64 j_")[1]
    marks = ["left in flight", "left in flight", "ph::wgmma_wait<1>();", "ph::wait_after(", "ph::wgmma_wait<0>();"]
    at = 0
    for mark in marks:
        at = turn.index(mark, at) + 1


@pytest.mark.parametrize("pipeline", ["", "@pipeline(1)\n"])
def test_the_rotated_loop_agrees_with_the_interpreter_on_the_host(pipeline: str, rotate: None, tmp_path):
    """The host runs the sm_90a code with each wgmma landing at its wait (reading shared
    memory then), and fails on a register written while its product may still read or
    write it. With rings of stages, and with none (`@pipeline(1)`: each product stages
    its operands in the statement scratch the next statement reuses, so it lands within
    its statement)."""
    from cuda_host import gxx_has_barrier, launch

    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")
    text = pipeline + FLASH
    for s, causal in [(200, False), (200, True), (64, True)]:
        args = _inputs(s, causal)
        want, got = copy.deepcopy(args), copy.deepcopy(args)
        phobos.compile(text, path="f.phobos", interpret=True).flash[(-(-s // 64), 2)](**want)
        launch(phobos.compile(text, path="f.phobos").flash, (-(-s // 64), 2), got, {}, tmp_path, 900)
        np.testing.assert_allclose(got["O"].astype(np.float32), want["O"].astype(np.float32), rtol=0.02, atol=0.02)
