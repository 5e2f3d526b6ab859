"""A whole kernel: its launch, parameters, inputs and outputs, then its body.

Every output is written so that its final contents do not depend on the order threads
or CTAs run in: a thread output's element `g` only by global thread `g`, a tile
output's rows only by the CTA that owns them (each CTA a block of rows of its own),
atomic targets only by atomics. Runtime dims take values from ranges chosen so the
CTAs' windows and threads cross the tensors' ends.
"""

from __future__ import annotations

from .choices import Chooser
from .env import Binding, Env, Geometry
from .facts import UNIFORM, UNIT, VARYING, Fact, int_fact, is_float
from .model import (
    Assign,
    Binary,
    Ctx,
    Index,
    Let,
    Lit,
    Name,
    Program,
    Range,
    ScalarParam,
    Span,
    Stmt,
    Sub,
    TensorParam,
)
from .names import disguise
from .patterns import Gemm, KernelGen
from .products import plan_products, threads_for

OTHER_DTYPES = ("f16", "bf16", "f64", "i8", "i32", "i64", "u8", "u16", "u32", "bool")


def ceil4(x: int) -> int:
    return max(4, -(-x // 4) * 4)


def floor4(x: int) -> int:
    return max(4, x // 4 * 4)


def value_range(ch: Chooser, dtype: str) -> tuple[float, float]:
    """Where an input's values come from: small floats, and integers either small or
    over the whole type (so that arithmetic wraps)."""
    if is_float(dtype):
        return (-2.0, 2.0)
    whole = {
        "i8": (-128, 127),
        "i32": (-(2**31), 2**31 - 1),
        "i64": (-(2**62), 2**62),
        "u8": (0, 255),
        "u16": (0, 65535),
        "u32": (0, 2**32 - 1),
        "bool": (0, 1),
    }[dtype]
    if dtype in ("i32", "i64") and ch.coin(0.7):
        return (-40, 40)
    return whole


def generate(ch: Chooser, easy: bool = False) -> Program:
    """One random valid kernel; `easy` keeps to what the numpy oracle evaluates (no
    per-thread control flow, jumps, atomics, or statement fns)."""
    threads = ch.weighted(((64, 3), (32, 2), (128, 3)))
    wide = threads_for(ch, easy, threads)  # a kernel with products on wgmma
    threads = wide or threads
    grid = ch.integer(1, 3)
    rows = ch.choice((2, 4, 8))
    cols = ch.choice((4, 8, 16))
    span = grid * threads
    dims = {
        "N": (ceil4(span - 36), ceil4(span + 36)),
        "M": (ceil4((grid - 1) * rows + 1), ceil4(grid * rows + 6)),
        "W": (4, ceil4(3 * cols)),
        "L": (ceil4(grid * cols - 8), ceil4(grid * cols + 6)),
    }
    shapes = [(rows, cols), (rows, cols), (cols,), (ch.choice((1, 2, 4)), ch.choice((4, 8, 16, 32)))]
    geo = Geometry(threads, grid, dims, shapes)
    env = Env(ch, geo)
    gen = KernelGen(env, easy)
    others = [d for d in OTHER_DTYPES if ch.coin(0.3)]
    palette = ["f32", *others]
    gen.palette = list(palette)
    params: list[TensorParam | ScalarParam] = []

    def tensor(prefix: str, dtype: str, shape: tuple[int | str, ...], role: str) -> TensorParam:
        lo, hi = value_range(ch, dtype) if role != "atomic" else ((-1.0, 1.0) if is_float(dtype) else (-5, 5))
        t = TensorParam(env.fresh(prefix), dtype, shape, role, lo, hi)
        params.append(t)
        env.tensors[t.name] = t
        return t

    for d in palette:
        if ch.coin(0.8) or d == "f32":
            tensor("X", d, ("N",), "input")
        if ch.coin(0.7) or d == "f32":
            width = ch.choice((cols, cols + 4, 2 * cols, "W"))
            tensor("A", d, ("M", width), "input")
    tensor("P", "i32", (4,), "input")
    for d in palette + ([ch.choice(OTHER_DTYPES)] if ch.coin(0.5) else []):
        if ch.coin(0.4) or d == "f32":
            tensor("O", d, ("N",) if ch.coin(0.6) else (ch.integer(2, 3), "N"), "output")
        if ch.coin(0.3) or d == "f32":
            y = tensor("Y", d, ("M", ch.choice((cols, 2 * cols))), "output")
            env.blocks[y.name] = rows
        if ch.coin(0.1):
            z = tensor("Z", d, ("L",), "output")
            env.blocks[z.name] = cols
    for rank, p in ((2, 0.45), (1, 0.15)):
        if ch.coin(p):
            plan_owned(ch, gen, tensor, dims, grid, rank)
    if not easy:
        for d in ("i32", "u32", "i64", "f32", "f64"):
            if ch.coin(0.25 if d != "i32" else 0.5):
                tensor("H", d, ch.choice(((8,), (16,), (2, 8))), "atomic")
    if not wide and ch.coin(0.2):
        plan_gemm(ch, gen, tensor, dims, grid)
    if wide:
        plan_products(ch, gen, params, dims, grid, threads)
    used = {d for p in params if isinstance(p, TensorParam) for d in p.dims if isinstance(d, str)}
    for name in [d for d in dims if d not in used]:
        del dims[name]
    scalars = [ScalarParam(env.fresh("a"), "f32", -2.0, 2.0), ScalarParam(env.fresh("n"), "i32", -3, 8)]
    params += scalars
    bind_names(env, scalars)
    g_fact = int_fact("i64", (0, span - 1), VARYING)
    b_fact = int_fact("i64", (0, grid - 1))
    env.bind(Binding("b", b_fact, "let", locked=True))
    env.bind(Binding("g", g_fact, "let", locked=True))
    prelude = [
        Let("b", None, Ctx("block.x")),
        Let("g", None, Binary("+", Binary("*", Name("b"), Ctx("threads")), Ctx("thread"))),
    ]
    # with products (long CUDA for NVRTC to build), fewer other statements
    body = prelude + gen.product_stmt() + gen.block(ch.integer(2, 6) if wide else ch.integer(3, 9))
    body += epilogue(gen, params, span)
    tolerance = dict(env.tolerance)
    for name, (terms, mag, err) in gen.atomic_terms.items():
        t = env.tensors[name]
        work = "f64" if t.dtype == "f64" else "f32"
        total = terms * mag + 1.0
        tolerance[name] = max(tolerance.get(name, 0.0), terms * err + terms * total * UNIT[work])
    program = Program("k", threads, grid, params, body, gen.fns, dims, tolerance, easy=easy, notes=set(env.notes))
    return disguise(ch, program)


def epilogue(gen: KernelGen, params: list[TensorParam | ScalarParam], span: int) -> list[Stmt]:
    """Stores of what the body left in its top-level variables, so that every one of
    them is seen: scalars into a row each of an output per dtype (element `g` by
    thread `g`), tiles into outputs of their own (rows `b * R` by CTA `b`)."""
    env = gen.env
    top = [b for b in env.scopes[-1].values() if b.kind in ("let", "var", "view") and b.name not in ("b", "g")]
    out: list[Stmt] = []
    scalars: dict[str, list[Binding]] = {}
    for b in top:
        if not b.fact.tile:
            scalars.setdefault(b.fact.dtype, []).append(b)
    for d, found in scalars.items():
        found = found[:8]
        t = TensorParam(env.fresh("E"), d, (len(found), "N"), "output")
        params.append(t)
        for row, b in enumerate(found):
            out.append(Assign(Sub(t.name, (Index(Lit(str(row))), Index(Name("g")))), "=", Name(b.name)))
            env.tolerance[t.name] = max(env.tolerance.get(t.name, 0.0), b.fact.err)
    if not env.tiles_ok:
        return out
    tiles = [b for b in top if b.fact.tile and b.fact.level == UNIFORM][:3]
    for b in tiles:
        shape = b.fact.shape
        rows = shape[0]
        t = TensorParam(env.fresh("T"), b.fact.dtype, (env.geo.grid * rows, *shape[1:]), "output")
        params.append(t)
        items: tuple = (Span(Binary("*", Name("b"), Lit(str(rows))), rows), *(Range(None, None) for _ in shape[1:]))
        out.append(Assign(Sub(t.name, items), "=", Name(b.name)))
        env.tolerance[t.name] = b.fact.err
    env.notes.add("epilogue")
    return out


def bind_names(env: Env, scalars: list[ScalarParam]) -> None:
    """The runtime dims and the scalar parameters, as names the body may read."""
    for name, (lo, hi) in env.geo.dims.items():
        env.bind(Binding(name, int_fact("i64", (lo, hi), UNIFORM), "dim", locked=True))
    for s in scalars:
        if is_float(s.dtype):
            fact = Fact(s.dtype, mag=max(abs(s.lo), abs(s.hi)))
        else:
            fact = int_fact(s.dtype, (int(s.lo), int(s.hi)))
        env.bind(Binding(s.name, fact, "param", locked=True))


def plan_owned(ch: Chooser, gen: KernelGen, tensor, dims: dict[str, tuple[int, int]], grid: int, rank: int) -> None:  # noqa: ANN001
    """A tensor that statements read and store at once (tests/gen/overlap.py), `block`
    rows of it (elements, of a 1-d one) to each CTA, its inputs drawn like an input's."""
    d = ch.weighted((("f32", 4), ("i32", 2), (ch.choice(gen.palette), 4)))
    block = ch.choice((2, 4, 8, 8, 16) if rank == 2 else (8, 16, 32, 64))
    dim = "MS" if rank == 2 else "LS"
    dims[dim] = (ceil4((grid - 1) * block + 1), ceil4(grid * block + 6))
    shape = (dim, ch.choice((4, 8, 16, 32, 64))) if rank == 2 else (dim,)
    gen.own(tensor("S", d, shape, "inout"), block)


def plan_gemm(ch: Chooser, gen: KernelGen, tensor, dims: dict[str, tuple[int, int]], grid: int) -> None:  # noqa: ANN001
    """The tensors of a GEMM loop, f16, bf16 or i8 operands, so tensor cores may take it,
    or f32 ones of a dot<precision tf32>."""
    kind = ch.choice(("f16", "bf16", "i8", "tf32"))
    tf32 = kind == "tf32"
    dtype = "f32" if tf32 else kind
    tm, tn = ch.choice((16, 32, 64)), ch.choice((16, 32, 64))  # 64: a warpgroup's m64 (wgmma) at 128 threads
    tk = 32 if dtype == "i8" else ch.choice((16, 32))
    dims["K"] = (ceil4(tk - 8), ceil4(3 * tk + 4))
    dims["MG"] = (ceil4((grid - 1) * tm + 1), ceil4(grid * tm))
    transposed = ch.coin(0.5)  # B as W[N, K], read transpose(W[0 :+ TN, k :+ TK])
    batch = ch.choice((2, 3)) if ch.coin(0.3) else 0  # A a batch of matrices, A[z, m :+ TM, k :+ TK]
    b_batched = batch > 0 and ch.coin(0.5)  # and B too, else one B for every matrix
    lead = (batch,) if batch else ()
    a = tensor("GA", dtype, (*lead, "MG", "K"), "input")
    b_lead = lead if b_batched else ()
    b = tensor("GB", dtype, (*b_lead, tn, "K") if transposed else (*b_lead, "K", tn), "input")
    acc = "i32" if dtype == "i8" else "f32"
    out = tensor("GY", acc, ("MG", tn), "output")
    gen.env.blocks[out.name] = tm
    gen.gemms.append(Gemm(a.name, b.name, out.name, tm, tn, tk, acc, transposed, batch, b_batched, tf32))
