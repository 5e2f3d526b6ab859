"""Windows of tile values, through memory of the tile block's own: a tile is written
whole into an `alloca`ted scratch buffer, then the window is read from it, or a value
written into it and the tile read back. Tile IR's tiles have no other way to move
elements by an offset only known at run time; the scratch is private, so the token
chain orders it with the rest. Every spill shares one buffer of bytes, made at the
top of the entry as large as the largest and cast to each element type: a spill is
read only in the statement that wrote it, and the tokens order one spill's reads
before the next one's writes. A tile the buffer already holds, written in the same
block with nothing written there since, is not written again. A kernel that uses the
buffer loads its tensors without TMA (hints.without_tma): tileiras 13.4 gives a TMA
kernel a producer warp with its own copy of the buffer, and puts the spill of a tile
just loaded there, where the consumer warps' reads of the window never see it.
(tileiras hands out each `alloca` by one thread
through a word of shared memory that every thread then reads, and writes that word
again for the next `alloca` with no barrier between: racecheck sees the race.)
"""

from __future__ import annotations

import math

from phobos.ir import nodes as ir

from . import model as m
from .emit import WEAK, Bound, Emitter, Lowered, Region, element_of, padded, tile


def row_major(shape: tuple[int, ...]) -> list[int]:
    strides = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        strides[d] = strides[d + 1] * shape[d + 1]
    return strides


class Scratch:
    """The scratch part of the lowering, which the statements and expressions use; it
    orders its memory ops through memory.Memory's `ordered`, and folds bounds through
    exprs.Exprs's `select_bound`."""

    e: Emitter
    token: m.Value
    reads: list[m.Value]
    prologue: m.Block
    scratch: m.Op | None
    scratch_bases: dict[m.Scalar, m.Value]
    held: tuple[m.Value, m.Block] | None  # the tile the buffer holds whole, and the block that wrote it

    def spill(self, t: Lowered) -> m.Value:
        """The scratch buffer holding all of `t` (its Tile IR shape), row-major, as a
        pointer to `t`'s element type."""
        element = element_of(t.value)
        if self.held == (t.value, self.e.b.block):
            return self.scratch_bases[element]
        size = math.prod(t.shape) * max(1, element.bits // 8)
        if self.scratch is None:
            with self.e.detached(self.prologue):
                self.e.b.one("alloca", tile(m.Pointer(m.I8)), num_elem=m.Int(size), alignment=m.Int(16))
            self.scratch = self.prologue.ops[-1]
            self.scratch_bases[m.I8] = self.scratch.results[0]
        elif self.scratch.attrs["num_elem"].value < size:  # type: ignore[union-attr]
            self.scratch.attrs["num_elem"] = m.Int(size)
        if element not in self.scratch_bases:
            with self.e.detached(self.prologue):
                self.scratch_bases[element] = self.e.b.one("ptr_to_ptr", tile(m.Pointer(element)),
                                                           source=self.scratch.results[0])
        base = self.scratch_bases[element]
        self.store_at(base, t.shape, [0] * len(t.shape), list(range(len(t.shape))), t.value, None)
        self.held = (t.value, self.e.b.block)
        return base

    def scratch_pointers(self, base: m.Value, whole: tuple[int, ...], starts: list[Bound], dims: list[int],
                         shape: tuple[int, ...], mask: m.Value | None) -> m.Value:
        """Pointers into a row-major buffer of `whole`: result dim j runs along buffer dim
        dims[j] from starts[that dim]; an At dim sits at its start. Masked-off ones point
        at the first element."""
        e = self.e
        strides = row_major(whole)
        offset: Bound = 0
        for d, s in enumerate(starts):
            offset = e.bound_op("addi", offset, e.bound_op("muli", s, strides[d]))
        offsets = e.broadcast(e.index(offset), shape)
        for j, d in enumerate(dims):
            steps = e.iota(shape[j])
            if strides[d] != 1:
                steps = e.int_op("muli", steps, e.broadcast(e.index(strides[d]), (shape[j],)))
            offsets = e.int_op("addi", offsets, e.along(steps, j, shape))
        offsets = e.select(mask, offsets, e.const(m.I64, 0, shape))
        return e.b.one("offset", tile(base.type.element, shape), ptr=e.broadcast(base, shape), offset=offsets)

    def store_at(self, base: m.Value, whole: tuple[int, ...], starts: list[Bound], dims: list[int],
                 value: m.Value, mask: m.Value | None) -> None:
        shape = value.type.shape  # type: ignore[union-attr]
        self.held = None
        pointers = self.scratch_pointers(base, whole, starts, dims, shape, mask)
        fields: dict = {"destination": pointers, "value": value, "token": self.ordered()}
        if mask is not None:
            fields["mask"] = mask
        self.token = self.e.b.op("store_ptr_tko", [m.Token()], fields, {"memory_ordering_semantics": WEAK})[0]

    def load_at(self, base: m.Value, whole: tuple[int, ...], starts: list[Bound], dims: list[int],
                shape: tuple[int, ...], mask: m.Value | None) -> m.Value:
        e = self.e
        element = base.type.element.pointee  # type: ignore[union-attr]
        fields: dict = {"source": self.scratch_pointers(base, whole, starts, dims, shape, mask), "token": self.token}
        if mask is not None:
            fields |= {"mask": mask, "paddingValue": e.const(element, 0.0 if element.is_float else 0, shape)}
        value, token = e.b.op("load_ptr_tko", [tile(element, shape), m.Token()], fields,
                              {"memory_ordering_semantics": WEAK})
        self.reads.append(token)
        return value

    # ------------------------------------------------------------ reading and writing windows

    def tile_window(self, t: Lowered, items: tuple[ir.Item, ...], starts: list[Lowered],
                    logical: tuple[int, ...]) -> Lowered:
        """`t[items]`: its region is where the window meets `t`'s own, inside the tile."""
        e = self.e
        assert t.region is not None
        base = self.spill(t)
        region: list[tuple[Bound, Bound]] = []
        every: m.Value | bool = True
        dims = []
        for d, (it, s) in enumerate(zip(items, starts, strict=True)):
            lo, hi = t.region[d]
            if isinstance(it, ir.At):
                ok = e.b.one("andi", tile(m.I1), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", s.value, e.index(lo)),
                             rhs=e.cmpi("LESS_THAN", s.value, e.index(hi)))
                every = ok if every is True else e.b.one("andi", ok.type, lhs=every, rhs=ok)
                continue
            dims.append(d)
            start = e.clamp(e.bound_op("subi", lo, s.value), 0, it.length)
            region.append((start, e.bound_op("maxi", start, e.clamp(e.bound_op("subi", hi, s.value), 0, it.length))))
        region_t: Region = tuple((lo, self.select_bound(every, hi, lo)) for lo, hi in region)
        shape = padded(logical)
        mask = e.region_mask(shape, region_t)
        value = self.load_at(base, t.shape, [s.value for s in starts], dims, shape, mask)
        return Lowered(value, t.dtype, region_t)

    def store_into_tile(self, t: Lowered, items: tuple[ir.Item, ...], starts: list[Lowered], v: Lowered,
                        extents: tuple[int, ...]) -> m.Value:
        """`t` with `v` written through the window `items`: where `v` is present and the
        position lies inside the tile (of `extents`)."""
        e = self.e
        assert v.region is not None
        base = self.spill(t)
        bounds: list[tuple[Bound, Bound]] = []
        every: m.Value | bool = True
        dims = []
        for d, (it, s) in enumerate(zip(items, starts, strict=True)):
            if isinstance(it, ir.At):
                ok = e.b.one("andi", tile(m.I1), lhs=e.cmpi("GREATER_THAN_OR_EQUAL", s.value, e.index(0)),
                             rhs=e.cmpi("LESS_THAN", s.value, e.index(extents[d])))
                every = ok if every is True else e.b.one("andi", ok.type, lhs=every, rhs=ok)
                continue
            dims.append(d)
            lo = e.clamp(e.bound_op("subi", 0, s.value), 0, it.length)
            bounds.append((lo, e.bound_op("maxi", lo, e.clamp(e.bound_op("subi", extents[d], s.value), 0, it.length))))
        both = tuple(
            (e.bound_op("maxi", a[0], b[0]), self.select_bound(every, e.bound_op("mini", a[1], b[1]), a[0]))
            for a, b in zip(bounds, v.region, strict=True)
        )
        self.store_at(base, t.shape, [s.value for s in starts], dims, v.value, e.region_mask(v.shape, both))
        written = self.load_at(base, t.shape, [0] * len(t.shape), list(range(len(t.shape))), t.shape, None)
        self.held = (written, self.e.b.block)
        return written
