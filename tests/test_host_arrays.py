"""Other libraries' CPU arrays on the interpreter: torch tensors (bf16 included) and JAX
arrays run as numpy views of their memory, a kernel's writes land in them, and what
cannot work is refused by name."""

from __future__ import annotations

import numpy as np
import pytest

import phobos
from phobos import PhobosError

torch = pytest.importorskip("torch")

SOURCE = """
@launch(64)
kernel axpy(X: tensor<bf16>[N], Y: tensor<f32>[N], Z: tensor<f32>[N], a: f32) {
  let i = ctx.block.x * 128
  var x = f32(X[i :+ 128])
  Z[i :+ 128] = x * a + Y[i :+ 128]
}

@launch(64)
kernel rows(A: tensor<f16>[M, 32], B: tensor<f16>[M, 32]) {
  let r = ctx.block.x * 4
  B[r :+ 4, :] = A[r :+ 4, :] + f16(1.0)
}
"""


@pytest.fixture(scope="module")
def mod() -> phobos.Module:
    return phobos.compile(SOURCE, interpret=True)


def grid(n: int, per: int) -> int:
    return -(-n // per)


def error(call) -> str:  # noqa: ANN001 - a thunk
    with pytest.raises(PhobosError) as info:
        call()
    return str(info.value)


@pytest.mark.parametrize("n", [1, 300, 513])
def test_torch_cpu_tensors_bf16_included_run_and_are_written(mod: phobos.Module, n: int) -> None:
    gen = torch.Generator().manual_seed(n)
    x = torch.randn(n, generator=gen).bfloat16()
    y = torch.randn(n, generator=gen)
    z = torch.full((n,), float("nan"))
    for a in (2.0, -0.5):  # the second launch repeats the first's key: the plan's path
        mod.axpy[grid(n, 128)](x, y, z, a)
        want = x.double().numpy() * a + y.double().numpy()
        np.testing.assert_allclose(z.numpy(), want, rtol=1e-6, atol=1e-6)


def test_a_tensor_that_requires_grad_is_read_through_its_data(mod: phobos.Module) -> None:
    a = torch.randn(37, 32, dtype=torch.float16, requires_grad=True)
    b = torch.zeros(37, 32, dtype=torch.float16)
    mod.rows[grid(37, 4)](a, b)
    assert torch.equal(b, a.detach() + 1)


def test_torch_and_numpy_arrays_mix_in_one_launch(mod: phobos.Module) -> None:
    x = torch.randn(130).bfloat16()
    y = np.random.default_rng(1).standard_normal(130).astype(np.float32)
    z = torch.zeros(130)
    mod.axpy[2](x, y, z, 1.0)
    np.testing.assert_allclose(z.numpy(), x.float().numpy() + y, rtol=1e-6)


def test_torch_refusals_name_the_argument_and_the_fix(mod: phobos.Module) -> None:
    x, y = torch.randn(256).bfloat16(), torch.randn(256)
    message = error(lambda: mod.axpy[2](x, y, torch.zeros(512)[::2], 1.0))
    assert "argument `Z`: the tensor is not contiguous (row-major); its strides are (2,)" in message
    assert "x.contiguous()" in message
    message = error(lambda: mod.axpy[2](x, y, torch.zeros(256, dtype=torch.complex64), 1.0))
    assert "argument `Z`: torch dtype torch.complex64 has no Phobos type" in message
    message = error(lambda: mod.axpy[2](x.half(), y, torch.zeros(256), 1.0))
    assert "argument `X`: expected a C-contiguous array of bfloat16 for tensor<bf16>[N], got a float16 array" \
        in message
    message = error(lambda: mod.axpy[2](x, y, torch.zeros(255), 1.0))
    assert "dim `N` is 255 here" in message


def test_a_lazily_negated_tensor_is_refused_and_a_subclass_runs(mod: phobos.Module) -> None:
    """A tensor whose memory does not hold its values (torch's neg bit) is refused, here
    and on the GPU alike (their shared check); a subclass of Tensor defined anywhere (a
    Parameter of a user's own, requiring grad) is a tensor as torch's own are."""
    from phobos.backends.gpu.arrays import is_torch_tensor_type

    x, y = torch.randn(256).bfloat16(), torch.randn(256)
    message = error(lambda: mod.axpy[2](x, torch._neg_view(y), torch.zeros(256), 1.0))
    assert "argument `Y`: the tensor is a lazy negation or conjugation" in message and "resolve_neg()" in message

    class Weight(torch.nn.Parameter):
        pass

    a = Weight(torch.randn(8, 32, dtype=torch.float16))
    b = torch.zeros(8, 32, dtype=torch.float16)
    mod.rows[2](a, b)
    assert torch.equal(b, a.detach() + 1)
    assert is_torch_tensor_type(Weight) and not is_torch_tensor_type(np.ndarray)


def test_a_tensor_on_a_gpu_is_refused_on_the_interpreter(mod: phobos.Module) -> None:
    meta = torch.empty(256, device="meta")
    message = error(lambda: mod.axpy[2](torch.zeros(256).bfloat16(), torch.zeros(256), meta, 1.0))
    assert "argument `Z`: the tensor is on meta, but the kernel runs on the CPU interpreter" in message
    assert "x.cpu()" in message


def test_jax_cpu_arrays_are_read_and_a_written_one_is_refused(mod: phobos.Module) -> None:
    jnp = pytest.importorskip("jax.numpy")
    rng = np.random.default_rng(5)
    x = jnp.asarray(rng.standard_normal(200).astype(np.float32)).astype(jnp.bfloat16)
    y = jnp.asarray(rng.standard_normal(200).astype(np.float32))
    z = np.zeros(200, np.float32)
    mod.axpy[2](x, y, z, 3.0)
    np.testing.assert_allclose(z, np.asarray(x).astype(np.float64) * 3 + np.asarray(y), rtol=1e-6)
    message = error(lambda: mod.axpy[2](x, y, jnp.zeros(200), 3.0))
    assert "argument `Z`: the kernel writes this tensor, but JAX arrays are immutable" in message
