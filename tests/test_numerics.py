"""Integer and float semantics, checked exactly."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

AREA = "numerics"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- small exact programs
# The first three pin the interpreter's own numerics (no warnings; erf and f32 math
# accuracy); division is the language's and runs on every back end.

SEMANTICS = """
kernel noisy(X: tensor<f32>[8], I: tensor<i32>[8], F: tensor<f32>[8], J: tensor<i32>[8]) {
  let t = ctx.thread % 8
  F[t] = X[t] / X[(t + 1) % 8] - X[t] * 1e38
  J[t] = i32(X[t] * 1e30) + I[t] * I[t] / I[(t + 3) % 8] + (I[t] << 40)
}

kernel erf64(X: tensor<f64>[N], Y: tensor<f64>[N]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  Y[i] = erf(X[i])
}

kernel math32(X: tensor<f32>[N], Y: tensor<f32>[8, N]) {
  let i = ctx.block.x * ctx.threads + ctx.thread
  let x = X[i]
  Y[0, i] = exp(x)
  Y[1, i] = log(abs(x))
  Y[2, i] = sin(x)
  Y[3, i] = tanh(x)
  Y[4, i] = sqrt(abs(x))
  Y[5, i] = rsqrt(abs(x))
  Y[6, i] = exp2(x)
  Y[7, i] = erf(x)
}

kernel seed_examples(Y: tensor<i64>[4], a: i64, b: i64) {
  Y[0] = a / b
  Y[1] = a % b
  Y[2] = -a / b
  Y[3] = -a % b
}
"""


def test_no_numpy_warning_reaches_the_user():
    x = np.array([0, 1, -1, np.inf, np.nan, 3e38, -3e38, 1e-45], np.float32)
    i = np.array([0, 2**31 - 1, -(2**31), 7, -1, 0, 3, 5], np.int32)
    f, j = np.zeros(8, np.float32), np.zeros(8, np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        run_text(SEMANTICS, "noisy", 1, X=x, I=i, F=f, J=j)


def test_f64_erf_is_within_one_ulp():
    rng = np.random.default_rng(3)
    x = np.concatenate([rng.uniform(-7, 7, 4000), rng.standard_normal(4000) * 1e-3, [0.0, -0.0]])
    x = x[: x.size // 4 * 4]
    y = np.zeros_like(x)
    run_text(SEMANTICS, "erf64", (x.size + 127) // 128, X=x, Y=y)
    want = np.array([math.erf(v) for v in x])  # libm's erf, itself within one ulp
    assert (np.abs(y - want) <= 2 * np.spacing(np.abs(want))).all()
    assert np.signbit(y[x == 0]).tolist() == np.signbit(x[x == 0]).tolist()


def test_f32_math_is_the_f64_result_rounded_once():
    x = np.random.default_rng(4).uniform(-20, 20, 1000).astype(np.float32)
    y = np.zeros((8, x.size), np.float32)
    run_text(SEMANTICS, "math32", 8, X=x, Y=y)
    d, a = x.astype(np.float64), np.abs(x.astype(np.float64))
    erf = np.array([math.erf(v) for v in d])
    want = np.stack([np.exp(d), np.log(a), np.sin(d), np.tanh(d), np.sqrt(a), 1 / np.sqrt(a),
                     np.exp2(d), erf]).astype(np.float32)
    np.testing.assert_array_equal(y, want)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("a", "b", "want"), [
    (7, 2, [3, 1, -3, -1]),
    (7, -2, [-3, 1, 3, -1]),
    (7, 3, [2, 1, -2, -1]),  # seed 001: -7 // 2 is -3 and -7 % 3 is -1
    (7, 0, [0, 7, 0, -7]),
])
def test_division_truncates_and_the_remainder_takes_the_dividends_sign(a, b, want, backend):
    y = np.zeros(4, np.int64)
    run_text(SEMANTICS, "seed_examples", 1, backend, Y=y, a=a, b=b)
    assert y.tolist() == want


ZEROS = """
kernel zeros(A: tensor<f32>[4], B: tensor<f32>[4], E: tensor<f32>[8], R: tensor<f32>[6]) {
  E[0 :+ 4] = max(A[0 :+ 4], B[0 :+ 4])
  E[4 :+ 4] = min(B[0 :+ 4], A[0 :+ 4])
  R[0] = max(A[0 :+ 4])
  R[1] = min(A[0 :+ 4])
  R[2] = max(B[1 :+ 2])
  R[3] = min(A[0 :+ 1])
  R[4 :+ 1] = max<axis 0>(A[2 :+ 2])
  R[5 :+ 1] = min<axis 0>(B[2 :+ 2])
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_max_and_min_order_the_zeros_wherever_they_stand(backend):
    """+0 above -0 (IEEE 754-2019's maximumNumber, the GPU's FMNMX), elementwise and
    reduced, whichever operand comes first; numpy's fmax and fmin give either."""
    a = np.array([0.0, -0.0, 0.0, -0.0], np.float32)
    b = np.array([-0.0, 0.0, -0.0, 0.0], np.float32)
    e, r = np.ones(8, np.float32), np.ones(6, np.float32)
    run_text(ZEROS, "zeros", 1, backend, A=a, B=b, E=e, R=r)
    assert np.signbit(e).tolist() == [False] * 4 + [True] * 4
    assert np.signbit(r).tolist() == [False, True, False, False, False, True]
    assert (e == 0).all() and (r == 0).all()


ATOMIC_ZEROS = """
@launch(32)
kernel atomic_zeros(X: tensor<f32>[4], M: tensor<f32>[2]) {
  let old = atomic_max(M[0], X[ctx.thread % 4])
  let low = atomic_min(M[1], X[ctx.thread % 4])
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_float_atomics_order_the_zeros(backend):
    m = np.array([-0.0, 0.0], np.float32)
    run_text(ATOMIC_ZEROS, "atomic_zeros", 1, backend, X=np.array([-0.0, 0.0, -0.0, -0.0], np.float32), M=m)
    assert np.signbit(m).tolist() == [False, True] and (m == 0).all()


INF_REMAINDER = """
kernel inf_remainder(X: tensor<f32>[4], Y: tensor<f32>[4]) {
  Y[0] = (1.0 / 0.0) % 1.0
  Y[1] = X[0] % 1.0
  Y[2] = 2.5 % (1.0 / 0.0)
  Y[3] = X[1] % 0.0
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_remainder_of_an_infinity_is_nan_folded_or_not(backend):
    # The checker folds the constants; math.fmod(inf, 1.0) raises, so the folder must
    # not call it (found by the fuzz test).
    y = np.zeros(4, np.float32)
    run_text(INF_REMAINDER, "inf_remainder", 1, backend, X=np.array([np.inf, 1.0, 0, 0], np.float32), Y=y)
    assert math.isnan(y[0]) and math.isnan(y[1]) and y[2] == 2.5 and math.isnan(y[3])


LITERALS = """
kernel literals(Y: tensor<f64>[8], F: tensor<f32>[4], I: tensor<i64>[2], x: f64) {
  Y[0] = 0.1 + 0.2
  Y[1] = 1.0 / 3.0
  let d: f64 = 0.1
  Y[2] = d
  Y[3] = x * 0.1
  Y[4] = f64(0.1)
  Y[5] = f64(1.0 / 3.0)
  Y[6] = f64(1e300)
  Y[7] = f64(1e300 * 1e-300)
  F[0] = 1.00000005960464477539062500000001
  F[1] = 1152921573326323713
  F[2] = 1.0 / 0.0
  F[3] = -inf
  I[0] = -(-9223372036854775807 - 1)
  I[1] = 0 - (-9223372036854775807 - 1)
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_float_literal_is_an_f32_and_f64_of_one_folds_in_f64(backend):
    y, f, i = np.zeros(8), np.zeros(4, np.float32), np.zeros(2, np.int64)
    run_text(LITERALS, "literals", 1, backend, Y=y, F=f, I=i, x=3.0)
    tenth = float(np.float32(0.1))
    assert y[0] == float(np.float32(0.1) + np.float32(0.2)) == 0.30000001192092896  # folded in f32
    assert y[1] == float(np.float32(1.0) / np.float32(3.0))
    assert y[2] == tenth  # widened exactly
    assert y[3] == 3.0 * tenth
    assert y[4] == 0.1 and y[5] == 1.0 / 3.0 and y[6] == 1e300  # f64(...): from the decimal values
    assert y[7] == 1e300 * 1e-300
    # Rounded once from the decimal: through the f64 nearest it, the value would tie down to 1.
    assert f[0] == np.nextafter(np.float32(1.0), np.float32(2.0))
    assert f[1] == 2.0**60 + 2.0**37  # 2^60 + 2^36 + 1, rounded once (through f64 it would tie to 2^60)
    assert f[2] == np.inf and f[3] == -np.inf
    assert i.tolist() == [-(2**63), -(2**63)]  # negation wraps as subtraction does
