"""The PTX helpers a GEMM kernel on Hopper adds to the prelude: mbarriers, TMA loads and
stores, the producer's copies, the persistent tile walk (wgmma's fence, commit, wait and
descriptors are the general prelude's, which any product on Hopper uses).

All raw PTX, so the source compiles under bare NVRTC (no CUDA headers). The wgmma
call itself depends on the plan (its N and types) and is written by gemm_writer.py.
"""

from __future__ import annotations

from ..write.tma_prelude import TENSOR_MAP, TMA_HELPERS

GEMM_PRELUDE = "namespace ph {\n" + TENSOR_MAP + TMA_HELPERS + (
    r"""// Clusters of two CTAs: each loads half of B's boxes into both (`mask` 0b11, the same
// offsets, completing on the same mbarrier in each), and a stage is refilled only once
// the consumers of both have released it, each arriving on its peer's barrier too
// (with the arrive's default, CTA-scoped release: a cluster-scoped one made every
// consumer wait at each stage, halving the pair's speed on the H200).
PH_INLINE void tma_load_multicast(u32 dst, const TensorMap* map, int inner, int outer, u32 bar, u16 mask) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
               " [%0], [%1, {%2, %3}], [%4], %5;"
               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(bar), "h"(mask) : "memory");
}
PH_INLINE void tma_load_multicast(u32 dst, const TensorMap* map, int inner, int outer, int matrix, u32 bar,
                                  u16 mask) {
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster"
               " [%0], [%1, {%2, %3, %4}], [%5], %6;"
               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(matrix), "r"(bar), "h"(mask) : "memory");
}
PH_INLINE void mbar_arrive_peer(u32 bar, u32 peer) {
  asm volatile("{\n\t.reg .b32 remote;\n\tmapa.shared::cluster.u32 remote, %0, %1;\n\t"
               "mbarrier.arrive.shared::cluster.b64 _, [remote];\n\t}" :: "r"(bar), "r"(peer)
               : "memory");
}
PH_INLINE u32 cluster_rank() {
  u32 rank;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  return rank;
}
// Every thread of both CTAs: after the barriers' initialization (before any peer uses
// them), and before either exits (while its peer may still write to it).
PH_INLINE void cluster_sync() {
  asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
}
PH_INLINE void tma_prefetch(const TensorMap* map) {
  asm volatile("prefetch.tensormap [%0];" :: "l"((u64)map) : "memory");
}
// Without TMA (an operand's pitch or address does not allow it), the producer
// warpgroup's threads copy 16-byte chunks: row `row`, the 16 bytes from column `col`,
// of a row-major [rows, cols] array, zeros outside. By cp.async in pieces of 4
// elements where the array starts 16-byte aligned and `cols` is a multiple of 4 (a
// piece is then wholly inside or outside), realigned (copy_realigned) where it starts
// aligned only, else byte by byte.
template <class T> PH_INLINE void copy_async(u32 dst, const T* src, i64 row, i64 col, i64 rows, i64 cols) {
  constexpr int piece = 4 * sizeof(T);
#pragma unroll
  for (int h = 0; h < 16 / piece; ++h) {
    const i64 c = col + 4 * h;
    const bool in = row >= 0 && row < rows && c >= 0 && c < cols;
    const T* p = in ? src + row * cols + c : src;
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" :: "r"(dst + piece * h), "l"(p), "n"(piece),
                 "r"(in ? piece : 0) : "memory");
  }
}
template <class T> PH_INLINE void copy_elements(u32 dst, const T* src, i64 row, i64 col, i64 rows, i64 cols) {
  const unsigned char* bytes = (const unsigned char*)src;
  u32 w[4] = {0, 0, 0, 0};
#pragma unroll
  for (int b = 0; b < 16; ++b) {
    const i64 c = col + b / (int)sizeof(T);
    if (row >= 0 && row < rows && c >= 0 && c < cols)
      w[b / 4] |= (u32)bytes[(row * cols + c) * (i64)sizeof(T) + b % (int)sizeof(T)] << (8 * (b % 4));
  }
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" :: "r"(dst), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
               : "memory");
}
// Where the array starts 16-byte aligned but its rows are not a multiple of 16 bytes
// apart (so a chunk is only element-aligned): the two aligned 16-byte pieces that hold
// the chunk, realigned in registers. A chunk at the array's edges, or whose second
// piece would reach past the array's end, goes element by element.
template <class T> PH_INLINE bool realigned_inside(const T* src, i64 row, i64 col, i64 rows, i64 cols) {
  const u64 lo = (u64)(src + row * cols + col) & ~(u64)15;
  return (row >= 0) & (row < rows) & (col >= 0) & (col + 16 / (i64)sizeof(T) <= cols) &
         (lo + 32 <= (u64)(src + rows * cols));
}
// The 16 bytes `offset` bytes into the 32 of x and y, to shared `dst`; the store has no
// memory clobber, so the loads of several chunks may all be in flight before it.
PH_INLINE void store_realigned(u32 dst, uint4 x, uint4 y, u32 offset) {
  const u32 w[8] = {x.x, x.y, x.z, x.w, y.x, y.y, y.z, y.w};
  const u32 words = offset >> 2, shift = 0x3210u + 0x1111u * (offset & 3u);
  u32 a[5];
#pragma unroll
  for (int i = 0; i < 5; ++i)  // the words from the chunk's first, selected without indexing registers
    a[i] = words == 0 ? w[i] : words == 1 ? w[i + 1] : words == 2 ? w[i + 2] : w[i + 3];
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" :: "r"(dst), "r"(__byte_perm(a[0], a[1], shift)),
               "r"(__byte_perm(a[1], a[2], shift)), "r"(__byte_perm(a[2], a[3], shift)),
               "r"(__byte_perm(a[3], a[4], shift)));
}
PH_INLINE uint4 load_global16(u64 p) {
  uint4 v;
  asm("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  return v;
}
// N chunks so copied, with every chunk's loads issued before the first store: one
// chunk at a time would wait out the memory's latency N times. Where one is at an
// edge, all go element by element (what they hold would not fit beside the loads'
// registers otherwise).
template <int N, class T> PH_INLINE void copy_realigned(const u32 (&dst)[N], const T* src, const i64 (&row)[N],
                                                      const i64 (&col)[N], i64 rows, i64 cols) {
  bool inside = true;
  u64 at[N];
#pragma unroll
  for (int j = 0; j < N; ++j) {
    inside &= realigned_inside(src, row[j], col[j], rows, cols);
    at[j] = (u64)(src + row[j] * cols + col[j]);
  }
  if (!inside) {
#pragma unroll
    for (int j = 0; j < N; ++j) copy_elements(dst[j], src, row[j], col[j], rows, cols);
    return;
  }
  uint4 x[N], y[N];
#pragma unroll
  for (int j = 0; j < N; ++j) {
    x[j] = load_global16(at[j] & ~(u64)15);
    y[j] = load_global16((at[j] & ~(u64)15) + 16);
  }
#pragma unroll
  for (int j = 0; j < N; ++j) store_realigned(dst[j], x[j], y[j], (u32)at[j] & 15u);
}
// An 8-bit B tile stored K-major for wgmma: the 4 x 4 bytes at rows k..k+3, columns
// n..n+3 of a row-major [rows, cols] array, transposed, each column n + c to its K-major
// row of the 128-byte-swizzled tile at `dst` (k0: k's place in the stage's 128). An
// aligned word (`cols` a multiple of 4) is wholly inside or outside; an unaligned one
// takes only its row's bytes.
PH_INLINE u32 word_at(const i8* src, i64 row, i64 col, i64 rows, i64 cols, bool aligned) {
  if (row < 0 || row >= rows) return 0;
  if (aligned) return (col < 0 || col >= cols) ? 0u : *(const u32*)(src + row * cols + col);
  const u8* p = (const u8*)(src + row * cols);
  u32 w = 0;
#pragma unroll
  for (int b = 0; b < 4; ++b)
    if (col + b >= 0 && col + b < cols) w |= (u32)p[col + b] << (8 * b);
  return w;
}
PH_INLINE void copy_transposed(u32 dst, const i8* src, i64 k, i64 n, int k0, int n0, i64 rows, i64 cols,
                               bool aligned) {
  const u32 w0 = word_at(src, k, n, rows, cols, aligned), w1 = word_at(src, k + 1, n, rows, cols, aligned);
  const u32 w2 = word_at(src, k + 2, n, rows, cols, aligned), w3 = word_at(src, k + 3, n, rows, cols, aligned);
  const u32 lo01 = __byte_perm(w0, w1, 0x5140), lo23 = __byte_perm(w2, w3, 0x5140);
  const u32 hi01 = __byte_perm(w0, w1, 0x7362), hi23 = __byte_perm(w2, w3, 0x7362);
  const u32 out[4] = {__byte_perm(lo01, lo23, 0x5410), __byte_perm(lo01, lo23, 0x7632),
                      __byte_perm(hi01, hi23, 0x5410), __byte_perm(hi01, hi23, 0x7632)};
#pragma unroll
  for (int c = 0; c < 4; ++c) {
    const u32 r = n0 + c;
    const u32 at = dst + r * 128 + ((((u32)k0 >> 4) ^ (r & 7)) << 4) + (k0 & 15);
    asm volatile("st.shared.b32 [%0], %1;" :: "r"(at), "r"(out[c]) : "memory");
  }
}
// The thread's copies, once complete, count as its arrival on `bar`; its own stores
// are made visible to wgmma (the async proxy) first.
PH_INLINE void copies_arrive(u32 bar) {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" :: "r"(bar) : "memory");
}
// The epilogue's TMA store: a box of shared memory to the tensor (clipped at its edges),
// in this thread's bulk group; waits until its groups have read (or written) it all.
PH_INLINE void tma_store(u32 src, const TensorMap* map, int inner, int outer) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];"
               :: "l"((u64)map), "r"(inner), "r"(outer), "r"(src) : "memory");
}
PH_INLINE void tma_store(u32 src, const TensorMap* map, int inner, int outer, int matrix) {
  asm volatile("cp.async.bulk.tensor.3d.global.shared::cta.bulk_group [%0, {%1, %2, %3}], [%4];"
               :: "l"((u64)map), "r"(inner), "r"(outer), "r"(matrix), "r"(src) : "memory");
}
PH_INLINE void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
PH_INLINE void bulk_wait_read() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }
PH_INLINE void bulk_wait() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
// A barrier for the `count` threads of one warpgroup (barrier 0 is __syncthreads's).
PH_INLINE void named_sync(int id, int count) { asm volatile("bar.sync %0, %1;" :: "r"(id), "r"(count) : "memory"); }
// Where element (row, col) of a tile of 128-byte-swizzled boxes of `box_cols` columns lies.
PH_INLINE u32 swizzled(u32 row, u32 col, u32 box_cols, u32 box_bytes, u32 element) {
  const u32 byte = (col % box_cols) * element;
  return (col / box_cols) * box_bytes + row * 128 + ((((byte >> 4) ^ (row & 7))) << 4) + (byte & 15);
}
// Ampere and Ada (sm_80 to sm_89): the whole CTA copies stages with cp.async groups,
// reads fragments with ldmatrix (prelude.py) and multiplies with mma.sync.
PH_INLINE void copies_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> PH_INLINE void copies_wait() { asm volatile("cp.async.wait_group %0;" :: "n"(N) : "memory"); }
// The block rows a group of the persistent walk spans: `ctas` tiles in flight, `rows`
// high and ctas / rows wide, read rows * h + ctas / rows * w rows and columns of the
// operands, fewest where rows = sqrt(ctas * w / h) (`aspect`: the tile's w / h).
PH_INLINE i64 wave_rows(u32 ctas, i64 gy, f32 aspect) {
  return max64(1, min64((i64)(sqrtf((f32)ctas * aspect) + 0.5f), gy));
}
// The user's block of the persistent walk's `tile`: groups of `group` rows of y, each
// swept column by column, so the tiles in flight share operand panels in L2.
PH_INLINE void grouped_block(i64 tile, i64 gx, i64 gy, i64 group, i64& bx, i64& by, i64& bz) {
  const i64 plane = gx * gy;
  bz = tile / plane;
  const i64 rest = tile - bz * plane;
  const i64 per_group = group * gx;
  const i64 first = rest / per_group * group;
  const i64 rows = min64(gy - first, group);
  const i64 local = rest % per_group;
  by = first + local % rows;
  bx = local / rows;
}
}  // namespace ph
""")
