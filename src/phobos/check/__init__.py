"""The checker: from a parsed program to the typed ir of every kernel variant."""

from __future__ import annotations

import itertools
import math

from phobos.ast import nodes as A
from phobos.errors import PhobosError
from phobos.ir import nodes as ir

from .builder import KernelBuilder
from .fns import check_fns
from .limits import too_many_variants
from .memory import check_shared_memory
from .module import ModuleInfo, module_info
from .uniformity import analyze

__all__ = ["check_program", "check_module", "variant_bindings", "ModuleInfo"]


def variant_bindings(kernel: A.Kernel) -> list[dict[str, int]]:
    """One binding of the autotune names per variant, in the order the values are written."""
    entries: list[A.AutotuneEntry] = []
    params = {p.name for p in kernel.params}
    for attr in kernel.attrs:
        if isinstance(attr, A.Autotune):
            for e in attr.entries:
                if any(e.name == x.name for x in entries):
                    raise PhobosError(f"autotune name `{e.name}` is given twice", e.span)
                if e.name in params:
                    raise PhobosError(f"autotune name `{e.name}` is also a parameter's name", e.span)
                if len(set(e.values)) != len(e.values):
                    raise PhobosError(f"autotune name `{e.name}` lists a value twice", e.span)
                entries.append(e)
    problem = too_many_variants(math.prod(len(e.values) for e in entries))
    if problem is not None:
        first = next(a for a in kernel.attrs if isinstance(a, A.Autotune))
        raise PhobosError(problem, first.span)
    names = [e.name for e in entries]
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*(e.values for e in entries))]


def check_kernel(module: ModuleInfo, kernel: A.Kernel) -> list[ir.Kernel]:
    out = []
    for bindings in variant_bindings(kernel):
        try:
            k = KernelBuilder(module, kernel, bindings).build()
            analyze(k)
            check_shared_memory(k)
        except PhobosError as err:
            if not bindings:
                raise
            shown = ", ".join(f"{n}={v}" for n, v in bindings.items())
            raise PhobosError(err.message, err.span, (*err.notes, f"in the variant {shown}")) from None
        out.append(k)
    return out


def check_module(program: A.Program) -> ModuleInfo:
    """The checks on the whole program before any kernel is built; every fn is checked,
    whether or not a kernel calls it."""
    module = module_info(program)
    check_fns(module)
    return module


def check_program(program: A.Program) -> dict[str, list[ir.Kernel]]:
    """Every kernel of the program, as the typed ir of each of its variants."""
    module = check_module(program)
    return {name: check_kernel(module, k) for name, k in module.kernels.items()}
