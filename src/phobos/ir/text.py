"""The ir as text: what `kernel.ir` shows, one statement a line, types and uniformity."""

from __future__ import annotations

from phobos.ir import nodes as ir


def kernel_text(k: ir.Kernel) -> str:
    head = f"kernel {k.name}"
    if k.bindings:
        head += " [" + ", ".join(f"{n}={v}" for n, v in k.bindings.items()) + "]"
    head += f" threads={k.threads}"
    if k.tensorcore:
        head += " tensorcore"
    if k.stages is not None:
        head += f" stages={k.stages}"
    if k.occupancy is not None:
        head += f" occupancy={k.occupancy}"
    lines = [head]
    for p in k.params:
        if isinstance(p, ir.TensorParam):
            dims = ", ".join(map(str, p.dims))
            lines.append(f"  param {p.name}: tensor<{p.dtype}>[{dims}]")
        else:
            lines.append(f"  param {p.name}: {p.dtype}")
    if k.runtime_dims:
        lines.append("  dims " + ", ".join(k.runtime_dims))
    for dim, n in k.aligned.items():
        lines.append(f"  aligned {dim} % {n} == 0")
    _block(k.body, 1, lines)
    return "\n".join(lines) + "\n"


def _block(body: list[ir.Stmt], depth: int, out: list[str]) -> None:
    pad = "  " * depth
    for s in body:
        match s:
            case ir.Decl(sym=sym, init=init):
                rhs = "" if init is None else f" = {expr_text(init)}"
                out.append(f"{pad}{sym.kind} {sym.name}: {sym.vtype} {sym.uni}{rhs}")
            case ir.Assign(sym=sym, value=v):
                out.append(f"{pad}{sym.name} = {expr_text(v)}")
            case ir.Store(tensor=t, items=items, value=v):
                out.append(f"{pad}store {t}[{_items(items)}] = {expr_text(v)}  : {_typed(v)}")
            case ir.TileStore(sym=sym, items=items, value=v):
                out.append(f"{pad}{sym.name}[{_items(items)}] = {expr_text(v)}  : {_typed(v)}")
            case ir.For(var=var, lo=lo, hi=hi, step=step, body=b, unroll=u):
                unroll = f"<unroll {u}>" if u > 1 else ""
                rng = f"range({expr_text(lo)}, {expr_text(hi)}, {expr_text(step)})"
                out.append(f"{pad}for{unroll} {var.name}: {var.vtype} {var.uni} in {rng} {{")
                _block(b, depth + 1, out)
                out.append(pad + "}")
            case ir.While(cond=c, body=b):
                out.append(f"{pad}while {expr_text(c)}  : {c.uni} {{")
                _block(b, depth + 1, out)
                out.append(pad + "}")
            case ir.If(cond=c, body=b, orelse=o):
                out.append(f"{pad}if {expr_text(c)}  : {c.uni} {{")
                _block(b, depth + 1, out)
                if o:
                    out.append(pad + "} else {")
                    _block(o, depth + 1, out)
                out.append(pad + "}")
            case ir.Eval(expr=e):
                out.append(f"{pad}{expr_text(e)}  : {_typed(e)}")
            case ir.Print(parts=parts, once=once):
                shown = ", ".join(repr(p) if isinstance(p, str) else expr_text(p) for p in parts)
                out.append(f"{pad}print({shown})  : {'once' if once else 'each thread'}")
            case ir.Assert(cond=c, message=m, once=once):
                out.append(f"{pad}assert({expr_text(c)}, {m!r})  : {'once' if once else 'each thread'}")
            case _:
                out.append(pad + type(s).__name__.lower())


def _typed(e: ir.Expr) -> str:
    return f"{e.type} {e.uni}"


def _items(items: tuple[ir.Item, ...]) -> str:
    return ", ".join(
        expr_text(it.index) if isinstance(it, ir.At) else f"{expr_text(it.start)} :+ {it.length}"
        for it in items
    )


def expr_text(e: ir.Expr) -> str:
    match e:
        case ir.Const(value=v):
            return repr(v) if isinstance(v, float) else str(v).lower() if isinstance(v, bool) else str(v)
        case ir.Read(sym=sym):
            return sym.name
        case ir.ParamRef(name=n) | ir.DimRef(name=n):
            return n
        case ir.CtxRef(field_name=f):
            return f"ctx.{f}"
        case ir.Unary(op=op, operand=x):
            return f"{op}{expr_text(x)}"
        case ir.Binary(op=op, left=a, right=b):
            return f"({expr_text(a)} {op} {expr_text(b)})"
        case ir.Cast(operand=x):
            return f"{e.type.dtype}({expr_text(x)})"
        case ir.Math(fn=fn, args=args):
            return f"{fn}({', '.join(map(expr_text, args))})"
        case ir.Select(cond=c, if_true=a, if_false=b):
            return f"where({expr_text(c)}, {expr_text(a)}, {expr_text(b)})"
        case ir.Load(tensor=t, items=items):
            return f"{t}[{_items(items)}]"
        case ir.TileIndex(base=base, items=items):
            return f"{expr_text(base)}[{_items(items)}]"
        case ir.Reduce(op=op, operand=x, axis=axis):
            return f"{op}{'' if axis is None else f'<axis {axis}>'}({expr_text(x)})"
        case ir.Dot(left=a, right=b, tensorcore=tc, precision=precision):
            keys = [key for key, on in (("tensorcore", tc), (f"precision {precision}", precision != "ieee")) if on]
            angle = f"<{', '.join(keys)}>" if keys else ""
            return f"dot{angle}({expr_text(a)}, {expr_text(b)})"
        case ir.Softmax(operand=x):
            return f"softmax({expr_text(x)})"
        case ir.Transpose(operand=x):
            return f"transpose({expr_text(x)})"
        case ir.Iota(type=t, axis=axis):
            return f"iota<axis {axis}>({', '.join(map(str, t.shape))})"
        case ir.LaneReduce(op=op, operand=x, over=over, width=w):
            return f"{op}<over ctx.{over}, width {w}>({expr_text(x)})"
        case ir.Shuffle(mode=m, operand=x, arg=a, width=w):
            return f"shfl<{m} {expr_text(a)}, width {w}>({expr_text(x)})"
        case ir.Atomic(op=op, target=t, items=items, value=v, compare=c):
            extra = "" if c is None else f"{expr_text(c)}, "
            return f"atomic_{op}({t}[{_items(items)}], {extra}{expr_text(v)})"
    raise AssertionError(type(e).__name__)


def same_window(read: tuple[ir.Item, ...], stored: tuple[ir.Item, ...]) -> bool:
    """Whether a read of the stored tensor is the stored window itself: the same
    indices and starts, and windows of the same lengths, so each element is read
    where it is written (a broadcast row, a shifted window or a column is not)."""
    return (len(read) == len(stored)
            and all(type(a) is type(b) and (not isinstance(a, ir.Window) or a.length == b.length)
                    for a, b in zip(read, stored, strict=True))
            and [expr_text(x) for x in ir.item_exprs(read)] == [expr_text(x) for x in ir.item_exprs(stored)])
