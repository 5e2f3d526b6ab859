
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
namespace ph {
PH_INLINE void wgmma_m64n128k16_bf16_ss_k(f32 (&d)[64], u64 a, u64 b) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, 1, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n\t}"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
               : "l"(a), "l"(b));
}
}  // namespace ph
#endif
// kernel gemm_wgmma_linear [TM=128, TN=128, TK=64]: 128 threads a CTA, 73728 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, BIAS, C, W; rows 16-byte multiples apart: BIAS
#line 158 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma_linear(bf16* A_, bf16* W_, f32* BIAS_, bf16* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 161 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 128ll);
  #line 162 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 128ll);
  #line 163 "tests/corpus/dot.phobos"
  f32 acc_[128];  // tile<f32>[128, 128] in registers: 128 rows of 128 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 16; ++slot) {
        const int g = (lane + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          acc_[pass * 32 + slot * 2 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {128, 128}};
  #line 164 "tests/corpus/dot.phobos"
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 k_ = 0ll; k_ < K_; k_ += 64) {
    if (m0_ >= 0 && m0_ + 128 <= M_ && k_ >= 0 && k_ + 64 <= K_ && n0_ >= 0 && n0_ + 128 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 128 && acc_box.lo[1] == 0 && acc_box.hi[1] == 128) {  // every window inside its tensor, every tile whole
      #line 165 "tests/corpus/dot.phobos"
      __syncthreads();
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[128, 64] staged for wgmma, turns ahead
      bf16* stage = (bf16*)((unsigned char*)(ring) + (0u - ph::smem_address(ring)) % 1024);
      const u32 ring_at = ph::smem_address((unsigned char*)stage);
      bf16* stage_now = (bf16*)((unsigned char*)stage + (turn % 2) * 16384);
      const u32 stage_now_at = ring_at + (turn % 2) * 16384;
      bf16* stage_then = (bf16*)((unsigned char*)stage + ((turn + 1) % 2) * 16384);
      const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 16384;
      unsigned char* ring_2 = (unsigned char*)(smem + own + 33792);  // 2 stages of tile<bf16>[128, 64] staged for wgmma, turns ahead
      bf16* stage_2 = (bf16*)((unsigned char*)(ring_2) + (0u - ph::smem_address(ring_2)) % 1024);
      const u32 ring_at_2 = ph::smem_address((unsigned char*)stage_2);
      bf16* stage_now_2 = (bf16*)((unsigned char*)stage_2 + (turn % 2) * 16384);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 16384;
      bf16* stage_then_2 = (bf16*)((unsigned char*)stage_2 + ((turn + 1) % 2) * 16384);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 16384;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= 0 && 0 < 128 && 0 <= 0 && 0 < 64 && 0 <= 127 && 127 < 128 && 0 <= 63 && 63 < 64) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= r && r < 128 && 0 <= c && c < 64 && 0 <= r && r < 128 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = 0 <= r && r < 128 && 0 <= col && col < 64 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 128 && 0 <= 63 && 63 < 64 && 0 <= 127 && 127 < 128) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_2 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= c && c < 64 && 0 <= r && r < 128 && 0 <= c + 7 && c + 7 < 64 && 0 <= r && r < 128) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_2 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_2 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = 0 <= col && col < 64 && 0 <= r && r < 128 ? W_[(n0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 64 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next = k_ + 64;
        ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next, 0) - k_next}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_next + 64, K_) - k_next}};
        box.normalize();
        ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next, 0) - k_next}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next + 64, K_) - k_next}};
        box_2.normalize();
        const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
        const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
        if (k_next % 8 == 0 && K_ % 8 == 0 && box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 127 && 127 < box.hi[0] && k_lo <= 63 && 63 < k_hi) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_next + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next % 8 == 0 && K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
              ph::stage_async16(stage_then_at + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &A_[(m0_ + r) * K_ + (k_next + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[(m0_ + r) * K_ + (k_next + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_next % 8 == 0 && K_ % 8 == 0 && k_lo <= 0 && 0 < k_hi && box_2.lo[0] <= 0 && 0 < box_2.hi[0] && k_lo <= 63 && 63 < k_hi && box_2.lo[0] <= 127 && 127 < box_2.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_next + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_2 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next % 8 == 0 && K_ % 8 == 0 && k_lo <= c && c < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] && k_lo <= c + 7 && c + 7 < k_hi && box_2.lo[0] <= r && r < box_2.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_2 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &W_[(n0_ + r) * K_ + (k_next + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_2 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo <= col && col < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] ? W_[(n0_ + r) * K_ + (k_next + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      ph::proxy_fence();  // this thread's copies, seen by wgmma
      __syncthreads();
      {  // tile<f32>[128, 128] = dot on wgmma m64n128k16 from sm_90a: each warpgroup 64 rows of a block, A and B from their swizzled stages (B K-major)
        const u64 a_desc = ph::smem_descriptor(stage_now_at, 16, 1024);
        const u64 b_desc = ph::smem_descriptor(stage_now_at_2, 16, 1024);
        #pragma unroll
        for (int blk = 0; blk < 2; ++blk) {
          const u32 first = (0 * 4 + blk * 4) * 16;  // the warpgroup's first row
          f32 acc[64];
          #pragma unroll
          for (int nb = 0; nb < 16; ++nb) {
            acc[nb * 4 + 0] = acc_[(blk * 2 + 0) * 32 + nb * 2];
            acc[nb * 4 + 1] = acc_[(blk * 2 + 0) * 32 + nb * 2 + 1];
            acc[nb * 4 + 2] = acc_[(blk * 2 + 1) * 32 + nb * 2];
            acc[nb * 4 + 3] = acc_[(blk * 2 + 1) * 32 + nb * 2 + 1];
          }
          ph::keep(acc);
          ph::wgmma_fence();
          #pragma unroll
          for (int ks = 0; ks < 4; ++ks) {
            ph::wgmma_m64n128k16_bf16_ss_k(acc, a_desc + (first * 128 + ks / 4 * 16384 + ks % 4 * 32) / 16, b_desc + (ks / 4 * 16384 + ks % 4 * 32) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc);  // the accumulators are read only now
          #pragma unroll
          for (int nb = 0; nb < 16; ++nb) {
            acc_[(blk * 2 + 0) * 32 + nb * 2] = acc[nb * 4 + 0];
            acc_[(blk * 2 + 0) * 32 + nb * 2 + 1] = acc[nb * 4 + 1];
            acc_[(blk * 2 + 1) * 32 + nb * 2] = acc[nb * 4 + 2];
            acc_[(blk * 2 + 1) * 32 + nb * 2 + 1] = acc[nb * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_3 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[128, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_3 = ph::smem_address(ring_3);
      bf16* stage_now_3 = (bf16*)(ring_3 + (turn % 2) * 18432);
      const u32 stage_now_at_3 = ring_at_3 + (turn % 2) * 18432;
      bf16* stage_then_3 = (bf16*)(ring_3 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_3 = ring_at_3 + ((turn + 1) % 2) * 18432;
      unsigned char* ring_4 = (unsigned char*)(smem + own + 36864);  // 2 stages of tile<bf16>[128, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_4 = ph::smem_address(ring_4);
      bf16* stage_now_4 = (bf16*)(ring_4 + (turn % 2) * 18432);
      const u32 stage_now_at_4 = ring_at_4 + (turn % 2) * 18432;
      bf16* stage_then_4 = (bf16*)(ring_4 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_4 = ring_at_4 + ((turn + 1) % 2) * 18432;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= 0 && 0 < 128 && 0 <= 0 && 0 < 64 && 0 <= 127 && 127 < 128 && 0 <= 63 && 63 < 64) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= r && r < 128 && 0 <= c && c < 64 && 0 <= r && r < 128 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_3 + (r) * 144 + (c) * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_3 + (r) * 144))[col] = 0 <= r && r < 128 && 0 <= col && col < 64 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 128 && 0 <= 63 && 63 < 64 && 0 <= 127 && 127 < 128) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= c && c < 64 && 0 <= r && r < 128 && 0 <= c + 7 && c + 7 < 64 && 0 <= r && r < 128) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_4 + (r) * 144 + (c) * 2, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_4 + (r) * 144))[col] = 0 <= col && col < 64 && 0 <= r && r < 128 ? W_[(n0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 64 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_2 = k_ + 64;
        ph::Box<2> box_3 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_next_2 + 64, K_) - k_next_2}};
        box_3.normalize();
        ph::Box<2> box_4 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next_2 + 64, K_) - k_next_2}};
        box_4.normalize();
        const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[1]);
        const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[1]);
        if (k_next_2 % 8 == 0 && K_ % 8 == 0 && box_3.lo[0] <= 0 && 0 < box_3.hi[0] && k_lo_2 <= 0 && 0 < k_hi_2 && box_3.lo[0] <= 127 && 127 < box_3.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_next_2 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_2 % 8 == 0 && K_ % 8 == 0 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_3 + (r) * 144 + (c) * 2, &A_[(m0_ + r) * K_ + (k_next_2 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_3 + (r) * 144))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[(m0_ + r) * K_ + (k_next_2 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_next_2 % 8 == 0 && K_ % 8 == 0 && k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2 && box_4.lo[0] <= 127 && 127 < box_4.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_next_2 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_2 % 8 == 0 && K_ % 8 == 0 && k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_4 + (r) * 144 + (c) * 2, &W_[(n0_ + r) * K_ + (k_next_2 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_4 + (r) * 144))[col] = k_lo_2 <= col && col < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] ? W_[(n0_ + r) * K_ + (k_next_2 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[128, 128] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_3 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_2 = 0; blk_2 < 2; ++blk_2) {
          const int first_2 = (threadIdx.x / 32 + blk_2 * 4) * 16;  // the block's first row
          f32 acc_2[16][4];
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 16; ++nb_2) {
            acc_2[nb_2][0] = acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2];
            acc_2[nb_2][1] = acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2 + 1];
            acc_2[nb_2][2] = acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2];
            acc_2[nb_2][3] = acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2 + 1];
          }
          #pragma unroll
          for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
            u32 fa_2[4] = {};
            ph::ldmatrix4(fa_2, stage_now_at_3 + (first_2 + lane_3 % 16) * 144 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (0 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[0], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[1], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (16 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[2], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[3], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (32 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[4], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[5], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (48 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[6], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[7], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (64 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[8], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[9], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (80 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[10], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[11], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (96 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[12], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[13], fa_2, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_4 + (112 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 16 + lane_3 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_2[14], fa_2, {fq[0], fq[1]});
              ph::mma_bf16(acc_2[15], fa_2, {fq[2], fq[3]});
            }
          }
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 16; ++nb_2) {
            acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2] = acc_2[nb_2][0];
            acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2 + 1] = acc_2[nb_2][1];
            acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2] = acc_2[nb_2][2];
            acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2 + 1] = acc_2[nb_2][3];
          }
        }
      }
      #else
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 4; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_3 = acc_[pass * 32 + slot * 2 + v];
              for (i64 k = 0; k < 64; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(A_[(m0_ + i0) * K_ + (k_ + k)])) * (f32)(ph::from_bf16(W_[(n0_ + i1) * K_ + (k_ + k)]))));
              acc_[pass * 32 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 4; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {128, 128}};
    } else {
      #line 165 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_5 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_ + 64, K_) - k_}};
      box_5.normalize();
      ph::Box<2> box_6 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_ + 64, K_) - k_}};
      box_6.normalize();
      const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[1]);
      const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[1]);
      #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
      unsigned char* ring_5 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[128, 64] staged for wgmma, turns ahead
      bf16* stage_3 = (bf16*)((unsigned char*)(ring_5) + (0u - ph::smem_address(ring_5)) % 1024);
      const u32 ring_at_5 = ph::smem_address((unsigned char*)stage_3);
      bf16* stage_now_5 = (bf16*)((unsigned char*)stage_3 + (turn % 2) * 16384);
      const u32 stage_now_at_5 = ring_at_5 + (turn % 2) * 16384;
      bf16* stage_then_5 = (bf16*)((unsigned char*)stage_3 + ((turn + 1) % 2) * 16384);
      const u32 stage_then_at_5 = ring_at_5 + ((turn + 1) % 2) * 16384;
      unsigned char* ring_6 = (unsigned char*)(smem + own + 33792);  // 2 stages of tile<bf16>[128, 64] staged for wgmma, turns ahead
      bf16* stage_4 = (bf16*)((unsigned char*)(ring_6) + (0u - ph::smem_address(ring_6)) % 1024);
      const u32 ring_at_6 = ph::smem_address((unsigned char*)stage_4);
      bf16* stage_now_6 = (bf16*)((unsigned char*)stage_4 + (turn % 2) * 16384);
      const u32 stage_now_at_6 = ring_at_6 + (turn % 2) * 16384;
      bf16* stage_then_6 = (bf16*)((unsigned char*)stage_4 + ((turn + 1) % 2) * 16384);
      const u32 stage_then_at_6 = ring_at_6 + ((turn + 1) % 2) * 16384;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= 0 && 0 < box_5.hi[0] && k_lo_3 <= 0 && 0 < k_hi_3 && box_5.lo[0] <= 127 && 127 < box_5.hi[0] && k_lo_3 <= 63 && 63 < k_hi_3) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_5 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_5 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_5 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= col && col < k_hi_3 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_ % 8 == 0 && K_ % 8 == 0 && k_lo_3 <= 0 && 0 < k_hi_3 && box_6.lo[0] <= 0 && 0 < box_6.hi[0] && k_lo_3 <= 63 && 63 < k_hi_3 && box_6.lo[0] <= 127 && 127 < box_6.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_6 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && k_lo_3 <= c && c < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_6 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_now_6 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_3 <= col && col < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] ? W_[(n0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 64 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_3 = k_ + 64;
        ph::Box<2> box_7 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_3, 0) - k_next_3}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_next_3 + 64, K_) - k_next_3}};
        box_7.normalize();
        ph::Box<2> box_8 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next_3, 0) - k_next_3}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next_3 + 64, K_) - k_next_3}};
        box_8.normalize();
        const i64 k_lo_4 = ph::max64(box_7.lo[1], box_8.lo[1]);
        const i64 k_hi_4 = ph::min64(box_7.hi[1], box_8.hi[1]);
        if (k_next_3 % 8 == 0 && K_ % 8 == 0 && box_7.lo[0] <= 0 && 0 < box_7.hi[0] && k_lo_4 <= 0 && 0 < k_hi_4 && box_7.lo[0] <= 127 && 127 < box_7.hi[0] && k_lo_4 <= 63 && 63 < k_hi_4) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_next_3 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_5 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_3 % 8 == 0 && K_ % 8 == 0 && box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_4 <= c && c < k_hi_4 && box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_4 <= c + 7 && c + 7 < k_hi_4) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_5 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &A_[(m0_ + r) * K_ + (k_next_3 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_5 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_4 <= col && col < k_hi_4 ? A_[(m0_ + r) * K_ + (k_next_3 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_next_3 % 8 == 0 && K_ % 8 == 0 && k_lo_4 <= 0 && 0 < k_hi_4 && box_8.lo[0] <= 0 && 0 < box_8.hi[0] && k_lo_4 <= 63 && 63 < k_hi_4 && box_8.lo[0] <= 127 && 127 < box_8.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_next_3 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_6 + (c) / 64 * 16384 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_3 % 8 == 0 && K_ % 8 == 0 && k_lo_4 <= c && c < k_hi_4 && box_8.lo[0] <= r && r < box_8.hi[0] && k_lo_4 <= c + 7 && c + 7 < k_hi_4 && box_8.lo[0] <= r && r < box_8.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_6 + (c) / 64 * 16384 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &W_[(n0_ + r) * K_ + (k_next_3 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                *(bf16*)((unsigned char*)stage_then_6 + (col) / 64 * 16384 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo_4 <= col && col < k_hi_4 && box_8.lo[0] <= r && r < box_8.hi[0] ? W_[(n0_ + r) * K_ + (k_next_3 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      ph::proxy_fence();  // this thread's copies, seen by wgmma
      __syncthreads();
      {  // tile<f32>[128, 128] = dot on wgmma m64n128k16 from sm_90a: each warpgroup 64 rows of a block, A and B from their swizzled stages (B K-major)
        const u64 a_desc_2 = ph::smem_descriptor(stage_now_at_5, 16, 1024);
        const u64 b_desc_2 = ph::smem_descriptor(stage_now_at_6, 16, 1024);
        #pragma unroll
        for (int blk_3 = 0; blk_3 < 2; ++blk_3) {
          const u32 first_3 = (0 * 4 + blk_3 * 4) * 16;  // the warpgroup's first row
          f32 acc_4[64];
          #pragma unroll
          for (int nb_3 = 0; nb_3 < 16; ++nb_3) {
            acc_4[nb_3 * 4 + 0] = acc_[(blk_3 * 2 + 0) * 32 + nb_3 * 2];
            acc_4[nb_3 * 4 + 1] = acc_[(blk_3 * 2 + 0) * 32 + nb_3 * 2 + 1];
            acc_4[nb_3 * 4 + 2] = acc_[(blk_3 * 2 + 1) * 32 + nb_3 * 2];
            acc_4[nb_3 * 4 + 3] = acc_[(blk_3 * 2 + 1) * 32 + nb_3 * 2 + 1];
          }
          ph::keep(acc_4);
          ph::wgmma_fence();
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            ph::wgmma_m64n128k16_bf16_ss_k(acc_4, a_desc_2 + (first_3 * 128 + ks_3 / 4 * 16384 + ks_3 % 4 * 32) / 16, b_desc_2 + (ks_3 / 4 * 16384 + ks_3 % 4 * 32) / 16);
          }
          ph::wgmma_commit();
          ph::wgmma_wait<0>();
          ph::keep(acc_4);  // the accumulators are read only now
          #pragma unroll
          for (int nb_3 = 0; nb_3 < 16; ++nb_3) {
            acc_[(blk_3 * 2 + 0) * 32 + nb_3 * 2] = acc_4[nb_3 * 4 + 0];
            acc_[(blk_3 * 2 + 0) * 32 + nb_3 * 2 + 1] = acc_4[nb_3 * 4 + 1];
            acc_[(blk_3 * 2 + 1) * 32 + nb_3 * 2] = acc_4[nb_3 * 4 + 2];
            acc_[(blk_3 * 2 + 1) * 32 + nb_3 * 2 + 1] = acc_4[nb_3 * 4 + 3];
          }
        }
      }
      #elif __CUDA_ARCH__ >= 800
      unsigned char* ring_7 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[128, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_7 = ph::smem_address(ring_7);
      bf16* stage_now_7 = (bf16*)(ring_7 + (turn % 2) * 18432);
      const u32 stage_now_at_7 = ring_at_7 + (turn % 2) * 18432;
      bf16* stage_then_7 = (bf16*)(ring_7 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_7 = ring_at_7 + ((turn + 1) % 2) * 18432;
      unsigned char* ring_8 = (unsigned char*)(smem + own + 36864);  // 2 stages of tile<bf16>[128, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_8 = ph::smem_address(ring_8);
      bf16* stage_now_8 = (bf16*)(ring_8 + (turn % 2) * 18432);
      const u32 stage_now_at_8 = ring_at_8 + (turn % 2) * 18432;
      bf16* stage_then_8 = (bf16*)(ring_8 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_8 = ring_at_8 + ((turn + 1) % 2) * 18432;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= 0 && 0 < box_5.hi[0] && k_lo_3 <= 0 && 0 < k_hi_3 && box_5.lo[0] <= 127 && 127 < box_5.hi[0] && k_lo_3 <= 63 && 63 < k_hi_3) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_7 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_7 + (r) * 144 + (c) * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_7 + (r) * 144))[col] = box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= col && col < k_hi_3 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_ % 8 == 0 && K_ % 8 == 0 && k_lo_3 <= 0 && 0 < k_hi_3 && box_6.lo[0] <= 0 && 0 < box_6.hi[0] && k_lo_3 <= 63 && 63 < k_hi_3 && box_6.lo[0] <= 127 && 127 < box_6.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_8 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_ % 8 == 0 && K_ % 8 == 0 && k_lo_3 <= c && c < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_8 + (r) * 144 + (c) * 2, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_8 + (r) * 144))[col] = k_lo_3 <= col && col < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] ? W_[(n0_ + r) * K_ + (k_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 64 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_4 = k_ + 64;
        ph::Box<2> box_9 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_4, 0) - k_next_4}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(k_next_4 + 64, K_) - k_next_4}};
        box_9.normalize();
        ph::Box<2> box_10 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next_4, 0) - k_next_4}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next_4 + 64, K_) - k_next_4}};
        box_10.normalize();
        const i64 k_lo_5 = ph::max64(box_9.lo[1], box_10.lo[1]);
        const i64 k_hi_5 = ph::min64(box_9.hi[1], box_10.hi[1]);
        if (k_next_4 % 8 == 0 && K_ % 8 == 0 && box_9.lo[0] <= 0 && 0 < box_9.hi[0] && k_lo_5 <= 0 && 0 < k_hi_5 && box_9.lo[0] <= 127 && 127 < box_9.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &A_[(m0_ + r) * K_ + (k_next_4 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_7 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_4 % 8 == 0 && K_ % 8 == 0 && box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_5 <= c && c < k_hi_5 && box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_7 + (r) * 144 + (c) * 2, &A_[(m0_ + r) * K_ + (k_next_4 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_7 + (r) * 144))[col] = box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_5 <= col && col < k_hi_5 ? A_[(m0_ + r) * K_ + (k_next_4 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (k_next_4 % 8 == 0 && K_ % 8 == 0 && k_lo_5 <= 0 && 0 < k_hi_5 && box_10.lo[0] <= 0 && 0 < box_10.hi[0] && k_lo_5 <= 63 && 63 < k_hi_5 && box_10.lo[0] <= 127 && 127 < box_10.hi[0]) {  // tile<bf16>[128, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &W_[(n0_ + r) * K_ + (k_next_4 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_8 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<bf16>[128, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_next_4 % 8 == 0 && K_ % 8 == 0 && k_lo_5 <= c && c < k_hi_5 && box_10.lo[0] <= r && r < box_10.hi[0] && k_lo_5 <= c + 7 && c + 7 < k_hi_5 && box_10.lo[0] <= r && r < box_10.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_8 + (r) * 144 + (c) * 2, &W_[(n0_ + r) * K_ + (k_next_4 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_8 + (r) * 144))[col] = k_lo_5 <= col && col < k_hi_5 && box_10.lo[0] <= r && r < box_10.hi[0] ? W_[(n0_ + r) * K_ + (k_next_4 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[128, 128] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_5 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_4 = 0; blk_4 < 2; ++blk_4) {
          const int first_4 = (threadIdx.x / 32 + blk_4 * 4) * 16;  // the block's first row
          f32 acc_5[16][4];
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 16; ++nb_4) {
            acc_5[nb_4][0] = acc_[(blk_4 * 2 + 0) * 32 + nb_4 * 2];
            acc_5[nb_4][1] = acc_[(blk_4 * 2 + 0) * 32 + nb_4 * 2 + 1];
            acc_5[nb_4][2] = acc_[(blk_4 * 2 + 1) * 32 + nb_4 * 2];
            acc_5[nb_4][3] = acc_[(blk_4 * 2 + 1) * 32 + nb_4 * 2 + 1];
          }
          #pragma unroll
          for (int ks_4 = 0; ks_4 < 4; ++ks_4) {
            u32 fa_4[4] = {};
            ph::ldmatrix4(fa_4, stage_now_at_7 + (first_4 + lane_5 % 16) * 144 + (ks_4 * 16 + lane_5 / 16 * 8) * 2);
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (0 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[0], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[1], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (16 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[2], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[3], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (32 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[4], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[5], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (48 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[6], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[7], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (64 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[8], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[9], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (80 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[10], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[11], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (96 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[12], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[13], fa_4, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_8 + (112 + lane_5 / 16 * 8 + lane_5 % 8) * 144 + (ks_4 * 16 + lane_5 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_5[14], fa_4, {fq_2[0], fq_2[1]});
              ph::mma_bf16(acc_5[15], fa_4, {fq_2[2], fq_2[3]});
            }
          }
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 16; ++nb_4) {
            acc_[(blk_4 * 2 + 0) * 32 + nb_4 * 2] = acc_5[nb_4][0];
            acc_[(blk_4 * 2 + 0) * 32 + nb_4 * 2 + 1] = acc_5[nb_4][1];
            acc_[(blk_4 * 2 + 1) * 32 + nb_4 * 2] = acc_5[nb_4][2];
            acc_[(blk_4 * 2 + 1) * 32 + nb_4 * 2 + 1] = acc_5[nb_4][3];
          }
        }
      }
      #else
      const ph::Box<2> box_11 = {{box_5.lo[0], box_6.lo[0]}, {box_5.hi[0], box_6.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 4; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_11.has(i0, i1)) continue;
              f32 acc_3 = acc_[pass * 32 + slot * 2 + v];
              for (i64 k = k_lo_3; k < k_hi_3; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(A_[(m0_ + i0) * K_ + (k_ + k)])) * (f32)(ph::from_bf16(W_[(n0_ + i1) * K_ + (k_ + k)]))));
              acc_[pass * 32 + slot * 2 + v] = acc_3;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_12 = {{ph::max64(acc_box.lo[0], box_5.lo[0]), ph::max64(acc_box.lo[1], box_6.lo[0])}, {ph::min64(acc_box.hi[0], box_5.hi[0]), ph::min64(acc_box.hi[1], box_6.hi[0])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 4; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (box_12.has(i0, g) && box_12.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_12.has(i0, i1)) continue;
                acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
              }
            }
          }
        }
      }
      acc_box = box_12;
    }
    ph::stage_commit();  // the turn's copies ahead, one group
    ++turn;
  }
  #line 167 "tests/corpus/dot.phobos"
  ph::Box<2> box_13 = {{0, ph::max64(n0_, 0) - n0_}, {1, ph::min64(n0_ + 128, N_) - n0_}};
  box_13.normalize();
  const ph::Box<2> box_14 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(ph::max64(acc_box.lo[1], box_13.lo[1]), -n0_)}, {ph::min64(ph::min64(acc_box.hi[0], (box_13.lo[0] < box_13.hi[0] ? 128 : 0)), M_ - m0_), ph::min64(ph::min64(acc_box.hi[1], box_13.hi[1]), N_ - n0_)}};
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 16; ++slot) {
        const int g = (lane + slot * 4) * 2;
        if (n0_ % 2 == 0 && box_14.has(i0, g) && box_14.has(i0, g + 1)) {  // the whole group is present and aligned
          const ph::Vec<f32, 2> BIAS_g = ph::vload<2>(&BIAS_[n0_ + g]);
          ph::Vec<bf16, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = ph::to_bf16((acc_[pass * 32 + slot * 2 + v] + BIAS_g.v[v]));
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_14.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + (n0_ + i1)] = ph::to_bf16((acc_[pass * 32 + slot * 2 + v] + BIAS_[n0_ + i1]));
          }
        }
      }
    }
  }
}
