"""The CUDA back end: the ir as readable CUDA C++, compiled by NVRTC, launched through cuda.core.

Modules, one job each: `prelude` (the C++ helpers every kernel starts with), `ctypes`
(Phobos types as C++), `names`, `exprs` (scalars, fused tile elements, present
regions), `tiles` (sweeps, materialized reductions/dot/softmax, collectives,
atomics), `barriers` (where `__syncthreads()` goes), `kernel` (statements and the
entry point: `generate`), `compile` (NVRTC), `cache` (memory and disk), `args`
(device arrays), `launch` (cuda.core) and `aot` (`phobos compile`).
"""
