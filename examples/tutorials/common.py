"""What every tutorial shares: where kernels run, moving arrays there, and checking results.

Each tutorial builds its inputs with numpy. Where a CUDA device is visible (and
PHOBOS_INTERPRET=1 does not ask for the interpreter) the arrays go to the GPU as torch
tensors, the kernels run there, and the results come back to numpy; otherwise the
numpy arrays are handed to the kernels as they are and the CPU interpreter runs them.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import ml_dtypes
import numpy as np

from phobos.runtime.backend import cuda_device

bfloat16 = np.dtype(ml_dtypes.bfloat16)
HERE = Path(__file__).resolve().parent


def on_gpu() -> bool:
    """Whether Phobos will launch on the GPU: a device is visible and the interpreter was not asked for."""
    asked = os.environ.get("PHOBOS_INTERPRET", "").strip().lower() in ("1", "true", "yes", "on")
    return not asked and cuda_device()[0]


def where_kernels_run() -> str:
    return "the GPU" if on_gpu() else "the CPU interpreter"


def to_device(a: np.ndarray) -> Any:
    """`a` where kernels run: itself on the interpreter, a CUDA torch tensor on the GPU.

    torch has no numpy bfloat16, so bf16 arrays travel as their 16-bit patterns."""
    if not on_gpu():
        return a
    try:
        import torch
    except ImportError:
        sys.exit("a CUDA device is visible: the tutorials move arrays to it with torch; install torch")
    if a.dtype == bfloat16:
        return torch.from_numpy(a.view(np.int16)).view(torch.bfloat16).cuda()
    return torch.from_numpy(a).cuda()


def to_host(t: Any) -> np.ndarray:
    """The numpy array behind what `to_device` gave (a copy, for a GPU tensor)."""
    if isinstance(t, np.ndarray):
        return t
    import torch

    if t.dtype == torch.bfloat16:
        return t.cpu().view(torch.int16).numpy().view(bfloat16)
    return t.cpu().numpy()


def cdiv(a: int, b: int) -> int:
    """a / b rounded up: the number of b-long tiles that cover a (the last may overhang)."""
    return -(-a // b)


def next_power_of_2(n: int) -> int:
    return 1 << (n - 1).bit_length()


def check(name: str, got: Any, want: np.ndarray, *, atol: float, rtol: float = 0.0) -> None:
    """Print one line comparing `got` with the float64 reference `want`; raise if they differ.

    Elements pass where |got - want| <= atol + rtol * |want|."""
    g = to_host(got).astype(np.float64)
    w = np.asarray(want, dtype=np.float64)
    if g.shape != w.shape:
        raise AssertionError(f"{name}: shape {g.shape}, expected {w.shape}")
    error = np.abs(g - w)
    bad = ~(error <= atol + rtol * np.abs(w))  # NaN counts as wrong
    print(f"{name}: shape {g.shape}, max |phobos - numpy| = {np.nanmax(error):.2e}  {'WRONG' if bad.any() else 'ok'}")
    if bad.any():
        first = tuple(int(i) for i in np.argwhere(bad)[0])
        raise AssertionError(f"{name}: {int(bad.sum())} elements differ, first at {first}: {g[first]} != {w[first]}")


def load_tutorial(stem: str) -> ModuleType:
    """Import a sibling tutorial by its file name (its name starts with a digit, so `import` cannot)."""
    spec = importlib.util.spec_from_file_location(f"tutorial_{stem}", HERE / f"{stem}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
