"""`phobos.torch.operator`: kernels as PyTorch custom operators.

On the CPU (CI) the operators run on the interpreter: their schemas and mutation
annotations, `torch.library.opcheck` (schema, fake tensors, autograd registration,
AOT dispatch), `torch.compile(fullgraph=True)`, a user's backward and the profiler.
On a CUDA machine the same checks run on the GPU, with CUDA graph capture and replay.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import phobos
from phobos import PhobosError

torch = pytest.importorskip("torch")
import phobos.torch as pt  # noqa: E402 - after torch is known to be there

SOURCE = """
@launch(128)
kernel axpy(X: tensor<bf16>[N], Y: tensor<f32>[N], Z: tensor<f32>[N], a: f32) {
  let i = ctx.block.x * 128
  Z[i :+ 128] = f32(X[i :+ 128]) * a + Y[i :+ 128]
}

@launch(128)
kernel bump(X: tensor<f32>[N], b: f32) {
  let i = ctx.block.x * 128
  X[i :+ 128] = X[i :+ 128] + b
}

@launch(128)
kernel scale(X: tensor<f32>[N], Y: tensor<f32>[N], a: f32) {
  let i = ctx.block.x * 128
  Y[i :+ 128] = X[i :+ 128] * a
}

@launch(32)
kernel split(X: tensor<f32>[M, 16], LO: tensor<f32>[M, 8], HI: tensor<f32>[M, 8], S: tensor<f32>[1]) {
  let r = ctx.block.x * 2
  let x = X[r :+ 2, :]
  LO[r :+ 2, :] = x[:, 0 :+ 8]
  HI[r :+ 2, :] = x[:, 8 :+ 8]
  let total = sum(x)
  if ctx.thread == 0 {
    atomic_add(S[0], total)
  }
}
"""

# torch's own checks (opcheck, Dynamo) call its deprecated TorchScript entry points.
pytestmark = pytest.mark.filterwarnings("ignore:`torch.jit.script_method` is deprecated:DeprecationWarning")

DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
_names = itertools.count()


@pytest.fixture(scope="module")
def mod() -> phobos.Module:
    return phobos.compile(SOURCE)


def per_block(n: int) -> tuple[int]:
    return (-(-n // 128),)


def fresh(prefix: str) -> str:
    """An operator name no other test took (torch keeps every operator for the process)."""
    return f"phobos_test::{prefix}_{next(_names)}"


def on(device: str, mod: phobos.Module) -> phobos.Module:
    return mod if device == "cuda" else phobos.compile(SOURCE, interpret=True)


def test_schema_marks_exactly_the_written_inputs(mod: phobos.Module) -> None:
    axpy = pt.operator(mod.axpy, lambda m: per_block(m["N"]), outputs=["Z"], name=fresh("axpy"))
    bump = pt.operator(mod.bump, lambda m: per_block(m["N"]), name=fresh("bump"))
    split = pt.operator(mod.split, lambda m: (-(-m["M"] // 2),), outputs=["LO", "HI"], name=fresh("split"))
    assert str(axpy._opoverload._schema).endswith("(Tensor X, Tensor Y, float a) -> Tensor")
    assert str(bump._opoverload._schema).endswith("(Tensor(a!) X, float b) -> ()")
    assert str(split._opoverload._schema).endswith("(Tensor X, Tensor(b!) S) -> (Tensor, Tensor)")


def test_default_name_is_the_kernels() -> None:
    kernel = phobos.compile(SOURCE.replace("kernel scale(", "kernel scale_default_name("), interpret=True)
    op = pt.operator(kernel.scale_default_name, lambda m: per_block(m["N"]), outputs=["Y"])
    assert op._qualname == "phobos::scale_default_name"


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("n", [1, 129, 1000])
def test_outputs_are_allocated_and_returned(mod: phobos.Module, device: str, n: int) -> None:
    kernels = on(device, mod)
    axpy = pt.operator(kernels.axpy, lambda m: per_block(m["N"]), outputs=["Z"], name=fresh("axpy"))
    gen = torch.Generator().manual_seed(n)
    x = torch.randn(n, generator=gen).bfloat16().to(device)
    y = torch.randn(n, generator=gen).to(device)
    z = axpy(x, y, 2.5)
    assert z.shape == (n,) and z.dtype == torch.float32 and z.device.type == device
    torch.testing.assert_close(z, x.double().mul(2.5).add(y.double()).float(), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("device", DEVICES)
def test_outputs_the_kernel_reads_start_at_zero_and_mutated_inputs_change(mod: phobos.Module, device: str) -> None:
    kernels = on(device, mod)
    split = pt.operator(kernels.split, lambda m: (-(-m["M"] // 2),), outputs=["LO", "HI"], name=fresh("split"))
    x = torch.randn(37, 16, dtype=torch.float64).float().to(device)
    total = torch.full((1,), 0.5, device=device)
    lo, hi = split(x, total)
    torch.testing.assert_close(lo, x[:, :8])
    torch.testing.assert_close(hi, x[:, 8:])
    torch.testing.assert_close(total, (x.double().sum() + 0.5).float().reshape(1), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("device", DEVICES)
def test_an_output_the_kernel_accumulates_into_starts_at_zero(device: str) -> None:
    kernels = phobos.compile("""
@launch(128)
kernel histogram(X: tensor<i32>[N], H: tensor<i32>[8]) {
  let i = ctx.block.x * 128 + ctx.thread
  if i < N {
    atomic_add(H[X[i] % 8], 1)
  }
}
""", interpret=device == "cpu")
    histogram = pt.operator(kernels.histogram, lambda m: per_block(m["N"]), outputs=["H"], name=fresh("hist"))
    x = torch.randint(0, 1000, (777,), dtype=torch.int32, device=device)
    filled = torch.utils.deterministic.fill_uninitialized_memory
    torch.use_deterministic_algorithms(True)  # torch.empty then fills with a marker, never zeros by chance
    try:
        torch.utils.deterministic.fill_uninitialized_memory = True
        counts = histogram(x)
    finally:
        torch.use_deterministic_algorithms(False)
        torch.utils.deterministic.fill_uninitialized_memory = filled
    torch.testing.assert_close(counts, torch.bincount(x.long() % 8, minlength=8).int())


@pytest.mark.parametrize("device", DEVICES)
def test_a_strided_input_is_made_contiguous_and_a_mutated_one_written_back(mod: phobos.Module, device: str) -> None:
    kernels = on(device, mod)
    scale = pt.operator(kernels.scale, lambda m: per_block(m["N"]), outputs=["Y"], name=fresh("scale"))
    bump = pt.operator(kernels.bump, lambda m: per_block(m["N"]), name=fresh("bump"))
    base = torch.randn(400, device=device)
    torch.testing.assert_close(scale(base[::2], 3.0), base[::2] * 3)
    before = base.clone()
    bump(base[1::2], 1.0)
    torch.testing.assert_close(base[1::2], before[1::2] + 1)
    torch.testing.assert_close(base[::2], before[::2])


@pytest.mark.parametrize("device", DEVICES)
def test_opcheck(mod: phobos.Module, device: str) -> None:
    kernels = on(device, mod)
    axpy = pt.operator(kernels.axpy, lambda m: per_block(m["N"]), outputs=["Z"], name=fresh("axpy"))
    bump = pt.operator(kernels.bump, lambda m: per_block(m["N"]), name=fresh("bump"))
    split = pt.operator(kernels.split, lambda m: (-(-m["M"] // 2),), outputs=["LO", "HI"], name=fresh("split"))
    x = torch.randn(300, device=device)
    torch.library.opcheck(axpy, (x.bfloat16(), x, 2.0))
    torch.library.opcheck(bump, (x.clone(), 1.5))
    torch.library.opcheck(split, (torch.randn(9, 16, device=device), torch.zeros(1, device=device)))


def scale_with_backward(kernels: phobos.Module) -> object:
    scale = pt.operator(kernels.scale, lambda m: per_block(m["N"]), outputs=["Y"], name=fresh("scale"))

    def setup_context(ctx, inputs, output) -> None:  # noqa: ANN001 - torch's signature
        ctx.a = inputs[1]

    def backward(ctx, grad):  # noqa: ANN001, ANN202
        return scale(grad, ctx.a), None

    scale.register_autograd(backward, setup_context=setup_context)
    return scale


@pytest.mark.parametrize("device", DEVICES)
def test_a_registered_backward_trains_through_autograd(mod: phobos.Module, device: str) -> None:
    scale = scale_with_backward(on(device, mod))
    x = torch.randn(257, device=device, requires_grad=True)
    (scale(x, -1.5) * torch.arange(257, device=device)).sum().backward()
    torch.testing.assert_close(x.grad, -1.5 * torch.arange(257, device=device, dtype=torch.float32))
    torch.library.opcheck(scale, (torch.randn(130, device=device, requires_grad=True), 2.0))


@pytest.mark.parametrize("device", DEVICES)
def test_fullgraph_compile_has_no_graph_break(mod: phobos.Module, device: str) -> None:
    kernels = on(device, mod)
    axpy = pt.operator(kernels.axpy, lambda m: per_block(m["N"]), outputs=["Z"], name=fresh("axpy"))
    bump = pt.operator(kernels.bump, lambda m: per_block(m["N"]), name=fresh("bump"))

    def f(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = axpy(x, y, 3.0)
        bump(z, 1.0)
        return z * 2

    torch._dynamo.reset()
    x, y = torch.randn(300, device=device).bfloat16(), torch.randn(300, device=device)
    explained = torch._dynamo.explain(f)(x, y)
    assert explained.graph_break_count == 0 and explained.graph_count == 1
    # On the CPU, tracing through AOT autograd is what is checked: inductor's build of
    # torch's own CPU code around the operator depends on the machine's C++ compiler.
    compiled = torch.compile(f, fullgraph=True, backend="inductor" if device == "cuda" else "aot_eager")
    torch.testing.assert_close(compiled(x, y), f(x, y))
    x2, y2 = torch.randn(513, device=device).bfloat16(), torch.randn(513, device=device)
    torch.testing.assert_close(compiled(x2, y2), f(x2, y2))


def test_the_profiler_shows_the_operator_by_the_kernels_name(mod: phobos.Module) -> None:
    kernels = phobos.compile(SOURCE.replace("kernel scale(", "kernel scale_profiled("), interpret=True)
    op = pt.operator(kernels.scale_profiled, lambda m: per_block(m["N"]), outputs=["Y"])
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        op(torch.randn(100), 2.0)
    assert "phobos::scale_profiled" in {event.key for event in prof.key_averages()}


@pytest.mark.skipif("cuda" not in DEVICES, reason="CUDA graphs need a GPU")
def test_cuda_graph_capture_and_replay(mod: phobos.Module) -> None:
    axpy = pt.operator(mod.axpy, lambda m: per_block(m["N"]), outputs=["Z"], name=fresh("axpy"))
    x, y = torch.randn(1000, device="cuda").bfloat16(), torch.randn(1000, device="cuda")
    axpy(x, y, 2.0)  # compiled before capture
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        z = axpy(x, y, 2.0)
    x.copy_(torch.randn(1000, device="cuda").bfloat16())
    y.copy_(torch.randn(1000, device="cuda"))
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(z, x.float() * 2 + y)


def test_refusals_name_the_problem(mod: phobos.Module) -> None:
    grid = lambda m: per_block(m["N"])  # noqa: E731
    cases = {
        "output `Q` is no tensor parameter of kernel `axpy`": lambda: pt.operator(mod.axpy, grid, outputs=["Q"]),
        "output `a` is no tensor parameter": lambda: pt.operator(mod.axpy, grid, outputs=["a"]),
        "kernel `axpy` never writes `X`, so it is no output": lambda: pt.operator(mod.axpy, grid, outputs=["X"]),
        "name= must read 'namespace::name', not 'axpy'": lambda: pt.operator(mod.axpy, grid, name="axpy"),
        "kernel `axpy` has no autotune name `TM`": lambda: pt.operator(mod.axpy, grid, pins={"TM": 64}),
        "takes a Phobos kernel, not function": lambda: pt.operator(lambda: None, grid),
        "outputs= names `Y` twice": lambda: pt.operator(mod.axpy, grid, outputs=["Y", "Y"]),
    }
    for expected, call in cases.items():
        with pytest.raises(PhobosError) as info:
            call()
        assert expected in str(info.value)


def test_a_pin_value_the_kernel_does_not_offer_is_refused_when_the_operator_is_made() -> None:
    tuned = phobos.compile("""
@autotune(B in [32, 64])
@launch(32)
kernel fill(OUT: tensor<f32>[N]) {
  let i = ctx.block.x * B
  OUT[i :+ B] = 1.0
}
""", interpret=True)
    with pytest.raises(PhobosError, match=r"pins= kernel `fill`: autotune name `B` is one of 32, 64, not 48"):
        pt.operator(tuned.fill, lambda m: (1,), outputs={"OUT": (48,)}, pins={"B": 48})


def test_an_output_dim_no_input_gives_must_be_given() -> None:
    kernels = phobos.compile("""
@launch(32)
kernel fill(V: f32, OUT: tensor<f32>[N]) {
  let i = ctx.block.x * 32
  OUT[i :+ 32] = V
}
""", interpret=True)
    with pytest.raises(PhobosError) as info:
        pt.operator(kernels.fill, lambda m: per_block(m["N"]), outputs=["OUT"])
    assert "the shape of output `OUT` (tensor<f32>[N]) needs `N`, which no input gives" in str(info.value)
    fill = pt.operator(kernels.fill, lambda m: (-(-m["N"] // 32),), outputs={"OUT": (70,)}, name=fresh("fill"))
    assert torch.equal(fill(1.25), torch.full((70,), 1.25))
    np.testing.assert_array_equal(fill(2.0).numpy(), np.full(70, 2.0, np.float32))
    for bad in ((-3,), (2.5,), (True,)):
        with pytest.raises(PhobosError, match=r"is made of extents \(ints of 0 or more\) and input names, not "):
            pt.operator(kernels.fill, lambda m: (1,), outputs={"OUT": bad})
    for given in ((2.5,), "abc", (1, 2), (-1,)):
        made = pt.operator(kernels.fill, lambda m: (1,), outputs={"OUT": lambda names, g=given: g},
                           name=fresh("fill"))
        with pytest.raises(PhobosError) as info:
            made(1.0)
        assert f"must be 1 extent (ints of 0 or more), one a dim; its shape function gave {given!r}" in \
            info.value.message
        assert info.value.__traceback__ is None or not any(  # no frames of Phobos's
            "phobos/torch.py" in f.filename for f in __import__("traceback").extract_tb(info.value.__traceback__))


def test_the_docs_example_runs_as_written() -> None:
    text = (Path(__file__).resolve().parent.parent / "docs" / "torch.md").read_text()
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(block, "docs/torch.md", "exec"), {})  # noqa: S102 - the doc's own code, as a reader runs it


def test_a_name_torch_holds_already_is_refused() -> None:
    kernels = phobos.compile(SOURCE.replace("kernel scale(", "kernel scale_twice("), interpret=True)
    op = pt.operator(kernels.scale_twice, lambda m: per_block(m["N"]), outputs=["Y"])
    with pytest.raises(PhobosError) as info:
        pt.operator(kernels.scale_twice, lambda m: per_block(m["N"]), outputs=["Y"])
    assert "an operator named phobos::scale_twice exists already" in str(info.value)
    torch.testing.assert_close(op(torch.ones(3), 2.0), torch.full((3,), 2.0))  # the first one still runs


def test_an_empty_output_gives_the_other_outputs_zeroed() -> None:
    """An output whose extent a scalar gives may be empty: the launch then runs nothing
    (a dim of 0), and the operator's other outputs are zeros, not uninitialized memory."""
    kernels = phobos.compile("""
@launch(32)
kernel two_outputs(X: tensor<f32>[N], Y: tensor<f32>[N], H: tensor<i32>[B], nb: i32) {
  let i = ctx.block.x * 32
  Y[i :+ 32] = X[i :+ 32] * 2.0
  if ctx.block.x == 0 {
    H[0 :+ 32] = i32(1)
  }
}
""", interpret=True)
    op = pt.operator(kernels.two_outputs, lambda m: (-(-m["N"] // 32),), outputs={"Y": ("N",), "H": ("nb",)},
                     name=fresh("two_outputs"))
    filled = torch.utils.deterministic.fill_uninitialized_memory
    torch.use_deterministic_algorithms(True)  # torch.empty then fills with a marker, never zeros by chance
    try:
        torch.utils.deterministic.fill_uninitialized_memory = True
        y, h = op(torch.ones(64), 0)
    finally:
        torch.use_deterministic_algorithms(False)
        torch.utils.deterministic.fill_uninitialized_memory = filled
    assert h.shape == (0,) and torch.equal(y, torch.zeros(64))
    y, h = op(torch.ones(64), 4)
    assert torch.equal(y, torch.full((64,), 2.0)) and torch.equal(h, torch.ones(4, dtype=torch.int32))


def test_an_empty_input_gives_zeroed_outputs_and_a_sparse_tensor_is_refused() -> None:
    kernels = phobos.compile(SOURCE.replace("kernel scale(", "kernel scale_empty("), interpret=True)
    op = pt.operator(kernels.scale_empty, lambda m: (max(1, per_block(m["N"])[0]),), outputs=["Y"])
    assert op(torch.empty(0), 2.0).shape == (0,)
    dense = torch.zeros(8)
    with pytest.raises(PhobosError) as info:
        kernels.scale_empty[1](dense.to_sparse(), torch.zeros(8), 2.0)
    assert "argument `X`: the tensor's layout is torch.sparse_coo, not dense" in str(info.value)
