"""The promotion table and implicit conversions (spec, Types), row by row."""

from __future__ import annotations

import math
import re

import pytest

import phobos
from phobos.check.types import accumulator, assignable, literal_type, promote
from phobos.dtypes import BF16, BOOL, BY_NAME, F16, F32, F64, I8, I32, I64, U8, U16, U32
from phobos.ir import nodes as ir

PROMOTION_ROWS = [
    (F32, F32, F32),
    (F16, F16, F16),
    (BF16, BF16, BF16),
    (F16, BF16, F32),
    (F16, F32, F32),
    (BF16, F32, F32),
    (F32, F64, F64),
    (F16, F64, F64),
    (I8, I8, I32),
    (I8, I32, I32),
    (I32, I32, I32),
    (I32, I64, I64),
    (I8, I64, I64),
    (I32, F32, F32),
    (I64, F16, F16),
    (I8, BF16, BF16),
    (I64, F64, F64),
]


@pytest.mark.parametrize("a, b, want", PROMOTION_ROWS, ids=lambda x: str(x))
def test_promotion_table_row(a, b, want):
    assert promote(a, b) == want
    assert promote(b, a) == want


@pytest.mark.parametrize("a", [U8, U16, U32, BOOL])
@pytest.mark.parametrize("b", [I32, F32, U8])
def test_unsigned_and_bool_take_no_part_in_arithmetic(a, b):
    assert promote(a, b) is None


def test_literal_types():
    assert literal_type("int", I8) == I8
    assert literal_type("int", F16) == F16
    assert literal_type("int", None) == I64
    assert literal_type("float", BF16) == BF16
    assert literal_type("float", I32) == F32
    assert literal_type("float", None) == F32


def test_accumulators():
    assert accumulator(F16) == F32 and accumulator(BF16) == F32 and accumulator(I8) == I32
    assert accumulator(F64) == F64 and accumulator(I64) == I64


def test_assignable_within_kind_only():
    assert assignable(F32, F16) and assignable(I64, I32) and assignable(I32, U8)
    assert not assignable(F32, I32) and not assignable(I32, F32)
    assert not assignable(BOOL, I32) and not assignable(I32, BOOL)


def _expr_type(decls: str, expr: str) -> ir.VType:
    m = phobos.compile(f"kernel k(O: tensor<f32>[N]{decls}) {{\n  let v = {expr}\n}}")
    (variant,) = m.k.variants
    decl = variant.body[-1]
    assert isinstance(decl, ir.Decl)
    return decl.sym.vtype


@pytest.mark.parametrize(
    "decls, expr, want",
    [
        ("", "1", "i64"),
        ("", "1.0", "f32"),
        ("", "1 + 2.5", "f32"),
        (", a: f16", "a * 2.0", "f16"),
        (", a: bf16", "a + 1", "bf16"),
        (", a: i8", "a + 1", "i32"),
        (", a: i32", "a + 1", "i32"),
        (", a: i32", "a * 1.5", "f32"),
        (", a: i32", "a + ctx.thread", "i64"),
        (", a: f16, b: bf16", "a + b", "f32"),
        (", a: f64", "a + 1.0", "f64"),
        (", a: i32", "a < 3", "bool"),
        (", a: u8", "i32(a) >> 4", "i32"),
        ("", "ctx.block.x", "i64"),
        ("", "-inf", "f32"),
    ],
)
def test_expression_types(decls, expr, want):
    assert str(_expr_type(decls, expr)) == want


@pytest.mark.parametrize(
    "decls, expr, message",
    [
        (", a: u8", "a + 1", "unsigned types are storage only"),
        (", a: i8", "a + 300", "literal 300 does not fit in i8"),
        (", a: bool", "a + 1", "bool"),
        (", a: f32", "a << 2", "needs integers"),
        (", a: f32", "a & 1", "needs integers"),
        (", a: i32", "!a", "needs a bool"),
        (", a: f32", "~a", "needs an integer"),
        (", a: i32", "a && true", "needs bools"),
        ("", "7 / 0", "division by zero"),
        (", a: bool", "f32(a)", "no conversion"),
        ("", "1e300", "float literal 1e300 is out of f32 range"),
        ("", "-1e39", "write f64(1e39) for an f64 constant"),
        ("", "1e-50", "float literal 1e-50 is too small for f32: it rounds to zero"),
        (", a: f64", "a * 1e300", "float literal 1e300 is out of f32 range"),
        ("", "f64(1e300) + 1e300", "float literal 1e300 is out of f32 range"),
        ("", "1e38 * 10.0", "this literal expression overflows f32 (its value is 1e+39)"),
        ("", "1e-30 * 1e-30", "this literal expression rounds to zero in f32"),
        ("", "f64(1e300 * 1e300)", "this literal expression overflows f64"),
        ("", "f64(1e-400)", "float literal 1e-400 is too small for any float type"),
        (", a: f16", "a * 70000", "integer literal 70000 does not fit in f16"),
        (", a: f16", "a * 70000.0", "float literal 70000.0 is 70000, out of f16 range"),
        (", a: bf16", "a + 3.4e38", "out of bf16 range"),
    ],
)
def test_type_errors(decls, expr, message):
    with pytest.raises(phobos.PhobosError, match=re.escape(message)) as info:
        _expr_type(decls, expr)
    assert info.value.line == 2


def test_constant_folding_follows_phobos_integer_rules():
    m = phobos.compile(
        "kernel k(O: tensor<i64>[N]) {\n"
        "  let a = -7 / 2\n  let b = -7 % 3\n  let c = 7 % -3\n"
        "  O[0] = a; O[1] = b; O[2] = c\n}"
    )
    values = [s.init.value for s in m.k.variants[0].body if isinstance(s, ir.Decl)]
    assert values == [-3, -1, 1]


def test_negating_a_literal_wraps_as_subtracting_it_from_zero_does():
    m = phobos.compile(
        "kernel k(O: tensor<i64>[N]) {\n"
        "  let a = -(-9223372036854775807 - 1)\n  let b = 0 - (-9223372036854775807 - 1)\n"
        "  O[0] = a; O[1] = b\n}"
    )
    values = [s.init.value for s in m.k.variants[0].body if isinstance(s, ir.Decl)]
    assert values == [-(2**63), -(2**63)]


def test_a_literal_stored_or_declared_as_a_narrow_float_must_fit():
    for text, message in [
        ("H[0] = 70000.0", "float literal 70000.0 is 70000, out of f16 range"),
        ("H[0] = 65536", "integer literal 65536 does not fit in f16"),
        ("let v: f16 = 1e5", "float literal 1e5 is 100000, out of f16 range"),
        ("B[0] = 3.4e38", "out of bf16 range (the largest bf16 is 3.38953139e+38)"),
    ]:
        with pytest.raises(phobos.PhobosError, match=re.escape(message)) as info:
            phobos.compile(f"kernel k(H: tensor<f16>[N], B: tensor<bf16>[N]) {{\n  {text}\n}}")
        assert info.value.line == 2


def test_f64_of_a_literal_takes_its_f64_fold_and_other_uses_its_f32_value():
    m = phobos.compile(
        "kernel k(O: tensor<f64>[N], H: tensor<f16>[N]) {\n"
        "  O[0] = f64(0.1); O[1] = 0.1; O[2] = f64(1.0 / 3.0); O[3] = f64(-(1e300 * 1e-300))\n"
        "  O[4] = f64(1 / 3.0); O[5] = f64(inf); H[0] = 65504.0; H[1] = f16(1e5)\n"
        "  O[6] = 0.1 + 0.2; O[7] = f64(0.1 + 0.2); O[8] = f64(1e38 * 10.0)\n}"
    )
    values = [s.value.value for s in m.k.variants[0].body]
    assert values[:6] == [0.1, 0.10000000149011612, 1.0 / 3.0, -(1e300 * 1e-300), 1.0 / 3.0, math.inf]
    assert values[6] == 65504.0
    assert values[7] == math.inf  # an explicit conversion rounds as at run time
    assert values[8:] == [0.30000001192092896, 0.30000000000000004, 1e39]


def test_every_scalar_type_name_is_a_dtype():
    from phobos.names import SCALAR_TYPES

    assert set(SCALAR_TYPES) == set(BY_NAME)


def test_comparison_of_literals_is_a_bool():
    assert str(_expr_type("", "1 < 2")) == "bool"
    assert str(_expr_type("", "1 < 2.0")) == "bool"


def test_constant_conversions_round_to_the_target_type():
    m = phobos.compile(
        "kernel k(O: tensor<f64>[N], H: tensor<f32>[N]) {\n  O[0] = f64(f32(0.1))\n  H[0] = f32(f16(70000.0))\n}"
    )
    stores = m.k.variants[0].body
    assert stores[0].value.value == 0.10000000149011612
    assert stores[1].value.value == float("inf")


@pytest.mark.parametrize(("text", "message"), [
    ("Q[0 :+ 4] = 2", "a store to `Q` is bool, but an integer literal; nothing converts to bool: compare explicitly"),
    ("Q[0] = -1", "a store to `Q` is bool, but an integer literal"),
    ("Q[0] = 1.5", "a store to `Q` is bool, but a float literal"),
    ("var b: bool = 5\n  Q[0] = b", "`b` is bool, but an integer literal"),
    ("let z: bool = 7 - 7\n  Q[0] = z", "`z` is bool, but an integer literal"),
    ("var t: tile<bool>[4] = 1\n  Q[0 :+ 4] = t", "`t` is bool, but an integer literal"),
    ("var b = true\n  b = 3\n  Q[0] = b", "is bool, but an integer literal"),
    ("Q[0] = I[0]", "a store to `Q` is bool, but the value is i32; nothing converts to bool"),
    ("I[0] = true", "a store to `I` is i32, but the value is bool; bool has no conversion to i32; use where(c, 1, 0)"),
    ("var x: f32 = Q[0]\n  I[0] = i32(x)", "`x` is f32, but the value is bool; bool has no conversion to f32"),
])
def test_nothing_converts_to_or_from_bool_when_stored_or_declared(text: str, message: str):
    """A number stored or declared as a bool, or a bool as a number, is refused at the
    value (spec, Types: bool), never taken as one (an i64 constant in a bool tensor
    broke both GPU back ends)."""
    with pytest.raises(phobos.PhobosError, match=re.escape(message)) as info:
        phobos.compile(f"kernel k(Q: tensor<bool>[N], I: tensor<i32>[N]) {{\n  {text}\n}}")
    assert "bool(" not in str(info.value) and "i32(...)" not in str(info.value)
