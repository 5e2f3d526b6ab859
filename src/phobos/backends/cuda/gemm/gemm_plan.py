"""The layout plan of a GEMM kernel on Hopper: where every element lives, as data.

Decided before any code is written, and read by the writer (gemm_writer.py), the
launcher (gemm_launch.py) and the tests:

- the accumulator's `Fragment` (placement.py: warpgroup, thread and register modes),
  so "which thread and register holds element (i, j)" is `Fragment.holder(i, j)`, and
  the writer derives each register's row and column from the same strides.
- `OperandStage`: one operand's part of a pipeline stage in shared memory, as TMA
  fills it (boxes of 128-byte rows, 128-byte swizzled) and as wgmma's shared-memory
  descriptors read it (leading and stride byte offsets, the step per k16 slice).
- `GemmPlan`: the CTA tile, the stage depth and count, the warpgroups and their
  register budgets, the instruction, and the shared-memory map.

The facts (descriptor fields, the m64nNk16 accumulator layout, the swizzle) are the
PTX ISA's; `../shared/research/hopper-gemm.md` section 6 collects them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from phobos.dtypes import F32, DType
from phobos.ir import nodes as ir
from phobos.targets import SHARED_LIMIT

from ..layout.groups import WARPGROUP
from ..layout.placement import Fragment, Modes
from ..layout.stages import SWIZZLE_ATOM, SWIZZLE_ROW, swizzled_offset
from .gemm_form import GemmForm, NotGemm

K_SLICE_BYTES = 32  # one wgmma takes a k slice of 32 bytes of each row: 16 f16 or bf16, 32 i8
ACC_REGISTER_LIMIT = 128  # accumulator registers a consumer thread may hold beside its addresses
PRODUCER_REGISTERS = 40  # a TMA producer's addresses and walk (a pair's too), unspilled
COPYING_PRODUCER_REGISTERS = 56  # a producer whose threads copy the stages (no TMA) computes addresses
CONSUMER_REGISTERS = 224  # so that 128 x 56 + 256 x 224 fits the 384 x 168 registers at launch
REGISTER_FILE = 65536  # 32-bit registers an SM has, all of them for the one CTA
MOST_STAGES = 8  # the stages the compiler gives a tile where they fit (more hide more latency)
FEWEST_STAGES = 2  # a turn's products in flight while the next stage loads
FEWEST_STAGES_WITH_C = 3  # below which the output's staging gives way to the stages
STAGES_WITH_C = 4  # the stages the output's staging makes room for, staging the tile in parts
TURN_BARRIER_BYTES = 8  # ping-pong's mbarrier (GemmPlan.turn_barrier)


def wgmma_fragment(consumers: int, blocks: int, n: int) -> Fragment:
    """The f32 (or i32) accumulator of `blocks` m64nNk16 products a warpgroup, stacked
    along M, `consumers` warpgroups one above the other (PTX ISA, "Register fragments:
    accumulator D" of wgmma .m64nNk16): lane l of warp w holds rows 16w + l/4 (+ 8) and
    columns 2 (l % 4) (+ 1) of each 8-column slab."""
    return Fragment(
        groups=Modes((consumers,), (64 * blocks,), (0,)),
        threads=Modes((4, 8, 4), (0, 1, 16), (2, 0, 0)),
        registers=Modes((2, 2, n // 8, blocks), (0, 8, 0, 64), (1, 0, 8, 0)),
    )


@dataclass(frozen=True)
class OperandStage:
    """One operand's part of a stage: `boxes` TMA boxes of `rows` rows of 128 bytes
    (`box_cols` elements), `box_bytes` apart from `offset` in the stage. A K-major
    operand (A) has its m along the rows and k along the 128 bytes; an MN-major one
    (B, as users write it) has k along the rows and n along the bytes, box j holding
    columns 64j..64j+63. `lbo`, `sbo` and `k_step` are the descriptor's leading and
    stride byte offsets and the start's advance from one k16 slice to the next."""

    major: str  # "K" or "MN"
    rows: int
    box_cols: int
    boxes: int
    offset: int
    lbo: int
    sbo: int
    k_step: int

    @property
    def box_bytes(self) -> int:
        return self.rows * SWIZZLE_ROW

    @property
    def bytes(self) -> int:
        return self.boxes * self.box_bytes

    def byte_offset(self, row: int, col: int, element: int) -> int:
        """Where element (row, col) of the operand's stage tile lies, from the stage's
        start: (m, k) for a K-major operand, (k, n) for an MN-major one. The 16-byte
        chunk of a 128-byte row is XORed with the row's place in its 8-row atom."""
        return self.offset + swizzled_offset(row, col, element, self.box_cols, self.box_bytes)


@dataclass(frozen=True)
class GemmPlan:
    operand: DType
    accumulator: DType
    bm: int
    bn: int
    bk: int
    stages: int
    consumers: int  # warpgroups running wgmma; warpgroup 0 is the producer
    blocks: int  # m64 products each consumer stacks along M
    a: OperandStage
    b: OperandStage
    fragment: Fragment
    # The epilogue's output tile in shared memory, for its store by TMA (None: stores
    # from registers only): each consumer's rows in boxes, `c.bytes` apart, after the
    # stages; `c_parts` parts of the tile's columns, one after the other, `c.boxes`
    # boxes each, so that a smaller staging leaves room for more stages.
    c: OperandStage | None = None
    c_parts: int = 1
    # Ping-pong: the consumers take the CTA's tiles in turn, each a whole tile, so that
    # one's epilogue runs while the other multiplies (else they share every tile).
    pingpong: bool = False
    b_k_major: bool = False  # B is W[N, K], K-major in memory (GemmForm.b_k_major)

    @property
    def threads(self) -> int:
        return WARPGROUP * (self.consumers + 1)

    @property
    def k_slice(self) -> int:
        """The k of one wgmma."""
        return K_SLICE_BYTES * 8 // self.operand.bits

    @property
    def integer(self) -> bool:
        return self.operand.is_int

    @property
    def tf32(self) -> bool:
        """f32 operands: a tf32 product (the only one wgmma has for them), both K-major."""
        return self.operand == F32

    @property
    def b_transposed_copy(self) -> bool:
        """Whether B reaches its K-major stage transposed by the producer's copies (an
        8-bit B[K, N]) rather than as memory holds it (W[N, K])."""
        return self.b.major == "K" and not self.b_k_major

    @property
    def instruction(self) -> str:
        if self.integer:  # both operands K-major: B is transposed by the producer's copies
            return f"wgmma.mma_async.sync.aligned.m64n{self.bn}k{self.k_slice}.s32.s8.s8"
        t = "tf32" if self.tf32 else self.operand.name
        return f"wgmma.mma_async.sync.aligned.m64n{self.bn}k{self.k_slice}.{self.accumulator.name}.{t}.{t}"

    @property
    def registers_per_block(self) -> int:
        return self.bn // 2

    @property
    def stage_bytes(self) -> int:
        return self.a.bytes + self.b.bytes

    @property
    def c_offset(self) -> int:
        return self.stages * self.stage_bytes

    @property
    def full_barriers(self) -> int:
        return self.c_offset + (0 if self.c is None else self.consumers * self.c.bytes)

    @property
    def empty_barriers(self) -> int:
        return self.full_barriers + 8 * self.stages

    @property
    def turn_barrier(self) -> int:
        """Ping-pong's barrier that passes the turn to multiply from one consumer to the other."""
        return self.empty_barriers + 8 * self.stages

    @property
    def shared_bytes(self) -> int:
        """The stages and barriers, and room to align the first stage to 1024 bytes
        (the swizzle is a function of the address; dynamic shared memory is only
        promised 16-byte alignment)."""
        return self.turn_barrier + (TURN_BARRIER_BYTES if self.pingpong else 0) + SWIZZLE_ATOM

    def boxes(self) -> dict[str, tuple[int, int]]:
        """Each TMA tensor map's box, (columns, rows) in elements, by role: the operands
        a and b, and the output c where its store is staged."""
        boxes = {"a": (self.a.box_cols, self.a.rows), "b": (self.b.box_cols, self.b.rows)}
        if self.c is not None:
            boxes["c"] = (self.c.box_cols, self.c.rows)
        return boxes

    def describe(self) -> list[str]:
        return [
            f"{self.bm} x {self.bn} CTA tile, k {self.bk} a stage, {self.stages} stages of {self.stage_bytes} bytes",
            f"warpgroup 0 loads the stages (TMA, or its threads' copies); warpgroups 1..{self.consumers} "
            f"run {self.instruction}, {self.blocks} m64 block(s) each ({CONSUMER_REGISTERS} registers)"
            + (", taking the tiles in turn (ping-pong)" if self.pingpong else ""),
            f"A: {self.a.boxes} box(es) of {self.a.rows} x {self.a.box_cols}, K-major; "
            f"B: {self.b.boxes} box(es) of {self.b.rows} x {self.b.box_cols}, {self.b.major}-major"
            + (" (transposed as it is copied)" if self.b_transposed_copy else "") + "; 128-byte swizzle",
            "C: from registers" if self.c is None else
            f"C: a consumer's {self.c.rows} rows through {self.c.boxes} swizzled box(es) of {self.c.box_cols} columns "
            + (f"at a time ({self.c_parts} parts) " if self.c_parts > 1 else "")
            + "and a TMA store, where the tile allows, overlapping the next tile",
        ]


@dataclass(frozen=True)
class GemmMode:
    """How a launch runs a plan, as its operands allow: loads by TMA or by the
    producer's threads; the output stored by TMA (where the plan stages it) or from
    registers; CTAs alone or in clusters of two that share B's loads (TMA multicast)."""

    tma_loads: bool
    tma_store: bool
    mma: bool = False  # the mma.sync lowering (Ampere, Ada; on Hopper only when asked, to test it)
    cluster: int = 1  # 2: pairs of CTAs on tiles one above the other, each loading half of B for both
    pingpong: bool = False  # the plan whose consumers take whole tiles in turn (GemmPlan.pingpong)


class TooLarge(NotGemm):
    """A GEMM tile no register file or shared memory of the target holds."""


def plan_gemm(kernel: ir.Kernel, form: GemmForm, arch: str = "sm_90", pingpong: bool = False) -> GemmPlan:
    """The plan for `form`'s tile on `arch` (with `pingpong`, consumers taking whole
    tiles in turn, where a warpgroup's registers hold the tile; NotGemm where not);
    NotGemm where the tile does not fit the lowering's shapes, TooLarge with the numbers
    where it cannot be held."""
    bm, bn = form.tile
    operand, accumulator = form.a.type.dtype, form.acc.vtype.dtype
    element = operand.bits // 8
    box_cols = SWIZZLE_ROW // element
    if bm % 64 or bm > 256:
        raise NotGemm(f"the tile's {bm} rows are not 64, 128, 192 or 256 (wgmma's m64 blocks)")
    k_major = operand.is_int or form.b_k_major
    unit = 64 if k_major else box_cols  # B's columns: rows of its K-major stage, or whole boxes
    if bn % unit or bn > 256:
        raise NotGemm(f"the tile's {bn} columns are not a multiple of {unit} up to 256")
    consumers = 2 if bm % 128 == 0 or pingpong else 1
    blocks = bm // 64 if pingpong else bm // 64 // consumers
    registers = blocks * bn // 2
    if pingpong and registers > ACC_REGISTER_LIMIT:
        raise NotGemm(f"ping-pong: a {bm} x {bn} accumulator takes {registers} registers a thread of one warpgroup")
    if registers > ACC_REGISTER_LIMIT:
        raise TooLarge(f"a {bm} x {bn} accumulator takes {registers} registers a thread of each of the "
                       f"{consumers} consumer warpgroup(s); wgmma leaves at most {ACC_REGISTER_LIMIT} for it")
    bk = box_cols
    a = OperandStage("K", bm, box_cols, 1, 0, 16, SWIZZLE_ATOM, K_SLICE_BYTES)
    if k_major:  # W[N, K] as it is, or an 8-bit B[K, N] transposed as it is copied (no transposed 8-bit read)
        b = OperandStage("K", bn, box_cols, 1, a.bytes, 16, SWIZZLE_ATOM, K_SLICE_BYTES)
    else:
        b = OperandStage("MN", bk, box_cols, bn // box_cols, a.bytes, bk * SWIZZLE_ROW, SWIZZLE_ATOM,
                         K_SLICE_BYTES * SWIZZLE_ROW // element)
    stage = a.bytes + b.bytes
    limit = SHARED_LIMIT[arch]
    room = limit - SWIZZLE_ATOM - (TURN_BARRIER_BYTES if pingpong else 0)  # for the stages and the staging of C
    fits = room // (stage + 16)
    c, parts = _c_stage(form, consumers, blocks, bn), 1
    if c is not None:
        # The staging in as few parts as leave room for the stages asked for, or for
        # STAGES_WITH_C (else as many as it can, down to FEWEST_STAGES_WITH_C).
        wanted = kernel.stages or STAGES_WITH_C
        while True:
            with_c = (room - consumers * c.bytes) // (stage + 16)
            if with_c >= wanted or c.boxes % 2:
                break
            c, parts = replace(c, boxes=c.boxes // 2), parts * 2
        if with_c < (kernel.stages or FEWEST_STAGES_WITH_C):
            c, parts = None, 1  # the stages asked for, or 3, matter more than overlapping the store
        else:
            fits = with_c
    if kernel.stages is not None and kernel.stages > fits:
        raise TooLarge(f"@pipeline({kernel.stages}): {kernel.stages} stages of {stage} bytes and their barriers "
                       f"take {kernel.stages * (stage + 16) + SWIZZLE_ATOM} bytes of shared memory; "
                       f"a CTA on {arch} has {limit}")
    # At least two: a consumer keeps a turn's products in flight while it waits for the next
    # stage, and frees a stage only then, so one stage would leave the producer waiting on it.
    if fits < FEWEST_STAGES:
        raise TooLarge(f"two stages of a {bm} x {bn} tile and their barriers take {2 * (stage + 16) + SWIZZLE_ATOM} "
                       f"bytes of shared memory; a CTA on {arch} has {limit}")
    stages = max(kernel.stages, FEWEST_STAGES) if kernel.stages is not None else min(MOST_STAGES, fits)
    if (CONSUMER_REGISTERS * consumers + COPYING_PRODUCER_REGISTERS) * WARPGROUP > REGISTER_FILE:
        raise AssertionError("the warpgroups' registers exceed the register file")
    return GemmPlan(operand, accumulator, bm, bn, bk, stages, consumers, blocks, a, b,
                    wgmma_fragment(1 if pingpong else consumers, blocks, bn), c, parts, pingpong, form.b_k_major)


def _c_stage(form: GemmForm, consumers: int, blocks: int, bn: int) -> OperandStage | None:
    """Where a consumer's rows of the output tile wait for their TMA store: an epilogue
    of one store, of 16- or 32-bit elements, its columns whole 128-byte box rows."""
    stores = [s for s in form.epilogue if isinstance(s, ir.Store)]
    if len(stores) != 1 or stores[0].value.type.dtype.bits not in (16, 32) or stores[0].value.type.dtype.is_bool:
        return None
    box_cols = SWIZZLE_ROW * 8 // stores[0].value.type.dtype.bits
    if bn % box_cols:
        return None
    return OperandStage("MN", 64 * blocks, box_cols, bn // box_cols, 0, 0, 0, 0)
