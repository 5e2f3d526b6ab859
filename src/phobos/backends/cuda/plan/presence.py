"""Which tile values are wholly present, known before any code is written: a tile that
every write leaves whole needs no region at run time (plan/kernel.py)."""

from __future__ import annotations

from phobos.ir import nodes as ir


def always_full(e: ir.Expr, full_syms: set[ir.Sym], tensors: dict[str, ir.TensorParam]) -> bool:
    """Whether the tile value `e` is known at compile time to have every element present."""
    match e:
        case ir.Const() | ir.Iota():
            return True
        case ir.Read(sym=sym):
            return sym in full_syms
        case ir.Load(tensor=name, items=items):
            return _window_inside(items, tensors[name].dims)
        case ir.TileIndex(base=base, items=items):
            return always_full(base, full_syms, tensors) and _window_inside(items, base.type.shape)
        case ir.Reduce() | ir.Dot() | ir.Softmax() | ir.Transpose():
            return all(always_full(c, full_syms, tensors) for c in e.children() if c.type.shape)
        case ir.Unary() | ir.Binary() | ir.Cast() | ir.Math() | ir.Select():
            return all(always_full(c, full_syms, tensors) for c in e.children() if c.type.shape)
    return False


def _window_inside(items: tuple[ir.Item, ...], extents: tuple[int | str, ...]) -> bool:
    for it, n in zip(items, extents, strict=True):
        start = it.index if isinstance(it, ir.At) else it.start
        length = 1 if isinstance(it, ir.At) else it.length
        if not isinstance(start, ir.Const) or not isinstance(n, int):
            return False
        if not (0 <= int(start.value) and int(start.value) + length <= n):
            return False
    return True
