"""The CUDA back end's code run on the host (tests/cuda_host.py): kernels whose scalar
code takes the register layouts, the vector and masked sweeps and the row
reductions, built for the specialization their launch picks and for the empty one,
against the interpreter at sizes no tile divides. Index tiles (`iota`) are among them:
their elements are the positions the sweeps compute."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from cuda_host import gxx_has_barrier, parameters, run

import phobos
from phobos.backends.cuda.write.kernel import generate
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, specialize

pytestmark = pytest.mark.skipif(not gxx_has_barrier(), reason="needs g++ with C++20's <barrier>")

CAUSAL = """
@launch(128)
kernel causal(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], offset: i64) {
  let r = ctx.block.x * 16
  Y[r :+ 16, 0 :+ 64] = softmax(where(iota<axis 1>(16, 64) <= iota<axis 0>(16, 64) + r + offset,
                                      X[r :+ 16, 0 :+ 64], -inf))
}
"""
RAMP = """
@launch(64)
kernel ramp(Y: tensor<i64>[N]) {
  let i = ctx.block.x * 64
  Y[i :+ 64] = iota(64) + i
}
"""
DIAGONAL = """
@launch(128)
kernel diagonal(X: tensor<f32>[M, N], Y: tensor<f32>[M, N], S: tensor<f32>[M, 1]) {
  let r = ctx.block.x * 16
  var t: tile<f32>[16, 64] = where(iota<axis 1>(16, 64) <= iota<axis 0>(16, 64) + r, X[r :+ 16, 0 :+ 64], 0.0)
  t = where(iota<axis 0>(16, 1) + r == iota<axis 1>(1, 64) - 1, t + 100.0, t)
  S[r :+ 16, 0 :+ 1] = rowsum(t)
  Y[r :+ 16, 0 :+ 64] = t
}
"""
OFFSET = """
@launch(64)
kernel offset(Z: tensor<i64>[M, N], c: i64) {
  let r = ctx.block.x * 8
  Z[r :+ 8, c :+ 16] = iota<axis 0>(8, 16) * 100 + iota<axis 1>(8, 16) + c
}
"""

# A product of a computed left operand (the row layout's, so it goes through shared memory
# on mma.sync) 64 rows by 16 columns: 4 x 2 atoms, which dealt with rows and columns
# swapped would miss half its rows.
SKINNY = """
@launch(128)
kernel skinny(X: tensor<bf16>[M, 64], W: tensor<bf16>[64, 16], Y: tensor<f32>[M, 16]) {
  let m0 = ctx.block.x * 64
  let x = f32(X[m0 :+ 64, :])
  let h = bf16(x - rowmax(x))
  Y[m0 :+ 64, :] = dot(h, W[:, :])
}
"""

# Chunks of each row summed a turn at a time, a tile carried from turn to turn and a
# window stored every turn: a turn whose windows all lie inside their tensors takes the
# copy of the body with no presence tests (plan/presence.WholeTurns), a ragged one the other.
CHUNKS = """
@launch(128)
kernel chunks(X: tensor<f32>[M, N], Y: tensor<f32>[M, 1], Z: tensor<f32>[M, 32]) {
  let r = ctx.block.x * 16
  var total: tile<f32>[16, 1] = 0.0
  var last: tile<f32>[16, 32] = 0.0
  for c in range(0, N, 32) {
    let x = X[r :+ 16, c :+ 32]
    total = total + rowsum(x)
    last = last * 0.5 + x
    Z[r :+ 16, :] = last
  }
  Y[r :+ 16, :] = total
}
"""


def agree(tmp_path: Path, text: str, grid: int, tensors: dict[str, np.ndarray], scalars: dict[str, int | float],
          dims: dict[str, int], arch: int | None = None, rtol: float = 1e-5) -> None:
    """The host run of each specialization (as on sm_80 with `arch` 800) leaves every
    tensor as the interpreter does."""
    (kernel,) = phobos.compile(text).kernels.values()
    variant = kernel.variants[0]
    want = {name: a.copy() for name, a in tensors.items()}
    (interpreted,) = phobos.compile(text, interpret=True).kernels.values()
    interpreted[grid](*want.values(), *scalars.values())
    named = {**tensors, **scalars, **dims}
    aligned = frozenset(p.name for p in variant.params if isinstance(p, ir.TensorParam))
    for spec in (specialize(variant, dims, scalars, aligned), Specialization()):
        gen = generate(variant, spec)
        params = parameters(gen.source)
        args = [(p, named[p.rsplit(" ", 1)[1].rstrip("_")]) for p in params]
        args = [(p, v.copy() if isinstance(v, np.ndarray) else v) for p, v in args]
        got = run(gen.source, gen.threads, grid, args, tmp_path, arch)
        names = [p.rsplit(" ", 1)[1].rstrip("_") for p, v in args if isinstance(v, np.ndarray)]
        for name, array in zip(names, got, strict=True):
            np.testing.assert_allclose(array, want[name], rtol=rtol, atol=1e-6, err_msg=f"{name} under {spec.text()}")


@pytest.mark.parametrize(("m", "n", "shift"), [(37, 50, 0), (40, 52, 5), (33, 70, -3)])
def test_a_causal_mask_of_index_tiles(tmp_path: Path, m: int, n: int, shift: int) -> None:
    x = np.random.default_rng(m).standard_normal((m, n)).astype(np.float32)
    agree(tmp_path, CAUSAL, -(-m // 16), {"X": x, "Y": np.zeros((m, n), np.float32)}, {"offset": shift},
          {"M": m, "N": n})


@pytest.mark.parametrize("n", [150, 63, 1])
def test_an_index_ramp_through_the_vector_and_masked_paths(tmp_path: Path, n: int) -> None:
    agree(tmp_path, RAMP, -(-n // 64), {"Y": np.full(n, -1, np.int64)}, {}, {"N": n})


@pytest.mark.parametrize(("m", "n"), [(37, 50), (40, 64)])
def test_a_register_tile_masked_and_updated_by_index_tiles(tmp_path: Path, m: int, n: int) -> None:
    x = np.random.default_rng(n).standard_normal((m, n)).astype(np.float32)
    agree(tmp_path, DIAGONAL, -(-m // 16),
          {"X": x, "Y": np.zeros((m, n), np.float32), "S": np.zeros((m, 1), np.float32)}, {}, {"M": m, "N": n})


@pytest.mark.parametrize("c", [3, -5, 8])
def test_index_tiles_in_a_window_that_starts_anywhere(tmp_path: Path, c: int) -> None:
    agree(tmp_path, OFFSET, 3, {"Z": np.full((21, 30), -1, np.int64)}, {"c": c}, {"M": 21, "N": 30})


@pytest.mark.parametrize("m", [128, 100])
def test_a_product_through_shared_memory_on_sm80s_tensor_cores(tmp_path: Path, m: int) -> None:
    """mma.sync atoms of a product that is not square in atoms, dealt to the warps and
    written to shared memory (dot_mma.write), as an sm_80 device runs them; operands on a
    grid of 1/8, so every sum is exact."""
    from ml_dtypes import bfloat16

    rng = np.random.default_rng(m)
    x = (rng.integers(-8, 9, (m, 64)) / 8).astype(bfloat16)
    w = (rng.integers(-8, 9, (64, 16)) / 8).astype(bfloat16)
    (kernel,) = phobos.compile(SKINNY).kernels.values()
    assert any("through shared memory" in how for *_, how in generate(kernel.variants[0]).lowerings)
    agree(tmp_path, SKINNY, -(-m // 64), {"X": x, "W": w, "Y": np.full((m, 16), np.nan, np.float32)}, {},
          {"M": m}, arch=800)


@pytest.mark.parametrize(("m", "n", "first"), [(32, 96, 0), (37, 100, 0), (16, 20, 0), (50, 64, 0), (32, 96, -8)])
def test_a_loops_turns_written_whole_and_not(tmp_path: Path, m: int, n: int, first: int) -> None:
    """Whole turns and ragged ones (the last chunk of a row, the last block of rows, a
    turn after a ragged one whose carried tile the test finds not whole) agree with the
    interpreter; the whole copy tests no element's presence."""
    # From -8: a ragged first turn, after which `last` is partly absent in every turn.
    text = CHUNKS.replace("range(0, N, 32)", f"range({first}, N, 32)")
    (kernel,) = phobos.compile(text).kernels.values()
    source = generate(kernel.variants[0]).source
    head = "// every window inside its tensor, every tile whole"
    assert source.count(head) == 1
    whole = source.split(head)[1].split("\n    } else {\n")[0]
    assert ".has(" not in whole and "box" not in whole.replace("_box = {{0, 0}", "")
    x = np.random.default_rng(m * n).standard_normal((m, n)).astype(np.float32)
    agree(tmp_path, text, -(-m // 16),
          {"X": x, "Y": np.zeros((m, 1), np.float32), "Z": np.zeros((m, 32), np.float32)}, {}, {"M": m, "N": n})


# A product on wgmma whose A operand is computed (registers) and whose B is a window (a
# swizzled stage): sm_90a's register-A form.
FROM_REGISTERS = """
@launch(128)
kernel from_registers(X: tensor<bf16>[M, 64], W: tensor<bf16>[64, 64], Y: tensor<f32>[M, 64]) {
  let m0 = ctx.block.x * 64
  Y[m0 :+ 64, :] = dot(bf16(f32(X[m0 :+ 64, :]) * 2.0), W[:, :])
}
"""


@pytest.mark.parametrize("hazard", [None, "no wait", "accumulator touched"])
def test_the_hosts_wgmma_completes_at_its_wait(tmp_path: Path, hazard: str | None) -> None:
    """On the host as on the device a wgmma is done only at its wait_group: a product
    whose wait is taken out, or whose accumulator is written between its issue and its
    wait, stops the run with the hazard named, and the code as written agrees."""
    from ml_dtypes import bfloat16

    (kernel,) = phobos.compile(FROM_REGISTERS).kernels.values()
    source = generate(kernel.variants[0]).source
    wait = "ph::wgmma_wait<0>();"
    assert source.count("ph::wgmma_commit();") >= 1 and wait in source
    if hazard == "no wait":
        source = source.replace(wait, "")
    elif hazard == "accumulator touched":
        source = source.replace("ph::wgmma_commit();", "ph::wgmma_commit(); " + _touch(source), 1)
    rng = np.random.default_rng(7)
    x, w = ((rng.integers(-8, 9, shape) / 8).astype(bfloat16) for shape in ((100, 64), (64, 64)))
    arrays = {"X": x, "W": w, "Y": np.full((100, 64), np.nan, np.float32)}
    args = [(p, arrays.get(p.rsplit(" ", 1)[1].rstrip("_"), 100)) for p in parameters(source)]  # M: 100
    if hazard is not None:
        with pytest.raises(RuntimeError, match="wgmma hazard"):
            run(source, 128, 2, args, tmp_path, 900)
        return
    (y,) = [a for a in run(source, 128, 2, args, tmp_path, 900) if a.shape == (100, 64) and a.dtype == np.float32]
    np.testing.assert_allclose(y, (x.astype(np.float64) * 2) @ w.astype(np.float64), rtol=1e-6)


def _touch(source: str) -> str:
    """A statement writing the first wgmma's accumulator array (the name its call passes)."""
    import re

    call = re.search(r"ph::wgmma_m64n\d+k16_\w+\((\w+),", source)
    assert call is not None
    return f"{call[1]}[0] += 1.0f;"


IN_PLACE_PRODUCT = """
@launch(128)
kernel in_place(A: tensor<T>[64, 64], B: tensor<T>[64, 64]) {
  B[:, :] = dot(A[:, :], B[:, :])
}
"""


@pytest.mark.parametrize(("dtype", "arch"), [("i8", None), ("i8", 800), ("i8", 900), ("bf16", None)])
def test_a_product_stored_into_its_own_operand_is_read_whole_first(tmp_path: Path, dtype: str, arch: int | None
                                                                    ) -> None:
    """`B = dot(A, B)`: every thread's product reads all of B (where it lies, for i8 and
    below sm_80) before any thread stores into B: a barrier stands between them (spec:
    a statement's reads see the tensor as it was before it)."""
    from ml_dtypes import bfloat16

    rng = np.random.default_rng(7)
    kind = np.int8 if dtype == "i8" else bfloat16
    a, b = ((rng.integers(-3, 4, (64, 64)) / (1 if dtype == "i8" else 4)).astype(kind) for _ in range(2))
    agree(tmp_path, IN_PLACE_PRODUCT.replace("T", dtype), 1, {"A": a, "B": b}, {}, {}, arch=arch, rtol=1e-2)


INDEX_FROM_THE_LOOP = """
@launch(128)
kernel k(A: tensor<f16>[32, 64], B: tensor<f16>[64, 32], C: tensor<f32>[32, 32], IDX: tensor<i64>[1, 4]) {
  var acc: tile<f32>[32, 32] = 0.0
  for k in range(0, 64, 16) {
    acc += dot(A[:, IDX[0, k / 16] :+ 16], B[k :+ 16, :])
    if k + 16 < 64 {
      IDX[0, k / 16 + 1 :+ 1] = IDX[0, k / 16 :+ 1] + 16
    }
  }
  C[:, :] = acc
}
"""


@pytest.mark.parametrize("arch", [800, 900])
@pytest.mark.parametrize("first", [[0, 0, 0, 0], [0, 17, 33, 49]])
def test_a_window_placed_by_an_element_the_loop_stores_is_not_copied_ahead(tmp_path: Path, arch: int,
                                                                           first: list[int]) -> None:
    """Turn t's window of A starts at IDX[0, t], which turn t - 1 stores: a copy made a
    turn ahead (or once) would read it before that store. Nor is B's window, whose copy
    is masked by the k both windows hold: started at 17, 33, 49, the stale windows cross
    A's edge, and B's copy a turn ahead zeroed the rows past it that the product needs."""
    rng = np.random.default_rng(arch)
    a, b = ((rng.integers(-8, 9, shape) / 8).astype(np.float16) for shape in ((32, 64), (64, 32)))
    agree(tmp_path, INDEX_FROM_THE_LOOP, 1, {"A": a, "B": b, "C": np.zeros((32, 32), np.float32),
                                             "IDX": np.array([first], np.int64)}, {}, {}, arch=arch)
