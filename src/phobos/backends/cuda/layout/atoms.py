"""The tensor cores' mma.sync atoms as layout data: for each pair of operand types the
atom's shape and where each element of A, B and the accumulator lives in a warp's
registers (the PTX ISA's "Matrix fragments for mma.m16n8k16" and "... mma.m16n8k32"),
and which products take an atom, which blocked multiply-adds, and which neither. The
register planner (fragments.py) lays tiles out by them before the writers
(lower/dot_mma.py, lower/dot_fma.py) write a line.
"""

from __future__ import annotations

from dataclasses import dataclass

from phobos.dtypes import BF16, F16, F32, F64, I8, I32, I64
from phobos.ir import nodes as ir

from .groups import WARPGROUP
from .placement import Fragment, Modes

ONE_GROUP = Modes((1,), (0,), (0,))
LANES = (4, 8)  # lane l: its place t = l % 4 in its group, then its group g = l / 4


@dataclass(frozen=True)
class Atom:
    """One mma.sync shape for a pair of operand types: `m` x `n` x `k`, the helper that
    issues it (prelude.py), and where each element of A (m x k), B (k x n) and the
    accumulator C (m x n) lives: register modes index a thread's elements, the
    fastest the `per_register` elements packed in one 32-bit register."""

    operands: str
    accumulator: str
    m: int
    n: int
    k: int
    helper: str

    @property
    def instruction(self) -> str:
        return f"mma.sync m{self.m}n{self.n}k{self.k}"

    per_register: int
    a: Fragment
    b: Fragment
    c: Fragment


def _f16_atom(operands: str, helper: str) -> Atom:
    return Atom(
        operands, "f32", 16, 8, 16, helper, 2,
        # register r: row g + 8 (r % 2), columns 2t + 8 (r / 2) and the next
        a=Fragment(ONE_GROUP, Modes(LANES, (0, 1), (2, 0)), Modes((2, 2, 2), (0, 8, 0), (1, 0, 8))),
        # register r: rows (k) 2t + 8r and the next, of column g
        b=Fragment(ONE_GROUP, Modes(LANES, (2, 0), (0, 1)), Modes((2, 2), (1, 8), (0, 0))),
        c=_ACCUMULATOR,
    )


# elements 0 and 1: row g, columns 2t and 2t + 1; elements 2 and 3: row g + 8
_ACCUMULATOR = Fragment(ONE_GROUP, Modes(LANES, (0, 1), (2, 0)), Modes((2, 2), (0, 8), (1, 0)))

ATOMS = {
    "f16": _f16_atom("f16", "ph::mma_f16"),
    "bf16": _f16_atom("bf16", "ph::mma_bf16"),
    "i8": Atom(
        "i8", "i32", 16, 8, 32, "ph::mma_s8", 4,
        # register r: row g + 8 (r % 2), columns 4t + 16 (r / 2) and the next three
        a=Fragment(ONE_GROUP, Modes(LANES, (0, 1), (4, 0)), Modes((4, 2, 2), (0, 8, 0), (1, 0, 16))),
        # register r: rows (k) 4t + 16r and the next three, of column g
        b=Fragment(ONE_GROUP, Modes(LANES, (4, 0), (0, 1)), Modes((4, 2), (1, 16), (0, 0))),
        c=_ACCUMULATOR,
    ),
}
ACCUMULATES = {F16: F32, BF16: F32, I8: I32}


def atom_for(e: ir.Dot) -> Atom | None:
    """The atom a product runs on, or None where its operand types keep the scalar
    loop (a CTA is whole warps, as mma.sync needs: the checker's @launch rule)."""
    a, b = e.left.type.dtype, e.right.type.dtype
    if a != b or ACCUMULATES.get(a) != e.type.dtype:
        return None
    return ATOMS[a.name]


def why_scalar(e: ir.Dot) -> str:
    """Why `atom_for` gives the product no atom, in words."""
    a, b = e.left.type.dtype, e.right.type.dtype
    if e.precision == "tf32":
        return "a tf32 product: no mma.sync atom takes one yet; a GEMM kernel's tf32 loop of W[N, K] runs on wgmma"
    if a != b:
        return f"operands of two types, {a} and {b}"
    return f"{a} operands into {e.type.dtype}: tensor cores take f16 or bf16 into f32, i8 into i32"


BLOCKED = (F32, F64, I32, I64)


def blocked(e: ir.Dot) -> bool:
    """Whether blocked multiply-adds (lower/dot_fma.py) take the product: one of a type it computes that no
    tensor-core atom takes (`atom_for`)."""
    return e.type.dtype in BLOCKED


MOST_N = 256  # wgmma's widest N


def wgmma_shape_takes(e: ir.Dot, threads: int, ragged: bool) -> bool:
    """Whether the product's shape suits wgmma (lower/dot_wgmma.py): 16-bit operands,
    whole warpgroups over whole blocks, N at most 256 and, for an MN-major B, whole
    boxes of 64 columns."""
    cols = e.type.shape[1]
    turned = isinstance(e.right, ir.Transpose)
    return (e.left.type.dtype.bits == 16 and threads % WARPGROUP == 0 and not ragged
            and cols <= MOST_N and cols % (8 if turned else 64) == 0)
