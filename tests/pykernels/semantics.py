"""Kernels whose Python reading and Phobos meaning differ, run by
tests/test_python_semantics.py (the table in docs/python.md).

Each kernel is launched on the interpreter with scalar arguments, so the value it
stores is computed at run time, not folded by the compiler; a few also store the same
expression written with literals alone, which the compiler folds. Kernels marked
`# refused` translate (so this module imports) and are refused by the checker at their
first launch, at the marked line. The undecorated defs at the end are refused by the
front end itself; the tests translate them one by one.
"""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821, F841, B007, B018, E711

from __future__ import annotations

import phobos.lang as ph


@ph.kernel(interpret=True)
@ph.launch(32)
def floor_division(Out: ph.tensor[ph.i64][4], a: ph.i64, b: ph.i64):
    Out[0] = a // b
    Out[1] = -7 // 2


@ph.kernel(interpret=True)
@ph.launch(32)
def remainder(Out: ph.tensor[ph.i64][4], F: ph.tensor[ph.f32][4], a: ph.i64, b: ph.i64, x: ph.f32, y: ph.f32):
    Out[0] = a % b
    Out[1] = -7 % 3
    Out[2] = b % -a
    F[0] = x % y


@ph.kernel(interpret=True)
@ph.launch(32)
def float_literal(Out: ph.tensor[ph.f64][4]):
    third: ph.let = 1.0 / 3.0
    Out[0] = ph.f64(third)
    tenth: ph.let = 0.1
    fifth: ph.let = 0.2
    Out[1] = ph.f64(tenth + fifth)
    Out[2] = ph.where(tenth + fifth == 0.3, 1.0, 0.0)


@ph.kernel(interpret=True)
@ph.launch(32)
def f64_literals(Out: ph.tensor[ph.f64][8], F: ph.tensor[ph.f32][4]):
    Out[0] = 0.1 + 0.2
    Out[1] = 1.0 / 3.0
    d: ph.let[ph.f64] = 0.1
    Out[2] = d
    Out[3] = ph.f64(0.1)
    Out[4] = ph.f64(1.0 / 3.0)
    Out[5] = ph.f64(1e300)
    Out[6] = ph.f64(0.1 + 0.2)
    F[0] = 1.00000005960464477539062500000001  # just above the midpoint of 1 and the next f32


@ph.kernel(interpret=True)
def f32_literal_out_of_range(Out: ph.tensor[ph.f64][4]):
    Out[0] = 1e300  # refused: out of f32 range


@ph.kernel(interpret=True)
def f32_literal_rounds_to_zero(Out: ph.tensor[ph.f64][4]):
    Out[0] = 2.0 * 1e-300  # refused: rounds to zero in f32


@ph.kernel(interpret=True)
def f16_literal_out_of_range(Out: ph.tensor[ph.f16][4], h: ph.f16):
    Out[0] = h * 70000  # refused: out of f16 range


@ph.kernel(interpret=True)
@ph.launch(32)
def wrap_negation(Out: ph.tensor[ph.i64][4]):
    Out[0] = -(-9223372036854775807 - 1)
    Out[1] = 0 - (-9223372036854775807 - 1)


@ph.kernel(interpret=True)
@ph.launch(32)
def wrap_i64(Out: ph.tensor[ph.i64][4], a: ph.i64):
    Out[0] = a + 1
    Out[1] = 9223372036854775807 + 1


@ph.kernel(interpret=True)
@ph.launch(32)
def wrap_i32(Out: ph.tensor[ph.i64][4], a: ph.i32, b: ph.i32):
    Out[0] = a + 1
    Out[1] = b * b
    Out[2] = -(a + 1)


@ph.kernel(interpret=True)
@ph.launch(32)
def both_sides(C: ph.tensor[ph.i32][4], Out: ph.tensor[ph.bool][4], a: ph.i32):
    if ph.ctx.thread == 0:
        Out[0] = a > 0 or ph.atomic_add(C[0], 1) > 0
        Out[1] = a < 0 and ph.atomic_add(C[1], 1) > 0


@ph.kernel(interpret=True)
def or_of_numbers(Out: ph.tensor[ph.i64][4], a: ph.i64):
    Out[0] = a or 5  # refused: `||` needs bools


@ph.kernel(interpret=True)
@ph.launch(32)
def chained_comparison(Out: ph.tensor[ph.bool][4], C: ph.tensor[ph.i32][4], a: ph.i32, b: ph.i32, c: ph.i32):
    Out[0] = a < b < c
    if ph.ctx.thread == 0:
        Out[1] = 0 < ph.atomic_add(C[0], 1) < 10


@ph.kernel(interpret=True)
def true_division_of_integers(Out: ph.tensor[ph.i64][4], a: ph.i64, b: ph.i64):
    Out[0] = a / b  # refused: `/` of two integers


@ph.kernel(interpret=True)
def floor_division_of_floats(Out: ph.tensor[ph.f32][4], x: ph.f32, y: ph.f32):
    Out[0] = x // y  # refused: `//` needs integers


@ph.kernel(interpret=True)
def bool_arithmetic(Out: ph.tensor[ph.i64][4]):
    Out[0] = True + 1  # refused: no bool arithmetic


@ph.kernel(interpret=True)
def truthiness(Out: ph.tensor[ph.i64][4], n: ph.i64):
    if n:  # refused: a condition must be a bool
        Out[0] = 1


@ph.kernel(interpret=True)
@ph.launch(32)
def division_by_zero(Out: ph.tensor[ph.i64][4], F: ph.tensor[ph.f32][4], a: ph.i64, z: ph.i64, x: ph.f32, y: ph.f32):
    Out[0] = a // z
    Out[1] = a % z
    F[0] = x / y


@ph.kernel(interpret=True)
@ph.launch(32)
def float_to_int(Out: ph.tensor[ph.i64][4], big: ph.f32, nan: ph.f32, neg: ph.f32):
    Out[0] = ph.i32(big)
    Out[1] = ph.i32(nan)
    Out[2] = ph.i32(neg)


@ph.kernel(interpret=True)
@ph.launch(32)
def shift_count(Out: ph.tensor[ph.i64][4], a: ph.i64, s: ph.i64, b: ph.i32):
    Out[0] = a << s
    Out[1] = 1 << 64
    Out[2] = b << 33


@ph.kernel(interpret=True)
@ph.launch(32)
def min_with_nan(F: ph.tensor[ph.f32][4], x: ph.f32, y: ph.f32):
    F[0] = ph.min(x, y)
    F[1] = ph.max(x, y)


@ph.kernel(interpret=True)
@ph.launch(32)
def negative_index(X: ph.tensor[ph.f32][8], Out: ph.tensor[ph.f32][1], W: ph.tensor[ph.f32][12]):
    Out[0] = X[-1]
    X[-1] = 5.0
    W[:] = X[-4:]


@ph.kernel(interpret=True)
@ph.launch(32)
def negative_step(Out: ph.tensor[ph.i64][4], s: ph.i64):
    turns: ph.var = 0
    for i in range(10, 0, s):
        turns += 1
    Out[0] = turns


@ph.kernel(interpret=True)
def loop_variable_after_loop(Out: ph.tensor[ph.i64][4]):
    for i in range(4):
        Out[i] = i
    Out[0] = i  # refused: `i` is not visible after its loop


@ph.kernel(interpret=True)
def declared_in_a_branch(Out: ph.tensor[ph.i64][4], n: ph.i64):
    if n > 0:
        x: ph.var = 1
    else:
        x: ph.var = 2
    Out[0] = x  # refused: `x` is not visible after its block


# ---------------------------------------------------------------- refused by the front end


def assignment_declares(Out: ph.tensor[ph.i64][4]):
    total = 0  # refused: assignment to undeclared name


def conditional_expression(Out: ph.tensor[ph.i64][4], n: ph.i64):
    Out[0] = 1 if n > 0 else 2  # refused: write ph.where


def power(Out: ph.tensor[ph.f32][4], x: ph.f32):
    Out[0] = x**2  # refused: `**`
