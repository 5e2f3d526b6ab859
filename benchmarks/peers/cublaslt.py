"""cuBLASLt's int8 product called directly, as issue 23 names the peer: both operands
K-major (the "TN" form its int8 kernels take), an i32 output, and a workspace, which
`torch._int_mm` does not give it. Through ctypes on the libcublasLt that torch loads.

C[M, N] = A[M, K] @ W[N, K]^T, all row-major: in cuBLAS's column-major terms that is
C^T (N x M) = op(W) (W stored K x N, transposed) times A^T (stored K x M, as it is).
The enum values are those of cublasLt.h and library_types.h.
"""

from __future__ import annotations

import ctypes
import glob
import os
from typing import Any

Tensor = Any

CUBLAS_COMPUTE_32I = 72
CUDA_R_8I, CUDA_R_32I = 3, 10
DESC_TRANSA = 3  # cublasLtMatmulDescAttributes_t
PREF_MAX_WORKSPACE_BYTES = 1  # cublasLtMatmulPreferenceAttributes_t
CUBLAS_OP_T = 1
WORKSPACE_BYTES = 32 << 20


class HeuristicResult(ctypes.Structure):
    _fields_ = [("algo", ctypes.c_uint64 * 8), ("workspace_size", ctypes.c_size_t), ("state", ctypes.c_int),
                ("waves_count", ctypes.c_float), ("reserved", ctypes.c_int * 4)]


_state: dict[str, Any] = {}
_plans: dict[tuple[int, int, int], tuple[Any, ...]] = {}


def _library() -> ctypes.CDLL:
    if "lib" not in _state:
        path = _loaded_by_torch()
        lib = ctypes.CDLL(path)
        handle = ctypes.c_void_p()
        _check(lib.cublasLtCreate(ctypes.byref(handle)), "cublasLtCreate")
        _state.update(lib=lib, handle=handle, path=path)
    return _state["lib"]


def _loaded_by_torch() -> str:
    """The libcublasLt torch itself uses (after one product loads it), else one under
    torch's and the NVIDIA wheels' folders."""
    import site

    import torch

    torch.mm(torch.ones(8, 8, device="cuda"), torch.ones(8, 8, device="cuda"))
    with open("/proc/self/maps") as maps:
        for line in maps:
            if "libcublasLt.so" in line:
                return line.split()[-1]
    roots = [os.path.dirname(torch.__file__), *(os.path.join(p, "nvidia") for p in site.getsitepackages())]
    pattern = os.path.join("**", "libcublasLt.so*")
    found = sorted({f for root in roots for f in glob.glob(os.path.join(root, pattern), recursive=True)})
    if not found:
        raise RuntimeError(f"no libcublasLt.so under {roots}")
    return found[-1]


def _set(setter: Any, obj: ctypes.c_void_p, attribute: int, value: Any) -> None:
    """One attribute of a descriptor or preference, from a ctypes value."""
    status = setter(obj, ctypes.c_int(attribute), ctypes.byref(value), ctypes.c_size_t(ctypes.sizeof(value)))
    _check(status, f"{setter.__name__}({attribute})")


def _check(status: int, what: str) -> None:
    if status != 0:
        raise RuntimeError(f"{what} returned cuBLAS status {status}")


def _plan(m: int, n: int, k: int) -> tuple[Any, ...]:
    """The descriptors, the heuristic's first algorithm and a workspace for one shape."""
    import torch

    lib = _library()
    desc = ctypes.c_void_p()
    compute, scale = ctypes.c_int(CUBLAS_COMPUTE_32I), ctypes.c_int(CUDA_R_32I)
    _check(lib.cublasLtMatmulDescCreate(ctypes.byref(desc), compute, scale), "MatmulDescCreate")
    _set(lib.cublasLtMatmulDescSetAttribute, desc, DESC_TRANSA, ctypes.c_int32(CUBLAS_OP_T))
    layouts = []
    for dtype, rows, cols, ld in ((CUDA_R_8I, k, n, k), (CUDA_R_8I, k, m, k), (CUDA_R_32I, n, m, n)):
        layout = ctypes.c_void_p()
        _check(lib.cublasLtMatrixLayoutCreate(ctypes.byref(layout), ctypes.c_int(dtype), ctypes.c_uint64(rows),
                                              ctypes.c_uint64(cols), ctypes.c_int64(ld)), "MatrixLayoutCreate")
        layouts.append(layout)
    pref = ctypes.c_void_p()
    _check(lib.cublasLtMatmulPreferenceCreate(ctypes.byref(pref)), "MatmulPreferenceCreate")
    _set(lib.cublasLtMatmulPreferenceSetAttribute, pref, PREF_MAX_WORKSPACE_BYTES, ctypes.c_uint64(WORKSPACE_BYTES))
    result, returned = HeuristicResult(), ctypes.c_int(0)
    w_layout, a_layout, c_layout = layouts
    _check(lib.cublasLtMatmulAlgoGetHeuristic(_state["handle"], desc, w_layout, a_layout, c_layout, c_layout, pref, 1,
                                              ctypes.byref(result), ctypes.byref(returned)), "MatmulAlgoGetHeuristic")
    if returned.value == 0:
        raise RuntimeError(f"cuBLASLt has no int8 TN algorithm for {m} x {n} x {k}")
    workspace = torch.empty(WORKSPACE_BYTES, dtype=torch.uint8, device="cuda")
    return desc, w_layout, a_layout, c_layout, result, workspace


def int8_tn(a: Tensor, w: Tensor, c: Tensor) -> Tensor:
    """c = a @ w.T for int8 a[M, K] and w[N, K] (contiguous) into int32 c[M, N]."""
    import torch

    (m, k), (n, _) = a.shape, w.shape
    plan = _plans.get((m, n, k))
    if plan is None:
        plan = _plans[(m, n, k)] = _plan(m, n, k)
    desc, w_layout, a_layout, c_layout, result, workspace = plan
    one, zero = ctypes.c_int32(1), ctypes.c_int32(0)
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    _check(_library().cublasLtMatmul(
        _state["handle"], desc, ctypes.byref(one), ctypes.c_void_p(w.data_ptr()), w_layout,
        ctypes.c_void_p(a.data_ptr()), a_layout, ctypes.byref(zero), ctypes.c_void_p(c.data_ptr()), c_layout,
        ctypes.c_void_p(c.data_ptr()), c_layout, ctypes.byref(result.algo), ctypes.c_void_p(workspace.data_ptr()),
        ctypes.c_size_t(WORKSPACE_BYTES), stream), "cublasLtMatmul")
    return c
