"""The GEMM lowering's stores of its epilogue, from the consumers' registers (gemm_writer.py).

Each consumer thread stores the elements the plan's fragment gives it, only where the
value is present and inside the tensor: through the plan's staging of the output in
shared memory and a TMA store where the tile allows, else from registers (two
adjacent columns a store where a tile is whole and aligned, element by element at
edges). The stored values are the general writer's (`elem`), with the accumulator's
elements read from the registers being stored (`acc_register`).
"""

from __future__ import annotations

from string import Template

from phobos.dtypes import F64
from phobos.ir import nodes as ir

from .. import ctypes as ct
from ..layout.fragments import ELEMENTWISE
from ..layout.groups import WARPGROUP
from ..lower.exprs import Pos, add, imax, imin, in_bounds, linear, sub
from ..write.kernel import KernelWriter, path_literal
from .gemm_form import GemmForm
from .gemm_plan import GemmPlan


class GemmStores(KernelWriter):
    """The epilogue's stores; the GEMM writers set these before writing one."""

    form: GemmForm
    gemm: GemmPlan  # or the mma.sync writer's MmaPlan, which has the same fragment and no staging
    n: dict[str, str]  # the lowering's locals, as `$name` in `put`
    maps: dict[str, str]  # the tensor maps' parameters, by role
    stored: str | None  # the tensor a TMA store writes, if any
    turns: bool  # ping-pong: a consumer holds a whole tile
    acc_arrays: list[str]
    acc_register: list[str]
    pair: tuple[str, str]

    def put(self, text: str) -> None:
        """A line naming the lowering's locals as `$name`."""
        self.line(Template(text).substitute(self.n))

    def matrix_index(self, tensor: str, at: Pos) -> tuple[str, str] | None:
        """Which matrix of `tensor` the indices `at` of its leading dims pick, as one flat
        index (a 3-D tensor map's third coordinate), and whether they are inside; None
        for a 2-D tensor."""
        lead = [self.dim(n) for n in self.tensors[tensor].dims[:-2]]
        if not lead:
            return None
        return linear(at, tuple(lead)), in_bounds(at, lead)

    def _consumer_rows(self) -> str:
        """Where a consumer's rows of the output tile start: it holds all of them in ping-pong."""
        c = self.gemm.c
        assert c is not None
        return "0" if self.turns else f"$consumer * {c.rows}"

    def _store(self, s: ir.Store) -> None:
        """A store of the epilogue: each consumer thread its fragment's elements, only
        where the value is present and inside the tensor. Where the plan stages the
        output, through shared memory (`_staged`); else from registers, two adjacent
        columns a store where a tile is whole and aligned, element by element at edges."""
        self.line("{  // a store of its own: its bounds and locals are its own")
        self.depth += 1
        self._store_body(s)
        self.depth -= 1
        self.line("}")

    def _store_body(self, s: ir.Store) -> None:
        self.memo.clear()
        self.index_memo.clear()
        self.region_memo.clear()
        self.line(f"#line {s.span.line} {path_literal(s.span.path)}")
        value, name = s.value, s.tensor
        region = self.region(value)
        self._hoist(value)
        starts = self.window_starts(s.items)
        dims = self.tensors[name].dims
        lead = len(dims) - 2  # the batch's indices, before the matrix's two windows
        matrix = self.matrix_index(name, starts[:lead])
        inside = "true" if matrix is None else matrix[1]
        limits = []
        for axis, ((lo, hi), start, extent, n) in enumerate(zip(region, starts[lead:], dims[lead:], self.form.tile,
                                                                strict=True)):
            low, high = self.n[f"lo{axis}"], self.n[f"hi{axis}"]
            first, last = imax(lo, sub("0", start)), imin(hi, sub(self.dim(extent), start))
            # Positions in the tile fit an int: the bounds are clamped to [0, n] first.
            bound = f"(int)ph::min64(ph::max64({last}, 0), {n})"
            if axis == 0 and inside != "true":  # a matrix outside the batch: nothing inside
                bound = f"({inside}) ? {bound} : 0"
            self.line(f"const int {low} = (int)ph::min64(ph::max64({first}, 0), {n}), {high} = {bound};"
                      "  // where the value is present and inside the tensor")
            limits.append((low, high))
        whole = " && ".join(f"{lo} == 0 && {hi} == {n}" for (lo, hi), n in zip(limits, self.form.tile, strict=True))
        if self.gemm.c is not None:
            self._staged(s, starts, limits, whole)
            return
        tests = [name in self.aligned, self.pitch_multiple_of(dims[-1], 2), self.multiple_of(starts[-1], 2)]
        pair = "false" if False in tests else " && ".join(t for t in tests if isinstance(t, str)) or "true"
        self.line(f"if ({whole}{'' if pair == 'true' else ' && ' + pair}) {{")
        with self.indented():
            self._fragment_stores(s, starts, None)
        self.line("} else {")
        with self.indented():
            self._fragment_stores(s, starts, limits)
        self.line("}")

    def _staged(self, s: ir.Store, starts: Pos, limits: list[tuple[str, str]], whole: str) -> None:
        """The output tile through shared memory, in the plan's parts of its columns:
        each thread writes its elements, each computed at its position clamped into where
        the value is present and inside (so every read it makes is in bounds; what lies
        outside is never stored). A whole tile's part then goes out by TMA, one thread of
        each consumer issuing it while its warpgroup goes on (to the next part, once the
        store has read the staging, or to the next tile); any other, element by element,
        the warpgroup copying out what is inside in a loop not unrolled."""
        c = self.gemm.c
        assert c is not None
        (row_lo, row_hi), (col_lo, col_hi) = limits
        self.line(f"if ({row_lo} < {row_hi} && {col_lo} < {col_hi}) {{")
        with self.indented():
            width = c.boxes * c.box_cols
            for part in range(self.gemm.c_parts):
                self._staged_part(s, starts, limits, whole, (part * width, (part + 1) * width))
        self.line("}")

    def _staged_part(self, s: ir.Store, starts: Pos, limits: list[tuple[str, str]], whole: str,
                     columns: tuple[int, int]) -> None:
        """The tile's columns `columns` through the staging."""
        c = self.gemm.c
        assert c is not None
        (row_lo, row_hi), (col_lo, col_hi) = limits
        d = s.value.type.dtype
        storage = ct.storage_type(d)
        barrier = "ph::named_sync(1 + $consumer, 128);"
        first = columns[0] // c.box_cols  # the part's first box of the tile
        self.put("if ($gthread == 0) ph::bulk_wait_read();  // this warpgroup's last store has read the staging")
        self.put(barrier)
        self._fragment_stores(s, starts, None, (d.bits // 8, c.box_cols, c.box_bytes), limits, columns)
        if self.stored is not None:
            self.line("ph::proxy_fence();  // the tile's writes, seen by a TMA store")
        self.put(barrier)
        if self.stored is not None:
            self.put(f"if ({whole}) {{")
            with self.indented():
                self.put("if ($gthread == 0) {")
                row = add(starts[-2], self._consumer_rows())
                matrix = self.matrix_index(s.tensor, starts[:-2])
                batch = "" if matrix is None else f", (int)({matrix[0]})"
                for box in range(c.boxes):
                    column = add(starts[-1], str((first + box) * c.box_cols))
                    self.put(f"  ph::tma_store(ph::smem_address($c_tile) + {box * c.box_bytes}, "
                             f"&{self.maps['c']}, (int)({column}), (int)({row}){batch});")
                self.line("  ph::bulk_commit();")
                self.line("}")
            self.line("} else {")
            self.depth += 1
        pairs = (columns[1] - columns[0]) // 2
        self.put(f"for (int $q = $gthread; $q < {c.rows * pairs}; $q += {WARPGROUP}) {{")
        with self.indented():
            self.put(f"const int $r = $q / {pairs};")
            at = f" + {columns[0]}" if columns[0] else ""
            self.put(f"const int $i = {self._consumer_rows()} + $r, $j = 2 * ($q % {pairs}){at}, $j1 = $j + 1;")
            local = f"$j - {columns[0]}" if columns[0] else "$j"
            self.put(f"const {storage}* $c = ({storage}*)($c_tile + ph::swizzled($r, {local}, {c.box_cols}, "
                     f"{c.box_bytes}, {d.bits // 8}));")
            i = self.n["i"]
            self.line(f"if ({row_lo} <= {i} && {i} < {row_hi}) {{")
            for k, col in enumerate((self.n["j"], self.n["j1"])):
                ref = self.window_ref(s.tensor, s.items, [i, col], starts)
                self.put(f"  if ({col_lo} <= {col} && {col} < {col_hi}) {ref} = $c[{k}];")
            self.line("}")
        self.line("}")
        if self.stored is not None:
            self.depth -= 1
            self.line("}")

    def _fragment_stores(self, s: ir.Store, starts: Pos, limits: list[tuple[str, str]] | None,
                         staged: tuple[int, int, int] | None = None,
                         clamp: list[tuple[str, str]] | None = None, columns: tuple[int, int] | None = None,
                         again: bool = False) -> None:
        """Every register pair of the fragment: into the staged boxes (`staged`: element
        bytes, box columns, box bytes), with the value read at positions clamped into
        `clamp`, only the pairs in the tile's `columns` (the staged part, placed from its
        first column); or to the tensor, two columns a store (`limits` None: a whole,
        aligned tile) or element by element where inside `limits` (row and column bounds).

        A value that divides f32s (outside math_mode "fast") is stored with
        `ph::div_quick` first, and stored again with `/` by a thread some quick division
        could not give (`again`): a branch a thread in place of one a division."""
        if not again and self.exact_division is None and not self.spec.fast_math and divides_floats(s.value):
            exact = self.exact_division = self.names.take("exact")
            self.line(f"bool {exact} = true;  // every ph::div_quick below gave its quotient")
            self._fragment_stores(s, starts, limits, staged, clamp, columns)
            self.exact_division = None
            self.line(f"if (!{exact}) {{  // an operand ph::div_quick leaves to `/`: every value again")
            with self.indented():
                self._fragment_stores(s, starts, limits, staged, clamp, columns, again=True)
            self.line("}")
            return
        value, name = s.value, s.tensor
        d = value.type.dtype
        storage = ct.storage_type(d)
        registers = self.gemm.fragment.registers
        sizes, rows, cols = registers.sizes, registers.rows, registers.cols
        assert (sizes[0], rows[0], cols[0]) == (2, 0, 1) and cols[-1] == 0, "the fragment's pairs are its columns"
        loops = list(zip(sizes[1:-1], rows[1:-1], cols[1:-1], strict=True))
        i, j, j1 = self.n["i"], self.n["j"], self.n["j1"]
        for blk, array in enumerate(self.acc_arrays):
            self.line("{")
            self.depth += 1
            register_terms, row_terms, col_terms = [], ["$frag_row"], ["$frag_col"]
            if blk:
                row_terms.append(str(blk * rows[-1]))
            step = sizes[0]
            for m, (size, dr, dc) in enumerate(loops):
                var = self.loop_name(f"r{m}")
                low, high = 0, size
                if dc and columns is not None:  # only the slabs of the staged part's columns
                    assert dr == 0 and columns[0] % dc == 0 and columns[1] % dc == 0
                    low, high = columns[0] // dc, columns[1] // dc
                self.line("#pragma unroll")
                self.line(f"for (int {var} = {low}; {var} < {high}; ++{var}) {{")
                self.depth += 1
                register_terms.append(f"{step} * {var}")
                if dr:
                    row_terms.append(f"{dr} * {var}")
                if dc:
                    col_terms.append(f"{dc} * {var}")
                step *= size
            reg = " + ".join(register_terms)
            self.put(f"const int $i = {' + '.join(row_terms)};")
            self.put(f"const int $j = {' + '.join(col_terms)}, $j1 = $j + 1;")
            self.acc_register = [f"{array}[{reg}]", f"{array}[{reg} + 1]"]
            refs = [self.window_ref(name, s.items, [i, c], starts) for c in (j, j1)]
            at = (i, j, j1)
            if clamp is not None:  # read where the value is present and inside: only there is it kept
                (row_lo, row_hi), (col_lo, col_hi) = clamp
                self.put(f"const int $ci = ph::imin(ph::imax($i, {row_lo}), {row_hi} - 1), "
                         f"$cj = ph::imin(ph::imax($j, {col_lo}), {col_hi} - 1), "
                         f"$cj1 = ph::imin(ph::imax($j1, {col_lo}), {col_hi} - 1);")
                at = (self.n["ci"], self.n["cj"], self.n["cj1"])
            self.pair = (at[1], at[2])
            values = [ct.pack(d, self.elem(value, [at[0], c])) for c in at[1:]]
            both = f"ph::vstore<2>(&{refs[0]}, ph::Vec<{storage}, 2>{{{{{values[0]}, {values[1]}}}}});"
            if staged is not None:  # into this consumer's boxes (element bytes, box columns, box bytes)
                element, box_cols, box_bytes = staged
                row = "$wg_row" + " + ".join(["", *row_terms[1:]])
                local = f"$j - {columns[0]}" if columns and columns[0] else "$j"
                place = f"ph::swizzled({row}, {local}, {box_cols}, {box_bytes}, {element})"
                self.put(f"ph::vstore<2>(({storage}*)($c_tile + {place}), "
                         f"ph::Vec<{storage}, 2>{{{{{values[0]}, {values[1]}}}}});")
            elif limits is None:
                self.line(both)
            else:
                (row_lo, row_hi), (col_lo, col_hi) = limits
                self.line(f"if ({row_lo} <= {i} && {i} < {row_hi}) {{")
                for col, ref, text in zip((j, j1), refs, values, strict=True):
                    self.line(f"  if ({col_lo} <= {col} && {col} < {col_hi}) {ref} = {text};")
                self.line("}")
            for _ in loops:
                self.depth -= 1
                self.line("}")
            self.depth -= 1
            self.line("}")

    def _hoist(self, e: ir.Expr) -> None:
        """The scalar operands and window starts of a stored value, computed before the
        stores' branches, so every branch reads the same locals."""
        for node in ir.walk_expr(e):
            if isinstance(node, ELEMENTWISE) and node.type.shape:
                for c in node.children():
                    if not c.type.shape:
                        self.hoisted(c)
            elif isinstance(node, ir.Load) and node.type.shape:
                self.window_starts(node.items)


def divides_floats(e: ir.Expr) -> bool:
    """Whether the value has a division of f32s (or of 16-bit floats, computed in f32)."""
    return any(isinstance(node, ir.Binary) and node.op == "/" and node.left.type.dtype.is_float
               and node.left.type.dtype != F64 for node in ir.walk_expr(e))
