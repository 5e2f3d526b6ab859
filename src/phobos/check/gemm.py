"""Recognition of GEMM loops, whose `dot` maps to tensor cores (spec, Tiles)."""

from __future__ import annotations

from phobos.dtypes import BF16, F16, F32, I8, I32
from phobos.ir import nodes as ir

# Operand dtype -> the accumulator a tensor-core product needs.
TENSOR_CORE_TYPES = {F16: F32, BF16: F32, I8: I32}


def _gemm_dot(stmt: ir.Stmt) -> ir.Dot | None:
    """The dot of `acc += dot(a, b)` when the types allow a tensor-core product."""
    if not isinstance(stmt, ir.Assign) or not isinstance(stmt.value, ir.Binary):
        return None
    value = stmt.value
    if value.op != "+" or not isinstance(value.right, ir.Dot):
        return None
    if not (isinstance(value.left, ir.Read) and value.left.sym is stmt.sym):
        return None
    dot = value.right
    if isinstance(dot.left, ir.Cast) or isinstance(dot.right, ir.Cast):
        return None  # mixed operand types, promoted: no tensor-core product takes them
    operand = dot.left.type.dtype
    return dot if TENSOR_CORE_TYPES.get(operand) == stmt.sym.vtype.dtype == dot.type.dtype else None


def mark_gemm_loops(kernel: ir.Kernel) -> bool:
    """Mark the dot of every GEMM loop; an unrolled loop is never one. True if any."""
    found = False

    def visit(body: list[ir.Stmt]) -> None:
        nonlocal found
        for stmt in body:
            match stmt:
                case ir.For(unroll=1, body=inner):
                    for s in inner:
                        dot = _gemm_dot(s)
                        if dot is not None:
                            dot.tensorcore = True
                            found = True
                    visit(inner)
                case ir.For(body=inner) | ir.While(body=inner):
                    visit(inner)
                case ir.If(body=then, orelse=orelse):
                    visit(then)
                    visit(orelse)

    visit(kernel.body)
    return found


