"""Defs the front end refuses, each at the line marked `# refused`.

They carry no @ph.kernel or @ph.fn, so that the module imports: the tests translate
each one and check where the error points.
"""

# Kernel bodies are read, never run by Python: dimensions are names Python never
# binds, and a declared value need not be used by Python.
# ruff: noqa: F821, F841, F842, B007, E731

from __future__ import annotations

import functools
import math
from math import exp

import phobos.lang as ph

THREADS = 128


@ph.fn
def helper(x):
    return x


def power(X: ph.tensor[ph.f32][N]):
    X[0] = X[1] ** 2.0  # refused


def matmul(X: ph.tensor[ph.f32][N]):
    a: ph.var = X[0:+4]
    t: ph.var = a @ a  # refused


def list_comprehension(X: ph.tensor[ph.f32][N]):
    x: ph.let = [i for i in range(4)]  # refused


def set_comprehension(X: ph.tensor[ph.f32][N]):
    x: ph.let = {i for i in range(4)}  # refused


def dict_comprehension(X: ph.tensor[ph.f32][N]):
    x: ph.let = {i: i for i in range(4)}  # refused


def generator(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.sum(i for i in range(4))  # refused


def lambda_(X: ph.tensor[ph.f32][N]):
    f: ph.let = lambda v: v  # refused


def with_(X: ph.tensor[ph.f32][N]):
    with X:  # refused
        pass


def try_(X: ph.tensor[ph.f32][N]):
    try:  # refused
        X[0] = 1.0
    finally:
        pass


def string(X: ph.tensor[ph.f32][N]):
    X[0] = "one"  # refused


def fstring(X: ph.tensor[ph.f32][N]):
    X[0] = f"{N}"  # refused


def bytes_(X: ph.tensor[ph.f32][N]):
    X[0] = b"1"  # refused


def none(X: ph.tensor[ph.f32][N]):
    X[0] = None  # refused


def default_argument(X: ph.tensor[ph.f32][N], n: ph.i32 = 4):  # refused
    X[0] = 1.0


def star_args(X: ph.tensor[ph.f32][N], *rest):  # refused
    X[0] = 1.0


def star_star_kwargs(X: ph.tensor[ph.f32][N], **options):  # refused
    X[0] = 1.0


def keyword_only(X: ph.tensor[ph.f32][N], *, n: ph.i32):  # refused
    X[0] = 1.0


def positional_only(X: ph.tensor[ph.f32][N], /):  # refused
    X[0] = 1.0


def tuple_(X: ph.tensor[ph.f32][N]):
    x: ph.let = (1, 2)  # refused


def list_(X: ph.tensor[ph.f32][N]):
    x: ph.let = [1, 2]  # refused


def dict_(X: ph.tensor[ph.f32][N]):
    x: ph.let = {1: 2}  # refused


def set_(X: ph.tensor[ph.f32][N]):
    x: ph.let = {1, 2}  # refused


def starred(X: ph.tensor[ph.f32][N]):
    X[0] = ph.max(*X)  # refused


def is_(X: ph.tensor[ph.f32][N], n: ph.i32):
    if n is X:  # refused
        pass


def is_not(X: ph.tensor[ph.f32][N], n: ph.i32):
    if n is not X:  # refused
        pass


def in_(X: ph.tensor[ph.f32][N], n: ph.i32):
    if n in X:  # refused
        pass


def not_in(X: ph.tensor[ph.f32][N], n: ph.i32):
    if n not in X:  # refused
        pass


def conditional(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = 1.0 if n > 0 else 2.0  # refused


def walrus(X: ph.tensor[ph.f32][N], n: ph.i32):
    if (m := n) > 0:  # refused
        pass


def global_(X: ph.tensor[ph.f32][N]):
    global THREADS  # refused


def make_nonlocal():
    v = 1

    def nonlocal_(X: ph.tensor[ph.f32][N]):
        nonlocal v  # refused

    return nonlocal_


def del_(X: ph.tensor[ph.f32][N]):
    x: ph.var = 1
    del x  # refused


def assert_(X: ph.tensor[ph.f32][N], n: ph.i32):
    assert n > 0, n  # refused


def import_(X: ph.tensor[ph.f32][N]):
    import os  # refused  # noqa: F401


def class_(X: ph.tensor[ph.f32][N]):
    class Inner:  # refused
        pass


def nested_def(X: ph.tensor[ph.f32][N]):
    def inner(y):  # refused
        return y


async def async_(X: ph.tensor[ph.f32][N]):  # refused
    X[0] = 1.0


def yield_(X: ph.tensor[ph.f32][N]):
    yield 1  # refused


def raise_(X: ph.tensor[ph.f32][N]):
    raise ValueError  # refused


def print_(X: ph.tensor[ph.f32][N], n: ph.i32):
    print(n, end="")  # refused


def print_fstring(X: ph.tensor[ph.f32][N], n: ph.i32):
    print(f"n = {n}")  # refused


def chained_assignment(X: ph.tensor[ph.f32][N]):
    a: ph.var = 0
    b: ph.var = 0
    a = b = 1  # refused


def tuple_assignment(X: ph.tensor[ph.f32][N]):
    a: ph.var = 0
    b: ph.var = 0
    a, b = 1, 2  # refused


def attribute(X: ph.tensor[ph.f32][N]):
    x: ph.let = X.shape  # refused


def other_module(X: ph.tensor[ph.f32][N]):
    X[0] = math.exp(1.0)  # refused


def imported_function(X: ph.tensor[ph.f32][N]):
    X[0] = exp(1.0)  # refused


def python_min(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = min(n, 2)  # refused


def python_abs(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = abs(n)  # refused


def python_float(X: ph.tensor[ph.f32][N], n: ph.i32):
    X[0] = float(n)  # refused


def return_value(X: ph.tensor[ph.f32][N]):
    return 1  # refused


def fn_mixed_body(x):
    y: ph.let = x
    return y  # refused


def fn_returns(t):
    t = t + 1.0
    if t > 0.0:
        return  # refused


def fn_reads_caller(x):
    return x * W  # refused


def fn_typed(x: ph.f32):  # refused
    return x


def no_annotation(X):  # refused
    X[0] = 1.0


def python_type(X: ph.tensor[ph.f32][N], n: int):  # refused
    X[0] = 1.0


def tile_parameter(X: ph.tensor[ph.f32][N], t: ph.tile[ph.f32][4, 4]):  # refused
    X[0] = 1.0


def undeclared(X: ph.tensor[ph.f32][N]):
    total = 0.0  # refused


def out_of_scope(X: ph.tensor[ph.f32][N], n: ph.i32):
    if n > 0:
        y: ph.var = 1
    y = 2  # refused


def dimension_assigned(X: ph.tensor[ph.f32][N]):
    N = 4  # refused


def let_without_value(X: ph.tensor[ph.f32][N]):
    x: ph.let  # refused


def other_annotation(X: ph.tensor[ph.f32][N]):
    x: ph.f32 = 1.0  # refused


def slice_step(X: ph.tensor[ph.f32][N]):
    X[0:4:2] = 1.0  # refused


def for_else(X: ph.tensor[ph.f32][N]):
    for i in range(4):
        X[i] = 1.0
    else:  # refused
        pass


def while_else(X: ph.tensor[ph.f32][N]):
    k: ph.var = 0
    while k < 4:
        k += 1
    else:  # refused
        pass


def unary_plus(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = +n  # refused


def span_without_start(X: ph.tensor[ph.f32][N]):
    a: ph.var = X[:+4]  # refused


def parenthesized_plus(X: ph.tensor[ph.f32][N]):
    a: ph.var = X[0:(+4)]  # refused


def bad_keyword(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.sum(X[0], foo=1)  # refused


def keyword_on_exp(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.exp(X[0], over=ph.ctx.lane)  # refused


def precision_not_a_string(X: ph.tensor[ph.f32][N, N]):
    x: ph.let = ph.dot(X[0:+8, 0:+8], X[0:+8, 0:+8], precision=tf32)  # refused


def precision_unknown(X: ph.tensor[ph.f32][N, N]):
    x: ph.let = ph.dot(X[0:+8, 0:+8], X[0:+8, 0:+8], precision="fp8")  # refused


def bad_ctx_field(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.ctx.block.w  # refused


def ctx_alone(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.ctx  # refused


def missing_builtin(X: ph.tensor[ph.f32][N]):
    X[0] = ph.nothing(1.0)  # refused


def triton_name(X: ph.tensor[ph.f32][N]):
    i: ph.let = ph.program_id(0)  # refused
    X[i] = 1.0


def keyword_name(X: ph.tensor[ph.f32][N]):
    true: ph.let = 1  # refused


def non_ascii_name(X: ph.tensor[ph.f32][N]):
    é: ph.let = 1  # refused


def unicode_column(X: ph.tensor[ph.f32][N]):
    X[0] = ph.f32(ä ** 2)  # refused  # noqa: F821


@functools.cache  # refused
def foreign_decorator(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.launch(THREADS)  # refused
def launch_name(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.launch(256, 2)  # refused
def launch_two(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.autotune(TILE=(32, 64))  # refused
def autotune_tuple(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.autotune  # refused
def autotune_bare(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.tensorcore()  # refused
def tensorcore_called(X: ph.tensor[ph.f32][N]):
    X[0] = 1.0


@ph.fn  # refused
def fn_as_kernel(x):
    return x


def bool_conversion(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = ph.bool(n)  # refused


def call_local(X: ph.tensor[ph.f32][N], n: ph.i32):
    x: ph.let = n(1)  # refused


def double_index(X: ph.tensor[ph.f32][N, N]):
    X[0][1] = 1.0  # refused


def python_global(X: ph.tensor[ph.f32][N]):
    x: ph.let = THREADS  # refused


def return_type(X: ph.tensor[ph.f32][N]) -> int:  # refused
    X[0] = 1.0


def unused_value(X: ph.tensor[ph.f32][N], n: ph.i32):
    n + 1  # refused  # noqa: B018


def for_over_tensor(X: ph.tensor[ph.f32][N]):
    for x in X:  # refused
        pass


def for_two_names(X: ph.tensor[ph.f32][N]):
    for i, j in range(4):  # refused
        pass


def range_four(X: ph.tensor[ph.f32][N]):
    for i in range(0, 8, 2, 1):  # refused
        pass


def unroll_alone(X: ph.tensor[ph.f32][N]):
    for i in ph.unroll(4):  # refused
        pass


def power_update(X: ph.tensor[ph.f32][N]):
    x: ph.var = 2.0
    x **= 2  # refused


def matmul_update(X: ph.tensor[ph.f32][N]):
    a: ph.var = X[0:+4]
    a @= a  # refused


def tile_as_value(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph.tile[ph.f32][4]  # refused


def fn_as_value(X: ph.tensor[ph.f32][N]):
    x: ph.let = helper  # refused


def fn_keyword(X: ph.tensor[ph.f32][N]):
    X[0] = helper(x=1.0)  # refused


def module_as_value(X: ph.tensor[ph.f32][N]):
    x: ph.let = ph  # refused


def huge_float(X: ph.tensor[ph.f32][N]):
    X[0] = 1e999  # refused


def make_indented():
    def indented(X: ph.tensor[ph.f32][N]):
        if N > 0:
            X[0] = X[1] if N > 1 else 0.0  # refused

    return indented
