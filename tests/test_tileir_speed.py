"""The Tile IR back end's choices for tileiras's speed (issue 25, docs/tileir.md part 2),
each held to what makes it right: a store through a view only where the value is known
to cover the window."""

from __future__ import annotations

import pytest

import phobos
from phobos.backends.tileir import model as m
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
