"""A kernel variant as CUDA C++: the entry point, its parameters, and the statements.

The ABI the launcher follows: each tensor is a pointer to its first element, in
parameter order with the scalars (a 16-bit float scalar travels as an f32 holding
its value, a bool as a byte), then every runtime dim as an i64. A CTA is `threads`
threads in x; the grid is the launch's. Tiles live in dynamic shared memory, each
at its own offset, with the scratch area for materialized values after them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from phobos.backends.gpu.abi import (
    ASSERT_RECORD,
    ASSERT_RECORD_WORDS,
    Generated,
    Param,
    entry_symbol,
    kernel_params,
)
from phobos.dtypes import F32
from phobos.errors import Span
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, usual
from phobos.targets import SHARED_LIMIT

from .. import ctypes as ct
from ..layout.fragments import read_in_order
from ..lower import stage_ring
from ..lower.debug import printf_line, scalar_debug
from ..lower.exprs import const_int, in_bounds, linear
from ..lower.in_flight import SM90A, WAIT_AFTER, touched_syms
from ..lower.tiles import TileWriter
from ..plan.barriers import is_tile_statement
from ..plan.kernel import KernelPlan, Staging, plan_kernel
from ..plan.presence import WholeTurns
from ..plan.rings import ahead_products
from .prelude import PRELUDE
from .tma_prelude import TENSOR_MAP, TMA_HELPERS

# The shared memory a kernel with staged operands may take where its one source serves
# every tensor-core target: the least a CTA has on one (sm_86 and sm_89), so that staging
# never refuses a kernel there.
STAGED_SHARED = min(SHARED_LIMIT[arch] for arch in ("sm_80", "sm_86", "sm_89", "sm_90"))
SHARED_RESERVED = 1024  # bytes an SM keeps for each CTA, beyond what a CTA may take


def staged_shared(arches: Iterable[str], occupancy: int | None) -> int:
    """The shared memory a kernel with staged operands may take where it runs on each of
    `arches` (the device a launch finds, or the targets of an ahead-of-time build), leaving
    room for `occupancy` CTAs an SM where the kernel asks for more than one: an SM holds
    what one CTA may take plus what it reserves, and every CTA reserves its share. Stages
    are compiled from sm_80 only, so older targets do not count; one outside ARCHES
    counts as the least of the tensor-core targets."""
    limits = [SHARED_LIMIT.get(arch, STAGED_SHARED) for arch in (a.rstrip("a") for a in arches)
              if int(arch.removeprefix("sm_")) >= 80]
    if occupancy is not None and occupancy > 1:
        limits = [(limit + SHARED_RESERVED) // occupancy - SHARED_RESERVED for limit in limits]
    return min(limits, default=STAGED_SHARED)


# Where a debug kernel records its first failed assert (lower/debug.py).
ASSERT_PRELUDE = [
    f'extern "C" {{ __device__ unsigned long long {ASSERT_RECORD}[{ASSERT_RECORD_WORDS}]; }}',
    "__device__ __noinline__ void ph_assert_failed(unsigned long long which) {",
    f"  if (atomicCAS(&{ASSERT_RECORD}[0], 0ull, which) == 0ull) {{",
    f"    {ASSERT_RECORD}[1] = blockIdx.x; {ASSERT_RECORD}[2] = blockIdx.y; {ASSERT_RECORD}[3] = blockIdx.z;",
    f"    {ASSERT_RECORD}[4] = threadIdx.x;",
    "  }",
    "}",
]


def path_literal(path: str) -> str:
    """A source path as the C string literal of a `#line` directive, in ASCII: `"` and
    `\\` escaped, and every other byte of its UTF-8 that is not printable ASCII (a
    newline, a tab, a non-ASCII letter) as a three-digit octal escape, which, unlike
    `\\x`, never takes in the character after it. NVRTC decodes them all and names
    the path, as it was, in its messages."""
    out = []
    for byte in path.encode("utf-8", "surrogateescape"):  # a file name's undecodable bytes as they were
        char = chr(byte)
        if char in '"\\':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


class KernelWriter(TileWriter):
    """Writes a variant's C++ from its plan (plan/kernel.py)."""

    def __init__(self, plan: KernelPlan):
        super().__init__(plan.kernel, plan.spec, plan.registers)
        self.plan = plan
        self.products = plan.products
        self.params = kernel_params(plan.kernel)
        for p in self.params:
            self.param_names[p.name] = self.names.user(p.name)
        self.tma_loads = plan.tma or {}
        for m in plan.maps:  # after the kernel's own: the tensor maps its loops' TMA loads read
            self.params.append(Param("tensormap", m.name, m.tensor))
            self.param_names[m.name] = self.map_names[m] = self.names.take(m.name)
        if plan.maps:
            self.hopper_helpers["tma"] = TMA_HELPERS
        self.asserts: list[tuple[Span, str]] = []
        self._name_syms(plan.kernel.body)
        self.arena_base = plan.tiles_bytes
        self.full_syms = set(plan.full)
        self.rings_apart = plan.rotated
        self.last_assigned: ir.Sym | None = None  # the symbol the turn's statement written last set

    def _name_syms(self, body: list[ir.Stmt]) -> None:
        """The user's names first, so generated names yield to them."""
        for s in body:
            match s:
                case ir.Decl(sym=sym):
                    self.c_names[sym] = self.names.user(sym.name)
                    if sym.vtype.shape:
                        self.boxes[sym] = self.names.take(f"{self.c_names[sym]}_box")
                case ir.For(var=var, body=inner):
                    self.c_names[var] = self.names.user(var.name)
                    self._name_syms(inner)
                case ir.While(body=inner):
                    self._name_syms(inner)
                case ir.If(body=inner, orelse=other):
                    self._name_syms(inner)
                    self._name_syms(other)

    # ------------------------------------------------------------ the whole kernel

    def write(self) -> Generated:
        k = self.kernel
        self.block(k.body)
        body = self.lines
        rings = self.arena_base + self.ring_loops_peak
        own = max(self.arena_base + self.arena_peak, rings + self.rings_used)
        shared = own + self.own_used
        # Below sm_80: the scratch there, or its own memory past the scratch of all
        # (where the own memory starts, one constant for every target).
        scalar = self.arena_base + (self.arena_peak + self.scalar_own_used if self.scalar_own_used
                                    else self.scalar_peak)
        args = self.param_declarations()
        path = path_literal(k.span.path)
        bindings = self.bindings_text()
        helpers = []
        if self.hopper_helpers:
            helpers = ["#if defined(__CUDA_ARCH_FEAT_SM90_ALL)", "namespace ph {",
                       *(text.rstrip("\n") for text in self.hopper_helpers.values()), "}  // namespace ph", "#endif"]
        if self.asserts:
            helpers += ASSERT_PRELUDE
        head = [
            PRELUDE,
            *(["namespace ph {", TENSOR_MAP.rstrip("\n"), "}  // namespace ph"] if self.plan.maps else []),
            *helpers,
            f"// kernel {k.name}{bindings}: {k.threads} threads a CTA, {shared} bytes of shared memory",
            f"// for launches where {self.spec.text()}",
            f"#line {k.span.line} {path}",
            f'extern "C" __global__ void __launch_bounds__({self.launch_bounds()}) {entry_symbol(k.name)}'
            f'({", ".join(args)}) {{',
        ]
        head += self.assumptions()
        if shared:
            head.append("  extern __shared__ __align__(16) unsigned char smem[];")
        if self.rings_base is not None:
            head.append(f"  constexpr int {self.rings_base} = {rings};  // where the loops' rings of stages start")
        if self.own_base is not None:
            head.append(f"  constexpr int {self.own_base} = {own};  // where the statements' own shared memory starts")
        source = "\n".join([*head, *body, "}", ""])
        return Generated(k.name, source, k.threads, shared, tuple(self.params), self.aligned,
                         arch_suffix="a" if self.uses_wgmma else "",
                         scalar_shared_bytes=None if scalar == shared else scalar,
                         lowerings=tuple((*at, text) for at, text in sorted(self.lowerings.items())),
                         asserts=tuple(self.asserts), debug=self.spec.debug, fused=self.spec.fast_math,
                         boxes=tuple((m.name, m.box_cols, m.box_rows) for m in self.plan.maps))

    def launch_bounds(self) -> str:
        """`__launch_bounds__`'s arguments: the CTA's threads and, where the kernel asks
        for `@occupancy(n)`, the n CTAs an SM should hold (ptxas caps the registers so they
        fit, and ignores a count past what the target's SM holds)."""
        k = self.kernel
        return f"{k.threads}, {k.occupancy}" if k.occupancy else str(k.threads)

    def assumptions(self) -> list[str]:
        """The key's sizes that are 1, told to the compiler (which drops the loops,
        branches and masks they decide). Its multiples the writers use themselves
        (vector paths, row pitches) and do not tell it: NVRTC 13 never finished kernels
        whose own arithmetic met `__builtin_assume(M_ % 4 == 0)` (a `% 2` of a sum of
        dims in a loop bound or a window's start; tests/test_cuda_compile.py)."""
        return [f"  __builtin_assume({self.param_names[p.name]} == 1);" for p in self.params
                if p.kind in ("dim", "scalar") and p.name in self.spec.ones]

    def param_declarations(self) -> list[str]:
        """The C++ of the kernel's own parameters, in the ABI's order (the module docstring)."""
        args = []
        for p in self.params:
            c_name = self.param_names[p.name]
            if p.kind == "tensor":
                args.append(f"{p.dtype}* {c_name}")
            elif p.kind == "scalar":
                vt = "f32" if p.dtype in ("f16", "bf16") else p.dtype
                args.append(f"{vt} {c_name}")
            elif p.kind == "tensormap":
                args.append(f"const __grid_constant__ ph::TensorMap {c_name}")
            else:
                args.append(f"i64 {c_name}")
        return args

    def bindings_text(self) -> str:
        """` [T=64, ...]`, the variant's autotune values, for the source's header."""
        bindings = self.kernel.bindings
        return " [" + ", ".join(f"{n}={v}" for n, v in bindings.items()) + "]" if bindings else ""

    # ------------------------------------------------------------ statements

    def block(self, body: list[ir.Stmt]) -> None:
        may_defer, self.flights.may_defer = self.flights.may_defer, False
        for s in body:
            self.stmt(s)
        self.flights.may_defer = may_defer

    def stmt(self, s: ir.Stmt) -> None:
        self.land(len(self.flights.pending) if isinstance(s, ir.Break | ir.Continue | ir.Return)
                  else self.flights.due(touched_syms(s)))
        self.memo.clear()
        self.index_memo.clear()
        self.region_memo.clear()
        self.row_stats.clear()
        self.stats_in_registers.clear()
        self.row_values.clear()
        self.force.clear()
        self.summed_into.clear()
        self.arena_used = 0
        layout = self.registers.statement_layout(s)
        self.ordered = None if layout is None else self.order(layout)
        self.read_in_order = read_in_order(s, layout)
        self.line(f"#line {s.span.line} {path_literal(s.span.path)}")
        self.barrier_for(self.plan.barriers.needs_barrier(s),
                         self.plan.hopper_barriers.needs_barrier(s) if self.plan.hopper_barriers else None)
        getattr(self, "s_" + type(s).__name__.lower())(s)

    def barrier_for(self, needs: bool, on_hopper: bool | None) -> None:
        """The barrier the plan puts here, where sm_90a's plan (None: the same) agrees,
        else under the `#if` of the targets that need it."""
        if on_hopper is None or on_hopper == needs:
            if needs:
                self.sync()
            return
        self.line(SM90A if on_hopper else "#if !defined(__CUDA_ARCH_FEAT_SM90_ALL)  // sm_90a loads this loop's "
                  "operands by TMA: no scratch to order")
        self.sync()
        self.line("#endif")

    def s_decl(self, s: ir.Decl) -> None:
        sym = s.sym
        if sym.vtype.shape:
            storage = ct.storage_type(sym.vtype.dtype)
            name = self.sym(sym)
            value_type = ct.value_type(sym.vtype.dtype)  # registers hold values, converted once
            if sym in self.registers.spread:
                layout = self.registers.spread[sym]
                if self.registers.packed(sym):
                    self.line(f"u32 {name}[{-(-layout.elements(True) // 2)}] = {{}};  // {sym.vtype} in registers, "
                              f"two to a register: {layout.describe()}")
                else:
                    self.line(f"{value_type} {name}[{layout.elements(True)}];  // {sym.vtype} in registers: "
                              f"{layout.describe()}")
            elif sym in self.registers.replicated:
                layout = self.registers.replicated[sym]
                self.line(f"{value_type} {name}[{layout.elements(False)}];  // {sym.vtype} in registers: each "
                          "thread the elements of its rows")
            else:
                self.line(f"{storage}* {name} = ({storage}*)(smem + {self.plan.shared[sym]});  // {sym.vtype}")
            if sym not in self.full_syms:
                self.line(f"ph::Box<{len(sym.vtype.shape)}> {self.boxes[sym]};")
            if s.init is not None and id(s.init) in self.plan.summed:
                self.summed_into[id(s.init)] = self.plan.summed[id(s.init)]
            self.assign_tile(sym, s.init)
            return
        assert s.init is not None
        value = self.scalar(s.init)
        const = "const " if sym.kind == "let" else ""
        self.line(f"{const}{ct.value_type(sym.vtype.dtype)} {self.sym(sym)} = {value};")

    def s_assign(self, s: ir.Assign) -> None:
        if s.sym.vtype.shape:
            summed = self.plan.summed.get(id(s.value))
            if summed is not None:
                self.summed_into[id(s.value)] = summed
            self.assign_tile(s.sym, s.value)
            return
        self.line(f"{self.sym(s.sym)} = {self.scalar(s.value)};")

    def s_store(self, s: ir.Store) -> None:
        if any(isinstance(it, ir.Window) for it in s.items):
            self.store_tensor(s)
            return
        coords = [self.index(it.index, "at") for it in s.items if isinstance(it, ir.At)]
        value = ct.pack(s.value.type.dtype, self.scalar(s.value))
        if reads_own_target(s, lambda n: isinstance(n, ir.Load) and n.tensor == s.tensor):
            coords, value = self.settled(coords, value, ct.storage_type(s.value.type.dtype))
        self.guarded(self.in_tensor(s.tensor, coords), f"{self.tensor_ref(s.tensor, coords)} = {value};")

    def settled(self, coords: list[str], value: str, ctype: str) -> tuple[list[str], str]:
        """A tile statement's per-thread store made after every thread has read what it
        needs: its position and value held in locals, then a barrier (spec: a
        statement's reads see the tensor as it was before the statement)."""
        coords = [self.local("at", "i64", c) for c in coords]
        value = self.local("value", ctype, value)
        self.sync()
        return coords, value

    def guarded(self, condition: str, statement: str) -> None:
        self.line(statement if condition == "true" else f"if ({condition}) {statement}")

    def s_tilestore(self, s: ir.TileStore) -> None:
        if any(isinstance(it, ir.Window) for it in s.items):
            self.store_tile_window(s)
            return
        shape = s.sym.vtype.shape
        coords = [self.index(it.index, "at") for it in s.items if isinstance(it, ir.At)]
        value = ct.pack(s.sym.vtype.dtype, self.scalar(s.value))
        if reads_own_target(s, lambda n: isinstance(n, ir.Read) and n.sym is s.sym):
            coords, value = self.settled(coords, value, ct.storage_type(s.sym.vtype.dtype))
        inside = in_bounds(coords, [str(n) for n in shape])
        self.guarded(inside, f"{self.sym(s.sym)}[{linear(coords, shape)}] = {value};")

    def s_eval(self, s: ir.Eval) -> None:
        self.scalar(s.expr)

    def s_barrier(self, s: ir.Barrier) -> None:
        self.sync()

    def s_print(self, s: ir.Print) -> None:
        line = printf_line(self.kernel.name, s, self.scalar, path_literal)
        self.line(f"if (threadIdx.x == 0) {line}" if s.once else line)

    def s_assert(self, s: ir.Assert) -> None:
        self.asserts.append((s.span, s.message))
        test = f"!({self.scalar(s.cond)})"
        if s.once:
            test = f"threadIdx.x == 0 && {test}"
        self.line(f"if ({test}) ph_assert_failed({len(self.asserts)}ull);  // {s.message[:60]!r}")

    def s_break(self, s: ir.Break) -> None:
        self.line("break;")

    def s_continue(self, s: ir.Continue) -> None:
        self.line("continue;")

    def s_return(self, s: ir.Return) -> None:
        self.line("return;")

    def s_if(self, s: ir.If) -> None:
        self.line(f"if ({self.scalar(s.cond)}) {{")
        before = set(self.known_full)
        with self.indented():
            self.block(s.body)
        taken, self.known_full = self.known_full, before
        if s.orelse:
            self.line("} else {")
            with self.indented():
                self.block(s.orelse)
        self.line("}")
        self.known_full = taken & self.known_full  # whole after the `if` only where whole after each branch

    def forget_assigned(self, body: list[ir.Stmt]) -> None:
        """Before a loop's body and after it: a tile the body assigns is whole there only
        where it is whole at every turn's start, which one pass of the writer cannot know."""
        self.known_full -= {t.sym for t in ir.walk_stmts(body) if isinstance(t, ir.Decl | ir.Assign)}

    def fixed(self, e: ir.Expr, base: str) -> str:
        """A loop bound, evaluated once before the loop."""
        text = self.scalar(e)
        immutable = isinstance(e, ir.Const | ir.ParamRef | ir.DimRef | ir.CtxRef) or (
            isinstance(e, ir.Read) and e.sym.kind != "var"
        )
        if immutable:
            return text
        name = self.names.take(base)  # a copy even of a plain var: the body may assign it
        self.line(f"const i64 {name} = {text};")
        return name

    def s_for(self, s: ir.For) -> None:
        lo = self.scalar(s.lo)
        hi = self.fixed(s.hi, "hi")
        var = self.sym(s.var)
        if isinstance(s.step, ir.Const) and int(s.step.value) > 0:
            step = int(s.step.value)
            test = f"{var} < {hi}"
            advance = f"++{var}" if step == 1 else f"{var} += {step}"
        else:
            step_text = self.fixed(s.step, "step")
            test = f"{step_text} > 0 && {var} < {hi}"  # a step that is not positive runs no turn
            advance = f"{var} += {step_text}"
        staging = self.plan.staging
        ahead = ahead_products(s) if staging.operands and staging.ahead else {}
        ring = None
        if ahead:
            turn = self.names.take("turn")
            self.line(f"int {turn} = 0;  // the loop's turns, for its products' operands copied ahead")
            ring = stage_ring.Ring(s.var, int(s.step.value), hi, turn, ahead,  # type: ignore[attr-defined]
                                   staging.ring_stages(self.plan.kernel))
        if s.unroll > 1:
            self.line(f"#pragma unroll {s.unroll}")
        self.line(f"for (i64 {var} = {lo}; {test}; {advance}) {{")
        saved, self.ring = self.ring, ring  # an inner loop writes with a ring of its own, or none
        self.in_ring_loops += ring is not None
        self.forget_assigned(s.body)
        with self.indented():
            whole = self.plan.whole_turns.get(id(s))
            if whole is None or self.whole is not None:
                self.turn_body(s.body)
            else:
                self.whole_or_not(s.body, whole)
            if ring is not None and ring.copied_ahead:
                self.line("ph::stage_commit();  // the turn's copies ahead, one group")
            if ring is not None:
                self.line(f"++{ring.turn};")
        self.ring = saved
        self.in_ring_loops -= ring is not None
        self.forget_assigned(s.body)
        self.line("}")

    def turn_body(self, body: list[ir.Stmt]) -> None:
        """One written copy of a loop's turn: its products' stages published afresh; with
        rotated turns on, the products of its own statements left in flight where they
        may be (lower/in_flight.py), all landed where the turn ends."""
        if self.ring is not None:
            self.ring.published.clear()
        for s in body:
            self.flights.may_defer = self.ring is not None and self.plan.rotated
            self.stmt(s)
            self.last_assigned = s.sym if isinstance(s, ir.Decl | ir.Assign) else None
        self.flights.may_defer = False
        self.land(len(self.flights.pending))
        self.last_assigned = None

    def land(self, count: int) -> None:
        """The oldest `count` products in flight landed (lower/in_flight.py), their wait
        kept after the turn's statement written last where it set registers."""
        if count == 0:
            return
        sym, tie = self.last_assigned, []
        if sym is not None and (sym in self.registers or not sym.vtype.shape) and sym.vtype.dtype == F32:
            name = self.sym(sym)
            if not sym.vtype.shape:
                tie = [f"__float_as_uint({name})"]
            else:
                spread = sym in self.registers.spread
                layout = self.registers.spread[sym] if spread else self.registers.replicated[sym]
                tie = [f"__float_as_uint({name}[{i}])" for i in range(layout.elements(spread))]
            self.hopper_helpers.setdefault("wait_after", WAIT_AFTER)
        for text in self.flights.land(count, tie):
            self.line(text)

    def whole_or_not(self, body: list[ir.Stmt], whole: WholeTurns) -> None:
        """A loop's turn written twice (plan/presence.py): with every window and tile the
        turn's test finds whole taken as whole, so that none of its statements tests
        where elements are present, and as it is otherwise. Both copies take the same
        shared memory, in the same places (a stage a turn fills is read by the next,
        whichever copy runs it)."""
        tests = []
        ahead = {let.sym: self.c_names.get(let.sym) for let in whole.lets}
        for let in whole.lets:  # the body's own lets the windows' places read, computed for the test
            name = self.names.take(f"{let.sym.name.replace('.', '_')}_ahead")
            self.line(f"const {ct.value_type(let.sym.vtype.dtype)} {name} = {self.scalar(let.init)};")  # type: ignore[arg-type]
            self.c_names[let.sym] = name
        for name, items in whole.windows:
            dims = self.tensors[name].dims
            for it, dim in zip(items, dims, strict=True):
                start = self.index(it.index if isinstance(it, ir.At) else it.start, "at")
                length = 1 if isinstance(it, ir.At) else it.length
                first, extent = const_int(start), const_int(self.dim(dim))
                if first is None or first < 0:  # what is known to hold is left out
                    tests.append(f"{start} >= 0")
                if first is None or extent is None or first + length > extent:
                    tests.append(f"{start} + {length} <= {self.dim(dim)}")
        for sym in whole.tiles:
            box = self.boxes[sym]
            tests += [f"{box}.lo[{k}] == 0 && {box}.hi[{k}] == {n}" for k, n in enumerate(sym.vtype.shape)]
        for sym, before in ahead.items():  # the body declares its own
            if before is None:
                del self.c_names[sym]
            else:
                self.c_names[sym] = before
        test = " && ".join(dict.fromkeys(tests)) or "true"
        self.line(f"if ({test}) {{  // every window inside its tensor, every tile whole")
        own, scalar_own, rings = self.own_used, self.scalar_own_used, self.rings_used
        known = set(self.known_full)
        with self.indented():
            self.whole = whole
            try:
                self.turn_body(body)
            finally:
                self.whole = None
        whole_own, whole_scalar_own, whole_rings = self.own_used, self.scalar_own_used, self.rings_used
        self.own_used, self.scalar_own_used, self.rings_used = own, scalar_own, rings
        self.known_full = known
        self.line("} else {")
        with self.indented():
            self.turn_body(body)
        self.line("}")
        self.own_used = max(self.own_used, whole_own)
        self.scalar_own_used = max(self.scalar_own_used, whole_scalar_own)
        self.rings_used = max(self.rings_used, whole_rings)

    def s_while(self, s: ir.While) -> None:
        self.forget_assigned(s.body)
        with self.captured() as before:
            cond = self.scalar(s.cond)
        hopper = self.plan.hopper_barriers
        needs, on_hopper = self.plan.barriers.needs_head_barrier(s), hopper.needs_head_barrier(s) if hopper else None
        head_barrier = needs or bool(on_hopper)
        if not before and not head_barrier:
            self.line(f"while ({cond}) {{")
        else:
            # The test needs lines of its own (or a barrier) before it, every turn.
            self.line("while (true) {")
            with self.indented():
                self.barrier_for(needs, on_hopper)
                for text in before:
                    self.lines.append("  " + text)
                self.line(f"if (!{cond}) break;" if cond.startswith("(") else f"if (!({cond})) break;")
        with self.indented():
            self.block(s.body)
        self.forget_assigned(s.body)
        self.line("}")


def generate(kernel: ir.Kernel, spec: Specialization | None = None, shared: int = STAGED_SHARED,
             wgmma: bool = True) -> Generated:
    """The CUDA C++ of one variant (`written`'s, without its writer)."""
    return written(kernel, spec, shared, wgmma)[0]


def written(kernel: ir.Kernel, spec: Specialization | None = None, shared: int = STAGED_SHARED,
            wgmma: bool = True) -> tuple[Generated, KernelWriter]:
    """The CUDA C++ of one kernel variant, for launches whose key is `spec` (None: the
    usual launch's, which the ahead-of-time build assumes). The sweeps' vector path
    reads and writes only aligned tensors in whole groups, and only where the pitches
    allow it, so the key is part of the source and so of the cache key. A kernel whose
    staged operands (dot_stage.py) would take it past `shared` bytes (`staged_shared`
    of the targets it is written for; by default the least of the tensor-core targets')
    is written again with rings of two stages where `@pipeline(n)` asked for more, then
    with one stage a window (stage_ring.py), and then without them. `wgmma` false keeps
    its products off wgmma (runtime/launch.py writes a variant so where ptxas serialized
    them). The writer comes with it, and its plan (`phobos explain` draws where the plan
    puts each tile)."""
    spec = usual(kernel) if spec is None else spec
    kernel = scalar_debug(kernel) if spec.debug else ir.without_debug(kernel)
    plan = plan_kernel(kernel, spec, wgmma=wgmma)
    writer = KernelWriter(plan)
    gen = writer.write()
    fewer = [Staging(stages=2)] if Staging().ring_stages(kernel) > 2 else []
    for staging in (*fewer, Staging(ahead=False), Staging(operands=False, ahead=False)):  # two stages, one, none
        if not (writer.staged_any and gen.shared_bytes > shared):
            break
        writer = KernelWriter(plan_kernel(kernel, spec, staging, wgmma))
        gen = writer.write()
    return gen, writer


def reads_own_target(s: ir.Store | ir.TileStore, reads: Callable[[ir.Expr], bool]) -> bool:
    """Whether a per-thread store that is a tile statement (its value holds a tile)
    reads the tensor or tile it stores to, so all threads must read before any stores."""
    return is_tile_statement(s) and any(ir.any_node(root, reads) for root in ir.stmt_exprs(s))
