"""`phobos explain` and `Kernel.explain`: the page of what a kernel became, read back
as the data it embeds (the page draws nothing the data does not hold)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from golden_programs import golden_kernels

import phobos
from phobos.__main__ import main
from phobos.explain import data as explain_data
from phobos.explain import explain

CORPUS = Path(__file__).resolve().parent / "corpus"
PAYLOAD = re.compile(r'<script type="application/json" id="data">(.*?)</script>', re.S)


def page_data(page: str) -> dict:
    found = PAYLOAD.search(page)
    assert found is not None
    return json.loads(found.group(1).replace("<\\/", "</"))


def dot_kernel(name: str) -> phobos.Kernel:
    return phobos.compile((CORPUS / "dot.phobos").read_text(), path="tests/corpus/dot.phobos").kernels[name]


def test_each_line_is_beside_its_cuda_and_ptx():
    """The `#line` of each statement pairs it with its C++; NVRTC's line information
    pairs it with its PTX, folded to the products first."""
    pytest.importorskip("cuda.bindings.nvrtc", reason="NVRTC (the cuda extra) is not installed")
    data = page_data(dot_kernel("mlp_bf16").explain())
    (variant,) = data["variants"]
    lines = {int(n): text.strip() for n, text in data["lines"].items()}
    hidden = next(n for n, text in lines.items() if text.startswith("let h = bf16(max(dot("))
    code = variant["code"][str(hidden)]
    assert any("ph::wgmma_" in text for text in code["cuda"]) and any("ph::mma_bf16" in text for text in code["cuda"])
    assert code["ops"][0][0] == "wgmma.mma_async" and code["ops"][0][1] > 0  # the sm_90 PTX
    assert all(int(n) in lines for n in variant["code"])  # no code at a line outside the kernel


def test_where_each_element_of_an_accumulator_tile_lives():
    """The hidden tile of the MLP block is held as mma's accumulator places it (the PTX
    ISA's m16n8 fragment: warp w rows 16w to 16w + 15, lane 4g + t rows g and g + 8 and
    columns 2t and 2t + 1 of each 8), two bf16 a register."""
    (variant,) = page_data(explain(dot_kernel("mlp_bf16")))["variants"]
    (h,) = variant["tiles"]
    assert (h["name"], h["kind"], h["packed"], h["rows"], h["cols"]) == ("h", "registers", True, 64, 64)
    for i in range(64):
        for j in range(64):
            k = i * 64 + j
            warp, g, upper, slab, t, v = i // 16, i % 8, i % 16 // 8, j // 8, j % 8 // 2, j % 2
            assert h["thread"][k] == 32 * warp + 4 * g + t
            assert h["register"][k] == v + 2 * (slab + 8 * upper)


def test_row_values_and_shared_tiles_are_placed_too():
    (variant,) = page_data(explain(dot_kernel("flash_bf16")))["variants"]
    tiles = {t["name"]: t for t in variant["tiles"]}
    assert tiles["m"]["kind"] == "registers" and tiles["m"]["replicated_over"] == 4  # a quad's 4 lanes
    shared = phobos.compile("kernel k(D: tensor<f32>[32, 8]) {\n  var t: tile<f32>[8, 32] = 1.0\n"
                            "  D[:, :] = transpose(t)\n}\n", path="k.phobos").kernels["k"]
    (t,) = page_data(explain(shared))["variants"][0]["tiles"]
    assert (t["kind"], t["element"]) == ("shared", 4) and isinstance(t["base"], int)


def test_each_staged_operand_shows_its_swizzle():
    """The operands a product stages are drawn as its plan lays them out: for wgmma by
    TMA's 128-byte swizzle (row 1's first chunk is its row's second), for mma.sync in
    padded rows; each element at its own byte."""
    (variant,) = page_data(explain(dot_kernel("flash_bf16")))["variants"]
    staged = {t["name"]: t for t in variant["staged"]}
    wgmma = next(t for name, t in staged.items() if name.endswith("A staged for wgmma on sm_90a"))
    assert "128-byte swizzle" in wgmma["swizzle"] and wgmma["element"] == 2
    assert wgmma["offset"][wgmma["cols"]] == 128 + 16 and wgmma["offset"][wgmma["cols"] + 8] == 128
    padded = next(t for name, t in staged.items() if name.endswith("A staged for mma.sync from sm_80"))
    assert padded["offset"][padded["cols"]] == padded["cols"] * 2 + 16  # one padded row further
    for t in staged.values():
        assert len(set(t["offset"])) == t["rows"] * t["cols"]


def test_the_tileir_page_pairs_lines_with_ops_and_names_a_refusal():
    data = page_data(explain(dot_kernel("mlp_bf16"), "tileir"))
    assert any(code["tileir"] for code in data["variants"][0]["code"].values())
    refused = phobos.compile("kernel k(X: tensor<f32>[N]) {\n  X[ctx.thread] = 1.0\n}\n", path="k.phobos")
    assert "per-thread construct" in page_data(explain(refused.kernels["k"], "tileir"))["variants"][0]["refused"]


def test_every_corpus_kernel_has_a_page_on_both_back_ends(monkeypatch: pytest.MonkeyPatch):
    """Without PTX (NVRTC for each variant is the slow part; the tests above read it)."""
    monkeypatch.setattr(explain_data, "_ptx", lambda gen, variant: None)
    for name, kernel in golden_kernels():
        for backend in ("cuda", "tileir"):
            data = page_data(explain(kernel, backend))
            assert data["kernel"] == kernel.name and data["variants"], name
            if kernel.variants[0].body:  # a kernel of no statement may make no code
                assert all(v["code"] or v["refused"] for v in data["variants"]), (name, backend)


def test_the_command_writes_a_page_a_kernel(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(explain_data, "_ptx", lambda gen, variant: None)
    source = CORPUS / "dot.phobos"
    assert main(["explain", str(source), "--kernel", "gemm", "--kernel", "mlp_bf16", "-o", str(tmp_path)]) == 0
    assert capsys.readouterr().out.split() == [str(tmp_path / "gemm.html"), str(tmp_path / "mlp_bf16.html")]
    assert main(["explain", str(source), "--kernel", "gemm", "-o", str(tmp_path / "one.html")]) == 0
    assert page_data((tmp_path / "one.html").read_text())["kernel"] == "gemm"
    assert main(["explain", str(source), "-o", str(tmp_path / "all.html")]) == 1
    assert "names one page" in capsys.readouterr().err


def test_the_page_script_draws_the_lines_and_names_an_elements_holder(tmp_path: Path):
    """The page's own script, run under Node with a stand-in for the DOM: a row for each
    source line, and pointing at element (17, 9) of the hidden tile names its holder."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    page = tmp_path / "mlp.html"
    dot_kernel("mlp_bf16").explain(str(page))
    done = subprocess.run([node, str(Path(__file__).parent / "explain" / "fake_dom.js"), str(page), "17", "9"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    drawn = json.loads(done.stdout)
    assert any("let h = bf16(max(dot(" in row for row in drawn["rows"])
    first, *staged = drawn["said"]  # the hidden tile, then the operands its products stage
    assert first == "element (17, 9): thread 36 (warp 1, lane 4, warpgroup 0), register 1, high half"
    assert staged and all(s.startswith("element (17, 9): shared memory, byte ") for s in staged)


def test_a_gemm_kernels_page_shows_the_sm_90_lowering_and_its_accumulator(monkeypatch: pytest.MonkeyPatch):
    """The GEMM kernel's own lowering beside the general one: its code by line, and its
    accumulator as wgmma's D fragment (PTX ISA, "Register fragments": warp w of a
    warpgroup rows 16w + g and 16w + g + 8 of its 64, lane 4g + t columns 2t and 2t + 1
    of each 8, four registers an 8-column slab), the consumer warpgroups one above the
    other after the producer's warpgroup 0."""
    monkeypatch.setattr(explain_data, "_ptx", lambda gen, variant: None)
    (variant,) = page_data(explain(dot_kernel("gemm_wgmma_linear")))["variants"]
    gemm = variant["gemm"]
    assert gemm["label"] == "gemm-tma" and any(any("wgmma" in t for t in c["cuda"]) for c in gemm["code"].values())
    (acc,) = gemm["tiles"]
    assert (acc["rows"], acc["cols"]) == (128, 128)
    for i in range(0, 128, 3):
        for j in range(0, 128, 5):
            k = i * 128 + j
            group, warp, g, upper, t = i // 64, i % 64 // 16, i % 8, i % 16 // 8, j % 8 // 2
            assert acc["thread"][k] == 128 * (1 + group) + 32 * warp + 4 * g + t
            assert acc["register"][k] == 4 * (j // 8) + 2 * upper + j % 2


def test_a_tile_read_from_one_window_records_it_for_the_extents_check():
    """A tile declared from one tensor window (here through a cast) records the window's
    items as the page evaluates them; a start the page cannot compute from typed values
    (a float scalar's conversion) records none."""
    from phobos.explain.masks import tile_windows

    kernel = phobos.compile("""
@launch(64)
kernel k(X: tensor<bf16>[M, N], Y: tensor<f32>[M, 8], s: f32, w: i32) {
  let r = ctx.block.x * 4 + w
  var x = f32(X[r :+ 4, 0 :+ 8]) * 2.0
  var y = X[i64(s) :+ 4, 0 :+ 8]
  Y[r :+ 4, :] = x + f32(y)
}
""").k.variants[0]
    windows = {sym.name: found for sym, found in tile_windows(kernel).items()}
    assert set(windows) == {"x"}
    assert windows["x"]["tensor"] == "X" and windows["x"]["inputs"] == ["M", "N", "block.x", "w"]
    assert windows["x"]["items"][0] == {"start": "((v['block.x'] * 4) + v['w'])", "length": 4}


@pytest.mark.parametrize("backend", ["cuda", "tileir"])
def test_a_debug_kernels_page_shows_the_code_a_debug_launch_builds(backend: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(explain_data, "_ptx", lambda gen, variant: None)
    source = """
@launch(32)
kernel shown(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  let t = X[ctx.block.x * 32 :+ 32]
  print("t", t)
  Y[ctx.block.x * 32 :+ 32] = t
}
"""
    key = "cuda" if backend == "cuda" else "tileir"
    mark = "printf(" if backend == "cuda" else "print_tko"
    for debug in (False, True):
        (variant,) = page_data(explain(phobos.compile(source, debug=debug).shown, backend))["variants"]
        assert any(mark in line for code in variant["code"].values() for line in code[key]) == debug


def test_a_path_explain_cannot_write_is_named(tmp_path: Path):
    kernel = phobos.compile("kernel k(X: tensor<f32>[16]) {\n  X[0] = 1.0\n}\n").k
    for path, said in ((tmp_path / "no" / "k.html", "cannot write"), (tmp_path, "Is a directory"),
                       (123, "explain's path is a file name (str or path), not int")):
        with pytest.raises(phobos.PhobosError, match=re.escape(said)) as info:
            kernel.explain(path)
        assert info.value.__traceback__ is None or "phobos" not in info.value.__traceback__.tb_frame.f_code.co_filename
    kernel.explain(tmp_path / "k.html")
    assert (tmp_path / "k.html").read_text().startswith("<!doctype html>")
