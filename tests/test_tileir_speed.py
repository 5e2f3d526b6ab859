"""The Tile IR back end's choices for tileiras's speed (issue 25, docs/tileir.md part 2),
each held to what makes it right: a store through a view only where the value is known
to cover the window."""

from __future__ import annotations

import pytest

import phobos
from phobos.backends.tileir import model as m
from phobos.backends.tileir.hints import NO_TMA, ops_in
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text


def lowered(text: str) -> m.Module:
    return lower_kernel(phobos.compile(text, path="k.phobos").kernels["k"].variants[0])


CARRIED = """\
kernel k(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], C: tensor<bf16>[{c_rows}, N]) {{
  let m0 = ctx.block.y * 64
  let n0 = ctx.block.x * 64
  var acc: tile<f32>[64, 64] = 0.0
  for k in range(0, K, 32) {{
    acc += {term}
  }}
  C[m0 :+ 64, n0 :+ 64] = bf16(acc)
}}
"""


@pytest.mark.parametrize(("c_rows", "term", "stores"), [
    # the product's rows and columns end where C's window does, the same every turn
    ("M", "dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])", ["store_view_tko"]),
    # C's rows are another extent: whether the accumulator covers them is known at run time
    ("P", "dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])", ["store_view_tko", "store_ptr_tko"]),
    # the region's end moves with the loop (A's columns past k): known at run time
    ("M", "A[m0 :+ 64, k :+ 64] * 1.0", ["store_view_tko", "store_ptr_tko"]),
])
def test_a_loops_accumulator_is_known_to_cover_its_window_where_every_turn_clamps_it_alike(
        c_rows: str, term: str, stores: list[str]):
    """The accumulator's region after the loop is the rule's (absent past A's rows and B's
    columns), but its ends stay at or above bounds made before the loop, so the store
    knows it covers C's window inside C without testing it: no scatter store is
    written beside the view's."""
    text = module_text(lowered(CARRIED.format(c_rows=c_rows, term=term)))
    assert [op for op in ("store_view_tko", "store_ptr_tko") if op in text] == stores


def hinted(text: str) -> list[tuple[str, bool]]:
    """Each view load and store, in order, and whether it is kept off TMA."""
    return [(op.name, op.attrs.get("optimization_hints") == NO_TMA)
            for op in ops_in(lowered(text).entries[0].body) if op.name.endswith("_view_tko")]


def test_a_tile_read_into_registers_or_stored_from_them_is_kept_off_tma():
    """A row read once and reduced in registers gains nothing from TMA's hop through
    shared memory: its load and its store are kept off TMA (tileiras then moves it
    between global memory and registers directly)."""
    views = hinted("kernel k(X: tensor<f32>[M, N], Y: tensor<f32>[M, N]) {\n"
                   "  let r = ctx.block.x * 8\n  Y[r :+ 8, 0 :+ 256] = softmax(X[r :+ 8, 0 :+ 256])\n}\n")
    assert views == [("load_view_tko", True), ("store_view_tko", True)]


def test_a_products_operands_and_result_keep_tma_and_other_tiles_beside_them_do_not():
    """The GEMM's operands (loaded in its loop) and its result keep TMA; a bias read and
    added after the loop goes to the product's result, so its store keeps it too, but the
    bias's own load, which no product takes, is kept off it."""
    views = hinted(CARRIED.format(c_rows="M", term="dot(A[m0 :+ 64, k :+ 32], B[k :+ 32, n0 :+ 64])")
                   .replace("bf16(acc)", "bf16(acc + R[m0 :+ 64, n0 :+ 64])")
                   .replace("C: tensor<bf16>", "R: tensor<f32>[M, N], C: tensor<bf16>"))
    assert views == [("load_view_tko", False), ("load_view_tko", False), ("load_view_tko", True),
                     ("store_view_tko", False)]
