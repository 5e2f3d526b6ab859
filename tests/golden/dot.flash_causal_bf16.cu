
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
namespace ph {
PH_INLINE void wgmma_m64n64k16_bf16_ss_k(f32 (&d)[32], u64 a, u64 b) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, 1, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n\t}"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
               : "l"(a), "l"(b));
}
PH_INLINE void wgmma_m64n64k16_bf16_rs_mn(f32 (&d)[32], const u32 (&a)[4], u64 b) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, 1, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, {%32, %33, %34, %35}, %36, p, 1, 1, 1;\n\t}"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b));
}
}  // namespace ph
#endif
// kernel flash_causal_bf16: 128 threads a CTA, 54272 bytes of shared memory
// for launches where multiples of 4: S, Z; 16-byte aligned: K, O, Q, V; rows 16-byte multiples apart: K, O, Q, V
#line 310 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_flash_causal_bf16(bf16* Q_, bf16* K_, bf16* V_, f32* O_, f32 scale_, i64 Z_, i64 S_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 8192;  // where the statements' own shared memory starts
  #line 314 "tests/corpus/dot.phobos"
  const i64 z_ = (i64)blockIdx.y;
  #line 315 "tests/corpus/dot.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 316 "tests/corpus/dot.phobos"
  const i64 q_start0_ = z_;
  #line 316 "tests/corpus/dot.phobos"
  const i64 q_start1_ = r_;
  #line 317 "tests/corpus/dot.phobos"
  f32 m_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
  ph::Box<2> m_box;
  const f32 s = -__int_as_float(0x7f800000);
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      const int i1 = 0;
      {
        m_[pass] = s;
      }
    }
  }
  m_box = {{0, 0}, {64, 1}};
  #line 318 "tests/corpus/dot.phobos"
  f32 l_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
  ph::Box<2> l_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      const int i1 = 0;
      {
        l_[pass] = 0.0f;
      }
    }
  }
  l_box = {{0, 0}, {64, 1}};
  #line 319 "tests/corpus/dot.phobos"
  f32 acc_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          acc_[pass * 16 + slot * 2 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {64, 64}};
  #line 320 "tests/corpus/dot.phobos"
  const i64 hi = ph::wadd(r_, 64ll);
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 j_ = 0ll; j_ < hi; j_ += 64) {
    if (q_start0_ >= 0 && q_start0_ + 1 <= Z_ && q_start1_ >= 0 && q_start1_ + 64 <= S_ && z_ >= 0 && z_ + 1 <= Z_ && j_ >= 0 && j_ + 64 <= S_ && m_box.lo[0] == 0 && m_box.hi[0] == 64 && m_box.lo[1] == 0 && m_box.hi[1] == 1 && l_box.lo[0] == 0 && l_box.hi[0] == 64 && l_box.lo[1] == 0 && l_box.hi[1] == 1 && acc_box.lo[0] == 0 && acc_box.hi[0] == 64 && acc_box.lo[1] == 0 && acc_box.hi[1] == 64) {  // every window inside its tensor, every tile whole
      #line 322 "tests/corpus/dot.phobos"
      __syncthreads();
      f32 s_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> s_box;
      f32 product[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[64, 64] staged for wgmma, turns ahead
      bf16* stage = (bf16*)((unsigned char*)(ring) + (0u - ph::smem_address(ring)) % 1024);
      const u32 ring_at = ph::smem_address((unsigned char*)stage);
      bf16* stage_now = (bf16*)((unsigned char*)stage + (turn % 2) * 8192);
      const u32 stage_now_at = ring_at + (turn % 2) * 8192;
      bf16* stage_then = (bf16*)((unsigned char*)stage + ((turn + 1) % 2) * 8192);
      const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 8192;
      unsigned char* once = (unsigned char*)(smem + own + 17408);  // tile<bf16>[64, 64] staged for wgmma, once for every turn
      bf16* stage_2 = (bf16*)((unsigned char*)(once) + (0u - ph::smem_address(once)) % 1024);
      bf16* stage_once = (bf16*)((unsigned char*)stage_2 + 0);
      const u32 stage_once_at = ph::smem_address(stage_once);
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64 && 0 <= r && r < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = 0 <= col && col < 64 && 0 <= r && r < 64 ? K_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_once_at + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 64 && 0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_once_at + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_once + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = 0 <= r && r < 64 && 0 <= col && col < 64 ? Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next = j_ + 64;
        ph::Box<2> box = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box = {};
        box.normalize();
        ph::Box<2> box_2 = {{ph::max64(j_next, 0) - j_next, 0}, {ph::min64(j_next + 64, S_) - j_next, 64}};
        if (z_ < 0 || z_ >= Z_) box_2 = {};
        box_2.normalize();
        const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
        const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
        if (k_lo <= 0 && 0 < k_hi && box_2.lo[0] <= 0 && 0 < box_2.hi[0] && k_lo <= 63 && 63 < k_hi && box_2.lo[0] <= 63 && 63 < box_2.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_next) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo <= c && c < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] && k_lo <= c + 7 && c + 7 < k_hi && box_2.lo[0] <= r && r < box_2.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &K_[(z_ * S_ + j_next) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo <= col && col < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] ? K_[(z_ * S_ + j_next) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      ph::proxy_fence();  // this thread's copies, seen by wgmma
      __syncthreads();
      {  // tile<f32>[64, 64] = dot on wgmma m64n64k16 from sm_90a: each warpgroup 64 rows of a block, A and B from their swizzled stages (B K-major)
        const u64 a_desc = ph::smem_descriptor(stage_once_at, 16, 1024);
        const u64 b_desc = ph::smem_descriptor(stage_now_at, 16, 1024);
        #pragma unroll
        for (int blk = 0; blk < 1; ++blk) {
          const u32 first = (0 * 4 + blk * 4) * 16;  // the warpgroup's first row
          f32 acc[32] = {};
          ph::wgmma_fence();
          #pragma unroll
          for (int ks = 0; ks < 4; ++ks) {
            ph::wgmma_m64n64k16_bf16_ss_k(acc, a_desc + (first * 128 + ks / 4 * 8192 + ks % 4 * 32) / 16, b_desc + (ks / 4 * 8192 + ks % 4 * 32) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc);  // the accumulators are read only now
          #pragma unroll
          for (int nb = 0; nb < 8; ++nb) {
            product[(blk * 2 + 0) * 16 + nb * 2] = acc[nb * 4 + 0];
            product[(blk * 2 + 0) * 16 + nb * 2 + 1] = acc[nb * 4 + 1];
            product[(blk * 2 + 1) * 16 + nb * 2] = acc[nb * 4 + 2];
            product[(blk * 2 + 1) * 16 + nb * 2 + 1] = acc[nb * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_2 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_2 = ph::smem_address(ring_2);
      bf16* stage_now_2 = (bf16*)(ring_2 + (turn % 2) * 9216);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 9216;
      bf16* stage_then_2 = (bf16*)(ring_2 + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 9216;
      unsigned char* once_2 = (unsigned char*)(smem + own + 18432);  // tile<bf16>[64, 64] staged for ldmatrix, once for every turn
      bf16* stage_once_2 = (bf16*)(once_2 + 0);
      const u32 stage_once_at_2 = ph::smem_address(stage_once_2);
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64 && 0 <= r && r < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_2 + (r) * 144))[col] = 0 <= col && col < 64 && 0 <= r && r < 64 ? K_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_once_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 64 && 0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_once_at_2 + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_once_2 + (r) * 144))[col] = 0 <= r && r < 64 && 0 <= col && col < 64 ? Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_2 = j_ + 64;
        ph::Box<2> box_3 = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box_3 = {};
        box_3.normalize();
        ph::Box<2> box_4 = {{ph::max64(j_next_2, 0) - j_next_2, 0}, {ph::min64(j_next_2 + 64, S_) - j_next_2, 64}};
        if (z_ < 0 || z_ >= Z_) box_4 = {};
        box_4.normalize();
        const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[1]);
        const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[1]);
        if (k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2 && box_4.lo[0] <= 63 && 63 < box_4.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_next_2) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + j_next_2) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_2 + (r) * 144))[col] = k_lo_2 <= col && col < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] ? K_[(z_ * S_ + j_next_2) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_3 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
          const int first_2 = (threadIdx.x / 32 + blk_2 * 4) * 16;  // the block's first row
          f32 acc_2[8][4] = {};
          #pragma unroll
          for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
            u32 fa_2[4] = {};
            ph::ldmatrix4(fa_2, stage_once_at_2 + (first_2 + lane_3 % 16) * 144 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (0 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[0], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[1], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (16 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[2], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[3], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (32 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[4], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[5], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (48 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[6], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[7], fa_2, {fq[2], fq[3]});
            }
          }
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 8; ++nb_2) {
            product[(blk_2 * 2 + 0) * 16 + nb_2 * 2] = acc_2[nb_2][0];
            product[(blk_2 * 2 + 0) * 16 + nb_2 * 2 + 1] = acc_2[nb_2][1];
            product[(blk_2 * 2 + 1) * 16 + nb_2 * 2] = acc_2[nb_2][2];
            product[(blk_2 * 2 + 1) * 16 + nb_2 * 2 + 1] = acc_2[nb_2][3];
          }
        }
      }
      #else
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_3 = 0.0f;
              for (i64 k = 0; k < 64; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(Q_[(q_start0_ * S_ + q_start1_) * 64 + (i0 * 64 + k)])) * (f32)(ph::from_bf16(K_[(z_ * S_ + j_) * 64 + (i1 * 64 + k)]))));
              product[pass * 16 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      const f32 s_2 = -__int_as_float(0x7f800000);
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              s_[pass * 16 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) > ph::wadd((i64)(i0), r_)) ? s_2 : (product[pass * 16 + slot * 2 + v] * scale_));
            }
          }
        }
      }
      s_box = {{0, 0}, {64, 64}};
      #line 323 "tests/corpus/dot.phobos"
      f32 m_new_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
      ph::Box<2> m_new_box;
      f32 row_max[2];  // the max of each row this thread holds
      // max along the last axis of tile<f32>[64, 64]: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          f32 acc_3 = __int_as_float(0x7fc00000);
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_3 = fmaxf(acc_3, s_[pass * 16 + slot * 2 + v]);
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_3 = fmaxf(acc_3, ph::shfl_xor(acc_3, m, 4));
          {
            row_max[pass] = acc_3;
          }
        }
      }
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            m_new_[pass] = fmaxf(m_[pass], row_max[pass]);
          }
        }
      }
      m_new_box = {{0, 0}, {64, 1}};
      #line 324 "tests/corpus/dot.phobos"
      f32 p_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> p_box;
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              p_[pass * 16 + slot * 2 + v] = expf((s_[pass * 16 + slot * 2 + v] - m_new_[pass]));
            }
          }
        }
      }
      p_box = {{0, 0}, {64, 64}};
      #line 325 "tests/corpus/dot.phobos"
      f32 alpha_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
      ph::Box<2> alpha_box;
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            alpha_[pass] = expf((m_[pass] - m_new_[pass]));
          }
        }
      }
      alpha_box = {{0, 0}, {64, 1}};
      #line 326 "tests/corpus/dot.phobos"
      f32 row_sum[2];  // the sum of each row this thread holds
      // sum along the last axis of tile<f32>[64, 64]: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          f32 acc_3 = 0.0f;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_3 = (acc_3 + p_[pass * 16 + slot * 2 + v]);
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_3 = (acc_3 + ph::shfl_xor(acc_3, m, 4));
          {
            row_sum[pass] = acc_3;
          }
        }
      }
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            l_[pass] = ((l_[pass] * alpha_[pass]) + row_sum[pass]);
          }
        }
      }
      l_box = {{0, 0}, {64, 1}};
      #line 327 "tests/corpus/dot.phobos"
      __syncthreads();
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              acc_[pass * 16 + slot * 2 + v] = (acc_[pass * 16 + slot * 2 + v] * alpha_[pass]);
            }
          }
        }
      }
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring_3 = (unsigned char*)(smem + own + 27648);  // 2 stages of tile<bf16>[64, 64] staged for wgmma, turns ahead
      bf16* stage_3 = (bf16*)((unsigned char*)(ring_3) + (0u - ph::smem_address(ring_3)) % 1024);
      const u32 ring_at_3 = ph::smem_address((unsigned char*)stage_3);
      bf16* stage_now_3 = (bf16*)((unsigned char*)stage_3 + (turn % 2) * 8192);
      const u32 stage_now_at_3 = ring_at_3 + (turn % 2) * 8192;
      bf16* stage_then_3 = (bf16*)((unsigned char*)stage_3 + ((turn + 1) % 2) * 8192);
      const u32 stage_then_at_3 = ring_at_3 + ((turn + 1) % 2) * 8192;
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_3 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 64 && 0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_3 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_3 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = 0 <= r && r < 64 && 0 <= col && col < 64 ? V_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_3 = j_ + 64;
        ph::Box<2> box_5 = {{ph::max64(j_next_3, 0) - j_next_3, 0}, {ph::min64(j_next_3 + 64, S_) - j_next_3, 64}};
        if (z_ < 0 || z_ >= Z_) box_5 = {};
        box_5.normalize();
        const i64 k_lo_3 = ph::max64(0, box_5.lo[0]);
        const i64 k_hi_3 = ph::min64(64, box_5.hi[0]);
        if (k_lo_3 <= 0 && 0 < k_hi_3 && box_5.lo[1] <= 0 && 0 < box_5.hi[1] && k_lo_3 <= 63 && 63 < k_hi_3 && box_5.lo[1] <= 63 && 63 < box_5.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_next_3) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_3 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_3 <= r && r < k_hi_3 && box_5.lo[1] <= c && c < box_5.hi[1] && k_lo_3 <= r && r < k_hi_3 && box_5.lo[1] <= c + 7 && c + 7 < box_5.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_3 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &V_[(z_ * S_ + j_next_3) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_3 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_3 <= r && r < k_hi_3 && box_5.lo[1] <= col && col < box_5.hi[1] ? V_[(z_ * S_ + j_next_3) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      if (turn == 0) {  // later turns' windows: waited for and published with the turn's first product's
        ph::stage_wait_ahead<0>(turn);
        ph::proxy_fence();  // this thread's copies, seen by wgmma
        __syncthreads();
      }
      {  // tile<f32>[64, 64] = dot on wgmma m64n64k16 from sm_90a: each warpgroup 64 rows of a block, A from registers, B from its swizzled stage (B MN-major)
        const int lane_4 = threadIdx.x % 32;
        const u64 b_desc_2 = ph::smem_descriptor(stage_now_at_3, 8192, 1024);
        #pragma unroll
        for (int blk_3 = 0; blk_3 < 1; ++blk_3) {
          const int first_3 = (threadIdx.x / 32 + blk_3 * 4) * 16;  // the warp's first row
          u32 fa_3[4][4] = {};
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            { const int i0 = first_3 + lane_4 / 4; const int i1 = ks_3 * 16 + lane_4 % 4 * 2; const int pass = blk_3 * 2 + 0; const int slot = ks_3 * 2 + 0; const int v = 0; fa_3[ks_3][0] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_3 + lane_4 / 4; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 1; const int pass = blk_3 * 2 + 0; const int slot = ks_3 * 2 + 0; const int v = 1; fa_3[ks_3][0] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_3 + lane_4 / 4 + 8; const int i1 = ks_3 * 16 + lane_4 % 4 * 2; const int pass = blk_3 * 2 + 1; const int slot = ks_3 * 2 + 0; const int v = 0; fa_3[ks_3][1] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_3 + lane_4 / 4 + 8; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 1; const int pass = blk_3 * 2 + 1; const int slot = ks_3 * 2 + 0; const int v = 1; fa_3[ks_3][1] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_3 + lane_4 / 4; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 8; const int pass = blk_3 * 2 + 0; const int slot = ks_3 * 2 + 1; const int v = 0; fa_3[ks_3][2] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_3 + lane_4 / 4; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 9; const int pass = blk_3 * 2 + 0; const int slot = ks_3 * 2 + 1; const int v = 1; fa_3[ks_3][2] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_3 + lane_4 / 4 + 8; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 8; const int pass = blk_3 * 2 + 1; const int slot = ks_3 * 2 + 1; const int v = 0; fa_3[ks_3][3] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_3 + lane_4 / 4 + 8; const int i1 = ks_3 * 16 + lane_4 % 4 * 2 + 9; const int pass = blk_3 * 2 + 1; const int slot = ks_3 * 2 + 1; const int v = 1; fa_3[ks_3][3] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
          }
          f32 acc_4[32];
          #pragma unroll
          for (int nb_3 = 0; nb_3 < 8; ++nb_3) {
            acc_4[nb_3 * 4 + 0] = acc_[(blk_3 * 2 + 0) * 16 + nb_3 * 2];
            acc_4[nb_3 * 4 + 1] = acc_[(blk_3 * 2 + 0) * 16 + nb_3 * 2 + 1];
            acc_4[nb_3 * 4 + 2] = acc_[(blk_3 * 2 + 1) * 16 + nb_3 * 2];
            acc_4[nb_3 * 4 + 3] = acc_[(blk_3 * 2 + 1) * 16 + nb_3 * 2 + 1];
          }
          ph::keep(acc_4);
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            ph::keep(fa_3[ks_3]);
          }
          ph::wgmma_fence();
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            ph::wgmma_m64n64k16_bf16_rs_mn(acc_4, fa_3[ks_3], b_desc_2 + (ks_3 * 2048) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc_4);  // the accumulators are read, and A's registers free, only now
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            ph::keep(fa_3[ks_3]);
          }
          #pragma unroll
          for (int nb_3 = 0; nb_3 < 8; ++nb_3) {
            acc_[(blk_3 * 2 + 0) * 16 + nb_3 * 2] = acc_4[nb_3 * 4 + 0];
            acc_[(blk_3 * 2 + 0) * 16 + nb_3 * 2 + 1] = acc_4[nb_3 * 4 + 1];
            acc_[(blk_3 * 2 + 1) * 16 + nb_3 * 2] = acc_4[nb_3 * 4 + 2];
            acc_[(blk_3 * 2 + 1) * 16 + nb_3 * 2 + 1] = acc_4[nb_3 * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_4 = (unsigned char*)(smem + own + 27648);  // 2 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_4 = ph::smem_address(ring_4);
      bf16* stage_now_4 = (bf16*)(ring_4 + (turn % 2) * 9216);
      const u32 stage_now_at_4 = ring_at_4 + (turn % 2) * 9216;
      bf16* stage_then_4 = (bf16*)(ring_4 + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at_4 = ring_at_4 + ((turn + 1) % 2) * 9216;
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 64 && 0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_4 + (r) * 144))[col] = 0 <= r && r < 64 && 0 <= col && col < 64 ? V_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_4 = j_ + 64;
        ph::Box<2> box_6 = {{ph::max64(j_next_4, 0) - j_next_4, 0}, {ph::min64(j_next_4 + 64, S_) - j_next_4, 64}};
        if (z_ < 0 || z_ >= Z_) box_6 = {};
        box_6.normalize();
        const i64 k_lo_4 = ph::max64(0, box_6.lo[0]);
        const i64 k_hi_4 = ph::min64(64, box_6.hi[0]);
        if (k_lo_4 <= 0 && 0 < k_hi_4 && box_6.lo[1] <= 0 && 0 < box_6.hi[1] && k_lo_4 <= 63 && 63 < k_hi_4 && box_6.lo[1] <= 63 && 63 < box_6.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_next_4) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_4 <= r && r < k_hi_4 && box_6.lo[1] <= c && c < box_6.hi[1] && k_lo_4 <= r && r < k_hi_4 && box_6.lo[1] <= c + 7 && c + 7 < box_6.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + j_next_4) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_4 + (r) * 144))[col] = k_lo_4 <= r && r < k_hi_4 && box_6.lo[1] <= col && col < box_6.hi[1] ? V_[(z_ * S_ + j_next_4) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      if (turn == 0) {  // later turns' windows: waited for and published with the turn's first product's
        ph::stage_wait_ahead<0>(turn);
        __syncthreads();
      }
      {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_5 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_4 = 0; blk_4 < 1; ++blk_4) {
          const int first_4 = (threadIdx.x / 32 + blk_4 * 4) * 16;  // the block's first row
          f32 acc_5[8][4];
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 8; ++nb_4) {
            acc_5[nb_4][0] = acc_[(blk_4 * 2 + 0) * 16 + nb_4 * 2];
            acc_5[nb_4][1] = acc_[(blk_4 * 2 + 0) * 16 + nb_4 * 2 + 1];
            acc_5[nb_4][2] = acc_[(blk_4 * 2 + 1) * 16 + nb_4 * 2];
            acc_5[nb_4][3] = acc_[(blk_4 * 2 + 1) * 16 + nb_4 * 2 + 1];
          }
          #pragma unroll
          for (int ks_4 = 0; ks_4 < 4; ++ks_4) {
            u32 fa_4[4] = {};
            { const int i0 = first_4 + lane_5 / 4; const int i1 = ks_4 * 16 + lane_5 % 4 * 2; const int pass = blk_4 * 2 + 0; const int slot = ks_4 * 2 + 0; const int v = 0; fa_4[0] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_4 + lane_5 / 4; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 1; const int pass = blk_4 * 2 + 0; const int slot = ks_4 * 2 + 0; const int v = 1; fa_4[0] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_4 + lane_5 / 4 + 8; const int i1 = ks_4 * 16 + lane_5 % 4 * 2; const int pass = blk_4 * 2 + 1; const int slot = ks_4 * 2 + 0; const int v = 0; fa_4[1] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_4 + lane_5 / 4 + 8; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 1; const int pass = blk_4 * 2 + 1; const int slot = ks_4 * 2 + 0; const int v = 1; fa_4[1] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_4 + lane_5 / 4; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 8; const int pass = blk_4 * 2 + 0; const int slot = ks_4 * 2 + 1; const int v = 0; fa_4[2] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_4 + lane_5 / 4; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 9; const int pass = blk_4 * 2 + 0; const int slot = ks_4 * 2 + 1; const int v = 1; fa_4[2] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            { const int i0 = first_4 + lane_5 / 4 + 8; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 8; const int pass = blk_4 * 2 + 1; const int slot = ks_4 * 2 + 1; const int v = 0; fa_4[3] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits; }
            { const int i0 = first_4 + lane_5 / 4 + 8; const int i1 = ks_4 * 16 + lane_5 % 4 * 2 + 9; const int pass = blk_4 * 2 + 1; const int slot = ks_4 * 2 + 1; const int v = 1; fa_4[3] |= (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits << 16; }
            {
              u32 fq_2[4];
              ph::ldmatrix4_trans(fq_2, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + (0 + lane_5 / 16 * 8) * 2);
              ph::mma_bf16(acc_5[0], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[1], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4_trans(fq_2, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + (16 + lane_5 / 16 * 8) * 2);
              ph::mma_bf16(acc_5[2], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[3], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4_trans(fq_2, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + (32 + lane_5 / 16 * 8) * 2);
              ph::mma_bf16(acc_5[4], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[5], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4_trans(fq_2, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + (48 + lane_5 / 16 * 8) * 2);
              ph::mma_bf16(acc_5[6], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[7], fa_4, {fq_2[2], fq_2[3]});
            }
          }
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 8; ++nb_4) {
            acc_[(blk_4 * 2 + 0) * 16 + nb_4 * 2] = acc_5[nb_4][0];
            acc_[(blk_4 * 2 + 0) * 16 + nb_4 * 2 + 1] = acc_5[nb_4][1];
            acc_[(blk_4 * 2 + 1) * 16 + nb_4 * 2] = acc_5[nb_4][2];
            acc_[(blk_4 * 2 + 1) * 16 + nb_4 * 2 + 1] = acc_5[nb_4][3];
          }
        }
      }
      #else
      bf16* tmp = (bf16*)(smem + 0);  // tile<bf16>[64, 64]
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              tmp[i0 * 64 + i1] = ph::to_bf16(p_[pass * 16 + slot * 2 + v]);
            }
          }
        }
      }
      __syncthreads();
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_3 = acc_[pass * 16 + slot * 2 + v];
              for (i64 k = 0; k < 64; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(tmp[i0 * 64 + k])) * (f32)(ph::from_bf16(V_[(z_ * S_ + j_) * 64 + (k * 64 + i1)]))));
              acc_[pass * 16 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 16 + slot * 2 + v] = acc_[pass * 16 + slot * 2 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {64, 64}};
      #line 328 "tests/corpus/dot.phobos"
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            m_[pass] = m_new_[pass];
          }
        }
      }
      m_box = {{0, 0}, {64, 1}};
    } else {
      #line 322 "tests/corpus/dot.phobos"
      __syncthreads();
      f32 s_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> s_box;
      ph::Box<2> box_7 = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
      if (q_start0_ < 0 || q_start0_ >= Z_) box_7 = {};
      box_7.normalize();
      ph::Box<2> box_8 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, S_) - j_, 64}};
      if (z_ < 0 || z_ >= Z_) box_8 = {};
      box_8.normalize();
      const i64 k_lo_5 = ph::max64(box_7.lo[1], box_8.lo[1]);
      const i64 k_hi_5 = ph::min64(box_7.hi[1], box_8.hi[1]);
      f32 product_2[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring_5 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[64, 64] staged for wgmma, turns ahead
      bf16* stage_4 = (bf16*)((unsigned char*)(ring_5) + (0u - ph::smem_address(ring_5)) % 1024);
      const u32 ring_at_5 = ph::smem_address((unsigned char*)stage_4);
      bf16* stage_now_5 = (bf16*)((unsigned char*)stage_4 + (turn % 2) * 8192);
      const u32 stage_now_at_5 = ring_at_5 + (turn % 2) * 8192;
      bf16* stage_then_5 = (bf16*)((unsigned char*)stage_4 + ((turn + 1) % 2) * 8192);
      const u32 stage_then_at_5 = ring_at_5 + ((turn + 1) % 2) * 8192;
      unsigned char* once_3 = (unsigned char*)(smem + own + 17408);  // tile<bf16>[64, 64] staged for wgmma, once for every turn
      bf16* stage_5 = (bf16*)((unsigned char*)(once_3) + (0u - ph::smem_address(once_3)) % 1024);
      bf16* stage_once_3 = (bf16*)((unsigned char*)stage_5 + 0);
      const u32 stage_once_at_3 = ph::smem_address(stage_once_3);
      if (turn == 0) {  // the first turns' windows
        if (k_lo_5 <= 0 && 0 < k_hi_5 && box_8.lo[0] <= 0 && 0 < box_8.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5 && box_8.lo[0] <= 63 && 63 < box_8.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_5 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_5 <= c && c < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_5 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_5 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_5 <= col && col < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0] ? K_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (box_7.lo[0] <= 0 && 0 < box_7.hi[0] && k_lo_5 <= 0 && 0 < k_hi_5 && box_7.lo[0] <= 63 && 63 < box_7.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_once_at_3 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= c && c < k_hi_5 && box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5) {  // copied whole, in flight
              ph::stage_async16(stage_once_at_3 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_once_3 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= col && col < k_hi_5 ? Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_5 = j_ + 64;
        ph::Box<2> box_9 = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box_9 = {};
        box_9.normalize();
        ph::Box<2> box_10 = {{ph::max64(j_next_5, 0) - j_next_5, 0}, {ph::min64(j_next_5 + 64, S_) - j_next_5, 64}};
        if (z_ < 0 || z_ >= Z_) box_10 = {};
        box_10.normalize();
        const i64 k_lo_6 = ph::max64(box_9.lo[1], box_10.lo[1]);
        const i64 k_hi_6 = ph::min64(box_9.hi[1], box_10.hi[1]);
        if (k_lo_6 <= 0 && 0 < k_hi_6 && box_10.lo[0] <= 0 && 0 < box_10.hi[0] && k_lo_6 <= 63 && 63 < k_hi_6 && box_10.lo[0] <= 63 && 63 < box_10.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_next_5) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_5 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_6 <= c && c < k_hi_6 && box_10.lo[0] <= r && r < box_10.hi[0] && k_lo_6 <= c + 7 && c + 7 < k_hi_6 && box_10.lo[0] <= r && r < box_10.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_5 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &K_[(z_ * S_ + j_next_5) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_5 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_6 <= col && col < k_hi_6 && box_10.lo[0] <= r && r < box_10.hi[0] ? K_[(z_ * S_ + j_next_5) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      ph::proxy_fence();  // this thread's copies, seen by wgmma
      __syncthreads();
      {  // tile<f32>[64, 64] = dot on wgmma m64n64k16 from sm_90a: each warpgroup 64 rows of a block, A and B from their swizzled stages (B K-major)
        const u64 a_desc_3 = ph::smem_descriptor(stage_once_at_3, 16, 1024);
        const u64 b_desc_3 = ph::smem_descriptor(stage_now_at_5, 16, 1024);
        #pragma unroll
        for (int blk_5 = 0; blk_5 < 1; ++blk_5) {
          const u32 first_5 = (0 * 4 + blk_5 * 4) * 16;  // the warpgroup's first row
          f32 acc_6[32] = {};
          ph::wgmma_fence();
          #pragma unroll
          for (int ks_5 = 0; ks_5 < 4; ++ks_5) {
            ph::wgmma_m64n64k16_bf16_ss_k(acc_6, a_desc_3 + (first_5 * 128 + ks_5 / 4 * 8192 + ks_5 % 4 * 32) / 16, b_desc_3 + (ks_5 / 4 * 8192 + ks_5 % 4 * 32) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc_6);  // the accumulators are read only now
          #pragma unroll
          for (int nb_5 = 0; nb_5 < 8; ++nb_5) {
            product_2[(blk_5 * 2 + 0) * 16 + nb_5 * 2] = acc_6[nb_5 * 4 + 0];
            product_2[(blk_5 * 2 + 0) * 16 + nb_5 * 2 + 1] = acc_6[nb_5 * 4 + 1];
            product_2[(blk_5 * 2 + 1) * 16 + nb_5 * 2] = acc_6[nb_5 * 4 + 2];
            product_2[(blk_5 * 2 + 1) * 16 + nb_5 * 2 + 1] = acc_6[nb_5 * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_6 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_6 = ph::smem_address(ring_6);
      bf16* stage_now_6 = (bf16*)(ring_6 + (turn % 2) * 9216);
      const u32 stage_now_at_6 = ring_at_6 + (turn % 2) * 9216;
      bf16* stage_then_6 = (bf16*)(ring_6 + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at_6 = ring_at_6 + ((turn + 1) % 2) * 9216;
      unsigned char* once_4 = (unsigned char*)(smem + own + 18432);  // tile<bf16>[64, 64] staged for ldmatrix, once for every turn
      bf16* stage_once_4 = (bf16*)(once_4 + 0);
      const u32 stage_once_at_4 = ph::smem_address(stage_once_4);
      if (turn == 0) {  // the first turns' windows
        if (k_lo_5 <= 0 && 0 < k_hi_5 && box_8.lo[0] <= 0 && 0 < box_8.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5 && box_8.lo[0] <= 63 && 63 < box_8.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_6 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_5 <= c && c < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_6 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_6 + (r) * 144))[col] = k_lo_5 <= col && col < k_hi_5 && box_8.lo[0] <= r && r < box_8.hi[0] ? K_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (box_7.lo[0] <= 0 && 0 < box_7.hi[0] && k_lo_5 <= 0 && 0 < k_hi_5 && box_7.lo[0] <= 63 && 63 < box_7.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_once_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= c && c < k_hi_5 && box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5) {  // copied whole, in flight
              ph::stage_async16(stage_once_at_4 + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_once_4 + (r) * 144))[col] = box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_5 <= col && col < k_hi_5 ? Q_[(q_start0_ * S_ + q_start1_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_6 = j_ + 64;
        ph::Box<2> box_11 = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box_11 = {};
        box_11.normalize();
        ph::Box<2> box_12 = {{ph::max64(j_next_6, 0) - j_next_6, 0}, {ph::min64(j_next_6 + 64, S_) - j_next_6, 64}};
        if (z_ < 0 || z_ >= Z_) box_12 = {};
        box_12.normalize();
        const i64 k_lo_7 = ph::max64(box_11.lo[1], box_12.lo[1]);
        const i64 k_hi_7 = ph::min64(box_11.hi[1], box_12.hi[1]);
        if (k_lo_7 <= 0 && 0 < k_hi_7 && box_12.lo[0] <= 0 && 0 < box_12.hi[0] && k_lo_7 <= 63 && 63 < k_hi_7 && box_12.lo[0] <= 63 && 63 < box_12.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * S_ + j_next_6) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_6 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_7 <= c && c < k_hi_7 && box_12.lo[0] <= r && r < box_12.hi[0] && k_lo_7 <= c + 7 && c + 7 < k_hi_7 && box_12.lo[0] <= r && r < box_12.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_6 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + j_next_6) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_6 + (r) * 144))[col] = k_lo_7 <= col && col < k_hi_7 && box_12.lo[0] <= r && r < box_12.hi[0] ? K_[(z_ * S_ + j_next_6) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_7 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_6 = 0; blk_6 < 1; ++blk_6) {
          const int first_6 = (threadIdx.x / 32 + blk_6 * 4) * 16;  // the block's first row
          f32 acc_7[8][4] = {};
          #pragma unroll
          for (int ks_6 = 0; ks_6 < 4; ++ks_6) {
            u32 fa_6[4] = {};
            ph::ldmatrix4(fa_6, stage_once_at_4 + (first_6 + lane_7 % 16) * 144 + (ks_6 * 16 + lane_7 / 16 * 8) * 2);
            {
              u32 fq_3[4];
              ph::ldmatrix4(fq_3, stage_now_at_6 + (0 + lane_7 / 16 * 8 + lane_7 % 8) * 144 + (ks_6 * 16 + lane_7 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_7[0], fa_6, {fq_3[0], fq_3[1]});
              ph::mma_bf16(acc_7[1], fa_6, {fq_3[2], fq_3[3]});
            }
            {
              u32 fq_3[4];
              ph::ldmatrix4(fq_3, stage_now_at_6 + (16 + lane_7 / 16 * 8 + lane_7 % 8) * 144 + (ks_6 * 16 + lane_7 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_7[2], fa_6, {fq_3[0], fq_3[1]});
              ph::mma_bf16(acc_7[3], fa_6, {fq_3[2], fq_3[3]});
            }
            {
              u32 fq_3[4];
              ph::ldmatrix4(fq_3, stage_now_at_6 + (32 + lane_7 / 16 * 8 + lane_7 % 8) * 144 + (ks_6 * 16 + lane_7 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_7[4], fa_6, {fq_3[0], fq_3[1]});
              ph::mma_bf16(acc_7[5], fa_6, {fq_3[2], fq_3[3]});
            }
            {
              u32 fq_3[4];
              ph::ldmatrix4(fq_3, stage_now_at_6 + (48 + lane_7 / 16 * 8 + lane_7 % 8) * 144 + (ks_6 * 16 + lane_7 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_7[6], fa_6, {fq_3[0], fq_3[1]});
              ph::mma_bf16(acc_7[7], fa_6, {fq_3[2], fq_3[3]});
            }
          }
          #pragma unroll
          for (int nb_6 = 0; nb_6 < 8; ++nb_6) {
            product_2[(blk_6 * 2 + 0) * 16 + nb_6 * 2] = acc_7[nb_6][0];
            product_2[(blk_6 * 2 + 0) * 16 + nb_6 * 2 + 1] = acc_7[nb_6][1];
            product_2[(blk_6 * 2 + 1) * 16 + nb_6 * 2] = acc_7[nb_6][2];
            product_2[(blk_6 * 2 + 1) * 16 + nb_6 * 2 + 1] = acc_7[nb_6][3];
          }
        }
      }
      #else
      const ph::Box<2> box_13 = {{box_7.lo[0], box_8.lo[0]}, {box_7.hi[0], box_8.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_13.has(i0, i1)) continue;
              f32 acc_3 = 0.0f;
              for (i64 k = k_lo_5; k < k_hi_5; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(Q_[(q_start0_ * S_ + q_start1_) * 64 + (i0 * 64 + k)])) * (f32)(ph::from_bf16(K_[(z_ * S_ + j_) * 64 + (i1 * 64 + k)]))));
              product_2[pass * 16 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      const f32 s_3 = -__int_as_float(0x7f800000);
      const ph::Box<2> box_14 = {{box_7.lo[0], box_8.lo[0]}, {box_7.hi[0], box_8.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (box_14.has(i0, g) && box_14.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                s_[pass * 16 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) > ph::wadd((i64)(i0), r_)) ? s_3 : (product_2[pass * 16 + slot * 2 + v] * scale_));
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_14.has(i0, i1)) continue;
                s_[pass * 16 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) > ph::wadd((i64)(i0), r_)) ? s_3 : (product_2[pass * 16 + slot * 2 + v] * scale_));
              }
            }
          }
        }
      }
      s_box = box_14;
      #line 323 "tests/corpus/dot.phobos"
      f32 m_new_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
      ph::Box<2> m_new_box;
      f32 row_max_2[2];  // the max of each row this thread holds
      // max along the last axis of tile<f32>[64, 64]: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const bool live = s_box.lo[0] <= i0 && i0 < s_box.hi[0];  // the row is present
          const int begin = (int)s_box.lo[1];
          const int end = live ? (int)s_box.hi[1] : 0;
          f32 acc_3 = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (begin <= g && g + 2 <= end) {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                acc_3 = fmaxf(acc_3, s_[pass * 16 + slot * 2 + v]);
              }
            } else {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                if (begin <= j && j < end) acc_3 = fmaxf(acc_3, s_[pass * 16 + slot * 2 + v]);
              }
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_3 = fmaxf(acc_3, ph::shfl_xor(acc_3, m, 4));
          if (live) {
            row_max_2[pass] = acc_3;
          }
        }
      }
      const ph::Box<2> box_15 = {{ph::max64(m_box.lo[0], s_box.lo[0]), m_box.lo[1]}, {ph::min64(m_box.hi[0], s_box.hi[0]), m_box.hi[1]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_15.has(i0, i1)) {
            m_new_[pass] = fmaxf(m_[pass], row_max_2[pass]);
          }
        }
      }
      m_new_box = box_15;
      #line 324 "tests/corpus/dot.phobos"
      f32 p_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> p_box;
      const ph::Box<2> box_16 = {{ph::max64(s_box.lo[0], m_new_box.lo[0]), s_box.lo[1]}, {ph::min64(s_box.hi[0], m_new_box.hi[0]), ph::min64(s_box.hi[1], (m_new_box.lo[1] < m_new_box.hi[1] ? 64 : 0))}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (box_16.has(i0, g) && box_16.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                p_[pass * 16 + slot * 2 + v] = expf((s_[pass * 16 + slot * 2 + v] - m_new_[pass]));
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_16.has(i0, i1)) continue;
                p_[pass * 16 + slot * 2 + v] = expf((s_[pass * 16 + slot * 2 + v] - m_new_[pass]));
              }
            }
          }
        }
      }
      p_box = box_16;
      #line 325 "tests/corpus/dot.phobos"
      f32 alpha_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
      ph::Box<2> alpha_box;
      const ph::Box<2> box_17 = {{ph::max64(m_box.lo[0], m_new_box.lo[0]), ph::max64(m_box.lo[1], m_new_box.lo[1])}, {ph::min64(m_box.hi[0], m_new_box.hi[0]), ph::min64(m_box.hi[1], m_new_box.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_17.has(i0, i1)) {
            alpha_[pass] = expf((m_[pass] - m_new_[pass]));
          }
        }
      }
      alpha_box = box_17;
      #line 326 "tests/corpus/dot.phobos"
      f32 row_sum_2[2];  // the sum of each row this thread holds
      // sum along the last axis of tile<f32>[64, 64]: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const bool live = p_box.lo[0] <= i0 && i0 < p_box.hi[0];  // the row is present
          const int begin = (int)p_box.lo[1];
          const int end = live ? (int)p_box.hi[1] : 0;
          f32 acc_3 = 0.0f;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (begin <= g && g + 2 <= end) {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                acc_3 = (acc_3 + p_[pass * 16 + slot * 2 + v]);
              }
            } else {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                if (begin <= j && j < end) acc_3 = (acc_3 + p_[pass * 16 + slot * 2 + v]);
              }
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_3 = (acc_3 + ph::shfl_xor(acc_3, m, 4));
          if (live) {
            row_sum_2[pass] = acc_3;
          }
        }
      }
      const ph::Box<2> box_18 = {{ph::max64(ph::max64(l_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(l_box.lo[1], alpha_box.lo[1])}, {ph::min64(ph::min64(l_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(l_box.hi[1], alpha_box.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_18.has(i0, i1)) {
            l_[pass] = ((l_[pass] * alpha_[pass]) + row_sum_2[pass]);
          }
        }
      }
      l_box = box_18;
      #line 327 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_19 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, S_) - j_, 64}};
      if (z_ < 0 || z_ >= Z_) box_19 = {};
      box_19.normalize();
      const i64 k_lo_8 = ph::max64(p_box.lo[1], box_19.lo[0]);
      const i64 k_hi_8 = ph::min64(p_box.hi[1], box_19.hi[0]);
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              acc_[pass * 16 + slot * 2 + v] = (acc_[pass * 16 + slot * 2 + v] * alpha_[pass]);
            }
          }
        }
      }
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring_7 = (unsigned char*)(smem + own + 27648);  // 2 stages of tile<bf16>[64, 64] staged for wgmma, turns ahead
      bf16* stage_6 = (bf16*)((unsigned char*)(ring_7) + (0u - ph::smem_address(ring_7)) % 1024);
      const u32 ring_at_7 = ph::smem_address((unsigned char*)stage_6);
      bf16* stage_now_7 = (bf16*)((unsigned char*)stage_6 + (turn % 2) * 8192);
      const u32 stage_now_at_7 = ring_at_7 + (turn % 2) * 8192;
      bf16* stage_then_7 = (bf16*)((unsigned char*)stage_6 + ((turn + 1) % 2) * 8192);
      const u32 stage_then_at_7 = ring_at_7 + ((turn + 1) % 2) * 8192;
      if (turn == 0) {  // the first turns' windows
        if (k_lo_8 <= 0 && 0 < k_hi_8 && box_19.lo[1] <= 0 && 0 < box_19.hi[1] && k_lo_8 <= 63 && 63 < k_hi_8 && box_19.lo[1] <= 63 && 63 < box_19.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_7 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= c && c < box_19.hi[1] && k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= c + 7 && c + 7 < box_19.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_7 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_7 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= col && col < box_19.hi[1] ? V_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_7 = j_ + 64;
        ph::Box<2> box_20 = {{ph::max64(j_next_7, 0) - j_next_7, 0}, {ph::min64(j_next_7 + 64, S_) - j_next_7, 64}};
        if (z_ < 0 || z_ >= Z_) box_20 = {};
        box_20.normalize();
        const i64 k_lo_9 = ph::max64(p_box.lo[1], box_20.lo[0]);
        const i64 k_hi_9 = ph::min64(p_box.hi[1], box_20.hi[0]);
        if (k_lo_9 <= 0 && 0 < k_hi_9 && box_20.lo[1] <= 0 && 0 < box_20.hi[1] && k_lo_9 <= 63 && 63 < k_hi_9 && box_20.lo[1] <= 63 && 63 < box_20.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_next_7) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_7 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_9 <= r && r < k_hi_9 && box_20.lo[1] <= c && c < box_20.hi[1] && k_lo_9 <= r && r < k_hi_9 && box_20.lo[1] <= c + 7 && c + 7 < box_20.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_7 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &V_[(z_ * S_ + j_next_7) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_7 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_9 <= r && r < k_hi_9 && box_20.lo[1] <= col && col < box_20.hi[1] ? V_[(z_ * S_ + j_next_7) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      if (turn == 0) {  // later turns' windows: waited for and published with the turn's first product's
        ph::stage_wait_ahead<0>(turn);
        ph::proxy_fence();  // this thread's copies, seen by wgmma
        __syncthreads();
      }
      {  // tile<f32>[64, 64] = dot on wgmma m64n64k16 from sm_90a: each warpgroup 64 rows of a block, A from registers, B from its swizzled stage (B MN-major)
        const int lane_8 = threadIdx.x % 32;
        const u64 b_desc_4 = ph::smem_descriptor(stage_now_at_7, 8192, 1024);
        #pragma unroll
        for (int blk_7 = 0; blk_7 < 1; ++blk_7) {
          const int first_7 = (threadIdx.x / 32 + blk_7 * 4) * 16;  // the warp's first row
          u32 fa_7[4][4] = {};
          #pragma unroll
          for (int ks_7 = 0; ks_7 < 4; ++ks_7) {
            { const int i0 = first_7 + lane_8 / 4; const int i1 = ks_7 * 16 + lane_8 % 4 * 2; const int pass = blk_7 * 2 + 0; const int slot = ks_7 * 2 + 0; const int v = 0; fa_7[ks_7][0] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_7 + lane_8 / 4; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 1; const int pass = blk_7 * 2 + 0; const int slot = ks_7 * 2 + 0; const int v = 1; fa_7[ks_7][0] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_7 + lane_8 / 4 + 8; const int i1 = ks_7 * 16 + lane_8 % 4 * 2; const int pass = blk_7 * 2 + 1; const int slot = ks_7 * 2 + 0; const int v = 0; fa_7[ks_7][1] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_7 + lane_8 / 4 + 8; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 1; const int pass = blk_7 * 2 + 1; const int slot = ks_7 * 2 + 0; const int v = 1; fa_7[ks_7][1] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_7 + lane_8 / 4; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 8; const int pass = blk_7 * 2 + 0; const int slot = ks_7 * 2 + 1; const int v = 0; fa_7[ks_7][2] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_7 + lane_8 / 4; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 9; const int pass = blk_7 * 2 + 0; const int slot = ks_7 * 2 + 1; const int v = 1; fa_7[ks_7][2] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_7 + lane_8 / 4 + 8; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 8; const int pass = blk_7 * 2 + 1; const int slot = ks_7 * 2 + 1; const int v = 0; fa_7[ks_7][3] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_7 + lane_8 / 4 + 8; const int i1 = ks_7 * 16 + lane_8 % 4 * 2 + 9; const int pass = blk_7 * 2 + 1; const int slot = ks_7 * 2 + 1; const int v = 1; fa_7[ks_7][3] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
          }
          f32 acc_8[32];
          #pragma unroll
          for (int nb_7 = 0; nb_7 < 8; ++nb_7) {
            acc_8[nb_7 * 4 + 0] = acc_[(blk_7 * 2 + 0) * 16 + nb_7 * 2];
            acc_8[nb_7 * 4 + 1] = acc_[(blk_7 * 2 + 0) * 16 + nb_7 * 2 + 1];
            acc_8[nb_7 * 4 + 2] = acc_[(blk_7 * 2 + 1) * 16 + nb_7 * 2];
            acc_8[nb_7 * 4 + 3] = acc_[(blk_7 * 2 + 1) * 16 + nb_7 * 2 + 1];
          }
          ph::keep(acc_8);
          #pragma unroll
          for (int ks_7 = 0; ks_7 < 4; ++ks_7) {
            ph::keep(fa_7[ks_7]);
          }
          ph::wgmma_fence();
          #pragma unroll
          for (int ks_7 = 0; ks_7 < 4; ++ks_7) {
            ph::wgmma_m64n64k16_bf16_rs_mn(acc_8, fa_7[ks_7], b_desc_4 + (ks_7 * 2048) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc_8);  // the accumulators are read, and A's registers free, only now
          #pragma unroll
          for (int ks_7 = 0; ks_7 < 4; ++ks_7) {
            ph::keep(fa_7[ks_7]);
          }
          #pragma unroll
          for (int nb_7 = 0; nb_7 < 8; ++nb_7) {
            acc_[(blk_7 * 2 + 0) * 16 + nb_7 * 2] = acc_8[nb_7 * 4 + 0];
            acc_[(blk_7 * 2 + 0) * 16 + nb_7 * 2 + 1] = acc_8[nb_7 * 4 + 1];
            acc_[(blk_7 * 2 + 1) * 16 + nb_7 * 2] = acc_8[nb_7 * 4 + 2];
            acc_[(blk_7 * 2 + 1) * 16 + nb_7 * 2 + 1] = acc_8[nb_7 * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_8 = (unsigned char*)(smem + own + 27648);  // 2 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_8 = ph::smem_address(ring_8);
      bf16* stage_now_8 = (bf16*)(ring_8 + (turn % 2) * 9216);
      const u32 stage_now_at_8 = ring_at_8 + (turn % 2) * 9216;
      bf16* stage_then_8 = (bf16*)(ring_8 + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at_8 = ring_at_8 + ((turn + 1) % 2) * 9216;
      if (turn == 0) {  // the first turns' windows
        if (k_lo_8 <= 0 && 0 < k_hi_8 && box_19.lo[1] <= 0 && 0 < box_19.hi[1] && k_lo_8 <= 63 && 63 < k_hi_8 && box_19.lo[1] <= 63 && 63 < box_19.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_8 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= c && c < box_19.hi[1] && k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= c + 7 && c + 7 < box_19.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_8 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_8 + (r) * 144))[col] = k_lo_8 <= r && r < k_hi_8 && box_19.lo[1] <= col && col < box_19.hi[1] ? V_[(z_ * S_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      if (j_ + 64 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_8 = j_ + 64;
        ph::Box<2> box_21 = {{ph::max64(j_next_8, 0) - j_next_8, 0}, {ph::min64(j_next_8 + 64, S_) - j_next_8, 64}};
        if (z_ < 0 || z_ >= Z_) box_21 = {};
        box_21.normalize();
        const i64 k_lo_10 = ph::max64(p_box.lo[1], box_21.lo[0]);
        const i64 k_hi_10 = ph::min64(p_box.hi[1], box_21.hi[0]);
        if (k_lo_10 <= 0 && 0 < k_hi_10 && box_21.lo[1] <= 0 && 0 < box_21.hi[1] && k_lo_10 <= 63 && 63 < k_hi_10 && box_21.lo[1] <= 63 && 63 < box_21.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * S_ + j_next_8) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_8 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_10 <= r && r < k_hi_10 && box_21.lo[1] <= c && c < box_21.hi[1] && k_lo_10 <= r && r < k_hi_10 && box_21.lo[1] <= c + 7 && c + 7 < box_21.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_8 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + j_next_8) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_8 + (r) * 144))[col] = k_lo_10 <= r && r < k_hi_10 && box_21.lo[1] <= col && col < box_21.hi[1] ? V_[(z_ * S_ + j_next_8) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      if (turn == 0) {  // later turns' windows: waited for and published with the turn's first product's
        ph::stage_wait_ahead<0>(turn);
        __syncthreads();
      }
      {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_9 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_8 = 0; blk_8 < 1; ++blk_8) {
          const int first_8 = (threadIdx.x / 32 + blk_8 * 4) * 16;  // the block's first row
          f32 acc_9[8][4];
          #pragma unroll
          for (int nb_8 = 0; nb_8 < 8; ++nb_8) {
            acc_9[nb_8][0] = acc_[(blk_8 * 2 + 0) * 16 + nb_8 * 2];
            acc_9[nb_8][1] = acc_[(blk_8 * 2 + 0) * 16 + nb_8 * 2 + 1];
            acc_9[nb_8][2] = acc_[(blk_8 * 2 + 1) * 16 + nb_8 * 2];
            acc_9[nb_8][3] = acc_[(blk_8 * 2 + 1) * 16 + nb_8 * 2 + 1];
          }
          #pragma unroll
          for (int ks_8 = 0; ks_8 < 4; ++ks_8) {
            u32 fa_8[4] = {};
            { const int i0 = first_8 + lane_9 / 4; const int i1 = ks_8 * 16 + lane_9 % 4 * 2; const int pass = blk_8 * 2 + 0; const int slot = ks_8 * 2 + 0; const int v = 0; fa_8[0] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_8 + lane_9 / 4; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 1; const int pass = blk_8 * 2 + 0; const int slot = ks_8 * 2 + 0; const int v = 1; fa_8[0] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_8 + lane_9 / 4 + 8; const int i1 = ks_8 * 16 + lane_9 % 4 * 2; const int pass = blk_8 * 2 + 1; const int slot = ks_8 * 2 + 0; const int v = 0; fa_8[1] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_8 + lane_9 / 4 + 8; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 1; const int pass = blk_8 * 2 + 1; const int slot = ks_8 * 2 + 0; const int v = 1; fa_8[1] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_8 + lane_9 / 4; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 8; const int pass = blk_8 * 2 + 0; const int slot = ks_8 * 2 + 1; const int v = 0; fa_8[2] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_8 + lane_9 / 4; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 9; const int pass = blk_8 * 2 + 0; const int slot = ks_8 * 2 + 1; const int v = 1; fa_8[2] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            { const int i0 = first_8 + lane_9 / 4 + 8; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 8; const int pass = blk_8 * 2 + 1; const int slot = ks_8 * 2 + 1; const int v = 0; fa_8[3] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u); }
            { const int i0 = first_8 + lane_9 / 4 + 8; const int i1 = ks_8 * 16 + lane_9 % 4 * 2 + 9; const int pass = blk_8 * 2 + 1; const int slot = ks_8 * 2 + 1; const int v = 1; fa_8[3] |= (p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_8 <= i1 && i1 < k_hi_8 ? (u32)(ph::to_bf16(p_[pass * 16 + slot * 2 + v])).bits : 0u) << 16; }
            {
              u32 fq_4[4];
              ph::ldmatrix4_trans(fq_4, stage_now_at_8 + (ks_8 * 16 + lane_9 / 8 % 2 * 8 + lane_9 % 8) * 144 + (0 + lane_9 / 16 * 8) * 2);
              ph::mma_bf16(acc_9[0], fa_8, {fq_4[0], fq_4[1]});
              ph::mma_bf16(acc_9[1], fa_8, {fq_4[2], fq_4[3]});
            }
            {
              u32 fq_4[4];
              ph::ldmatrix4_trans(fq_4, stage_now_at_8 + (ks_8 * 16 + lane_9 / 8 % 2 * 8 + lane_9 % 8) * 144 + (16 + lane_9 / 16 * 8) * 2);
              ph::mma_bf16(acc_9[2], fa_8, {fq_4[0], fq_4[1]});
              ph::mma_bf16(acc_9[3], fa_8, {fq_4[2], fq_4[3]});
            }
            {
              u32 fq_4[4];
              ph::ldmatrix4_trans(fq_4, stage_now_at_8 + (ks_8 * 16 + lane_9 / 8 % 2 * 8 + lane_9 % 8) * 144 + (32 + lane_9 / 16 * 8) * 2);
              ph::mma_bf16(acc_9[4], fa_8, {fq_4[0], fq_4[1]});
              ph::mma_bf16(acc_9[5], fa_8, {fq_4[2], fq_4[3]});
            }
            {
              u32 fq_4[4];
              ph::ldmatrix4_trans(fq_4, stage_now_at_8 + (ks_8 * 16 + lane_9 / 8 % 2 * 8 + lane_9 % 8) * 144 + (48 + lane_9 / 16 * 8) * 2);
              ph::mma_bf16(acc_9[6], fa_8, {fq_4[0], fq_4[1]});
              ph::mma_bf16(acc_9[7], fa_8, {fq_4[2], fq_4[3]});
            }
          }
          #pragma unroll
          for (int nb_8 = 0; nb_8 < 8; ++nb_8) {
            acc_[(blk_8 * 2 + 0) * 16 + nb_8 * 2] = acc_9[nb_8][0];
            acc_[(blk_8 * 2 + 0) * 16 + nb_8 * 2 + 1] = acc_9[nb_8][1];
            acc_[(blk_8 * 2 + 1) * 16 + nb_8 * 2] = acc_9[nb_8][2];
            acc_[(blk_8 * 2 + 1) * 16 + nb_8 * 2 + 1] = acc_9[nb_8][3];
          }
        }
      }
      #else
      bf16* tmp_2 = (bf16*)(smem + 0);  // tile<bf16>[64, 64]
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!p_box.has(i0, i1)) continue;
              tmp_2[i0 * 64 + i1] = ph::to_bf16(p_[pass * 16 + slot * 2 + v]);
            }
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_22 = {{p_box.lo[0], box_19.lo[1]}, {p_box.hi[0], box_19.hi[1]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_22.has(i0, i1)) continue;
              f32 acc_3 = acc_[pass * 16 + slot * 2 + v];
              for (i64 k = k_lo_8; k < k_hi_8; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(tmp_2[i0 * 64 + k])) * (f32)(ph::from_bf16(V_[(z_ * S_ + j_) * 64 + (k * 64 + i1)]))));
              acc_[pass * 16 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_23 = {{ph::max64(ph::max64(acc_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(acc_box.lo[1], box_19.lo[1])}, {ph::min64(ph::min64(acc_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(ph::min64(acc_box.hi[1], (alpha_box.lo[1] < alpha_box.hi[1] ? 64 : 0)), box_19.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 8; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (box_23.has(i0, g) && box_23.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 16 + slot * 2 + v] = acc_[pass * 16 + slot * 2 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_23.has(i0, i1)) continue;
                acc_[pass * 16 + slot * 2 + v] = acc_[pass * 16 + slot * 2 + v];
              }
            }
          }
        }
      }
      acc_box = box_23;
      #line 328 "tests/corpus/dot.phobos"
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (m_new_box.has(i0, i1)) {
            m_[pass] = m_new_[pass];
          }
        }
      }
      m_box = m_new_box;
    }
    ph::stage_commit();  // the turn's copies ahead, one group
    ++turn;
  }
  #line 330 "tests/corpus/dot.phobos"
  ph::Box<2> box_24 = {{ph::max64(ph::max64(acc_box.lo[0], l_box.lo[0]), -r_), acc_box.lo[1]}, {ph::min64(ph::min64(acc_box.hi[0], l_box.hi[0]), S_ - r_), ph::min64(acc_box.hi[1], (l_box.lo[1] < l_box.hi[1] ? 64 : 0))}};
  if (z_ < 0 || z_ >= Z_) box_24 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane + slot * 4) * 2;
        if (box_24.has(i0, g) && box_24.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = (acc_[pass * 16 + slot * 2 + v] / l_[pass]);
          }
          ph::vstore(&O_[(z_ * S_ + r_) * 64 + (i0 * 64 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_24.has(i0, i1)) continue;
            O_[(z_ * S_ + r_) * 64 + (i0 * 64 + i1)] = (acc_[pass * 16 + slot * 2 + v] / l_[pass]);
          }
        }
      }
    }
  }
}
