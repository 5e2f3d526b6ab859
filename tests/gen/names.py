"""Names a back end's own code could collide with, given to a generated kernel's names.

Now and then a kernel has some of its names (the kernel's, its parameters' and dims',
its lets', vars' and loop variables', its fns' and their parameters') renamed, each
consistently wherever it appears, to names that C++, CUDA, NVRTC's headers, the
prelude or the back ends' own locals use: a back end must give each a form of its own
(backends/cuda/names.py). Every name here is a valid name in both spellings (no
Python keyword, no Phobos keyword or built-in, not `ph` or `ctx`, which the Python
spelling reads as the module and the context).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .choices import Chooser
from .model import Call, Program

POOL = (
    # CUDA math functions and intrinsics beside the built-ins that call them
    "expf", "sqrtf", "logf", "floorf", "fabsf", "__fdividef", "__logf", "__expf", "exp2f", "rsqrtf", "erff",
    "fminf", "fmaxf", "__nv_expf", "__shfl_xor_sync", "__syncthreads", "atomicAdd", "__float_as_uint",
    # CUDA's keywords, C++'s (none of Python's) and reserved identifiers
    "__shared__", "__global__", "__device__", "__constant__", "__restrict__", "__forceinline__",
    "__launch_bounds__", "__grid_constant__", "__int128", "_Pragma", "__attribute__", "auto", "char", "const",
    "double", "signed", "unsigned", "void", "static", "struct", "template", "typename", "namespace", "this",
    "new", "delete", "switch", "case", "goto", "union", "volatile", "register", "inline", "typedef", "sizeof",
    "nullptr", "constexpr", "decltype", "main",
    # macros: the compiler's, NVRTC's headers', the prelude's
    "__CUDA_ARCH__", "__LINE__", "__FILE__", "__cplusplus", "__COUNTER__", "__VA_ARGS__", "NULL", "INFINITY",
    "NAN", "CUDART_VERSION", "va_arg", "PH_INLINE", "PH_ARITHMETIC_MINMAX", "PH_ALL_LANES",
    # built-in variables and types, the prelude's names, the back end's own locals
    "threadIdx", "blockIdx", "blockDim", "warpSize", "size_t", "int2", "float4", "smem", "wadd", "Box",
    "Vec", "TensorMap", "box", "tmp", "own", "whole", "hi", "step", "i0", "s", "x_box", "acc_0", "_", "x_",
    "phobos_k",
)

RENAMED_FIELDS = ("name", "base", "var")  # the model's fields that hold a user's name
NAME_LISTS = ("params", "uses")  # a fn's parameters and the caller's names it reads


def names_of(program: Program) -> list[str]:
    """Every name the program declares or uses, in a fixed order."""
    seen: dict[str, None] = {program.name: None}
    seen.update(dict.fromkeys(program.dims))

    def visit(node: Any) -> None:
        if isinstance(node, list | tuple):
            for x in node:
                visit(x)
        elif dataclasses.is_dataclass(node):
            for f in dataclasses.fields(node):
                value = getattr(node, f.name)
                if f.name in RENAMED_FIELDS and isinstance(value, str):
                    seen[value] = None
                elif isinstance(value, tuple) and (f.name in NAME_LISTS or f.name == "dims"):
                    seen.update(dict.fromkeys(x for x in value if isinstance(x, str)))
                else:
                    visit(value)

    visit(program.params)
    visit(program.fns)
    visit(program.body)
    return list(seen)


def disguise(ch: Chooser, program: Program) -> Program:
    """`program`, some of its names renamed to POOL's now and then (the shrunk choice:
    none)."""
    if not ch.coin(0.3):
        return program
    names = names_of(program)
    free = [n for n in POOL if n not in names]
    renames: dict[str, str] = {}
    for name in names:
        if free and ch.coin(0.4):
            renames[name] = free.pop(ch.integer(0, len(free) - 1))
    if not renames:
        return program
    return dataclasses.replace(
        _renamed(program, renames),
        name=renames.get(program.name, program.name),
        dims={renames.get(k, k): v for k, v in program.dims.items()},
        tolerance={renames.get(k, k): v for k, v in program.tolerance.items()},
    )


def _renamed(node: Any, renames: dict[str, str]) -> Any:
    """`node` with every name in it renamed (a call's fn only where it is the user's)."""
    if isinstance(node, list):
        return [_renamed(x, renames) for x in node]
    if isinstance(node, tuple):
        return tuple(_renamed(x, renames) for x in node)
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if f.name in RENAMED_FIELDS and isinstance(value, str):
            changes[f.name] = renames.get(value, value)
        elif isinstance(value, tuple) and (f.name in NAME_LISTS or f.name == "dims"):
            changes[f.name] = tuple(renames.get(x, x) if isinstance(x, str) else x for x in value)
        elif f.name == "fn" and isinstance(node, Call) and node.user:
            changes[f.name] = renames.get(value, value)
        else:
            changes[f.name] = _renamed(value, renames)
    return dataclasses.replace(node, **changes)
