"""`@do_not_specialize`: which of a kernel's sizes the code compiled for a launch assumes
nothing of (see `phobos.ir.specialize`)."""

from __future__ import annotations

from phobos.ast import nodes as A
from phobos.errors import PhobosError
from phobos.ir import nodes as ir


def unspecialized(kernel: A.Kernel, params: tuple[ir.TensorParam | ir.ScalarParam, ...],
                  dims: list[str], bindings: dict[str, int]) -> frozenset[str]:
    """The names `@do_not_specialize` lists, each an integer scalar parameter or a
    runtime dim: what a launch's key leaves out."""
    names: dict[str, A.Name] = {}
    scalars = {p.name: p for p in params if isinstance(p, ir.ScalarParam)}
    tensors = {p.name for p in params if isinstance(p, ir.TensorParam)}
    for attr in kernel.attrs:
        if not isinstance(attr, A.DoNotSpecialize):
            continue
        for entry in attr.names:
            name = entry.id
            if name in names:
                raise PhobosError(f"@do_not_specialize names `{name}` twice", entry.span,
                                  (f"{names[name].span}: named first here",))
            if name in bindings:
                why = "an @autotune name, a constant of each variant"
            elif name in tensors:
                why = "a tensor; a tensor's dims are named by their own names"
            elif name in scalars and not scalars[name].dtype.is_int:
                why = f"a {scalars[name].dtype} scalar; only integers are specialized on"
            elif name not in scalars and name not in dims:
                why = "neither a parameter nor a dim of the kernel"
            else:
                names[name] = entry
                continue
            raise PhobosError(f"@do_not_specialize names `{name}`, {why}", entry.span,
                              ("it takes integer scalar parameters and runtime dims",))
    return frozenset(names)
