"""The Phobos kernel or fn a Python def spells, read from its source.

Nothing of the def runs: `inspect` gives its text, Python's `ast` parses it, and
`Body` turns each statement into the node the native parser would build for the same
program. The decorators are read from the text too, so `@ph.autotune(TILE=[32, 64])`
means what the source says, whatever Python bound the names to.
"""

from __future__ import annotations

import ast as py
import inspect
from collections import ChainMap
from collections.abc import Callable
from types import FunctionType
from typing import Any

from phobos.ast import nodes as A
from phobos.ast.depth import check_nesting
from phobos.errors import PhobosError, user_span

from .body import Body
from .markers import AttributeMarker
from .source import DefSource

_ATTRIBUTE_USAGE = {
    "autotune": '@ph.autotune(TILE=[32, 64])',
    "launch": '@ph.launch(256) or @ph.launch("T")',
    "aligned": '@ph.aligned(M="TILE_M") or @ph.aligned(M=16)',
    "pipeline": '@ph.pipeline("off"), @ph.pipeline(3) or @ph.pipeline("S")',
    "occupancy": '@ph.occupancy(2) or @ph.occupancy("OCC")',
}


def _namespace(func: Callable[..., Any]) -> ChainMap[str, object]:
    """The Python names a def's body sees: the variables of enclosing functions it reads
    (a closure's cells, those that hold a value), then its module's globals."""
    closure = {}
    for name, cell in zip(func.__code__.co_freevars, func.__closure__ or (), strict=True):
        try:
            closure[name] = cell.cell_contents
        except ValueError:  # a cell not yet given a value
            continue
    return ChainMap(closure, func.__globals__)


def translate_kernel(pyfunc: Callable[..., Any], do_not_specialize: tuple[str, ...] = ()) -> A.Kernel:
    """The kernel a def decorated (or to be decorated) with `@ph.kernel` spells;
    `do_not_specialize` is that option's value, as the decorator was called with it."""
    func = _def_of(pyfunc)
    src = DefSource(func)
    tree = src.tree
    body = Body(src, _namespace(func), fn_name=None)
    _check_def(body, tree)
    name_span = src.def_name_span()
    name = body.ident(tree.name, name_span)
    attrs = _decorators(body, tree, entry="kernel")
    if do_not_specialize:
        attrs = (*attrs, _do_not_specialize(body, tree, do_not_specialize))
    for attr in attrs:
        if isinstance(attr, A.Autotune):
            body.shapes.update(entry.name for entry in attr.entries)
    params = []
    for arg in tree.args.args:
        pname = body.ident(arg.arg, src.name_span(arg, arg.arg))
        if arg.annotation is None:
            body.error(
                f"kernel parameter `{pname}` needs a type, such as `{pname}: ph.f32` or "
                f"`{pname}: ph.tensor[ph.f32][N]`",
                arg,
            )
        type_ = body.type_expr(arg.annotation, allow_tile=False)
        if isinstance(type_, A.TensorType):
            body.shapes.update(d.id for d in type_.dims if isinstance(d, A.Name))
        params.append(A.Param(pname, type_, span=src.span(arg)))
    body.params.update(p.name for p in params)
    stmts = body.block(_without_docstring(tree.body))
    kernel = A.Kernel(name, attrs, tuple(params), stmts, span=src.span(tree), name_span=name_span)
    check_nesting(kernel)
    return kernel


def translate_fn(pyfunc: Callable[..., Any], uses: tuple[str, ...]) -> A.Fn:
    """The fn a def decorated with `@ph.fn` spells.

    `uses` names what the body reads from its caller; any other name it reads must be
    its own, so a misspelt one is caught here rather than bound at some call.
    """
    func = _def_of(pyfunc)
    src = DefSource(func)
    tree = src.tree
    body = Body(src, _namespace(func), fn_name=tree.name)
    _check_def(body, tree)
    name_span = src.def_name_span()
    name = body.ident(tree.name, name_span)
    _decorators(body, tree, entry="fn")
    uses_node = _uses_node(tree) or name_span
    for used in uses:
        if not isinstance(used, str):
            body.error(f'uses= lists names as strings, as in uses=("W",), not {used!r}', uses_node)
        body.ident(used, uses_node)
    body.uses = frozenset(uses)
    params, param_spans = [], []
    for arg in tree.args.args:
        span = src.name_span(arg, arg.arg)
        params.append(body.ident(arg.arg, span))
        param_spans.append(span)
        if arg.annotation is not None:
            body.error("a fn's parameters have no types", arg.annotation)
    body.params.update(params)
    stmts = _without_docstring(tree.body)
    fn_body: A.Expr | tuple[A.Stmt, ...]
    if len(stmts) == 1 and isinstance(stmts[0], py.Return) and stmts[0].value is not None:
        fn_body = body.expr(stmts[0].value)
    else:
        fn_body = body.block(stmts)
    fn = A.Fn(
        name, tuple(params), fn_body,
        span=src.span(tree), name_span=name_span, param_spans=tuple(param_spans),
    )
    check_nesting(fn)
    return fn


def _def_of(pyfunc: Callable[..., Any]) -> FunctionType:
    """The def itself, under any decorator that wrapped it (which is then refused)."""
    func = inspect.unwrap(pyfunc)
    if not inspect.isfunction(func):
        raise PhobosError(f"{func!r} is not a def; @ph.kernel and @ph.fn take a def", user_span())
    return func


def _check_def(body: Body, tree: py.FunctionDef | py.AsyncFunctionDef) -> None:
    """Refuse what a def can say beyond plain named parameters."""
    if isinstance(tree, py.AsyncFunctionDef):
        body.refuse(tree)
    if getattr(tree, "type_params", None):
        body.error("type parameters have no Phobos counterpart", tree)
    args = tree.args
    if args.posonlyargs:
        body.error("a positional-only parameter (before `/`) has no Phobos counterpart",
                   args.posonlyargs[0])
    if args.defaults:
        body.error("a default argument value has no Phobos counterpart", args.defaults[0])
    if args.vararg:
        body.error(f"`*{args.vararg.arg}` has no Phobos counterpart", args.vararg)
    if args.kwonlyargs:
        body.error("a keyword-only parameter has no Phobos counterpart", args.kwonlyargs[0])
    if args.kwarg:
        body.error(f"`**{args.kwarg.arg}` has no Phobos counterpart", args.kwarg)
    returns = tree.returns
    if returns is not None and not (isinstance(returns, py.Constant) and returns.value is None):
        body.error("a kernel or fn has no return type; drop the `->` annotation", returns)


def _without_docstring(stmts: list[py.stmt]) -> list[py.stmt]:
    """The body without its docstring, which documents the def and is not code."""
    first = stmts[0] if stmts else None
    if (
        isinstance(first, py.Expr)
        and isinstance(first.value, py.Constant)
        and isinstance(first.value.value, str)
    ):
        return stmts[1:]
    return stmts


def _entry(value: object) -> str | None:
    """`kernel` or `fn` when `value` is phobos.lang's decorator of that name."""
    if getattr(value, "__module__", None) == "phobos.lang" and callable(value):
        name = getattr(value, "__name__", None)
        if name in ("kernel", "fn"):
            return name
    return None


def _decorators(
    body: Body, tree: py.FunctionDef | py.AsyncFunctionDef, entry: str
) -> tuple[A.Attribute, ...]:
    """The attributes the decorators spell, checked to be Phobos's and in place.

    `@ph.kernel` (or `@ph.fn`) comes first when it is written; the attributes follow
    it, since Python applies them to the def before the kernel sees it.
    """
    attrs: list[A.Attribute] = []
    for i, dec in enumerate(tree.decorator_list):
        head = dec.func if isinstance(dec, py.Call) else dec
        value = body.reference(head) if isinstance(head, py.Name | py.Attribute) else None
        found = _entry(value)
        if found is not None and found != entry:
            body.error(f"a def decorated with @ph.{found} is not a {entry}", dec)
        if found is not None and i > 0:
            body.error(f"@ph.{entry} must be the first decorator; attributes go under it", dec)
        if found is not None:
            continue
        if isinstance(value, AttributeMarker) and entry == "kernel":
            attrs.append(_attribute(body, value.name, dec))
            continue
        if entry == "fn":
            body.error("a fn takes no decorator but @ph.fn", dec)
        body.error(f"`@{body.shown(dec)}` is not a Phobos attribute", dec)
    return tuple(attrs)


def _do_not_specialize(body: Body, tree: py.FunctionDef | py.AsyncFunctionDef,
                       names: tuple[str, ...]) -> A.DoNotSpecialize:
    """`@ph.kernel(do_not_specialize=[...])` as the attribute the native syntax writes:
    each name located at its string in the decorator where it is written there as one,
    else at the keyword, else at the def (`ph.kernel(f, do_not_specialize=...)`)."""
    keyword = next((kw for dec in tree.decorator_list if isinstance(dec, py.Call)
                    for kw in dec.keywords if kw.arg == "do_not_specialize"), None)
    where: py.AST = keyword if keyword is not None else tree
    written = {}
    if keyword is not None and isinstance(keyword.value, py.List | py.Tuple):
        written = {e.value: e for e in keyword.value.elts if isinstance(e, py.Constant) and isinstance(e.value, str)}
    entries = tuple(A.Name(body.ident(name, written.get(name, where)), span=body.src.span(written.get(name, where)))
                    for name in names)
    return A.DoNotSpecialize(entries, span=body.src.span(where))


def _uses_node(tree: py.FunctionDef | py.AsyncFunctionDef) -> py.keyword | None:
    """Where `uses=` is written in `@ph.fn(uses=...)`, to point errors at it."""
    for dec in tree.decorator_list:
        if isinstance(dec, py.Call):
            for kw in dec.keywords:
                if kw.arg == "uses":
                    return kw
    return None


def _attribute(body: Body, name: str, dec: py.expr) -> A.Attribute:
    span = body.src.span(dec)
    if name == "tensorcore":
        if isinstance(dec, py.Call):
            body.error("@ph.tensorcore takes no arguments; write it bare", dec)
        return A.Tensorcore(span=span)
    usage = _ATTRIBUTE_USAGE[name]
    if not isinstance(dec, py.Call):
        body.error(f"@ph.{name} needs its arguments: {usage}", dec)
    if name in ("autotune", "aligned"):
        if dec.args or not dec.keywords:
            body.error(f"@ph.{name} takes NAME=value keywords: {usage}", dec)
        if any(kw.arg is None for kw in dec.keywords):
            body.error("`**` unpacking has no Phobos counterpart", dec)
    elif len(dec.args) != 1 or dec.keywords:
        body.error(f"@ph.{name} takes one argument: {usage}", dec)
    if name == "autotune":
        return A.Autotune(
            tuple(_autotune_entry(body, kw) for kw in dec.keywords), span=span
        )
    if name == "aligned":
        return A.Aligned(tuple(_aligned_entry(body, kw) for kw in dec.keywords), span=span)
    if name == "launch":
        return A.Launch(_int_or_name(body, dec.args[0]), span=span)
    if name == "occupancy":
        return A.Occupancy(_int_or_name(body, dec.args[0]), span=span)
    mode = dec.args[0]
    if isinstance(mode, py.Constant) and mode.value == "off":
        return A.Pipeline(None, span=span)
    return A.Pipeline(_int_or_name(body, mode), span=span)


def _autotune_entry(body: Body, kw: py.keyword) -> A.AutotuneEntry:
    assert kw.arg is not None
    name = body.ident(kw.arg, body.src.name_span(kw, kw.arg))
    values = kw.value
    if not isinstance(values, py.List) or not values.elts:
        body.error(f"an autotune name takes a list of integers: {name}=[32, 64]", values)
    return A.AutotuneEntry(
        name, tuple(_int(body, v) for v in values.elts), span=body.src.span(kw)
    )


def _aligned_entry(body: Body, kw: py.keyword) -> A.AlignedEntry:
    assert kw.arg is not None
    dim = body.ident(kw.arg, body.src.name_span(kw, kw.arg))
    return A.AlignedEntry(dim, _int_or_name(body, kw.value), span=body.src.span(kw))


def _int(body: Body, node: py.expr) -> int:
    value = node.value if isinstance(node, py.Constant) else None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        body.error("expected an integer literal", node)
    return body.int_literal(value, node)


def _int_or_name(body: Body, node: py.expr) -> A.Expr:
    """An attribute's argument: a number, or a name written as a string."""
    span = body.src.span(node)
    if isinstance(node, py.Constant) and isinstance(node.value, str):
        return A.Name(body.ident(node.value, node), span=span)
    if isinstance(node, py.Name):
        body.error(f'a name in an attribute is written as a string: "{node.id}"', node)
    return A.IntLit(_int(body, node), span=span)
