// Phobos prototype: persistent, warp-specialised Hopper GEMM (sm_90a, NVRTC).
//
//   C[M,N] (f32, row-major, leading dim ldc) = A[M,K] (bf16, row-major) @ B[K,N] (bf16, row-major)
//
// A is K-major (what wgmma wants by default).  B is N-major ("MN-major"); it is NOT transposed on
// the host, wgmma reads it transposed from shared memory (imm-trans-b = 1).
//
// This file is a template: gemm.py substitutes the at-sign-delimited tokens (tile sizes etc.) and the
// generated wgmma wrapper (a 128-operand asm statement that is tedious to
// write by hand).  The expanded source is written to build/ for reading.
//
// Structure (one CTA per SM, persistent):
//   warpgroup 0  = producer.  setmaxnreg.dec to PRODUCER_REGS (24); one thread issues all TMA loads.
//   warpgroups 1,2 = consumers. setmaxnreg.inc to CONSUMER_REGS (240); consumer c owns rows
//                    [64c, 64c+64) of the BMxBN CTA tile, one m64nBNk16 accumulator (BN/2 f32 regs).
//   A ring of STAGES shared-memory stages; stage s = { A tile BMxBK, B tile BKxBN }, guarded by
//   full[s] (TMA -> consumers, tx-count) and empty[s] (consumers -> producer, 1 arrive per consumer WG).
//   Both roles walk the same tile sequence (tile = blockIdx.x + i*gridDim.x, grouped order), so
//   they agree on the stage/phase of every k-block without talking about tiles.
//
// No host headers: everything is raw PTX so the source compiles under bare NVRTC.

#define BM @BM@
#define BN @BN@
#define BK 64
#define STAGES @STAGES@
#define GROUP_M @GROUP_M@
#define NUM_CONSUMERS 2
#define NUM_THREADS (128 * (NUM_CONSUMERS + 1))

// Shared-memory stage layout (bytes).  128-byte swizzle: each TMA box row is exactly 128 bytes
// (64 bf16) and the swizzle pattern repeats every 8 rows = 1024 bytes, so every sub-tile base
// below is a multiple of 1024 (required: the descriptor "base offset" field is left 0).
//   A stage: one box of 64(k) x BM(m) -> BM rows of 128 B, row m at m*128.  K-major.
//   B stage: BN/64 boxes of 64(n) x 64(k) -> box j holds columns [64j, 64j+64), k row at k*128
//            inside the box, boxes 8192 B apart.  N-major.
#define A_STAGE_BYTES (BM * BK * 2)
#define B_BOX_BYTES (BK * 64 * 2)            // 8192
#define B_STAGE_BYTES (BK * BN * 2)
#define STAGE_BYTES (A_STAGE_BYTES + B_STAGE_BYTES)

typedef unsigned int u32;
typedef unsigned long long u64;

// Opaque CUtensorMap (cuda.h is a host header); filled by cuTensorMapEncodeTiled on the host and
// passed by value as a __grid_constant__ parameter, so its generic address is in param space.
struct alignas(64) TensorMap { u64 opaque[16]; };

// ------------------------------------------------------------------------------------------------
// PTX helpers
// ------------------------------------------------------------------------------------------------

__device__ __forceinline__ u32 smem_u32(const void* p) {
    return (u32)__cvta_generic_to_shared(p);
}

__device__ __forceinline__ void mbar_init(u32 bar, u32 count) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(bar), "r"(count) : "memory");
}

// Producer: announce how many bytes the TMA loads of this phase will deliver, and arrive.
__device__ __forceinline__ void mbar_arrive_expect_tx(u32 bar, u32 bytes) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(bar), "r"(bytes) : "memory");
}

__device__ __forceinline__ void mbar_arrive(u32 bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(bar) : "memory");
}

// Spin until the phase with parity `parity` has completed.  try_wait (not test_wait) lets the
// hardware suspend the thread for a while instead of hammering the barrier.
__device__ __forceinline__ void mbar_wait(u32 bar, u32 parity) {
    u32 done;
    do {
        asm volatile(
            "{\n\t.reg .pred p;\n\t"
            "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
            "selp.u32 %0, 1, 0, p;\n\t}"
            : "=r"(done) : "r"(bar), "r"(parity) : "memory");
    } while (!done);
}

// 2-D tiled TMA load global -> shared, completion signalled on `bar` as tx bytes.  Coordinates
// are in elements, innermost (contiguous) dimension first.  Out-of-bounds parts of the box are
// zero-filled and still counted in the transaction bytes, which is what makes ragged M/N/K work.
__device__ __forceinline__ void tma_load_2d(u32 dst, const TensorMap* map, int c0, int c1, u32 bar) {
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3}], [%4];"
        :: "r"(dst), "l"((u64)map), "r"(c0), "r"(c1), "r"(bar) : "memory");
}

__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }
__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }
template <int N>
__device__ __forceinline__ void wgmma_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory"); }

// Shared-memory matrix descriptor (PTX ISA "Matrix Descriptor Format" for wgmma):
//   bits  0-13  start address >> 4       bits 16-29  leading-dimension byte offset (LBO) >> 4
//   bits 32-45  stride-dimension byte offset (SBO) >> 4
//   bits 49-51  base offset (0: all our tiles are 1024-aligned)   bits 62-63  swizzle, 1 = 128 B
// Meaning of LBO/SBO for the 128-byte swizzle, in our layouts:
//   K-major A : SBO = 1024 = distance between consecutive 8-row (8 x 128 B) groups along M;
//               LBO is unused for swizzled K-major (one k16 slice is 32 B, inside the 128 B row).
//   MN-major B: the canonical atom is 64 n (128 B) x 8 k rows.  LBO = distance between atoms
//               along N (our 64-column boxes, 8192 B apart); SBO = distance between atoms along
//               K (8 k rows, 1024 B).
__device__ __forceinline__ u64 make_desc(u32 saddr, u32 lbo, u32 sbo) {
    u64 d = 0;
    d |= (u64)((saddr & 0x3FFFF) >> 4);
    d |= (u64)((lbo & 0x3FFFF) >> 4) << 16;
    d |= (u64)((sbo & 0x3FFFF) >> 4) << 32;
    d |= (u64)1 << 62;
    return d;
}

// D(64xBN, f32) (+)= A(64x16, K-major, smem) * B(16xBN, N-major, smem).
// scale_d == 0 -> D = A*B (used for the first k-slice of a tile, so we never have to zero the
// accumulators with ordinary instructions between wgmmas).  imm-trans-a = 0, imm-trans-b = 1.
@WGMMA_WRAPPER@

// Grouped ("super-row") tile order: consecutive tile ids sweep GROUP_M tile-rows column by
// column, so the ~132 tiles in flight at once share a few A row-panels and B column-panels in L2.
__device__ __forceinline__ void tile_coords(int tile, int num_m, int num_n, int& m_blk, int& n_blk) {
    const int per_group = GROUP_M * num_n;
    const int group = tile / per_group;
    const int first_m = group * GROUP_M;
    const int rows = min(num_m - first_m, GROUP_M);
    const int local = tile - group * per_group;
    m_blk = first_m + local % rows;
    n_blk = local / rows;
}

// ------------------------------------------------------------------------------------------------
// Accumulator layout of wgmma.m64nNk16 with f32 D (PTX ISA figure "WGMMA .m64nNk16 register
// fragment layout for accumulator matrix D"; CuTe CLayout_64xN).  For thread t (0..127) of the
// warpgroup and accumulator register r (0 .. N/2-1):
//     warp = t / 32, lane = t % 32
//     row  = 16*warp + lane/4 + 8*((r/2) % 2)                 (0..63)
//     col  = 8*(r/4) + 2*(lane%4) + (r%2)                      (0..N-1)
// i.e. registers come in groups of 4 per 8-column slab j = r/4: {r=4j, 4j+1} are two adjacent
// columns of row (lane/4), {4j+2, 4j+3} the same columns 8 rows further down.  Consumer c adds
// 64*c to the row (its half of the 128-row CTA tile).  gemm.py: fragment_position() is the same.
// ------------------------------------------------------------------------------------------------

extern "C" __global__ void __launch_bounds__(NUM_THREADS, 1)
gemm_bf16_f32(const __grid_constant__ TensorMap tmA,   // A: dims (K, M), box (64, BM)
              const __grid_constant__ TensorMap tmB,   // B: dims (N, K), box (64, 64)
              float* __restrict__ C, int M, int N, int K, long long ldc)
{
    extern __shared__ __align__(1024) unsigned char smem_raw[];
    // The 128 B swizzle is a function of absolute shared address bits [4,10), and the descriptor
    // base-offset field is 0, so stage buffers must start on 1024 B boundaries.  Dynamic smem
    // alignment is not guaranteed by __align__, so round up (host allocates 1 KiB slack).
    const u32 base = (smem_u32(smem_raw) + 1023u) & ~1023u;
    const u32 bar_full = base + STAGES * STAGE_BYTES;     // STAGES x u64
    const u32 bar_empty = bar_full + 8 * STAGES;          // STAGES x u64

    const int wg = threadIdx.x / 128;
    const int tid = threadIdx.x % 128;

    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbar_init(bar_full + 8 * s, 1);                 // producer's arrive.expect_tx
            mbar_init(bar_empty + 8 * s, NUM_CONSUMERS);    // one arrive per consumer warpgroup
        }
        // Make the initialised barriers visible to the async proxy (TMA complete_tx).
        asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    }
    __syncthreads();   // the last CTA-wide barrier: the roles below never meet again

    const int num_m = (M + BM - 1) / BM;
    const int num_n = (N + BN - 1) / BN;
    const int num_tiles = num_m * num_n;
    const int num_kb = (K + BK - 1) / BK;

    if (wg == 0) {
        // ---------------------------------------------------------------- producer warpgroup
        // Give registers back so the consumers can grow to CONSUMER_REGS (the per-CTA register
        // file is fixed at launch: 384 x 168 = 128 x 24 + 256 x 240).
        asm volatile("setmaxnreg.dec.sync.aligned.u32 @PRODUCER_REGS@;");
        if (tid == 0) {
            asm volatile("prefetch.tensormap [%0];" :: "l"((u64)&tmA) : "memory");
            asm volatile("prefetch.tensormap [%0];" :: "l"((u64)&tmB) : "memory");
            u32 it = 0;   // k-block counter across all tiles of this CTA -> stage and phase
            for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
                int m_blk, n_blk;
                tile_coords(tile, num_m, num_n, m_blk, n_blk);
                for (int kb = 0; kb < num_kb; ++kb, ++it) {
                    const u32 s = it % STAGES;
                    const u32 phase = (it / STAGES) & 1;
                    // Wait until both consumers released this slot.  In the first round the
                    // slot is fresh: waiting on parity 1 (the phase "before" phase 0) passes.
                    mbar_wait(bar_empty + 8 * s, phase ^ 1);
                    const u32 full = bar_full + 8 * s;
                    mbar_arrive_expect_tx(full, STAGE_BYTES);
                    const u32 sA = base + s * STAGE_BYTES;
                    const u32 sB = sA + A_STAGE_BYTES;
                    tma_load_2d(sA, &tmA, kb * BK, m_blk * BM, full);
#pragma unroll
                    for (int j = 0; j < BN / 64; ++j)
                        tma_load_2d(sB + j * B_BOX_BYTES, &tmB, n_blk * BN + 64 * j, kb * BK, full);
                }
            }
        }
        // Producer threads simply exit; outstanding TMA completes on the barriers regardless.
    } else {
        // ---------------------------------------------------------------- consumer warpgroups
        asm volatile("setmaxnreg.inc.sync.aligned.u32 @CONSUMER_REGS@;");
        const int c = wg - 1;                 // rows [64c, 64c+64) of the CTA tile
        float d[BN / 2];
#pragma unroll
        for (int i = 0; i < BN / 2; ++i) d[i] = 0.f;   // defined once; scale_d=0 resets per tile

        const int warp = tid / 32, lane = tid % 32;
        // ldc even and C 8-byte aligned -> each (row, col..col+1) pair can be one float2 store.
        const bool vec2 = ((ldc & 1) == 0) && ((((unsigned long long)C) & 7) == 0);

        u32 it = 0;
        for (int tile = blockIdx.x; tile < num_tiles; tile += gridDim.x) {
            int m_blk, n_blk;
            tile_coords(tile, num_m, num_n, m_blk, n_blk);
            for (int kb = 0; kb < num_kb; ++kb, ++it) {
                const u32 s = it % STAGES;
                mbar_wait(bar_full + 8 * s, (it / STAGES) & 1);
                const u32 sA = base + s * STAGE_BYTES + c * (64 * 128);   // this WG's 64 rows
                const u32 sB = base + s * STAGE_BYTES + A_STAGE_BYTES;
                wgmma_fence();
#pragma unroll
                for (int k16 = 0; k16 < BK / 16; ++k16) {
                    // K-major A: a k16 slice is 32 B further along each 128 B swizzled row.
                    // MN-major B: a k16 slice is 16 rows = 2 swizzle atoms = 2048 B further.
                    const u64 da = make_desc(sA + 32 * k16, 16, 1024);
                    const u64 db = make_desc(sB + 2048 * k16, B_BOX_BYTES, 1024);
                    wgmma_m64k16(d, da, db, (kb | k16) != 0);
                }
                wgmma_commit();
                // Keep one wgmma group in flight: once the previous k-block's group is done its
                // stage can be handed back to the producer while this one still computes.
                if (kb > 0) {
                    wgmma_wait<1>();
                    if (tid == 0) mbar_arrive(bar_empty + 8 * ((it - 1) % STAGES));
                }
            }
            wgmma_wait<0>();
            if (num_kb > 0 && tid == 0) mbar_arrive(bar_empty + 8 * ((it - 1) % STAGES));

            // ---- epilogue: registers -> global, masked (see the layout comment above).
            // The producer keeps prefetching the next tile's stages meanwhile.
            const int row0 = m_blk * BM + c * 64 + warp * 16 + lane / 4;
            const int col0 = n_blk * BN + 2 * (lane % 4);
#pragma unroll
            for (int j = 0; j < BN / 8; ++j) {
                const int col = col0 + 8 * j;
#pragma unroll
                for (int h = 0; h < 2; ++h) {
                    const int row = row0 + 8 * h;
                    if (row < M) {
                        float* p = C + (long long)row * ldc + col;
                        const float v0 = d[4 * j + 2 * h], v1 = d[4 * j + 2 * h + 1];
                        if (vec2 && col + 1 < N) {
                            *reinterpret_cast<float2*>(p) = make_float2(v0, v1);
                        } else {
                            if (col < N) p[0] = v0;
                            if (col + 1 < N) p[1] = v1;
                        }
                    }
                }
            }
        }
    }
}
