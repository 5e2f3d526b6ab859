"""The PTX helpers a GEMM kernel on Hopper adds to the prelude: mbarriers, TMA loads,
wgmma's fence, commit and wait, shared-memory descriptors, the persistent tile walk.

All raw PTX, so the source compiles under bare NVRTC (no CUDA headers). The wgmma
call itself depends on the plan (its N and types) and is written by gemm_writer.py.
"""

from __future__ import annotations

GEMM_PRELUDE = r"""namespace ph {
// A CUtensorMap, which the host encodes and passes by value as a __grid_constant__ parameter.
struct alignas(64) TensorMap { u64 opaque[16]; };

PH_INLINE u32 smem_address(const void* p) { return (u32)__cvta_generic_to_shared(p); }
PH_INLINE void mbar_init(u32 bar, u32 count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}
PH_INLINE void mbar_expect(u32 bar, u32 bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}
PH_INLINE void mbar_arrive(u32 bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
}
// Until the phase of parity `parity` has completed.
PH_INLINE void mbar_wait(u32 bar, u32 parity) {
  u32 done;
  do {
    asm volatile("{\n\t.reg .pred p;\n\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}" : "=r"(done) : "r"(bar), "r"(parity) : "memory");
  } while (!done);
}
// A 2-D box from global to shared memory; coordinates in elements, the innermost first.
// Parts of the box outside the tensor arrive as zeros and count in the bytes.
PH_INLINE void tma_load(u32 dst, const TensorMap* map, int inner, int outer, u32 bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%2, %3}], [%4];"
               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(bar) : "memory");
}
PH_INLINE void tma_prefetch(const TensorMap* map) {
  asm volatile("prefetch.tensormap [%0];" :: "l"((u64)map) : "memory");
}
// Without TMA (an operand's pitch or address does not allow it), the producer
// warpgroup's threads copy 16-byte chunks, row `row` and columns col..col+7 of a
// row-major [rows, cols] array of 16-bit elements, zeros outside. By cp.async in two
// 8-byte halves where the array starts 8-byte aligned and `cols` is a multiple of 4 (a
// half is then wholly inside or outside), else element by element.
template <class T> PH_INLINE void copy_async(u32 dst, const T* src, i64 row, i64 col, i64 rows, i64 cols) {
#pragma unroll
  for (int h = 0; h < 2; ++h) {
    const i64 c = col + 4 * h;
    const bool in = row >= 0 && row < rows && c >= 0 && c < cols;
    const T* p = in ? src + row * cols + c : src;
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" :: "r"(dst + 8 * h), "l"(p), "r"(in ? 8 : 0)
                 : "memory");
  }
}
template <class T> PH_INLINE void copy_elements(u32 dst, const T* src, i64 row, i64 col, i64 rows, i64 cols) {
  u32 w[4];
#pragma unroll
  for (int e = 0; e < 8; e += 2) {
    const bool r = row >= 0 && row < rows;
    const u32 lo = r && col + e >= 0 && col + e < cols ? src[row * cols + col + e].bits : 0;
    const u32 hi = r && col + e + 1 >= 0 && col + e + 1 < cols ? src[row * cols + col + e + 1].bits : 0;
    w[e / 2] = lo | (hi << 16);
  }
  asm volatile("st.shared.v4.b32 [%0], {%1, %2, %3, %4};" :: "r"(dst), "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
               : "memory");
}
// The thread's copies, once complete, count as its arrival on `bar`; its own stores
// are made visible to wgmma (the async proxy) first.
PH_INLINE void copies_arrive(u32 bar) {
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" :: "r"(bar) : "memory");
}
// What other threads wrote to a stage, made visible to this thread's wgmma.
PH_INLINE void proxy_fence() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }
// The epilogue's TMA store: a box of shared memory to the tensor (clipped at its edges),
// in this thread's bulk group; waits until its groups have read (or written) it all.
PH_INLINE void tma_store(u32 src, const TensorMap* map, int inner, int outer) {
  asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {%1, %2}], [%3];"
               :: "l"((u64)map), "r"(inner), "r"(outer), "r"(src) : "memory");
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
PH_INLINE void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
PH_INLINE void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N> PH_INLINE void wgmma_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory"); }
// A shared-memory matrix descriptor, 128-byte swizzle: start, leading and stride byte offsets.
PH_INLINE u64 smem_descriptor(u32 address, u32 lbo, u32 sbo) {
  return (u64)((address & 0x3FFFF) >> 4) | ((u64)((lbo & 0x3FFFF) >> 4) << 16)
       | ((u64)((sbo & 0x3FFFF) >> 4) << 32) | ((u64)1 << 62);
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
"""
