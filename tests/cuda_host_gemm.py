"""The GEMM kernel form's sm_90a code (backends/cuda/gemm) on the host, for
tests/cuda_host.py: the persistent, warp-specialized kernel gemm_writer.py writes, its
producer warpgroup's TMA loads (or its threads' copies) into an mbarrier ring, its
consumers' wgmma and their epilogue's TMA stores (or thread stores), run as
std::threads against the interpreter.

Every inline PTX statement of the GEMM prelude (gemm_prelude.py) and of the kernel
body is put in its place by a host stand-in that computes what the instruction does
(each must be found the number of times it is written there, so a change to the
prelude fails here rather than reaching the generic abort of cuda_host.py):

- mbarriers (`mbarrier.init`, `arrive`, `arrive.expect_tx`, `try_wait.parity`,
  `cp.async.mbarrier.arrive.noinc`): a pending arrival count and a transaction count a
  phase, by the PTX ISA ("Phase completion of the mbarrier object"): a phase completes
  when both reach 0, and `try_wait.parity p` is true once the phase of parity p has
  completed. Their state is kept beside shared memory, and a magic word at the
  barrier's 8 bytes, so that a barrier used before its init, or whose bytes something
  else wrote over, stops the run. More arrivals than the count, or more bytes than
  expected, in one phase stop it too; a wait that sees no progress for 20 seconds
  stops it naming the barrier and parity (a deadlock on the device).
- TMA loads (`cp.async.bulk.tensor.{2,3}d.shared::cluster.global...complete_tx::bytes`):
  the box at the coordinates, read through the tensor map (its global address, dims,
  strides, box, element strides, element size), positions outside the tensor as zeros,
  written into shared memory with the 128-byte swizzle (the 16-byte chunk bits 4-6 of
  the address xor its bits 7-9, as wgmma reads it), and the box's bytes (zeros
  included) completed on the mbarrier. A load lands late: one at a time, as a thread
  polls its barrier and finds the phase incomplete (so a phase that completes before
  its loads have landed, an expect_tx short of the stage, shows); a CTA that ends with
  loads no one waited for stops the run. A box whose innermost coordinate is not a whole 16 bytes from the
  tensor's start stops the run: the device stops the kernel there (an illegal
  instruction, gate 2's finding).
- TMA stores (`cp.async.bulk.tensor...global.shared::cta.bulk_group`) with
  `cp.async.bulk.commit_group` / `wait_group[.read] N`: a store is only recorded when
  issued; it reads the staging (swizzled) and writes the tensor (positions outside
  clipped) when a wait completes its group, the latest moment the device may read it,
  so a staging written again before its wait shows. A thread that ends with stores
  not waited for stops the run.
- `ph::wgmma` (the GEMM writer's own helper): m64nNkK on descriptors of shared
  memory, A K-major, B K- or MN-major, bf16, f16, tf32 (the 13 low mantissa bits
  cut) or s8 (i32 sums, wrapping), through cuda_host_mma.py's asynchrony (recorded at
  issue, computed at the wait that completes its group by the whole warpgroup,
  accumulator hazards checked).
- the producer's threads' copies: `cp.async.ca` with its zero fill (which must be
  aligned to its size, as on the device), `st.shared`, `ld.global.v4` (16-byte
  aligned) and `__byte_perm`.
- `bar.sync id, n` (a named barrier): the first n threads to arrive at id pass
  together, whoever they are, as on the device.
- `setmaxnreg`, `fence.mbarrier_init`, `prefetch.tensormap`: nothing (the last checks
  its map).

Tensor maps: on the GPU the launch encodes them with the driver
(cuTensorMapEncodeTiled, gemm_launch._encode) and passes each as a
`const __grid_constant__ CUtensorMap`. Here the same launch code (gemm_launch's
GemmArguments, which also picks the persistent grid) runs against `host_driver()`
(tests/cuda_host_driver.py), a stand-in for cuda.bindings.driver whose
cuTensorMapEncodeTiled checks its arguments as the driver documents them and writes
the 128 bytes in a layout of its own (`MAP_LAYOUT`), which the C++ stand-ins read. A
tensor's address in a map is a tag (its argument's place) that the host run replaces
by where it put the array.

Clusters (PHOBOS_CUDA_CLUSTER=2's pairs, TMA multicast) are not emulated: the harness
runs one CTA at a time.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cuda_host import Launched, chosen_variant, parameters, run
from cuda_host_driver import COPY_AT, SCRATCH_TAG, TAG_SHIFT, Copy2D, host_driver

from phobos.backends.cuda.gemm.gemm_form import NotGemm
from phobos.backends.cuda.gemm.gemm_launch import GEMM_ARCH, GemmArguments, gemm_mode, gemm_of, generate_gemm
from phobos.backends.cuda.gemm.gemm_plan import GemmMode
from phobos.backends.cuda.gemm.gemm_prelude import GEMM_PRELUDE
from phobos.backends.cuda.runtime.tensor_maps import TensorMaps
from phobos.backends.cuda.write.tma_prelude import TENSOR_MAP, TMA_HELPERS
from phobos.backends.gpu.abi import Generated
from phobos.backends.gpu.arrays import DeviceArray
from phobos.backends.gpu.launch import PACKERS
from phobos.ir.specialize import specialize

# ------------------------------------------------------------ the instructions

HOST_GEMM = r"""
// ---- the GEMM form's sm_90a instructions on the host (tests/cuda_host_gemm.py)
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <unordered_map>
[[noreturn]] inline void ph_host_fail(const char* fmt, unsigned long long a = 0, unsigned long long b = 0,
                                      unsigned long long c = 0) {
  fprintf(stderr, "thread %u of CTA %u: ", threadIdx.x, blockIdx.x);
  fprintf(stderr, fmt, a, b, c);
  fprintf(stderr, "\n");
  fflush(stderr);
  std::abort();
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long v = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i) r |= (unsigned)((v >> (8 * ((s >> (4 * i)) & 7u))) & 0xFFu) << (8 * i);
  return r;
}
#define PH_HOST_SHARED_CHECK(address, bytes, align, what) \
  do { if ((address) % (align) || (address) + (bytes) > sizeof smem_buf) \
    ph_host_fail(what " at shared address %llu (%llu bytes): misaligned or past shared memory", (address), (bytes)); \
  } while (0)
inline void ph_host_st_shared(unsigned dst, const void* v, unsigned bytes) {
  PH_HOST_SHARED_CHECK(dst, bytes, bytes, "st.shared");
  memcpy(smem_buf + dst, v, bytes);
}
inline void ph_host_ld_global16(void* v, unsigned long long p) {
  if (p % 16) ph_host_fail("ld.global.v4 from %llu, not on 16 bytes", p);
  memcpy(v, (const void*)p, 16);
}
// cp.async.ca with a source size: `in` bytes copied, the rest of the `size` zeros.
inline void ph_host_cp_async(unsigned dst, const void* src, unsigned size, unsigned in) {
  PH_HOST_SHARED_CHECK(dst, size, size, "cp.async");
  if ((unsigned long long)src % size) ph_host_fail("cp.async of %llu bytes from %llu: misaligned", size,
                                                   (unsigned long long)src);
  memcpy(smem_buf + dst, src, in);
  memset(smem_buf + dst + in, 0, size - in);
}

// ---- mbarriers
struct PhHostMbar { unsigned expected, pending; long long tx; unsigned phase; };
constexpr unsigned long long PH_HOST_MBAR_MAGIC = 0x5048484F53544D42ull;
std::mutex ph_host_mutex;
std::condition_variable ph_host_changed;
std::unordered_map<unsigned long long, PhHostMbar> ph_host_mbars;  // by the barrier's generic address
inline PhHostMbar& ph_host_mbar(unsigned bar) {  // ph_host_mutex held
  PH_HOST_SHARED_CHECK(bar, 8u, 8u, "mbarrier");
  unsigned long long word;
  memcpy(&word, smem_buf + bar, 8);
  auto found = ph_host_mbars.find((unsigned long long)(size_t)(smem_buf + bar));
  if (word != PH_HOST_MBAR_MAGIC || found == ph_host_mbars.end())
    ph_host_fail("the mbarrier at shared address %llu is used uninitialized, or its bytes were written over", bar);
  return found->second;
}
inline void ph_host_mbar_settle(PhHostMbar& m) {  // ph_host_mutex held
  if (m.pending == 0 && m.tx == 0) {
    m.phase ^= 1;
    m.pending = m.expected;
    ph_host_changed.notify_all();
  }
}
inline void ph_host_mbar_init(unsigned bar, unsigned count) {
  std::lock_guard<std::mutex> hold(ph_host_mutex);
  PH_HOST_SHARED_CHECK(bar, 8u, 8u, "mbarrier.init");
  if (count == 0 || count >= (1u << 20)) ph_host_fail("mbarrier.init with count %llu", count);
  memcpy(smem_buf + bar, &PH_HOST_MBAR_MAGIC, 8);
  ph_host_mbars[(unsigned long long)(size_t)(smem_buf + bar)] = PhHostMbar{count, count, 0, 0};
}
inline void ph_host_mbar_arrive_locked(unsigned bar, long long bytes) {
  PhHostMbar& m = ph_host_mbar(bar);
  if (m.pending == 0)
    ph_host_fail("more arrivals on the mbarrier at %llu than its count (%llu) in one phase", bar, m.expected);
  m.tx += bytes;
  m.pending -= 1;
  ph_host_mbar_settle(m);
}
inline void ph_host_mbar_arrive(unsigned bar, long long bytes = 0) {
  std::lock_guard<std::mutex> hold(ph_host_mutex);
  ph_host_mbar_arrive_locked(bar, bytes);
}
inline void ph_host_mbar_complete_tx(unsigned bar, long long bytes) {  // ph_host_mutex held
  PhHostMbar& m = ph_host_mbar(bar);
  m.tx -= bytes;
  if (m.pending == 0 && m.tx < 0)
    ph_host_fail("the mbarrier at %llu received %llu bytes more than its phase expected", bar,
                 (unsigned long long)-m.tx);
  ph_host_mbar_settle(m);
}
bool ph_host_land_one(unsigned bar);  // a TMA load in flight on `bar` lands (below)
// try_wait.parity: whether the phase of parity `parity` has completed, after waiting a while for it.
thread_local unsigned long long ph_host_waiting = ~0ull;
thread_local std::chrono::steady_clock::time_point ph_host_waited_since;
inline bool ph_host_mbar_try_wait(unsigned bar, unsigned parity) {
  std::unique_lock<std::mutex> hold(ph_host_mutex);
  auto done = [&] { return (ph_host_mbar(bar).phase & 1u) != (parity & 1u); };
  if (!done() && ph_host_land_one(bar) && done()) return true;
  if (done() || ph_host_changed.wait_for(hold, std::chrono::milliseconds(20), done)) {
    ph_host_waiting = ~0ull;
    return true;
  }
  const unsigned long long what = ((unsigned long long)bar << 1) | (parity & 1u);
  const auto now = std::chrono::steady_clock::now();
  if (what != ph_host_waiting) {
    ph_host_waiting = what;
    ph_host_waited_since = now;
  } else if (now - ph_host_waited_since > std::chrono::seconds(20)) {
    PhHostMbar& m = ph_host_mbar(bar);
    ph_host_fail("deadlock: 20 s waiting for parity %llu of the mbarrier at %llu (%llu arrivals pending)", parity, bar,
                 m.pending);
  }
  return false;
}

// ---- named barriers: the first `count` threads at `id` pass together
struct PhHostNamed { unsigned arrived = 0, count = 0, generation = 0; };
PhHostNamed ph_host_named[16];
inline void ph_host_named_sync(int id, int count) {
  std::unique_lock<std::mutex> hold(ph_host_mutex);
  if (id < 0 || id >= 16 || count <= 0 || count % 32) ph_host_fail("bar.sync %llu, %llu", id, count);
  PhHostNamed& b = ph_host_named[id];
  if (b.arrived == 0) b.count = (unsigned)count;
  else if (b.count != (unsigned)count)
    ph_host_fail("bar.sync %llu with counts %llu and %llu at once", id, b.count, count);
  if (++b.arrived == b.count) {
    b.arrived = 0;
    ++b.generation;
    ph_host_changed.notify_all();
    return;
  }
  const unsigned generation = b.generation;
  ph_host_changed.wait(hold, [&] { return b.generation != generation; });
}

// ---- tensor maps (the host's layout: cuda_host_driver.MAP_LAYOUT)
struct PhHostMap {
  unsigned long long address, dims[5], strides[4];
  unsigned short box[5];
  unsigned char element_strides[5], rank, dtype, element, swizzle, interleave, fill, l2, pad[2];
  unsigned magic;
  unsigned copy_from_pitch, copy_to_pitch, copy_width, copy_rows;  // a repacked operand's copy (_with_copy)
};
static_assert(offsetof(PhHostMap, box) == 80 && offsetof(PhHostMap, rank) == 95 && offsetof(PhHostMap, magic) == 104
              && offsetof(PhHostMap, copy_from_pitch) == 108 && sizeof(PhHostMap) <= 128,
              "the layout cuda_host_driver.MAP_LAYOUT packs");
inline const PhHostMap* ph_host_map(const void* p) {
  const PhHostMap* m = (const PhHostMap*)p;
  if ((unsigned long long)(size_t)p % 64) ph_host_fail("a tensor map not on 64 bytes");
  if (m->magic != 0x50484D50u) ph_host_fail("a tensor map the host did not encode");
  return m;
}
#define PH_HOST_BYVALUE(p, arrays, n) ph_host_map_place((PhHostMap*)(p), arrays, n)
inline void ph_host_map_place(PhHostMap* m, unsigned char** arrays, unsigned n) {
  const unsigned long long tag = m->address >> 44, offset = m->address & ((1ull << 44) - 1);
  if (m->magic != 0x50484D50u || tag == 0 || tag > n || arrays[tag - 1] == nullptr)
    ph_host_fail("a tensor map whose address is no array's tag: %llu", m->address);
  m->address = (unsigned long long)(size_t)arrays[tag - 1] + offset;
  if (m->copy_rows) {  // the launch's repack: the rows copied into a scratch of the map's pitch first
    const size_t bytes = ((size_t)m->copy_rows * m->copy_to_pitch + 63) / 64 * 64;
    unsigned char* scratch = (unsigned char*)aligned_alloc(64, bytes);
    for (unsigned r = 0; r < m->copy_rows; ++r)
      memcpy(scratch + (size_t)r * m->copy_to_pitch, (const unsigned char*)m->address + (size_t)r * m->copy_from_pitch,
             m->copy_width);
    m->address = (unsigned long long)(size_t)scratch;
  }
}
inline unsigned ph_host_swizzle(const PhHostMap* m, unsigned address) {
  return m->swizzle == 3 ? address ^ (((address >> 7) & 7u) << 4) : address;
}
// The box at `coords` as (shared offset from the box's start, global address or 0 outside).
template <int R, class F> void ph_host_box(const PhHostMap* m, const int (&coords)[R], F each) {
  if (m->rank != R) ph_host_fail("a %llu-d tensor copy through a %llu-d tensor map", R, m->rank);
  if (m->interleave != 0) ph_host_fail("an interleaved tensor map (not emulated)");
  const unsigned e = m->element;
  if ((long long)coords[0] * e % 16)
    ph_host_fail("a TMA box at inner coordinate %llu: not a whole 16 bytes from the tensor's start (an illegal "
                 "instruction on the device)", (unsigned long long)(long long)coords[0]);
  unsigned n[R];
  for (int i = 0; i < R; ++i) n[i] = (m->box[i] + m->element_strides[i] - 1) / m->element_strides[i];
  const unsigned row = n[0] * e;  // bytes of the box's inner dim in shared memory
  if (m->swizzle == 3 && row != 128) ph_host_fail("a 128-byte swizzle of %llu-byte rows (not emulated)", row);
  if (m->swizzle != 0 && m->swizzle != 3) ph_host_fail("a swizzle of 32 or 64 bytes (not emulated)");
  unsigned rows = 1;
  for (int i = 1; i < R; ++i) rows *= n[i];
  for (unsigned r = 0; r < rows; ++r) {
    long long at[R];
    bool inside = true;
    unsigned rest = r;
    for (int i = 1; i < R; ++i) {
      at[i] = coords[i] + (long long)(rest % n[i]) * m->element_strides[i];
      rest /= n[i];
      inside &= at[i] >= 0 && at[i] < (long long)m->dims[i];
    }
    unsigned long long line = m->address;
    for (int i = 1; i < R; ++i) line += (unsigned long long)at[i] * m->strides[i - 1];
    for (unsigned j = 0; j < n[0]; ++j) {
      const long long c = coords[0] + (long long)j * m->element_strides[0];
      const bool in = inside && c >= 0 && c < (long long)m->dims[0];
      each(r * row + j * e, in ? line + (unsigned long long)c * e : 0ull);
    }
  }
}
template <int R> unsigned ph_host_box_bytes(const PhHostMap* m) {
  unsigned bytes = m->element;
  for (int i = 0; i < R; ++i) bytes *= (m->box[i] + m->element_strides[i] - 1) / m->element_strides[i];
  return bytes;
}
// TMA loads in flight, oldest first, each with the mbarrier it completes on; one lands (its box written,
// its bytes completed) each time a thread polls that barrier and finds its phase not yet complete: as
// late as a waiter allows, so that a phase that completes before all its loads have landed shows.
struct PhHostLoad { unsigned bar; std::function<void()> land; };
std::deque<PhHostLoad> ph_host_loads;  // ph_host_mutex held
inline bool ph_host_land_one(unsigned bar) {  // ph_host_mutex held
  for (auto at = ph_host_loads.begin(); at != ph_host_loads.end(); ++at)
    if (at->bar == bar) {
      std::function<void()> land = std::move(at->land);
      ph_host_loads.erase(at);
      land();
      return true;
    }
  return false;
}
template <int R> void ph_host_tma_load(unsigned dst, const void* map, const int (&coords)[R], unsigned bar) {
  const PhHostMap* m = ph_host_map(map);
  const unsigned bytes = ph_host_box_bytes<R>(m);
  PH_HOST_SHARED_CHECK(dst, bytes, 128u, "a TMA load's box");
  if (m->swizzle == 3 && dst % 1024) ph_host_fail("a 128-byte-swizzled TMA box at shared %llu, not on 1024 bytes", dst);
  ph_host_box<R>(m, coords, [](unsigned, unsigned long long) {});  // its checks, at issue
  int at[R];
  for (int i = 0; i < R; ++i) at[i] = coords[i];
  std::lock_guard<std::mutex> hold(ph_host_mutex);
  ph_host_mbar(bar);
  auto land = [map = *m, dst, at, bar, bytes] {
    int c[R];
    for (int i = 0; i < R; ++i) c[i] = at[i];
    ph_host_box<R>(&map, c, [&](unsigned offset, unsigned long long src) {
      unsigned char* to = smem_buf + ph_host_swizzle(&map, dst + offset);
      if (src) memcpy(to, (const void*)src, map.element);
      else memset(to, 0, map.element);
    });
    ph_host_mbar_complete_tx(bar, bytes);
  };
#ifdef PH_HOST_TMA_EAGER  // landed at issue: a stage refilled while a thread still reads it shows
  land();
  ph_host_changed.notify_all();
#else
  ph_host_loads.push_back({bar, land});
#endif
}
// After a CTA: every load it issued was waited for (one none waited for would land in the next CTA's).
inline void ph_host_cta_ended() {
  if (!ph_host_loads.empty()) ph_host_fail("the CTA ended with TMA loads in flight that no thread waited for");
}
#define PH_HOST_CTA_ENDED() ph_host_cta_ended()
// TMA stores: recorded, and done (the staging read, the tensor written inside its edges) when waited for.
thread_local std::vector<std::function<void()>> ph_host_bulk_open;
thread_local std::deque<std::vector<std::function<void()>>> ph_host_bulk_groups;
template <int R> void ph_host_tma_store(unsigned src, const void* map, const int (&coords)[R]) {
  const PhHostMap* m = ph_host_map(map);
  PH_HOST_SHARED_CHECK(src, ph_host_box_bytes<R>(m), 128u, "a TMA store's box");
  if (m->swizzle == 3 && src % 1024) ph_host_fail("a 128-byte-swizzled TMA box at shared %llu, not on 1024 bytes", src);
  int at[R];
  for (int i = 0; i < R; ++i) at[i] = coords[i];
  ph_host_box<R>(m, coords, [](unsigned, unsigned long long) {});  // its checks, at issue
  ph_host_bulk_open.push_back([map = *m, src, at] {
    int c[R];
    for (int i = 0; i < R; ++i) c[i] = at[i];
    ph_host_box<R>(&map, c, [&](unsigned offset, unsigned long long dst) {
      if (dst) memcpy((void*)dst, smem_buf + ph_host_swizzle(&map, src + offset), map.element);
    });
  });
}
inline void ph_host_bulk_commit() {
  ph_host_bulk_groups.push_back(std::move(ph_host_bulk_open));
  ph_host_bulk_open.clear();
}
inline void ph_host_bulk_wait(int newest) {
  while ((int)ph_host_bulk_groups.size() > newest) {
    for (auto& store : ph_host_bulk_groups.front()) store();
    ph_host_bulk_groups.pop_front();
  }
}
inline void ph_host_gemm_drained() {
  if (!ph_host_bulk_open.empty() || !ph_host_bulk_groups.empty())
    ph_host_fail("the thread ended with TMA stores it never waited for");
}
#undef PH_HOST_AFTER_CTA
#define PH_HOST_AFTER_CTA() (ph_host_wgmma_drained(), ph_host_gemm_drained())

// ---- the GEMM writer's wgmma: D (+)= A B on descriptors (A K-major; B K- or MN-major)
enum PhHostOperand { PH_BF16, PH_F16, PH_S8, PH_TF32 };
template <int T> inline unsigned ph_host_operand_bytes() { return T == PH_S8 ? 1 : T == PH_TF32 ? 4 : 2; }
template <int T> inline double ph_host_operand(unsigned long long desc, int row, int k, bool k_major) {
  const unsigned start = (unsigned)(desc & 0x3FFFu) << 4, lbo = (unsigned)((desc >> 16) & 0x3FFFu) << 4;
  const unsigned sbo = (unsigned)((desc >> 32) & 0x3FFFu) << 4, e = ph_host_operand_bytes<T>();
  if ((desc >> 62) != 1) ph_host_fail("a wgmma descriptor without the 128-byte swizzle: %llu", desc);
  unsigned address;
  if (k_major) {
    address = start + (row % 8) * 128 + (row / 8) * sbo + k * e;
  } else {  // (k, n): 128-byte rows of n, 8 of k a group `sbo` apart, 128 bytes of n a block `lbo` apart
    const int n = row, per = 128 / (int)e;
    address = start + (k % 8) * 128 + (k / 8) * sbo + (n / per) * lbo + e * (n % per);
  }
  address ^= ((address >> 7) & 7u) << 4;
  if (address + e > sizeof smem_buf) ph_host_fail("wgmma reads past shared memory at %llu", address);
  const unsigned char* p = smem_buf + address;
  if (T == PH_S8) return (double)(signed char)p[0];
  unsigned short h;
  if (T == PH_TF32) {
    unsigned u;
    memcpy(&u, p, 4);
    float f = __uint_as_float(u);
    return std::isnan(f) ? f : __uint_as_float(u & 0xFFFFE000u);
  }
  memcpy(&h, p, 2);
  return T == PH_BF16 ? __uint_as_float((unsigned)h << 16) : ph_host_f16_to_f32(h);
}
template <int N, int K, int T, bool B_K_MAJOR, class Acc>
void ph_host_gemm_wgmma_now(Acc (&d)[N / 2], unsigned long long a, unsigned long long b, bool scale) {
  const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32 % 4;
  wg_bar[t / 128]->arrive_and_wait();
  const int g = (int)lane / 4, q = (int)lane % 4;
  for (int i = 0; i < N / 2; ++i) {
    const int row = 16 * (int)warp + g + 8 * (i % 4 / 2), col = 8 * (i / 4) + 2 * q + i % 2;
    if constexpr (T == PH_S8) {
      unsigned sum = scale ? (unsigned)d[i] : 0u;  // i32 sums wrap
      for (int k = 0; k < K; ++k)
        sum += (unsigned)(int)(ph_host_operand<T>(a, row, k, true) * ph_host_operand<T>(b, col, k, B_K_MAJOR));
      d[i] = (Acc)(int)sum;
    } else {
      float sum = scale ? (float)d[i] : 0.0f;
      for (int k = 0; k < K; ++k)
        sum += (float)(ph_host_operand<T>(a, row, k, true) * ph_host_operand<T>(b, col, k, B_K_MAJOR));
      d[i] = sum;
    }
  }
  wg_bar[t / 128]->arrive_and_wait();
}
template <int N, int K, int T, bool B_K_MAJOR, class Acc>
void ph_host_gemm_wgmma(Acc (&d)[N / 2], unsigned long long a, unsigned long long b, int scale_d) {
  static_assert(sizeof(Acc) == sizeof(float), "an f32 or i32 accumulator");
  float* bits = (float*)d;
  const bool scale = scale_d != 0;
  // Products on the same accumulator are ordered (the PTX ISA lets the GEMM loop keep one group in
  // flight on it): each one completed gives the later ones on it the accumulator they will start from,
  // so that only code touching it between an issue and its wait is a hazard.
  auto complete = [&d, bits, a, b, scale] {
    ph_host_gemm_wgmma_now<N, K, T, B_K_MAJOR, Acc>(d, a, b, scale);
    auto refresh = [&](std::vector<PhHostWgmma>& ops) {
      for (PhHostWgmma& later : ops)
        if (later.d == bits) later.d_issued.assign(bits, bits + N / 2);
    };
    for (auto& group : ph_host_groups) refresh(group);
    refresh(ph_host_uncommitted);
  };
  PhHostWgmma op{complete, bits, N / 2, std::vector<float>(bits, bits + N / 2), nullptr, std::vector<unsigned>()};
  ph_host_uncommitted.push_back(std::move(op));
}
"""

# Each inline PTX statement of the GEMM prelude, exactly as it is written there, and what
# the host does in its place; with how many times it is written.
_PRELUDE_PTX: list[tuple[str, str, int]] = [
    ('asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");',
     "ph_host_mbar_init(bar, count);", 1),
    ('asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");',
     "ph_host_mbar_arrive(bar, bytes);", 1),
    ('asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");',
     "ph_host_mbar_arrive(bar);", 1),
    ('asm volatile("{\\n\\t.reg .pred p;\\n\\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\\n\\t"\n'
     '                 "selp.u32 %0, 1, 0, p;\\n\\t}" : "=r"(done) : "r"(bar), "r"(parity) : "memory");',
     "done = ph_host_mbar_try_wait(bar, parity);", 1),
    ('asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"\n'
     '               " [%0], [%1, {%2, %3}], [%4];"\n'
     '               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(bar) : "memory");',
     "ph_host_tma_load<2>(dst, map, {inner, outer}, bar);", 1),
    ('asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"\n'
     '               " [%0], [%1, {%2, %3, %4}], [%5];"\n'
     '               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(matrix), "r"(bar) : "memory");',
     "ph_host_tma_load<3>(dst, map, {inner, outer, matrix}, bar);", 1),
    ('asm volatile("prefetch.tensormap [%0];" :: "l"((u64)map) : "memory");', "ph_host_map(map);", 1),
    ('asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" :: "r"(dst + piece * h), "l"(p), "n"(piece),\n'
     '                 "r"(in ? piece : 0) : "memory");',
     "ph_host_cp_async(dst + piece * h, p, piece, in ? piece : 0);", 1),
    ('asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" :: "r"(dst), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])\n'
     '               : "memory");',
     "ph_host_st_shared(dst, w, 16);", 1),
    ('asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" :: "r"(dst), "r"(__byte_perm(a[0], a[1], shift)),\n'
     '               "r"(__byte_perm(a[1], a[2], shift)), "r"(__byte_perm(a[2], a[3], shift)),\n'
     '               "r"(__byte_perm(a[3], a[4], shift)));',
     "{ const u32 v[4] = {__byte_perm(a[0], a[1], shift), __byte_perm(a[1], a[2], shift), "
     "__byte_perm(a[2], a[3], shift), __byte_perm(a[3], a[4], shift)}; ph_host_st_shared(dst, v, 16); }", 1),
    ('asm("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));',
     "ph_host_ld_global16(&v, p);", 1),
    ('asm volatile("st.shared.b32 [%0], %1;" :: "r"(at), "r"(out[c]) : "memory");',
     "ph_host_st_shared(at, &out[c], 4);", 1),
    ('asm volatile("fence.proxy.async.shared::cta;" ::: "memory");\n'
     '  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" :: "r"(bar) : "memory");',
     "ph_host_mbar_arrive(bar);  // its cp.async copies landed as issued", 1),
    ('asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];"\n'
     '               :: "l"((u64)map), "r"(inner), "r"(outer), "r"(src) : "memory");',
     "ph_host_tma_store<2>(src, map, {inner, outer});", 1),
    ('asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];"\n'
     '               :: "l"((u64)map), "r"(inner), "r"(outer), "r"(matrix), "r"(src) : "memory");',
     "ph_host_tma_store<3>(src, map, {inner, outer, matrix});", 1),
    ('asm volatile("cp.async.bulk.commit_group;" ::: "memory");', "ph_host_bulk_commit();", 1),
    ('asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");', "ph_host_bulk_wait(0);", 1),
    ('asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");', "ph_host_bulk_wait(0);", 1),
    ('asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(count) : "memory");', "ph_host_named_sync(id, count);", 1),
    # Ampere's (the mma.sync lowering's) cp.async groups: not run here, but out of cuda_host_mma's way.
    ('asm volatile("cp.async.commit_group;" ::: "memory");', ";", 1),
    ('asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory");', ";", 1),
]
# The clusters' instructions (pairs of CTAs): not emulated, so a kernel of pairs stops the run there.
_CLUSTER_PTX = ("multicast::cluster", "mapa.shared::cluster", "%%cluster_ctarank", "barrier.cluster.arrive")
_BODY_PTX = [
    (re.compile(r'asm volatile\("setmaxnreg\.(?:inc|dec)\.sync\.aligned\.u32 \d+;"\);'),
     ";  // setmaxnreg: the host's threads have what registers they need"),
    (re.compile(r'asm volatile\("fence\.mbarrier_init\.release\.cluster;" ::: "memory"\);'), ";"),
]
_WGMMA = re.compile(r'PH_INLINE void wgmma\((f32|i32) \(&d\)\[(\d+)\], u64 a, u64 b, int scale_d\) \{\n'
                    r'  asm volatile\(.*?"(wgmma\.mma_async\.sync\.aligned\.m64n(\d+)k(\d+)\.(?:f32|s32)\.'
                    r'(bf16|f16|s8|tf32)\.\w+) \{.*?, p(?P<imm>[, \d]*);\\n\\t\}".*?\);\n\}\n', re.S)
_TYPES = {"bf16": "PH_BF16", "f16": "PH_F16", "s8": "PH_S8", "tf32": "PH_TF32"}


def _wgmma(m: re.Match[str]) -> str:
    acc, regs, n, k, kind = m[1], int(m[2]), int(m[4]), int(m[5]), m[6]
    assert regs == n // 2, m[3]
    # 16-bit operands end with the transpose immediates (A's, B's): B MN-major where B's is 1.
    b_k_major = not (kind in ("bf16", "f16") and m["imm"].replace(" ", "").endswith(",1"))
    return (f"PH_INLINE void wgmma({acc} (&d)[{regs}], u64 a, u64 b, int scale_d) {{ "
            f"ph_host_gemm_wgmma<{n}, {k}, {_TYPES[kind]}, {str(b_k_major).lower()}>(d, a, b, scale_d); }}\n")


def gemm_source(source: str) -> str:
    """A GEMM variant's source (gemm_writer.py) with the host's stand-ins in place of
    its inline PTX: cuda_host.run(..., arch=900) then gives it the general prelude's
    (cuda_host_mma.py's wgmma machinery included) and runs it."""
    head = source.find(GEMM_PRELUDE)
    assert head >= 0, "the GEMM prelude was not found whole in the variant's source"
    prelude, rest = GEMM_PRELUDE, source[head + len(GEMM_PRELUDE):]
    for ptx, host, count in _PRELUDE_PTX:
        found = prelude.count(ptx)
        assert found == count, f"the GEMM prelude's {ptx[:60]!r} was found {found} times, not {count}"
        prelude = prelude.replace(ptx, host)
    for ptx in _CLUSTER_PTX:  # what remains: asm only a kernel of pairs reaches (cuda_host's abort)
        assert ptx in prelude
    assert "__cluster_dims__" not in rest, "pairs of CTAs (clusters) are not emulated on the host"
    rest, count = _WGMMA.subn(_wgmma, rest)
    assert count == 1, "the GEMM writer's wgmma helper was not found once"
    for pattern, host in _BODY_PTX:
        rest = pattern.sub(host, rest)
    rest = rest.replace("extern __shared__ __align__(1024) unsigned char smem[];", "unsigned char* smem = smem_buf;")
    assert "extern __shared__" not in rest
    return "#define __grid_constant__\n" + source[:head] + HOST_GEMM + prelude + rest


# ------------------------------------------------------------ a launch

def launch_gemm(kernel: Any, grid: Any, values: dict[str, Any], meta: dict[str, int], folder: Path,
                mode: GemmMode | None = None, sms: int = 2,
                edit: Callable[[str], str] | None = None) -> tuple[Launched, GemmMode, Generated] | None:
    """`kernel[grid](**values, **meta)` as an sm_90 launch of the CUDA back end makes it
    where it takes the GEMM lowering, run on the host: the runtime's checks and choice of
    variant, the key of the arrays a device copy gives (each 16-byte aligned), the mode
    gemm_mode picks (or `mode`), the variant gemm_writer.py writes for them, and the
    tensor maps and persistent grid GemmArguments makes for a GPU of `sms` SMs. Arrays
    are written in place (`edit`, if given, changes the generated source first: a bug
    put in on purpose). None where the launch runs nothing or the kernel is no GEMM."""
    chosen = chosen_variant(kernel, grid, values, meta)
    if chosen is None:
        return None
    variant, dims, shape, checked = chosen
    tensors = [p.name for p in kernel.signature.params if p.is_tensor]
    spec = specialize(variant, dims, checked.scalars, frozenset(tensors),
                      fast_math=kernel.options.get("math_mode") == "fast")
    placed = {name: _device(checked, name, 1 << TAG_SHIFT) for name in tensors}
    chosen = gemm_mode(variant, GEMM_ARCH, spec, placed) if mode is None else mode
    found = gemm_of(variant, GEMM_ARCH, chosen.pingpong) if chosen is not None else None
    if chosen is None or found is None or isinstance(found, NotGemm):
        return None
    gen = generate_gemm(variant, spec, *found, chosen)
    named: dict[str, Any] = {**checked.tensors, **checked.scalars, **dims}
    placed = _tagged(gen, checked, tensors)
    order = list(placed)
    maps = GemmArguments(gen, placed, sms, order, clusters=None)
    with host_driver() as driver:
        ctas = maps.fill([placed[name].ptr for name in order], shape + (1,) * (3 - len(shape)))
    for repack in maps.repacks.values():
        repack.scratch.clear()  # tags, not the driver's: nothing to free
    copies = {c.dstDevice: c for c in driver.copies}
    pairs: list[tuple[str, Any]] = []
    for text, p in zip(parameters(gen.source), gen.params, strict=True):
        if p.kind == "tensormap":
            value: Any = _with_copy(bytes(maps.cell(p)), copies)
        elif p.kind == "grid":
            value = maps.cell(p).value
        elif p.kind == "scalar":
            value = PACKERS[p.dtype](named[p.name])
        else:
            value = named[p.name]
        pairs.append((text, value))
    source = gen.source if edit is None else edit(gen.source)
    got = run(gemm_source(source), gen.threads, ctas, pairs, folder, arch=900)
    for name, array in zip([p.name for p in gen.params if p.kind == "tensor"], got, strict=True):
        checked.tensors[name][...] = array
    return Launched(dict(variant.bindings), spec, ctas, gen.threads), chosen, gen


def _device(checked: Any, name: str, ptr: int) -> DeviceArray:
    """Checked tensor `name` as a device copy of it at `ptr` would be described."""
    array = checked.tensors[name]
    strides = tuple(s // array.itemsize for s in array.strides)
    return DeviceArray(ptr, array.shape, strides, array.dtype, 0, False, None)


def _tagged(gen: Generated, checked: Any, names: list[str]) -> dict[str, DeviceArray]:
    """The tensors of `names` that `gen` takes, each at a tag the host run replaces by
    where it puts the array (its argument's place, plus one)."""
    places = {p.name: k for k, p in enumerate(gen.params) if p.kind == "tensor"}
    return {name: _device(checked, name, (places[name] + 1) << TAG_SHIFT) for name in names if name in places}


def _with_copy(raw: bytes, copies: dict[int, Copy2D]) -> bytes:
    """A map of a repack's scratch (gemm_repack.py) as the host reads it: its address the
    source's, and the 2-D copy the launch queued (source pitch, scratch pitch, bytes a
    row, rows) in its last bytes, which the host run makes into a buffer of its own."""
    (address,) = struct.unpack_from("<Q", raw)
    copy = copies.get(address)
    if copy is None:
        assert address >> TAG_SHIFT < SCRATCH_TAG, "a map of a scratch no copy fills"
        return raw
    out = bytearray(raw)
    struct.pack_into("<Q", out, 0, copy.srcDevice)
    struct.pack_into("<4I", out, COPY_AT, copy.srcPitch, copy.dstPitch, copy.WidthInBytes, copy.Height)
    return bytes(out)


# ------------------------------------------------------------ a general variant's TMA loads

def tma_source(source: str, eager: bool = False) -> str:
    """A general variant's source whose loops load operands by TMA (lower/stage_ring.py)
    with the host's stand-ins for the mbarriers and loads of its helpers (the GEMM
    prelude's own, write/tma_prelude.py), put after the general prelude. `eager`: each
    load lands as it is issued rather than as late as a waiter allows (a stage refilled
    before every thread is done reading it then shows)."""
    head = source.find(TMA_HELPERS)
    assert head >= 0, "the TMA helpers were not found whole in the variant's source"
    helpers = TMA_HELPERS
    for ptx, host, _ in _PRELUDE_PTX:
        if ptx in helpers:
            helpers = helpers.replace(ptx, host)
    assert "asm" not in helpers, "a TMA helper's PTX has no host stand-in"
    source = source[:head] + helpers + source[head + len(TMA_HELPERS):]
    for pattern, host in _BODY_PTX:
        source = pattern.sub(host, source)
    types = source.find("namespace ph {\n" + TENSOR_MAP.rstrip("\n"))
    assert types >= 0, "the tensor map type was not found where the writer puts it"
    eagerly = "#define PH_HOST_TMA_EAGER\n" if eager else ""
    return "#define __grid_constant__\n" + eagerly + source[:types] + HOST_GEMM + source[types:]


def tma_arguments(gen: Generated, checked: Any, named: dict[str, Any]) -> list[tuple[str, Any]]:
    """The arguments of a general variant with tensor maps (each tensor the array, each
    map encoded by the runtime's own code, runtime/tensor_maps.py, against the host's
    driver, its tensors' addresses tags the host run replaces)."""
    placed = _tagged(gen, checked, [p.name for p in gen.params if p.kind == "tensor"])
    order = list(placed)
    maps = TensorMaps(gen, placed, order, encode=True)
    with host_driver():
        maps.fill([placed[name].ptr for name in order], (1, 1, 1))
    pairs: list[tuple[str, Any]] = []
    for text, p in zip(parameters(gen.source), gen.params, strict=True):
        if p.kind == "tensormap":
            value: Any = bytes(maps.cell(p))
        elif p.kind == "scalar":
            value = PACKERS[p.dtype](named[p.name])
        else:
            value = named[p.name]
        pairs.append((text, value))
    return pairs
