"""A product in registers on Hopper's wgmma (sm_90a): each warpgroup 64 rows at once.

The accumulator layout (fragments.py, groups.AtomRows) gives warp w the 16-row blocks
w, w + warps, ... of the product. With whole warpgroups, the four warps of warpgroup g
hold 64 consecutive rows of each block, placed as wgmma's m64 D fragment places them
(PTX ISA, "Register fragments" of wgmma .m64nNk16): lane l of warp w holds rows
16w + l / 4 (+ 8) and columns 2 (l % 4) (+ 1) of each 8-column slab, its register
4j + v being mma.sync's accumulator element v of the j-th m16n8 atom. The A fragment
of a warp's 16 rows is mma.sync m16n8k16's A fragment too. So the mma.sync lowering
(dot_mma.write_registers) reads A as it does, from A's stage by ldmatrix or from the
thread's own registers, and only the issue differs: every k step's A registers are
gathered first, then one `wgmma.mma_async` a k step reads them, and B from shared
memory through a descriptor, all in one group that is waited for at once.

B is staged swizzled (layout/stages.py), as TMA's 128-byte swizzle stores a box, and its
descriptors are the GEMM kernel's (gemm_plan.py): a B[K, N] window is MN-major (k along
the stored rows, boxes of 64 columns of n one after another; the leading byte offset
is the box stride, and wgmma transposes B as it reads it), a transposed window of
W[N, K] K-major (n along the rows, boxes of 64 k; the leading offset unused). The
stride byte offset is eight rows, 1024 bytes, in both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from phobos.dtypes import BF16, DType
from phobos.ir import nodes as ir

from ..layout import stages
from . import dot_stage
from .in_flight import InFlight

if TYPE_CHECKING:
    from .tiles import TileWriter

K_STEP = 16  # the k of one 16-bit wgmma


@dataclass(frozen=True)
class Block:
    """The C++ names the mma.sync writer gives a product's loops and registers: the
    block index, the warp's first row in it, the k step, the lane, the accumulator
    and the A registers; and the counts of k steps, warps and blocks."""

    blk: str
    first: str
    step: str
    lane: str
    acc: str
    fa: str
    steps: int
    warps: int
    blocks: int


def write(w: TileWriter, e: ir.Dot, sa: dot_stage.Staged | None, sb: dot_stage.Staged, names: Block,
          left_fragment: Callable[[str], None], store: Callable[[Callable[[str, int], str]], None],
          start: Callable[[Callable[[str, int], str]], None] | None = None, lands_in: ir.Sym | None = None) -> None:
    """The product's blocks on wgmma, from B's swizzled stage `sb` and A's swizzled
    stage `sa` (K-major, read by descriptor too), or where `sa` is None A's registers:
    `left_fragment(fa)` writes the A registers of the current k step into `fa`.
    `store(index)` writes the accumulators to the statement's registers (`index(nb, v)`:
    atom nb's element v); `start(index)`, where given, gives them their first values
    from there (the product is summed into them), else they start at zero. A product
    landing in the registers of tile `lands_in`, of one block a warpgroup, whose staged
    operands are in stages the loop keeps, is left in flight where the statement may
    (in_flight.py): its accumulators and A registers are declared in the statement's
    scope, and its wait and store are written later."""
    cols, n = e.type.shape[1], names
    defer = (w.flights.may_defer and lands_in is not None and n.blocks == 1
             and sb.kept and (sa is None or sa.kept))  # statement scratch is the next statement's
    function = _function(w, e.left.type.dtype, cols, sb.plan.turned, sa is not None)
    a_desc, b_desc = w.names.take("a_desc"), w.names.take("b_desc")
    where = "A and B from their swizzled stages" if sa is not None else "A from registers, B from its swizzled stage"
    if defer:
        w.line(f"f32 {n.acc}[{cols // 2}]{'' if start else ' = {}'};  // landed where a later statement reads it")
        if sa is None:
            w.line(f"u32 {n.fa}[{n.steps}][4] = {{}};")
    w.line(f"{{  // {e.type} = dot on wgmma m64n{cols}k16 from sm_90a: each warpgroup 64 rows of a block, "
           f"{where} (B {'K' if sb.plan.turned else 'MN'}-major){', left in flight' if defer else ''}")
    with w.indented():
        if sa is None:
            w.line(f"const int {n.lane} = threadIdx.x % 32;")
        else:
            w.line(f"const u64 {a_desc} = ph::smem_descriptor({sa.address}, 16, {stages.SWIZZLE_ATOM});")
        lbo = 16 if sb.plan.turned else sb.plan.box_bytes
        w.line(f"const u64 {b_desc} = ph::smem_descriptor({sb.address}, {lbo}, {stages.SWIZZLE_ATOM});")
        w.line("#pragma unroll")
        w.line(f"for (int {n.blk} = 0; {n.blk} < {n.blocks}; ++{n.blk}) {{")
        with w.indented():
            if sa is None:
                w.line(f"const int {n.first} = (threadIdx.x / 32 + {n.blk} * {n.warps}) * 16;  // the warp's first row")
                if not defer:
                    w.line(f"u32 {n.fa}[{n.steps}][4] = {{}};")
                w.line("#pragma unroll")
                w.line(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{")
                with w.indented():
                    left_fragment(f"{n.fa}[{n.step}]")
                w.line("}")
                a = f"{n.fa}[{n.step}]"
            else:  # the warpgroup's 64 rows of the block: 128 bytes a row in each box
                # One warpgroup: its first row a constant, so that the descriptors are the same
                # for every thread and computed in uniform registers.
                group = "0" if w.kernel.threads <= 128 else "threadIdx.x / 128"
                w.line(f"const u32 {n.first} = ({group} * 4 + {n.blk} * {n.warps}) * 16;  // the warpgroup's first row")
                a = f"{a_desc} + ({n.first} * {stages.SWIZZLE_ROW} + {k_major_step(sa.plan, n.step)}) / 16"
            if not defer:
                w.line(f"f32 {n.acc}[{cols // 2}]{'' if start else ' = {}'};")
            # The registers wgmma reads are held as they are from here: else ptxas (NVRTC 13.0)
            # may fold their writing into the paths that wrote them (a loop's turn is written
            # twice: plan/presence.py) and serialize the wgmmas (C7520).
            if start is not None:
                start(lambda nb, v: f"{n.acc}[{nb} * 4 + {v}]")
                w.line(f"ph::keep({n.acc});")
            if sa is None:
                w.unrolled(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{",
                           [f"ph::keep({n.fa}[{n.step}]);"])
            w.line("ph::wgmma_fence();")
            b_step = k_major_step(sb.plan, n.step) if sb.plan.turned else f"{n.step} * {K_STEP * stages.SWIZZLE_ROW}"
            w.unrolled(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{",
                       [f"ph::{function}({n.acc}, {a}, {b_desc} + ({b_step}) / 16);"])
            w.line("ph::wgmma_commit();")
            if not defer:
                w.line("ph::wgmma_wait<0>();")
                _landed(w, n, sa is None, store)
        w.line("}")
    w.line("}")
    if defer:
        assert lands_in is not None
        with w.captured() as after_wait:
            w.line("{")
            with w.indented():
                w.line(f"const int {n.blk} = 0;")
                _landed(w, n, sa is None, store)
            w.line("}")
        w.flights.issued(InFlight(lands_in, after_wait))


def _landed(w: TileWriter, n: Block, a_registers: bool, store: Callable[[Callable[[str, int], str]], None]) -> None:
    """After a product's wait: its registers held there, its accumulators stored."""
    w.line(f"ph::keep({n.acc});  // the accumulators are read" + (", and A's registers free," if a_registers
                                                                    else "") + " only now")
    if a_registers:
        w.unrolled(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{", [f"ph::keep({n.fa}[{n.step}]);"])
    store(lambda nb, v: f"{n.acc}[{nb} * 4 + {v}]")


def k_major_step(plan: stages.StageLayout, step: str) -> str:
    """C++ of the bytes from a K-major swizzled stage's start to k step `step`: four
    steps of 32 bytes a 128-byte row, then the next box."""
    return f"{step} / 4 * {plan.box_bytes} + {step} % 4 * 32"


def _function(w: TileWriter, d: DType, n: int, b_k_major: bool, a_shared: bool) -> str:
    """The name of the helper issuing one m64nNk16 wgmma, A from registers or (where
    `a_shared`) by a descriptor of its K-major stage, B by descriptor (added to the
    kernel's sm_90a helpers the first time)."""
    t = "bf16" if d == BF16 else "f16"
    name = f"wgmma_m64n{n}k16_{t}_{'ss' if a_shared else 'rs'}_{'k' if b_k_major else 'mn'}"
    if name not in w.hopper_helpers:
        count = n // 2
        outs = ", ".join(f'"+f"(d[{i}])' for i in range(count))
        regs = ", ".join(f"%{i}" for i in range(count))
        if a_shared:  # A as it is (K-major), an MN-major B transposed as it is read
            a_type, a_operand, a_inputs = "u64 a", f"%{count}", '"l"(a)'
            immediates = f"1, 1, 0, {0 if b_k_major else 1}"
            b_operand = f"%{count + 1}"
        else:
            a_type, a_operand = "const u32 (&a)[4]", f"{{%{count}, %{count + 1}, %{count + 2}, %{count + 3}}}"
            a_inputs, immediates = '"r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3])', f"1, 1, {0 if b_k_major else 1}"
            b_operand = f"%{count + 4}"
        w.hopper_helpers[name] = (
            f"PH_INLINE void {name}(f32 (&d)[{count}], {a_type}, u64 b) {{\n"
            f'  asm volatile("{{\\n\\t.reg .pred p;\\n\\tsetp.ne.b32 p, 1, 0;\\n\\t"\n'
            f'               "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{t}.{t} {{{regs}}}, '
            f'{a_operand}, {b_operand}, p, {immediates};\\n\\t}}"\n'
            f"               : {outs}\n"
            f'               : {a_inputs}, "l"(b));\n'
            "}\n")
    return name
