"""Element types: bf16, f16, i8, the unsigned storage types and bool."""

from __future__ import annotations

import numpy as np
import pytest
from corpus import cases
from corpus.dtypes import FLOATS, halfway, round_bf16, round_to
from corpus.harness import BACKENDS, assert_same_ir, check, run_text

from phobos.dtypes import BY_NAME, NUMPY, int_to_float, to_bfloat16

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


# ---------------------------------------------------------------- integers to floats
# Each conversion rounds once (spec: Explicit conversions). Through f64 first, an i64
# would round twice on the way to bf16; through f32 first, an i32 would.

SOURCES = {"i8": np.int8, "i32": np.int32, "i64": np.int64, "u8": np.uint8, "u16": np.uint16, "u32": np.uint32}


@pytest.mark.parametrize("target", ["bf16", "f16", "f32", "f64"])
@pytest.mark.parametrize("source", list(SOURCES))
def test_every_integer_rounds_once_to_every_float(source: str, target: str):
    info = np.iinfo(SOURCES[source])
    rng = np.random.default_rng(11)
    values = [v for t, (bits, _) in FLOATS.items() for v in halfway(rng, t, range(bits, 63), 2**63)]
    values += [int(info.min), int(info.max), 0, 1, 65519, 65520, *rng.integers(info.min, info.max, 500, dtype=np.int64)]
    values = [int(v) for v in values if info.min <= v <= info.max]
    with np.errstate(over="ignore"):
        got = int_to_float(np.array(values, SOURCES[source]), NUMPY[BY_NAME[target]]).astype(np.float64)
    np.testing.assert_array_equal(got, [round_to(v, target) for v in values])


CONVERSIONS = """
kernel k(X: tensor<i64>[2], I: tensor<i32>[1], Y: tensor<f64>[12], z: bf16) {
  let x = X[0]
  let big = 4629700416936869889
  Y[0] = f64(bf16(x))
  Y[1] = f64(bf16(4629700416936869889))
  Y[2] = f64(bf16(big))
  Y[3] = f64(x + z)
  Y[4] = f64(big + z)
  Y[5] = f64(max(x, z))
  Y[6] = f64(where(x > 0, x, z))
  Y[7] = f64(bf16(4611686018427387904 + 18014398509481985))
  Y[8] = f64(f32(X[1]))
  Y[9] = f64(f32(4611686293305294849))
  Y[10] = f64(bf16(I[0]))
  Y[11] = f64(I[0] + z)
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_conversion_rounds_once_at_run_time_through_promotion_and_when_folded(backend):
    """The issue's value, 2^62 + 2^54 + 1, is just above the halfway point of 2^62 and
    2^62 + 2^55 in bf16; in f64 it is 2^62 + 2^54, the halfway point itself, which
    ties to 2^62. Likewise 2^62 + 2^38 + 1 for f32, and 2^30 + 2^22 + 1 (an i32) for
    bf16 through f32."""
    x = np.array([2**62 + 2**54 + 1, 2**62 + 2**38 + 1], np.int64)
    y = np.zeros(12)
    run_text(CONVERSIONS, "k", 1, backend, X=x, I=np.array([2**30 + 2**22 + 1], np.int32), Y=y, z=0.0)
    assert y[:8].tolist() == [2.0**62 + 2**55] * 8
    assert y[8:10].tolist() == [2.0**62 + 2**39] * 2
    assert y[10:].tolist() == [2.0**30 + 2**23] * 2
