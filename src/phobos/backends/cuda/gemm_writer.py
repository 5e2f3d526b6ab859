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

from string import Template

from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization

from . import ctypes as ct
from .exprs import Pos, add, imax, imin, sub
from .fragments import ELEMENTWISE
from .gemm_form import GemmForm
from .gemm_plan import (
    CONSUMER_REGISTERS,
    COPYING_PRODUCER_REGISTERS,
    PRODUCER_REGISTERS,
    SWIZZLE_BYTES,
    WARPGROUP,
    GemmMode,
    GemmPlan,
    OperandStage,
)
from .gemm_prelude import GEMM_PRELUDE
from .kernel import Generated, KernelWriter, Param, entry_symbol, path_literal
from .prelude import PRELUDE

LOCALS = ("base", "full", "empty", "group", "gthread", "tiles", "kblocks", "tile", "it", "kb", "k16", "s",
          "phase", "a", "b", "m_at", "n_at", "consumer", "frag_row", "frag_col", "i", "j", "j1", "lo0", "hi0",
          "lo1", "hi1", "ci", "cj", "cj1", "q", "r", "c", "box", "wg_row", "c_tile", "lane", "warp", "warp_row",
          "warp_col", "rank", "pairs", "pair", "group_rows", "a_desc", "b_desc", "da", "db")
LAUNCH_BOUND = 384  # ptxas budgets registers for 3 warpgroups: 168 a thread, which setmaxnreg redistributes


def wgmma_function(plan: GemmPlan) -> str:
    """`ph::wgmma(d, a, b, scale_d)`: D (+)= A B for one k slice of descriptors of
    shared memory (A K-major; B MN-major and transposed on read, or K-major: W[N, K],
    and integers); `scale_d` 0 overwrites D."""
    n = plan.registers_per_block
    regs = ", ".join(f"%{i}" for i in range(n))
    kind, ctype = ("r", "i32") if plan.integer else ("f", "f32")
    outs = ", ".join(f'"+{kind}"(d[{i}])' for i in range(n))
    # 16-bit operands: scale A and B by 1, A as it is, an MN-major B transposed; integers take no
    # such immediates.
    immediates = "" if plan.integer else f", 1, 1, 0, {0 if plan.b.major == 'K' else 1}"
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


class GemmWriter(KernelWriter):
    def __init__(self, kernel: ir.Kernel, spec: Specialization, form: GemmForm, plan: GemmPlan, mode: GemmMode):
        super().__init__(kernel, spec)
        assert plan.c is not None or not mode.tma_store
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

    def put(self, text: str) -> None:
        """A line naming the lowering's locals as `$name`."""
        self.line(Template(text).substitute(self.n))

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
        return Generated(k.name, source, plan.threads, plan.shared_bytes, tuple(params), self.aligned,
                         arch_suffix=self.ARCH_SUFFIX, gemm=plan, cluster=2 if self.pairs else 1)

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
        k_extent = self.dim(self.tensors[form.a.tensor].dims[1])
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
            self.put("for (int $kb = 0; $kb < $kblocks; ++$kb, ++$it) {")
            with self.indented():
                self.put(f"const u32 $s = $it % {plan.stages}, $phase = ($it / {plan.stages}) & 1;")
                self.put("ph::mbar_wait($empty + 8 * $s, $phase ^ 1);  // a fresh stage passes at once")
                self.put(f"ph::mbar_expect($full + 8 * $s, {plan.stage_bytes});")
                self.put(f"const u32 $a = $base + $s * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
                self.put(f"ph::tma_load($a, &{a_map}, $kb * {plan.bk}, $m_at, $full + 8 * $s);")
                if self.pairs:
                    half = plan.b.boxes // 2
                    for box in range(half):
                        first = f"$rank * {half}" + (f" + {box}" if box else "")
                        self.put(f"ph::tma_load_multicast($b + ({first}) * {plan.b.box_bytes}, &{b_map}, "
                                 f"$n_at + ({first}) * {plan.b.box_cols}, $kb * {plan.bk}, $full + 8 * $s, 3);")
                if plan.b.major == "K":  # W[N, K]: n along the rows, as A's m
                    self.put(f"ph::tma_load($b, &{b_map}, $kb * {plan.bk}, $n_at, $full + 8 * $s);")
                for box in range(0 if self.pairs or plan.b.major == "K" else plan.b.boxes):
                    column = "$n_at" if box == 0 else f"$n_at + {box * plan.b.box_cols}"
                    self.put(f"ph::tma_load($b + {box * plan.b.box_bytes}, &{b_map}, {column}, $kb * {plan.bk}, "
                             "$full + 8 * $s);")
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
        self.put("for (int $kb = 0; $kb < $kblocks; ++$kb, ++$it) {")
        with self.indented():
            self.put(f"const u32 $s = $it % {plan.stages}, $phase = ($it / {plan.stages}) & 1;")
            self.put("ph::mbar_wait($empty + 8 * $s, $phase ^ 1);")
            self.put(f"const u32 $a = $base + $s * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
            self._copy_chunks(form.a, plan.a, "$a", "$m_at + $r", f"$kb * {plan.bk} + %COL%")
            if plan.b_transposed_copy:
                self._copy_transposed()
            elif plan.b.major == "K":
                self._copy_chunks(form.b, plan.b, "$b", "$n_at + $r", f"$kb * {plan.bk} + %COL%")
            else:
                self._copy_chunks(form.b, plan.b, "$b", f"$kb * {plan.bk} + $r", "$n_at + %COL%")
            self.put("ph::copies_arrive($full + 8 * $s);")
        self.line("}")
        self.depth -= 1
        self.line("}")

    def _operand(self, load: ir.Load) -> tuple[str, str, bool]:
        """An operand's rows and columns as C++, and whether it may be read in pieces of 4
        elements (16-byte aligned, and known to be a multiple of 4 wide)."""
        tensor = self.tensors[load.tensor]
        rows, cols = (self.dim(n) for n in tensor.dims)
        return rows, cols, load.tensor in self.aligned and self.pitch_multiple_of(tensor.dims[1], 4) is True

    def _copy_chunks(self, load: ir.Load, stage: OperandStage, dst: str, row: str, col: str) -> None:
        per_chunk = 16 * 8 // load.type.dtype.bits
        chunks = SWIZZLE_BYTES // 16
        names = [f"const int $r = ($q >> 3) % {stage.rows}, $c = $q & 7;"]
        place = "$r * 128 + (($c ^ ($r & 7)) << 4)"
        column = f"{per_chunk} * $c"
        if stage.boxes > 1:
            names.append(f"const int $box = $q / {stage.rows * chunks};")
            place = f"$box * {stage.box_bytes} + {place}"
            column = f"{stage.box_cols} * $box + {column}"
        self.copy_loop(load, "$gthread", stage.boxes * stage.rows * chunks, WARPGROUP, names, f"{dst} + {place}", row,
                       col.replace("%COL%", column))

    def copy_loop(self, load: ir.Load, first: str, total: int, step: int, names: list[str], place: str, row: str,
                  col: str) -> None:
        """A loop of the threads' 16-byte chunk copies of `load`'s tensor, the chunk at
        (`row`, `col`) to shared address `place`, indices from `first` below `total`,
        `step` apart; `names` are the lines naming a chunk's row and column."""
        rows, cols, pieces = self._operand(load)
        copy = "ph::copy_async" if pieces else "ph::copy_elements"
        self.line("#pragma unroll 4")
        self.put(f"for (int $q = {first}; $q < {total}; $q += {step}) {{")
        with self.indented():
            for text in names:
                self.put(text)
            self.put(f"{copy}({place}, {self.param_names[load.tensor]}, {row}, {col}, {rows}, {cols});")
        self.line("}")

    def _copy_transposed(self) -> None:
        """B of 8-bit elements, K-major for wgmma: 4 x 4 blocks, consecutive threads
        along n (so each row's words are read together)."""
        plan, load = self.gemm, self.form.b
        rows, cols, words = self._operand(load)
        across = plan.bn // 4
        self.line("#pragma unroll 4")
        self.put(f"for (int $q = $gthread; $q < {plan.bk // 4 * across}; $q += {WARPGROUP}) {{")
        with self.indented():
            self.put(f"const int $r = $q / {across} * 4, $c = $q % {across} * 4;  // k and n in the stage")
            self.put(f"ph::copy_transposed($b, {self.param_names[load.tensor]}, $kb * {plan.bk} + $r, $n_at + $c, "
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
                    a_at = f"$da + {plan.a.k_step >> 4} * $k16" + (f" + {blk * 64 * SWIZZLE_BYTES >> 4}" if blk else "")
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

    def _consumer_rows(self) -> str:
        """Where a consumer's rows of the output tile start: it holds all of them in ping-pong."""
        c = self.gemm.c
        assert c is not None
        return "0" if self.turns else f"$consumer * {c.rows}"

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
        rows and its columns B's present columns, or the whole tile where the loop ran no
        turn (K = 0)."""
        form = self.form
        self.memo.clear()
        self.index_memo.clear()
        parts = []
        for start, length, extent in ((form.m_start, form.tile[0], self.tensors[form.a.tensor].dims[0]),
                                      (form.n_start, form.tile[1],
                                       self.tensors[form.b.tensor].dims[0 if form.b_k_major else 1])):
            s = self.local("at", "i64", self.scalar(start))
            parts.append((sub(imax(s, "0"), s), sub(imin(add(s, str(length)), self.dim(extent)), s)))
        box = self.boxes[form.acc]
        self.line(f"ph::Box<2> {box} = {{{{{parts[0][0]}, {parts[1][0]}}}, {{{parts[0][1]}, {parts[1][1]}}}}};")
        self.line(f"{box}.normalize();")
        self.put(f"if ($kblocks == 0) {box} = {{{{0, 0}}, {{{form.tile[0]}, {form.tile[1]}}}}};")

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
        limits = []
        for axis, ((lo, hi), start, extent, n) in enumerate(zip(region, starts, dims, self.form.tile, strict=True)):
            low, high = self.n[f"lo{axis}"], self.n[f"hi{axis}"]
            first, last = imax(lo, sub("0", start)), imin(hi, sub(self.dim(extent), start))
            # Positions in the tile fit an int: the bounds are clamped to [0, n] first.
            self.line(f"const int {low} = (int)ph::min64(ph::max64({first}, 0), {n}), "
                      f"{high} = (int)ph::min64(ph::max64({last}, 0), {n});"
                      "  // where the value is present and inside the tensor")
            limits.append((low, high))
        whole = " && ".join(f"{lo} == 0 && {hi} == {n}" for (lo, hi), n in zip(limits, self.form.tile, strict=True))
        if self.gemm.c is not None:
            self._staged(s, starts, limits, whole)
            return
        tests = [name in self.aligned, self.pitch_multiple_of(dims[1], 2), self.multiple_of(starts[1], 2)]
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
                row = add(starts[0], self._consumer_rows())
                for box in range(c.boxes):
                    column = add(starts[1], str((first + box) * c.box_cols))
                    self.put(f"  ph::tma_store(ph::smem_address($c_tile) + {box * c.box_bytes}, "
                             f"&{self.maps['c']}, (int)({column}), (int)({row}));")
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
                         clamp: list[tuple[str, str]] | None = None, columns: tuple[int, int] | None = None) -> None:
        """Every register pair of the fragment: into the staged boxes (`staged`: element
        bytes, box columns, box bytes), with the value read at positions clamped into
        `clamp`, only the pairs in the tile's `columns` (the staged part, placed from its
        first column); or to the tensor, two columns a store (`limits` None: a whole,
        aligned tile) or element by element where inside `limits` (row and column bounds)."""
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
