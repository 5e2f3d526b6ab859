
// kernel gemm_f16 [TM=32, TN=32, TK=16]: 128 threads a CTA, 5632 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: C
#line 18 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_f16(f16* A_, f16* B_, f32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 20 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 32ll);
  #line 21 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 22 "tests/corpus/dot.phobos"
  f32 acc_[8];  // tile<f32>[32, 32] in registers: 32 rows of 32 as a tensor-core accumulator: 16-row blocks to 2 warps in turn, their 8-column atoms to 2 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          acc_[pass * 4 + slot * 2 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {32, 32}};
  #line 23 "tests/corpus/dot.phobos"
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 k_ = 0ll; k_ < K_; k_ += 16) {
    if (m0_ >= 0 && m0_ + 32 <= M_ && k_ >= 0 && k_ + 16 <= K_ && n0_ >= 0 && n0_ + 32 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 32 && acc_box.lo[1] == 0 && acc_box.hi[1] == 32) {  // every window inside its tensor, every tile whole
      #line 24 "tests/corpus/dot.phobos"
      __syncthreads();
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<f16>[32, 16] staged for ldmatrix, turns ahead
      const u32 ring_at = ph::smem_address(ring);
      f16* stage_now = (f16*)(ring + (turn % 2) * 1536);
      const u32 stage_now_at = ring_at + (turn % 2) * 1536;
      f16* stage_then = (f16*)(ring + ((turn + 1) % 2) * 1536);
      const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 1536;
      unsigned char* ring_2 = (unsigned char*)(smem + own + 3072);  // 2 stages of tile<f16>[16, 32] staged for ldmatrix, turns ahead
      const u32 ring_at_2 = ph::smem_address(ring_2);
      f16* stage_now_2 = (f16*)(ring_2 + (turn % 2) * 1280);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 1280;
      f16* stage_then_2 = (f16*)(ring_2 + ((turn + 1) % 2) * 1280);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 1280;
      if (turn == 0) {  // the first turns' windows
        // tile<f16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 2, c = e % 2 * 8;
          if (k_ % 8 == 0 && K_ % 8 == 0 && 0 <= r && r < 32 && 0 <= c && c < 16 && 0 <= r && r < 32 && 0 <= c + 7 && c + 7 < 16) {  // copied whole, in flight
            ph::stage_async16(stage_now_at + (r) * 48 + (c) * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_now + (r) * 48))[col] = 0 <= r && r < 32 && 0 <= col && col < 16 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
        // tile<f16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 4, c = e % 4 * 8;
          if (n0_ % 8 == 0 && N_ % 8 == 0 && 0 <= r && r < 16 && 0 <= c && c < 32 && 0 <= r && r < 16 && 0 <= c + 7 && c + 7 < 32) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_2 + (r) * 80 + (c) * 2, &B_[(k_ + r) * N_ + (n0_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_now_2 + (r) * 80))[col] = 0 <= r && r < 16 && 0 <= col && col < 32 ? B_[(k_ + r) * N_ + (n0_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 16 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next = k_ + 16;
        ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next, 0) - k_next}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_next + 16, K_) - k_next}};
        box.normalize();
        ph::Box<2> box_2 = {{ph::max64(k_next, 0) - k_next, ph::max64(n0_, 0) - n0_}, {ph::min64(k_next + 16, K_) - k_next, ph::min64(n0_ + 32, N_) - n0_}};
        box_2.normalize();
        const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
        const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
        // tile<f16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 2, c = e % 2 * 8;
          if (k_next % 8 == 0 && K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
            ph::stage_async16(stage_then_at + (r) * 48 + (c) * 2, &A_[(m0_ + r) * K_ + (k_next + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_then + (r) * 48))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[(m0_ + r) * K_ + (k_next + col)] : ph::to_f16(0.0f);
            }
          }
        }
        // tile<f16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 4, c = e % 4 * 8;
          if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 7 && c + 7 < box_2.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_2 + (r) * 80 + (c) * 2, &B_[(k_next + r) * N_ + (n0_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_then_2 + (r) * 80))[col] = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[(k_next + r) * N_ + (n0_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[32, 32] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_2 = threadIdx.x % 32;
        #pragma unroll
        for (int blk = 0; blk < 1; ++blk) {
          const int first = (threadIdx.x / 32 / 2 + blk * 2) * 16;  // the block's first row
          f32 acc[2][4];
          #pragma unroll
          for (int nb = 0; nb < 2; ++nb) {
            acc[nb][0] = acc_[(blk * 2 + 0) * 4 + nb * 2];
            acc[nb][1] = acc_[(blk * 2 + 0) * 4 + nb * 2 + 1];
            acc[nb][2] = acc_[(blk * 2 + 1) * 4 + nb * 2];
            acc[nb][3] = acc_[(blk * 2 + 1) * 4 + nb * 2 + 1];
          }
          #pragma unroll
          for (int ks = 0; ks < 1; ++ks) {
            u32 fa[4] = {};
            ph::ldmatrix4(fa, stage_now_at + (first + lane_2 % 16) * 48 + (ks * 16 + lane_2 / 16 * 8) * 2);
            {
              u32 fq[2];
              ph::ldmatrix2_trans(fq, stage_now_at_2 + (ks * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 80 + (threadIdx.x / 32 % 2 * 8) * 2);
              ph::mma_f16(acc[0], fa, {fq[0], fq[1]});
            }
            {
              u32 fq[2];
              ph::ldmatrix2_trans(fq, stage_now_at_2 + (ks * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 80 + ((threadIdx.x / 32 % 2 + 2) * 8) * 2);
              ph::mma_f16(acc[1], fa, {fq[0], fq[1]});
            }
          }
          #pragma unroll
          for (int nb = 0; nb < 2; ++nb) {
            acc_[(blk * 2 + 0) * 4 + nb * 2] = acc[nb][0];
            acc_[(blk * 2 + 0) * 4 + nb * 2 + 1] = acc[nb][1];
            acc_[(blk * 2 + 1) * 4 + nb * 2] = acc[nb][2];
            acc_[(blk * 2 + 1) * 4 + nb * 2 + 1] = acc[nb][3];
          }
        }
      }
      #else
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_2 = acc_[pass * 4 + slot * 2 + v];
              for (i64 k = 0; k < 16; ++k) acc_2 = (acc_2 + ((f32)(ph::from_f16(A_[(m0_ + i0) * K_ + (k_ + k)])) * (f32)(ph::from_f16(B_[(k_ + k) * N_ + (n0_ + i1)]))));
              acc_[pass * 4 + slot * 2 + v] = acc_2;
            }
          }
        }
      }
      #endif
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {32, 32}};
    } else {
      #line 24 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_3 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_ + 16, K_) - k_}};
      box_3.normalize();
      ph::Box<2> box_4 = {{ph::max64(k_, 0) - k_, ph::max64(n0_, 0) - n0_}, {ph::min64(k_ + 16, K_) - k_, ph::min64(n0_ + 32, N_) - n0_}};
      box_4.normalize();
      const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[0]);
      const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[0]);
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring_3 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<f16>[32, 16] staged for ldmatrix, turns ahead
      const u32 ring_at_3 = ph::smem_address(ring_3);
      f16* stage_now_3 = (f16*)(ring_3 + (turn % 2) * 1536);
      const u32 stage_now_at_3 = ring_at_3 + (turn % 2) * 1536;
      f16* stage_then_3 = (f16*)(ring_3 + ((turn + 1) % 2) * 1536);
      const u32 stage_then_at_3 = ring_at_3 + ((turn + 1) % 2) * 1536;
      unsigned char* ring_4 = (unsigned char*)(smem + own + 3072);  // 2 stages of tile<f16>[16, 32] staged for ldmatrix, turns ahead
      const u32 ring_at_4 = ph::smem_address(ring_4);
      f16* stage_now_4 = (f16*)(ring_4 + (turn % 2) * 1280);
      const u32 stage_now_at_4 = ring_at_4 + (turn % 2) * 1280;
      f16* stage_then_4 = (f16*)(ring_4 + ((turn + 1) % 2) * 1280);
      const u32 stage_then_at_4 = ring_at_4 + ((turn + 1) % 2) * 1280;
      if (turn == 0) {  // the first turns' windows
        // tile<f16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 2, c = e % 2 * 8;
          if (k_ % 8 == 0 && K_ % 8 == 0 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_3 + (r) * 48 + (c) * 2, &A_[(m0_ + r) * K_ + (k_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_now_3 + (r) * 48))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[(m0_ + r) * K_ + (k_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
        // tile<f16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 4, c = e % 4 * 8;
          if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c && c < box_4.hi[1] && k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c + 7 && c + 7 < box_4.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_4 + (r) * 80 + (c) * 2, &B_[(k_ + r) * N_ + (n0_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_now_4 + (r) * 80))[col] = k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= col && col < box_4.hi[1] ? B_[(k_ + r) * N_ + (n0_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (k_ + 16 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_2 = k_ + 16;
        ph::Box<2> box_5 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_next_2 + 16, K_) - k_next_2}};
        box_5.normalize();
        ph::Box<2> box_6 = {{ph::max64(k_next_2, 0) - k_next_2, ph::max64(n0_, 0) - n0_}, {ph::min64(k_next_2 + 16, K_) - k_next_2, ph::min64(n0_ + 32, N_) - n0_}};
        box_6.normalize();
        const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[0]);
        const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[0]);
        // tile<f16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 2, c = e % 2 * 8;
          if (k_next_2 % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_3 + (r) * 48 + (c) * 2, &A_[(m0_ + r) * K_ + (k_next_2 + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_then_3 + (r) * 48))[col] = box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= col && col < k_hi_3 ? A_[(m0_ + r) * K_ + (k_next_2 + col)] : ph::to_f16(0.0f);
            }
          }
        }
        // tile<f16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int r = e / 4, c = e % 4 * 8;
          if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c && c < box_6.hi[1] && k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c + 7 && c + 7 < box_6.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_4 + (r) * 80 + (c) * 2, &B_[(k_next_2 + r) * N_ + (n0_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((f16*)((unsigned char*)stage_then_4 + (r) * 80))[col] = k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= col && col < box_6.hi[1] ? B_[(k_next_2 + r) * N_ + (n0_ + col)] : ph::to_f16(0.0f);
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[32, 32] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_3 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
          const int first_2 = (threadIdx.x / 32 / 2 + blk_2 * 2) * 16;  // the block's first row
          f32 acc_3[2][4];
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 2; ++nb_2) {
            acc_3[nb_2][0] = acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2];
            acc_3[nb_2][1] = acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2 + 1];
            acc_3[nb_2][2] = acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2];
            acc_3[nb_2][3] = acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2 + 1];
          }
          #pragma unroll
          for (int ks_2 = 0; ks_2 < 1; ++ks_2) {
            u32 fa_2[4] = {};
            ph::ldmatrix4(fa_2, stage_now_at_3 + (first_2 + lane_3 % 16) * 48 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
            {
              u32 fq_2[2];
              ph::ldmatrix2_trans(fq_2, stage_now_at_4 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 80 + (threadIdx.x / 32 % 2 * 8) * 2);
              ph::mma_f16(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
            }
            {
              u32 fq_2[2];
              ph::ldmatrix2_trans(fq_2, stage_now_at_4 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 80 + ((threadIdx.x / 32 % 2 + 2) * 8) * 2);
              ph::mma_f16(acc_3[1], fa_2, {fq_2[0], fq_2[1]});
            }
          }
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 2; ++nb_2) {
            acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2] = acc_3[nb_2][0];
            acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2 + 1] = acc_3[nb_2][1];
            acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2] = acc_3[nb_2][2];
            acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2 + 1] = acc_3[nb_2][3];
          }
        }
      }
      #else
      const ph::Box<2> box_7 = {{box_3.lo[0], box_4.lo[1]}, {box_3.hi[0], box_4.hi[1]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_7.has(i0, i1)) continue;
              f32 acc_2 = acc_[pass * 4 + slot * 2 + v];
              for (i64 k = k_lo_2; k < k_hi_2; ++k) acc_2 = (acc_2 + ((f32)(ph::from_f16(A_[(m0_ + i0) * K_ + (k_ + k)])) * (f32)(ph::from_f16(B_[(k_ + k) * N_ + (n0_ + i1)]))));
              acc_[pass * 4 + slot * 2 + v] = acc_2;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_8 = {{ph::max64(acc_box.lo[0], box_3.lo[0]), ph::max64(acc_box.lo[1], box_4.lo[1])}, {ph::min64(acc_box.hi[0], box_3.hi[0]), ph::min64(acc_box.hi[1], box_4.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
            if (box_8.has(i0, g) && box_8.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_8.has(i0, i1)) continue;
                acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
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
  #line 26 "tests/corpus/dot.phobos"
  const ph::Box<2> box_9 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
        if (n0_ % 2 == 0 && box_9.has(i0, g) && box_9.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = acc_[pass * 4 + slot * 2 + v];
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_9.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[pass * 4 + slot * 2 + v];
          }
        }
      }
    }
  }
}
