"""Functions, inlined at every call: expression and statement fns."""

from __future__ import annotations

import pytest
from corpus import cases
from corpus.harness import BACKENDS, assert_same_ir, check

AREA = "functions"


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("case", "spelling"), cases.params(AREA), ids=cases.ids(AREA))
def test_corpus(case, spelling, backend):
    check(case, spelling, backend)


@pytest.mark.parametrize("case", cases.both(AREA), ids=cases.short)
def test_both_spellings_are_one_program(case):
    assert_same_ir(case)


# ---------------------------------------------------------------- free names in nested fns

NESTED = """
fn inner(v) {
  BODY
}

fn outer(T) {
  inner(acc)
}

kernel k(X: tensor<f32>[N], Y: tensor<f32>[N]) {
  var acc = X[ctx.thread]
  outer(ARG)
  Y[ctx.thread] = acc
}
"""


@pytest.mark.parametrize(("body", "why"), [
    ("v = v + T[0]", "only a tensor, tile or view name can be indexed"),
    ("T = v", "only a variable, a tile or an element can be assigned"),
])
def test_a_free_name_standing_for_an_argument_value_where_a_name_is_needed(body: str, why: str):
    """`T` is free in `inner`, so it means `outer`'s parameter, here passed 2.0: a
    located error, with the calls it is inlined at, not an internal one."""
    import phobos

    with pytest.raises(phobos.PhobosError) as info:
        phobos.compile(NESTED.replace("BODY", body).replace("ARG", "2.0"), path="t.phobos")
    err = info.value
    assert "`T` here is an enclosing fn's parameter, passed a value, not a name" in err.message
    assert why in err.message and err.line == 3
    assert [n.split(",")[0] for n in err.notes] == ["in fn `inner`", "in fn `outer`"]


def test_a_free_name_standing_for_an_argument_name_reads_and_writes_it():
    import numpy as np

    import phobos

    source = NESTED.replace("BODY", "v = v + T[1]\n  T[ctx.thread + 128] = v").replace("ARG", "X")
    m = phobos.compile(source, path="t.phobos", interpret=True)
    x, y = np.arange(256, dtype=np.float32), np.zeros(256, np.float32)
    want = x[:128] + x[1]
    m.k[1](x, y)
    assert (y[:128] == want).all() and (x[128:] == want).all()
