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
from phobos.backends.cuda.write.kernel import generate
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
    exp2 = phobos.compile(SOURCE).f_exp2.variants[0]
    assert "ph::exp2_approx(" in generate(exp2, replace(usual(exp2), fast_math=True)).source.split("namespace ph")[-1]
    assert "exp2f(" in generate(exp2, usual(exp2)).source
    assert "flush_to_zero" in module_text(lower_kernel(exp2, replace(usual(exp2), fast_math=True)))
    assert "flush_to_zero" not in module_text(lower_kernel(exp2))


def test_math_mode_is_an_option_of_both_spellings_and_checked():
    assert phobos.compile(SOURCE, math_mode="fast").f_exp.options["math_mode"] == "fast"
    with pytest.raises(PhobosError, match="math_mode= takes 'relaxed' or 'fast', not 'quick'"):
        phobos.compile(SOURCE, math_mode="quick")
    @ph.kernel(math_mode="fast")
    def twice(X: ph.tensor[ph.f32][N]):  # noqa: F821
        X[0] = X[0] * 2.0

    assert twice.options == {"math_mode": "fast"}


MULTIPLY_ADD = """
kernel multiply_add(A: tensor<f32>[N], B: tensor<f32>[N], C: tensor<f32>[N], Y: tensor<f32>[N]) {
  let i = ctx.block.x * 256
  Y[i :+ 256] = A[i :+ 256] * B[i :+ 256] - C[i :+ 256]
}
"""


def test_only_fast_math_lets_nvrtc_fuse_a_multiply_and_an_add():
    from phobos.backends.cuda.runtime.compile import key_of, options

    v = phobos.compile(MULTIPLY_ADD).multiply_add.variants[0]
    relaxed, fast = generate(v, usual(v)), generate(v, replace(usual(v), fast_math=True))
    assert not relaxed.fused and "--fmad=false" in options(relaxed.fused)
    assert fast.fused and "--fmad=true" in options(fast.fused)
    assert key_of(relaxed, "sm_90") != key_of(replace(relaxed, fused=True), "sm_90")  # one source built two ways


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


@gpu
def test_a_multiply_and_add_round_as_the_interpreter_only_in_relaxed_math():
    """a * b - c with a = b = 1 + 2^-12, c = 1: the product rounded alone (relaxed, and the
    interpreter) gives 2^-11; one fused multiply-add, which fast math allows, 2^-11 + 2^-24."""
    import torch

    n = 256
    a = torch.full((n,), 1 + 2.0**-12, dtype=torch.float32, device="cuda")
    one = torch.ones(n, dtype=torch.float32, device="cuda")
    results = {}
    for mode in ("relaxed", "fast"):
        y = torch.empty(n, dtype=torch.float32, device="cuda")
        phobos.compile(MULTIPLY_ADD, math_mode=mode).multiply_add[1](a, a, one, y)
        results[mode] = set(y.cpu().double().tolist())
    assert results["relaxed"] == {2.0**-11}
    assert results["fast"] <= {2.0**-11, 2.0**-11 + 2.0**-24}


# ------------------------------------------------------------ a GEMM epilogue's divisions

DIVIDE = """
@autotune(TM in [128], TN in [256], TK in [64])
kernel divide(A: tensor<bf16>[M, K], B: tensor<bf16>[K, N], X: tensor<f32>[M, N], D: tensor<f32>[M, N],
              C: tensor<f32>[M, N]) {
  let m0 = ctx.block.y * TM
  let n0 = ctx.block.x * TN
  var acc: tile<f32>[TM, TN] = 0.0
  for k in range(0, K, TK) {
    acc += dot(A[m0 :+ TM, k :+ TK], B[k :+ TK, n0 :+ TN])
  }
  C[m0 :+ TM, n0 :+ TN] = (acc + X[m0 :+ TM, n0 :+ TN]) / D[m0 :+ TM, n0 :+ TN]
}
"""


def test_a_gemm_epilogue_divides_quickly_and_again_with_slash_where_it_must():
    from phobos.backends.cuda.gemm.gemm_launch import gemm_of, generate_gemm
    from phobos.backends.cuda.gemm.gemm_plan import GemmMode

    for mode, division in (("relaxed", "ph::div_quick("), ("fast", "__fdividef(")):
        variant = phobos.compile(DIVIDE, math_mode=mode).kernels["divide"].variants[0]
        spec = replace(usual(variant), fast_math=mode == "fast")
        form, plan = gemm_of(variant)
        source = generate_gemm(variant, spec, form, plan, GemmMode(True, plan.c is not None)).source
        stores = [line for line in source.splitlines() if "D_[" in line]
        quick = [line for line in stores if division in line]
        again = [line for line in stores if ") / D_[" in line]
        assert quick and len(again) == (len(quick) if mode == "relaxed" else 0)
        assert ("if (!exact) {" in source) == (mode == "relaxed")


def _bits(rng: np.random.Generator, shape: tuple[int, int], which: str) -> np.ndarray:
    """f32 values: in div_quick's range (magnitudes in [2^-60, 2^61), every mantissa and
    sign), any bit pattern at all (NaN, inf, 0 and subnormals among them), or the first
    with one value in a thousand of the second; or SiLU's operands (`silu` and its
    divisor `silu 1 + exp`: a product's sizes, and 1 + exp(-x) up to inf)."""
    if which.startswith("silu"):
        x = (rng.standard_normal(shape) * 64).astype(np.float32)
        with np.errstate(over="ignore"):
            return np.float32(1) + np.exp(-x) if which.endswith("exp") else x
    exponent = rng.integers(127 - 60, 127 + 61, shape, dtype=np.uint32)
    inside = (rng.integers(0, 2, shape, dtype=np.uint32) << 31 | exponent << 23
              | rng.integers(0, 1 << 23, shape, dtype=np.uint32))
    anything = rng.integers(0, 1 << 32, shape, dtype=np.uint32)
    bits = {"inside": inside, "anything": anything,
            "mixed": np.where(rng.random(shape) < 1e-3, anything, inside)}[which]
    return bits.view(np.float32)


@gpu
@pytest.mark.parametrize("lowering", ["wgmma", "mma"])
def test_a_gemm_epilogues_divisions_are_slashs_to_the_bit(lowering: str, monkeypatch: pytest.MonkeyPatch):
    import torch

    if lowering == "mma":
        monkeypatch.setenv("PHOBOS_CUDA_WGMMA", "mma")
    divide = phobos.compile(DIVIDE).kernels["divide"]
    m, n, k = 1001, 1000, 64  # a ragged last row of tiles
    rng = np.random.default_rng()
    a = torch.zeros((m, k), dtype=torch.bfloat16, device="cuda")
    b = torch.zeros((k, n), dtype=torch.bfloat16, device="cuda")
    for which in ("inside", "anything", "mixed", "silu"):
        seed = int(rng.integers(1 << 32))
        x = _bits(np.random.default_rng(seed), (m, n), which)
        d = _bits(np.random.default_rng(seed), (m, n), "silu 1 + exp") if which == "silu" \
            else _bits(rng, (m, n), which)
        c = torch.empty((m, n), dtype=torch.float32, device="cuda")
        divide[(-(-n // 256), -(-m // 128))](a, b, torch.from_numpy(x).cuda(), torch.from_numpy(d).cuda(), c)
        with np.errstate(all="ignore"):
            want = (np.float32(0) + x) / d
        got = c.cpu().numpy()
        same = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
        wrong = np.argwhere(~same)
        assert not len(wrong), (which, [(x[i, j], d[i, j], got[i, j], want[i, j]) for i, j in wrong[:5]])
