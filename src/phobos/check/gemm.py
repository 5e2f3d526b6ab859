"""Recognition of GEMM loops, whose `dot` maps to tensor cores (spec, Tiles), and the
reason a statement that looks like one is not, for `@tensorcore` to report."""

from __future__ import annotations

from dataclasses import dataclass

from phobos.dtypes import BF16, F16, F32, I8, I32
from phobos.errors import Span
from phobos.ir import nodes as ir

from .inline import written_name

# Operand dtype -> the accumulator a tensor-core product needs.
TENSOR_CORE_TYPES = {F16: F32, BF16: F32, I8: I32}
# The smallest tensor-core products (mma.sync m16n8k8 for f16 and bf16, m16n8k16 for
# i8): a product's M, N and K must be multiples of these.
SMALLEST_PRODUCT = {F16: (16, 8, 8), BF16: (16, 8, 8), I8: (16, 8, 16)}
MAX_STAGES = 8  # @pipeline(n): the buffers a GEMM loop's operand loads may rotate through


@dataclass(frozen=True)
class Miss:
    """An `acc += dot(a, b)` that is no GEMM loop, and why."""

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


def _type_miss(stmt: ir.Assign, dot: ir.Dot) -> str | None:
    """Why the types or shapes of `acc += dot(a, b)` take no tensor-core product."""
    if dot.written is not None:  # a conversion the user wrote, as in dot(bf16(a), b), is no second type
        a, b = dot.written
        return (f"its operands have two types ({a} and {b}); a tensor-core product takes two f16, "
                "two bf16 or two i8 tiles")
    operand, acc = dot.left.type.dtype, stmt.sym.vtype.dtype
    want = TENSOR_CORE_TYPES.get(operand)
    if want is None:
        return f"{operand} operands have no tensor-core product: f16 or bf16 into f32, i8 into i32"
    if acc != want or dot.type.dtype != want:
        name = written_name(stmt.sym.name)
        return f"{operand} operands accumulate into {want} on tensor cores, and `{name}` is {acc}"
    (m, k), (_, n) = dot.left.type.shape, dot.right.type.shape
    pm, pn, pk = SMALLEST_PRODUCT[operand]
    if m % pm or n % pn or k % pk:
        return (f"no tensor-core instruction fits a [{m} x {k}] by [{k} x {n}] product of {operand}: "
                f"the smallest (m{pm}n{pn}k{pk}) needs M a multiple of {pm}, N of {pn} and K of {pk}")
    return None


def mark_gemm_loops(kernel: ir.Kernel) -> tuple[bool, list[Miss]]:
    """Mark the dot of every GEMM loop (True if any); the `acc += dot` statements that
    are none, each with its reason. An unrolled loop is never a GEMM loop."""
    found = False
    misses: list[Miss] = []

    def visit(body: list[ir.Stmt], place: str) -> None:
        nonlocal found
        for stmt in body:
            dot = _accumulated_dot(stmt)
            if dot is not None:
                assert isinstance(stmt, ir.Assign)
                why = {
                    "unrolled": "an unrolled `for` is never a GEMM loop: its turns are written out one by one",
                    "other": "it is not directly in the body of a `for`",
                }.get(place) or _type_miss(stmt, dot)
                if why is None:
                    dot.tensorcore = True
                    found = True
                else:
                    misses.append(Miss(why, stmt.span))
            match stmt:
                case ir.For(unroll=1, body=inner):
                    visit(inner, "for")
                case ir.For(body=inner):
                    visit(inner, "unrolled")
                case ir.While(body=inner):
                    visit(inner, "other")
                case ir.If(body=then, orelse=orelse):
                    visit(then, "other")
                    visit(orelse, "other")

    visit(kernel.body, "other")
    return found, misses
