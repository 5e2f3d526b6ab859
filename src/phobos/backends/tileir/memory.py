"""Tensor windows and elements. A window whose every start is a known multiple of its
power-of-two length is a tile of a partition view (the tensor cut into tiles of the
window's shape): loaded whole, padded with zeros past the tensor's edges, and stored
whole where the value stored has every element present (the view leaves out what lies
past the tensor) and the store is its tensor's only one, outside any loop, of a tensor
the kernel never reads (`lone_stores`: tileiras may write a view's tile by an
asynchronous TMA store, which a later read or store of the same memory in the tile
block is not ordered after). Any other window or element goes through a tile of pointers (each
position's address from the starts and the tensor's row-major strides) with a mask of
the positions inside the tensor, a store's mask also leaving out the value's absent
elements. Memory ops are ordered by tokens: a load waits for the stores before it, a
store for every load and store before it.
"""

from __future__ import annotations

from phobos.dtypes import DType
from phobos.ir import nodes as ir

from . import model as m
from .emit import NONE_OVERFLOW, STORAGE, WEAK, Bound, Emitter, Lowered, Region, element_of, padded, shape_of, tile


def lone_stores(kernel: ir.Kernel) -> set[int]:
    """The stores (by id) that may go through a view: each its tensor's only store, at
    no loop's depth, of a tensor the kernel never reads."""
    read = ir.read_tensors(kernel)
    found: dict[str, list[tuple[ir.Store, bool]]] = {}

    def walk(body: list[ir.Stmt], in_loop: bool) -> None:
        for s in body:
            if isinstance(s, ir.Store):
                found.setdefault(s.tensor, []).append((s, in_loop))
            elif isinstance(s, (ir.For, ir.While)):
                walk(s.body, True)
            elif isinstance(s, ir.If):
                walk(s.body, in_loop)
                walk(s.orelse, in_loop)

    walk(kernel.body, False)
    return {id(stores[0][0]) for tensor, stores in found.items()
            if tensor not in read and len(stores) == 1 and not stores[0][1]}


class Memory:
    """The memory half of the lowering; it evaluates starts and indices through the
    expression half (exprs.Exprs), and hoists views into the entry's prologue."""

    e: Emitter
    tensors: dict[str, tuple[ir.TensorParam, m.Value]]
    dims: dict[str, m.Value]
    token: m.Value
    reads: list[m.Value]
    prologue: m.Block
    views: dict[tuple[str, tuple[int, ...]], m.Value]
    lone: set[int]  # lone_stores of the kernel

    def extent(self, dim: int | str) -> Bound:
        return dim if isinstance(dim, int) else self.dims[dim]

    def strides(self, param: ir.TensorParam) -> list[Bound]:
        extents = [self.extent(d) for d in param.dims]
        strides: list[Bound] = [1] * len(extents)
        for d in range(len(extents) - 2, -1, -1):
            strides[d] = self.e.bound_op("muli", strides[d + 1], extents[d + 1])
        return strides

    def starts(self, items: tuple[ir.Item, ...]) -> list[Lowered]:
        return [self.expr(it.index if isinstance(it, ir.At) else it.start) for it in items]

    def bounds(self, param: ir.TensorParam, items: tuple[ir.Item, ...], starts: list[Lowered]
               ) -> tuple[Region, m.Value | bool]:
        """The region of a window inside its tensor (in the window's coordinates), and
        whether every index item is inside; with an index outside, nothing is present."""
        e = self.e
        region: list[tuple[Bound, Bound]] = []
        inside: m.Value | bool = True
        for d, (it, start) in enumerate(zip(items, starts, strict=True)):
            extent = self.extent(param.dims[d])
            if isinstance(it, ir.At):
                ok = e.b.one("andi", tile(m.I1), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", start.value, e.index(0)),
                             rhs=e.cmpi("LESS_THAN", start.value, e.index(extent)))
                inside = ok if inside is True else e.b.one("andi", ok.type, lhs=inside, rhs=ok)
                continue
            # where the start is known not to be negative, the window starts inside
            lo = 0 if start.multiple is not None else e.clamp(e.bound_op("subi", 0, start.value), 0, it.length)
            hi = e.bound_op("maxi", lo, e.bound_op("mini", it.length, e.bound_op("subi", extent, start.value)))
            region.append((lo, hi))
        return tuple((lo, self.select_bound(inside, hi, lo)) for lo, hi in region), inside

    def pointers(self, param: ir.TensorParam, base: m.Value, items: tuple[ir.Item, ...], starts: list[Lowered],
                 mask: m.Value | None) -> m.Value:
        """The address of every position of a window (or of its one element); where the
        mask is off, the tensor's first element, so no address runs past memory (the
        `offset` of a pointer that wraps is undefined)."""
        e = self.e
        strides = self.strides(param)
        shape = padded(tuple(it.length for it in items if isinstance(it, ir.Window)))
        scalar_offset: Bound = 0
        spread: list[m.Value] = []
        j = 0
        for d, (it, start) in enumerate(zip(items, starts, strict=True)):
            scalar_offset = e.bound_op("addi", scalar_offset, e.bound_op("muli", start.value, strides[d]))
            if isinstance(it, ir.Window):
                steps = e.iota(shape[j])
                if strides[d] != 1:
                    steps = e.int_op("muli", steps, e.broadcast(e.index(strides[d]), (shape[j],)))
                spread.append(e.along(steps, j, shape))
                j += 1
        offsets = e.broadcast(e.index(scalar_offset), shape)
        for s in spread:
            offsets = e.int_op("addi", offsets, s)
        offsets = e.select(mask, offsets, e.const(m.I64, 0, shape))
        pointer = base.type.element  # type: ignore[union-attr]
        return e.b.one("offset", tile(pointer, shape), ptr=e.broadcast(base, shape), offset=offsets)

    # ------------------------------------------------------------ views

    @staticmethod
    def tiled(items: tuple[ir.Item, ...], starts: list[Lowered]) -> bool:
        """Whether a window is a tile of a partition view: every item a window of a
        power-of-two length whose start is a non-negative multiple of it."""
        return all(
            isinstance(it, ir.Window) and padded((it.length,))[0] == it.length
            and s.multiple is not None and s.multiple % it.length == 0
            for it, s in zip(items, starts, strict=True)
        )

    def partition_view(self, name: str, shape: tuple[int, ...]) -> m.Value:
        """The tensor `name` cut into tiles of `shape`, made once, at the top of the entry."""
        key = (name, shape)
        if key not in self.views:
            param, base = self.tensors[name]
            with self.e.detached(self.prologue):
                strides = self.strides(param)
                dims = [self.extent(d) for d in param.dims]
                view_type = m.TensorView(
                    STORAGE[param.dtype.name],
                    tuple(d if isinstance(d, int) else None for d in dims),
                    tuple(s if isinstance(s, int) else None for s in strides),
                )
                shape_values = [d for d in dims if isinstance(d, m.Value)]
                stride_values = [s for s in strides if isinstance(s, m.Value)]
                if all(v in self.dims.values() for v in shape_values + stride_values):
                    # each a dim below 2^31: as i32, which a TMA descriptor can take
                    def narrow(v: m.Value) -> m.Value:
                        return self.e.b.one("trunci", tile(m.I32), from_=v, overflow=NONE_OVERFLOW)

                    shape_values, stride_values = list(map(narrow, shape_values)), list(map(narrow, stride_values))
                view = self.e.b.op("make_tensor_view", [view_type], {
                    "base": base, "dynamicShape": tuple(shape_values), "dynamicStrides": tuple(stride_values),
                })[0]
                tiles = m.PartitionView(shape, view_type, tuple(range(len(shape))), "zero")
                self.views[key] = self.e.b.one("make_partition_view", tiles, tensor_view=view)
        return self.views[key]

    # ------------------------------------------------------------ loads and stores

    def load(self, x: ir.Load) -> Lowered:
        param, base = self.tensors[x.tensor]
        e = self.e
        starts = self.starts(x.items)
        region, inside = self.bounds(param, x.items, starts)
        dtype = param.dtype
        shape = padded(x.type.shape)
        stored = STORAGE[dtype.name]
        weak = {"memory_ordering_semantics": WEAK}
        if shape and self.tiled(x.items, starts):
            # A view's tile index must lie in its index space: a window wholly past the
            # tensor (all absent) reads the last tile instead, whose values it never shows.
            index = tuple(
                e.index(e.bound_op(
                    "mini", e.bound_op("divi", s.value, it.length),
                    e.bound_op("divi", e.bound_op("subi", self.extent(d), 1), it.length),
                ))
                for it, s, d in zip(x.items, starts, param.dims, strict=True)  # type: ignore[union-attr]
            )
            view = self.partition_view(x.tensor, shape)
            value, token = e.b.op("load_view_tko", [tile(stored, shape), m.Token()],
                                  {"view": view, "index": index, "token": self.token}, weak)
            # Along a dim whose window starts inside the tensor, its index is not clamped
            # and the view pads with zeros what lies past the tensor.
            zeroed = frozenset(d for d, (s, dim) in enumerate(zip(starts, param.dims, strict=True))
                               if s.multiple is not None and s.below is not None and s.below is self.extent(dim))
        else:
            mask = e.region_mask(shape, region) if shape else (None if inside is True else inside)
            fields: dict = {"source": self.pointers(param, base, x.items, starts, mask), "token": self.token}
            if isinstance(mask, m.Value):
                fields |= {"mask": mask, "paddingValue": e.const(stored, 0.0 if stored.is_float else 0, shape)}
            value, token = e.b.op("load_ptr_tko", [tile(stored, shape), m.Token()], fields, weak)
            zeroed = frozenset(range(len(shape)))  # masked off where absent, padded with zeros
        self.reads.append(token)
        if dtype.is_bool:
            value = e.cmpi("NOT_EQUAL", value, e.const(stored, 0, shape))
        return Lowered(value, dtype, region if shape else None, zeroed=zeroed if shape else frozenset())

    def ordered(self) -> m.Value:
        """One token after every memory op so far: what a store, or a loop, waits on."""
        if self.reads:
            self.token = self.e.b.one("join_tokens", m.Token(), tokens=(self.token, *self.reads))
            self.reads = []
        return self.token

    def store(self, s: ir.Store, widened: Lowered) -> None:
        """Write the present elements of `widened` (the value broadcast to the window)
        that lie inside the tensor: through a tile of a view where the value has every
        element that lies inside (tileiras writes a view's tile as vector stores, a tile
        of pointers as a store an element), else through pointers and a mask. Where that
        is known only at run time, or the window may start past the tensor (a view's
        tile index must lie in its index space), an `if` picks between the two."""
        param, base = self.tensors[s.tensor]
        starts = self.starts(s.items)
        shape = padded(tuple(it.length for it in s.items if isinstance(it, ir.Window)))
        region, inside = self.bounds(param, s.items, starts)
        tiled = shape and id(s) in self.lone and self.tiled(s.items, starts)
        checks = self.view_checks(param, starts, widened, region, shape) if tiled else None
        if checks is None:
            self.store_pointers(s, base, starts, region, inside, widened)
            return
        token = self.ordered()
        starting, covering = checks
        if not starting and not covering:
            self.token = self.store_view(s, starts, widened.value, token)
            return
        e = self.e
        cond = (starting + covering)[0]
        for ok in (starting + covering)[1:]:
            cond = e.b.one("andi", ok.type, lhs=cond, rhs=ok)
        through_view, otherwise = m.Block(), m.Block()
        with e.inside(through_view):
            done = self.store_view(s, starts, widened.value, token)
            through_view.ops.append(m.Op("yield", [], {"operands": (done,)}, {}, [], e.b.loc))
        with e.inside(otherwise):
            if covering:  # else nothing: the window lies past the tensor
                self.store_pointers(s, base, starts, region, inside, widened)
            done, self.token = self.token, token
            otherwise.ops.append(m.Op("yield", [], {"operands": (done,)}, {}, [], e.b.loc))
        self.token = e.b.op("if", [m.Token()], {"condition": cond}, {}, [through_view, otherwise])[0]

    def view_checks(self, param: ir.TensorParam, starts: list[Lowered], widened: Lowered, region: Region,
                    shape: tuple[int, ...]) -> tuple[list[m.Value], list[m.Value]] | None:
        """What must hold at run time for a tiled window's store to go through its view:
        each start before the tensor's end (unless known), and the value present from 0
        to the end of the window's part inside the tensor (`region`) where that is not
        known now (as it is for `A[i :+ n] + 1.0` stored to a window of a tensor of A's
        extent: the same bound, one value). None where the value is known to lack some."""
        e = self.e
        fold = e.fold
        assert widened.region is not None and shape
        starting = []
        for st, d in zip(starts, param.dims, strict=True):
            start, extent = fold(st.value), self.extent(d)
            known = (st.below is not None and st.below is extent
                     or isinstance(start, int) and isinstance(extent, int) and start < extent)
            if not known:
                starting.append(e.cmpi("LESS_THAN", st.value, e.index(extent)))
        checks: list[m.Value] = []
        for (lo, hi), (_, inner), n in zip(widened.region, region, shape, strict=True):
            lo, hi, inner = fold(lo), fold(hi), fold(inner)
            if isinstance(lo, int) and lo != 0:
                return None
            if isinstance(lo, m.Value) and e.ceiling(lo) > 0:
                checks.append(e.cmpi("LESS_THAN_OR_EQUAL", lo, e.index(0)))
            least = e.floor(hi)  # what a loop's carried end is known not to fall below (flow.Flow.floors)
            if least is inner or isinstance(least, int) and (least >= n or isinstance(inner, int) and least >= inner):
                continue
            if isinstance(hi, int) and isinstance(inner, int):
                return None
            checks.append(e.cmpi("GREATER_THAN_OR_EQUAL", e.index(hi), e.index(inner)))
        return starting, checks

    def store_view(self, s: ir.Store, starts: list[Lowered], v: m.Value, token: m.Value) -> m.Value:
        """`v` stored to its window's tile of a partition view (which leaves out what lies
        past the tensor), after `token`; the store's token."""
        e = self.e
        param = self.tensors[s.tensor][0]
        shape = shape_of(v)
        if param.dtype.is_bool:
            stored = STORAGE[param.dtype.name]
            v = e.select(v, e.const(stored, 1, shape), e.const(stored, 0, shape))
        index = tuple(e.index(e.bound_op("divi", st.value, it.length))  # type: ignore[union-attr]
                      for it, st in zip(s.items, starts, strict=True))
        return e.b.op("store_view_tko", [m.Token()], {"tile": v, "view": self.partition_view(s.tensor, shape),
                                                      "index": index, "token": token},
                      {"memory_ordering_semantics": WEAK})[0]

    def store_pointers(self, s: ir.Store, base: m.Value, starts: list[Lowered], region: Region,
                       inside: m.Value | bool, widened: Lowered) -> None:
        """The present elements inside the tensor stored through a tile of pointers."""
        e = self.e
        param = self.tensors[s.tensor][0]
        dtype: DType = param.dtype
        shape = padded(tuple(it.length for it in s.items if isinstance(it, ir.Window)))
        if shape:
            assert widened.region is not None
            both = [
                (e.bound_op("maxi", a[0], b[0]), e.bound_op("mini", a[1], b[1]))
                for a, b in zip(region, widened.region, strict=True)
            ]
            mask = e.region_mask(shape, tuple(both))
        else:
            mask = None if inside is True else inside
        pointers = self.pointers(param, base, s.items, starts, mask)
        v = widened.value
        if dtype.is_bool:
            stored = STORAGE[dtype.name]
            v = e.select(v, e.const(stored, 1, shape), e.const(stored, 0, shape))
        assert element_of(v) == STORAGE[dtype.name], (element_of(v), dtype)
        fields: dict = {"destination": pointers, "value": v, "token": self.ordered()}
        if isinstance(mask, m.Value):
            fields["mask"] = mask
        self.token = e.b.op("store_ptr_tko", [m.Token()], fields, {"memory_ordering_semantics": WEAK})[0]
