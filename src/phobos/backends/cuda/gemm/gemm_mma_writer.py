"""A GEMM kernel (gemm_form.py) on Ampere and Ada, from its mma.sync plan (gemm_mma_plan.py).

What differs from Hopper (gemm_writer.py) is the loop: all 8 warps copy each stage
with cp.async (a group a stage, the ring `stages` deep, one barrier a k block) and
then multiply it, each warp reading its A and B fragments with ldmatrix. The
persistent walk, the prologue, the accumulator's region and the epilogue (from
registers) are the Hopper writer's, read through the plan's fragment.
"""

from __future__ import annotations

from ..write.kernel import path_literal
from .gemm_mma_plan import MmaPlan, MmaStage
from .gemm_writer import GemmWriter


def mma_function(plan: MmaPlan) -> str:
    """`ph::mma(d, a, b0, b1)`: the four accumulators at `d` (+)= one m16n8k16 product."""
    return (
        "namespace ph {\n"
        "PH_INLINE void mma(f32* d, const u32 (&a)[4], u32 b0, u32 b1) {\n"
        f'  asm volatile("{plan.instruction} {{%0, %1, %2, %3}}, {{%4, %5, %6, %7}}, {{%8, %9}}, '
        '{%0, %1, %2, %3};"\n'
        '               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])\n'
        '               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));\n'
        "}\n"
        "}  // namespace ph\n"
    )


class MmaWriter(GemmWriter):
    ARCH_SUFFIX = ""
    LAUNCH_BOUND = 256
    INSTRUCTIONS = "mma.sync"

    @property
    def mma(self) -> MmaPlan:
        assert isinstance(self.gemm, MmaPlan)
        return self.gemm

    def helpers(self) -> str:
        return mma_function(self.mma)

    def loads(self) -> str:
        return "cp.async from every warp, stores from registers"

    def body(self) -> None:
        plan, form = self.mma, self.form
        n = plan.registers_per_block
        self.line("extern __shared__ __align__(128) unsigned char smem[];")
        self.put("const u32 $base = (ph::smem_address(smem) + 127u) & ~127u;")
        gx, gy, gz = (self.ctx[f"grid.{a}"] for a in "xyz")
        self.put(f"const i64 $tiles = {gx} * {gy} * {gz};")
        self._group_rows(plan.bm, plan.bn)
        k_extent = self.dim(self.tensors[form.a.tensor].dims[-1])
        self.put(f"const int $kblocks = (int)(({k_extent} + {plan.bk - 1}) / {plan.bk});")
        self.put("const int $lane = threadIdx.x % 32, $warp = threadIdx.x / 32;")
        row, col = plan.fragment.threads.terms("(int)threadIdx.x")
        self.put(f"const int $frag_row = {row}, $frag_col = {col};")
        self.put(f"const int $warp_row = $warp % 2 * {plan.warp_m}, $warp_col = $warp / 2 * {plan.warp_n};")
        for name in self.acc_arrays:
            self.line(f"f32 {name}[{n}];  // {form.acc.vtype} in registers: the plan's fragment")
        self._tile_loop()
        self.memo.clear()
        self.index_memo.clear()
        self.line(f"#line {form.loop.span.line} {path_literal(form.loop.span.path)}")
        self.put(f"const i64 $m_at = {self.scalar(form.m_start)}, $n_at = {self.scalar(form.n_start)};")
        self.batch_sources()
        for name in self.acc_arrays:
            self.put(f"for (int $r = 0; $r < {n}; ++$r) {name}[$r] = 0.0f;")
        stages = plan.stages
        self.put(f"for (int $s = 0; $s < {stages - 1}; ++$s) {{  // the first stages, ahead")
        with self.indented():
            self.put("if ($s < $kblocks) {")
            with self.indented():
                self._load("$s", "$s")
            self.line("}")
            self.line("ph::copies_commit();")
        self.line("}")
        self.put("for (int $kb = 0; $kb < $kblocks; ++$kb) {")
        with self.indented():
            self.line(f"ph::copies_wait<{stages - 2}>();  // this k block's stage has arrived")
            self.line("__syncthreads();  // and every warp is done with the stage the next load refills")
            self.put(f"if ($kb + {stages - 1} < $kblocks) {{")
            with self.indented():
                self._load(f"($kb + {stages - 1}) % {stages}", f"$kb + {stages - 1}")
            self.line("}")
            self.line("ph::copies_commit();")
            self._multiply(f"$kb % {stages}")
        self.line("}")
        self.line("ph::copies_wait<0>();")
        self.line("__syncthreads();  // the ring is free for the next tile")
        self._epilogue()

    def _load(self, stage: str, kblock: str) -> None:
        """The copies of one k block into one stage, from every thread."""
        plan = self.mma
        self.put(f"const u32 $a = $base + ({stage}) * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
        for role, part, dst, row, col in (
            ("a", plan.a, "$a", "$m_at + $r", f"({kblock}) * {plan.bk} + 8 * $c"),
            ("b", plan.b, "$b", f"({kblock}) * {plan.bk} + $r", "$n_at + 8 * $c"),
        ):
            chunks = part.row_bytes // 16
            self.copy_loop(role, "threadIdx.x", part.rows * chunks, plan.threads,
                           [f"const int $r = $q / {chunks}, $c = $q % {chunks};"],
                           f"{dst} + $r * {part.row_bytes} + ({self._chunk(part, '$r', '$c')} << 4)", row, col)

    @staticmethod
    def _chunk(part: MmaStage, row: str, chunk: str) -> str:
        """C++ for MmaStage.chunk."""
        if part.row_bytes >= 128:
            return f"(({chunk} & ~7) | (({chunk} & 7) ^ ({row} & 7)))"
        return f"({chunk} ^ (({row} >> 1) & 3))"

    def _multiply(self, stage: str) -> None:
        """One stage's two k16 slices: each warp's A fragments (an ldmatrix.x4 an m16
        block), its B fragments (an ldmatrix.x4.trans two n8 blocks), and the products."""
        plan = self.mma
        pairs = plan.n8 // 2
        self.put(f"const u32 $a = $base + ({stage}) * {plan.stage_bytes}, $b = $a + {plan.b.offset};")
        self.line("#pragma unroll")
        self.put(f"for (int $k16 = 0; $k16 < {plan.bk // 16}; ++$k16) {{")
        with self.indented():
            self.line(f"u32 fa[{plan.blocks}][4], fb[{pairs}][4];")
            self.line("#pragma unroll")
            self.line(f"for (int m = 0; m < {plan.blocks}; ++m) {{")
            self.put("  const int $r = $warp_row + 16 * m + ($lane & 15), $c = 2 * $k16 + ($lane >> 4);")
            self.put(f"  ph::ldmatrix4(fa[m], $a + $r * {plan.a.row_bytes} + "
                     f"({self._chunk(plan.a, '$r', '$c')} << 4));")
            self.line("}")
            self.line("#pragma unroll")
            self.line(f"for (int p = 0; p < {pairs}; ++p) {{")
            self.put("  const int $r = 16 * $k16 + ($lane & 15), $c = ($warp_col + 16 * p) / 8 + ($lane >> 4);")
            self.put(f"  ph::ldmatrix4_trans(fb[p], $b + $r * {plan.b.row_bytes} + "
                     f"({self._chunk(plan.b, '$r', '$c')} << 4));")
            self.line("}")
            for m, name in enumerate(self.acc_arrays):
                self.line("#pragma unroll")
                self.line(f"for (int j = 0; j < {plan.n8}; ++j) "
                          f"ph::mma({name} + 4 * j, fa[{m}], fb[j / 2][2 * (j % 2)], fb[j / 2][2 * (j % 2) + 1]);")
        self.line("}")

