"""Attention through benchmarks/kernels/attention.py: forward, gradients and decoding
against float64 SDPA, causal and not, with grouped K/V heads, at sizes no tile divides.
CPU tensors run on the interpreter (CI); on a CUDA machine the same checks run there."""

from __future__ import annotations

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from benchmarks.kernels.attention import _operators, attention, attention_decode  # noqa: E402

F = torch.nn.functional
DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
# Relative to the reference's largest value: each dtype's rounding of P and dS.
TOLERANCE = {torch.bfloat16: 2e-2, torch.float16: 3e-3}

pytestmark = pytest.mark.filterwarnings("ignore::phobos.runtime.backend.InterpreterNotice")


def close(got: torch.Tensor, want: torch.Tensor, dtype: torch.dtype) -> None:
    error = (got.double() - want).abs().max() / want.abs().max()
    assert error < TOLERANCE[dtype], f"relative error {error.item():.2e}"


def inputs(b: int, h: int, hkv: int, s: int, d: int, dtype: torch.dtype, device: str, seed: int) -> list:
    g = torch.Generator().manual_seed(seed)
    shapes = ((b, h, s, d), (b, hkv, s, d), (b, hkv, s, d))
    return [torch.randn(shape, generator=g).to(dtype).to(device).requires_grad_() for shape in shapes]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize(("b", "h", "hkv", "s", "d", "causal"), [
    (1, 2, 2, 100, 64, False), (1, 4, 2, 65, 64, True), (2, 2, 1, 130, 64, True), (1, 2, 2, 70, 128, False),
    (1, 2, 1, 66, 256, True),
])
def test_forward_and_gradients(device: str, dtype: torch.dtype, b: int, h: int, hkv: int, s: int, d: int,
                               causal: bool) -> None:
    q, k, v = inputs(b, h, hkv, s, d, dtype, device, seed=s + d + h)
    out = attention(q, k, v, causal=causal)
    assert out.shape == q.shape and out.dtype == dtype
    weights = torch.randn(out.shape, generator=torch.Generator().manual_seed(1)).to(device)
    (out.float() * weights).sum().backward()
    exact = [x.detach().double().requires_grad_() for x in (q, k, v)]
    want = F.scaled_dot_product_attention(*exact, is_causal=causal, enable_gqa=hkv != h)
    (want * weights.double()).sum().backward()
    close(out, want, dtype)
    for got, ref in zip((q, k, v), exact, strict=True):
        assert got.grad is not None and got.grad.dtype == dtype
        close(got.grad, ref.grad, dtype)


@pytest.mark.parametrize("scale", [-0.2, 0.0])
def test_a_scale_not_above_zero_is_carried_by_the_queries(scale: float) -> None:
    """The kernels take the row maximum before the scale, so attention.py passes them a
    positive one: softmax(q k^T * scale) is softmax((-q) k^T * -scale), and at 0 every
    score is 0. Forward and gradients, causal, against the softmax in f64."""
    q, k, v = inputs(1, 2, 2, 40, 64, torch.bfloat16, "cpu", seed=3)
    out = attention(q, k, v, causal=True, scale=scale)
    weights = torch.randn(out.shape, generator=torch.Generator().manual_seed(2))
    (out.float() * weights).sum().backward()
    exact = [x.detach().double().requires_grad_() for x in (q, k, v)]
    scores = exact[0] @ exact[1].transpose(-1, -2) * scale  # SDPA's own reference takes the scale's root
    scores = scores.masked_fill(torch.ones(40, 40, dtype=torch.bool).triu(1), float("-inf"))
    want = torch.softmax(scores, dim=-1) @ exact[2]
    (want * weights.double()).sum().backward()
    close(out, want, torch.bfloat16)
    for got, ref in zip((q, k, v), exact, strict=True):
        assert got.grad is not None
        if ref.grad.abs().max() == 0:  # dq at scale 0
            assert got.grad.abs().max() == 0
        else:
            close(got.grad, ref.grad, torch.bfloat16)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize(("t", "length", "splits"), [(1, 300, None), (5, 129, 2), (16, 64, 1)])
def test_decode(device: str, t: int, length: int, splits: int | None) -> None:
    g = torch.Generator().manual_seed(length)
    q = torch.randn(2, 4, t, 64, generator=g).bfloat16().to(device)
    kc, vc = (torch.randn(2, 2, length, 64, generator=g).bfloat16().to(device) for _ in range(2))
    got = attention_decode(q, kc, vc, splits=splits)
    want = F.scaled_dot_product_attention(q.double(), kc.double(), vc.double(), enable_gqa=True)
    assert got.shape == q.shape
    close(got, want, torch.bfloat16)


def test_the_forward_operator_passes_opcheck() -> None:
    q, k, v = (x.detach().reshape(-1, 70, 64) for x in inputs(1, 2, 2, 70, 64, torch.bfloat16, "cpu", seed=3))
    torch.library.opcheck(_operators(torch.bfloat16).forward, (q, k, v, 0.125, 2, 1, True))


def test_bad_shapes_are_refused() -> None:
    q, k, v = (x.detach() for x in inputs(1, 3, 2, 64, 64, torch.bfloat16, "cpu", seed=4))
    with pytest.raises(ValueError, match="number of heads dividing 3"):
        attention(q, k, v)
    q, k, v = (x.detach() for x in inputs(1, 2, 2, 64, 32, torch.bfloat16, "cpu", seed=5))
    with pytest.raises(ValueError, match="head size of 64 or 128 or 256"):
        attention(q, k, v)
    q, k, v = (x.detach().float() for x in inputs(1, 2, 2, 64, 64, torch.bfloat16, "cpu", seed=6))
    with pytest.raises(TypeError, match="bf16 or f16"):
        attention(q, k, v)


@pytest.mark.parametrize("kind", ["fwd", "bwd", "decode"])
def test_the_benchmark_rows_check_each_side_before_timing(kind: str) -> None:
    """benchmarks/attention_rows.py on small rows on the CPU: each side checked against
    f32 SDPA, then timed (a stand-in timer), and Phobos's ratio to the best peer."""
    from benchmarks import attention_rows
    from benchmarks.bench import relative_error

    row = attention_rows.AttentionRow("t", 1, 4, 70, 64, kind != "decode", "x", kind, hkv=2)
    result = attention_rows.run_row(row, lambda run: 2.0, "cpu", lambda: None, relative_error)
    unit = "tbps" if kind == "decode" else "tflops"
    assert not result["errors"], result["errors"]
    assert result["phobos_error"] < attention_rows.TOLERANCE and result[f"phobos_{unit}"] == row.work / 2.0 / 1e9
    assert result["phobos_vs_best_sdpa"] == 1.0
    assert [r.name for r in attention_rows.selected(["attention_decode"], 1)] == [
        "attention_decode_b8h32l8192d128", "attention_decode_b64h32l4096d128"]


TRITON_CHECK = """
import torch
from benchmarks.peers.triton_attention import attention
g = torch.Generator().manual_seed(9)
q, k, v = (torch.randn(shape, generator=g).half() for shape in ((1, 4, 100, 64), (1, 2, 100, 64), (1, 2, 100, 64)))
for causal in (False, True):
    want = torch.nn.functional.scaled_dot_product_attention(q.double(), k.double(), v.double(), is_causal=causal,
                                                            enable_gqa=True)
    print(((attention(q, k, v, causal=causal).double() - want).abs().max() / want.abs().max()).item())
"""


def _release(version: str) -> tuple[int, int]:
    """A package's major and minor release."""
    major, minor = version.split(".")[:2]
    return int(major), int("".join(c for c in minor if c.isdigit()) or 0)


@pytest.mark.skipif(torch.cuda.is_available(), reason="Triton's interpreter is the CPU check; a GPU runs the bench")
def test_the_triton_peer_agrees_on_the_cpu() -> None:
    """The benchmark's Triton forward through Triton's interpreter, in a process of its
    own (TRITON_INTERPRET is read when Triton is first imported), in f16 (its
    interpreter mishandles bf16 on the CPU), against float64 SDPA."""
    triton = pytest.importorskip("triton")
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONPATH": str(root)}
    if _release(triton.__version__) <= (3, 6) and _release(np.__version__) >= (2, 4):
        pytest.skip(f"Triton {triton.__version__}'s interpreter cannot loop to a bound made from program_id under "
                    f"numpy {np.__version__} (numpy 2.4 no longer turns a one-element array into a Python int)")
    done = subprocess.run([sys.executable, "-c", TRITON_CHECK], env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    errors = [float(line) for line in done.stdout.split()]
    assert len(errors) == 2 and max(errors) < TOLERANCE[torch.float16], errors


@pytest.mark.parametrize("arch", [800, 900])
def test_the_kernels_agree_with_the_interpreter_as_tensor_cores_run_them(arch: int, tmp_path) -> None:
    """attention.phobos's forward, backward and flash-decoding kernels, grouped and causal
    at a length no tile divides (the decoding's second split ragged), the forward and the
    backward in both their tile sizes, as sm_80 (mma.sync)
    and the H200 (wgmma) run them: the generated code
    on the host with those instructions emulated (tests/cuda_host_mma.py), against the
    interpreter."""
    import copy

    import numpy as np
    from cuda_host import gxx_has_barrier, launch
    from ml_dtypes import bfloat16

    import phobos
    from benchmarks.kernels.attention import SOURCE

    if not gxx_has_barrier():
        pytest.skip("needs g++ with C++20's <barrier>")
    gpu = phobos.compile(SOURCE, path="attention.phobos", math_mode="fast")  # as attention.py compiles them
    cpu = phobos.compile(SOURCE, interpret=True)
    rng = np.random.default_rng(arch)
    z, zk, s, d = 2, 1, 100, 64
    q, k, v, do = ((rng.standard_normal(shape) / 2).astype(bfloat16) for shape in
                   ((z, s, d), (zk, s, d), (zk, s, d), (z, s, d)))
    rows = {"scale": 0.125, "heads": z, "group": z // zk, "causal": True}

    def agree(name: str, grid: tuple[int, int], args: dict, outputs: list[str], **pins: int) -> dict:
        want, got = copy.deepcopy(args), copy.deepcopy(args)
        getattr(cpu, name)[grid](**want, D=d, **pins)
        launch(getattr(gpu, name), grid, got, {"D": d, **pins}, tmp_path, arch)
        for out in outputs:
            np.testing.assert_allclose(np.asarray(got[out], np.float64), np.asarray(want[out], np.float64),
                                       rtol=2e-2, atol=2e-2, err_msg=f"{name}: {out}")
        return want

    blocks = -(-s // 64)
    forward = {"Q": q, "K": k, "V": v, "O": np.zeros((z, s, d), bfloat16), "LSE": np.zeros((z, s, 1), np.float32),
               **rows}
    agree("attention_fwd", (-(-s // 128), z), forward, ["O", "LSE"], BM=128, NT=256)
    fwd = agree("attention_fwd", (blocks, z), forward, ["O", "LSE"], BM=64, NT=128)
    delta = agree("attention_bwd_delta", (blocks, z), {"O": fwd["O"], "DO": do,
                                                       "DELTA": np.zeros((z, s, 1), np.float32)}, ["DELTA"])["DELTA"]
    saved = {"Q": q, "K": k, "V": v, "DO": do, "LSE": fwd["LSE"], "DELTA": delta}
    for wide, keys, threads in ((0, 64, 128), (1, 128, 256)):
        agree("attention_bwd_kv", (-(-s // keys), zk), {**saved, "DK": np.zeros((zk, s, d), np.float32),
                                                        "DV": np.zeros((zk, s, d), np.float32), **rows},
              ["DK", "DV"], WIDE=wide, NT=threads)
    for bm, threads in ((64, 128), (128, 256)):
        agree("attention_bwd_q", (-(-s // bm), z), {**saved, "DQ": np.zeros((z, s, d), np.float32), **rows}, ["DQ"],
              BM=bm, NT=threads)
    splits, per_split = 2, 64
    parts = agree("attention_decode_split", (splits, z),
                  {"Q": (rng.standard_normal((z, 16, d)) / 2).astype(bfloat16), "K": k, "V": v,
                   "PART": np.zeros((splits, z, 16, d), np.float32), "STATS": np.zeros((splits, z, 16, 2), np.float32),
                   "scale": 0.125, "heads": z, "group": z // zk, "splits": splits, "per_split": per_split},
                  ["PART", "STATS"])
    agree("attention_decode_combine", (z, 1), {"PART": parts["PART"], "STATS": parts["STATS"],
                                              "O": np.zeros((z, 16, d), bfloat16)}, ["O"])


def test_the_python_spelling_is_the_same_program() -> None:
    """benchmarks/kernels/attention_lang.py spells attention.phobos's six kernels in
    phobos.lang: each one's typed ir is its native twin's, text for text."""
    from pathlib import Path

    import phobos
    from benchmarks.kernels import attention_lang

    native = phobos.compile(Path(__file__).parent.parent / "benchmarks" / "kernels" / "attention.phobos")
    assert len(native.kernels) == 6
    assert sorted(native.kernels) == sorted(n for n in vars(attention_lang) if n.startswith("attention_"))
    for name, kernel in native.kernels.items():
        assert getattr(attention_lang, name).ir == kernel.ir, name
