"""Where Python's reading of a kernel and Phobos's meaning differ (docs/python.md).

Each test launches a kernel of tests/pykernels/semantics.py on the interpreter and
checks the value it stores, beside what Python gives for the same text; or checks
that the construct is refused with a PhobosError at its line of the .py file.
"""

from __future__ import annotations

import inspect
import math

import numpy as np
import pytest
from pykernels import semantics as S

from phobos import PhobosError
from phobos.pyfront import translate_kernel

I64_MAX = 2**63 - 1
I32_MAX = 2**31 - 1


def line_of(needle: str) -> int:
    """The line of semantics.py holding `needle` (a `# refused: ...` comment)."""
    lines = inspect.getsource(S).splitlines()
    return next(i for i, text in enumerate(lines, 1) if needle in text)


def refused_at(err: PhobosError, needle: str, message: str) -> None:
    assert message in err.message, err.message
    assert err.path is not None and err.path.endswith("semantics.py"), err.path
    assert err.line == line_of(needle), str(err)


def launch_refused(kernel, needle: str, message: str, *args) -> None:
    with pytest.raises(PhobosError) as info:
        kernel[1](*args)
    refused_at(info.value, needle, message)


def translation_refused(pyfunc, needle: str, message: str) -> None:
    with pytest.raises(PhobosError) as info:
        translate_kernel(pyfunc)
    refused_at(info.value, needle, message)


def i64s(n: int = 4) -> np.ndarray:
    return np.zeros(n, np.int64)


# ---------------------------------------------------------------- integer division


def test_floor_division_truncates_toward_zero():
    assert -7 // 2 == -4  # Python floors
    out = i64s()
    S.floor_division[1](out, -7, 2)
    assert out[0] == -3  # computed at run time
    assert out[1] == -3  # folded by the compiler


def test_remainder_takes_the_dividends_sign():
    assert (-7 % 3, 7 % -3, -7.0 % 3.0) == (2, -2, 2.0)  # Python: the divisor's sign
    out, fout = i64s(), np.zeros(4, np.float32)
    S.remainder[1](out, fout, -7, 3, -7.0, 3.0)
    assert out[0] == -1
    assert out[1] == -1  # folded by the compiler
    assert fout[0] == -1.0


def test_remainder_of_a_positive_by_a_negative():
    assert 7 % -3 == -2  # Python
    out, fout = i64s(), np.zeros(4, np.float32)
    S.remainder[1](out, fout, 3, 7, 1.0, 1.0)  # b % -a is 7 % -3
    assert out[2] == 1


def test_integer_division_by_zero_gives_zero_and_the_dividend():
    with pytest.raises(ZeroDivisionError):
        _ = 7 // 0  # Python raises
    out, fout = i64s(), np.zeros(4, np.float32)
    S.division_by_zero[1](out, fout, 7, 0, 1.0, 0.0)
    assert out[0] == 0
    assert out[1] == 7


def test_float_division_by_zero_gives_inf():
    with pytest.raises(ZeroDivisionError):
        _ = 1.0 / 0.0  # Python raises
    out, fout = i64s(), np.zeros(4, np.float32)
    S.division_by_zero[1](out, fout, 7, 1, 1.0, 0.0)
    assert fout[0] == np.inf


# ---------------------------------------------------------------- literals and widths


def test_float_literal_is_f32():
    third = 1.0 / 3.0  # Python: an f64
    out = np.zeros(4, np.float64)
    S.float_literal[1](out)
    assert out[0] == float(np.float32(1.0) / np.float32(3.0))
    assert out[0] != third


def test_f32_sum_of_tenth_and_fifth_equals_f32_three_tenths():
    assert 0.1 + 0.2 != 0.3  # Python, in f64
    out = np.zeros(4, np.float64)
    S.float_literal[1](out)
    assert out[1] == float(np.float32(0.1) + np.float32(0.2))
    assert out[2] == 1.0  # in f32, 0.1 + 0.2 == 0.3 holds


def test_a_literal_stored_as_f64_is_its_f32_value_widened():
    assert 0.1 + 0.2 == 0.30000000000000004 and 1.0 / 3.0 == 0.3333333333333333  # Python, in f64
    out = np.zeros(8, np.float64)
    S.f64_literals[1](out, np.zeros(4, np.float32))
    assert out[0] == float(np.float32(0.1) + np.float32(0.2)) == 0.30000001192092896
    assert out[1] == float(np.float32(1.0) / np.float32(3.0)) == 0.3333333432674408
    assert out[2] == float(np.float32(0.1)) == 0.10000000149011612  # d: ph.let[ph.f64] = 0.1


def test_f64_of_a_literal_expression_folds_in_f64():
    out = np.zeros(8, np.float64)
    S.f64_literals[1](out, np.zeros(4, np.float32))
    assert out[3] == 0.1
    assert out[4] == 1.0 / 3.0
    assert out[5] == 1e300
    assert out[6] == 0.1 + 0.2 == 0.30000000000000004


def test_a_float_literal_rounds_once_from_its_decimal_text():
    text = 1.00000005960464477539062500000001
    assert float(np.float32(text)) == 1.0  # Python's f64 lands on the f32 midpoint, which ties to 1
    f = np.zeros(4, np.float32)
    S.f64_literals[1](np.zeros(8, np.float64), f)
    assert f[0] == np.nextafter(np.float32(1.0), np.float32(2.0))


@pytest.mark.parametrize(
    "kernel, needle, message",
    [
        (S.f32_literal_out_of_range, "# refused: out of f32 range", "float literal 1e300 is out of f32 range"),
        (S.f32_literal_rounds_to_zero, "# refused: rounds to zero", "float literal 1e-300 is too small for f32"),
    ],
)
def test_a_float_literal_that_f32_cannot_hold_is_refused(kernel, needle, message):
    launch_refused(kernel, needle, message, np.zeros(4, np.float64))
    launch_refused(kernel, needle, "write f64(", np.zeros(4, np.float64))


def test_an_integer_literal_that_f16_cannot_hold_is_refused():
    launch_refused(S.f16_literal_out_of_range, "# refused: out of f16 range",
                   "integer literal 70000 does not fit in f16", np.zeros(4, np.float16), 1.0)


def test_negating_a_literal_wraps_as_subtraction_does():
    assert -(-9223372036854775807 - 1) == 2**63  # Python integers do not wrap
    out = i64s()
    S.wrap_negation[1](out)
    assert out[0] == out[1] == -(2**63)


def test_i64_arithmetic_wraps():
    assert I64_MAX + 1 == 2**63  # Python integers do not wrap
    out = i64s()
    S.wrap_i64[1](out, I64_MAX)
    assert out[0] == -(2**63)
    assert out[1] == -(2**63)  # folded by the compiler, wrapping too


def test_i32_arithmetic_wraps_at_32_bits():
    out = i64s()
    S.wrap_i32[1](out, I32_MAX, 65536)
    assert out[0] == -(2**31)
    assert out[1] == 0  # 65536 * 65536 = 2**32
    assert out[2] == -(2**31)  # negating the smallest i32 gives itself


def test_shift_count_is_taken_modulo_the_width():
    assert 1 << 64 == 2**64  # Python
    out = i64s()
    S.shift_count[1](out, 1, 64, 1)
    assert out[0] == 1
    assert out[1] == 1
    assert out[2] == 2  # i32: 33 mod 32 = 1


def test_float_to_int_saturates_and_maps_nan_to_zero():
    assert int(1e10) == 10_000_000_000  # Python
    with pytest.raises(ValueError):
        int(math.nan)
    out = i64s()
    S.float_to_int[1](out, 1e10, math.nan, -3.9)
    assert out[0] == I32_MAX
    assert out[1] == 0
    assert out[2] == -3  # truncation toward zero, as Python's int()


def test_min_and_max_ignore_nan():
    assert math.isnan(min(math.nan, 1.0))  # Python's min returns its first argument
    out = np.zeros(4, np.float32)
    S.min_with_nan[1](out, math.nan, 1.0)
    assert out[0] == 1.0
    assert out[1] == 1.0


def test_a_negative_index_is_a_position_before_the_start_not_from_the_end():
    x = np.arange(1, 9, dtype=np.float32)
    assert x[-1] == 8.0 and list(x[-4:]) == [5.0, 6.0, 7.0, 8.0]  # Python counts from the end
    out, window = np.full(1, -1.0, np.float32), np.full(12, -1.0, np.float32)
    S.negative_index[1](x, out, window)
    assert out[0] == 0.0  # position -1 is outside the tensor: absent, read as 0
    assert list(x) == list(range(1, 9))  # the store to position -1 writes nothing
    # X[-4:] is positions -4 to 7: its first four are absent, and a store writes only present elements
    assert list(window) == [-1.0] * 4 + list(range(1, 9))


# ---------------------------------------------------------------- logic and comparisons


def test_and_or_evaluate_both_sides():
    calls = []

    def bump() -> int:
        calls.append(1)
        return 1

    assert (1 > 0 or bump() > 0) and not calls  # Python short-circuits
    counts, out = np.zeros(4, np.int32), np.zeros(4, np.bool_)
    S.both_sides[1](counts, out, 1)
    assert list(counts[:2]) == [1, 1]  # each atomic ran once, under `or` and under `and`
    assert out[0] and not out[1]  # bools, not operands


def test_or_of_numbers_is_refused():
    assert (0 or 5) == 5  # Python gives an operand
    launch_refused(S.or_of_numbers, "# refused: `||` needs bools", "`||` needs bools", i64s(), 0)


def test_chained_comparison_is_a_conjunction():
    out, counts = np.zeros(4, np.bool_), np.zeros(4, np.int32)
    S.chained_comparison[1](out, counts, 1, 3, 2)
    assert out[0] == (1 < 3 < 2)  # False; C's (1 < 3) < 2 would be true
    S.chained_comparison[1](out, counts, 1, 2, 3)
    assert out[0]


def test_chained_comparison_evaluates_the_middle_twice():
    calls = []

    def middle() -> int:
        calls.append(1)
        return 0

    assert 0 <= middle() < 10 and len(calls) == 1  # Python evaluates it once
    out, counts = np.zeros(4, np.bool_), np.zeros(4, np.int32)
    S.chained_comparison[1](out, counts, 1, 2, 3)
    assert counts[0] == 2
    assert not out[1]  # the first atomic returned 0, so `0 < 0` fails


def test_truthiness_is_refused():
    launch_refused(S.truthiness, "# refused: a condition must be a bool", "must be a bool", i64s(), 1)


# ---------------------------------------------------------------- refused arithmetic


def test_true_division_of_integers_is_refused():
    assert 7 / 2 == 3.5  # Python
    launch_refused(
        S.true_division_of_integers,
        "# refused: `/` of two integers",
        "`/` of two integers is refused",
        i64s(),
        7,
        2,
    )


def test_floor_division_of_floats_is_refused():
    assert 7.5 // 2.0 == 3.0  # Python
    launch_refused(
        S.floor_division_of_floats,
        "# refused: `//` needs integers",
        "`//` needs integers",
        np.zeros(4, np.float32),
        7.5,
        2.0,
    )


def test_bool_arithmetic_is_refused():
    assert True + 1 == 2  # Python
    launch_refused(S.bool_arithmetic, "# refused: no bool arithmetic", "bool has no conversion", i64s())


# ---------------------------------------------------------------- loops and names


def test_negative_step_runs_no_iterations():
    assert len(range(10, 0, -1)) == 10  # Python counts down
    out = i64s()
    S.negative_step[1](out, -1)
    assert out[0] == 0


def test_loop_variable_is_gone_after_the_loop():
    launch_refused(S.loop_variable_after_loop, "# refused: `i` is not visible", "unknown name `i`", i64s())


def test_a_name_declared_in_a_branch_is_gone_after_it():
    launch_refused(S.declared_in_a_branch, "# refused: `x` is not visible", "unknown name `x`", i64s(), 1)


def test_assignment_does_not_declare():
    translation_refused(S.assignment_declares, "# refused: assignment to undeclared", "undeclared name `total`")


def test_conditional_expression_is_refused():
    translation_refused(S.conditional_expression, "# refused: write ph.where", "write ph.where(c, a, b)")


def test_power_is_refused():
    translation_refused(S.power, "# refused: `**`", "`**` has no Phobos counterpart")
