"""Build the typed ir of one kernel variant, checking names, types and shapes on the way.

Each autotune binding gives one variant, so tile shapes, unroll counts and `@launch`
threads are plain integers here. Expressions come back as `Typed`: the ir node and,
for a value built from literals alone, the literal's kind, which lets a literal take
the type of the operand beside it (spec, Types).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from phobos.ast import nodes as A
from phobos.ast.printer import print_attribute
from phobos.dtypes import BOOL, BY_NAME, F32, INDEX, DType
from phobos.errors import PhobosError, Span
from phobos.ir import nodes as ir
from phobos.names import CONSTANTS

from . import fold, literals
from .callrules import statement_problem, unknown_function, unknown_name
from .calls import build_call
from .fncalls import inline_expr, inline_stmts
from .gemm import MAX_STAGES, mark_gemm_loops, tensor_core_misses
from .inline import Inliner, written_name
from .limits import Tally
from .linear import constant_difference
from .module import ModuleInfo
from .operators import OperatorTyping
from .scope import Binding, Scopes, View
from .specialize import unspecialized
from .typed import Typed

MAX_OCCUPANCY = 32  # @occupancy(n): tileiras takes an entry's `occupancy` from 1 to 32


class KernelBuilder(OperatorTyping):
    def __init__(self, module: ModuleInfo, kernel: A.Kernel, bindings: dict[str, int]):
        self.module = module
        self.kernel = kernel
        self.bindings = bindings
        self.scopes = Scopes()
        self.inliner = Inliner()
        self.inline_stack: list[tuple[str, Span]] = []
        self.tally = Tally()  # the inlined program's level and size, held to the limits
        self.loop_depth = 0
        self.threads = 128
        self.hidden = 0

    # ------------------------------------------------------------ errors

    def fail(self, message: str, span: Span) -> PhobosError:
        notes = tuple(
            f"in fn `{name}`, inlined at {site}" for name, site in reversed(self.inline_stack)
        )
        return PhobosError(message, span, notes)

    def enter(self, node: A.Node) -> None:
        """Counts a node of the inlined program, a level below the one holding it."""
        problem = self.tally.enter()
        if problem is not None:
            raise self.fail(problem, node.span)

    @contextmanager
    def nested(self, node: A.Node) -> Iterator[None]:
        """The walk one level down, at a node that holds what the block walks."""
        self.enter(node)
        try:
            yield
        finally:
            self.tally.level -= 1

    # ------------------------------------------------------------ kernel

    def build(self) -> ir.Kernel:
        k = self.kernel
        for attr in k.attrs:
            if isinstance(attr, A.Autotune):
                for entry in attr.entries:
                    value = self.bindings[entry.name]
                    self.scopes.declare(entry.name, Binding("const", entry.span, const=value))
        attrs = self.attributes()
        self.threads = attrs["threads"]
        params, dims = self.parameters()
        aligned = self.aligned(dims)
        not_specialized = unspecialized(k, params, dims, self.bindings)
        self.scopes.push()
        body = self.block(k.body)
        self.scopes.pop()
        kernel = ir.Kernel(
            name=k.name,
            bindings=dict(self.bindings),
            threads=self.threads,
            params=params,
            runtime_dims=tuple(dims),
            aligned=aligned,
            unspecialized=not_specialized,
            tensorcore=attrs["tensorcore"],
            stages=attrs["stages"],
            occupancy=attrs["occupancy"],
            body=body,
            span=k.span,
        )
        mark_gemm_loops(kernel)
        if attrs["tensorcore"]:
            count, misses = tensor_core_misses(kernel)
            if misses:
                raise PhobosError(
                    f"@tensorcore: no tensor core runs this `dot`: {misses[0].why}",
                    misses[0].span,
                    (f"{attrs['tensorcore_span']}: @tensorcore demands tensor cores for every `dot`",),
                )
            if not count:
                raise self.fail("@tensorcore needs a `dot` of f16, bf16 or i8 operands (into f32 or i32)",
                                attrs["tensorcore_span"])
        return kernel

    def attributes(self) -> dict:
        out: dict = {"threads": 128, "tensorcore": False, "stages": None, "occupancy": None}
        seen: dict[type, A.Node] = {}
        for attr in self.kernel.attrs:
            if type(attr) in seen:
                raise self.fail(f"attribute {print_attribute(attr).partition('(')[0]} is given twice", attr.span)
            seen[type(attr)] = attr
            match attr:
                case A.Launch(threads=t):
                    n = self.const_int_ast(t, "@launch's thread count")
                    if n < 32 or n > 1024 or n % 32:
                        raise self.fail(
                            f"@launch({n}): a CTA has a multiple of 32 threads, from 32 to 1024",
                            attr.span,
                        )
                    out["threads"] = n
                case A.Tensorcore():
                    out["tensorcore"] = True
                    out["tensorcore_span"] = attr.span
                case A.Pipeline(stages=None):
                    out["stages"] = 1
                case A.Pipeline(stages=stages):
                    out["stages"] = self.attribute_count(
                        stages, attr.span, "@pipeline's stage count", MAX_STAGES,
                        "@pipeline takes `off` or a stage count (a number or an @autotune name); `{}` is neither",
                        "@pipeline({}): a GEMM loop's loads take 1 to " f"{MAX_STAGES} stages (1 is off)")
                case A.Occupancy(ctas=ctas):
                    out["occupancy"] = self.attribute_count(
                        ctas, attr.span, "@occupancy's count of CTAs", MAX_OCCUPANCY,
                        "@occupancy takes a count of CTAs (a number or an @autotune name); `{}` is neither",
                        "@occupancy({}): an SM holds 1 to " f"{MAX_OCCUPANCY} CTAs of a kernel (tileiras's range)")
        return out

    def attribute_count(self, value: A.Expr, attr_span: Span, what: str, most: int, unbound: str,
                        out_of_range: str) -> int:
        """An attribute's count from 1 to `most`: a number, or an @autotune name. The
        refusals name the unbound name (at it) or the count (at the attribute) in `{}`."""
        if isinstance(value, A.Name) and value.id not in self.bindings:
            raise self.fail(unbound.format(value.id), value.span)
        n = self.const_int_ast(value, what)
        if not 1 <= n <= most:
            raise self.fail(out_of_range.format(n), attr_span)
        return n

    def const_int_ast(self, e: A.Expr, what: str) -> int:
        """An integer known at compile time: literals, autotune names, constant lets."""
        t = self.expr(e)
        if isinstance(t.expr, ir.Const) and t.type.dtype.is_int and not t.type.shape:
            return int(t.expr.value)
        raise self.fail(f"{what} must be an integer known at compile time", e.span)

    def parameters(self) -> tuple[tuple[ir.TensorParam | ir.ScalarParam, ...], list[str]]:
        params: list[ir.TensorParam | ir.ScalarParam] = []
        dims: list[str] = []
        for p in self.kernel.params:
            match p.type:
                case A.ScalarType(name=tname):
                    dtype = self.dtype(tname, p.type.span)
                    param = ir.ScalarParam(p.name, dtype)
                    self.scopes.declare(p.name, Binding("param", p.span, param=param))
                    params.append(param)
                case A.TensorType(dtype=tname, dims=dim_exprs):
                    dtype = self.dtype(tname, p.type.span)
                    values: list[int | str] = []
                    for d in dim_exprs:
                        values.append(self.tensor_dim(d, dims))
                    tensor = ir.TensorParam(p.name, dtype, tuple(values))
                    self.scopes.declare(p.name, Binding("tensor", p.span, tensor=tensor))
                    params.append(tensor)
                case A.TileType():
                    raise self.fail(
                        f"parameter `{p.name}` is a tile; tiles live in shared memory and are "
                        "declared in the body with `var`; a kernel takes tensors and scalars",
                        p.type.span,
                    )
        return tuple(params), dims

    def tensor_dim(self, d: A.Expr, dims: list[str]) -> int | str:
        match d:
            case A.IntLit(value=v):
                if v < 1:
                    raise self.fail(f"a tensor dim must be at least 1, not {v}", d.span)
                return v
            case A.Name(id=name):
                if name in self.bindings:
                    if self.bindings[name] < 1:
                        raise self.fail(
                            f"dim `{name}` is bound to {self.bindings[name]}; a tensor dim must be at least 1",
                            d.span,
                        )
                    return self.bindings[name]
                known = self.scopes.lookup(name)
                if known is None:
                    self.scopes.declare(name, Binding("dim", d.span))
                    dims.append(name)
                elif known.kind != "dim":
                    raise self.fail(
                        f"dim `{name}` has the name of a {known.kind} declared at line "
                        f"{known.span.line}",
                        d.span,
                    )
                return name
        raise self.fail("a tensor dim is a literal or a name", d.span)

    def aligned(self, dims: list[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for attr in self.kernel.attrs:
            if not isinstance(attr, A.Aligned):
                continue
            for entry in attr.entries:
                if entry.dim in self.bindings:
                    raise self.fail(
                        f"@aligned names `{entry.dim}`, an autotune name; it applies to dims "
                        "bound at launch",
                        entry.span,
                    )
                if entry.dim not in dims:
                    raise self.fail(
                        f"@aligned names `{entry.dim}`, which is not a dim of any tensor "
                        "parameter",
                        entry.span,
                    )
                n = self.const_int_ast(entry.multiple, "an @aligned multiple")
                if n < 1:
                    raise self.fail(f"an @aligned multiple must be positive, not {n}", entry.span)
                out[entry.dim] = n
        return out

    def dtype(self, name: str, span: Span) -> DType:
        if name not in BY_NAME:
            raise self.fail(f"unknown type `{name}`", span)
        return BY_NAME[name]

    # ------------------------------------------------------------ statements

    def block(self, body: tuple[A.Stmt, ...] | None) -> list[ir.Stmt]:
        out: list[ir.Stmt] = []
        for s in body or ():
            out.extend(self.stmt(s))
        return out

    def scoped_block(self, body: tuple[A.Stmt, ...] | None) -> list[ir.Stmt]:
        self.scopes.push()
        try:
            return self.block(body)
        finally:
            self.scopes.pop()

    def stmt(self, s: A.Stmt) -> list[ir.Stmt]:
        self.enter(s)
        try:
            match s:
                case A.Let():
                    return self.let(s)
                case A.Var():
                    return self.var(s)
                case A.Assign():
                    return self.assign(s)
                case A.For():
                    return [self.for_(s)]
                case A.While(cond=c, body=b):
                    cond = self.condition(c, "a `while` condition")
                    self.loop_depth += 1
                    body = self.scoped_block(b)
                    self.loop_depth -= 1
                    return [ir.While(s.span, cond, body)]
                case A.If(cond=c, body=b, orelse=o):
                    cond = self.condition(c, "an `if` condition")
                    return [ir.If(s.span, cond, self.scoped_block(b), self.scoped_block(o))]
                case A.Break() | A.Continue():
                    if self.loop_depth == 0:
                        word = "break" if isinstance(s, A.Break) else "continue"
                        raise self.fail(f"`{word}` outside a loop", s.span)
                    return [ir.Break(s.span) if isinstance(s, A.Break) else ir.Continue(s.span)]
                case A.Return():
                    return [ir.Return(s.span)]
                case A.ExprStmt(expr=e):
                    return self.expr_stmt(e, s.span)
            raise self.fail(f"unsupported statement {type(s).__name__}", s.span)
        finally:
            self.tally.level -= 1

    def condition(self, e: A.Expr, what: str) -> ir.Expr:
        t = self.expr(e)
        if t.type.shape:
            raise self.fail(f"{what} must be a scalar, not a tile {t.type}", e.span)
        if t.type.dtype != BOOL:
            raise self.fail(
                f"{what} must be a bool, not {t.type.dtype}; compare explicitly, as in `x != 0`",
                e.span,
            )
        return t.expr

    def declared_vtype(self, texpr: A.TypeExpr) -> ir.VType:
        match texpr:
            case A.ScalarType(name=n):
                return ir.VType(self.dtype(n, texpr.span))
            case A.TileType(dtype=n, dims=dims):
                shape = []
                with self.nested(texpr):
                    for d in dims:
                        v = self.const_int_ast(d, "a tile dim")
                        if v < 1:
                            raise self.fail(f"a tile dim must be at least 1, not {v}", d.span)
                        shape.append(v)
                return ir.VType(self.dtype(n, texpr.span), tuple(shape))
            case A.TensorType():
                raise self.fail(
                    "a tensor exists only as a kernel parameter; declare a tile to hold a "
                    "copy of a slice",
                    texpr.span,
                )
        raise AssertionError(texpr)

    def new_sym(self, name: str, vtype: ir.VType, kind: str, span: Span) -> ir.Sym:
        sym = ir.Sym(name, vtype, kind, span)
        self.scopes.declare(name, Binding("sym", span, sym=sym))
        return sym

    def let(self, s: A.Let) -> list[ir.Stmt]:
        span = s.name_span or s.span
        if isinstance(s.value, A.Subscript) and s.type is None:
            base = self.scopes.lookup(s.value.base.id)
            if base is not None and base.kind == "tensor":
                return self.view(s, base, span)
        value = self.expr(s.value)
        if s.type is not None:
            vtype = self.declared_vtype(s.type)
            init = self.coerce(value, vtype, f"`{written_name(s.name)}`", s.value.span)
        else:
            init = self.concrete(value)
            vtype = init.type
        sym = ir.Sym(s.name, vtype, "let", span)
        if isinstance(init, ir.Const) and not vtype.shape and not vtype.dtype.is_float:
            self.scopes.declare(s.name, Binding("const", span, const=init.value, sym=sym))
        else:
            self.scopes.declare(s.name, Binding("sym", span, sym=sym))
        return [ir.Decl(s.span, sym, init)]

    def view(self, s: A.Let, base: Binding, span: Span) -> list[ir.Stmt]:
        assert base.tensor is not None and isinstance(s.value, A.Subscript)
        items = self.items(s.value, base.tensor.dims)
        if all(isinstance(it, ir.At) for it in items):
            load = ir.Load(ir.VType(base.tensor.dtype), s.value.span, base.tensor.name, items)
            sym = ir.Sym(s.name, load.type, "let", span)
            self.scopes.declare(s.name, Binding("sym", span, sym=sym))
            return [ir.Decl(s.span, sym, load)]
        decls: list[ir.Stmt] = []
        starts: list[ir.Sym | int | None] = []
        lengths: list[int | None] = []
        for k, it in enumerate(items):
            if isinstance(it, ir.At):
                start: ir.Expr = it.index
                lengths.append(None)
            else:
                start = it.start
                lengths.append(it.length)
            if isinstance(start, ir.Const):
                starts.append(int(start.value))
            else:
                self.hidden += 1
                hidden = ir.Sym(f"{s.name}.start{k}", start.type, "let", start.span)
                decls.append(ir.Decl(start.span, hidden, start))
                starts.append(hidden)
        view = View(base.tensor, tuple(starts), tuple(lengths))
        self.scopes.declare(s.name, Binding("view", span, view=view))
        return decls

    def view_load(self, view: View, span: Span) -> ir.Load:
        items: list[ir.Item] = []
        for start, length in zip(view.starts, view.lengths, strict=True):
            if start is None or isinstance(start, int):
                expr: ir.Expr = ir.Const(ir.VType(INDEX), span, start or 0)
            else:
                expr = ir.Read(start.vtype, span, start)
            items.append(ir.At(expr) if length is None else ir.Window(expr, length))
        shape = tuple(n for n in view.lengths if n is not None)
        return ir.Load(ir.VType(view.tensor.dtype, shape), span, view.tensor.name, tuple(items))

    def var(self, s: A.Var) -> list[ir.Stmt]:
        span = s.name_span or s.span
        name = written_name(s.name)
        if s.type is not None:
            vtype = self.declared_vtype(s.type)
            if s.value is None:
                if not vtype.shape:
                    raise self.fail(
                        f"scalar var `{name}` needs an initial value; only a tile may be "
                        "left uninitialized",
                        s.span,
                    )
                init = None
            else:
                init = self.coerce(self.expr(s.value), vtype, f"`{name}`", s.value.span)
        else:
            if s.value is None:
                raise self.fail(f"var `{name}` needs a type or an initial value", s.span)
            init = self.concrete(self.expr(s.value))
            vtype = init.type
        sym = self.new_sym(s.name, vtype, "var", span)
        return [ir.Decl(s.span, sym, init)]

    def assign(self, s: A.Assign) -> list[ir.Stmt]:
        target = s.target
        if isinstance(target, A.Name):
            b = self.binding(target)
            if b.kind != "sym" or b.sym is None or b.sym.kind != "var":
                raise self.fail(self.not_assignable(target.id, b), target.span)
            sym = b.sym
            value = self.expr(s.value)
            if s.op is not None:
                current = Typed(ir.Read(sym.vtype, target.span, sym))
                value = self.binary(s.op, current, value, s.span, s.python_op)
            init = self.coerce(value, sym.vtype, f"`{written_name(sym.name)}`", s.value.span)
            return [ir.Assign(s.span, sym, init)]
        b = self.binding(target.base)
        value = self.expr(s.value)
        if s.op is not None:
            value = self.binary(s.op, self.subscript(target), value, s.span, s.python_op)
        if b.kind == "tensor":
            assert b.tensor is not None
            items = self.items(target, b.tensor.dims)
            vtype = ir.VType(b.tensor.dtype, self.items_shape(items))
            what = f"a store to `{target.base.id}`"
            return [ir.Store(s.span, b.tensor.name, items, self.coerce(value, vtype, what, s.value.span))]
        if b.kind == "sym" and b.sym is not None and b.sym.vtype.shape and b.sym.kind == "var":
            items = self.items(target, b.sym.vtype.shape)
            vtype = ir.VType(b.sym.vtype.dtype, self.items_shape(items))
            what = f"a store to `{written_name(target.base.id)}`"
            stored = self.coerce(value, vtype, what, s.value.span)
            return [ir.TileStore(s.span, b.sym, items, stored)]
        raise self.fail(self.not_assignable(target.base.id, b, indexed=True), target.span)

    def not_assignable(self, name: str, b: Binding, indexed: bool = False) -> str:
        shown = written_name(name)
        kind = "sym" if b.sym is not None else b.kind
        match kind:
            case "tensor":
                return f"`{shown}` is a tensor; assign to a slice of it, as in `{shown}[i] = e`"
            case "view":
                return (
                    f"`{shown}` is a let view of a tensor slice and is read-only; store to the "
                    "tensor, or copy the slice into a tile with `var`"
                )
            case "param" | "dim" | "const":
                what = {"param": "a scalar parameter", "dim": "a dim", "const": "a constant"}
                return f"`{shown}` is {what[b.kind]} and cannot be assigned"
        assert b.sym is not None
        if indexed and not b.sym.vtype.shape:
            return f"`{shown}` is a scalar; it cannot be subscripted"
        if b.sym.kind == "loop":
            return f"`{shown}` is a loop variable and cannot be assigned"
        return f"`{shown}` is a let; declare it with `var` to assign it"

    def for_(self, s: A.For) -> ir.Stmt:
        lo = self.index_value(s.lo, "a loop bound")
        hi = self.index_value(s.hi, "a loop bound")
        if s.step is None:
            step: ir.Expr = ir.Const(ir.VType(INDEX), s.span, 1)
        else:
            step = self.index_value(s.step, "a loop step")
            if isinstance(step, ir.Const) and int(step.value) < 1:
                raise self.fail(f"a loop step must be positive, not {step.value}", s.step.span)
        unroll = 1
        if s.unroll is not None:
            unroll = self.const_int_ast(s.unroll, "an unroll count")
            if unroll < 1:
                raise self.fail(f"an unroll count must be at least 1, not {unroll}", s.unroll.span)
            if not isinstance(step, ir.Const):
                raise self.fail(
                    "an unrolled loop's step must be a constant known at compile time",
                    s.step.span if s.step is not None else s.span,
                )
        self.scopes.push()
        self.loop_depth += 1
        try:
            var = self.new_sym(s.var, ir.VType(INDEX), "loop", s.var_span or s.span)
            body = self.block(s.body)
        finally:
            self.loop_depth -= 1
            self.scopes.pop()
        return ir.For(s.span, var, lo, hi, step, body, unroll)

    def index_value(self, e: A.Expr, what: str) -> ir.Expr:
        t = self.expr(e)
        if t.type.shape or not t.type.dtype.is_signed_int:
            hint = "; convert with i64(x)" if t.type.dtype.is_unsigned else ""
            raise self.fail(f"{what} must be a signed integer scalar, not {t.type}{hint}", e.span)
        return self.cast(t.expr if t.literal is None else self.retype(t, INDEX), INDEX)

    def expr_stmt(self, e: A.Expr, span: Span) -> list[ir.Stmt]:
        problem = statement_problem(self.module, e)
        if problem is not None:
            raise self.fail(*problem)
        assert isinstance(e, A.Call)
        if e.func in self.module.fns:
            return inline_stmts(self, self.module.fns[e.func], e)
        if e.func == "barrier":
            return [ir.Barrier(span)]
        for a in e.args:
            if isinstance(a, A.StrLit) and "\0" in a.value:
                raise self.fail(f"a string of {e.func} cannot hold a NUL character: the device's printf ends "
                                "its text at one", a.span)
        if e.func == "print":
            parts = tuple(a.value if isinstance(a, A.StrLit) else self.expr(a).expr for a in e.args)
            return [ir.Print(span, parts)]
        if e.func == "assert":
            return [self.assertion(e, span)]
        return [ir.Eval(span, self.expr(e).expr)]

    def assertion(self, e: A.Call, span: Span) -> ir.Assert:
        cond = self.expr(e.args[0]).expr
        if cond.type.dtype != BOOL:
            raise self.fail(f"assert's condition must be a bool or a tile of bool, not {cond.type}; compare, "
                            "as in x != 0", e.args[0].span)
        message = e.args[1].value if len(e.args) == 2 and isinstance(e.args[1], A.StrLit) else e.args[0].span.text()
        return ir.Assert(span, cond, message)

    # ------------------------------------------------------------ expressions

    def binding(self, name: A.Name) -> Binding:
        b = self.scopes.lookup(name.id)
        if b is None:
            raise self.fail(unknown_name(name.id, self.module), name.span)
        return b

    def expr(self, e: A.Expr) -> Typed:
        self.enter(e)
        try:
            match e:
                case A.IntLit(value=v):
                    if v > A.INT_LITERAL_MAX:
                        raise self.fail(A.int_literal_too_large(v), e.span)
                    return Typed(ir.Const(ir.VType(INDEX), e.span, v), "int")
                case A.FloatLit(value=v, text=text):
                    values = literals.float_literal(v, text, e.span)
                    if isinstance(values, literals.Unfit):
                        raise self.fail(values.message, values.span)
                    return Typed(ir.Const(ir.VType(F32), e.span, values.f32), "float", values)
                case A.BoolLit(value=v):
                    return Typed(ir.Const(ir.VType(BOOL), e.span, v))
                case A.Name():
                    return self.name_value(e)
                case A.Ctx(field=f):
                    return self.ctx(f, e.span)
                case A.Unary(op=op, operand=x):
                    return self.unary(op, self.expr(x), e.span)
                case A.Binary(op=op, left=a, right=b):
                    return self.binary(op, self.expr(a), self.expr(b), e.span, e.python_op)
                case A.Call():
                    return self.call(e)
                case A.Subscript():
                    return self.subscript(e)
                case A.StrLit():
                    raise self.fail("a string is no value; only print and assert take one", e.span)
            raise self.fail(f"unsupported expression {type(e).__name__}", e.span)
        finally:
            self.tally.level -= 1

    def name_value(self, e: A.Name) -> Typed:
        b = self.scopes.lookup(e.id)
        if b is None and e.id in CONSTANTS:
            value = float(e.id)
            return Typed(ir.Const(ir.VType(F32), e.span, value), "float", literals.special(value, e.id))
        b = self.binding(e)
        match b.kind:
            case "tensor":
                raise self.fail(
                    f"tensor `{e.id}` is named alone; a kernel reads a tensor through a "
                    f"subscript, as in `{e.id}[i]` or `{e.id}[r :+ 32, :]`",
                    e.span,
                )
            case "param":
                assert b.param is not None
                return Typed(ir.ParamRef(ir.VType(b.param.dtype), e.span, b.param.name))
            case "dim":
                return Typed(ir.DimRef(ir.VType(INDEX), e.span, e.id))
            case "const":
                assert b.const is not None
                if b.sym is not None:
                    return Typed(ir.Const(b.sym.vtype, e.span, b.const))
                return Typed(ir.Const(ir.VType(INDEX), e.span, b.const), "int")
            case "view":
                assert b.view is not None
                return Typed(self.view_load(b.view, e.span))
        assert b.sym is not None
        return Typed(ir.Read(b.sym.vtype, e.span, b.sym))

    def ctx(self, field_name: str, span: Span) -> Typed:
        if field_name == "threads":
            return Typed(ir.Const(ir.VType(INDEX), span, self.threads))
        if field_name == "warps":
            return Typed(ir.Const(ir.VType(INDEX), span, self.threads // 32))
        return Typed(ir.CtxRef(ir.VType(INDEX), span, field_name))

    # ------------------------------------------------------------ subscripts

    def items(self, sub: A.Subscript, extents: tuple[int | str, ...]) -> tuple[ir.Item, ...]:
        name = written_name(sub.base.id)
        if len(sub.items) != len(extents):
            raise self.fail(
                f"`{name}` has {len(extents)} dim(s), but the subscript has {len(sub.items)}",
                sub.span,
            )
        out: list[ir.Item] = []
        for it, extent in zip(sub.items, extents, strict=True):
            with self.nested(it):
                match it:
                    case A.IndexItem(index=i):
                        out.append(ir.At(self.index_value(i, "an index")))
                    case A.SpanItem(start=start, length=length):
                        n = self.const_int_ast(length, "a span's length")
                        if n < 1:
                            raise self.fail(f"a span's length must be at least 1, not {n}", length.span)
                        out.append(ir.Window(self.index_value(start, "a span's start"), n))
                    case A.RangeItem(start=start, end=end):
                        out.append(self.range_item(it, start, end, extent))
        return tuple(out)

    def range_item(
        self, it: A.RangeItem, start: A.Expr | None, end: A.Expr | None, extent: int | str
    ) -> ir.Window:
        zero = ir.Const(ir.VType(INDEX), it.span, 0)
        start_expr = zero if start is None else self.index_value(start, "a range's start")
        if end is None:
            if isinstance(extent, str):
                raise self.fail(
                    f"this range runs to the end of dim `{extent}`, which is known only at "
                    "launch; a tile needs a length known at compile time: write `s :+ n`",
                    it.span,
                )
            end_expr: ir.Expr = ir.Const(ir.VType(INDEX), it.span, extent)
            end_ast: A.Expr = A.IntLit(extent, span=it.span)
        else:
            end_expr = self.index_value(end, "a range's end")
            end_ast = end
        length: int | None
        if isinstance(start_expr, ir.Const) and isinstance(end_expr, ir.Const):
            length = int(end_expr.value) - int(start_expr.value)
        else:
            length = constant_difference(end_ast, start or A.IntLit(0, span=it.span), self.scopes)
        if length is None:
            raise self.fail(
                "a range's length must be known at compile time; write `s :+ n`, or an end "
                "that differs from the start by a constant, as in `r : r + 32`",
                it.span,
            )
        if fold.wrap(length, INDEX) != length:  # e - s folds in i64 (spec: literals), so it wraps
            raise self.fail(f"this range's length, {length}, does not fit i64 (it wraps to "
                            f"{fold.wrap(length, INDEX)})", it.span)
        if length < 1:
            raise self.fail(f"this range is empty (length {length})", it.span)
        return ir.Window(start_expr, length)

    @staticmethod
    def items_shape(items: tuple[ir.Item, ...]) -> tuple[int, ...]:
        return tuple(it.length for it in items if isinstance(it, ir.Window))

    def subscript(self, e: A.Subscript) -> Typed:
        b = self.binding(e.base)
        match b.kind:
            case "tensor":
                assert b.tensor is not None
                items = self.items(e, b.tensor.dims)
                vtype = ir.VType(b.tensor.dtype, self.items_shape(items))
                return Typed(ir.Load(vtype, e.span, b.tensor.name, items))
            case "view":
                assert b.view is not None
                base: ir.Expr = self.view_load(b.view, e.base.span)
            case "sym" if b.sym is not None and b.sym.vtype.shape:
                base = ir.Read(b.sym.vtype, e.base.span, b.sym)
            case _:
                raise self.fail(self.not_assignable(e.base.id, b, indexed=True).replace(
                    "cannot be assigned", "cannot be subscripted"), e.span)
        items = self.items(e, base.type.shape)
        vtype = ir.VType(base.type.dtype, self.items_shape(items))
        return Typed(ir.TileIndex(vtype, e.span, base, items))

    # ------------------------------------------------------------ calls

    def call(self, e: A.Call) -> Typed:
        if e.func in self.module.fns:
            return inline_expr(self, self.module.fns[e.func], e)
        problem = unknown_function(e, self.module)
        if problem is not None:
            raise self.fail(*problem)
        return build_call(self, e)

