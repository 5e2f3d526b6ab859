"""A GEMM kernel (gemm_form.py) as a persistent, warp-specialized Hopper kernel, from its plan.

The CTA walks the user's grid (`ctx.block` is the block it is at, in grouped order)
with 128 (consumers + 1) threads whatever `@launch` says: the kernel has no
per-thread construct, so its threads are the lowering's to choose.

- Warpgroup 0 gives registers back (`setmaxnreg`) and one of its threads issues, for
  every k block of every tile, the TMA loads of A and B into the next stage of the
  ring, once the consumers have released it (the stage's *empty* mbarrier); the loads
  complete on its *full* mbarrier.
- Each consumer warpgroup waits for a stage to be full, runs wgmma on descriptors of
  it (the accumulator stays in registers across the loop), keeps one wgmma group in
  flight and releases the stage before it. After the loop it writes the epilogue
  from its registers, each thread the elements the plan's fragment gives it, while
  the producer already loads the next tile's stages.

The prologue's lets run in both roles, per tile; the epilogue's values are the
general writer's (`elem`, `region`), with the accumulator read from registers.
"""

from __future__ import annotations

from phobos.backends.gpu.abi import Generated, Param, entry_symbol
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from .. import ctypes as ct
from ..layout.groups import WARPGROUP
from ..layout.stages import SWIZZLE_ROW
from ..lower.exprs import Pos, add, imax, imin, sub
from ..plan.kernel import plan_kernel
from ..write.kernel import path_literal
from ..write.prelude import PRELUDE
from .gemm_form import GemmForm, known_multiple
from .gemm_plan import (
    CONSUMER_REGISTERS,
    COPYING_PRODUCER_REGISTERS,
    PRODUCER_REGISTERS,
    GemmMode,
    GemmPlan,
    OperandStage,
)
from .gemm_prelude import GEMM_PRELUDE
from .gemm_repack import repacked
from .gemm_stores import GemmStores

LOCALS = ("base", "full", "empty", "group", "gthread", "tiles", "kblocks", "tile", "it", "kb", "k16", "s",
          "phase", "a", "b", "m_at", "n_at", "consumer", "frag_row", "frag_col", "i", "j", "j1", "lo0", "hi0",
          "lo1", "hi1", "ci", "cj", "cj1", "q", "r", "c", "box", "wg_row", "c_tile", "lane", "warp", "warp_row",
          "warp_col", "rank", "pairs", "pair", "group_rows", "a_desc", "b_desc", "da", "db", "a_z", "b_z",
          "a_src", "b_src", "a_rows", "b_rows", "q0", "dst", "row", "col")
REALIGNED_IN_FLIGHT = 2  # chunks a producer thread has in flight (8 registers each); 4 measured no faster
LAUNCH_BOUND = 384  # ptxas budgets registers for 3 warpgroups: 168 a thread, which setmaxnreg redistributes


def wgmma_function(plan: GemmPlan) -> str:
    """`ph::wgmma(d, a, b, scale_d)`: D (+)= A B for one k slice of descriptors of
    shared memory (A K-major; B MN-major and transposed on read, or K-major: W[N, K],
    and integers); `scale_d` 0 overwrites D."""
    n = plan.registers_per_block
    regs = ", ".join(f"%{i}" for i in range(n))
    kind, ctype = ("r", "i32") if plan.integer else ("f", "f32")
    outs = ", ".join(f'"+{kind}"(d[{i}])' for i in range(n))
    # 16-bit operands: scale A and B by 1, A as it is, an MN-major B transposed; tf32 ones take
    # the scales only (both K-major), integers no immediates.
    immediates = "" if plan.integer else ", 1, 1" if plan.tf32 else f", 1, 1, 0, {0 if plan.b.major == 'K' else 1}"
    return (
        "namespace ph {\n"
        f"PH_INLINE void wgmma({ctype} (&d)[{n}], u64 a, u64 b, int scale_d) {{\n"
        f'  asm volatile("{{\\n\\t.reg .pred p;\\n\\tsetp.ne.b32 p, %{n + 2}, 0;\\n\\t"\n'
        f'               "{plan.instruction} {{{regs}}}, %{n}, %{n + 1}, p{immediates};\\n\\t}}"\n'
        f"               : {outs}\n"
        '               : "l"(a), "l"(b), "r"(scale_d));\n'
        "}\n"
        "}  // namespace ph\n"
    )


class GemmWriter(GemmStores):
    def __init__(self, kernel: ir.Kernel, spec: Specialization, form: GemmForm, plan: GemmPlan, mode: GemmMode):
        super().__init__(plan_kernel(kernel, spec, tma=False))  # the epilogue is written by the general writer
        assert plan.c is not None or not mode.tma_store
        assert not (mode.tma_loads and plan.b_transposed_copy), "an 8-bit B[K, N] is transposed by threads, not TMA"
        self.form, self.gemm, self.mode = form, plan, mode
        self.tma = mode.tma_loads
        self.pairs = mode.cluster == 2
        assert not self.pairs or (self.tma and plan.b.boxes % 2 == 0), "a pair splits B's boxes between its TMA loads"
        self.turns = mode.pingpong  # the plan was made for it (gemm_launch.gemm_of)
        assert not (self.pairs and self.turns), "pairs of CTAs share each tile's B: ping-pong's consumers do not"
        self.ctx = {f"block.{a}": self.names.take(f"block_{a}") for a in "xyz"}
        self.ctx.update({f"grid.{a}": self.names.take(f"grid_{a}") for a in "xyz"})
        self.maps = {"a": self.names.take(f"{form.a.tensor}_map"), "b": self.names.take(f"{form.b.tensor}_map")}
        self.stored = next(s for s in form.epilogue if isinstance(s, ir.Store)).tensor if mode.tma_store else None
        if self.stored is not None:
            self.maps["c"] = self.names.take(f"{self.stored}_map")
        self.acc_arrays = [self.names.take(f"{self.sym(form.acc)}_{b}") for b in range(plan.blocks)]
        self.acc_register: list[str] = []  # the registers of the element pair being stored
        self.pair: tuple[str, str] = ("", "")  # the C++ columns of that pair
        # The lowering's own locals, named after the user's names so none hides one.
        self.n = {base: self.names.take(base) for base in LOCALS}

    # ------------------------------------------------------------ what differs from the general writer

    def scalar(self, e: ir.Expr) -> str:
        if isinstance(e, ir.CtxRef):
            return self.ctx[e.field_name]
        return super().scalar(e)

    def elem(self, e: ir.Expr, pos: Pos) -> str:
        if isinstance(e, ir.Read) and e.sym is self.form.acc:
            return self.acc_register[0 if pos[-1] == self.pair[0] else 1]
        return super().elem(e, pos)

    # ------------------------------------------------------------ the kernel

    # What the Ampere writer (gemm_mma_writer.py) says differently.
    ARCH_SUFFIX = "a"
    LAUNCH_BOUND = LAUNCH_BOUND
    INSTRUCTIONS = "wgmma"

    def helpers(self) -> str:
        return wgmma_function(self.gemm)

    def body(self) -> None:
        self._setup()
        self.put("if ($group == 0) {")
        with self.indented():
            self._producer()
        self.put("} else {")
        with self.indented():
            self._consumer()
        self.line("}")
        if self.pairs:
            self.line("ph::cluster_sync();  // neither exits while its peer may still load into it or arrive on it")

    def loads(self) -> str:
        return ("TMA" if self.tma else "the producer's threads (TMA cannot read them)") + (
            ", the output stored by TMA where a tile allows" if self.stored else ", stores from registers") + (
            ", CTAs in pairs sharing B's loads (TMA multicast)" if self.pairs else "")

    def write(self) -> Generated:
        k, plan, form = self.kernel, self.gemm, self.form
        self.depth = 1
        self.lines = []
        self.body()
        body = self.lines
        params = [Param("tensormap", "a", form.a.tensor), Param("tensormap", "b", form.b.tensor)] if self.tma else []
        if self.stored is not None:
            params.append(Param("tensormap", "c", self.stored))
        params += self.params
        params += [Param("grid", a, "i64") for a in "xyz"]
        args = [f"const __grid_constant__ ph::TensorMap {name}" for role, name in self.maps.items()
                if role == "c" or self.tma]
        args += self.param_declarations()
        args += [f"i64 {self.ctx[f'grid.{a}']}" for a in "xyz"]
        bindings = self.bindings_text()
        head = [
            PRELUDE,
            GEMM_PRELUDE,
            self.helpers(),
            f"// kernel {k.name}{bindings}: the GEMM loop on {self.INSTRUCTIONS}, {plan.threads} threads a CTA, "
            f"{plan.shared_bytes} bytes of shared memory, a persistent walk over the grid, operands loaded by "
            + self.loads(),
            *(f"//   {text}" for text in plan.describe()),
            f"// for launches where {self.spec.text()}",
            f"#line {k.span.line} {path_literal(k.span.path)}",
            f'extern "C" __global__ void {"__cluster_dims__(2, 1, 1) " if self.pairs else ""}'
            f'__launch_bounds__({self.LAUNCH_BOUND}, 1) {entry_symbol(k.name)}('
            f'{", ".join(args)}) {{',
            *self.assumptions(),
        ]
        source = "\n".join([*head, *body, "}", ""])
        copied = repacked(self.spec, (self.form.a.tensor, self.form.b.tensor)) if self.tma else frozenset()
        return Generated(k.name, source, plan.threads, plan.shared_bytes, tuple(params), self.aligned,
                         arch_suffix=self.ARCH_SUFFIX, gemm=plan, cluster=2 if self.pairs else 1, repacked=copied,
                         fused=self.spec.fast_math)

    def _setup(self) -> None:
        plan, form = self.gemm, self.form
        self.line("extern __shared__ __align__(1024) unsigned char smem[];")
        self.line("// The 128-byte swizzle is a function of the address: stages start 1024-aligned.")
        self.put("const u32 $base = (ph::smem_address(smem) + 1023u) & ~1023u;")
        self.put(f"const u32 $full = $base + {plan.full_barriers}, $empty = $base + {plan.empty_barriers};")
        self.line("// A warpgroup's index, from lane 0: the compiler then knows it is warp-uniform and keeps what")
        self.line("// derives from it (the stages' addresses, wgmma's descriptors) in uniform registers.")
        self.put("const int $group = __shfl_sync(0xffffffffu, threadIdx.x / 128, 0), $gthread = threadIdx.x % 128;")
        self.line("if (threadIdx.x == 0) {")
        with self.indented():
            self.put(f"for (int $s = 0; $s < {plan.stages}; ++$s) {{")
            self.put(f"  ph::mbar_init($full + 8 * $s, {1 if self.tma else WARPGROUP});  // the producer's arrival"
                     + (" with the bytes" if self.tma else "s, once their copies are done"))
            if self.pairs:
                self.put(f"  ph::mbar_init($empty + 8 * $s, {2 * plan.consumers});  // from each consumer of the pair")
            elif self.turns:
                self.put("  ph::mbar_init($empty + 8 * $s, 1);  // from the consumer whose tile it holds")
            else:
                self.put(f"  ph::mbar_init($empty + 8 * $s, {plan.consumers});  // an arrival from each consumer")
            self.line("}")
            if self.turns:
                self.put(f"ph::mbar_init($base + {plan.turn_barrier}, 1);  // a consumer's products issued: "
                         "the other's turn")
            self.line('asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");')
        self.line("}")
        gx, gy, gz = (self.ctx[f"grid.{a}"] for a in "xyz")
        if self.pairs:
            self.line("ph::cluster_sync();  // the pair's barriers are ready; the roles never meet again")
            self.put("const u32 $rank = ph::cluster_rank();  // which of the pair's two tiles, one above the other")
            self.put(f"const i64 $pairs = {gx} * (({gy} + 1) / 2) * {gz};")
        else:
            self.line("__syncthreads();  // the roles never meet again")
            self.put(f"const i64 $tiles = {gx} * {gy} * {gz};")
        self._group_rows(plan.bm, plan.bn)
        k_extent = self.dim(self.tensors[form.a.tensor].dims[-1])
        self.put(f"const int $kblocks = (int)(({k_extent} + {plan.bk - 1}) / {plan.bk});")

    def _group_rows(self, bm: int, bn: int) -> None:
        """How many block rows a group of the walk spans: the CTAs' tiles in flight, as
        square as the grid allows (the fewest operand bytes they read between them)."""
        gy = self.ctx["grid.y"]
        if self.pairs:  # in pairs of block rows, each pair a tile twice as high
            self.put(f"const i64 $group_rows = ph::wave_rows(gridDim.x / 2, ({gy} + 1) / 2, {bn}.0f / {2 * bm});")
        else:
            self.put(f"const i64 $group_rows = ph::wave_rows(gridDim.x, {gy}, {bn}.0f / {bm});")

    def _tile_loop(self, consumer_turns: bool = False) -> None:
        """The head of the persistent walk: the block's indices and the prologue's lets;
        with `consumer_turns`, a ping-pong consumer's own tiles only."""
        bx, by, bz = (self.ctx[f"block.{a}"] for a in "xyz")
        gx, gy = self.ctx["grid.x"], self.ctx["grid.y"]
        if self.pairs:  # the pair walks pairs of block rows, in groups as many rows high
            self.put("for (i64 $pair = blockIdx.x / 2; $pair < $pairs; $pair += gridDim.x / 2) {")
            self.depth += 1
            self.line(f"i64 {bx}, {by}, {bz};")
            self.put(f"ph::grouped_block($pair, {gx}, ({gy} + 1) / 2, $group_rows, {bx}, {by}, {bz});")
            self.put(f"{by} = 2 * {by} + $rank;")
        else:
            if consumer_turns:  # every other tile of the CTA's walk, this consumer's turn
                self.put("for (i64 $tile = blockIdx.x + $consumer * gridDim.x; $tile < $tiles; "
                         "$tile += 2 * gridDim.x) {")
            else:
                self.put("for (i64 $tile = blockIdx.x; $tile < $tiles; $tile += gridDim.x) {")
            self.depth += 1
            self.line(f"i64 {bx}, {by}, {bz};")
            self.put(f"ph::grouped_block($tile, {gx}, {gy}, $group_rows, {bx}, {by}, {bz});")
        for s in self.form.prologue:
            self._let(s)

    def _let(self, s: ir.Decl) -> None:
        self.memo.clear()
        self.index_memo.clear()
        self.line(f"#line {s.span.line} {path_literal(s.span.path)}")
        self.s_decl(s)

    def _producer(self) -> None:
        if not self.tma:
            self._copying_producer()
            return
        plan, form = self.gemm, self.form
        a_map, b_map = self.maps["a"], self.maps["b"]
        self.line(f'asm volatile("setmaxnreg.dec.sync.aligned.u32 {PRODUCER_REGISTERS};");')
        self.put("if ($gthread == 0) {")
        with self.indented():
            self.line(f"ph::tma_prefetch(&{a_map});")
            self.line(f"ph::tma_prefetch(&{b_map});")
            self.put("u32 $it = 0;  // k blocks so far, over all tiles: the stage and its phase")
            self._tile_loop()
            self.memo.clear()
            self.index_memo.clear()
            self.line(f"#line {form.loop.span.line} {path_literal(form.loop.span.path)}")
            self.put(f"const int $m_at = (int)({self.scalar(form.m_start)}), "
                     f"$n_at = (int)({self.scalar(form.n_start)});")
            a_z, b_z = (self._batch_coordinate(role) for role in "ab")
            self.put("for (int $kb = 0; $kb < $kblocks; ++$kb, ++$it) {")
            with self.indented():
                self.put(f"const u32 $s = $it % {plan.stages}, $phase = ($it / {plan.stages}) & 1;")
                self.put("ph::mbar_wait($empty + 8 * $s, $phase ^ 1);  // a fresh stage passes at once")
                self.put(f"ph::mbar_expect($full + 8 * $s, {plan.stage_bytes});")
                self.put(f"const u32 $a = $base + $s * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
                self.put(f"ph::tma_load($a, &{a_map}, $kb * {plan.bk}, $m_at{a_z}, $full + 8 * $s);")
                if self.pairs:
                    half = plan.b.boxes // 2
                    for box in range(half):
                        first = f"$rank * {half}" + (f" + {box}" if box else "")
                        self.put(f"ph::tma_load_multicast($b + ({first}) * {plan.b.box_bytes}, &{b_map}, "
                                 f"$n_at + ({first}) * {plan.b.box_cols}, $kb * {plan.bk}{b_z}, $full + 8 * $s, 3);")
                if plan.b.major == "K":  # W[N, K]: n along the rows, as A's m
                    self.put(f"ph::tma_load($b, &{b_map}, $kb * {plan.bk}, $n_at{b_z}, $full + 8 * $s);")
                for box in range(0 if self.pairs or plan.b.major == "K" else plan.b.boxes):
                    column = "$n_at" if box == 0 else f"$n_at + {box * plan.b.box_cols}"
                    self.put(f"ph::tma_load($b + {box * plan.b.box_bytes}, &{b_map}, {column}, $kb * {plan.bk}"
                             f"{b_z}, $full + 8 * $s);")
            self.line("}")
            self.depth -= 1
            self.line("}")
        self.line("}")

    def _copying_producer(self) -> None:
        """The producer without TMA: its 128 threads copy each stage's 16-byte chunks,
        swizzled as TMA would place them; an 8-bit B goes in 4 x 4 blocks, transposed."""
        plan, form = self.gemm, self.form
        self.line(f'asm volatile("setmaxnreg.dec.sync.aligned.u32 {COPYING_PRODUCER_REGISTERS};");')
        self.put("u32 $it = 0;")
        self._tile_loop()
        self.memo.clear()
        self.index_memo.clear()
        self.line(f"#line {form.loop.span.line} {path_literal(form.loop.span.path)}")
        self.put(f"const i64 $m_at = {self.scalar(form.m_start)}, $n_at = {self.scalar(form.n_start)};")
        self.batch_sources()
        self.put("for (int $kb = 0; $kb < $kblocks; ++$kb, ++$it) {")
        with self.indented():
            self.put(f"const u32 $s = $it % {plan.stages}, $phase = ($it / {plan.stages}) & 1;")
            self.put("ph::mbar_wait($empty + 8 * $s, $phase ^ 1);")
            self.put(f"const u32 $a = $base + $s * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
            self._copy_chunks("a", plan.a, "$a", "$m_at + $r", f"$kb * {plan.bk} + %COL%")
            if plan.b_transposed_copy:
                self._copy_transposed()
            elif plan.b.major == "K":
                self._copy_chunks("b", plan.b, "$b", "$n_at + $r", f"$kb * {plan.bk} + %COL%")
            else:
                self._copy_chunks("b", plan.b, "$b", f"$kb * {plan.bk} + $r", "$n_at + %COL%")
            self.put("ph::copies_arrive($full + 8 * $s);")
        self.line("}")
        self.depth -= 1
        self.line("}")

    def _load_of(self, role: str) -> tuple[ir.Load, tuple[ir.Expr, ...]]:
        """Operand `role`'s window and its batch indices."""
        form = self.form
        return (form.a, form.a_batch) if role == "a" else (form.b, form.b_batch)

    def _batch_index(self, role: str) -> tuple[str, str] | None:
        """Which matrix of its tensor operand `role` reads, as the flat index of its
        leading items, and whether they are inside; None for a 2-D tensor."""
        load, batch = self._load_of(role)
        return self.matrix_index(load.tensor, [self.index(e, "at") for e in batch])

    def _batch_coordinate(self, role: str) -> str:
        """The batch coordinate a TMA load of operand `role` adds (its map is 3-D: columns,
        rows, the matrices), as `, $a_z`; nothing for a 2-D tensor. One outside the
        batch reads zeros or another matrix: the accumulator's region then holds no
        element (`_acc_box`), so none is stored."""
        found = self._batch_index(role)
        if found is None:
            return ""
        self.put(f"const int ${role}_z = (int)({found[0]});")
        return f", {self.n[f'{role}_z']}"

    def batch_sources(self) -> None:
        """For each operand of more than two dims, where its matrix starts and how many
        rows it has (none where the batch index is outside: the copies then read zeros),
        for the threads' copies. The start is i64: a batch index times literal dims
        passes 2^31 elements in a large batch."""
        for role in "ab":
            found = self._batch_index(role)
            if found is None:
                continue
            load, _ = self._load_of(role)
            rows, cols = (self.dim(n) for n in self.tensors[load.tensor].dims[-2:])
            flat, inside = found
            self.put(f"const auto* ${role}_src = {self.param_names[load.tensor]} + (({inside}) ? (i64)({flat}) * "
                     f"{rows} * {cols} : 0);")
            self.put(f"const i64 ${role}_rows = ({inside}) ? {rows} : 0;")

    def _operand(self, role: str) -> tuple[str, str, str, bool]:
        """Operand `role`'s matrix as the threads copy it: where it starts, its rows and
        columns as C++, and whether it may be read in pieces of 4 elements (16-byte
        aligned, and known to be a multiple of 4 wide)."""
        load, batch = self._load_of(role)
        tensor = self.tensors[load.tensor]
        rows, cols = (self.dim(n) for n in tensor.dims[-2:])
        src = self.param_names[load.tensor]
        if batch:
            src, rows = self.n[f"{role}_src"], self.n[f"{role}_rows"]
        # A's columns start at a stage's k; B's at its n start (its k for a transposed W).
        n_factor = known_multiple(self.form, self.form.n_start, self.spec.multiple)
        start_aligned = role == "a" or self.form.b_k_major or n_factor % 4 == 0
        return src, rows, cols, (load.tensor in self.aligned and start_aligned
                                 and self.pitch_multiple_of(tensor.dims[-1], 4) is True)

    def _copy_chunks(self, role: str, stage: OperandStage, dst: str, row: str, col: str) -> None:
        per_chunk = 16 * 8 // self._load_of(role)[0].type.dtype.bits
        chunks = SWIZZLE_ROW // 16
        names = [f"const int $r = ($q >> 3) % {stage.rows}, $c = $q & 7;"]
        place = "$r * 128 + (($c ^ ($r & 7)) << 4)"
        column = f"{per_chunk} * $c"
        if stage.boxes > 1:
            names.append(f"const int $box = $q / {stage.rows * chunks};")
            place = f"$box * {stage.box_bytes} + {place}"
            column = f"{stage.box_cols} * $box + {column}"
        self.copy_loop(role, "$gthread", stage.boxes * stage.rows * chunks, WARPGROUP, names, f"{dst} + {place}", row,
                       col.replace("%COL%", column))

    def copy_loop(self, role: str, first: str, total: int, step: int, names: list[str], place: str, row: str,
                  col: str) -> None:
        """A loop of the threads' 16-byte chunk copies of operand `role`'s matrix, the
        chunk at (`row`, `col`) to shared address `place`, indices from `first` below
        `total`, `step` apart; `names` are the lines naming a chunk's row and column.
        Realigned copies go several to a call, so that their loads are in flight together."""
        src, rows, cols, pieces = self._operand(role)
        aligned = self._load_of(role)[0].tensor in self.aligned
        copy = "ph::copy_async" if pieces else "ph::copy_realigned" if aligned else "ph::copy_elements"
        together = REALIGNED_IN_FLIGHT if total % (REALIGNED_IN_FLIGHT * step) == 0 else 1
        if copy != "ph::copy_realigned":
            self.line("#pragma unroll 4")
            self.put(f"for (int $q = {first}; $q < {total}; $q += {step}) {{")
            with self.indented():
                for text in names:
                    self.put(text)
                self.put(f"{copy}({place}, {src}, {row}, {col}, {rows}, {cols});")
            self.line("}")
            return
        if together == 1:  # one chunk a call, as the other copies: unrolled so that calls overlap
            self.line("#pragma unroll 4")
        self.put(f"for (int $q0 = {first}; $q0 < {total}; $q0 += {together * step}) {{")
        with self.indented():
            self.put(f"u32 $dst[{together}];")
            self.put(f"i64 $row[{together}], $col[{together}];")
            self.line("#pragma unroll")
            self.put(f"for (int $j = 0; $j < {together}; ++$j) {{")
            with self.indented():
                self.put(f"const int $q = $q0 + {step} * $j;")
                for text in names:
                    self.put(text)
                self.put(f"$dst[$j] = {place};")
                self.put(f"$row[$j] = {row};")
                self.put(f"$col[$j] = {col};")
            self.line("}")
            self.put(f"{copy}($dst, {src}, $row, $col, {rows}, {cols});")
        self.line("}")

    def _copy_transposed(self) -> None:
        """B of 8-bit elements, K-major for wgmma: 4 x 4 blocks, consecutive threads
        along n (so each row's words are read together)."""
        plan = self.gemm
        src, rows, cols, words = self._operand("b")
        across = plan.bn // 4
        self.line("#pragma unroll 4")
        self.put(f"for (int $q = $gthread; $q < {plan.bk // 4 * across}; $q += {WARPGROUP}) {{")
        with self.indented():
            self.put(f"const int $r = $q / {across} * 4, $c = $q % {across} * 4;  // k and n in the stage")
            self.put(f"ph::copy_transposed($b, {src}, $kb * {plan.bk} + $r, $n_at + $c, "
                     f"$r, $c, {rows}, {cols}, {'true' if words else 'false'});")
        self.line("}")

    def _consumer(self) -> None:
        plan, form = self.gemm, self.form
        n = plan.registers_per_block
        self.line(f'asm volatile("setmaxnreg.inc.sync.aligned.u32 {CONSUMER_REGISTERS};");')
        self.put("const int $consumer = $group - 1;")
        for name in self.acc_arrays:
            self.line(f"{ct.value_type(plan.accumulator)} {name}[{n}];  // {form.acc.vtype} in registers: the plan's "
                      "fragment")
            self.put(f"for (int $r = 0; $r < {n}; ++$r) {name}[$r] = 0;  // a tile's first slice overwrites it")
        group_row, _ = plan.fragment.groups.terms("0" if self.turns else self.n["consumer"])
        thread_row, thread_col = plan.fragment.threads.terms(self.n["gthread"])
        self.put(f"const int $wg_row = {thread_row}, $frag_row = {group_row} + $wg_row, $frag_col = {thread_col};")
        if plan.c is not None:
            c = plan.c
            self.put(f"unsigned char* $c_tile = smem + ($base - ph::smem_address(smem)) + {plan.c_offset} "
                     f"+ $consumer * {c.bytes};  // this consumer's rows of the output, for their TMA store")
        rows_a = 0 if self.turns else plan.a.box_bytes // plan.consumers  # each consumer's rows of the A box
        self.line("// Stage 0's descriptors: a stage, a k slice and an m64 block further is the address field plus")
        self.line("// the bytes / 16 (it is the descriptor's low 14 bits, and shared memory is under 256 KB).")
        self.put("const u64 $a_desc = ph::smem_descriptor($base" + (f" + $consumer * {rows_a}" if rows_a else "")
                 + f", {plan.a.lbo}, {plan.a.sbo}), $b_desc = ph::smem_descriptor($base + {plan.b.offset}, "
                 f"{plan.b.lbo}, {plan.b.sbo});")
        if self.turns:  # the ring holds the CTA's tiles' k blocks in turn: this consumer's come every other tile
            self.put("u32 $it = $consumer * $kblocks;")
        else:
            self.put("u32 $it = 0;")
        self._tile_loop(self.turns)
        if self.turns:
            # The consumers multiply in turn, so that the one ahead in the ring waits only for
            # the fill it wants (a full barrier's parity tells apart two fills, not more).
            self.put(f"ph::mbar_wait($base + {plan.turn_barrier}, ($consumer + 1) & 1);  // the other's products "
                     "for the tile before are issued")
        self.line(f"#line {form.loop.span.line} {path_literal(form.loop.span.path)}")
        self.put("for (int $kb = 0; $kb < $kblocks; ++$kb, ++$it) {")
        with self.indented():
            self.put(f"const u32 $s = $it % {plan.stages};")
            self.put(f"ph::mbar_wait($full + 8 * $s, ($it / {plan.stages}) & 1);")
            if not self.tma:
                self.line("ph::proxy_fence();")
            stage = plan.stage_bytes >> 4
            self.put(f"const u64 $da = $a_desc + $s * {stage}, $db = $b_desc + $s * {stage};")
            self.line("ph::wgmma_fence();")
            self.line("#pragma unroll")
            self.put(f"for (int $k16 = 0; $k16 < {plan.bk // plan.k_slice}; ++$k16) {{")
            with self.indented():
                for blk, name in enumerate(self.acc_arrays):
                    a_at = f"$da + {plan.a.k_step >> 4} * $k16" + (f" + {blk * 64 * SWIZZLE_ROW >> 4}" if blk else "")
                    self.put(f"ph::wgmma({name}, {a_at}, $db + {plan.b.k_step >> 4} * $k16, ($kb | $k16) != 0);")
            self.line("}")
            self.line("ph::wgmma_commit();")
            self.put("if ($kb > 0) {  // one group in flight: the stage before it is free")
            self.line("  ph::wgmma_wait<1>();")
            self.put(f"  if ($gthread == 0) {self._release(f'$empty + 8 * (($it - 1) % {plan.stages})')}")
            self.line("}")
        self.line("}")
        if self.turns:
            self.put(f"if ($gthread == 0) ph::mbar_arrive($base + {plan.turn_barrier});  // the other's turn")
        self.line("ph::wgmma_wait<0>();")
        self.put(f"if ($kblocks > 0 && $gthread == 0) {self._release(f'$empty + 8 * (($it - 1) % {plan.stages})')}")
        if self.turns:
            self.put("$it += $kblocks;  // past the other consumer's tile")
        self._epilogue()
        if self.stored is not None:
            self.put("if ($gthread == 0) ph::bulk_wait();  // shared memory stays until the last store has read it")

    def _release(self, bar: str) -> str:
        """A consumer's release of a stage: to its CTA's producer, and its peer's in a pair."""
        if not self.pairs:
            return f"ph::mbar_arrive({bar});"
        return f"{{ ph::mbar_arrive({bar}); ph::mbar_arrive_peer({bar}, $rank ^ 1); }}"

    def _epilogue(self) -> None:
        """The code after the GEMM loop (not for the block a pair lacks), and the end of
        the tile's turn of the walk."""
        if self.pairs:
            by, gy = self.ctx["block.y"], self.ctx["grid.y"]
            self.line(f"if ({by} < {gy}) {{  // an odd grid's last pair has one block: the other only loads")
            self.depth += 1
        self._acc_box()
        for s in self.form.epilogue:
            if isinstance(s, ir.Decl):
                self._let(s)
            else:
                self._store(s)
        if self.pairs:
            self.depth -= 1
            self.line("}")
        self.depth -= 1
        self.line("}")

    def _acc_box(self) -> None:
        """The accumulator's present region after the loop: `dot`'s rows are A's present
        rows and its columns B's present columns (none where a batch index is outside,
        which makes its operand absent), or the whole tile where the loop ran no turn
        (K = 0)."""
        form = self.form
        self.memo.clear()
        self.index_memo.clear()
        parts = []
        for start, length, extent in ((form.m_start, form.tile[0], self.tensors[form.a.tensor].dims[-2]),
                                      (form.n_start, form.tile[1],
                                       self.tensors[form.b.tensor].dims[-2 if form.b_k_major else -1])):
            s = self.local("at", "i64", self.scalar(start))
            parts.append((sub(imax(s, "0"), s), sub(imin(add(s, str(length)), self.dim(extent)), s)))
        box = self.boxes[form.acc]
        self.line(f"ph::Box<2> {box} = {{{{{parts[0][0]}, {parts[1][0]}}}, {{{parts[0][1]}, {parts[1][1]}}}}};")
        self.line(f"{box}.normalize();")
        inside = [found[1] for found in map(self._batch_index, "ab") if found is not None]
        if inside:
            self.line(f"if (!({' && '.join(inside)})) {box} = {{{{0, 0}}, {{0, 0}}}};  // an operand is absent")
        self.put(f"if ($kblocks == 0) {box} = {{{{0, 0}}, {{{form.tile[0]}, {form.tile[1]}}}}};")
