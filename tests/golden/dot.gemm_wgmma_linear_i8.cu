
// kernel gemm_wgmma_linear_i8 [TM=64, TN=128, TK=128]: 128 threads a CTA, 55296 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, C, W; rows 16-byte multiples apart: C
#line 171 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma_linear_i8(i8* A_, i8* W_, i32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 173 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 64ll);
  #line 174 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 128ll);
  #line 175 "tests/corpus/dot.phobos"
  i32 acc_[64];  // tile<i32>[64, 128] in registers: 64 rows of 128 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 16; ++slot) {
        const int g = (lane + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          acc_[pass * 32 + slot * 2 + v] = 0;
        }
      }
    }
  }
  acc_box = {{0, 0}, {64, 128}};
  #line 176 "tests/corpus/dot.phobos"
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 k_ = 0ll; k_ < K_; k_ += 128) {
    if (m0_ >= 0 && m0_ + 64 <= M_ && k_ >= 0 && k_ + 128 <= K_ && n0_ >= 0 && n0_ + 128 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 64 && acc_box.lo[1] == 0 && acc_box.hi[1] == 128) {  // every window inside its tensor, every tile whole
      #line 177 "tests/corpus/dot.phobos"
      __syncthreads();
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<i8>[64, 128] staged for ldmatrix, turns ahead
      const u32 ring_at = ph::smem_address(ring);
      i8* stage_now = (i8*)(ring + (turn % 2) * 9216);
      const u32 stage_now_at = ring_at + (turn % 2) * 9216;
      i8* stage_then = (i8*)(ring + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 9216;
      unsigned char* ring_2 = (unsigned char*)(smem + own + 18432);  // 2 stages of tile<i8>[128, 128] staged for ldmatrix, turns ahead
      const u32 ring_at_2 = ph::smem_address(ring_2);
      i8* stage_now_2 = (i8*)(ring_2 + (turn % 2) * 18432);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 18432;
      i8* stage_then_2 = (i8*)(ring_2 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 18432;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 16 == 0 && K_ % 16 == 0 && 0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 128 && 0 <= 63 && 63 < 64 && 0 <= 127 && 127 < 128) {  // tile<i8>[64, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[64, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_ % 16 == 0 && K_ % 16 == 0 && 0 <= r && r < 64 && 0 <= c && c < 128 && 0 <= r && r < 64 && 0 <= c + 15 && c + 15 < 128) {  // copied whole, in flight
              ph::stage_async16(stage_now_at + (r) * 144 + (c) * 1, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_now + (r) * 144))[col] = 0 <= r && r < 64 && 0 <= col && col < 128 ? A_[(m0_ + r) * K_ + (k_ + col)] : (i8)0;
              }
            }
          }
        }
        if (k_ % 16 == 0 && K_ % 16 == 0 && 0 <= 0 && 0 < 128 && 0 <= 0 && 0 < 128 && 0 <= 127 && 127 < 128 && 0 <= 127 && 127 < 128) {  // tile<i8>[128, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_2 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[128, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_ % 16 == 0 && K_ % 16 == 0 && 0 <= c && c < 128 && 0 <= r && r < 128 && 0 <= c + 15 && c + 15 < 128 && 0 <= r && r < 128) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_2 + (r) * 144 + (c) * 1, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_now_2 + (r) * 144))[col] = 0 <= col && col < 128 && 0 <= r && r < 128 ? W_[(n0_ + r) * K_ + (k_ + col)] : (i8)0;
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 128 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next = k_ + 128;
        ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next, 0) - k_next}, {ph::min64(m0_ + 64, M_) - m0_, ph::min64(k_next + 128, K_) - k_next}};
        box.normalize();
        ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next, 0) - k_next}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next + 128, K_) - k_next}};
        box_2.normalize();
        const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
        const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
        if (k_next % 16 == 0 && K_ % 16 == 0 && box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 63 && 63 < box.hi[0] && k_lo <= 127 && 127 < k_hi) {  // tile<i8>[64, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &A_[(m0_ + r) * K_ + (k_next + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[64, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_next % 16 == 0 && K_ % 16 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 15 && c + 15 < k_hi) {  // copied whole, in flight
              ph::stage_async16(stage_then_at + (r) * 144 + (c) * 1, &A_[(m0_ + r) * K_ + (k_next + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_then + (r) * 144))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[(m0_ + r) * K_ + (k_next + col)] : (i8)0;
              }
            }
          }
        }
        if (k_next % 16 == 0 && K_ % 16 == 0 && k_lo <= 0 && 0 < k_hi && box_2.lo[0] <= 0 && 0 < box_2.hi[0] && k_lo <= 127 && 127 < k_hi && box_2.lo[0] <= 127 && 127 < box_2.hi[0]) {  // tile<i8>[128, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &W_[(n0_ + r) * K_ + (k_next + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_2 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[128, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_next % 16 == 0 && K_ % 16 == 0 && k_lo <= c && c < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] && k_lo <= c + 15 && c + 15 < k_hi && box_2.lo[0] <= r && r < box_2.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_2 + (r) * 144 + (c) * 1, &W_[(n0_ + r) * K_ + (k_next + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_then_2 + (r) * 144))[col] = k_lo <= col && col < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] ? W_[(n0_ + r) * K_ + (k_next + col)] : (i8)0;
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<i32>[64, 128] = dot on mma.sync 16x8x32, each warp its blocks' atoms in turn
        const int lane_2 = threadIdx.x % 32;
        #pragma unroll
        for (int blk = 0; blk < 1; ++blk) {
          const int first = (threadIdx.x / 32 + blk * 4) * 16;  // the block's first row
          i32 acc[16][4];
          #pragma unroll
          for (int nb = 0; nb < 16; ++nb) {
            acc[nb][0] = acc_[(blk * 2 + 0) * 32 + nb * 2];
            acc[nb][1] = acc_[(blk * 2 + 0) * 32 + nb * 2 + 1];
            acc[nb][2] = acc_[(blk * 2 + 1) * 32 + nb * 2];
            acc[nb][3] = acc_[(blk * 2 + 1) * 32 + nb * 2 + 1];
          }
          #pragma unroll
          for (int ks = 0; ks < 4; ++ks) {
            u32 fa[4] = {};
            ph::ldmatrix4(fa, stage_now_at + (first + lane_2 % 16) * 144 + (ks * 32 + lane_2 / 16 * 16) * 1);
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (0 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[0], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[1], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (16 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[2], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[3], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (32 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[4], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[5], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (48 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[6], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[7], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (64 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[8], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[9], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (80 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[10], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[11], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (96 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[12], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[13], fa, {fq[2], fq[3]});
            }
            {
              u32 fq[4];
              ph::ldmatrix4(fq, stage_now_at_2 + (112 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 32 + lane_2 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc[14], fa, {fq[0], fq[1]});
              ph::mma_s8(acc[15], fa, {fq[2], fq[3]});
            }
          }
          #pragma unroll
          for (int nb = 0; nb < 16; ++nb) {
            acc_[(blk * 2 + 0) * 32 + nb * 2] = acc[nb][0];
            acc_[(blk * 2 + 0) * 32 + nb * 2 + 1] = acc[nb][1];
            acc_[(blk * 2 + 1) * 32 + nb * 2] = acc[nb][2];
            acc_[(blk * 2 + 1) * 32 + nb * 2 + 1] = acc[nb][3];
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
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              i32 acc_2 = acc_[pass * 32 + slot * 2 + v];
              for (i64 k = 0; k < 128; ++k) acc_2 = ph::wadd(acc_2, ph::wmul((i32)(A_[(m0_ + i0) * K_ + (k_ + k)]), (i32)(W_[(n0_ + i1) * K_ + (k_ + k)])));
              acc_[pass * 32 + slot * 2 + v] = acc_2;
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
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {64, 128}};
    } else {
      #line 177 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_3 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 64, M_) - m0_, ph::min64(k_ + 128, K_) - k_}};
      box_3.normalize();
      ph::Box<2> box_4 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_ + 128, K_) - k_}};
      box_4.normalize();
      const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[1]);
      const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[1]);
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring_3 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<i8>[64, 128] staged for ldmatrix, turns ahead
      const u32 ring_at_3 = ph::smem_address(ring_3);
      i8* stage_now_3 = (i8*)(ring_3 + (turn % 2) * 9216);
      const u32 stage_now_at_3 = ring_at_3 + (turn % 2) * 9216;
      i8* stage_then_3 = (i8*)(ring_3 + ((turn + 1) % 2) * 9216);
      const u32 stage_then_at_3 = ring_at_3 + ((turn + 1) % 2) * 9216;
      unsigned char* ring_4 = (unsigned char*)(smem + own + 18432);  // 2 stages of tile<i8>[128, 128] staged for ldmatrix, turns ahead
      const u32 ring_at_4 = ph::smem_address(ring_4);
      i8* stage_now_4 = (i8*)(ring_4 + (turn % 2) * 18432);
      const u32 stage_now_at_4 = ring_at_4 + (turn % 2) * 18432;
      i8* stage_then_4 = (i8*)(ring_4 + ((turn + 1) % 2) * 18432);
      const u32 stage_then_at_4 = ring_at_4 + ((turn + 1) % 2) * 18432;
      if (turn == 0) {  // the first turns' windows
        if (k_ % 16 == 0 && K_ % 16 == 0 && box_3.lo[0] <= 0 && 0 < box_3.hi[0] && k_lo_2 <= 0 && 0 < k_hi_2 && box_3.lo[0] <= 63 && 63 < box_3.hi[0] && k_lo_2 <= 127 && 127 < k_hi_2) {  // tile<i8>[64, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_3 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[64, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_ % 16 == 0 && K_ % 16 == 0 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 15 && c + 15 < k_hi_2) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_3 + (r) * 144 + (c) * 1, &A_[(m0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_now_3 + (r) * 144))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[(m0_ + r) * K_ + (k_ + col)] : (i8)0;
              }
            }
          }
        }
        if (k_ % 16 == 0 && K_ % 16 == 0 && k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 127 && 127 < k_hi_2 && box_4.lo[0] <= 127 && 127 < box_4.hi[0]) {  // tile<i8>[128, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &W_[(n0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_now_at_4 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[128, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_ % 16 == 0 && K_ % 16 == 0 && k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 15 && c + 15 < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_4 + (r) * 144 + (c) * 1, &W_[(n0_ + r) * K_ + (k_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_now_4 + (r) * 144))[col] = k_lo_2 <= col && col < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] ? W_[(n0_ + r) * K_ + (k_ + col)] : (i8)0;
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 128 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_2 = k_ + 128;
        ph::Box<2> box_5 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(m0_ + 64, M_) - m0_, ph::min64(k_next_2 + 128, K_) - k_next_2}};
        box_5.normalize();
        ph::Box<2> box_6 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(n0_ + 128, N_) - n0_, ph::min64(k_next_2 + 128, K_) - k_next_2}};
        box_6.normalize();
        const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[1]);
        const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[1]);
        if (k_next_2 % 16 == 0 && K_ % 16 == 0 && box_5.lo[0] <= 0 && 0 < box_5.hi[0] && k_lo_3 <= 0 && 0 < k_hi_3 && box_5.lo[0] <= 63 && 63 < box_5.hi[0] && k_lo_3 <= 127 && 127 < k_hi_3) {  // tile<i8>[64, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &A_[(m0_ + r) * K_ + (k_next_2 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_3 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[64, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_next_2 % 16 == 0 && K_ % 16 == 0 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c + 15 && c + 15 < k_hi_3) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_3 + (r) * 144 + (c) * 1, &A_[(m0_ + r) * K_ + (k_next_2 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_then_3 + (r) * 144))[col] = box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= col && col < k_hi_3 ? A_[(m0_ + r) * K_ + (k_next_2 + col)] : (i8)0;
              }
            }
          }
        }
        if (k_next_2 % 16 == 0 && K_ % 16 == 0 && k_lo_3 <= 0 && 0 < k_hi_3 && box_6.lo[0] <= 0 && 0 < box_6.hi[0] && k_lo_3 <= 127 && 127 < k_hi_3 && box_6.lo[0] <= 127 && 127 < box_6.hi[0]) {  // tile<i8>[128, 128] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 16;
          const i8* chunk = &W_[(n0_ + r) * K_ + (k_next_2 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 8; ++i) {
            ph::stage_async16(stage_then_at_4 + ((r + i * 16)) * 144 + (c) * 1, chunk + i * 16 * 1 * K_);
          }
        } else {
          // tile<i8>[128, 128] to shared memory, 16 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 1024; e += 128) {
            const int r = e / 8, c = e % 8 * 16;
            if (k_next_2 % 16 == 0 && K_ % 16 == 0 && k_lo_3 <= c && c < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] && k_lo_3 <= c + 15 && c + 15 < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_4 + (r) * 144 + (c) * 1, &W_[(n0_ + r) * K_ + (k_next_2 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 16; ++v) {
                const int col = c + v;
                ((i8*)((unsigned char*)stage_then_4 + (r) * 144))[col] = k_lo_3 <= col && col < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] ? W_[(n0_ + r) * K_ + (k_next_2 + col)] : (i8)0;
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<i32>[64, 128] = dot on mma.sync 16x8x32, each warp its blocks' atoms in turn
        const int lane_3 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
          const int first_2 = (threadIdx.x / 32 + blk_2 * 4) * 16;  // the block's first row
          i32 acc_3[16][4];
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 16; ++nb_2) {
            acc_3[nb_2][0] = acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2];
            acc_3[nb_2][1] = acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2 + 1];
            acc_3[nb_2][2] = acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2];
            acc_3[nb_2][3] = acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2 + 1];
          }
          #pragma unroll
          for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
            u32 fa_2[4] = {};
            ph::ldmatrix4(fa_2, stage_now_at_3 + (first_2 + lane_3 % 16) * 144 + (ks_2 * 32 + lane_3 / 16 * 16) * 1);
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (0 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[1], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (16 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[2], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[3], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (32 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[4], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[5], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (48 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[6], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[7], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (64 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[8], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[9], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (80 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[10], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[11], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (96 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[12], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[13], fa_2, {fq_2[2], fq_2[3]});
            }
            {
              u32 fq_2[4];
              ph::ldmatrix4(fq_2, stage_now_at_4 + (112 + lane_3 / 16 * 8 + lane_3 % 8) * 144 + (ks_2 * 32 + lane_3 / 8 % 2 * 16) * 1);
              ph::mma_s8(acc_3[14], fa_2, {fq_2[0], fq_2[1]});
              ph::mma_s8(acc_3[15], fa_2, {fq_2[2], fq_2[3]});
            }
          }
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 16; ++nb_2) {
            acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2] = acc_3[nb_2][0];
            acc_[(blk_2 * 2 + 0) * 32 + nb_2 * 2 + 1] = acc_3[nb_2][1];
            acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2] = acc_3[nb_2][2];
            acc_[(blk_2 * 2 + 1) * 32 + nb_2 * 2 + 1] = acc_3[nb_2][3];
          }
        }
      }
      #else
      const ph::Box<2> box_7 = {{box_3.lo[0], box_4.lo[0]}, {box_3.hi[0], box_4.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_7.has(i0, i1)) continue;
              i32 acc_2 = acc_[pass * 32 + slot * 2 + v];
              for (i64 k = k_lo_2; k < k_hi_2; ++k) acc_2 = ph::wadd(acc_2, ph::wmul((i32)(A_[(m0_ + i0) * K_ + (k_ + k)]), (i32)(W_[(n0_ + i1) * K_ + (k_ + k)])));
              acc_[pass * 32 + slot * 2 + v] = acc_2;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_8 = {{ph::max64(acc_box.lo[0], box_3.lo[0]), ph::max64(acc_box.lo[1], box_4.lo[0])}, {ph::min64(acc_box.hi[0], box_3.hi[0]), ph::min64(acc_box.hi[1], box_4.hi[0])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 16; ++slot) {
            const int g = (lane + slot * 4) * 2;
            if (box_8.has(i0, g) && box_8.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_8.has(i0, i1)) continue;
                acc_[pass * 32 + slot * 2 + v] = acc_[pass * 32 + slot * 2 + v];
              }
            }
          }
        }
      }
      acc_box = box_8;
    }
    ph::stage_commit();  // the turn's copies ahead, one group
    ++turn;
  }
  #line 179 "tests/corpus/dot.phobos"
  const ph::Box<2> box_9 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 16; ++slot) {
        const int g = (lane + slot * 4) * 2;
        if (n0_ % 2 == 0 && box_9.has(i0, g) && box_9.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<i32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = acc_[pass * 32 + slot * 2 + v];
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_9.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[pass * 32 + slot * 2 + v];
          }
        }
      }
    }
  }
}
