"""Generated CUDA C++ run on the host (no GPU): a variant's whole source, prelude
included, compiled by g++ with `__CUDA_ARCH__` undefined, so that every tensor-core
branch is compiled out and the scalar code below it runs. Each CTA is `threads`
std::threads sharing a std::barrier for `__syncthreads` and one a warp for the
shuffles (`__shfl_xor_sync`; the others, the atomics and inline PTX abort); CTAs run
one after another over a 1-d grid, shared memory filled with NaN bytes before each.

What it checks is the lowering itself: the sweeps, the register layouts, the masks
and the vector paths a launch's specialization picks, against the interpreter. It
does not stand for the device: no memory model, no tensor cores, no atomics.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from pathlib import Path
from typing import Any

import numpy as np

from phobos.backends.cuda.ctypes import literal
from phobos.dtypes import BY_NAME

STUBS = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cmath>
#include <barrier>
#include <thread>
#include <vector>
#define __device__
#define __forceinline__ inline
#define __global__
#define __shared__ static
#define __launch_bounds__(n)
#define __align__(n) alignas(n)
struct uint4 { unsigned x, y, z, w; };
struct uint2 { unsigned x, y; };
struct D3 { unsigned x, y, z; };
thread_local D3 threadIdx, blockIdx;
D3 blockDim, gridDim;
alignas(16) unsigned char smem_buf[1 << 17];
std::barrier<>* cta_bar;
std::barrier<>* warp_bar[64];
unsigned long long shfl_slot[2048];
inline void __syncthreads() { cta_bar->arrive_and_wait(); }
template <class T> T __shfl_xor_sync(unsigned, T v, int m, int w) {
  unsigned t = threadIdx.x; unsigned long long b = 0; memcpy(&b, &v, sizeof(T));
  shfl_slot[t] = b; warp_bar[t / 32]->arrive_and_wait();
  unsigned lane = t % 32, src = (t - lane) + (lane ^ m);
  if ((lane ^ m) / w != lane / w) src = t;
  b = shfl_slot[src]; warp_bar[t / 32]->arrive_and_wait();
  T r; memcpy(&r, &b, sizeof(T)); return r; }
template <class T> T __shfl_up_sync(unsigned, T, int, int) { fprintf(stderr, "no shfl up\n"); abort(); }
template <class T> T __shfl_down_sync(unsigned, T, int, int) { fprintf(stderr, "no shfl down\n"); abort(); }
template <class T> T __shfl_sync(unsigned, T, int, int) { fprintf(stderr, "no shfl idx\n"); abort(); }
template <class P, class T> T atomicAdd(P*, T) { abort(); }
template <class P, class T> T atomicMax(P*, T) { abort(); }
template <class P, class T> T atomicMin(P*, T) { abort(); }
template <class P, class T> T atomicAnd(P*, T) { abort(); }
template <class P, class T> T atomicOr(P*, T) { abort(); }
template <class P, class T> T atomicXor(P*, T) { abort(); }
template <class P, class T> T atomicExch(P*, T) { abort(); }
template <class P, class T> T atomicCAS(P*, T, T) { abort(); }
inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
inline float __int_as_float(int u) { float f; memcpy(&f, &u, 4); return f; }
inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
inline double __longlong_as_double(long long u) { double f; memcpy(&f, &u, 8); return f; }
inline long long __double_as_longlong(double f) { long long u; memcpy(&u, &f, 8); return u; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __double2float_rz(double x) { abort(); }
inline double __ll2double_rz(long long x) { abort(); }
inline void* __cvta_shared_to_generic(unsigned a) { return smem_buf + a; }
inline unsigned __cvta_generic_to_shared(const void* p) { return (unsigned)((const unsigned char*)p - smem_buf); }
using std::isnan; using std::isfinite;
#define __builtin_assume(x) do { if (!(x)) { fprintf(stderr, "ASSUME FAILED %s\n", #x); abort(); } } while (0)
"""



def parameters(source: str) -> list[str]:
    """The entry's parameter declarations, in order (`f32* X_`, `i64 N_`)."""
    found = re.search(r"void __launch_bounds__\(\d+\) phobos_\w+\(([^)]*)\)", source)
    assert found is not None
    return [p.strip() for p in found.group(1).split(",")]


def run(source: str, threads: int, grid: int, args: list[tuple[str, Any]], folder: Path) -> list[np.ndarray]:
    """Run the entry of `source` over `grid` CTAs of `threads`; `args` pairs each
    parameter's declaration with its value (an array, copied in and out, or an int).
    Returns the arrays as the kernel left them, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    source = re.sub(r"asm(?: volatile)?\(.*?\);", "abort();", source, flags=re.S)
    source = source.replace("extern __shared__ __align__(16) unsigned char smem[];", "unsigned char* smem = smem_buf;")
    entry = re.search(r"void __launch_bounds__\(\d+\) (phobos_\w+)\(", source)
    assert entry is not None
    declared, passed, saved = [], [], []
    for k, (text, value) in enumerate(args):
        ctype = text.rsplit(" ", 1)[0].strip()
        if isinstance(value, np.ndarray):
            value.tofile(folder / f"a{k}.bin")
            declared.append(f'  unsigned char* a{k} = (unsigned char*)aligned_alloc(64, {value.nbytes + 64}); '
                            f'{{ FILE* f = fopen("{folder}/a{k}.bin", "rb"); fread(a{k}, 1, {value.nbytes}, f); '
                            "fclose(f); }")
            passed.append(f"({ctype})a{k}")
            saved.append(f'  {{ FILE* f = fopen("{folder}/o{k}.bin", "wb"); fwrite(a{k}, 1, {value.nbytes}, f); '
                         "fclose(f); }")
        else:
            passed.append(f"({ctype}){literal(value, BY_NAME[ctype])}")
    warps = -(-threads // 32)
    main = f"""
int main() {{
{chr(10).join(declared)}
  blockDim = D3{{{threads}, 1, 1}}; gridDim = D3{{{grid}, 1, 1}};
  for (unsigned b = 0; b < {grid}; ++b) {{
    memset(smem_buf, 0xFF, sizeof smem_buf);
    std::barrier<> cta({threads}); cta_bar = &cta;
    for (unsigned w = 0; w < {warps}; ++w) warp_bar[w] = new std::barrier<>(32);
    std::vector<std::thread> running;
    for (unsigned t = 0; t < {threads}; ++t)
      running.emplace_back([=] {{
        threadIdx = D3{{t, 0, 0}}; blockIdx = D3{{b, 0, 0}}; {entry.group(1)}({", ".join(passed)});
      }});
    for (auto& t : running) t.join();
    for (unsigned w = 0; w < {warps}; ++w) delete warp_bar[w];
  }}
{chr(10).join(saved)}
  return 0;
}}
"""
    code = STUBS + source + main
    name = hashlib.sha1(code.encode()).hexdigest()[:12]
    exe = folder / f"host_{name}"
    if not exe.exists():
        cpp = folder / f"host_{name}.cpp"
        cpp.write_text(code)
        built = subprocess.run(["g++", "-O1", "-w", "-std=c++20", "-pthread", "-o", str(exe), str(cpp)],
                               capture_output=True, text=True)
        if built.returncode:
            raise RuntimeError(built.stderr[:4000])
    ran = subprocess.run([str(exe)], capture_output=True, text=True, timeout=120)
    if ran.returncode:
        raise RuntimeError(f"the host run failed: {ran.stderr[:2000]}")
    return [np.fromfile(folder / f"o{k}.bin", dtype=v.dtype).reshape(v.shape)
            for k, (_, v) in enumerate(args) if isinstance(v, np.ndarray)]
