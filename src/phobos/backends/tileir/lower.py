"""Phobos ir → a Tile IR module: one entry per kernel variant, its work done by the
tile block as a whole. Statements become SSA: a variable is whatever value it was last
given; control flow and what it carries are flow.py's.

The entry's parameters are the kernel's, in order (a tensor as a pointer to its first
element, a scalar as itself), then each runtime dim as an i64, in the order the kernel
lists them.
"""

from __future__ import annotations

import math

from phobos.backends.gpu.abi import entry_symbol
from phobos.ir import nodes as ir
from phobos.ir.specialize import ANY, Specialization, usual
from phobos.targets import ALIGNMENT

from . import model as m
from .debug import Debug
from .emit import SCALAR, SIGNED, STORAGE, Emitter, Lowered, element_of, loc_of, padded, tile
from .exprs import Exprs, full_region
from .flow import Flow, Loop
from .hints import entry_hints, tma_for_products, without_tma
from .memory import Memory, lone_stores
from .refusals import refuse_what_is_not_lowered
from .scratch import Scratch

CTX_AXES = {"x": 0, "y": 1, "z": 2}
# The largest runtime dim a module takes: it assumes every dim is at most this, and a
# view's shape and strides made of dims are i32 (as a TMA descriptor takes them). A
# launch with a larger one is refused (launch.check_dims).
DIM_LIMIT = 2**31 - 1


class Lowering(Exprs, Memory, Scratch, Flow, Debug):
    def __init__(self, kernel: ir.Kernel, body: m.Block, spec: Specialization = ANY) -> None:
        self.kernel = kernel
        self.e = Emitter(body, spec.fast_math)
        self.env: dict[ir.Sym, Lowered] = {}
        self.params: dict[str, m.Value] = {}
        self.tensors: dict[str, tuple[ir.TensorParam, m.Value]] = {}
        self.dims: dict[str, m.Value] = {}
        self.ctx: dict[str, m.Value] = {}
        self.reads: list[m.Value] = []
        self.token = m.Value(m.Token())
        self.spec = spec
        # Each runtime dim's known multiple: what @aligned and the launch's key promise.
        self.aligned = {name: math.lcm(kernel.aligned.get(name, 1), spec.multiple(name))
                        for name in kernel.runtime_dims}
        self.prologue = m.Block()  # the views and scratch buffers, made once at the top of the entry
        self.views: dict[tuple[str, tuple[int, ...]], m.Value] = {}
        self.lone = lone_stores(kernel)
        self.scratch: m.Op | None = None  # the scratch buffer's `alloca`, of bytes
        self.scratch_bases: dict[m.Scalar, m.Value] = {}  # its start, as a pointer to each element type
        self.held: tuple[m.Value, m.Block] | None = None  # see Scratch.spill
        self.loops: list[Loop] = []
        self.hoist_at = 0

    def entry_args(self) -> list[m.Value]:
        args = []
        for p in self.kernel.params:
            if isinstance(p, ir.TensorParam):
                v = m.Value(tile(m.Pointer(STORAGE[p.dtype.name])))
                self.tensors[p.name] = (p, v)
            else:
                v = m.Value(tile(SCALAR[p.dtype.name]))
                self.params[p.name] = v
            args.append(v)
        for name in self.kernel.runtime_dims:
            self.dims[name] = m.Value(tile(m.I64))
            args.append(self.dims[name])
        return args

    def start(self) -> None:
        """What the entry assumes of its arguments, then the token every memory op descends
        from and the block ids and grid the body reads. The kernels are built for the
        tensors the key says start 16-byte aligned (as allocators give them), for runtime
        dims below 2^31, and for what the launch's key and @aligned promise of the dims
        and the integer scalars: a multiple (a dim of 16 makes a row pitch of 16-bit
        elements a multiple of 32 bytes, and tileiras loads a view's tiles by TMA), or 1."""
        b = self.e.b
        for name, (param, base) in self.tensors.items():
            if name in self.spec.aligned:
                base = b.one("assume", base.type, value=base, predicate=m.DivBy(ALIGNMENT))
            self.tensors[name] = (param, base)
        for name, dim in self.dims.items():
            dim = self.assume_key(name, dim, self.aligned[name])
            self.dims[name] = b.one("assume", dim.type, value=dim, predicate=m.Bounded(0, DIM_LIMIT))
        for name, value in self.params.items():
            self.params[name] = self.assume_key(name, value, self.spec.multiple(name))
        self.hoist_at = len(b.block.ops)  # the views go here, after what they assume
        self.token = self.e.b.one("make_token", m.Token())
        used = {x.field_name for x in ir.body_nodes(self.kernel.body) if isinstance(x, ir.CtxRef)}
        if ir.has_debug(self.kernel):  # a print heads its line with the block
            used |= {"block.x", "block.y", "block.z"}
        for what, op in (("block", "get_tile_block_id"), ("grid", "get_num_tile_blocks")):
            if not any(f.startswith(what + ".") for f in used):
                continue
            ids = self.e.b.op(op, [tile(m.I32)] * 3)
            for axis, k in CTX_AXES.items():
                if f"{what}.{axis}" in used:
                    self.ctx[f"{what}.{axis}"] = self.e.b.one("exti", tile(m.I64), from_=ids[k], signedness=SIGNED)

    def assume_key(self, name: str, value: m.Value, multiple: int) -> m.Value:
        """`value` as the key promises it: a multiple of `multiple`'s largest power of
        two, or 1."""
        power = multiple & -multiple
        if power > 1:
            value = self.e.b.one("assume", value.type, value=value, predicate=m.DivBy(power))
        if name in self.spec.ones:
            value = self.e.b.one("assume", value.type, value=value, predicate=m.Bounded(1, 1))
        return value

    def ctx_value(self, field: str) -> m.Value:
        return self.ctx[field]

    # ------------------------------------------------------------ statements

    def stmt(self, s: ir.Stmt) -> bool:
        """Lower one statement; whether control goes on past it."""
        with self.e.b.at(loc_of(s.span)):
            return self.lower_stmt(s)

    def lower_stmt(self, s: ir.Stmt) -> bool:
        match s:
            case ir.Decl(sym=sym, init=init):
                self.assign(sym, init)
            case ir.Assign(sym=sym, value=value):
                self.assign(sym, value)
            case ir.Store(items=items, value=value):
                shape = tuple(it.length for it in items if isinstance(it, ir.Window))
                v = self.expr(value)
                self.store(s, self.widened(v, shape) if shape else v)
            case ir.TileStore():
                self.tile_store(s)
            case ir.For():
                self.lower_for(s)
            case ir.If():
                return self.lower_if(s)
            case ir.While():
                self.lower_while(s)
            case ir.Break() | ir.Continue() | ir.Return():
                self.jump(s)
                return False
            case ir.Barrier():
                pass  # it orders per-thread code, which there is none of
            case ir.Print():
                self.lower_print(s)
            case ir.Assert():
                self.lower_assert(s)
            case _:
                raise AssertionError(f"the refusals should have named {type(s).__name__}")
        return True

    def assign(self, sym: ir.Sym, init: ir.Expr | None) -> None:
        shape = sym.vtype.shape
        element = SCALAR[sym.vtype.dtype.name]
        if init is None:
            zero = self.e.const(element, 0.0 if element.is_float else 0, padded(shape))
            self.env[sym] = Lowered(zero, sym.vtype.dtype, full_region(shape))
            return
        v = self.expr(init)
        if shape and (v.region is None or v.shape != padded(shape)):
            v = self.widened(v, shape)
        assert element_of(v.value) == element, (sym.name, v.value.type, element)
        self.env[sym] = Lowered(v.value, sym.vtype.dtype, v.region if shape else None, v.multiple)

    def tile_store(self, s: ir.TileStore) -> None:
        """Write part of a tile variable: the positions the subscript selects (and, for a
        tile value, where it is present) take the value; the variable keeps its region."""
        t = self.env[s.sym]
        e = self.e
        shape = t.shape
        v = self.expr(s.value)
        window = tuple(it.length for it in s.items if isinstance(it, ir.Window))
        if v.region is None:
            mask = None
            for d, it in enumerate(s.items):
                start = self.expr(it.index if isinstance(it, ir.At) else it.start).value
                length = 1 if isinstance(it, ir.At) else it.length
                part = e.in_interval(d, shape, start, e.bound_op("addi", start, length))
                if part is not None:
                    mask = part if mask is None else e.b.one("andi", part.type, lhs=mask, rhs=part)
            new = e.select(mask, e.broadcast(v.value, shape), t.value)
        elif len(window) == len(s.items) and self.whole(s.items, window, s.sym.vtype.shape):
            w = self.widened(v, s.sym.vtype.shape)
            assert w.region is not None
            new = e.select(e.region_mask(shape, w.region), w.value, t.value)
        else:
            starts = [self.expr(it.index if isinstance(it, ir.At) else it.start) for it in s.items]
            new = self.store_into_tile(t, s.items, starts, self.widened(v, window), s.sym.vtype.shape)
        self.env[s.sym] = Lowered(new, t.dtype, t.region)


def lower_kernel(kernel: ir.Kernel, spec: Specialization | None = None) -> m.Module:
    """The Tile IR module of one kernel variant, for launches whose key is `spec` (its
    sizes' facts and its 16-byte aligned tensors; None: the usual launch's, which the
    goldens pin); or a located PhobosError naming the construct this back end does
    not lower. The module is named as the kernel, its entry `phobos_NAME` as the CUDA
    back end's: PTX takes no symbol `_`, has its own `WARP_SZ`, and links in the
    libdevice functions (`__nv_expf`) a kernel might be named as."""
    spec = usual(kernel) if spec is None else spec
    if not spec.debug:
        kernel = ir.without_debug(kernel)
    refuse_what_is_not_lowered(kernel)
    body = m.Block()
    lowering = Lowering(kernel, body, spec)
    args = lowering.entry_args()
    lowering.start()
    if lowering.block(kernel.body):
        with lowering.e.b.at(loc_of(kernel.span)):
            lowering.e.b.op("return", [])
    body.ops[lowering.hoist_at : lowering.hoist_at] = lowering.prologue.ops
    if lowering.scratch is not None:
        without_tma(body)
    else:
        tma_for_products(body)
    entry = m.Entry(entry_symbol(kernel.name), args, body, loc_of(kernel.span), entry_hints(kernel.occupancy))
    return m.Module(kernel.name, [entry])

