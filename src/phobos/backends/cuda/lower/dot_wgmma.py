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

B is staged swizzled (dot_stage.py), as TMA's 128-byte swizzle stores a box, and its
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

from . import dot_stage

if TYPE_CHECKING:
    from .tiles import TileWriter

WARPGROUP = 128
MOST_N = 256  # wgmma's widest N
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


def shape_takes(e: ir.Dot, threads: int, ragged: bool) -> bool:
    """Whether the product's shape suits wgmma: 16-bit operands, whole warpgroups over
    whole blocks, N at most 256 and, for an MN-major B, whole boxes of 64 columns."""
    cols = e.type.shape[1]
    turned = isinstance(e.right, ir.Transpose)
    return (e.left.type.dtype.bits == 16 and threads % WARPGROUP == 0 and not ragged
            and cols <= MOST_N and cols % (8 if turned else 64) == 0)


def write(w: TileWriter, e: ir.Dot, sb: dot_stage.Staged, names: Block, left_fragment: Callable[[str], None],
          store: Callable[[Callable[[str, int], str]], None]) -> None:
    """The product's blocks on wgmma, from B's swizzled stage `sb`: `left_fragment(fa)`
    writes the A registers of the current k step into `fa`, `store(index)` the
    accumulators to the statement's registers (`index(nb, v)`: atom nb's element v)."""
    plan, cols = sb.plan, e.type.shape[1]
    function = _function(w, e.left.type.dtype, cols, plan.turned)
    n = names
    desc = w.names.take("b_desc")
    lbo = 16 if plan.turned else plan.box_bytes
    if plan.turned:  # K-major: four k steps a 128-byte row, then the next box
        offset = f"({n.step} / 4 * {plan.box_bytes} + {n.step} % 4 * 32) / 16"
    else:  # MN-major: a k step is 16 rows
        offset = f"{n.step} * {K_STEP * dot_stage.SWIZZLE_ROW // 16}"
    w.line(f"{{  // {e.type} = dot on wgmma m64n{cols}k16 from sm_90a: each warpgroup 64 rows of a block, "
           f"B from its swizzled stage ({'K' if plan.turned else 'MN'}-major)")
    with w.indented():
        w.line(f"const int {n.lane} = threadIdx.x % 32;")
        w.line(f"const u64 {desc} = ph::smem_descriptor({sb.address}, {lbo}, {dot_stage.SWIZZLE_ATOM});")
        w.line("#pragma unroll")
        w.line(f"for (int {n.blk} = 0; {n.blk} < {n.blocks}; ++{n.blk}) {{")
        with w.indented():
            w.line(f"const int {n.first} = (threadIdx.x / 32 + {n.blk} * {n.warps}) * 16;  // the warp's first row")
            w.line(f"u32 {n.fa}[{n.steps}][4] = {{}};")
            w.line("#pragma unroll")
            w.line(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{")
            with w.indented():
                left_fragment(f"{n.fa}[{n.step}]")
            w.line("}")
            w.line(f"f32 {n.acc}[{cols // 2}] = {{}};")
            w.line("ph::wgmma_fence();")
            w.unrolled(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{",
                       [f"ph::{function}({n.acc}, {n.fa}[{n.step}], {desc} + {offset});"])
            w.line("ph::wgmma_commit();")
            w.line("ph::wgmma_wait<0>();")
            w.line(f"ph::keep({n.acc});  // the accumulators are read, and A's registers free, only now")
            w.unrolled(f"for (int {n.step} = 0; {n.step} < {n.steps}; ++{n.step}) {{",
                       [f"ph::keep({n.fa}[{n.step}]);"])
            store(lambda nb, v: f"{n.acc}[{nb} * 4 + {v}]")
        w.line("}")
    w.line("}")


def _function(w: TileWriter, d: DType, n: int, k_major: bool) -> str:
    """The name of the helper issuing one m64nNk16 wgmma with A from registers and B by
    descriptor (added to the kernel's sm_90a helpers the first time)."""
    t = "bf16" if d == BF16 else "f16"
    name = f"wgmma_m64n{n}k16_{t}_{'k' if k_major else 'mn'}"
    if name not in w.hopper_helpers:
        count = n // 2
        outs = ", ".join(f'"+f"(d[{i}])' for i in range(count))
        regs = ", ".join(f"%{i}" for i in range(count))
        w.hopper_helpers[name] = (
            f"PH_INLINE void {name}(f32 (&d)[{count}], const u32 (&a)[4], u64 b) {{\n"
            f'  asm volatile("{{\\n\\t.reg .pred p;\\n\\tsetp.ne.b32 p, 1, 0;\\n\\t"\n'
            f'               "wgmma.mma_async.sync.aligned.m64n{n}k16.f32.{t}.{t} {{{regs}}}, '
            f'{{%{count}, %{count + 1}, %{count + 2}, %{count + 3}}}, %{count + 4}, p, 1, 1, {0 if k_major else 1};'
            f'\\n\\t}}"\n'
            f"               : {outs}\n"
            f'               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));\n'
            "}\n")
    return name
