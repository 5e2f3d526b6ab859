"""The layout plan of a GEMM kernel on Ampere and Ada (sm_80, sm_86, sm_89): mma.sync.

The same GEMM form as on Hopper (gemm_form.py), a different machine: no TMA, no
wgmma, no warp specialization. All 8 warps of the CTA copy each stage with cp.async
(16-byte chunks of a 16-byte-XOR-swizzled layout, so ldmatrix reads it without bank
conflicts) into a ring of stages, then read fragments with ldmatrix (ldmatrix.trans
for B, which users write K x N) and multiply with mma.sync m16n8k16. Each warp owns a
(TM / 2) x (TN / 4) part of the tile; the accumulator `Fragment` (gemm_plan.py) says
which thread and register holds each element, as there.
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos.dtypes import DType
from phobos.ir import nodes as ir
from phobos.targets import SHARED_LIMIT

from ..layout.placement import Fragment, Modes
from .gemm_form import GemmForm, NotGemm
from .gemm_plan import TooLarge

MMA_ARCHES = ("sm_80", "sm_86", "sm_89")
WARPS_M, WARPS_N = 2, 4
WARP = 32
BK = 32  # k a stage: two k16 slices
ACC_REGISTER_LIMIT = 128
DEFAULT_STAGES = 4
ALIGN = 128  # the stages' start: a swizzled row of B is a multiple of 128 bytes


@dataclass(frozen=True)
class MmaStage:
    """One operand's part of a stage: `rows` rows of `row_bytes`, `offset` from the
    stage's start, each row's 16-byte chunks XORed: with the row's place in 8 (rows of
    128 bytes or more) or with half of it in 4 (A's 64-byte rows), so the 8 rows an
    ldmatrix reads fall in 8 different bank groups."""

    rows: int
    row_bytes: int
    offset: int

    @property
    def bytes(self) -> int:
        return self.rows * self.row_bytes

    def chunk(self, row: int, chunk: int) -> int:
        """The 16-byte chunk `chunk` of row `row` lands at this chunk of the row."""
        if self.row_bytes >= 128:
            return (chunk & ~7) | ((chunk & 7) ^ (row & 7))
        return chunk ^ ((row >> 1) & 3)

    def byte_offset(self, row: int, col: int, element: int) -> int:
        chunk, within = divmod(col * element, 16)
        return self.offset + row * self.row_bytes + self.chunk(row, chunk) * 16 + within


@dataclass(frozen=True)
class MmaPlan:
    operand: DType
    accumulator: DType
    bm: int
    bn: int
    stages: int
    a: MmaStage  # [bm, BK], k along the rows
    b: MmaStage  # [BK, bn], n along the rows
    fragment: Fragment
    bk: int = BK
    c: None = None  # the epilogue stores from registers

    @property
    def threads(self) -> int:
        return WARPS_M * WARPS_N * WARP

    @property
    def warp_m(self) -> int:
        return self.bm // WARPS_M

    @property
    def warp_n(self) -> int:
        return self.bn // WARPS_N

    @property
    def blocks(self) -> int:
        """m16 products a warp stacks along M (each its own accumulator array)."""
        return self.warp_m // 16

    @property
    def n8(self) -> int:
        return self.warp_n // 8

    @property
    def registers_per_block(self) -> int:
        return 4 * self.n8

    @property
    def instruction(self) -> str:
        t = self.operand.name
        return f"mma.sync.aligned.m16n8k16.row.col.f32.{t}.{t}.f32"

    @property
    def stage_bytes(self) -> int:
        return self.a.bytes + self.b.bytes

    @property
    def shared_bytes(self) -> int:
        return self.stages * self.stage_bytes + ALIGN

    def describe(self) -> list[str]:
        return [
            f"{self.bm} x {self.bn} CTA tile, k {self.bk} a stage, {self.stages} stages of {self.stage_bytes} bytes, "
            "filled by cp.async from all 8 warps",
            f"each warp {self.warp_m} x {self.warp_n}: ldmatrix (B transposed) and {self.instruction}, "
            f"{self.blocks} x {self.n8} products a k16 slice",
        ]


def mma_fragment(warp_m: int, warp_n: int) -> Fragment:
    """The accumulators of mma.sync m16n8 products (PTX ISA, "Matrix fragments for
    mma.m16n8k16": lane l holds rows l/4 (+ 8) and columns 2 (l % 4) (+ 1)); warp w
    at rows warp_m (w % 2), columns warp_n (w / 2); its products n8 apart along N and
    m16 apart along M (the last register mode: one accumulator array each)."""
    return Fragment(
        groups=Modes((1,), (0,), (0,)),
        threads=Modes((4, 8, WARPS_M, WARPS_N), (0, 1, warp_m, 0), (2, 0, 0, warp_n)),
        registers=Modes((2, 2, warp_n // 8, warp_m // 16), (0, 8, 0, 16), (1, 0, 8, 0)),
    )


def plan_mma(kernel: ir.Kernel, form: GemmForm, arch: str) -> MmaPlan:
    """The plan for `form`'s tile on an Ampere or Ada `arch`; NotGemm where the tile or
    the operands do not fit the lowering, TooLarge with the numbers where it cannot be held."""
    bm, bn = form.tile
    operand, accumulator = form.a.type.dtype, form.acc.vtype.dtype
    if operand.is_int:
        raise NotGemm("i8 operands have no mma.sync lowering yet (B would have to be transposed as it is copied)")
    if form.b_k_major:
        raise NotGemm("a transposed B has no mma.sync GEMM lowering yet: the general lowering's products run it")
    if bm % 32 or bm > 256 or bn % 64 or bn > 256:
        raise NotGemm(f"a {bm} x {bn} tile does not split into 2 x 4 warps of m16 and n16 products "
                      "(rows a multiple of 32, columns of 64, each up to 256)")
    registers = bm * bn // (WARPS_M * WARPS_N * WARP)
    if registers > ACC_REGISTER_LIMIT:
        raise TooLarge(f"a {bm} x {bn} accumulator takes {registers} registers a thread of 8 warps; "
                       f"mma.sync leaves at most {ACC_REGISTER_LIMIT} for it")
    element = operand.bits // 8
    a = MmaStage(bm, BK * element, 0)
    b = MmaStage(BK, bn * element, a.bytes)
    stage = a.bytes + b.bytes
    limit = SHARED_LIMIT[arch]
    fits = (limit - ALIGN) // stage
    if kernel.stages is not None and kernel.stages > fits:
        raise TooLarge(f"@pipeline({kernel.stages}): {kernel.stages} stages of {stage} bytes take "
                       f"{kernel.stages * stage + ALIGN} bytes of shared memory; a CTA on {arch} has {limit}")
    if fits < 2:
        raise TooLarge(f"two stages of a {bm} x {bn} tile take {2 * stage} bytes of shared memory; "
                       f"a CTA on {arch} has {limit}")
    stages = kernel.stages if kernel.stages is not None else min(DEFAULT_STAGES, fits)
    return MmaPlan(operand, accumulator, bm, bn, max(stages, 2), a, b, mma_fragment(bm // WARPS_M, bn // WARPS_N))
