"""A `dot` of 16-bit floats or 8-bit integers on tensor cores, wherever it stands.

The general writer's product (tiles.py) is a sweep of scalar loops. Where both
operands are f16, or both bf16, into f32, or both i8 into i32, each warp instead
takes the product's m16n8 atoms in turn and issues one mma.sync a k step (m16n8k16,
or m16n8k32 for i8). Each thread gathers its share of the operands straight from
where they are (a window of a tensor, a tile in shared memory, a computed value) by
the atom's fragment layouts below, the PTX ISA's ("Matrix fragments for
mma.m16n8k16" and "... mma.m16n8k32"). An element outside its operand's present
region, or at a k outside the range both operands have, is a zero that is never
read, so the product sums exactly the k the spec sums, and an inf or NaN where no
product is taken meets no zero. The atoms' accumulators go to the product's scratch
tile as the scalar loop's sums do.

In a statement that runs in a product's own accumulator layout (fragments.py's
atom layouts: a warp a 16-row block, each quad a row pair), `write_registers` leaves
the product in each thread's registers where that layout puts it, for the sweep
that uses it, and never in shared memory; a left operand computed from register
tiles of that layout is read from the thread's own registers, since the A fragment
of m16n8k16 holds the same elements as the accumulator fragments of the two atoms
whose columns are its k (the 16-bit atoms only).

The CUDA C++ keeps the scalar loop beside it for targets below sm_80, by
`__CUDA_ARCH__`, so one source serves every target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from phobos.dtypes import I8, DType
from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout.atoms import Atom
from ..layout.groups import WARP, AtomRows
from ..layout.placement import Fragment
from . import dot_stage, dot_wgmma, stage_ring
from .exprs import Region, const_int, linear, paren

if TYPE_CHECKING:
    from .sweeps import Ordered
    from .tiles import TileWriter

def write(w: TileWriter, e: ir.Dot, atom: Atom, ra: Region, rb: Region, k_lo: str, k_hi: str, tmp: str) -> None:
    """The product of `e` into the scratch tile `tmp`, its atoms dealt to the warps in
    turn; `ra` and `rb` are the operands' present regions, [k_lo, k_hi) the k both have.
    The operands' registers are written before any line of the loops, so that what
    reading an operand writes first (a value it materializes, a scalar it hoists) comes
    before them, as in the scalar loop, not inside a warp's loop."""
    (rows, cols), d = e.type.shape, e.type.dtype
    atoms_m, atoms_n = -(-rows // atom.m), -(-cols // atom.n)
    lane, row, col, at, k0, acc, fa, fb = (w.names.take(base) for base in
                                           ("lane", "row", "col", "at", "k0", "acc", "fa", "fb"))
    a_loads = _registers(w, e.left, atom.a, atom.per_register, 4, lane, fa,
                         lambda dr, dc: (_plus(row, "{row}", dr), _plus(k0, "{col}", dc)),
                         lambda i, k: f"{ra[0][0]} <= {i} && {i} < {ra[0][1]} && {k} < {k_hi}")
    b_loads = _registers(w, e.right, atom.b, atom.per_register, 2, lane, fb,
                         lambda dr, dc: (_plus(k0, "{row}", dr), _plus(col, "{col}", dc)),
                         lambda k, j: f"{k} < {k_hi} && {rb[1][0]} <= {j} && {j} < {rb[1][1]}")
    c_row, c_col = atom.c.threads.terms(lane)
    stores = []
    for v in range(4):
        dr, dc = atom.c.registers.at(v)
        i, j = _plus(row, c_row, dr), _plus(col, c_col, dc)
        stores.append(f"if ({i} < {rows} && {j} < {cols}) "
                      f"{tmp}[{linear([f'({i})', f'({j})'], e.type.shape)}] = {ct.pack(d, f'{acc}[{v}]')};")
    w.line(f"{{  // {e.type} = dot on mma.sync {atom.m}x{atom.n}x{atom.k}: each warp an atom of "
           f"{atoms_m} x {atoms_n} a turn, its threads' shares read where the operands are")
    with w.indented():
        w.line(f"const int {lane} = threadIdx.x % 32;")
        w.line(f"for (int {at} = threadIdx.x / 32; {at} < {atoms_m * atoms_n}; {at} += {w.kernel.threads // WARP}) {{")
        with w.indented():
            w.line(f"const int {row} = {at} / {atoms_n} * {atom.m}, {col} = {at} % {atoms_n} * {atom.n};")
            w.line(f"{atom.accumulator} {acc}[4] = {{0, 0, 0, 0}};")
            w.line(f"for (i64 {k0} = {k_lo}; {k0} < {k_hi}; {k0} += {atom.k}) {{")
            with w.indented():
                w.line(f"u32 {fa}[4], {fb}[2];")
                for text in (*a_loads, *b_loads):
                    w.line(text)
                w.line(f"{atom.helper}({acc}, {fa}, {fb});")
            w.line("}")
            for text in stores:
                w.line(text)
        w.line("}")
    w.line("}")


def _registers(w: TileWriter, x: ir.Expr, fragment: Fragment, per_register: int, count: int, lane: str,
               array: str, at: Callable[[int, int], tuple[str, str]], present: Callable[[str, str], str]) -> list[str]:
    """The C++ filling `array`'s `count` registers of operand `x` by `fragment`: `at`
    gives an element's row and column from its register offsets (with `{row}` and
    `{col}` for the lane's share), `present` the condition that it is read."""
    lane_row, lane_col = fragment.threads.terms(lane)
    lines = []
    for r in range(count):
        parts = []
        for v in range(per_register):
            dr, dc = fragment.registers.at(r * per_register + v)
            i, j = (t.format(row=lane_row, col=lane_col) for t in at(dr, dc))
            parts.append(_bits(x.type.dtype, present(i, j), w.elem(x, [f"({i})", f"({j})"])))
        lines.append(f"{array}[{r}] = {_packed(parts)};")
    return lines


def _plus(start: str, lane_part: str, offset: int) -> str:
    """C++ of an atom's start, a lane's share and a register's offset, added."""
    return " + ".join([start, lane_part, *([str(offset)] if offset else [])])


def _bits(d: DType, present: str | None, value: str) -> str:
    """The element's bits as a u32 (its low 16 or 8), 0 where it is not present (None:
    every element a fragment reads is)."""
    if present is None:
        return f"(u32)(u8)({value})" if d == I8 else f"(u32){paren(ct.pack(d, value))}.bits"
    if d == I8:
        return f"({present} ? (u32)(u8)({value}) : 0u)"
    return f"({present} ? (u32){paren(ct.pack(d, value))}.bits : 0u)"


def _packed(parts: list[str]) -> str:
    """Elements packed in one 32-bit register, the first in the low bits."""
    width = 32 // len(parts)
    return " | ".join(p if k == 0 else f"({p} << {k * width})" for k, p in enumerate(parts))


def write_registers(w: TileWriter, e: ir.Dot, atom: Atom, order: Ordered, ra: Region, rb: Region, k_lo: str,
                    k_hi: str, out: str, wgmma: bool = False, accumulate: bool = False,
                    lands_in: ir.Sym | None = None) -> str:
    """The product of `e` into the register array `out` of this thread, placed as the
    statement's accumulator layout (`order.layout`) places a tile of its shape: warp
    w the 16-row blocks w, w + warps, ..., each block's atoms along the columns in
    turn, every loop unrolled so that each register index is known when compiled.
    Operands ldmatrix can read are staged in shared memory first (dot_stage.py);
    each element of the others is read at the names of `order` (the element's row
    and column, and for the left operand its pass, group and element in the layout),
    so that a left operand computed from register tiles reads the thread's own.
    With `wgmma` (sm_90a, where dot_wgmma.takes the product), each warpgroup's four
    blocks are one m64 product instead, B read from its swizzled stage. With
    `accumulate`, the accumulators start from what `out` holds, so the product is
    added to it. `out` being the registers of tile `lands_in`, a wgmma product may be
    left in flight (dot_wgmma.write).
    Returns how the operands are read, in words."""
    layout, groups = order.layout, order.layout.groups
    assert isinstance(groups, AtomRows)
    (rows, cols), (_, depth) = e.type.shape, e.left.type.shape
    warps, split = groups.row_warps, groups.col_warps
    blocks, atoms_n, steps = groups.blocks, cols // atom.n, -(-depth // atom.k)
    own_atoms = layout.slots  # the atoms of a row each warp holds: atoms_n, or its share where warps split the columns
    (i, j), registers = order.pos, w.reads_registers(e.left)

    a_present, b_present = dot_stage.presents(ra, rb, k_lo, k_hi)

    sa, sb = _stage(w, e, atom, a_present, b_present, wgmma)
    lane, first, blk, step, nb, acc, fa, fb = (
        w.names.take(base) for base in ("lane", "first", "blk", "ks", "nb", "acc", "fa", "fb"))
    a_row, a_col = atom.a.threads.terms(lane)
    b_row, b_col = atom.b.threads.terms(lane)

    def a_names(r: int, v: int) -> list[str]:
        dr, dc = atom.a.registers.at(r * atom.per_register + v)
        names = [f"const int {i} = {_plus(first, a_row, dr)};",
                 f"const int {j} = {_plus(f'{step} * {atom.k}', a_col, dc)};"]
        if registers:  # where the accumulator layout holds element (i, j): pass, group and element
            names += [f"const int {order.pass_} = {blk} * 2 + {dr // 8};",
                      f"const int {order.slot} = {step} * {atom.k // 8} + {dc // 8};",
                      f"const int {order.lane} = {dc % 8};"]
        return names

    def column(nb: str) -> str:
        """C++ of the first column of the warp's `nb`-th atom."""
        return f"{nb} * {atom.n}" if split == 1 else f"({groups.warp_column()} + {nb} * {split}) * {atom.n}"

    def b_names(r: int, v: int) -> list[str]:
        dr, dc = atom.b.registers.at(r * atom.per_register + v)
        return [f"const int {i} = {_plus(f'{step} * {atom.k}', b_row, dr)};",
                f"const int {j} = {_plus(column(nb), b_col, dc)};"]

    # Where both operands are whole over the k the atoms read, and the atoms' rows and
    # columns lie in the tile, every element a fragment gathers is present: no test.
    whole_k = const_int(k_lo) == 0 and const_int(k_hi) == depth == steps * atom.k
    a_whole = whole_k and not groups.ragged and ra[0] == ("0", str(rows))
    b_whole = whole_k and own_atoms * split == atoms_n and rb[1] == ("0", str(cols))
    a_value = b_value = ""
    if sa is None:
        a_value = _bits(e.left.type.dtype, None if a_whole else a_present(i, j), w.elem(e.left, [i, j]))
    if sb is None:
        b_value = _bits(e.right.type.dtype, None if b_whole else b_present(i, j), w.elem(e.right, [i, j]))

    def left_fragment(fa: str) -> None:
        """A's registers of k step `step` of the block at row `first` into `fa`."""
        if sa is None:
            _gather(w, fa, 4, atom.per_register, a_names, a_value)
        else:
            w.line(_left_fragment(sa, atom, fa, lane, first, step))

    def moves(index: Callable[[str, int], str], to_out: bool) -> None:
        """The block's accumulators to `out`, or where not `to_out` from it, `index(nb, v)`
        naming atom nb's element v."""
        lines = []
        for v in range(4):  # element v of an atom's accumulator: row g + 8 (v / 2), column 2t + v % 2
            dr, dc = atom.c.registers.at(v)
            held = f"{out}[{layout.register_index(str(dc), nb, f'({blk} * 2 + {dr // 8})')}]"
            lines.append(f"{held} = {index(nb, v)};" if to_out else f"{index(nb, v)} = {held};")
        w.unrolled(f"for (int {nb} = 0; {nb} < {own_atoms}; ++{nb}) {{", lines)

    def store(index: Callable[[str, int], str]) -> None:
        moves(index, True)

    def start(index: Callable[[str, int], str]) -> None:
        moves(index, False)

    left = ("A staged from the threads' registers for ldmatrix" if registers and sa else
            "A from the thread's registers" if registers else "A staged for ldmatrix" if sa else "A read where it is")
    if wgmma:
        assert sb is not None and sb.plan.swizzled
        dot_wgmma.write(w, e, sa if sa is not None and sa.plan.swizzled else None, sb,
                        dot_wgmma.Block(blk, first, step, lane, acc, fa, steps, warps, blocks), left_fragment, store,
                        start if accumulate else None, lands_in)
        if sa is not None and sa.plan.swizzled:
            left = "A staged swizzled"
        return f"{left}, B staged swizzled for wgmma"
    w.line(f"{{  // {e.type} = dot on mma.sync {atom.m}x{atom.n}x{atom.k}, each warp its blocks' atoms in turn")
    with w.indented():
        w.line(f"const int {lane} = threadIdx.x % 32;")
        w.line("#pragma unroll")
        w.line(f"for (int {blk} = 0; {blk} < {blocks}; ++{blk}) {{")
        with w.indented():
            warp_row = "threadIdx.x / 32" if split == 1 else f"threadIdx.x / 32 / {split}"
            w.line(f"const int {first} = ({warp_row} + {blk} * {warps}) * {atom.m};  // the block's first row")
            if sa is not None and groups.ragged:
                w.line(f"if ({first} >= {rows}) continue;  // past the tile: nothing staged to read")
            w.line(f"{atom.accumulator} {acc}[{own_atoms}][4]{'' if accumulate else ' = {}'};")
            if accumulate:
                start(lambda nb, v: f"{acc}[{nb}][{v}]")
            w.line("#pragma unroll")
            w.line(f"for (int {step} = 0; {step} < {steps}; ++{step}) {{")
            with w.indented():
                w.line(f"u32 {fa}[4] = {{}};")
                left_fragment(fa)
                if sb is None:
                    w.line("#pragma unroll")
                    w.line(f"for (int {nb} = 0; {nb} < {own_atoms}; ++{nb}) {{")
                    with w.indented():
                        if own_atoms * split > atoms_n:
                            w.line(f"if ({column(nb)} >= {cols}) continue;  // past the tile's columns")
                        w.line(f"u32 {fb}[2] = {{}};")
                        _gather(w, fb, 2, atom.per_register, b_names, b_value)
                        w.line(f"{atom.helper}({acc}[{nb}], {fa}, {fb});")
                    w.line("}")
                elif split == 1:
                    _staged_right(w, sb, atom, atoms_n, lane, step, acc, fa)
                else:
                    _staged_split(w, sb, atom, groups, atoms_n, own_atoms, lane, step, acc, fa)
            w.line("}")
            store(lambda nb, v: f"{acc}[{nb}][{v}]")
        w.line("}")
    w.line("}")
    right = "B staged for ldmatrix" if sb else "B read where it is"
    return f"{left}, {right}"


def _stage(w: TileWriter, e: ir.Dot, atom: Atom, a_present: Callable[[str, str], str],
           b_present: Callable[[str, str], str], wgmma: bool
           ) -> tuple[dot_stage.Staged | None, dot_stage.Staged | None]:
    """Stage the operands the product's plan gives (plan/products.py), followed by one barrier."""
    product = w.product_plan(e)
    plans = product.wgmma if wgmma else product.mma
    if plans is None:
        return None, None
    staged = stage_ring.stage_operands(w, e, plans, (a_present, b_present), "wgmma" if wgmma else "ldmatrix")
    return staged[0], staged[1]


def _left_fragment(s: dot_stage.Staged, atom: Atom, fa: str, lane: str, first: str, step: str) -> str:
    """The A registers of one k step of a block by one ldmatrix.x4: matrices (rows 0-7,
    k 0-7), (rows 8-15, k 0-7), (rows 0-7, k 8-15), (rows 8-15, k 8-15), in 16-byte
    pieces of k (so for i8 the same with k twice as wide)."""
    chunk = atom.k // 2
    if not s.turned:
        return f"ph::ldmatrix4({fa}, {s.at(f'{first} + {lane} % 16', f'{step} * {atom.k} + {lane} / 16 * {chunk}')});"
    return (f"ph::ldmatrix4_trans({fa}, "
            f"{s.at(f'{step} * {atom.k} + {lane} / 16 * 8 + {lane} % 8', f'{first} + {lane} / 8 % 2 * 8')});")


def _staged_right(w: TileWriter, s: dot_stage.Staged, atom: Atom, atoms_n: int, lane: str, step: str, acc: str,
                  fa: str) -> None:
    """Each pair of atoms' B registers of one k step by one ldmatrix.x4 (an odd last
    atom by an .x2), then their products: matrices (n 0-7, k 0-7), (n 0-7, k 8-15),
    then the same for the next 8 columns."""
    chunk = atom.k // 2
    fq = w.names.take("fq")
    for first in range(0, atoms_n, 2):
        count = min(2, atoms_n - first)
        n_row = f"{first * 8} + {lane} / 16 * 8 + {lane} % 8" if count == 2 else f"{first * 8} + {lane} % 8"
        if s.turned:  # stored [n][k]: k along the stored rows, as the fragments want it
            address = s.at(n_row, f"{step} * {atom.k} + {lane} / 8 % 2 * {chunk}")
            load = f"ph::ldmatrix{2 * count}"
        else:  # stored [k][n]: each 8 x 8 matrix turned
            n_col = f"{first * 8} + {lane} / 16 * 8" if count == 2 else str(first * 8)
            address = s.at(f"{step} * {atom.k} + {lane} / 8 % 2 * 8 + {lane} % 8", n_col)
            load = f"ph::ldmatrix{2 * count}_trans"
        w.line("{")
        with w.indented():
            w.line(f"u32 {fq}[{2 * count}];")
            w.line(f"{load}({fq}, {address});")
            for half in range(count):
                w.line(f"{atom.helper}({acc}[{first + half}], {fa}, "
                       f"{{{fq}[{2 * half}], {fq}[{2 * half + 1}]}});")
        w.line("}")


def _staged_split(w: TileWriter, s: dot_stage.Staged, atom: Atom, groups: AtomRows, atoms_n: int, held: int,
                  lane: str, step: str, acc: str, fa: str) -> None:
    """As `_staged_right`, where the warps of a block split its atoms: each of this warp's
    atoms (the warp's place among the block's warps, then every `col_warps`-th) by one
    ldmatrix.x2, an atom past the tile's columns skipped."""
    chunk, fq, split = atom.k // 2, w.names.take("fq"), groups.col_warps
    for nb in range(held):
        n_first = f"{groups.warp_column()} * 8" if nb == 0 else f"({groups.warp_column()} + {nb * split}) * 8"
        if s.turned:  # stored [n][k]: k along the stored rows, as the fragments want it
            address = s.at(f"{n_first} + {lane} % 8", f"{step} * {atom.k} + {lane} / 8 % 2 * {chunk}")
            load = "ph::ldmatrix2"
        else:  # stored [k][n]: each 8 x 8 matrix turned
            address = s.at(f"{step} * {atom.k} + {lane} / 8 % 2 * 8 + {lane} % 8", n_first)
            load = "ph::ldmatrix2_trans"
        ragged = (nb + 1) * split > atoms_n
        w.line(f"if ({n_first} < {atoms_n * 8}) {{" if ragged else "{")
        with w.indented():
            w.line(f"u32 {fq}[2];")
            w.line(f"{load}({fq}, {address});")
            w.line(f"{atom.helper}({acc}[{nb}], {fa}, {{{fq}[0], {fq}[1]}});")
        w.line("}")


def _gather(w: TileWriter, array: str, count: int, per_register: int,
            names: Callable[[int, int], list[str]], value: str) -> None:
    """Fill `array`'s `count` registers, element v of register r being `value` at the
    position `names(r, v)` defines; each element in a block of its own."""
    width = 32 // per_register
    for r in range(count):
        for v in range(per_register):
            shift = f" << {v * width}" if v else ""
            w.line(f"{{ {' '.join(names(r, v))} {array}[{r}] |= {value}{shift}; }}")

