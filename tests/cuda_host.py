"""Generated CUDA C++ run on the host (no GPU): a variant's whole source, prelude
included, compiled by g++ with `__CUDA_ARCH__` undefined, so that every tensor-core
branch is compiled out and the scalar code below it runs (the code an sm_75 launch,
or any launch of the general variant, runs there).

Each CTA is `threads` std::threads sharing a std::barrier for `__syncthreads`, which a
thread that has left the kernel (an early `return`) drops out of, as on the device; a
warp's 32 exchange values through a slot each for the shuffles, emulated by the PTX
ISA's `shfl.sync` rules (idx, up, down, bfly, with their segment clamps). CTAs run one
after another over a 1-, 2- or 3-d grid, shared memory filled with NaN bytes before
each. The device's own instructions the prelude reaches through inline PTX or CUDA's
headers have host stand-ins that compute what the instruction does: f16 <-> f32 (to
nearest even), rz conversions, the global `min`/`max` overloads, the atomics (by
std::atomic_ref, so CTA threads really race), and the approximations of fast math
(by their precise functions, within the tolerances they are checked at). Inline PTX
with no stand-in aborts the run, naming the instruction.

What it checks is the lowering itself: the sweeps, the register layouts, the masks,
the shuffles and the vector paths a launch's specialization picks, against the
interpreter. It does not stand for the device: no memory model, no tensor cores.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from cuda_host_mma import sm80_source, sm90_source

from phobos.backends.cuda.write.kernel import generate
from phobos.backends.gpu.launch import PACKERS
from phobos.dtypes import BY_NAME, numpy_dtype
from phobos.ir import nodes as ir
from phobos.ir.specialize import Specialization, specialize
from phobos.runtime import args as arguments
from phobos.runtime.grid import Grid, call_grid_function, normalize_grid
from phobos.runtime.variants import candidates, select_variant


def gxx_has_barrier() -> bool:
    """Whether g++ is here and has C++20's <barrier>, which the harness's CTAs wait at."""
    if shutil.which("g++") is None:
        return False
    probe = subprocess.run(["g++", "-std=c++20", "-x", "c++", "-fsyntax-only", "-"], input="#include <barrier>\n",
                           capture_output=True, text=True)
    return probe.returncode == 0


STUBS = r"""
#include <atomic>
#include <barrier>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <type_traits>
#include <vector>
#define __device__
#define __forceinline__ inline
#define __global__
#define __shared__ static
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
struct uint4 { unsigned x, y, z, w; };
struct uint2 { unsigned x, y; };
struct D3 { unsigned x, y, z; };
thread_local D3 threadIdx, blockIdx;
D3 blockDim, gridDim;
alignas(16) unsigned char smem_buf[1 << 18];
std::barrier<>* cta_bar;
std::barrier<>* warp_bar[32];
std::barrier<>* wg_bar[8];  // a warpgroup's 128 threads, for wgmma
unsigned long long shfl_slot[1024];
inline void __syncthreads() { cta_bar->arrive_and_wait(); }
#define PH_HOST_PTX(op) do { fprintf(stderr, "inline PTX with no host stand-in: %s\n", op); abort(); } while (0)

// ---- shuffles: the PTX ISA's shfl.sync (mode, b, c = clamp | segment mask), as CUDA's
// __shfl*_sync call it: c = ((32 - width) << 8) | 31, or (32 - width) << 8 for up.
enum ShflMode { SHFL_IDX, SHFL_UP, SHFL_DOWN, SHFL_BFLY };
template <class T> T ph_host_shfl(ShflMode mode, T v, int b, int width) {
  static_assert(sizeof(T) <= 8, "a shuffled value is at most 8 bytes");
  const unsigned t = threadIdx.x, lane = t % 32;
  const int segmask = (32 - width) & 31, cval = mode == SHFL_UP ? 0 : 31, bval = b & 31;
  const int max_lane = ((int)lane & segmask) | (cval & ~segmask), min_lane = (int)lane & segmask;
  int j = (int)lane;
  bool in = true;
  switch (mode) {
    case SHFL_UP: j = (int)lane - bval; in = j >= max_lane; break;
    case SHFL_DOWN: j = (int)lane + bval; in = j <= max_lane; break;
    case SHFL_BFLY: j = (int)lane ^ bval; in = j <= max_lane; break;
    case SHFL_IDX: j = min_lane | (bval & ~segmask); in = j <= max_lane; break;
  }
  if (!in) j = (int)lane;
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(T));
  shfl_slot[t] = bits;
  warp_bar[t / 32]->arrive_and_wait();
  bits = shfl_slot[t - lane + (unsigned)j];
  warp_bar[t / 32]->arrive_and_wait();
  T r;
  memcpy(&r, &bits, sizeof(T));
  return r;
}
template <class T> T __shfl_xor_sync(unsigned, T v, int m, int w = 32) { return ph_host_shfl(SHFL_BFLY, v, m, w); }
template <class T> T __shfl_up_sync(unsigned, T v, unsigned n, int w = 32) {
  return ph_host_shfl(SHFL_UP, v, (int)n, w); }
template <class T> T __shfl_down_sync(unsigned, T v, unsigned n, int w = 32) {
  return ph_host_shfl(SHFL_DOWN, v, (int)n, w); }
template <class T> T __shfl_sync(unsigned, T v, int k, int w = 32) { return ph_host_shfl(SHFL_IDX, v, k, w); }

// ---- atomics: std::atomic_ref on the element, so racing threads of a CTA stay exact.
template <class T> using ph_ref = std::atomic_ref<T>;
template <class T, class U> T atomicAdd(T* p, U v) { return ph_ref<T>(*p).fetch_add((T)v); }
template <class T, class U> T atomicAnd(T* p, U v) { return ph_ref<T>(*p).fetch_and((T)v); }
template <class T, class U> T atomicOr(T* p, U v) { return ph_ref<T>(*p).fetch_or((T)v); }
template <class T, class U> T atomicXor(T* p, U v) { return ph_ref<T>(*p).fetch_xor((T)v); }
template <class T, class U> T atomicExch(T* p, U v) { return ph_ref<T>(*p).exchange((T)v); }
template <class T, class U> T atomicMax(T* p, U v) {
  T old = ph_ref<T>(*p).load();
  while (old < (T)v && !ph_ref<T>(*p).compare_exchange_weak(old, (T)v)) {}
  return old; }
template <class T, class U> T atomicMin(T* p, U v) {
  T old = ph_ref<T>(*p).load();
  while ((T)v < old && !ph_ref<T>(*p).compare_exchange_weak(old, (T)v)) {}
  return old; }
template <class T, class U, class V> T atomicCAS(T* p, U compare, V v) {
  T old = (T)compare;
  ph_ref<T>(*p).compare_exchange_strong(old, (T)v);
  return old; }

// ---- bit casts and conversions
inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
inline float __int_as_float(int u) { float f; memcpy(&f, &u, 4); return f; }
inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
inline int __float_as_int(float f) { int u; memcpy(&u, &f, 4); return u; }
inline double __longlong_as_double(long long u) { double f; memcpy(&f, &u, 8); return f; }
inline long long __double_as_longlong(double f) { long long u; memcpy(&u, &f, 8); return u; }
inline float __fmul_rn(float a, float b) { return a * b; }
// Round toward zero: the nearest conversion, stepped back toward 0 where it went past x.
inline float __double2float_rz(double x) {
  float f = (float)x;
  if (!std::isnan(x) && std::fabs((double)f) > std::fabs(x)) f = std::nextafter(f, 0.0f);
  return f; }
inline double __ll2double_rz(long long x) {
  double d = (double)x;
  const __int128 back = (__int128)d, exact = x;
  if (exact >= 0 ? back > exact : back < exact) d = std::nextafter(d, 0.0);
  return d; }
// cvt.f32.f16: exact. cvt.rn.f16.f32: to nearest even; a NaN gives the canonical 0x7fff.
inline float ph_host_f16_to_f32(unsigned short h) {
  const unsigned sign = (unsigned)(h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0) { const float v = std::ldexp((float)m, -24); return sign ? -v : v; }
  return __uint_as_float(sign | (e == 31 ? 0x7f800000u | (m << 13) : ((e + 112) << 23) | (m << 13))); }
inline unsigned short ph_host_f32_to_f16(float f) {
  const unsigned x = __float_as_uint(f), ax = x & 0x7fffffffu;
  const unsigned short sign = (unsigned short)((x >> 16) & 0x8000u);
  if (ax > 0x7f800000u) return 0x7fffu;
  if (ax >= 0x47800000u) return sign | 0x7c00u;  // from 2^16 (65520 up rounds to inf below)
  if (ax >= 0x38800000u) {  // a normal f16: rebias, round the 13 bits dropped to nearest even
    const unsigned r = ax - 0x38000000u;
    return sign | (unsigned short)((r + 0xfffu + ((r >> 13) & 1u)) >> 13); }
  // a subnormal f16 (or 0): multiples of 2^-24, rounded to nearest even by rint
  return sign | (unsigned short)std::rint(std::fabs(f) * 16777216.0f); }
inline unsigned short ph_host_f32_to_bf16(float f) {
  const unsigned u = __float_as_uint(f);
  if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;
  return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16); }
// rcp.approx.ftz.f32: subnormal operands and results flushed to 0 (the reciprocal
// itself within 1 ulp on the device, correctly rounded here).
inline float ph_host_ftz(float x) { return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x; }
inline float ph_host_rcp_ftz(float x) { return ph_host_ftz(1.0f / ph_host_ftz(x)); }
// ex2.approx.ftz.f32 likewise (within 2 ulp on the device, correctly rounded here).
inline float ph_host_ex2_ftz(float x) { return ph_host_ftz(std::exp2(ph_host_ftz(x))); }
// math_mode="fast"'s approximations, as their precise functions.
inline float __expf(float x) { return std::exp(x); }
inline float __logf(float x) { return std::log(x); }
inline float __log2f(float x) { return std::log2(x); }
inline float __sinf(float x) { return std::sin(x); }
inline float __cosf(float x) { return std::cos(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
// The GPU's float max and min (FMNMX, DMNMX): NaN skipped and -0 below +0, where the
// host's fmax and fmin may give either zero.
template <class T> inline T max_number(T a, T b) {
  if (a == 0 && b == 0) return std::signbit(a) ? b : a;
  return std::fmax(a, b); }
template <class T> inline T min_number(T a, T b) {
  if (a == 0 && b == 0) return std::signbit(a) ? a : b;
  return std::fmin(a, b); }
#define fmaxf(a, b) max_number<float>(a, b)
#define fminf(a, b) min_number<float>(a, b)
#define fmax(a, b) max_number<double>(a, b)
#define fmin(a, b) min_number<double>(a, b)
// CUDA's global min and max: one overload a pair of arithmetic types, in their common
// type (the usual arithmetic conversions); of floats, the GPU's.
template <class A, class B> inline std::common_type_t<A, B> min(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) return min_number((T)a, (T)b);
  else return (T)b < (T)a ? (T)b : (T)a; }
template <class A, class B> inline std::common_type_t<A, B> max(A a, B b) {
  using T = std::common_type_t<A, B>;
  if constexpr (std::is_floating_point_v<T>) return max_number((T)a, (T)b);
  else return (T)b > (T)a ? (T)b : (T)a; }
inline void* __cvta_shared_to_generic(unsigned a) { return smem_buf + a; }
inline unsigned __cvta_generic_to_shared(const void* p) { return (unsigned)((const unsigned char*)p - smem_buf); }
using std::isnan; using std::isfinite; using std::isinf;
#define __builtin_assume(x) do { if (!(x)) { fprintf(stderr, "ASSUME FAILED %s\n", #x); abort(); } } while (0)
"""

# The inline PTX of one result and one operand that has a host stand-in: the instruction
# and the function that computes what it does.
HOST_PTX = {
    "cvt.f32.f16": "ph_host_f16_to_f32",
    "cvt.rn.f16.f32": "ph_host_f32_to_f16",
    "cvt.rn.bf16.f32": "ph_host_f32_to_bf16",
    "rcp.approx.ftz.f32": "ph_host_rcp_ftz",
    "ex2.approx.ftz.f32": "ph_host_ex2_ftz",
    "tanh.approx.f32": "std::tanh",
    "sqrt.approx.f32": "std::sqrt",
}
_ONE_TO_ONE = re.compile(r'asm(?: volatile)?\("(?P<op>[\w.]+) %0, %1;"\s*:\s*"=\w"\((?P<out>[^()]*)\)\s*:\s*'
                         r'"\w"\((?P<arg>[^()]*)\)\);')
_ANY_ASM = re.compile(r'asm(?: volatile)?\(\s*"(?P<op>[^"]*?)(?:[ ;"\\].*?)?\);', re.S)
_ENTRY = re.compile(r"void __launch_bounds__\(\d+(?:, \d+)?\) (phobos_\w+)\(([^)]*)\)")


def host_source(source: str) -> str:
    """`source` with its inline PTX made host C++ (stand-ins, or an abort naming the
    instruction) and its dynamic shared memory the host's buffer."""
    def one(m: re.Match[str]) -> str:
        host = HOST_PTX.get(m["op"])
        return f"{m['out']} = {host}({m['arg']});" if host else m[0]

    source = _ONE_TO_ONE.sub(one, source)
    source = _ANY_ASM.sub(lambda m: f'PH_HOST_PTX("{m["op"]}");' if m["op"] else ";", source)
    return source.replace("extern __shared__ __align__(16) unsigned char smem[];", "unsigned char* smem = smem_buf;")


def parameters(source: str) -> list[str]:
    """The entry's parameter declarations, in order (`f32* X_`, `i64 N_`)."""
    found = _ENTRY.search(source)
    assert found is not None
    return [p.strip() for p in found.group(2).split(",")]


def _grid3(grid: int | tuple[int, ...]) -> tuple[int, int, int]:
    dims = (grid,) if isinstance(grid, int) else tuple(grid)
    return (*dims, *(1,) * (3 - len(dims)))  # type: ignore[return-value]


def run(source: str, threads: int, grid: int | tuple[int, ...], args: list[tuple[str, Any]],
        folder: Path, arch: int | None = None) -> list[np.ndarray]:
    """Run the entry of `source` over `grid` CTAs of `threads`; `args` pairs each
    parameter's declaration with its value (an array, copied in and out, or a number).
    With `arch` 800 the code runs as on sm_80, its products on mma.sync, with 900 as on
    sm_90a, on wgmma (cuda_host_mma.py); without, as below sm_75, every tensor-core
    branch compiled out.
    Returns the arrays as the kernel left them, in order. The values travel in a
    file, so the binary depends on the code alone: it is kept in `folder` under the
    hash of its source, and a launch of the same code with other sizes or values is
    not built again."""
    folder.mkdir(parents=True, exist_ok=True)
    if arch == 800:
        source = "#define __CUDA_ARCH__ 800\n" + sm80_source(source)
    elif arch == 900:
        source = "#define __CUDA_ARCH__ 900\n#define __CUDA_ARCH_FEAT_SM90_ALL 1\n" + sm90_source(source)
    else:
        assert arch is None, "the host runs the tensor cores of sm_80 and sm_90a, no others"
    source = host_source("#ifndef __grid_constant__\n#define __grid_constant__\n#endif\n" + source)  # a map's
    entry = _ENTRY.search(source)
    assert entry is not None
    declared, passed, saved, packed = [], [], [], [np.array(_grid3(grid), np.uint32).tobytes()]
    byvalue = []
    for k, (text, value) in enumerate(args):
        ctype = text.rsplit(" ", 1)[0].strip()
        if isinstance(value, bytes):  # a struct passed by value (a GEMM kernel's tensor map: cuda_host_gemm.py)
            plain = " ".join(w for w in ctype.split() if w not in ("const", "__grid_constant__"))
            packed.append(value)
            declared.append(f"  {plain} m{k}; static_assert(sizeof m{k} == {len(value)}); take(&m{k}, sizeof m{k});")
            passed.append(f"m{k}")
            byvalue.append(f"  PH_HOST_BYVALUE(&m{k}, arrays, {len(args)});")
        elif isinstance(value, np.ndarray):
            packed += [np.uint64(value.nbytes).tobytes(), np.ascontiguousarray(value).tobytes()]
            declared.append(f"  unsigned long long n{k}; take(&n{k}, 8); "
                            f"unsigned char* a{k} = (unsigned char*)aligned_alloc(64, (n{k} + 127) / 64 * 64); "
                            f"take(a{k}, n{k});")
            passed.append(f"({ctype})a{k}")
            saved.append(f'  {{ FILE* f = fopen((dir + "/o{k}.bin").c_str(), "wb"); fwrite(a{k}, 1, n{k}, f); '
                         "fclose(f); }")
        else:
            packed.append(np.array(value, numpy_dtype(BY_NAME[ctype])).tobytes())
            declared.append(f"  {ctype} s{k}; take(&s{k}, sizeof s{k});")
            passed.append(f"s{k}")
    pointers = [f"a{k}" if isinstance(v, np.ndarray) else "nullptr" for k, (_, v) in enumerate(args)]
    warps, groups = -(-threads // 32), -(-threads // 128)
    main = f"""
#include <string>
#ifndef PH_HOST_AFTER_CTA
#define PH_HOST_AFTER_CTA()  // what a thread checks once its CTA's kernel has returned (cuda_host_mma.py's)
#endif
#ifndef PH_HOST_COPIES_AFTER_CTA
#define PH_HOST_COPIES_AFTER_CTA()  // the copies a thread never waited for, dropped (cuda_host_mma.py's)
#endif
#ifndef PH_HOST_CTA_ENDED
#define PH_HOST_CTA_ENDED()  // what is checked once all of a CTA's threads have returned (cuda_host_gemm.py's)
#endif
#ifndef PH_HOST_BYVALUE
#define PH_HOST_BYVALUE(p, arrays, n)  // a struct argument made ready, given the arrays (cuda_host_gemm.py's)
#endif
int main(int argc, char** argv) {{
  const std::string dir = argv[1];
  FILE* in = fopen((dir + "/args.bin").c_str(), "rb");
  auto take = [&](void* p, size_t n) {{ if (fread(p, 1, n, in) != n) abort(); }};
  unsigned g[3]; take(g, sizeof g);
{chr(10).join(declared)}
  fclose(in);
  unsigned char* arrays[] = {{{", ".join(pointers) or "nullptr"}}};
  (void)arrays;
{chr(10).join(byvalue)}
  const unsigned gx = g[0], gy = g[1], gz = g[2];
  blockDim = D3{{{threads}, 1, 1}}; gridDim = D3{{gx, gy, gz}};
  // A CTA's barriers, made again for each CTA: a thread leaving the kernel drops out of
  // them, so the threads still running meet at a barrier without it, as on the device.
  auto fresh = [] {{
    cta_bar = new std::barrier<>({threads});
    for (unsigned w = 0; w < {warps}; ++w) warp_bar[w] = new std::barrier<>(w + 1 < {warps} ? 32 : {threads} - 32 * w);
    for (unsigned g = 0; g < {groups}; ++g)
      wg_bar[g] = new std::barrier<>(g + 1 < {groups} ? 128 : {threads} - 128 * g);
    memset(smem_buf, 0xFF, sizeof smem_buf);
  }};
  fresh();
  std::barrier<> ended({threads});
  std::vector<std::thread> running;
  for (unsigned t = 0; t < {threads}; ++t)
    running.emplace_back([=, &ended] {{
      threadIdx = D3{{t, 0, 0}};
      for (unsigned z = 0; z < gz; ++z) for (unsigned y = 0; y < gy; ++y) for (unsigned x = 0; x < gx; ++x) {{
        blockIdx = D3{{x, y, z}};
        {entry.group(1)}({", ".join(passed)});
        PH_HOST_AFTER_CTA();
        PH_HOST_COPIES_AFTER_CTA();
        cta_bar->arrive_and_drop();
        warp_bar[t / 32]->arrive_and_drop();
        wg_bar[t / 128]->arrive_and_drop();
        ended.arrive_and_wait();
        if (t == 0) {{
          PH_HOST_CTA_ENDED();
          delete cta_bar;
          for (unsigned w = 0; w < {warps}; ++w) delete warp_bar[w];
          for (unsigned g = 0; g < {groups}; ++g) delete wg_bar[g];
          fresh();
        }}
        ended.arrive_and_wait();
      }}
    }});
  for (auto& t : running) t.join();
{chr(10).join(saved)}
  return 0;
}}
"""
    code = STUBS + source + main
    exe = folder / f"host_{hashlib.sha1(code.encode()).hexdigest()[:16]}"
    if not exe.exists():
        cpp = folder / f"{exe.name}.cpp"
        cpp.write_text(code)
        partial = folder / f"{exe.name}.{os.getpid()}"
        built = subprocess.run(["g++", "-O1", "-w", "-std=c++20", "-pthread", "-o", str(partial), str(cpp)],
                               capture_output=True, text=True)
        if built.returncode:
            raise RuntimeError(built.stderr[:4000])
        partial.replace(exe)  # whole or not at all, should another run build it at once
    with tempfile.TemporaryDirectory(dir=folder) as work:
        Path(work, "args.bin").write_bytes(b"".join(packed))
        ran = subprocess.run([str(exe), work], capture_output=True, text=True, timeout=300)
        if ran.returncode:
            raise RuntimeError(f"the host run failed ({ran.returncode}): {ran.stderr[:2000]}")
        return [np.fromfile(Path(work, f"o{k}.bin"), dtype=v.dtype).reshape(v.shape)
                for k, (_, v) in enumerate(args) if isinstance(v, np.ndarray)]


@dataclass(frozen=True)
class Launched:
    """What a host launch ran: the variant's bindings, the key its code was written
    for, the grid and the CTA's threads."""

    bindings: dict[str, int]
    spec: Specialization
    grid: Grid
    threads: int


def chosen_variant(kernel: Any, grid: Any, values: dict[str, Any],
                   meta: dict[str, int]) -> tuple[ir.Kernel, dict[str, int], Grid, Any] | None:
    """The runtime's argument checks and its choice of variant (the first candidate whose
    grid has programs: what runs where autotuning is off, and what the interpreter runs):
    the variant, its runtime dims, its grid and the checked arguments; None where the
    launch runs nothing."""
    sig = kernel.signature
    bound = arguments.bind(sig, (), {**values, **meta})
    checked = arguments.check(sig, bound.values)
    select_variant(sig, kernel.variants, bound.pins, checked)  # the runtime's refusal, where none fits
    for variant in candidates(sig, kernel.variants, bound.pins, checked):
        dims = {name: checked.extents[name] for name in variant.runtime_dims}
        shape = grid if not callable(grid) else call_grid_function(
            kernel.name, grid, {**bound.values, **dims, **variant.bindings})
        shape = normalize_grid(kernel.name, shape)
        if 0 not in shape:
            break
    else:
        return None
    if 0 in dims.values():
        return None
    return variant, dims, shape, checked


def launch(kernel: Any, grid: Any, values: dict[str, Any], meta: dict[str, int], folder: Path,
           arch: int | None = None, tma_eager: bool = False) -> Launched | None:
    """`kernel[grid](**values, **meta)` as a GPU launch of the CUDA back end makes it,
    run on the host: the runtime's argument checks, its choice of variant (the first
    candidate whose grid has programs: what runs where autotuning is off, and what
    the interpreter runs) and the key of the arrays a device copy gives (each tensor
    16-byte aligned), then the general variant's code (the one a launch runs where no
    GEMM lowering is chosen) written for that key. Arrays are written in place; None
    where the launch runs nothing. `tma_eager`: the TMA loads of its loops land as issued
    (cuda_host_gemm.tma_source)."""
    chosen = chosen_variant(kernel, grid, values, meta)
    if chosen is None:
        return None
    variant, dims, shape, checked = chosen
    tensors = frozenset(p.name for p in kernel.signature.params if p.is_tensor)
    spec = specialize(variant, dims, checked.scalars, tensors, fast_math=kernel.options.get("math_mode") == "fast")
    gen = generate(ir.without_debug(variant), spec)
    named: dict[str, Any] = {**checked.tensors, **checked.scalars, **dims}
    source = gen.source
    if gen.boxes and arch == 900:  # its loops load by TMA: the maps, and the host's stand-ins
        from cuda_host_gemm import tma_arguments, tma_source
        pairs, source = tma_arguments(gen, checked, named), tma_source(source, tma_eager)
    else:
        pairs = [(text, bytes(128) if p.kind == "tensormap" else
                  PACKERS[p.dtype](named[p.name]) if p.kind == "scalar" else named[p.name])
                 for text, p in zip(parameters(gen.source), gen.params, strict=True)]
    got = run(source, gen.threads, shape, pairs, folder, arch)
    written = [p.name for p in gen.params if p.kind == "tensor"]
    for name, array in zip(written, got, strict=True):
        checked.tensors[name][...] = array
    return Launched(dict(variant.bindings), spec, shape, gen.threads)
