"""Whether a kernel is one GEMM loop the Hopper lowering (gemm_writer.py) can run, and its parts.

The lowering replaces the kernel's threads by its own (a producer warpgroup loading
operand stages by TMA, consumer warpgroups running wgmma), so it takes only kernels
made of tile statements, in this order:

- the *prologue*: scalar `let`s of pure expressions (block and grid indices,
  parameters, dims, literals, scalar loads);
- `var acc: tile<f32 or i32>[TM, TN] = 0`;
- the GEMM loop `for k in range(0, K, TK)` whose body is scalar `let`s (the starts of
  window views), copies of the operand windows into tiles (`var a = A[...]`), and
  `acc += dot(A[m :+ TM, k :+ TK], B[k :+ TK, n :+ TN])` (or of the copies), where K
  is A's last dim and B's first window dim, and `m`, `n` do not change in the loop;
  the loop so sums over every k, whatever TK is, and the plan picks its own depth per
  stage. B may be `transpose(W[n :+ TN, k :+ TK])` of a W[N, K] (the weight of
  `nn.Linear`): K-major, as wgmma and TMA read it with no transposition. A tensor of
  more dims is read as a batch of matrices: `A[z, m :+ TM, k :+ TK]`, its leading
  items indices that do not change in the loop (the *batch*), its last two windows;
- the *epilogue*: scalar `let`s and stores of a [TM, TN] value into a window of a
  tensor (its last two items windows, any before them indices), `acc` read only
  elementwise (at the element being stored).

Anything else keeps the general lowering; `reason` says why, for tests and docs.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from phobos.dtypes import BF16, F16, F32, I8
from phobos.ir import nodes as ir
from phobos.ir.text import same_window

from ..layout.fragments import ELEMENTWISE
from ..plan.tma_loads import multiple_of

# Operand types the wgmma lowering takes (an i8 B is transposed into shared memory:
# 8-bit products read B K-major only); f32 where the dot is a tf32 one, W[N, K] only.
WGMMA_OPERANDS = (F16, BF16, I8)
PER_THREAD_CTX = ("thread", "lane", "warp")


@dataclass(frozen=True)
class GemmForm:
    """The parts of a GEMM kernel, as the lowering reads them."""

    prologue: tuple[ir.Decl, ...]
    acc: ir.Sym
    loop: ir.For
    a: ir.Load  # A[m :+ TM, k :+ TK], or A[z, m :+ TM, k :+ TK]
    b: ir.Load  # B[k :+ TK, n :+ TN], or W[n :+ TN, k :+ TK] where b_k_major
    m_start: ir.Expr  # `m`, with the loop's view lets substituted
    n_start: ir.Expr
    epilogue: tuple[ir.Decl | ir.Store, ...]
    b_k_major: bool = False  # the dot reads transpose(W[n :+ TN, k :+ TK])
    # The indices of A's and of B's leading dims (none for a 2-D tensor), with the
    # loop's view lets substituted: which matrix of the batch each reads.
    a_batch: tuple[ir.Expr, ...] = ()
    b_batch: tuple[ir.Expr, ...] = ()
    tf32: bool = False  # a dot<precision tf32>: f32 operands the tensor cores cut to TF32 as they read them

    @property
    def tile(self) -> tuple[int, int]:
        m, n = self.acc.vtype.shape
        return m, n


class NotGemm(Exception):
    """Why a kernel is not a GEMM kernel of the form above."""


def gemm_form(kernel: ir.Kernel) -> GemmForm:
    """The kernel's GEMM parts; NotGemm saying why where it has none."""
    body = kernel.body
    at = next((i for i, s in enumerate(body) if isinstance(s, ir.For)), None)
    if at is None or at == 0:
        raise NotGemm("no GEMM loop after the accumulator's declaration")
    decl, loop = body[at - 1], body[at]
    assert isinstance(loop, ir.For)
    prologue = body[:at - 1]
    for s in prologue:
        _pure_scalar_let(s, "before the accumulator")
    if not (isinstance(decl, ir.Decl) and decl.sym.vtype.shape and len(decl.sym.vtype.shape) == 2
            and isinstance(decl.init, ir.Const) and decl.init.value == 0):
        raise NotGemm("the statement before the loop is not `var acc: tile<...>[TM, TN] = 0`")
    acc = decl.sym
    a, b, b_k_major, tf32, lets = _gemm_body(loop, acc)
    if tf32 and not b_k_major:
        raise NotGemm("a tf32 B[K, N] has no wgmma lowering yet: wgmma reads a tf32 B K-major, as "
                      "transpose(W[n :+ TN, k :+ TK]) of a W[N, K] gives it")
    if a.type.dtype not in WGMMA_OPERANDS and not (tf32 and a.type.dtype == F32):
        raise NotGemm(f"{a.type.dtype} operands have no wgmma lowering")
    tensors = {p.name: p for p in kernel.params if isinstance(p, ir.TensorParam)}
    k_dim = tensors[a.tensor].dims[-1]
    hi = loop.hi
    if tensors[b.tensor].dims[-1 if b_k_major else -2] != k_dim or not (
        (isinstance(hi, ir.DimRef) and hi.name == k_dim) or (isinstance(hi, ir.Const) and hi.value == k_dim)
    ):
        raise NotGemm("the loop does not run to the extent of A's columns, which must be B's rows "
                      "(W's columns for transpose(W))")

    def resolve(e: ir.Expr) -> ir.Expr:
        while isinstance(e, ir.Read) and e.sym in lets:
            e = lets[e.sym]
        return e

    a_m, a_k = (resolve(it.start) for it in a.items[-2:] if isinstance(it, ir.Window))
    b_k, b_n = (resolve(it.start) for it in b.items[-2:] if isinstance(it, ir.Window))
    if b_k_major:
        b_k, b_n = b_n, b_k
    if not (_is_read(a_k, loop.var) and _is_read(b_k, loop.var)):
        raise NotGemm("the operands' k windows do not start at the loop's variable")
    a_batch, b_batch = (tuple(resolve(it.index) for it in x.items[:-2] if isinstance(it, ir.At)) for x in (a, b))
    inner = set(lets) | {loop.var}
    for start in (a_m, b_n, *a_batch, *b_batch):
        if any(isinstance(n, ir.Read) and n.sym in inner for n in ir.walk_expr(start)):
            raise NotGemm("an operand's row or column start, or its batch index, changes in the loop")
    step, length, b_length = loop.step, a.items[-1], b.items[-1 if b_k_major else -2]
    assert isinstance(length, ir.Window) and isinstance(b_length, ir.Window)
    if not (isinstance(loop.lo, ir.Const) and loop.lo.value == 0 and isinstance(step, ir.Const)
            and int(step.value) == length.length == b_length.length):
        raise NotGemm("the loop does not run `range(0, K, TK)` with the operands' k windows TK long")
    epilogue = tuple(body[at + 1:])
    for s in epilogue:
        _epilogue_statement(s, acc)
        if isinstance(s, ir.Store) and s.tensor in (a.tensor, b.tensor):
            raise NotGemm("the epilogue writes an operand of the GEMM loop")
    _stores_race_free(prologue, epilogue)
    if any(isinstance(n, ir.CtxRef) and n.field_name in PER_THREAD_CTX
           for s in (*prologue, *epilogue) for n in ir.stmt_nodes(s)):
        raise NotGemm("the kernel reads a per-thread index")
    return GemmForm(tuple(prologue), acc, loop, a, b, a_m, b_n, epilogue, b_k_major,  # type: ignore[arg-type]
                    a_batch, b_batch, tf32)


def _gemm_body(loop: ir.For, acc: ir.Sym) -> tuple[ir.Load, ir.Load, bool, bool, dict[ir.Sym, ir.Expr]]:
    if loop.unroll != 1 or not loop.body:
        raise NotGemm("the loop is unrolled or empty")
    *lets, last = loop.body
    views: dict[ir.Sym, ir.Expr] = {}
    copies: dict[ir.Sym, ir.Load] = {}  # `var a = A[...]`: a copy of a window the dot reads whole
    for s in lets:
        if isinstance(s, ir.Decl) and isinstance(s.init, ir.Load) and len(s.sym.vtype.shape) == 2:
            copies[s.sym] = s.init
            continue
        _pure_scalar_let(s, "in the GEMM loop")
        assert isinstance(s, ir.Decl) and s.init is not None
        views[s.sym] = s.init
    value = last.value if isinstance(last, ir.Assign) and last.sym is acc else None
    if not (isinstance(value, ir.Binary) and value.op == "+" and isinstance(value.right, ir.Dot)
            and value.right.tensorcore and isinstance(value.left, ir.Read) and value.left.sym is acc):
        raise NotGemm("the loop's body is not `acc += dot(a, b)` on tensor cores")
    dot = value.right
    tf32 = dot.precision == "tf32"
    left, right = (_uncut(e) if tf32 else e for e in (dot.left, dot.right))
    b_k_major = isinstance(right, ir.Transpose)
    if isinstance(right, ir.Transpose):
        right = right.operand
    a, b = (copies.get(e.sym, e) if isinstance(e, ir.Read) else e for e in (left, right))
    if not (isinstance(a, ir.Load) and isinstance(b, ir.Load) and _matrix_window(a.items)
            and _matrix_window(b.items)):
        raise NotGemm("an operand of dot is not a 2-D window of a tensor, its last two items windows "
                      "(or B a transpose of one)")
    return a, b, b_k_major, tf32, views


def _uncut(e: ir.Expr) -> ir.Expr:
    """A tf32 dot's operand as written: the checker's ROUND_TF32 taken off, which the
    tensor cores do as they read an f32."""
    assert isinstance(e, ir.Math) and e.fn == ir.ROUND_TF32, e
    return e.args[0]


def _matrix_window(items: tuple[ir.Item, ...]) -> bool:
    """Whether a tensor's items are a matrix of a batch: indices, then two windows."""
    return (len(items) >= 2 and all(isinstance(it, ir.At) for it in items[:-2])
            and all(isinstance(it, ir.Window) for it in items[-2:]))


def _is_read(e: ir.Expr, sym: ir.Sym) -> bool:
    return isinstance(e, ir.Read) and e.sym is sym


def _pure_scalar_let(s: ir.Stmt, where: str) -> None:
    if not (isinstance(s, ir.Decl) and not s.sym.vtype.shape and s.init is not None):
        raise NotGemm(f"a statement {where} is not a scalar `let`")
    for n in ir.walk_expr(s.init):
        if isinstance(n, ir.Atomic | ir.Shuffle | ir.LaneReduce | ir.Reduce) or n.type.shape:
            raise NotGemm(f"a scalar `let` {where} has a collective, an atomic or a tile in it")


def _epilogue_statement(s: ir.Stmt, acc: ir.Sym) -> None:
    if isinstance(s, ir.Decl):
        _pure_scalar_let(s, "after the loop")
        return
    if not (isinstance(s, ir.Store) and _matrix_window(s.items) and s.value.type.shape == acc.vtype.shape):
        raise NotGemm("a statement after the loop is not a store of a [TM, TN] tile to a 2-D tensor window "
                      "(its last two items windows)")
    for n in ir.walk_expr(s.value):
        if isinstance(n, ir.Atomic | ir.Shuffle | ir.LaneReduce | ir.Reduce | ir.Dot | ir.Softmax | ir.Transpose
                      | ir.TileIndex):
            raise NotGemm("the epilogue has a reduction, a product, a transpose or a window of a tile")
        if isinstance(n, ir.Read) and n.sym.vtype.shape and n.sym is not acc:
            raise NotGemm("the epilogue reads a tile other than the accumulator")
    if not _acc_elementwise(s.value, acc):
        raise NotGemm("the epilogue reads the accumulator other than at the element it stores")


def _stores_race_free(prologue: list[ir.Stmt], epilogue: tuple[ir.Stmt, ...]) -> None:
    """The epilogue's threads store their fragments with no barrier between them, so a
    tensor it stores may be stored at one window only, and read only in that one store,
    at the stored window itself (a residual `C[m :+ TM, n :+ TN]`): each element is then
    read by the thread that writes it, before it writes it. Nor may the prologue read
    it: a CTA's consumers run it as each starts a tile, after another may have stored."""
    stores = Counter(s.tensor for s in epilogue if isinstance(s, ir.Store))
    windows: dict[str, tuple[ir.Item, ...]] = {}
    for s in epilogue:
        if isinstance(s, ir.Store) and not same_window(windows.setdefault(s.tensor, s.items), s.items):
            raise NotGemm(f"the epilogue stores two windows of `{s.tensor}`: its threads store with no barrier "
                          "between the stores, so windows that overlap would race")
    for s in epilogue:
        for root in ir.stmt_exprs(s):
            for n in ir.walk_expr(root):
                if not (isinstance(n, ir.Load) and n.tensor in stores):
                    continue
                in_place = (isinstance(s, ir.Store) and s.tensor == n.tensor and root is s.value
                            and same_window(n.items, s.items) and stores[n.tensor] == 1)
                if not in_place:
                    raise NotGemm("the epilogue reads a tensor it stores elsewhere than at the stored window")
    if any(isinstance(n, ir.Load) and n.tensor in stores
           for s in prologue for n in ir.stmt_nodes(s)):
        raise NotGemm("a statement before the loop reads a tensor the epilogue stores: a CTA's warps read it "
                      "as each starts a tile, while another may have stored its tile")


def _acc_elementwise(e: ir.Expr, acc: ir.Sym) -> bool:
    """Whether every read of `acc` in `e` is reached through elementwise nodes of
    `acc`'s shape only, so each thread reads only the accumulator elements it holds."""
    if isinstance(e, ir.Read):
        return True
    if not isinstance(e, ELEMENTWISE):
        return not _reads(e, acc)
    return all(c.type.shape in ((), acc.vtype.shape) or not _reads(c, acc) for c in e.children()) and all(
        _acc_elementwise(c, acc) for c in e.children())


def _reads(e: ir.Expr, sym: ir.Sym) -> bool:
    return ir.any_node(e, lambda n: isinstance(n, ir.Read) and n.sym is sym)


def prologue_lets(form: GemmForm) -> dict[ir.Sym, ir.Expr]:
    """The values of the prologue's lets, by symbol, for reading a start through them."""
    return {s.sym: s.init for s in form.prologue if isinstance(s, ir.Decl) and s.init is not None}


def known_multiple(form: GemmForm, e: ir.Expr, dim_multiple: Callable[[str], int]) -> int:
    """A number the integer `e` is known to be a multiple of (1 where nothing is known),
    through the prologue's lets and `dim_multiple` (what a launch key promises of a
    runtime dim): whether a window starting at `e` starts on a boundary of the pieces or
    the 16 bytes a copy needs."""
    return multiple_of(e, {sym: [value] for sym, value in prologue_lets(form).items()}, dim_multiple)


def reads_block_row(form: GemmForm, e: ir.Expr) -> bool:
    """Whether `e` reads `ctx.block.y`, through the prologue's lets: a CTA pair, whose two
    tiles are block rows 2i and 2i + 1, shares B's boxes only where B's window is the
    same for both."""
    lets = prologue_lets(form)

    def reads(x: ir.Expr) -> bool:
        for n in ir.walk_expr(x):
            if isinstance(n, ir.CtxRef) and n.field_name == "block.y":
                return True
            if isinstance(n, ir.Read) and n.sym in lets and reads(lets[n.sym]):
                return True
        return False

    return reads(e)
