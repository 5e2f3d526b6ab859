"""math_mode: "relaxed" (the default) and "fast". The code each mode makes, read here;
the error of every f32 math function in each mode, measured on the GPU against f64
numpy and held to the bounds the spec's Numerics states (skipped without a GPU)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

import phobos
import phobos.lang as ph
from phobos import PhobosError
from phobos.backends.cuda.kernel import generate
from phobos.backends.tileir.lower import lower_kernel
from phobos.backends.tileir.printer import module_text
from phobos.ir.specialize import usual
from phobos.runtime.backend import cuda_device

FUNCTIONS = ("exp", "exp2", "log", "log2", "sqrt", "rsqrt", "sin", "cos", "tanh", "erf")

SOURCE = "\n".join(
    f"kernel f_{fn}(X: tensor<f32>[N], Y: tensor<f32>[N]) {{\n"
    f"  let i = ctx.block.x * 256\n  Y[i :+ 256] = {fn}(X[i :+ 256])\n}}\n" for fn in FUNCTIONS
) + """
kernel f_div(X: tensor<f32>[N], D: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.block.x * 256
  Y[i :+ 256] = X[i :+ 256] / D[i :+ 256]
}
"""

# The spec's bounds (Numerics, "math_mode"), in ulp of the exact value, or absolute
# where stated; the inputs each is stated for.
ULP_RELAXED = {"exp": 2, "exp2": 3, "log": 1, "log2": 1, "sqrt": 0, "rsqrt": 2, "sin": 2, "cos": 2,
               "tanh": 2, "erf": 2, "div": 0}
INPUTS = {
    "exp": (-80.0, 80.0), "exp2": (-120.0, 120.0), "log": (1e-30, 1e30), "log2": (1e-30, 1e30),
    "sqrt": (0.0, 1e30), "rsqrt": (1e-30, 1e30), "sin": (-math.pi, math.pi), "cos": (-math.pi, math.pi),
    "tanh": (-10.0, 10.0), "erf": (-4.0, 4.0), "div": (-1e6, 1e6),
}


def fast_bound(fn: str, x: np.ndarray, exact: np.ndarray) -> np.ndarray:
    """The error the spec allows math_mode="fast" at each input, in ulp of the exact value."""
    ulp = np.spacing(np.abs(exact).astype(np.float32)).astype(np.float64)
    if fn == "exp":
        return 3 + np.floor(np.abs(1.173 * x))
    if fn in ("log", "log2"):
        near_one = (x >= 0.5) & (x <= 2)
        return np.where(near_one, 2**-21 / ulp, 4 if fn == "log" else 3)
    if fn in ("sin", "cos"):
        return np.maximum(2**-21 / ulp, 2)
    if fn == "tanh":
        return np.maximum(np.maximum(2**-10.9 * np.abs(exact), 2**-21) / ulp, 2)
    if fn in ("sqrt", "rsqrt", "div"):
        return np.full(x.shape, 2.0)
    return np.full(x.shape, float(ULP_RELAXED[fn]))


# ------------------------------------------------------------ the code each mode makes


def test_fast_math_takes_the_hardware_approximations():
    v = phobos.compile(SOURCE).f_tanh.variants[0]
    relaxed, fast = generate(v, usual(v)).source, generate(v, replace(usual(v), fast_math=True)).source
    assert "tanhf(" in relaxed and "ph::tanh_approx(" not in relaxed.split("namespace ph")[-1]
    assert "ph::tanh_approx(" in fast.split("namespace ph")[-1] and "fast math" in fast
    div = phobos.compile(SOURCE).f_div.variants[0]
    assert "__fdividef(" in generate(div, replace(usual(div), fast_math=True)).source
    assert "__fdividef(" not in generate(div, usual(div)).source
    tile = module_text(lower_kernel(div, replace(usual(div), fast_math=True)))
    assert "divf" in tile and "rounding_mode = approx" in tile
    assert "approx" not in module_text(lower_kernel(div))


def test_math_mode_is_an_option_of_both_spellings_and_checked():
    assert phobos.compile(SOURCE, math_mode="fast").f_exp.options["math_mode"] == "fast"
    with pytest.raises(PhobosError, match="math_mode= takes 'relaxed' or 'fast', not 'quick'"):
        phobos.compile(SOURCE, math_mode="quick")
    @ph.kernel(math_mode="fast")
    def twice(X: ph.tensor[ph.f32][N]):  # noqa: F821
        X[0] = X[0] * 2.0

    assert twice.options == {"math_mode": "fast"}


# ------------------------------------------------------------ the bounds, on the GPU

gpu = pytest.mark.skipif(not cuda_device()[0], reason="needs a visible CUDA device")


def _inputs(fn: str, n: int, rng: np.random.Generator) -> np.ndarray:
    lo, hi = INPUTS[fn]
    if lo > 0:  # over the decades
        return np.exp(rng.uniform(np.log(lo), np.log(hi), n)).astype(np.float32)
    if fn == "sqrt":
        return np.exp(rng.uniform(np.log(1e-30), np.log(hi), n)).astype(np.float32)
    return rng.uniform(lo, hi, n).astype(np.float32)


EXACT = {"exp": np.exp, "exp2": np.exp2, "log": np.log, "log2": np.log2, "sqrt": np.sqrt,
         "rsqrt": lambda x: 1 / np.sqrt(x), "sin": np.sin, "cos": np.cos, "tanh": np.tanh}


def _exact(fn: str, x: np.ndarray, d: np.ndarray | None) -> np.ndarray:
    x64 = x.astype(np.float64)
    if fn == "div":
        return x64 / d.astype(np.float64)
    if fn == "erf":
        return np.vectorize(math.erf)(x64)
    return EXACT[fn](x64)


def measured_errors(mode: str, n: int = 1 << 20) -> dict[str, tuple[float, float]]:
    """Per function: the largest error in ulp of the exact value, and the largest error
    over what the spec allows there (at most 1 holds the bound)."""
    import torch

    m = phobos.compile(SOURCE, math_mode=mode)
    rng = np.random.default_rng(7)
    out = {}
    for fn in (*FUNCTIONS, "div"):
        x = _inputs(fn, n, rng)
        d = rng.uniform(0.5, 2.0, n).astype(np.float32) * rng.choice([-1, 1], n).astype(np.float32) if fn == "div" \
            else None
        y = torch.empty(n, dtype=torch.float32, device="cuda")
        args = [torch.from_numpy(x).cuda()] + ([torch.from_numpy(d).cuda()] if d is not None else []) + [y]
        getattr(m, f"f_{fn}")[n // 256](*args)
        got = y.cpu().numpy().astype(np.float64)
        exact = _exact(fn, x, d)
        ulp = np.spacing(np.abs(exact).astype(np.float32)).astype(np.float64)
        error = np.abs(got - exact) / ulp
        allowed = fast_bound(fn, x.astype(np.float64), exact) if mode == "fast" else ULP_RELAXED[fn]
        out[fn] = (float(error.max()), float((error / np.maximum(allowed, 0.5)).max()))
    return out


@gpu
@pytest.mark.parametrize("mode", ["relaxed", "fast"])
def test_every_function_keeps_its_bound(mode: str):
    errors = measured_errors(mode)
    print(mode, "max ulp", {fn: round(e, 2) for fn, (e, _) in errors.items()})
    print(mode, "max share of the bound", {fn: round(share, 3) for fn, (_, share) in errors.items()})
    broken = {fn: e for fn, (e, share) in errors.items() if share > 1}
    assert not broken, broken
