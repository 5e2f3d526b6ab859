"""Element types: bf16, f16, i8, the unsigned storage types and bool."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.dtypes import round_bf16
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

from phobos.dtypes import to_bfloat16

AREA = "dtypes"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


PARAMS = """
kernel params(Y: tensor<f32>[4], h: f16, b: bf16, s: i8) {
  Y[0] = f32(h)
  Y[1] = f32(b)
  Y[2] = f32(s)
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_scalar_arguments_take_their_parameter_type(backend):
    y = np.zeros(4, np.float32)
    run_text(PARAMS, "params", 1, backend, Y=y, h=0.1, b=1 + 2**-8 + 2**-30, s=-5)
    assert y[0] == np.float32(np.float16(0.1)) and y[1] == 1 + 2**-7 and y[2] == -5


# ---------------------------------------------------------------- the interpreter's bf16
# ml_dtypes rounds f64 to bf16 through f32, twice; the interpreter rounds once.


def test_f64_to_bf16_rounds_once():
    rng = np.random.default_rng(9)
    # Halfway points of bf16 nudged by less than an f32 ulp either way, and random values.
    mantissa = rng.integers(0, 2**8, 3000) * 2 + 1  # odd multiples of half a bf16 ulp
    scale = 2.0 ** rng.integers(-130, 120, 3000)
    nudge = rng.choice([-1, 1], 3000) * 2.0 ** -rng.integers(30, 52, 3000)
    x = np.concatenate([(1 + mantissa / 2**9 + nudge) * scale, rng.standard_normal(3000) * 1e10])
    x *= rng.choice([-1, 1], x.size)
    got = to_bfloat16(x).astype(np.float64)
    want = np.array([round_bf16(float(v)) for v in x])
    np.testing.assert_array_equal(got, want)
