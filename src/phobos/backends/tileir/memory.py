"""Tensor windows and elements through tiles of pointers: the address of every position
from the window's starts and the tensor's row-major strides, a mask of the positions
inside the tensor (and, for a store, present in the value), padded loads and masked
stores. Memory ops are ordered by tokens: a load waits for the stores before it, a
store for every load and store before it.
"""

from __future__ import annotations

from phobos.dtypes import DType
from phobos.ir import nodes as ir

from . import model as m
from .emit import STORAGE, WEAK, Bound, Emitter, Lowered, Region, element_of, padded, tile


class Memory:
    """The memory half of the lowering; it evaluates starts and indices through the
    expression half (exprs.Exprs)."""

    e: Emitter
    tensors: dict[str, tuple[ir.TensorParam, m.Value]]
    dims: dict[str, m.Value]
    token: m.Value
    reads: list[m.Value]

    def extent(self, dim: int | str) -> Bound:
        return dim if isinstance(dim, int) else self.dims[dim]

    def window(self, name: str, items: tuple[ir.Item, ...]) -> tuple[m.Value, Region, m.Value | bool, DType]:
        """The pointers of a window of tensor `name`, the region inside the tensor (in the
        window's coordinates), whether every index item is inside, and the element type."""
        param, base = self.tensors[name]
        e = self.e
        extents = [self.extent(d) for d in param.dims]
        strides: list[Bound] = [1] * len(extents)
        for d in range(len(extents) - 2, -1, -1):
            strides[d] = e.bound_op("muli", strides[d + 1], extents[d + 1])
        shape = padded(tuple(it.length for it in items if isinstance(it, ir.Window)))
        scalar_offset: Bound = 0
        spread: list[m.Value] = []
        region: list[tuple[Bound, Bound]] = []
        inside: m.Value | bool = True
        j = 0
        for d, it in enumerate(items):
            start = self.expr(it.index if isinstance(it, ir.At) else it.start).value
            scalar_offset = e.bound_op("addi", scalar_offset, e.bound_op("muli", start, strides[d]))
            if isinstance(it, ir.At):
                ok = e.b.one("andi", tile(m.I1), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", start, e.index(0)),
                             rhs=e.cmpi("LESS_THAN", start, e.index(extents[d])))
                inside = ok if inside is True else e.b.one("andi", ok.type, lhs=inside, rhs=ok)
                continue
            n = it.length
            steps = e.iota(shape[j])
            if strides[d] != 1:
                steps = e.int_op("muli", steps, e.broadcast(e.index(strides[d]), (shape[j],)))
            spread.append(e.along(steps, j, shape))
            lo = e.clamp(e.bound_op("subi", 0, start), 0, n)
            hi = e.bound_op("maxi", lo, e.bound_op("mini", n, e.bound_op("subi", extents[d], start)))
            region.append((lo, hi))
            j += 1
        offsets = e.broadcast(e.index(scalar_offset), shape)
        for s in spread:
            offsets = e.int_op("addi", offsets, s)
        pointer = base.type.element  # type: ignore[union-attr]
        pointers = e.b.one("offset", tile(pointer, shape), ptr=e.broadcast(base, shape), offset=offsets)
        region_t = tuple((lo, self.select_bound(inside, hi, lo)) for lo, hi in region)
        return pointers, region_t, inside, param.dtype

    def load(self, x: ir.Load) -> Lowered:
        pointers, region, inside, dtype = self.window(x.tensor, x.items)
        e = self.e
        shape = padded(x.type.shape)
        mask = e.region_mask(shape, region) if shape else (None if inside is True else inside)
        stored = STORAGE[dtype.name]
        fields: dict = {"source": pointers, "token": self.token}
        if isinstance(mask, m.Value):
            fields |= {"mask": mask, "paddingValue": e.const(stored, 0.0 if stored.is_float else 0, shape)}
        value, token = e.b.op(
            "load_ptr_tko", [tile(stored, shape), m.Token()], fields,
            {"memory_ordering_semantics": WEAK},
        )
        self.reads.append(token)
        if dtype.is_bool:
            value = e.cmpi("NOT_EQUAL", value, e.const(stored, 0, shape))
        return Lowered(value, dtype, region if shape else None)

    def ordered(self) -> m.Value:
        """One token after every memory op so far: what a store, or a loop, waits on."""
        if self.reads:
            self.token = self.e.b.one("join_tokens", m.Token(), tokens=(self.token, *self.reads))
            self.reads = []
        return self.token

    def store(self, s: ir.Store, widened: Lowered) -> None:
        """Write the present elements of `widened` (the value broadcast to the window)
        that lie inside the tensor."""
        pointers, region, inside, dtype = self.window(s.tensor, s.items)
        e = self.e
        shape = padded(tuple(it.length for it in s.items if isinstance(it, ir.Window)))
        if shape:
            assert widened.region is not None
            both = [(e.bound_op("maxi", a[0], b[0]), e.bound_op("mini", a[1], b[1]))
                    for a, b in zip(region, widened.region, strict=True)]
            mask = e.region_mask(shape, tuple(both))
        else:
            mask = None if inside is True else inside
        v = widened.value
        if dtype.is_bool:
            stored = STORAGE[dtype.name]
            v = e.select(v, e.const(stored, 1, shape), e.const(stored, 0, shape))
        assert element_of(v) == STORAGE[dtype.name], (element_of(v), dtype)
        fields: dict = {"destination": pointers, "value": v, "token": self.ordered()}
        if isinstance(mask, m.Value):
            fields["mask"] = mask
        self.token = e.b.op("store_ptr_tko", [m.Token()], fields, {"memory_ordering_semantics": WEAK})[0]
