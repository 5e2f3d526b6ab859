"""Whether each element of a tile is present, at the extents a reader of the page types.

A tile declared from a window of a tensor (`var x = X[r :+ 32, 0 :+ C]`, or a cast
or arithmetic of one window) has an element (i, j) present exactly where the window's
position lies inside the tensor: 0 <= start + i < extent for each window item, and
0 <= index < extent for each index item (docs/spec.md, "The absent-element rule").
The starts are expressions of the block index, the dims and the scalar parameters,
which this module writes as JavaScript for the page to evaluate; a tile made any
other way, or a start of anything else, has no such record and the page says so.
"""

from __future__ import annotations

from typing import Any

from phobos.ir import nodes as ir

# Phobos's integer operators as JavaScript on numbers (indices fit 2^53 on a page):
# `/` truncates toward zero, `%` keeps the dividend's sign, as in Phobos.
_BINARY = {"+": "({a} + {b})", "-": "({a} - {b})", "*": "({a} * {b})", "/": "Math.trunc({a} / {b})",
           "%": "({a} % {b})"}


class _Untranslatable(Exception):
    """A start the page cannot compute from the values a reader types."""


def tile_windows(kernel: ir.Kernel) -> dict[ir.Sym, dict[str, Any]]:
    """For each tile declared from one tensor window: the tensor, its dims and the
    window's items as JavaScript, and the names a reader must give."""
    lets: dict[ir.Sym, ir.Expr] = {}
    out: dict[ir.Sym, dict[str, Any]] = {}
    for s in ir.walk_stmts(kernel.body):
        if not isinstance(s, ir.Decl) or s.init is None:
            continue
        if not s.sym.vtype.shape:
            if s.sym.kind == "let":
                lets[s.sym] = s.init
            continue
        load = _only_window(s.init)
        if load is None:
            continue
        tensor = next(p for p in kernel.params if isinstance(p, ir.TensorParam) and p.name == load.tensor)
        names: set[str] = set()
        try:
            items = [{"index": _js(it.index, lets, names)} if isinstance(it, ir.At)
                     else {"start": _js(it.start, lets, names), "length": it.length} for it in load.items]
        except _Untranslatable:
            continue
        names |= {d for d in tensor.dims if isinstance(d, str)}
        out[s.sym] = {"tensor": tensor.name, "dims": list(tensor.dims), "items": items, "inputs": sorted(names)}
    return out


def _only_window(e: ir.Expr) -> ir.Load | None:
    """The one tensor window a tile value is made of, elementwise, if it is."""
    loads = [n for n in ir.walk_expr(e) if isinstance(n, ir.Load)]
    elementwise = all(isinstance(n, ir.Load | ir.Const | ir.Unary | ir.Binary | ir.Cast | ir.Math | ir.Select)
                      or not n.type.shape for n in ir.walk_expr(e))
    if len(loads) != 1 or not elementwise or loads[0].type.shape != e.type.shape:
        return None
    return loads[0]


def _js(e: ir.Expr, lets: dict[ir.Sym, ir.Expr], names: set[str]) -> str:
    match e:
        case ir.Const(value=v) if isinstance(v, int) and not isinstance(v, bool):
            return str(v)
        case ir.CtxRef(field_name=f) if f.startswith(("block.", "grid.")):
            names.add(f)
            return f"v[{f!r}]"
        case ir.DimRef(name=n) | ir.ParamRef(name=n) if e.type.dtype.is_int:
            names.add(n)
            return f"v[{n!r}]"
        case ir.Read(sym=sym) if sym in lets:
            return _js(lets[sym], lets, names)
        case ir.Cast(operand=x) if x.type.dtype.is_int:
            return _js(x, lets, names)
        case ir.Binary(op=op, left=a, right=b) if op in _BINARY:
            return _BINARY[op].format(a=_js(a, lets, names), b=_js(b, lets, names))
        case ir.Math(fn=fn, args=(a, b)) if fn in ("min", "max"):
            return f"Math.{fn}({_js(a, lets, names)}, {_js(b, lets, names)})"
    raise _Untranslatable
