"""Which tiles live in registers, and how their elements are spread over the CTA.

A tile that every statement touches element by element, each thread only ever
reading the elements it wrote itself, needs no shared memory and no barrier: each
thread keeps its own elements in registers. That holds when one fixed assignment of
elements to threads serves every sweep over the tile. The assignment here is the row
reductions' (groups.py): the tile's rows (all dims but the last, flattened) go to
groups of `width` consecutive threads, one group per row and pass; along the row,
the elements go in *groups* of `size` consecutive elements (16 bytes of the
narrowest type in the kernel), lane l of the group holding groups l, l + width, ...
Consecutive lanes so hold consecutive 16 bytes of a row, so loads and stores of
whole groups are coalesced, and a row reduction folds each thread's own elements in
registers before the group's shuffles.

A *layout* is kept per leading shape (the dims before the last) with the widest
last dim among the kernel's tiles of that leading shape: a tile of that full shape
is *spread* (each thread holds its groups); a tile with last dim 1 (a per-row value
such as a mean) is *replicated*: every lane of a row's group holds the row's value.

A statement can follow a layout when every tile value in it has the layout's full
shape or its per-row shape, and nothing in it reads a tile elsewhere than at the
element being computed (no `dot`, `transpose`, reduction along another axis, or
element and window reads of a register tile). A tile goes to registers when every
statement that touches it can, and the registers it needs fit the budget; its sweeps
then run in the layout's order, each thread's groups fully unrolled so every index
into the register arrays is known at compile time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from phobos.ir import nodes as ir
from phobos.targets import REGISTER_BUDGET, register_bytes

from .. import ctypes as ct
from . import atoms
from .groups import AtomRows, RowGroups, atom_rows, row_groups
from .liveness import live_budget_on, live_ranges
from .placement import Fragment, Modes

# The most groups one thread may own in one layout: a sweep is unrolled over all of them.
MAX_GROUPS = 32
# Where products keep their accumulators in registers (an atom layout), a tile may take
# this many of a thread's groups, and the thread's register tiles together `atom_budget`.
ATOM_MAX_GROUPS = 64
SM_REGISTERS = 65536  # 32-bit registers an SM has, on every target
THREAD_REGISTERS = 256  # a thread's most, in the steps of 8 they are given in (255 addressable)
OTHER_REGISTERS = 64  # what a tensor-core kernel keeps beside its tiles: addresses, fragments, loop state
LEAST_ATOM_BUDGET = 512


def atom_budget(threads: int, occupancy: int | None) -> int:
    """Bytes of register tiles a thread may hold where products keep their accumulators
    in registers: what the launch bounds give a thread (all it may have, or a share of
    the SM's where `@occupancy` asks for several CTAs an SM) less what the rest of such
    a kernel keeps, so that attention's accumulator, scores and probabilities stay in
    registers together (768 bytes at 128 or 256 threads); never less than 512, the
    budget the kernels of more threads or CTAs an SM were first tuned with."""
    registers = min(THREAD_REGISTERS, SM_REGISTERS // (threads * (occupancy or 1)))
    return max(LEAST_ATOM_BUDGET, (registers - OTHER_REGISTERS) * 4)


@dataclass(frozen=True)
class Layout:
    """Rows of `cols` elements, `lead` giving the rows' dims, spread over the CTA:
    the row groups of `groups`, each lane holding `slots` groups of `size` elements
    of its row in each of the layout's passes."""

    lead: tuple[int, ...]
    cols: int
    size: int
    groups: RowGroups
    blocked: bool = False  # shaped for a product's blocked multiply-adds (make_product_layout)

    @property
    def rows(self) -> int:
        return self.groups.rows

    @property
    def width(self) -> int:
        return self.groups.width

    @property
    def passes(self) -> int:
        return self.groups.passes

    @property
    def slots(self) -> int:
        """Groups of a row each lane holds in one pass."""
        return -(-self.groups.length // self.width)

    @property
    def ragged_slots(self) -> bool:
        """Whether the last slot is missing for some lanes (the row's groups do not
        divide evenly among the lanes)."""
        return self.groups.length % self.width != 0

    @property
    def full_shape(self) -> tuple[int, ...]:
        return (*self.lead, self.cols)

    @property
    def row_shape(self) -> tuple[int, ...]:
        return (*self.lead, 1)

    def elements(self, spread: bool) -> int:
        """Register elements per thread for a tile of the full shape (spread) or the
        per-row shape (replicated)."""
        return self.passes * (self.slots * self.size if spread else 1)

    def placement(self, spread: bool = True) -> Fragment:
        """Where this layout puts a tile of its full shape (spread) or its per-row shape
        (replicated: every lane of a row's group holds the row's value): thread t is lane
        t % width of the group of row t / width (in each pass, `per_pass` rows further),
        and a spread tile's register (pass, slot, v) holds column (lane + slot width)
        size + v. Rows are the `lead` dims flattened. The sweeps write their indices from
        it (sweeps.py); the register modes are (v, slot, pass), fastest first."""
        g = self.groups
        threads, passes, one = g.threads_modes, g.passes_modes, Modes((1,), (0,), (0,))
        if not spread:
            return Fragment(one, Modes(threads.sizes, threads.rows, (0,) * len(threads.sizes)), passes)
        return Fragment(one, Modes(threads.sizes, threads.rows, tuple(c * self.size for c in threads.cols)),
                        Modes((self.size, self.slots, *passes.sizes), (0, 0, *passes.rows),
                              (1, g.width * self.size, *(0 for _ in passes.sizes))))

    def register_index(self, element: str, slot: str, pass_: str) -> str:
        """C++ of the register of a spread tile holding element `element` of group `slot`
        of pass `pass_` (the passes counted as one index, however many modes they have)."""
        return Modes((self.size, self.slots, self.passes), (0, 0, 0), (0, 0, 0)).index([element, slot, pass_])

    def group_index(self, slot: str, pass_: str) -> str:
        """C++ of which of a thread's groups (over all passes) group `slot` of pass `pass_` is."""
        return Modes((self.slots, self.passes), (0, 0), (0, 0)).index([slot, pass_])

    @property
    def is_atom(self) -> bool:
        """Whether this is a tensor-core accumulator's placement (groups.AtomRows)."""
        return isinstance(self.groups, AtomRows)

    def describe(self) -> str:
        g = self.groups
        if isinstance(g, AtomRows) and g.col_warps > 1:
            return (f"{g.rows} rows of {self.cols} as a tensor-core accumulator: 16-row blocks to {g.row_warps} "
                    f"warp{'s' if g.row_warps > 1 else ''} in turn, their 8-column atoms to {g.col_warps} warps in "
                    f"turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8")
        if self.is_atom:
            return (f"{g.rows} rows of {self.cols} as a tensor-core accumulator: 16-row blocks to the warps in turn, "
                    f"rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8")
        text = (f"{g.rows} row{'s' if g.rows > 1 else ''} of {self.cols}, a group of {g.width} threads per row, "
                f"each lane holding {self.slots} group{'s' if self.slots > 1 else ''} of {self.size}")
        if g.passes > 1:
            text += f" in each of {g.passes} passes"
        return text


def group_size(kernel: ir.Kernel, tiles: list[ir.Sym]) -> int:
    """Elements per group: 16 bytes of the narrowest element type the kernel moves."""
    dtypes = [s.vtype.dtype for s in tiles] + [p.dtype for p in kernel.params if isinstance(p, ir.TensorParam)]
    return 16 // min((ct.element_bytes(d) for d in dtypes), default=4)


def make_atom_layout(lead: tuple[int, ...], cols: int, threads: int) -> Layout:
    """The accumulator layout of an m16n8 product of `lead` rows and `cols` columns."""
    return Layout(lead, cols, 2, atom_rows(math.prod(lead), cols // 2, threads))


def make_product_layout(lead: tuple[int, ...], cols: int, size: int, threads: int) -> Layout:
    """The row layout of a product no tensor core takes (dot_fma.py): of the group
    widths that keep a row's group in one warp, the one whose thread reads the fewest
    pieces of shared memory in four k steps, for rows x groups x size multiply-adds a
    step, the wider on a tie. A step reads one group of B a column group; a row's
    elements of A lie along k in its stage, so four steps read them in 16-byte pieces
    (`size` elements each, the kernel's group)."""
    a_pieces = -(-4 // size)
    while cols % size:
        size //= 2
    rows, length = math.prod(lead), cols // size

    def cost(width: int) -> tuple[int, int]:
        groups = RowGroups(rows, length, threads, width)
        return groups.passes * a_pieces + 4 * -(-length // width), -width

    widths = [w for w in (1, 2, 4, 8, 16, 32) if threads % w == 0 and w <= max(1, length)]
    width = min(widths, key=cost)
    return Layout(lead, cols, size, RowGroups(rows, length, threads, width), blocked=True)


def make_layout(lead: tuple[int, ...], cols: int, size: int, threads: int) -> Layout:
    while cols % size:
        size //= 2
    return Layout(lead, cols, size, row_groups(math.prod(lead), cols // size, threads))


@dataclass
class Registers:
    """The kernel's register tiles and layouts."""

    size: int  # elements per group (`group_size`)
    layouts: dict[tuple[int, ...], Layout]
    spread: dict[ir.Sym, Layout]
    replicated: dict[ir.Sym, Layout]
    # The softmaxes (ir node ids) whose operand tile may take exp(x - max) in place
    # (`consumed_softmaxes`).
    consumed: frozenset[int] = frozenset()
    # Products stored straight to a tensor that are computed in registers all the same
    # (ir node ids, `stored_products`): they anchor their statement to their layout.
    anchors: frozenset[int] = frozenset()

    def __contains__(self, sym: object) -> bool:
        return sym in self.spread or sym in self.replicated

    @property
    def tiles(self) -> set[ir.Sym]:
        return set(self.spread) | set(self.replicated)

    def layout_of(self, sym: ir.Sym) -> Layout:
        return self.spread.get(sym) or self.replicated[sym]

    def packed(self, sym: ir.Sym) -> bool:
        """Whether a register tile keeps its elements two to a 32-bit register: a 16-bit
        float tile in an accumulator layout, which is what a next product reads as its
        left operand (the A fragment's registers are pairs of adjacent columns). Halving
        its registers is what lets two CTAs of an MLP block share an SM."""
        layout = self.spread.get(sym)
        return layout is not None and layout.is_atom and sym.vtype.dtype in ct.SIXTEEN

    def statement_layout(self, s: ir.Stmt) -> Layout | None:
        """The layout a statement's sweeps follow (`statement_layout`)."""
        return statement_layout(s, self.layouts, self.tiles, self.anchors)


def layout_at(layouts: dict[tuple[int, ...], Layout], shape: tuple[int, ...]) -> Layout | None:
    """The layout a tile of `shape` takes: its leading shape's, or where that is an
    accumulator layout, the same rows' accumulator layout of the tile's own width (a
    whole number of 8-column atoms), so that a product's result and its operands may
    differ in width (an MLP's hidden tile and its output)."""
    layout = layouts.get(shape[:-1])
    if layout is None or shape[-1] in (1, layout.cols) or not layout.is_atom or shape[-1] % 8:
        return layout
    return make_atom_layout(layout.lead, shape[-1], layout.groups.threads)


def _fits_a_layout(layouts: dict[tuple[int, ...], Layout], shape: tuple[int, ...]) -> bool:
    layout = layout_at(layouts, shape)
    return layout is not None and layout.cols == shape[-1]


def statement_layout(s: ir.Stmt, layouts: dict[tuple[int, ...], Layout], registers: set[ir.Sym],
                     anchors: frozenset[int] = frozenset()) -> Layout | None:
    """The layout a statement's sweeps follow: the one of its anchored values
    (`anchored_shapes`), when they all have its full or per-row shape."""
    shapes = anchored_shapes(s, registers, anchors)
    leads = {shape[:-1] for shape in shapes}
    if len(leads) != 1:
        return None
    widths = {shape[-1] for shape in shapes} - {1}
    lead = leads.pop()
    layout = layout_at(layouts, (*lead, widths.pop())) if len(widths) == 1 else layouts.get(lead)
    return layout if layout is not None and follows(s, layout, registers, anchors) else None


def _target(s: ir.Stmt) -> tuple[tuple[int, ...] | None, ir.Sym | None]:
    """The shape a tile statement sweeps to write its target, and the target tile."""
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) if sym.vtype.shape:
            return sym.vtype.shape, sym
        case ir.Store(items=items) | ir.TileStore(items=items) if any(isinstance(it, ir.Window) for it in items):
            return tuple(it.length for it in items if isinstance(it, ir.Window)), None
    return None, None


def _anchored(e: ir.Expr, registers: set[ir.Sym]) -> bool:
    """Whether a tile value can only be computed in a layout's order: it reads a
    register tile, or a row reduction or softmax (whose row values the order keeps in
    registers). Any other value can be read at any position."""
    return any(isinstance(n, ir.Reduce | ir.Softmax) or (isinstance(n, ir.Read) and n.sym in registers)
               for n in ir.walk_expr(e))


def anchored_shapes(s: ir.Stmt, registers: set[ir.Sym], anchors: frozenset[int] = frozenset()
                    ) -> set[tuple[int, ...]]:
    """The shapes of the statement's sweeps that must run in a layout's order: of
    each anchored value (and each of the `anchors`, products computed in registers),
    of what a reduction of a whole tile folds, and of the target when it is a register
    tile or takes an anchored value."""
    shapes: set[tuple[int, ...]] = set()
    for n in _sweepable(s):
        if isinstance(n, ir.Reduce) and n.axis is None and _anchored(n.operand, registers):
            shapes.add(n.operand.type.shape)
        elif n.type.shape and (_anchored(n, registers) or id(n) in anchors):
            shapes.add(n.type.shape)
    target, sym = _target(s)
    if target is not None and (shapes or sym in registers):
        shapes.add(target)
    return shapes


def _sweepable(s: ir.Stmt) -> list[ir.Expr]:
    """The statement's nodes, but the left operand of a tensor-core product: where the
    product is computed into registers its own code reads that operand, in the operand's
    own layout (`product_in_registers`); where it is not, `follows` refuses the product."""
    found: list[ir.Expr] = []

    def visit(e: ir.Expr) -> None:
        found.append(e)
        for c in e.children():
            if not (isinstance(e, ir.Dot) and c is e.left and atoms.atom_for(e) is not None):
                visit(c)

    for e in ir.stmt_exprs(s):
        visit(e)
    return found


def follows(s: ir.Stmt, layout: Layout, registers: set[ir.Sym], anchors: frozenset[int] = frozenset()) -> bool:
    """Whether every sweep the statement must run in order can run in the layout's."""
    if not anchored_shapes(s, registers, anchors) <= {layout.full_shape, layout.row_shape}:
        return False
    for n in swept_nodes(s, layout, registers):
        match n:
            case ir.Dot() if product_in_registers(n, layout, registers):
                continue
            case ir.Dot() | ir.Transpose():
                return False
            case ir.TileIndex(base=base) if not isinstance(base, ir.Read):
                return False
            case ir.Reduce(axis=axis) if axis is not None and axis != len(n.operand.type.shape) - 1:
                return False
    return True


def product_in_registers(e: ir.Dot, layout: Layout | None, registers: set[ir.Sym]) -> bool:
    """Whether a statement in `layout`'s order computes the product `e` straight into
    registers in that layout (dot_mma.write_registers): the layout is the product's
    own accumulator layout, the right operand reads no register tile, and the left
    reads register tiles only where the instruction's A fragment finds their elements
    in the same thread (a 16-bit operand of the layout's shape, through elementwise
    operations alone)."""
    atom = atoms.atom_for(e)
    if layout is None or e.type.shape != layout.full_shape:
        return False
    if atom is None:  # blocked multiply-adds (dot_fma.py), of operands staged from where they lie
        return (layout.blocked and atoms.blocked(e) and not reads_registers(e.left, registers)
                and not reads_registers(e.right, registers))
    if not layout.is_atom:
        return False
    if reads_registers(e.right, registers):
        return False
    if not reads_registers(e.left, registers):
        return True
    (rows, depth) = e.left.type.shape
    if staged_from_registers(layout):  # each thread stages the elements it holds for ldmatrix
        return (not isinstance(e.left, ir.Transpose) and (rows,) == layout.lead and depth % atom.k == 0
                and _elementwise_reads(e.left, registers))
    return (atom.per_register == 2 and (rows,) == layout.lead and depth % atom.k == 0
            and _elementwise_reads(e.left, registers))


def staged_from_registers(layout: Layout) -> bool:
    """Whether a product's left operand computed from register tiles of `layout` goes
    through shared memory rather than straight into the A fragments: where the warps
    split the columns, a row's k lies in other warps' registers."""
    return isinstance(layout.groups, AtomRows) and layout.groups.col_warps > 1


def reads_registers(e: ir.Expr, registers: set[ir.Sym]) -> bool:
    """Whether `e` reads any of the register tiles `registers`."""
    return ir.any_node(e, lambda n: isinstance(n, ir.Read) and n.sym in registers)


def _elementwise_reads(e: ir.Expr, registers: set[ir.Sym]) -> bool:
    """Whether every read of a register tile in `e` is reached through elementwise
    operations of tiles of `e`'s shape alone."""
    if isinstance(e, ir.Read):
        return True
    if not reads_registers(e, registers):
        return True
    if not isinstance(e, ELEMENTWISE) or not e.type.shape:
        return False
    return all(_elementwise_reads(c, registers) for c in e.children() if c.type.shape == e.type.shape or
               not reads_registers(c, registers))


def swept_nodes(s: ir.Stmt, layout: Layout | None, registers: set[ir.Sym]) -> list[ir.Expr]:
    """The statement's nodes its sweeps compute: all of them, but the operands of a
    product computed into registers, which the product's own code reads."""
    found: list[ir.Expr] = []

    def visit(e: ir.Expr) -> None:
        found.append(e)
        if isinstance(e, ir.Dot) and product_in_registers(e, layout, registers):
            return
        for c in e.children():
            visit(c)

    for e in ir.stmt_exprs(s):
        visit(e)
    return found


def _touched(s: ir.Stmt) -> set[ir.Sym]:
    syms = {n.sym for n in ir.stmt_nodes(s) if isinstance(n, ir.Read) and n.sym.vtype.shape}
    match s:
        case ir.Decl(sym=sym) | ir.Assign(sym=sym) | ir.TileStore(sym=sym) if sym.vtype.shape:
            syms.add(sym)
    syms |= {n.tile for n in ir.stmt_nodes(s) if isinstance(n, ir.Atomic) and n.tile is not None}
    return syms


def whole_window(s: ir.TileStore) -> bool:
    """Whether a store through a window of a tile covers the whole tile in place
    (`t[0 :+ n] = e`): each element is written at its own position, masked by the
    value's region."""
    return all(isinstance(it, ir.Window) and isinstance(it.start, ir.Const) and int(it.start.value) == 0
               and it.length == n for it, n in zip(s.items, s.sym.vtype.shape, strict=True))


def _read_elsewhere(s: ir.Stmt) -> set[ir.Sym]:
    """Tiles the statement reads or writes other than element by element in place."""
    out: set[ir.Sym] = set()
    if isinstance(s, ir.TileStore) and not whole_window(s):
        out.add(s.sym)
    for n in ir.stmt_nodes(s):
        match n:
            case ir.TileIndex(base=base):
                out |= {m.sym for m in ir.walk_expr(base) if isinstance(m, ir.Read)}
            case ir.Atomic(tile=tile) if tile is not None:
                out.add(tile)
    return out


def plan_registers(kernel: ir.Kernel, stored: bool = False) -> Registers:
    """Choose the register tiles: each tile whose every statement can follow its
    leading shape's layout, in declaration order while the budget lasts. With
    `stored`, products stored straight to a tensor are computed in registers too
    (`stored_products`).

    Whether a statement follows a layout depends on which other tiles are in
    registers (a read of one anchors the statement's sweep to the layout's order), so
    the choice is repeated without the tiles left out until it no longer changes."""
    statements = list(ir.walk_stmts(kernel.body))
    tiles = [s.sym for s in statements if isinstance(s, ir.Decl) and s.sym.vtype.shape]
    size = group_size(kernel, tiles)
    widest: dict[tuple[int, ...], int] = {}
    for sym in tiles:
        lead, cols = sym.vtype.shape[:-1], sym.vtype.shape[-1]
        widest[lead] = max(widest.get(lead, 1), cols)
    products = stored_products(statements, widest) if stored else {}
    for e in products.values():
        widest.setdefault(e.type.shape[:-1], e.type.shape[-1])
    anchors = frozenset(products)
    layouts = {lead: make_layout(lead, cols, size, kernel.threads) for lead, cols in widest.items()}
    for lead in _product_leads(statements, widest, _blocked):
        layouts[lead] = make_product_layout(lead, widest[lead], size, kernel.threads)
    for lead in _product_leads(statements, widest, _on_tensor_cores):
        layouts[lead] = make_atom_layout(lead, widest[lead], kernel.threads)
    chosen = {sym for sym in tiles if sym.vtype.shape[-1] == 1 or _fits_a_layout(layouts, sym.vtype.shape)}
    live = live_ranges(kernel.body, tiles) if live_budget_on() else None
    while True:
        eligible = chosen - _excluded(statements, chosen, layouts, anchors)
        spread, replicated = _within_budget(tiles, eligible, layouts, atom_budget(kernel.threads, kernel.occupancy),
                                            live)
        kept = set(spread) | set(replicated)
        if kept == chosen:
            return Registers(size, layouts, spread, replicated, consumed_softmaxes(kernel.body, set(spread)), anchors)
        chosen = kept


def stored_products(statements: list[ir.Stmt], widest: dict[tuple[int, ...], int]) -> dict[int, ir.Dot]:
    """The products on tensor cores, of whole 16 x 8 atoms, that a statement stores
    straight to a tensor (`C[...] = dot(...)`, or a value elementwise of it), by node
    id, where no tile of the product's rows is wider: each may be computed in its own
    accumulator layout's registers and stored from there, as a declared tile's is."""
    found: dict[int, ir.Dot] = {}
    for s in statements:
        if not isinstance(s, ir.Store | ir.TileStore) or _target(s)[0] is None:
            continue
        for n in _sweepable(s):
            if isinstance(n, ir.Dot) and len(n.type.shape) == 2 and _on_tensor_cores(n, *n.type.shape) \
                    and widest.get(n.type.shape[:-1], 0) <= n.type.shape[-1]:
                found[id(n)] = n
    return found


def _product_leads(statements: list[ir.Stmt], widest: dict[tuple[int, ...], int],
                   takes: Callable[[ir.Dot, int, int], bool]) -> set[tuple[int, ...]]:
    """The leading shapes of the 2-D products `takes` (the product, its rows and
    columns) that are as wide as their row count's widest tile."""
    return {(rows,) for s in statements for n in ir.stmt_nodes(s)
            if isinstance(n, ir.Dot) for rows, cols in [n.type.shape]
            if widest.get((rows,)) == cols and takes(n, rows, cols)}


def _on_tensor_cores(e: ir.Dot, rows: int, cols: int) -> bool:
    """A product whose tiles take an accumulator layout: on tensor cores, of whole 16 x 8 atoms."""
    return atoms.atom_for(e) is not None and rows % 16 == 0 and cols % 8 == 0


def _blocked(e: ir.Dot, rows: int, cols: int) -> bool:
    """A product whose tiles take a layout shaped for blocked multiply-adds (dot_fma.py):
    one no tensor core takes, of at least a few rows and columns (below, the usual
    layout serves)."""
    return atoms.atom_for(e) is None and atoms.blocked(e) and rows >= 4 and cols >= 4


def _operand_tiles(s: ir.Stmt) -> set[ir.Sym]:
    """The tiles the statement reads inside a product's operands."""
    return {n.sym for d in ir.stmt_nodes(s) if isinstance(d, ir.Dot)
            for x in (d.left, d.right) for n in ir.walk_expr(x) if isinstance(n, ir.Read) and n.sym.vtype.shape}


def _broadcast_tiles(tiles: set[ir.Sym]) -> set[ir.Sym]:
    """The tiles of fewer rows than the most any of `tiles` has: read broadcast along
    the rows of the others."""
    rows = {sym: math.prod(sym.vtype.shape[:-1]) for sym in tiles}
    most = max(rows.values(), default=1)
    return {sym for sym, n in rows.items() if n < most}


def _excluded(statements: list[ir.Stmt], candidates: set[ir.Sym], layouts: dict[tuple[int, ...], Layout],
              anchors: frozenset[int] = frozenset()) -> set[ir.Sym]:
    """The candidates some statement touches in a way no layout serves, with the
    candidates left out in turn no longer counted as register tiles."""
    excluded: set[ir.Sym] = set()
    while True:
        live = candidates - excluded
        before = len(excluded)
        for s in statements:
            touched = _touched(s) & live
            if not touched:
                continue
            excluded |= _read_elsewhere(s) & candidates
            if statement_layout(s, layouts, live, anchors) is None:
                # a product's operand in registers keeps the product out of them, and a
                # tile read broadcast (a [1, n] mask beside [m, n] tiles) keeps the others
                # out of their layout: leave out those alone where that lets the statement
                # follow a layout
                for fewer in (_operand_tiles(s) & touched, _broadcast_tiles(touched)):
                    if fewer and fewer != touched and statement_layout(s, layouts, live - fewer, anchors) is not None:
                        excluded |= fewer
                        break
                else:
                    excluded |= touched
        if len(excluded) == before:
            return excluded


def _within_budget(tiles: list[ir.Sym], eligible: set[ir.Sym], layouts: dict[tuple[int, ...], Layout],
                   atoms_budget: int, live: dict[ir.Sym, range] | None = None
                   ) -> tuple[dict[ir.Sym, Layout], dict[ir.Sym, Layout]]:
    """The eligible tiles that fit the register budget (`atoms_budget` where products
    keep their accumulators in registers), in declaration order: summed over the whole
    kernel, or where `live` gives each tile's statements (layout/liveness.py), at each
    statement."""
    spread: dict[ir.Sym, Layout] = {}
    replicated: dict[ir.Sym, Layout] = {}
    used = 0
    used_at: dict[int, int] = {}
    budget = atoms_budget if any(layout.is_atom or layout.blocked for layout in layouts.values()) else REGISTER_BUDGET
    for sym in tiles:
        layout = layout_at(layouts, sym.vtype.shape)
        assert layout is not None
        is_spread = sym.vtype.shape[-1] == layout.cols
        if sym not in eligible:
            continue
        if is_spread and layout.passes * layout.slots > (ATOM_MAX_GROUPS if layout.is_atom else MAX_GROUPS):
            continue
        cost = layout.elements(is_spread) * register_bytes(sym.vtype.dtype)
        if live is None:
            if used + cost > budget:
                continue
            used += cost
        else:
            if any(used_at.get(k, 0) + cost > budget for k in live[sym]):
                continue
            for k in live[sym]:
                used_at[k] = used_at.get(k, 0) + cost
        (spread if is_spread else replicated)[sym] = layout
    return spread, replicated


def consumed_softmaxes(body: list[ir.Stmt], spread: set[ir.Sym]) -> frozenset[int]:
    """The softmaxes whose operand is a spread register tile that nothing reads after
    them: the tile's only use in a statement of the kernel's top level, which no later
    statement touches. Their row sums may leave exp(x - max) in the tile's registers
    for the output to divide, the same value, so each exponential is computed once
    (row softmax at 16384 columns went from 3.98 to 4.06 TB/s on the H200, 2026-11-30)."""
    out: set[int] = set()
    for i, s in enumerate(body):
        if isinstance(s, ir.For | ir.While | ir.If):
            continue
        nodes = list(ir.stmt_nodes(s))
        for n in nodes:
            if not (isinstance(n, ir.Softmax) and isinstance(n.operand, ir.Read) and n.operand.sym in spread):
                continue
            sym = n.operand.sym
            uses = sum(1 for m in nodes if isinstance(m, ir.Read) and m.sym is sym)
            later = list(ir.walk_stmts(body[i + 1:]))
            if uses == 1 and _target(s)[1] is not sym and not any(sym in _touched(t) for t in later):
                out.add(id(n))
    return frozenset(out)


ELEMENTWISE = (ir.Unary, ir.Binary, ir.Cast, ir.Math, ir.Select)


def read_in_order(s: ir.Stmt, layout: Layout | None) -> set[int]:
    """The tile values of statement `s` (by identity) whose elements are read where the
    layout's order puts them: the statement's values, through elementwise operations,
    and the operand of a row reduction or softmax of the layout's full shape, whose
    rows are folded in that order. Only these may keep a row value in registers: a
    thread's registers hold its own rows of the order, and code that visits elements
    in another order (softmax's statistics of a narrower tile, a transpose, a `dot`)
    would read another thread's rows."""
    found: set[int] = set()
    if layout is None:
        return found

    def visit(e: ir.Expr) -> None:
        found.add(id(e))
        if isinstance(e, ELEMENTWISE):
            for c in e.children():
                if c.type.shape:
                    visit(c)
        elif isinstance(e, ir.Reduce | ir.Softmax) and e.operand.type.shape == layout.full_shape:
            if isinstance(e, ir.Softmax) or e.axis == len(e.type.shape) - 1:
                visit(e.operand)

    for e in ir.stmt_exprs(s):
        if e.type.shape:
            visit(e)
    return found


def cheap(e: ir.Expr, ordered: bool) -> bool:
    """Whether reading an element of tile value `e` again is cheap: a plain read of a
    tile (shared memory, or registers), or, in a statement run in a register layout's
    order, arithmetic on such reads and scalars. Softmax reads its operand three times
    and materializes one that is not cheap."""
    match e:
        case ir.Read() | ir.Dot():
            return True
        case ir.TileIndex(base=base) | ir.Cast(operand=base):
            return cheap(base, ordered)
    if ordered and isinstance(e, ELEMENTWISE):
        return all(not c.type.shape or isinstance(c, ir.Const) or cheap(c, ordered) for c in e.children())
    return False
