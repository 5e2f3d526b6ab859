"""Lengths of ranges such as `r : r + 32`, found by treating bounds as linear forms."""

from __future__ import annotations

from phobos.ast import nodes as A

from .scope import Scopes

# A linear form: coefficients of opaque terms, and a constant.
Linear = tuple[dict[object, int], int]


def _linear(e: A.Expr, scopes: Scopes) -> Linear | None:
    match e:
        case A.IntLit(value=v):
            return {}, v
        case A.Name(id=name):
            b = scopes.lookup(name)
            if b is None:
                return None
            if b.kind == "const" and b.const is not None:
                return {}, int(b.const)
            if b.kind == "sym" and b.sym is not None and b.sym.kind == "var":
                return None  # a var may change between the two bounds' reads
            return {id(b): 1}, 0
        case A.Ctx(field=f):
            return {("ctx", f): 1}, 0
        case A.Unary(op="-", operand=x):
            inner = _linear(x, scopes)
            return None if inner is None else _scale(inner, -1)
        case A.Binary(op="+" | "-", left=a, right=b):
            la, lb = _linear(a, scopes), _linear(b, scopes)
            if la is None or lb is None:
                return None
            return _add(la, _scale(lb, 1 if e.op == "+" else -1))
        case A.Binary(op="*", left=a, right=b):
            la, lb = _linear(a, scopes), _linear(b, scopes)
            if la is None or lb is None:
                return None
            if not la[0]:
                return _scale(lb, la[1])
            if not lb[0]:
                return _scale(la, lb[1])
    return None


def _scale(form: Linear, k: int) -> Linear:
    return {t: c * k for t, c in form[0].items()}, form[1] * k


def _add(a: Linear, b: Linear) -> Linear:
    terms = dict(a[0])
    for t, c in b[0].items():
        terms[t] = terms.get(t, 0) + c
    return {t: c for t, c in terms.items() if c}, a[1] + b[1]


def constant_difference(end: A.Expr, start: A.Expr, scopes: Scopes) -> int | None:
    """`end - start` when it is the same number whatever the names hold, else None."""
    le, ls = _linear(end, scopes), _linear(start, scopes)
    if le is None or ls is None:
        return None
    terms, const = _add(le, _scale(ls, -1))
    return None if terms else const
