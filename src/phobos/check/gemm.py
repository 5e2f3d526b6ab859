"""Recognition of GEMM loops (spec, Tiles: the statements a GEMM kernel is made of),
and which `dot`s have no tensor-core product, for `@tensorcore` to refuse."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.dtypes import BF16, F16, F32, I8, I32
from phobos.errors import Span
from phobos.ir import nodes as ir

# Operand dtype -> the accumulator a tensor-core product needs.
TENSOR_CORE_TYPES = {F16: F32, BF16: F32, I8: I32}
# The smallest tensor-core products (mma.sync m16n8k8 for f16 and bf16, m16n8k16 for
# i8): a GEMM loop's M, N and K are multiples of these.
SMALLEST_PRODUCT = {F16: (16, 8, 8), BF16: (16, 8, 8), I8: (16, 8, 16)}
TF32_SMALLEST_PRODUCT = (16, 8, 8)  # mma.sync m16n8k8 of tf32 operands
MAX_STAGES = 8  # @pipeline(n): the buffers a GEMM loop's operand loads may rotate through


@dataclass(frozen=True)
class Miss:
    """A `dot` no tensor core can run, and why."""

    why: str
    span: Span


def _accumulated_dot(stmt: ir.Stmt) -> ir.Dot | None:
    """The dot of `acc += dot(a, b)` (or `acc = acc + dot(a, b)`), whatever its types."""
    if not isinstance(stmt, ir.Assign) or not isinstance(stmt.value, ir.Binary):
        return None
    value = stmt.value
    right = value.right.operand if isinstance(value.right, ir.Cast) else value.right  # into a wider `acc`
    if value.op != "+" or not isinstance(right, ir.Dot):
        return None
    if not (isinstance(value.left, ir.Read) and value.left.sym is stmt.sym):
        return None
    return right


def operand_miss(dot: ir.Dot) -> str | None:
    """Why a product's operand types, as written, have no tensor-core product."""
    if dot.written is not None:  # a conversion the user wrote, as in dot(bf16(a), b), is no second type
        a, b = dot.written
        return (f"its operands have two types ({a} and {b}); a tensor-core product takes two f16, "
                "two bf16 or two i8 tiles")
    if dot.precision == "tf32":
        return ("@tensorcore takes no dot<precision tf32> yet: only a GEMM kernel's tf32 loop with W[N, K] runs "
                "on tensor cores (wgmma, sm_90); other tf32 dots run scalar products")
    operand = dot.left.type.dtype
    if operand not in TENSOR_CORE_TYPES:
        return f"{operand} operands have no tensor-core product: f16 or bf16 into f32, i8 into i32"
    return None


def _gemm_loop_types(stmt: ir.Assign, dot: ir.Dot) -> bool:
    """Whether `acc += dot(a, b)` has a GEMM loop's types and shapes: tensor-core
    operands into an accumulator of the product's type, in whole smallest products
    (a tf32 dot's f32 operands too: the GEMM kernel's lowering takes some of them)."""
    tf32 = dot.precision == "tf32"
    if operand_miss(dot) is not None and not tf32:
        return False
    operand = dot.left.type.dtype
    want = F32 if tf32 else TENSOR_CORE_TYPES[operand]
    if stmt.sym.vtype.dtype != want or dot.type.dtype != want:
        return False
    (m, k), (_, n) = dot.left.type.shape, dot.right.type.shape
    pm, pn, pk = TF32_SMALLEST_PRODUCT if tf32 else SMALLEST_PRODUCT[operand]
    return not (m % pm or n % pn or k % pk)


def mark_gemm_loops(kernel: ir.Kernel) -> None:
    """Mark the dot of every GEMM loop: `acc += dot(a, b)` of `_gemm_loop_types` directly
    in the body of a `for` that is not unrolled (an unrolled loop is never a GEMM loop:
    its turns are written out one by one)."""

    def visit(body: list[ir.Stmt], in_loop: bool) -> None:
        for stmt in body:
            dot = _accumulated_dot(stmt)
            if dot is not None and in_loop:
                assert isinstance(stmt, ir.Assign)
                dot.tensorcore = _gemm_loop_types(stmt, dot)
            match stmt:
                case ir.For(unroll=1, body=inner):
                    visit(inner, True)
                case ir.For(body=inner) | ir.While(body=inner):
                    visit(inner, False)
                case ir.If(body=then, orelse=orelse):
                    visit(then, False)
                    visit(orelse, False)

    visit(kernel.body, False)


def tensor_core_misses(kernel: ir.Kernel) -> tuple[int, list[Miss]]:
    """How many `dot`s the kernel has, and those no tensor core can run, each with why."""
    dots = [n for n in ir.body_nodes(kernel.body) if isinstance(n, ir.Dot)]
    misses = [Miss(why, d.span) for d in dots if (why := operand_miss(d)) is not None]
    return len(dots), misses
