"""The PTX helpers of TMA loads into shared memory that complete on mbarriers, which the
GEMM kernel's producer (gemm/gemm_prelude.py) and the general writer's loops
(lower/stage_ring.py) both write: the tensor map type a kernel takes as a parameter, the
mbarrier's init, arrivals and wait, and 2-D and 3-D loads. Raw PTX, so the source
compiles under bare NVRTC (no CUDA headers); the helpers only on sm_90a.
"""

from __future__ import annotations

TENSOR_MAP = r"""// A CUtensorMap, which the host encodes and passes by value as a __grid_constant__ parameter.
struct alignas(64) TensorMap { u64 opaque[16]; };

"""

TMA_HELPERS = r"""PH_INLINE void mbar_init(u32 bar, u32 count) {
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
// The same from a matrix of a batch (a 3-D map: columns, rows, the matrices).
PH_INLINE void tma_load(u32 dst, const TensorMap* map, int inner, int outer, int matrix, u32 bar) {
  asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%2, %3, %4}], [%5];"
               :: "r"(dst), "l"((u64)map), "r"(inner), "r"(outer), "r"(matrix), "r"(bar) : "memory");
}
"""
