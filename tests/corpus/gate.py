"""What gate 2 and the differential run share: poisoning the outputs a kernel only
writes, the per-dtype tolerance floor, and moving arrays to and from the device.

scripts/gpu_gate.py (the corpus on the GPU) and scripts/difftest.py (generated kernels
on the GPU) both import these, so the two compare alike.
"""

from __future__ import annotations

import copy
from typing import Any

import ml_dtypes
import numpy as np

from .case import Tolerance

# Floats agree within the case's tolerance, or within this floor where it is tighter:
# CUDA's precise math functions are within 2 ulp of the correctly rounded results the
# interpreter computes, and sums may add in another order.
FLOOR = {"float64": (1e-12, 1e-300), "float32": (4e-6, 1e-6), "float16": (2e-3, 1e-4), "bfloat16": (1.6e-2, 1e-4)}
POISON_FLOAT = -1.25e30
POISON_BYTE = 0xA5


def poison(array: np.ndarray) -> None:
    """Overwrite an output with a value no kernel computes."""
    if array.dtype == np.bool_:
        array.fill(True)
    elif array.dtype.kind in "iu":
        array.view(np.uint8).fill(POISON_BYTE)
    else:
        with np.errstate(over="ignore"):
            array[...] = POISON_FLOAT


def write_only(variants: list) -> set[str]:
    """Tensors some variant writes and none reads: safe to poison."""
    from phobos.ir import nodes as ir
    from phobos.ir.nodes import written_tensors

    written: set[str] = set()
    read: set[str] = set()
    for v in variants:
        written |= written_tensors(v)
        stack = list(v.body)
        while stack:
            s = stack.pop()
            for root in ir.stmt_exprs(s):
                for e in ir.walk_expr(root):
                    if isinstance(e, ir.Load) or (isinstance(e, ir.Atomic) and e.tile is None):
                        read.add(e.tensor if isinstance(e, ir.Load) else e.target)
            match s:
                case ir.For(body=b) | ir.While(body=b):
                    stack.extend(b)
                case ir.If(body=b, orelse=o):
                    stack.extend(b)
                    stack.extend(o)
    return written - read


def floored(tol: Tolerance, dtype: np.dtype) -> Tolerance:
    """A float output's (rtol, atol), raised to the floor of its dtype."""
    floor = FLOOR.get("bfloat16" if dtype == ml_dtypes.bfloat16 else str(np.dtype(dtype)))
    if floor is None:
        return tol
    return max(tol[0], floor[0]), max(tol[1], floor[1])


def to_device(value: Any) -> Any:
    import torch

    if not isinstance(value, np.ndarray):
        return value
    if value.dtype == ml_dtypes.bfloat16:
        return torch.from_numpy(value.view(np.uint16).copy()).view(torch.bfloat16).cuda()
    return torch.from_numpy(value.copy()).cuda()


def to_host(value: Any) -> np.ndarray:
    import torch

    if value.dtype == torch.bfloat16:
        return value.view(torch.uint16).cpu().numpy().view(ml_dtypes.bfloat16)
    return value.cpu().numpy()


def drawn(case: Any, kernel: Any, seed: int) -> tuple[dict[str, Any], list[str]]:
    """One draw of `case`'s inputs for `kernel` (the outputs it only writes poisoned, so
    an element a back end leaves unwritten shows), and the outputs its reference gives."""
    args = case.inputs(np.random.default_rng(seed))
    for name in write_only(kernel.variants):
        if isinstance(args.get(name), np.ndarray):
            poison(args[name])
    with np.errstate(all="ignore"):
        outputs = list(case.expect(copy.deepcopy(args)))
    return args, outputs
