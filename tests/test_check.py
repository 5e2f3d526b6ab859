"""The checker: names, fn inlining, shapes, dims, uniformity, attributes.

Each rule has a positive case and, where the seeds say "is an error", a negative case
that pins the message and the line it points at.
"""

from __future__ import annotations

import importlib

import pytest

import phobos
from phobos.ir import nodes as ir
from tests.corpus.seed_examples import SEED_EXAMPLES


def compile_ok(src: str) -> phobos.Module:
    return phobos.compile(src, path="t.phobos")


def compile_err(src: str, line: int, message: str) -> phobos.PhobosError:
    with pytest.raises(phobos.PhobosError) as info:
        phobos.compile(src, path="t.phobos")
    err = info.value
    assert message in err.message, err.message
    assert (err.path, err.line) == ("t.phobos", line), str(err)
    assert err.column is not None and err.column >= 1
    return err


# ---------------------------------------------------------------- names


def test_names_resolve_through_nested_blocks():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n"
        "  let a = 1\n  for i in range(0, 4) {\n    if i < a { X[i] = f32(a) }\n  }\n}"
    )


def test_unknown_name():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  X[0] = missing\n}", 2, "unknown name `missing`")


def test_function_name_used_as_value():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let e = exp\n}", 2, "call it as `exp(...)`")


def test_redeclaration_is_refused():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let a = 1\n  let a = 2\n}", 3, "already declared")


def test_hiding_an_outer_name_is_refused():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  let a = 1\n  if true {\n    var a = 2\n  }\n}",
        4,
        "already declared",
    )


def test_sibling_scopes_may_reuse_a_name():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n"
        "  for i in range(0, 2) { X[i] = 1.0 }\n  for i in range(0, 2) { X[i] = 2.0 }\n}"
    )


def test_let_cannot_be_assigned():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let a = 1\n  a = 2\n}", 3, "declare it with `var`")


def test_loop_variable_cannot_be_assigned():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  for i in range(0, 4) {\n    i = 2\n  }\n}",
        3,
        "loop variable",
    )


def test_unknown_function():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  X[0] = frob(1.0)\n}", 2, "unknown function `frob`")


def test_duplicate_definitions():
    compile_err("fn f(x) = x\nfn f(y) = y\n", 2, "defined twice")


def test_builtin_cannot_be_redefined():
    compile_err("fn exp(x) = x\n", 1, "built-in")


# ---------------------------------------------------------------- tensors, dims


def test_tensor_named_alone_is_refused():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let x = X\n}", 2, "named alone")


def test_tensor_named_alone_in_an_expression():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  X[0] = X + 1.0\n}", 2, "named alone")


def test_runtime_dims_are_index_values():
    m = compile_ok("kernel k(A: tensor<f32>[M, K], B: tensor<f32>[K, N]) {\n  let n = M + K + N\n}")
    (v,) = m.k.variants
    assert v.runtime_dims == ("M", "K", "N")
    decl = v.body[0]
    assert isinstance(decl, ir.Decl) and str(decl.sym.vtype) == "i64"


def test_autotune_dims_are_constants_per_variant():
    m = compile_ok(
        "@autotune(T in [4, 8])\n"
        "kernel k(X: tensor<f32>[M, T]) {\n  var x = X[ctx.block.x :+ 2, :]\n  X[ctx.block.x :+ 2, :] = x\n}"
    )
    assert [v.bindings for v in m.k.variants] == [{"T": 4}, {"T": 8}]
    assert [v.params[0].dims for v in m.k.variants] == [("M", 4), ("M", 8)]
    assert [v.body[0].sym.vtype.shape for v in m.k.variants] == [(2, 4), (2, 8)]


def test_subscript_rank_must_match():
    compile_err("kernel k(X: tensor<f32>[M, N]) {\n  X[0] = 1.0\n}", 2, "has 2 dim(s)")


def test_full_range_over_a_runtime_dim_is_refused():
    compile_err("kernel k(X: tensor<f32>[M, N]) {\n  var x = X[0 :+ 4, :]\n}", 2, "known only at launch")


def test_range_with_constant_length():
    m = compile_ok(
        "kernel k(X: tensor<f32>[M]) {\n  let r = ctx.block.x * 32\n  var x = X[r : r + 32]\n  X[r :+ 32] = x\n}"
    )
    assert m.k.variants[0].body[1].sym.vtype.shape == (32,)


def test_range_with_runtime_length_is_refused():
    compile_err(
        "kernel k(X: tensor<f32>[M]) {\n  var x = X[ctx.block.x : M]\n}", 2, "known at compile time"
    )


def test_a_range_whose_length_wraps_in_i64_is_refused():
    """e - s folds in i64 (spec, literals): a length past i64's range is named, not taken
    as the unbounded difference."""
    compile_err("kernel k(X: tensor<i64>[N]) {\n  X[-9223372036854775807 - 1 : 9223372036854775807] = 1\n}", 2,
                "this range's length, 18446744073709551615, does not fit i64 (it wraps to -1)")
    compile_err("kernel k(X: tensor<f32>[N]) {\n  X[5 : 5] = 1.0\n}", 2, "this range is empty (length 0)")


def test_span_length_must_be_constant():
    compile_err("kernel k(X: tensor<f32>[M], n: i32) {\n  var x = X[0 :+ n]\n}", 2, "compile time")


def test_tile_dims_must_be_constant():
    compile_err("kernel k(X: tensor<f32>[M]) {\n  var t: tile<f32>[M]\n}", 2, "compile time")


def test_tile_parameter_is_refused():
    compile_err("kernel k(\n  T: tile<f32>[4]) {\n}", 2, "tiles live in shared memory")


def test_dim_clashing_with_a_parameter():
    compile_err("kernel k(N: i32, X: tensor<f32>[N]) {\n}", 1, "name of a param")


# ---------------------------------------------------------------- shapes


def test_broadcasting_follows_numpy():
    m = compile_ok(
        "kernel k(X: tensor<f32>[M, 64], S: tensor<f32>[M, 1], B: tensor<f32>[1, 64]) {\n"
        "  var x = X[0 :+ 8, :]\n  var s = S[0 :+ 8, :]\n  var b = B[0, :]\n"
        "  X[0 :+ 8, :] = x * s + b\n}"
    )
    store = m.k.variants[0].body[-1]
    assert isinstance(store, ir.Store) and store.value.type.shape == (8, 64)


def test_shapes_that_do_not_broadcast():
    compile_err(
        "kernel k(X: tensor<f32>[M, 64]) {\n  var a = X[0 :+ 8, :]\n  var b = X[0 :+ 4, 0 :+ 4]\n"
        "  X[0 :+ 8, :] = a + b\n}",
        4,
        "do not broadcast",
    )


def test_store_shape_must_match():
    compile_err(
        "kernel k(X: tensor<f32>[M, 64]) {\n  var a = X[0 :+ 8, :]\n  X[0 :+ 4, :] = a\n}",
        3,
        "holds [4, 64]",
    )


def test_index_drops_a_dimension():
    m = compile_ok("kernel k(X: tensor<f32>[M, 64]) {\n  var row = X[ctx.block.x, :]\n}")
    assert m.k.variants[0].body[0].sym.vtype.shape == (64,)


def test_dot_shapes_and_types():
    m = compile_ok(
        "kernel k(A: tensor<f16>[M, K], B: tensor<f16>[K, N], C: tensor<f32>[M, N]) {\n"
        "  var acc: tile<f32>[16, 32] = 0.0\n"
        "  for kk in range(0, K, 8) {\n"
        "    acc += dot(A[0 :+ 16, kk :+ 8], B[kk :+ 8, 0 :+ 32])\n  }\n"
        "  C[0 :+ 16, 0 :+ 32] = acc\n}"
    )
    loop = m.k.variants[0].body[1]
    assert isinstance(loop, ir.For)
    dot = loop.body[0].value.right
    assert isinstance(dot, ir.Dot) and dot.tensorcore and str(dot.type) == "tile<f32>[16, 32]"


def test_i8_dot_keeps_its_operands_i8_and_is_a_tensor_core_gemm():
    m = compile_ok(
        "@tensorcore\nkernel k(A: tensor<i8>[M, K], B: tensor<i8>[K, N], C: tensor<i32>[M, N]) {\n"
        "  var acc: tile<i32>[16, 32] = 0\n"
        "  for kk in range(0, K, 32) {\n"
        "    acc += dot(A[0 :+ 16, kk :+ 32], B[kk :+ 32, 0 :+ 32])\n  }\n"
        "  C[0 :+ 16, 0 :+ 32] = acc\n}"
    )
    dot = m.k.variants[0].body[1].body[0].value.right
    assert isinstance(dot, ir.Dot) and dot.tensorcore and str(dot.type) == "tile<i32>[16, 32]"
    assert (dot.left.type.dtype.name, dot.right.type.dtype.name) == ("i8", "i8")


def test_dot_inner_dims_must_agree():
    compile_err(
        "kernel k(A: tensor<f32>[M, K]) {\n  let d = dot(A[0 :+ 4, 0 :+ 8], A[0 :+ 4, 0 :+ 8])\n}",
        2,
        "inner dims differ",
    )


@pytest.mark.parametrize(("dt", "message"), [
    ("u8", "dot on u8: unsigned types are storage only; convert first, as in i32(t)"),
    ("u32", "dot on u32: unsigned types are storage only"),
    ("bool", "dot needs numbers, not bool and bool"),
])
def test_dot_of_storage_types_says_what_to_convert(dt: str, message: str):
    compile_err(f"kernel k(A: tensor<{dt}>[M, K]) {{\n  let d = dot(A[0 :+ 4, 0 :+ 4], A[0 :+ 4, 0 :+ 4])\n}}",
                2, message)


TF32_DOT = ("kernel k(A: tensor<DT>[M, K], B: tensor<DT>[K, N], C: tensor<f32>[M, N]) {\n"
            "  C[0 :+ 16, 0 :+ 16] = dot<precision P>(A[0 :+ 16, 0 :+ 8], B[0 :+ 8, 0 :+ 16])\n}")


def test_a_tf32_dot_rounds_each_f32_operand_and_keeps_an_f32_product():
    dot = compile_ok(TF32_DOT.replace("DT", "f32").replace("P", "tf32")).k.variants[0].body[0].value
    assert isinstance(dot, ir.Dot) and dot.precision == "tf32" and str(dot.type) == "tile<f32>[16, 16]"
    assert all(isinstance(x, ir.Math) and x.fn == ir.ROUND_TF32 for x in (dot.left, dot.right))
    ieee = compile_ok(TF32_DOT.replace("DT", "f32").replace("P", "ieee")).k.variants[0].body[0].value
    assert ieee.precision == "ieee" and isinstance(ieee.left, ir.Load)


@pytest.mark.parametrize(("dt", "precision", "message"), [
    ("bf16", "tf32", "precision tf32 rounds f32 operands; these are bf16"),
    ("f64", "tf32", "precision tf32 rounds f32 operands; these are f64"),
    ("f32", "fp8", "`precision` takes ieee or tf32"),
    ("f32", "2", "`precision` takes ieee or tf32"),
])
def test_a_dot_precision_other_than_the_operands_take_is_refused(dt: str, precision: str, message: str):
    compile_err(TF32_DOT.replace("DT", dt).replace("P", precision), 2, message)


def test_tensorcore_refuses_a_tf32_dot_until_one_runs_on_tensor_cores():
    text = "@tensorcore\n" + TF32_DOT.replace("DT", "f32").replace("P", "tf32")
    compile_err(text, 3, "@tensorcore takes no dot<precision tf32> yet")


def test_tensorcore_demands_a_dot():
    compile_err(
        "@tensorcore\nkernel k(A: tensor<f32>[M, K]) {\n  A[0 :+ 4, 0 :+ 4] = 1.0\n}",
        1,
        "@tensorcore needs a `dot` of f16, bf16 or i8 operands (into f32 or i32)",
    )


def test_an_unrolled_loop_is_never_a_gemm_loop_but_its_dot_runs_on_tensor_cores():
    """GEMM recognition (the GEMM kernel's lowering) leaves an unrolled loop alone, its
    turns being written out one by one; the `dot` in it still runs on tensor cores, so
    @tensorcore takes it."""
    text = (
        "@tensorcore\nkernel k(A: tensor<f16>[M, K], C: tensor<f32>[M, M]) {\n"
        "  var acc: tile<f32>[16, 16] = 0.0\n"
        "  for<unroll 2> kk in range(0, K, 16) {\n"
        "    acc += dot(A[0 :+ 16, kk :+ 16], transpose(A[0 :+ 16, kk :+ 16]))\n  }\n"
        "  C[0 :+ 16, 0 :+ 16] = acc\n}"
    )
    dots = [n for s in ir.walk_stmts(compile_ok(text).k.variants[0].body) for e in ir.stmt_exprs(s)
            for n in ir.walk_expr(e) if isinstance(n, ir.Dot)]
    assert len(dots) == 1 and not dots[0].tensorcore
    err = compile_err(text.replace("f16", "f32"), 5, "@tensorcore: no tensor core runs this `dot`: f32 operands")
    assert "t.phobos:1:1: @tensorcore demands tensor cores for every `dot`" in err.notes[0]


def test_reductions_keep_the_reduced_axis():
    m = compile_ok(
        "kernel k(X: tensor<f32>[M, 64], O: tensor<f32>[M, 1]) {\n"
        "  var x = X[0 :+ 8, :]\n  O[0 :+ 8, :] = rowsum(x) + sum<axis 1>(x) + rowmax(x)\n"
        "  let total = sum(x)\n}"
    )
    body = m.k.variants[0].body
    assert body[1].value.type.shape == (8, 1)
    assert body[2].sym.vtype.shape == () and body[2].sym.uni == ir.Uniformity.UNIFORM


def test_sum_with_an_axis_argument_points_at_the_axis_form():
    """`sum(t, 1)` as Triton's tl.sum(x, 1) or numpy's x.sum(1) would write it: the
    message says how Phobos names the axis, in both spellings."""
    compile_err("kernel k(X: tensor<f32>[M, N], O: tensor<f32>[M, 1]) {\n"
                "  O[0 :+ 8, 0 :+ 1] = sum(X[0 :+ 8, 0 :+ 8], 1)\n}", 2,
                "`sum` takes 1 argument(s), not 2; to reduce along an axis, write sum<axis k>(t) "
                "(Python: ph.sum(t, axis=k))")


def test_sum_of_a_scalar_points_at_the_collective():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let s = sum(X[0])\n}", 2, "over ctx.lane")


# ---------------------------------------------------------------- statements


def test_condition_must_be_bool():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  if N { X[0] = 1.0 }\n}", 2, "must be a bool")


def test_break_outside_loop():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  break\n}", 2, "outside a loop")


def test_scalar_var_needs_a_value():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  var a: f32\n}", 2, "needs an initial value")


def test_uninitialized_tile_is_allowed():
    m = compile_ok("kernel k(X: tensor<f32>[N]) {\n  var t: tile<f32>[4, 4]\n}")
    assert m.k.variants[0].body[0].init is None


def test_assignment_across_kinds_needs_a_conversion():
    compile_err(
        "kernel k(X: tensor<i32>[N]) {\n  X[ctx.thread] = 1.5\n}", 2, "float literal needs a conversion"
    )
    compile_err(
        "kernel k(X: tensor<i32>[N], a: f32) {\n  X[ctx.thread] = a\n}", 2, "convert it, as in i32"
    )


def test_store_rounds_within_a_kind():
    m = compile_ok("kernel k(X: tensor<bf16>[N], a: f32) {\n  X[ctx.thread] = a * 2.0\n}")
    store = m.k.variants[0].body[0]
    assert isinstance(store.value, ir.Cast) and str(store.value.type) == "bf16"


def test_unused_value_is_refused():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  exp(1.0)\n}", 2, "is unused")


def test_loop_step_must_be_positive():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  for i in range(0, N, 0) { }\n}", 2, "must be positive")


def test_unroll_count():
    m = compile_ok(
        "@autotune(U in [2])\nkernel k(X: tensor<f32>[N]) {\n"
        "  for<unroll U> i in range(ctx.thread, N, 128) { X[i] = 0.0 }\n}"
    )
    assert m.k.variants[0].body[0].unroll == 2
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  for<unroll 0> i in range(0, N) { }\n}", 2, "at least 1"
    )


def test_let_view_reads_the_tensor_where_used():
    m = compile_ok(
        "kernel k(X: tensor<f32>[M, 8], Y: tensor<f32>[M, 8]) {\n"
        "  let v = X[ctx.block.x * 4 :+ 4, :]\n  Y[ctx.block.x * 4 :+ 4, :] = v * 2.0\n"
        "  let e = v[1, 2]\n}"
    )
    body = m.k.variants[0].body
    assert isinstance(body[0], ir.Decl) and body[0].sym.name == "v.start0"
    assert isinstance(body[1].value.left, ir.Load)
    assert isinstance(body[2].init, ir.TileIndex)


def test_let_view_is_read_only():
    compile_err(
        "kernel k(X: tensor<f32>[M]) {\n  let v = X[0 :+ 4]\n  v[0] = 1.0\n}", 3, "read-only"
    )


# ---------------------------------------------------------------- functions


def test_expression_fn_is_inlined_with_arguments_substituted():
    m = compile_ok(
        "fn twice(x) = x + x\n"
        "kernel k(X: tensor<f32>[N]) {\n  X[ctx.thread] = twice(X[ctx.thread] * 3.0)\n}"
    )
    value = m.k.variants[0].body[0].value
    assert isinstance(value, ir.Binary) and isinstance(value.left, ir.Binary)


def test_fn_free_names_resolve_at_the_call():
    m = compile_ok(
        "fn scaled(x) = x * W\n"
        "kernel k(X: tensor<f32>[N]) {\n  let W = 2.0\n  X[ctx.thread] = scaled(X[ctx.thread])\n}"
    )
    assert isinstance(m.k.variants[0].body[1].value.right, ir.Read)


def test_fn_locals_never_meet_the_callers():
    m = compile_ok(
        "fn bump(t) {\n  let one = 1.0\n  t = t + one\n}\n"
        "kernel k(X: tensor<f32>[N]) {\n  let one = 5.0\n  var a: f32 = 0.0\n"
        "  bump(a)\n  bump(a)\n  X[ctx.thread] = a + one\n}"
    )
    names = [s.sym.name for s in m.k.variants[0].body if isinstance(s, ir.Decl)]
    assert names[:2] == ["one", "a"] and len(set(names)) == len(names)


def test_statement_fn_parameter_aliases_the_callers_name():
    m = compile_ok(
        "fn scale_in_place(t, s) {\n  t = t * s\n}\n"
        "kernel k(X: tensor<f32>[M, 4]) {\n  var acc = X[0 :+ 4, :]\n"
        "  scale_in_place(acc, 0.5)\n  X[0 :+ 4, :] = acc\n}"
    )
    assign = m.k.variants[0].body[1]
    assert isinstance(assign, ir.Assign) and assign.sym.name == "acc"


def test_place_parameter_must_be_passed_a_name():
    compile_err(
        "fn put(t) {\n  t[0] = 1.0\n}\nkernel k(X: tensor<f32>[N]) {\n  put(X[0 :+ 4])\n}",
        5,
        "must be passed a name",
    )


def test_fn_may_not_return():
    compile_err("fn f(t) {\n  return\n}\n", 2, "may not `return`")


def test_fn_break_outside_its_own_loop():
    compile_err("fn f(t) {\n  break\n}\n", 2, "outside the fn's own loops")


def test_fn_break_inside_its_own_loop_is_fine():
    compile_ok(
        "fn f(t) {\n  for i in range(0, 4) {\n    if i > 2 { break }\n    t = t + 1.0\n  }\n}\n"
        "kernel k(X: tensor<f32>[N]) {\n  var a: f32 = 0.0\n  f(a)\n  X[ctx.thread] = a\n}"
    )


def test_direct_recursion():
    compile_err("fn f(x) = f(x)\n", 1, "recursion")


def test_indirect_recursion():
    compile_err("fn f(x) = g(x)\nfn g(x) = h(x)\nfn h(x) = f(x)\n", 3, "`f` calls `g` calls `h` calls `f`")


def test_fn_arity():
    compile_err("fn f(a, b) = a + b\nkernel k(X: tensor<f32>[N]) {\n  X[0] = f(1.0)\n}", 3, "takes 2")


def test_statement_fn_has_no_value():
    compile_err(
        "fn s(t) {\n  t = t\n}\nkernel k(X: tensor<f32>[N]) {\n  var a: f32 = 0.0\n  X[0] = s(a)\n}",
        6,
        "statement fn",
    )


def test_error_inside_an_inlined_fn_names_the_call():
    err = compile_err(
        "fn bad(x) = x + missing\nkernel k(X: tensor<f32>[N]) {\n  X[0] = bad(1.0)\n}",
        1,
        "unknown name `missing`",
    )
    assert any("inlined at t.phobos:3" in n for n in err.notes)


@pytest.mark.parametrize(
    ("fns", "line", "message"),
    [
        ("fn f(x) = frob(x)", 1, "unknown function `frob`"),
        ("fn g(a, b) = a + b\nfn f(x) = g(x)", 2, "fn `g` takes 2 argument(s), not 1"),
        ("fn s(t) {\n  t = t\n}\nfn f(x) = s(x)", 4, "fn `s` is a statement fn and has no value"),
        ("fn g(x) = x\nfn f(x) {\n  g(x)\n}", 3, "the value of `g` is unused"),
        ("fn z(t) {\n  t[0] = 0.0\n}\nfn f(x) {\n  z(x + 1.0)\n}", 5, "must be passed a name"),
        ("fn f(x) {\n  frob(x)\n}", 2, "unknown function `frob`"),
        ("fn f(x) {\n  if x > 0.0 {\n    let y = x\n  }\n  x = y\n}", 5, "unknown name `y`"),
        ("fn f(x) {\n  x = y\n  var y = 1.0\n}", 2, "unknown name `y`"),
        ("fn f(x) = x + (1 + true)", 1, "`+` does not apply to i64 and bool"),
        ("fn g(x) = x && 1\nfn f(x) = x * g(true)", 1, "`&&` needs bools, not i64"),
        ("fn f(x) {\n  x = exp(1, 2)\n}", 2, "`exp` takes 1 argument(s), not 2"),
        ("fn f(t) {\n  t[0] = 1 / 0\n}", 2, "integer division by zero"),
    ],
)
def test_a_fn_no_kernel_calls_is_checked_for_what_no_call_changes(fns, line, message):
    compile_err(fns + "\nkernel k(X: tensor<f32>[N]) {\n}", line, message)


@pytest.mark.parametrize(
    "fn",
    [
        "fn f(t) {\n  t = t + bias\n}",  # `bias` is whatever the call site has
        "fn f(x) = x + 300",  # the literal fits the caller's type or not
        "fn f(x) = x / (ctx.threads - 128)",  # the kernel's @launch decides
        "fn f() = inf + y",  # a caller may declare `inf`, and `y`
        "fn f(x) = where(x, 1.0, 2)",  # x's type decides
    ],
)
def test_what_depends_on_a_call_is_left_to_the_calls(fn):
    assert compile_ok(fn + "\nkernel k(X: tensor<f32>[N]) {\n}").kernels


def test_a_python_fn_no_kernel_calls_is_checked_with_the_kernel(tmp_path, monkeypatch):
    source = (
        "from __future__ import annotations\n\nimport phobos.lang as ph\n\n\n"
        "@ph.fn\ndef unused(x):\n    return x + (1 + True)\n\n\n"
        "@ph.kernel\ndef k(Y: ph.tensor[ph.f32][4]):\n    Y[0] = 1.0\n"
    )
    (tmp_path / "unused_fn.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    kernel = importlib.import_module("unused_fn").k
    with pytest.raises(phobos.PhobosError) as info:
        kernel.variants  # noqa: B018
    err = info.value
    assert "`+` does not apply to i64 and bool" in err.message
    assert (err.path, err.line) == (str(tmp_path / "unused_fn.py"), 8)


# ---------------------------------------------------------------- uniformity


def _uni(m: phobos.Module, name: str) -> ir.Uniformity:
    for s in m.k.variants[0].body:
        if isinstance(s, ir.Decl) and s.sym.name == name:
            return s.sym.uni
    raise KeyError(name)


def test_uniformity_lattice_of_values():
    m = compile_ok(
        "kernel k(X: tensor<f32>[N], a: f32) {\n"
        "  let u = ctx.block.x + N\n  let w = ctx.warp * 2\n  let v = ctx.thread + 1\n"
        "  let l = ctx.lane\n  let p = a * 2.0\n  let wv = w + v\n}"
    )
    U = ir.Uniformity
    assert [_uni(m, n) for n in ("u", "w", "v", "l", "p", "wv")] == [
        U.UNIFORM, U.WARP, U.VARYING, U.VARYING, U.UNIFORM, U.VARYING,
    ]


def test_var_assigned_under_varying_flow_becomes_varying():
    m = compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  var c = 0\n  if ctx.thread < 3 { c = 1 }\n}"
    )
    assert _uni(m, "c") == ir.Uniformity.VARYING


def test_tile_statement_under_varying_if_names_the_condition():
    err = compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  if ctx.thread < 4 {\n    X[0 :+ 32] = 1.0\n  }\n}",
        3,
        "the condition `ctx.thread < 4` at line 2",
    )
    assert "t.phobos:2" in err.notes[0]


def test_tile_statement_under_varying_loop_names_the_loop():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  for i in range(ctx.thread, 8) {\n    X[0 :+ 32] = 1.0\n  }\n}",
        3,
        "the bounds of the loop over `i` at line 2",
    )


def test_tile_statement_after_varying_return():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  if ctx.thread >= N { return }\n  X[0 :+ 32] = 1.0\n}",
        3,
        "the `return` at line 2",
    )


def test_tile_statement_before_varying_return_is_fine():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  X[0 :+ 32] = 1.0\n  if ctx.thread >= N { return }\n  X[ctx.thread] = 2.0\n}"
    )


def test_varying_break_makes_later_turns_varying():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  for i in range(0, 8) {\n    X[0 :+ 32] = 1.0\n"
        "    if ctx.thread == 3 { break }\n  }\n}",
        3,
        "the `break` at line 4",
    )


def test_a_while_condition_is_tested_again_under_its_own_flow():
    """After the first test, only the threads still in the loop test the condition
    again: a CTA collective in a varying condition would wait for threads that left
    (the H200's differential run, seed 103990, never finished)."""
    compile_err(
        "kernel k(X: tensor<i32>[N]) {\n  var k: i32 = 0\n"
        "  while k < max<over ctx.thread>(X[ctx.thread]) && ctx.lane < 7 {\n    k += 1\n  }\n}",
        3,
        "the condition `k < max<over ctx.thread>(X[ctx.thread]) && ctx.lane < 7` of the `while` at line 3",
    )
    compile_err(
        "kernel k(X: tensor<i32>[N]) {\n"
        "  while sum<over ctx.thread>(X[ctx.thread]) > 0 {\n    if ctx.thread == 3 { break }\n  }\n}",
        2,
        "the `break` at line 3",
    )
    compile_ok(
        "kernel k(X: tensor<i32>[N]) {\n  var k: i32 = 0\n"
        "  while k < sum<over ctx.thread>(X[ctx.thread]) {\n    k += 1\n  }\n  X[ctx.thread] = k\n}"
    )


def test_uniform_if_allows_tile_statements():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  if ctx.block.x < 4 {\n    X[0 :+ 32] = 1.0\n  } else {\n"
        "    X[32 :+ 32] = 2.0\n  }\n}"
    )


def test_varying_scalar_in_a_tile_expression():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  let t = f32(ctx.thread)\n  X[0 :+ 32] = t\n}",
        3,
        "`t` is varying",
    )


def test_varying_window_start():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  var x = X[ctx.thread :+ 4]\n}", 2, "is varying")


def test_tile_element_read_under_varying_flow_is_fine():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  var t = X[0 :+ 128]\n"
        "  if ctx.thread < 5 { X[ctx.thread] = t[ctx.thread] }\n}"
    )


def test_per_thread_store_of_a_tile_reduction():
    compile_ok("kernel k(X: tensor<f32>[N]) {\n  var t = X[0 :+ 128]\n  X[ctx.thread] = sum(t)\n}")


def test_warp_collective_under_warp_uniform_flow():
    compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  var v: f32 = X[ctx.thread]\n"
        "  if ctx.warp < 2 { v = sum<over ctx.lane, width 8>(v) }\n  X[ctx.thread] = v\n}"
    )


def test_warp_collective_under_varying_flow():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  var v: f32 = 1.0\n  if ctx.lane < 3 {\n"
        "    v = shfl<xor 1>(v)\n  }\n}",
        4,
        "the condition `ctx.lane < 3` at line 3",
    )


def test_cta_collective_needs_uniform_flow():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  if ctx.warp < 2 {\n    X[0] = sum<over ctx.thread>(1.0)\n  }\n}",
        3,
        "warp-uniform",
    )


def test_barrier_needs_uniform_flow():
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  if ctx.thread < 2 {\n    barrier()\n  }\n}", 3, "barrier()"
    )


def test_lane_reduce_results():
    m = compile_ok(
        "kernel k(X: tensor<f32>[N]) {\n  let a = sum<over ctx.lane>(X[ctx.thread])\n"
        "  let b = sum<over ctx.lane, width 8>(X[ctx.thread])\n  let c = max<over ctx.thread>(X[ctx.thread])\n}"
    )
    U = ir.Uniformity
    assert [_uni(m, n) for n in "abc"] == [U.WARP, U.VARYING, U.UNIFORM]


def test_collective_arguments():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let a = shfl<xor 32>(1.0)\n}", 2, "from 0 to 31")
    compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  let a = sum<over ctx.lane, width 3>(1.0)\n}", 2, "power of two"
    )
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let a = sum<over ctx.warp>(1.0)\n}", 2, "`over` takes")


# ---------------------------------------------------------------- attributes


def test_launch_threads():
    assert compile_ok("@launch(64)\nkernel k(X: tensor<f32>[N]) {\n}").k.variants[0].threads == 64
    assert compile_ok("kernel k(X: tensor<f32>[N]) {\n}").k.variants[0].threads == 128
    compile_err("@launch(100)\nkernel k(X: tensor<f32>[N]) {\n}", 1, "multiple of 32")


def test_launch_from_an_autotune_name():
    m = compile_ok(
        "@autotune(T in [64, 256])\n@launch(T)\nkernel k(X: tensor<f32>[N]) {\n  X[ctx.thread] = f32(ctx.threads)\n}"
    )
    assert [v.threads for v in m.k.variants] == [64, 256]


def test_aligned_promise():
    m = compile_ok(
        "@autotune(TM in [32])\n@aligned(M = TM, N = 4)\n"
        "kernel k(X: tensor<f32>[M, N]) {\n}"
    )
    assert m.k.variants[0].aligned == {"M": 32, "N": 4}
    compile_err("@aligned(Q = 4)\nkernel k(X: tensor<f32>[M, N]) {\n}", 1, "not a dim")


def test_pipeline_sets_the_stages():
    assert compile_ok("kernel k(X: tensor<f32>[N]) {\n}").k.variants[0].stages is None
    assert compile_ok("@pipeline(off)\nkernel k(X: tensor<f32>[N]) {\n}").k.variants[0].stages == 1
    m = compile_ok("@autotune(S in [2, 4])\n@pipeline(S)\nkernel k(X: tensor<f32>[N]) {\n}")
    assert [v.stages for v in m.k.variants] == [2, 4]
    compile_err("@pipeline(9)\nkernel k(X: tensor<f32>[N]) {\n}", 1, "@pipeline(9): a GEMM loop's loads take 1 to 8")
    compile_err("@pipeline(0)\nkernel k(X: tensor<f32>[N]) {\n}", 1, "1 to 8 stages (1 is off)")


def test_error_in_one_variant_names_it():
    err = compile_err(
        "@autotune(T in [4, 40])\nkernel k(X: tensor<f32>[N]) {\n  var t: tile<f32>[T]\n"
        "  let s = shfl<xor T>(1.0)\n}",
        4,
        "from 0 to 31",
    )
    assert "in the variant T=40" in err.notes


# ---------------------------------------------------------------- shared memory


def test_a_tile_no_target_can_hold_is_refused_at_its_declaration():
    err = compile_err(
        "kernel k(X: tensor<f32>[N]) {\n  var small: tile<f32>[8]\n  var t: tile<f32>[256, 256]\n"
        "  X[0 :+ 8] = t[0, 0 :+ 8] + small\n}",
        3,
        "the tiles of kernel `k` need at least 262144 bytes of shared memory, more than any target gives "
        "a CTA (232448 bytes on sm_90)",
    )
    assert err.notes[0] == "tile `t` (tile<f32>[256, 256], line 3) takes 262144 bytes, too large for registers"
    assert err.notes[1] == "tile `small` (tile<f32>[8], line 2) takes 32 bytes"
    assert "at most 256 bytes a thread (32768 bytes at 128 threads)" in err.notes[2]


def test_tiles_that_fit_one_by_one_but_not_together_are_refused():
    decls = "".join(f"  var t{i}: tile<f32>[128, 160]\n" for i in range(3))  # 81920 bytes each
    err = compile_err(
        f"kernel k(X: tensor<f32>[N]) {{\n{decls}  X[0 :+ 8] = t0[0, 0 :+ 8] + t1[0, 0 :+ 8] + t2[0, 0 :+ 8]\n}}",
        2,
        "need at least 245760 bytes of shared memory",
    )
    assert [n.split(" (")[0] for n in err.notes[:3]] == ["tile `t0`", "tile `t1`", "tile `t2`"]
    compile_ok(f"kernel k(X: tensor<f32>[N]) {{\n{decls[: decls.rindex('  var')]}}}")  # two fit


def test_tiles_registers_could_hold_are_not_counted():
    # 256 KB of f32 at 1024 threads is 64 elements, 256 bytes, a thread: registers could
    # hold it (the CUDA back end does: test_cuda_registers), so no shared memory is needed.
    src = ("@launch(1024)\nkernel k(X: tensor<f32>[M, 256], Y: tensor<f32>[M, 256]) {{\n"
           "  let r = ctx.block.x * 256\n  var t = X[r :+ 256, :]\n  Y[r :+ 256, :] = t * 2.0{}\n}}")
    compile_ok(src.format(""))
    # With another tile as large beside it, registers cannot take both.
    with pytest.raises(phobos.PhobosError, match="need at least 262144 bytes") as info:
        phobos.compile(src.format("\n  var u = X[r :+ 256, :]\n  Y[r :+ 256, :] = u"))
    assert "(32768" not in str(info.value) and "(262144 bytes at 1024 threads)" in str(info.value)


def test_a_tile_too_large_in_one_variant_names_it():
    err = compile_err(
        "@autotune(T in [64, 512])\nkernel k(X: tensor<f32>[N]) {\n  var t: tile<f32>[T, T]\n"
        "  X[0 :+ 8] = t[0, 0 :+ 8]\n}",
        3,
        "need at least 1048576 bytes of shared memory",
    )
    assert "in the variant T=512" in err.notes


def test_a_tile_too_large_is_refused_before_the_interpreter_runs():
    with pytest.raises(phobos.PhobosError, match="need at least 40000000000 bytes of shared memory"):
        phobos.compile("kernel k(X: tensor<f32>[N]) {\n  var t: tile<f32>[100000, 100000] = 1.0\n"
                       "  X[0 :+ 8] = t[0, 0 :+ 8]\n}", interpret=True)


# ---------------------------------------------------------------- the seeds and the ir


@pytest.mark.parametrize("name, source", SEED_EXAMPLES, ids=[n for n, _ in SEED_EXAMPLES])
def test_every_seed_example_checks(name, source):
    module = phobos.compile(source, path=f"{name}.phobos")
    for kernel in module.kernels.values():
        assert kernel.variants and kernel.ir.startswith(f"kernel {kernel.name}")


def test_seed_python_module_checks():
    from tests.pykernels import row_means

    kernel = row_means.row_means
    assert [v.bindings for v in kernel.variants] == [{"ROWS": 4, "COLS": 64}, {"ROWS": 16, "COLS": 64}]
    assert kernel.variants[0].aligned == {"M": 4, "N": 64}


def test_ir_text_shows_every_value_with_its_type_and_uniformity():
    m = compile_ok(SEED_EXAMPLES[0][1])
    assert m.scale_rows.ir == (
        "kernel scale_rows threads=256\n"
        "  param X: tensor<f32>[M, 64]\n"
        "  param S: tensor<f32>[M, 1]\n"
        "  param Y: tensor<f32>[M, 64]\n"
        "  dims M\n"
        "  let r: i64 uniform = (ctx.block.x * 32)\n"
        "  var x: tile<f32>[32, 64] uniform = X[r :+ 32, 0 :+ 64]\n"
        "  var s: tile<f32>[32, 1] uniform = S[r :+ 32, 0 :+ 1]\n"
        "  store Y[r :+ 32, 0 :+ 64] = (x * s)  : tile<f32>[32, 64] uniform\n"
    )


def test_every_ir_value_carries_dtype_shape_and_uniformity():
    m = compile_ok(
        "kernel k(X: tensor<f32>[N], Y: tensor<i32>[N]) {\n"
        "  var v: f32 = X[ctx.thread]\n  if ctx.warp == 0 { v = sum<over ctx.lane>(v) }\n"
        "  Y[ctx.thread] = i32(v) + 1\n}"
    )
    seen = 0
    stack = list(m.k.variants[0].body)
    while stack:
        stmt = stack.pop()
        for e in ir.stmt_exprs(stmt):
            for node in ir.walk_expr(e):
                assert isinstance(node.type, ir.VType) and isinstance(node.uni, ir.Uniformity)
                seen += 1
        stack.extend(getattr(stmt, "body", []) + getattr(stmt, "orelse", []))
    assert seen > 8


def test_dot_of_mixed_types_is_not_a_tensor_core_gemm():
    compile_err(
        "@tensorcore\nkernel k(A: tensor<f16>[M, K], B: tensor<f32>[K, N], C: tensor<f32>[M, N]) {\n"
        "  var acc: tile<f32>[16, 16] = 0.0\n"
        "  for kk in range(0, K, 16) {\n    acc += dot(A[0 :+ 16, kk :+ 16], B[kk :+ 16, 0 :+ 16])\n  }\n"
        "  C[0 :+ 16, 0 :+ 16] = acc\n}",
        5,
        "its operands have two types (f16 and f32)",
    )


GEMM_MISS = (
    "@tensorcore\nkernel k(A: tensor<DT>[M, K], B: tensor<DT>[K, N], C: tensor<ACC>[M, N]) {\n"
    "  var acc: tile<ACC>[TM, TN] = 0\n"
    "  for kk in range(0, K, TK) {\n    WRAPacc += dot(A[0 :+ TM, kk :+ TK], B[kk :+ TK, 0 :+ TN])END\n  }\n"
    "  C[0 :+ TM, 0 :+ TN] = acc\n}"
)
GEMM_VALUES = {"DT": "f16", "ACC": "f32", "TM": "16", "TN": "32", "TK": "16", "WRAP": "", "END": ""}


def gemm_miss(fill: dict[str, str]) -> str:
    source = GEMM_MISS
    for key, value in (GEMM_VALUES | fill).items():
        source = source.replace(key, value)
    return source


def dots_of(source: str) -> list[ir.Dot]:
    kernel = phobos.compile(source.replace("@tensorcore\n", "")).k.variants[0]
    return [n for s in ir.walk_stmts(kernel.body) for e in ir.stmt_exprs(s) for n in ir.walk_expr(e)
            if isinstance(n, ir.Dot)]


@pytest.mark.parametrize(("fill", "why"), [
    ({"DT": "f32", "ACC": "f32"}, "f32 operands have no tensor-core product: f16 or bf16 into f32, i8 into i32"),
    ({"DT": "f64", "ACC": "f64"}, "f64 operands have no tensor-core product"),
    ({"DT": "i32", "ACC": "i32"}, "i32 operands have no tensor-core product"),
])
def test_tensorcore_says_why_a_dot_has_no_tensor_core_product(fill: dict[str, str], why: str):
    """@tensorcore demands tensor cores for every `dot`: a located error at one whose
    operand types have none, saying why."""
    compile_err(gemm_miss(fill), 5, why)
    assert not any(d.tensorcore for d in dots_of(gemm_miss(fill)))


@pytest.mark.parametrize("fill", [
    {"DT": "bf16", "ACC": "f64"},  # the product is f32 on tensor cores, then widened
    {"TM": "8"},  # the general lowering's atoms mask the rows past 8
    {"DT": "i8", "ACC": "i32", "TK": "8"},
    {"WRAP": "if kk > 0 { ", "END": " }"},
])
def test_tensorcore_takes_dots_that_are_no_gemm_loop(fill: dict[str, str]):
    """A `dot` with tensor-core operands runs on them wherever it stands (the general
    lowering's mma.sync), so @tensorcore takes it, though it is no GEMM loop (no dot
    marked for the GEMM kernel's lowering)."""
    assert phobos.compile(gemm_miss(fill)).k.variants[0].tensorcore
    assert not any(d.tensorcore for d in dots_of(gemm_miss(fill)))


def test_tensorcore_checks_every_dot_of_the_kernel():
    """Attention's two products, neither an `acc += dot`: the first is refused where its
    operands are f32."""
    text = (
        "@tensorcore\nkernel k(Q: tensor<DT>[S, 64], K: tensor<DT>[S, 64], V: tensor<bf16>[S, 64], "
        "O: tensor<f32>[S, 64]) {\n"
        "  let s = dot(Q[0 :+ 16, :], transpose(K[0 :+ 64, :]))\n"
        "  O[0 :+ 16, :] = dot(bf16(softmax(s)), V[0 :+ 64, :])\n}"
    )
    compile_ok(text.replace("DT", "bf16"))
    compile_err(text.replace("DT", "f32"), 3, "@tensorcore: no tensor core runs this `dot`: f32 operands")


def test_uniformity_errors_name_a_fns_loop_as_written():
    err = compile_err(
        "fn fill(X) {\n  for i in range(ctx.thread, 4) {\n    X[0 :+ 4] = 1.0\n  }\n}\n"
        "kernel k(X: tensor<f32>[N]) {\n  fill(X)\n}",
        3,
        "the loop over `i` at line 2",
    )
    assert "#" not in err.message


def test_fn_may_not_redeclare_a_parameter():
    compile_err("fn f(x) {\n  let y = x\n  let x = 2\n}\n", 3, "the name of one of its parameters")


def test_ctx_cannot_be_declared():
    compile_err("kernel k(X: tensor<f32>[N]) {\n  let ctx = 1\n}", 2, "execution context")


def test_autotune_dim_must_be_positive():
    compile_err("@autotune(T in [0])\nkernel k(X: tensor<f32>[T]) {\n}", 2, "at least 1")


def test_a_converted_operand_of_the_other_operands_type_is_one_type():
    """`dot(bf16(a), B[...])` multiplies two bf16 tiles: the conversion is the user's,
    so the GEMM loop takes tensor cores; only operands of two types as written are
    refused as such."""
    source = (
        "@tensorcore\nkernel k(A: tensor<f32>[M, K], B: tensor<bf16>[K, N], C: tensor<f32>[M, N]) {\n"
        "  var acc: tile<f32>[16, 16] = 0.0\n"
        "  for kk in range(0, K, 16) {\n    acc += dot(bf16(A[0 :+ 16, kk :+ 16]), B[kk :+ 16, 0 :+ 16])\n  }\n"
        "  C[0 :+ 16, 0 :+ 16] = acc\n}"
    )
    kernel = phobos.compile(source).k.variants[0]
    dots = [n for s in ir.walk_stmts(kernel.body) for e in ir.stmt_exprs(s) for n in ir.walk_expr(e)
            if isinstance(n, ir.Dot)]
    assert [(d.tensorcore, d.written) for d in dots] == [(True, None)]
    compile_err(source.replace("bf16(A[0 :+ 16, kk :+ 16])", "A[0 :+ 16, kk :+ 16]"), 5,
                "its operands have two types (f32 and bf16)")
