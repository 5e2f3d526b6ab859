"""The tensor-core instructions of sm_80 and sm_90a on the host, for tests/cuda_host.py:
with them a variant's code runs as an sm_80 device runs it (`__CUDA_ARCH__` 800), the
products on mma.sync rather than the scalar loops below it, or as the H200 runs it
(sm_90a: `__CUDA_ARCH__` 900 and `__CUDA_ARCH_FEAT_SM90_ALL`), products on wgmma.

The prelude reaches those instructions through a few helpers (write/prelude.py):
`ph::mma_f16`, `ph::mma_bf16`, `ph::mma_s8` (mma.sync), `ph::ldmatrix{2,4}[_trans]`
(ldmatrix) and the `cp.async` copies of `ph::stage_*`. `sm80_source` puts host ones in
their place. The warp-collective ones gather the warp's registers through a slot per
thread, between two meetings of the warp, as the shuffles do, and place every element
by the PTX ISA's fragment layouts ("Matrix fragments for mma.m16n8k16", "... m16n8k32",
"ldmatrix"); lane l is in group g = l / 4 at place t = l % 4:

- m16n8k16, f16 and bf16: A's register r holds row g + 8 (r % 2), columns
  2t + 8 (r / 2) and the next (low half first); B's register r rows 2t + 8r and the next
  of column g; D's d[0], d[1] row g, columns 2t and 2t + 1, and d[2], d[3] row g + 8;
- m16n8k32, s8: A's register r holds row g + 8 (r % 2), columns 4t + 16 (r / 2) to
  4t + 16 (r / 2) + 3 (lowest byte first); B's register r rows 4t + 16r to 4t + 16r + 3
  of column g; D as above;
- ldmatrix .x4 (.x2): lanes 8i to 8i + 7 give the addresses of matrix i's 8 rows; lane l
  receives row l / 4, elements 2t and 2t + 1 of matrix i in r[i] (of its transpose with
  .trans).

- wgmma m64nNk16 (f16, bf16): warp w of the warpgroup holds rows 16w + g (+ 8) of D,
  register 4j + v being element v of the j-th 8-column slab as mma.sync's D places it; A
  from registers is each warp's mma.sync A fragment of its 16 rows; an operand in shared
  memory is read through its descriptor (start, leading and stride byte offsets, in 16
  bytes) with the 128-byte swizzle (the 16-byte chunk bits 4-6 of an address xor its bits
  7-9): K-major, element (row, k) at start + (row % 8) 128 + (row / 8) stride + 2k;
  MN-major (B only), element (k, n) at start + (k % 8) 128 + (k / 8) stride +
  (n / 64) leading + 2 (n % 64).

The products are summed in f32 (i32, wrapping, for s8) in k's order; the device's own
order and internal precision may differ within the tolerances the results are compared
at. A cp.async copy lands as late as it may: its source is read at issue, and it is
written into shared memory when a `cp.async.wait_group N` (or `wait_all`) retires its
group, every committed group but the newest N in order; so a turn that reads a stage
its wait does not cover reads what the stage held before (the last turn's, or the
NaN bytes a CTA starts with). A wgmma is asynchronous, as
on the device: it is only recorded when issued, `wgmma.commit_group` closes a group, and
`wgmma.wait_group N` completes every group but the newest N, in order, each product
reading its shared memory then (a stage overwritten before the wait is read as it is
then). Before completing, each product checks that its accumulator and A registers are
as they were at its issue, and stops the run with the hazard named where code touched
them between the issue and the wait (the PTX ISA forbids it). A thread that ends with
products pending stops the run too.
"""

from __future__ import annotations

import re

HOST_SM80 = r"""
// ---- sm_80's tensor-core instructions on the host (tests/cuda_host_mma.py)
unsigned ph_host_frag[1024][6];
inline float ph_host_half(unsigned word, int half, bool bf) {
  const unsigned short bits = (unsigned short)(word >> (16 * half));
  return bf ? __uint_as_float((unsigned)bits << 16) : ph_host_f16_to_f32(bits);
}
inline int ph_host_byte(unsigned word, int byte) { return (int)(signed char)(word >> (8 * byte)); }
// Each lane's A and B registers to the warp's slots; its four outputs from all of them.
template <class Acc, class Element>
void ph_host_mma(Acc (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2], int k_size, Element element) {
  const unsigned t = threadIdx.x, lane = t % 32, base = t - lane;
  for (int r = 0; r < 4; ++r) ph_host_frag[t][r] = a[r];
  for (int r = 0; r < 2; ++r) ph_host_frag[t][4 + r] = b[r];
  warp_bar[t / 32]->arrive_and_wait();
  const int g = (int)lane / 4, q = (int)lane % 4;
  for (int i = 0; i < 4; ++i) {
    const int row = g + 8 * (i / 2), col = 2 * q + i % 2;
    Acc sum = d[i];
    for (int k = 0; k < k_size; ++k) sum += element(row, col, k, base);
    d[i] = sum;
  }
  warp_bar[t / 32]->arrive_and_wait();
}
inline float ph_host_product16(int row, int col, int k, unsigned base, bool bf) {
  const int a_reg = 2 * (k / 8) + row / 8, a_lane = 4 * (row % 8) + (k % 8) / 2;
  const int b_reg = k / 8, b_lane = 4 * col + (k % 8) / 2;
  return ph_host_half(ph_host_frag[base + a_lane][a_reg], k % 2, bf) *
         ph_host_half(ph_host_frag[base + b_lane][4 + b_reg], k % 2, bf);
}
inline int ph_host_product8(int row, int col, int k, unsigned base) {
  const int a_reg = 2 * (k / 16) + row / 8, a_lane = 4 * (row % 8) + (k % 16) / 4;
  const int b_reg = k / 16, b_lane = 4 * col + (k % 16) / 4;
  const int a = ph_host_byte(ph_host_frag[base + a_lane][a_reg], k % 4);
  return a * ph_host_byte(ph_host_frag[base + b_lane][4 + b_reg], k % 4);
}
// cp.async: a copy lands as late as the PTX ISA lets it, when a wait retires its group
// (its source read at issue), so a stage read before the wait that covers it still holds
// what it held before; copies a thread never waited for are dropped with its CTA.
#include <deque>
#include <vector>
struct PhHostCopy {
  unsigned dst;
  unsigned char bytes[16];
};
thread_local std::vector<PhHostCopy> ph_host_copies_open;
thread_local std::deque<std::vector<PhHostCopy>> ph_host_copy_groups;
inline void ph_host_copy(unsigned dst, const void* src) {
  PhHostCopy copy{dst, {}};
  memcpy(copy.bytes, src, 16);
  ph_host_copies_open.push_back(copy);
}
inline void ph_host_copy_commit() {
  ph_host_copy_groups.push_back(std::move(ph_host_copies_open));
  ph_host_copies_open.clear();
}
inline void ph_host_copy_wait(int newest) {
  while ((int)ph_host_copy_groups.size() > newest) {
    for (const PhHostCopy& copy : ph_host_copy_groups.front()) memcpy(smem_buf + copy.dst, copy.bytes, 16);
    ph_host_copy_groups.pop_front();
  }
}
inline void ph_host_copies_dropped() {
  ph_host_copies_open.clear();
  ph_host_copy_groups.clear();
}
#define PH_HOST_COPIES_AFTER_CTA() ph_host_copies_dropped()
namespace ph {
inline void mma_f16(float (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  ph_host_mma(d, a, b, 16, [](int r, int c, int k, unsigned base) { return ph_host_product16(r, c, k, base, false); });
}
inline void mma_bf16(float (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  ph_host_mma(d, a, b, 16, [](int r, int c, int k, unsigned base) { return ph_host_product16(r, c, k, base, true); });
}
inline void mma_s8(int (&d)[4], const unsigned (&a)[4], const unsigned (&b)[2]) {
  unsigned wrapped[4];  // i32 sums wrap, as the device's do
  for (int i = 0; i < 4; ++i) wrapped[i] = (unsigned)d[i];
  int start[4] = {0, 0, 0, 0};
  ph_host_mma(start, a, b, 32, [](int r, int c, int k, unsigned base) { return ph_host_product8(r, c, k, base); });
  for (int i = 0; i < 4; ++i) d[i] = (int)(wrapped[i] + (unsigned)start[i]);
}
// ldmatrix: the warp's row addresses to the slots; each lane reads its elements.
template <int N> inline void ph_host_ldmatrix(unsigned (&r)[N], unsigned address, bool trans) {
  const unsigned t = threadIdx.x, lane = t % 32, base = t - lane;
  ph_host_frag[t][0] = address;
  warp_bar[t / 32]->arrive_and_wait();
  const unsigned g = lane / 4, q = lane % 4;
  for (int i = 0; i < N; ++i) {
    unsigned short lo, hi;
    if (trans) {  // row g of the transpose: column g of rows 2q and 2q + 1
      memcpy(&lo, smem_buf + ph_host_frag[base + 8 * i + 2 * q][0] + 2 * g, 2);
      memcpy(&hi, smem_buf + ph_host_frag[base + 8 * i + 2 * q + 1][0] + 2 * g, 2);
    } else {
      memcpy(&lo, smem_buf + ph_host_frag[base + 8 * i + g][0] + 4 * q, 2);
      memcpy(&hi, smem_buf + ph_host_frag[base + 8 * i + g][0] + 4 * q + 2, 2);
    }
    r[i] = (unsigned)lo | ((unsigned)hi << 16);
  }
  warp_bar[t / 32]->arrive_and_wait();
}
inline void ldmatrix4(unsigned (&r)[4], unsigned address) { ph_host_ldmatrix(r, address, false); }
inline void ldmatrix4_trans(unsigned (&r)[4], unsigned address) { ph_host_ldmatrix(r, address, true); }
inline void ldmatrix2(unsigned (&r)[2], unsigned address) { ph_host_ldmatrix(r, address, false); }
inline void ldmatrix2_trans(unsigned (&r)[2], unsigned address) { ph_host_ldmatrix(r, address, true); }
}  // namespace ph
"""

HOST_SM90 = r"""
// ---- sm_90a's wgmma on the host (tests/cuda_host_mma.py)
inline unsigned ph_host_swizzled(unsigned address) { return address ^ (((address >> 7) & 7u) << 4); }
inline float ph_host_smem_half(unsigned address, bool bf) {
  unsigned short bits;
  memcpy(&bits, smem_buf + ph_host_swizzled(address), 2);
  return bf ? __uint_as_float((unsigned)bits << 16) : ph_host_f16_to_f32(bits);
}
// Element (row, k) of a K-major operand, or (k, n) of an MN-major B, through its descriptor.
inline float ph_host_described(unsigned long long desc, int row, int k, bool k_major, bool bf) {
  const unsigned start = (unsigned)(desc & 0x3FFFu) << 4, lbo = (unsigned)((desc >> 16) & 0x3FFFu) << 4;
  const unsigned sbo = (unsigned)((desc >> 32) & 0x3FFFu) << 4;
  if (k_major) return ph_host_smem_half(start + (row % 8) * 128 + (row / 8) * sbo + 2 * k, bf);
  const int n = row;
  return ph_host_smem_half(start + (k % 8) * 128 + (k / 8) * sbo + (n / 64) * lbo + 2 * (n % 64), bf);
}
template <int N, bool BF, bool A_SHARED, bool B_K_MAJOR>
void ph_host_wgmma_now(float (&d)[N / 2], const unsigned* a_regs, unsigned long long a_desc, unsigned long long b) {
  const unsigned t = threadIdx.x, lane = t % 32, warp = t / 32 % 4, group = t / 128;
  std::barrier<>* meet = wg_bar[group];
  if (!A_SHARED)
    for (int r = 0; r < 4; ++r) ph_host_frag[t][r] = a_regs[r];
  meet->arrive_and_wait();
  const int g = (int)lane / 4, q = (int)lane % 4;
  for (int i = 0; i < N / 2; ++i) {
    const int row = 16 * (int)warp + g + 8 * (i % 4 / 2), col = 8 * (i / 4) + 2 * q + i % 2;
    float sum = d[i];
    for (int k = 0; k < 16; ++k) {
      float a;
      if (A_SHARED) {
        a = ph_host_described(a_desc, row, k, true, BF);
      } else {  // mma.sync's A fragment of the warp that holds the row
        const int holder = 4 * (row % 8) + (k % 8) / 2, reg = 2 * (k / 8) + (row % 16) / 8;
        a = ph_host_half(ph_host_frag[128 * group + 32 * (row / 16) + holder][reg], k % 2, BF);
      }
      sum += a * ph_host_described(b, col, k, B_K_MAJOR, BF);
    }
    d[i] = sum;
  }
  meet->arrive_and_wait();
}
#include <deque>
#include <functional>
#define PH_HOST_AFTER_CTA() ph_host_wgmma_drained()
// A product issued and not yet complete: what it computes, and its registers as issued.
struct PhHostWgmma {
  std::function<void()> complete;
  float* d;
  int d_size;
  std::vector<float> d_issued;
  const unsigned* a_regs;
  std::vector<unsigned> a_issued;
};
thread_local std::vector<PhHostWgmma> ph_host_uncommitted;
thread_local std::deque<std::vector<PhHostWgmma>> ph_host_groups;
[[noreturn]] inline void ph_host_hazard(const char* what) {
  fprintf(stderr, "wgmma hazard: thread %u touched a product's %s between its issue and its wait_group\n",
          threadIdx.x, what);
  fflush(stderr);
  std::abort();
}
template <int N, bool BF, bool A_SHARED, bool B_K_MAJOR>
void ph_host_wgmma(float (&d)[N / 2], const unsigned* a_regs, unsigned long long a_desc, unsigned long long b) {
  PhHostWgmma op{[&d, a_regs, a_desc, b] { ph_host_wgmma_now<N, BF, A_SHARED, B_K_MAJOR>(d, a_regs, a_desc, b); },
                 d, N / 2, std::vector<float>(d, d + N / 2), a_regs,
                 A_SHARED ? std::vector<unsigned>() : std::vector<unsigned>(a_regs, a_regs + 4)};
  ph_host_uncommitted.push_back(std::move(op));
}
inline void ph_host_wgmma_commit() {
  ph_host_groups.push_back(std::move(ph_host_uncommitted));
  ph_host_uncommitted.clear();
}
inline void ph_host_wgmma_wait(int newest) {
#ifdef PH_HOST_TMA_EAGER  // warpgroups after the first read their stages late: one refilled too early shows
  if (threadIdx.x >= 128 && (int)ph_host_groups.size() > newest)
    std::this_thread::sleep_for(std::chrono::microseconds(300));
#endif
  while ((int)ph_host_groups.size() > newest) {
    std::vector<PhHostWgmma> group = std::move(ph_host_groups.front());
    ph_host_groups.pop_front();
    for (const PhHostWgmma& op : group) {  // all checked before any completes: they may share d
      if (memcmp(op.d, op.d_issued.data(), sizeof(float) * op.d_size) != 0) ph_host_hazard("accumulator registers");
      if (!op.a_issued.empty() && memcmp(op.a_regs, op.a_issued.data(), sizeof(unsigned) * 4) != 0)
        ph_host_hazard("A registers");
    }
    for (const PhHostWgmma& op : group) op.complete();
  }
}
inline void ph_host_wgmma_drained() {
  if (!ph_host_uncommitted.empty() || !ph_host_groups.empty()) ph_host_hazard("result: it never waited for it, and");
}
"""
_WGMMA = re.compile(r"PH_INLINE void (wgmma_m64n(\d+)k16_(bf16|f16)_(ss|rs)_(k|mn))\(f32 \(&d\)\[\d+\], "
                    r"(u64 a|const u32 \(&a\)\[4\]), u64 b\) \{\n  asm volatile\(.*?\);\n\}\n", re.S)
_SM90_FENCES = re.compile(r'asm volatile\("(?:fence\.proxy\.async\.shared::cta|wgmma\.fence\.sync\.aligned);"[^;]*;')
_SM90_COMMIT = re.compile(r'asm volatile\("wgmma\.commit_group\.sync\.aligned;"[^;]*;')
_SM90_WAIT = re.compile(r'asm volatile\("wgmma\.wait_group\.sync\.aligned %0;" :: "n"\(N\)[^;]*;')
# in_flight.WAIT_AFTER: a hint to ptxas's scheduling, nothing on the host.
_WAIT_AFTER = re.compile(r"PH_INLINE void wait_after\(u32 bits\) \{\n.*?\n\}\n", re.S)


def _wgmma(m: re.Match[str]) -> str:
    name, n, t, a, b = m[1], int(m[2]), m[3], m[4], m[5]
    shared, params = a == "ss", f"f32 (&d)[{n // 2}], {m[6]}, u64 b"
    call = (f"ph_host_wgmma<{n}, {str(t == 'bf16').lower()}, {str(shared).lower()}, {str(b == 'k').lower()}>"
            f"(d, {'nullptr, a' if shared else 'a, 0'}, b);")
    return f"PH_INLINE void {name}({params}) {{ {call} }}\n"


def sm90_source(source: str) -> str:
    """`source` as sm_80_source gives it, with the host's wgmma in place of each of the
    kernel's wgmma helpers, its commits and waits, and the async proxy's fences doing
    nothing."""
    source = sm80_source(source)
    source, count = _WGMMA.subn(_wgmma, source)
    assert count >= 1 or "ph::wgmma_m64" not in source, "a wgmma helper the host does not know"
    source, _ = _SM90_FENCES.subn(";", source)
    source, _ = _WAIT_AFTER.subn("PH_INLINE void wait_after(u32) {}\n", source)
    for pattern, call in ((_SM90_COMMIT, "ph_host_wgmma_commit();"), (_SM90_WAIT, "ph_host_wgmma_wait(N);")):
        source, count = pattern.subn(call, source)
        assert count == 1, f"the prelude's {call} was found {count} times"
    return source.replace(HOST_SM80, HOST_SM80 + HOST_SM90, 1)


# The prelude's blocks that reach sm_80's tensor-core instructions, each put in its place
# by the host's: the mma.sync helpers, the ldmatrix helpers, and the cp.async copies.
_MMA = re.compile(r"#if __CUDA_ARCH__ >= 800\n#define PH_MMA.*?#undef PH_MMA\n#endif\n", re.S)
_LDMATRIX = re.compile(r"#if __CUDA_ARCH__ >= 750\nPH_INLINE void ldmatrix4\(.*?\n#endif\n", re.S)
_COPY = re.compile(r'asm volatile\("cp\.async\.cg\.shared\.global \[%0\], \[%1\], 16;" :: "r"\(dst\), '
                   r'"l"\(src\) : "memory"\);')
_COPY_WAITS = {  # the prelude's cp.async group instructions, and the host's
    'asm volatile("cp.async.wait_all;" ::: "memory");': "ph_host_copy_commit(); ph_host_copy_wait(0);",
    'asm volatile("cp.async.commit_group;" ::: "memory");': "ph_host_copy_commit();",
    'asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory");': "ph_host_copy_wait(N);",
}


def sm80_source(source: str) -> str:
    """`source` (a variant's whole C++) with the host's sm_80 tensor-core helpers in place
    of the prelude's; each block must be found once, so a change to the prelude that
    moves one fails here rather than running the device's inline PTX."""
    for pattern, replacement in ((_MMA, ""), (_LDMATRIX, "")):
        source, count = pattern.subn(replacement, source)
        assert count == 1, f"the prelude's block {pattern.pattern[:40]!r} was found {count} times"
    source, count = _COPY.subn("ph_host_copy(dst, src);", source)
    assert count == 1, "the prelude's cp.async copy was not found once"
    for wait, call in _COPY_WAITS.items():
        assert source.count(wait) == 1, f"the prelude's {wait} was not found once"
        source = source.replace(wait, call)
    head = source.index("namespace ph {")
    return source[:head] + HOST_SM80 + source[head:]
