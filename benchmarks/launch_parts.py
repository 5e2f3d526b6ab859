"""Where the host's time of one launch goes: the parts of a repeat launch, each timed alone.

    PYTHONPATH=src python3 benchmarks/launch_parts.py

Run on the GPU machine from the repository root. The kernel is launch_overhead.py's
(a 4096-element f32 vector add on torch tensors); each part runs 20000 times back to
back with one synchronization at the end, and the best of five trials is printed,
in µs per call. The parts reach into the runtime's launch plan and the CUDA back
end's prepared launch, so this follows their internals: a diagnostic, not a
benchmark of record (launch_overhead.py is that).
"""

from __future__ import annotations

import ctypes
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
for _path in (str(ROOT / "src"), str(ROOT)):
    if _path not in sys.path:
        sys.path.insert(0, _path)


def best_us(fn: Callable[[], Any], sync: Callable[[], None], calls: int = 20000, trials: int = 5) -> float:
    fn()
    sync()
    best = float("inf")
    for _ in range(trials):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        sync()
        best = min(best, (time.perf_counter() - start) / calls * 1e6)
    return best


def main() -> None:
    import torch

    from benchmarks import kernels as K
    from benchmarks.launch_overhead import prepared_launch
    from phobos.backends.cuda.runtime import launch as launch_module
    from phobos.runtime import plans
    a, b, c = (torch.zeros(4096, device="cuda") for _ in range(3))
    kernel = K.STREAMS.add_f32
    kernel[1](a, b, c, BLOCK=4096)
    torch.cuda.synchronize()
    arguments, keywords = (a, b, c), {"BLOCK": 4096}
    read = kernel.key_readers.find(arguments, keywords)
    hit, fast = kernel[1]._last[0], kernel[1]._fast
    guard = plans.tensor_guard([a, b, c])
    prepared, pointers = prepared_launch(kernel, arguments, keywords)
    driver, function = prepared._driver, prepared._function
    stream = launch_module._wrap_stream(prepared.stream() or launch_module.STREAM_LEGACY)
    params, shared, block = prepared._params, prepared._shared, prepared._block
    libcuda = ctypes.CDLL("libcuda.so.1")
    launch = libcuda.cuLaunchKernel
    launch.argtypes = [ctypes.c_void_p, *[ctypes.c_uint] * 7, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    launch.restype = ctypes.c_int
    values = [a, b, c]
    parts: list[tuple[str, Callable[[], Any]]] = [
        ("kernel[1](a, b, c, BLOCK=4096)", lambda: kernel[1](a, b, c, BLOCK=4096)),
        ("benchmarks.kernels.add(a, b, c)", lambda: K.add(a, b, c)),
        ("the last key's hit and launch, in C (Launcher._fast)", lambda: fast(arguments, keywords)),
        ("the last key's hit, in C (plans.KeyReaders.hit)", lambda: hit(arguments, keywords)),
        *([("its tensor guard (torch's TensorGuards.check)", lambda: guard(a, b, c))] if guard else []),
        ("the launch key (its plans.KeyReaders reader)", lambda: read(arguments, keywords)),
        ("the key and its plan's lookup", lambda: kernel.plans.get(read(arguments, keywords)[0])),
        ("the prepared launch", lambda: prepared(values, pointers, (1, 1, 1))),
        *([("its C launch (native.launch)", lambda: prepared._native.launch(
            prepared.record, pointers, (1, 1, 1)))] if prepared._native else []),
        ("its driver step (context, stream, launch)", lambda: prepared._send((1, 1, 1))),
        ("the current-context check", prepared.device.make_current),
        ("the stream lookup", prepared.stream),
        ("cuLaunchKernel through cuda-bindings",
         lambda: driver.cuLaunchKernel(function, 1, 1, 1, block, 1, 1, shared, stream, params, 0)),
        ("cuLaunchKernel through ctypes",
         lambda: launch(int(function), 1, 1, 1, block, 1, 1, shared, int(stream), params, None)),
        ("torch.add(a, b, out=c)", lambda: torch.add(a, b, out=c)),
        ("three data_ptr()", lambda: (a.data_ptr(), b.data_ptr(), c.data_ptr())),
        ("three (dtype, shape, is_contiguous(), device)",
         lambda: [(t.dtype, t.shape, t.is_contiguous(), t.device) for t in values]),
    ]
    for name, fn in parts:
        print(f"{name:48s} {best_us(fn, torch.cuda.synchronize):6.2f} µs", flush=True)


if __name__ == "__main__":
    main()
