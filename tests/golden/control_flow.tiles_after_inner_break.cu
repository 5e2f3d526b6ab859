
// kernel tiles_after_inner_break: 128 threads a CTA, 5632 bytes of shared memory
// for launches where multiples of 4: K, M, R; 16-byte aligned: A, B, C, STEPS; rows 16-byte multiples apart: B, C, STEPS
#line 186 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tiles_after_inner_break(bf16* A_, bf16* B_, f32* C_, i32* STEPS_, i64 M_, i64 K_, i64 R_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 189 "tests/corpus/control_flow.phobos"
  for (i64 r_ = 0ll; r_ < 4ll; ++r_) {
    #line 190 "tests/corpus/control_flow.phobos"
    const i64 row_ = ph::wadd(ph::wmul((i64)blockIdx.x, 4ll), r_);
    #line 191 "tests/corpus/control_flow.phobos"
    i32 k_ = 0;
    #line 192 "tests/corpus/control_flow.phobos"
    while ((k_ < 40)) {
      #line 193 "tests/corpus/control_flow.phobos"
      k_ = ph::wadd(k_, 1);
      #line 194 "tests/corpus/control_flow.phobos"
      if (((i64)(k_) > ((i64)(ph::wadd((i64)threadIdx.x, row_) % 11ll)))) {
        #line 195 "tests/corpus/control_flow.phobos"
        break;
      }
    }
    #line 198 "tests/corpus/control_flow.phobos"
    if (0 <= row_ && row_ < R_ && 0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) STEPS_[row_ * 128 + (i64)threadIdx.x] = k_;
    #line 199 "tests/corpus/control_flow.phobos"
    f32 acc_[4];  // tile<f32>[16, 16] in registers: 16 rows of 16 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
    ph::Box<2> acc_box;
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
          if (!(g < 16)) continue;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            acc_[pass * 2 + v] = 0.0f;
          }
        }
      }
    }
    acc_box = {{0, 0}, {16, 16}};
    #line 200 "tests/corpus/control_flow.phobos"
    int turn = 0;  // the loop's turns, for its products' operands copied ahead
    for (i64 kk_ = 0ll; kk_ < K_; kk_ += 32) {
      const i64 at = ph::wmul(row_, 16ll);
      if (at >= 0 && at + 16 <= M_ && kk_ >= 0 && kk_ + 32 <= K_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 16 && acc_box.lo[1] == 0 && acc_box.hi[1] == 16) {  // every window inside its tensor, every tile whole
        #line 201 "tests/corpus/control_flow.phobos"
        __syncthreads();
        #if __CUDA_ARCH__ >= 800
        unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[16, 32] staged for ldmatrix, turns ahead
        const u32 ring_at = ph::smem_address(ring);
        bf16* stage_now = (bf16*)(ring + (turn % 2) * 1280);
        const u32 stage_now_at = ring_at + (turn % 2) * 1280;
        bf16* stage_then = (bf16*)(ring + ((turn + 1) % 2) * 1280);
        const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 1280;
        unsigned char* ring_2 = (unsigned char*)(smem + own + 2560);  // 2 stages of tile<bf16>[32, 16] staged for ldmatrix, turns ahead
        const u32 ring_at_2 = ph::smem_address(ring_2);
        bf16* stage_now_2 = (bf16*)(ring_2 + (turn % 2) * 1536);
        const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 1536;
        bf16* stage_then_2 = (bf16*)(ring_2 + ((turn + 1) % 2) * 1536);
        const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 1536;
        if (turn == 0) {  // the first turns' windows
          const i64 start = ph::wmul(row_, 16ll);
          const i64 start_2 = ph::wmul(row_, 16ll);
          // tile<bf16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 4, c = e % 4 * 8;
            if (kk_ % 8 == 0 && K_ % 8 == 0 && 0 <= r && r < 16 && 0 <= c && c < 32 && 0 <= r && r < 16 && 0 <= c + 7 && c + 7 < 32) {  // copied whole, in flight
              ph::stage_async16(stage_now_at + (r) * 80 + (c) * 2, &A_[(start + r) * K_ + (kk_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now + (r) * 80))[col] = 0 <= r && r < 16 && 0 <= col && col < 32 ? A_[(start_2 + r) * K_ + (kk_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 2, c = e % 2 * 8;
            if (0 <= r && r < 32 && 0 <= c && c < 16 && 0 <= r && r < 32 && 0 <= c + 7 && c + 7 < 16) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_2 + (r) * 48 + (c) * 2, &B_[kk_ * 16 + (r * 16 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_2 + (r) * 48))[col] = 0 <= r && r < 32 && 0 <= col && col < 16 ? B_[kk_ * 16 + (r * 16 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          ph::stage_commit();
        }
        __syncthreads();
        if (kk_ + 32 < K_) {  // a later turn's windows, while this turn's products run
          const i64 kk_next = kk_ + 32;
          const i64 start_3 = ph::wmul(row_, 16ll);
          ph::Box<2> box = {{ph::max64(start_3, 0) - start_3, ph::max64(kk_next, 0) - kk_next}, {ph::min64(start_3 + 16, M_) - start_3, ph::min64(kk_next + 32, K_) - kk_next}};
          box.normalize();
          ph::Box<2> box_2 = {{ph::max64(kk_next, 0) - kk_next, 0}, {ph::min64(kk_next + 32, K_) - kk_next, 16}};
          box_2.normalize();
          const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
          const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
          const i64 start_4 = ph::wmul(row_, 16ll);
          // tile<bf16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 4, c = e % 4 * 8;
            if (kk_next % 8 == 0 && K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
              ph::stage_async16(stage_then_at + (r) * 80 + (c) * 2, &A_[(start_3 + r) * K_ + (kk_next + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then + (r) * 80))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[(start_4 + r) * K_ + (kk_next + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 2, c = e % 2 * 8;
            if (k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 7 && c + 7 < box_2.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_2 + (r) * 48 + (c) * 2, &B_[kk_next * 16 + (r * 16 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_2 + (r) * 48))[col] = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[kk_next * 16 + (r * 16 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_wait_ahead<0>(turn);
        __syncthreads();
        {  // tile<f32>[16, 16] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
          const int lane_2 = threadIdx.x % 32;
          #pragma unroll
          for (int blk = 0; blk < 1; ++blk) {
            const int first = (threadIdx.x / 32 / 4 + blk * 1) * 16;  // the block's first row
            f32 acc[1][4];
            #pragma unroll
            for (int nb = 0; nb < 1; ++nb) {
              acc[nb][0] = acc_[(blk * 2 + 0) * 2];
              acc[nb][1] = acc_[(blk * 2 + 0) * 2 + 1];
              acc[nb][2] = acc_[(blk * 2 + 1) * 2];
              acc[nb][3] = acc_[(blk * 2 + 1) * 2 + 1];
            }
            #pragma unroll
            for (int ks = 0; ks < 2; ++ks) {
              u32 fa[4] = {};
              ph::ldmatrix4(fa, stage_now_at + (first + lane_2 % 16) * 80 + (ks * 16 + lane_2 / 16 * 8) * 2);
              if (threadIdx.x / 32 % 4 * 8 < 16) {
                u32 fq[2];
                ph::ldmatrix2_trans(fq, stage_now_at_2 + (ks * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 48 + (threadIdx.x / 32 % 4 * 8) * 2);
                ph::mma_bf16(acc[0], fa, {fq[0], fq[1]});
              }
            }
            #pragma unroll
            for (int nb = 0; nb < 1; ++nb) {
              acc_[(blk * 2 + 0) * 2] = acc[nb][0];
              acc_[(blk * 2 + 0) * 2 + 1] = acc[nb][1];
              acc_[(blk * 2 + 1) * 2] = acc[nb][2];
              acc_[(blk * 2 + 1) * 2 + 1] = acc[nb][3];
            }
          }
        }
        #else
        const i64 start_5 = ph::wmul(row_, 16ll);
        {
          const int lane = threadIdx.x % 4;  // the thread's place in its row's group
          #pragma unroll
          for (int pass = 0; pass < 2; ++pass) {
            const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
            const int i0 = row;
            #pragma unroll
            for (int slot = 0; slot < 1; ++slot) {
              const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
              if (!(g < 16)) continue;
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                f32 acc_2 = acc_[pass * 2 + v];
                for (i64 k = 0; k < 32; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(A_[(start_5 + i0) * K_ + (kk_ + k)])) * (f32)(ph::from_bf16(B_[kk_ * 16 + (k * 16 + i1)]))));
                acc_[pass * 2 + v] = acc_2;
              }
            }
          }
        }
        #endif
        {
          const int lane = threadIdx.x % 4;  // the thread's place in its row's group
          #pragma unroll
          for (int pass = 0; pass < 2; ++pass) {
            const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
            const int i0 = row;
            #pragma unroll
            for (int slot = 0; slot < 1; ++slot) {
              const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
              if (!(g < 16)) continue;
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 2 + v] = acc_[pass * 2 + v];
              }
            }
          }
        }
        acc_box = {{0, 0}, {16, 16}};
      } else {
        #line 201 "tests/corpus/control_flow.phobos"
        __syncthreads();
        const i64 start_6 = ph::wmul(row_, 16ll);
        ph::Box<2> box_3 = {{ph::max64(start_6, 0) - start_6, ph::max64(kk_, 0) - kk_}, {ph::min64(start_6 + 16, M_) - start_6, ph::min64(kk_ + 32, K_) - kk_}};
        box_3.normalize();
        ph::Box<2> box_4 = {{ph::max64(kk_, 0) - kk_, 0}, {ph::min64(kk_ + 32, K_) - kk_, 16}};
        box_4.normalize();
        const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[0]);
        const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[0]);
        #if __CUDA_ARCH__ >= 800
        unsigned char* ring_3 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<bf16>[16, 32] staged for ldmatrix, turns ahead
        const u32 ring_at_3 = ph::smem_address(ring_3);
        bf16* stage_now_3 = (bf16*)(ring_3 + (turn % 2) * 1280);
        const u32 stage_now_at_3 = ring_at_3 + (turn % 2) * 1280;
        bf16* stage_then_3 = (bf16*)(ring_3 + ((turn + 1) % 2) * 1280);
        const u32 stage_then_at_3 = ring_at_3 + ((turn + 1) % 2) * 1280;
        unsigned char* ring_4 = (unsigned char*)(smem + own + 2560);  // 2 stages of tile<bf16>[32, 16] staged for ldmatrix, turns ahead
        const u32 ring_at_4 = ph::smem_address(ring_4);
        bf16* stage_now_4 = (bf16*)(ring_4 + (turn % 2) * 1536);
        const u32 stage_now_at_4 = ring_at_4 + (turn % 2) * 1536;
        bf16* stage_then_4 = (bf16*)(ring_4 + ((turn + 1) % 2) * 1536);
        const u32 stage_then_at_4 = ring_at_4 + ((turn + 1) % 2) * 1536;
        if (turn == 0) {  // the first turns' windows
          const i64 start_7 = ph::wmul(row_, 16ll);
          // tile<bf16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 4, c = e % 4 * 8;
            if (kk_ % 8 == 0 && K_ % 8 == 0 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_3 + (r) * 80 + (c) * 2, &A_[(start_6 + r) * K_ + (kk_ + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_3 + (r) * 80))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[(start_7 + r) * K_ + (kk_ + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 2, c = e % 2 * 8;
            if (k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c && c < box_4.hi[1] && k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c + 7 && c + 7 < box_4.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_4 + (r) * 48 + (c) * 2, &B_[kk_ * 16 + (r * 16 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_4 + (r) * 48))[col] = k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= col && col < box_4.hi[1] ? B_[kk_ * 16 + (r * 16 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          ph::stage_commit();
        }
        __syncthreads();
        if (kk_ + 32 < K_) {  // a later turn's windows, while this turn's products run
          const i64 kk_next_2 = kk_ + 32;
          const i64 start_8 = ph::wmul(row_, 16ll);
          ph::Box<2> box_5 = {{ph::max64(start_8, 0) - start_8, ph::max64(kk_next_2, 0) - kk_next_2}, {ph::min64(start_8 + 16, M_) - start_8, ph::min64(kk_next_2 + 32, K_) - kk_next_2}};
          box_5.normalize();
          ph::Box<2> box_6 = {{ph::max64(kk_next_2, 0) - kk_next_2, 0}, {ph::min64(kk_next_2 + 32, K_) - kk_next_2, 16}};
          box_6.normalize();
          const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[0]);
          const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[0]);
          const i64 start_9 = ph::wmul(row_, 16ll);
          // tile<bf16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 4, c = e % 4 * 8;
            if (kk_next_2 % 8 == 0 && K_ % 8 == 0 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_3 + (r) * 80 + (c) * 2, &A_[(start_8 + r) * K_ + (kk_next_2 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_3 + (r) * 80))[col] = box_5.lo[0] <= r && r < box_5.hi[0] && k_lo_3 <= col && col < k_hi_3 ? A_[(start_9 + r) * K_ + (kk_next_2 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
          // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 64; e += 128) {
            const int r = e / 2, c = e % 2 * 8;
            if (k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c && c < box_6.hi[1] && k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c + 7 && c + 7 < box_6.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_4 + (r) * 48 + (c) * 2, &B_[kk_next_2 * 16 + (r * 16 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_4 + (r) * 48))[col] = k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= col && col < box_6.hi[1] ? B_[kk_next_2 * 16 + (r * 16 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        ph::stage_wait_ahead<0>(turn);
        __syncthreads();
        {  // tile<f32>[16, 16] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
          const int lane_3 = threadIdx.x % 32;
          #pragma unroll
          for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
            const int first_2 = (threadIdx.x / 32 / 4 + blk_2 * 1) * 16;  // the block's first row
            f32 acc_3[1][4];
            #pragma unroll
            for (int nb_2 = 0; nb_2 < 1; ++nb_2) {
              acc_3[nb_2][0] = acc_[(blk_2 * 2 + 0) * 2];
              acc_3[nb_2][1] = acc_[(blk_2 * 2 + 0) * 2 + 1];
              acc_3[nb_2][2] = acc_[(blk_2 * 2 + 1) * 2];
              acc_3[nb_2][3] = acc_[(blk_2 * 2 + 1) * 2 + 1];
            }
            #pragma unroll
            for (int ks_2 = 0; ks_2 < 2; ++ks_2) {
              u32 fa_2[4] = {};
              ph::ldmatrix4(fa_2, stage_now_at_3 + (first_2 + lane_3 % 16) * 80 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
              if (threadIdx.x / 32 % 4 * 8 < 16) {
                u32 fq_2[2];
                ph::ldmatrix2_trans(fq_2, stage_now_at_4 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 48 + (threadIdx.x / 32 % 4 * 8) * 2);
                ph::mma_bf16(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
              }
            }
            #pragma unroll
            for (int nb_2 = 0; nb_2 < 1; ++nb_2) {
              acc_[(blk_2 * 2 + 0) * 2] = acc_3[nb_2][0];
              acc_[(blk_2 * 2 + 0) * 2 + 1] = acc_3[nb_2][1];
              acc_[(blk_2 * 2 + 1) * 2] = acc_3[nb_2][2];
              acc_[(blk_2 * 2 + 1) * 2 + 1] = acc_3[nb_2][3];
            }
          }
        }
        #else
        const i64 start_10 = ph::wmul(row_, 16ll);
        const ph::Box<2> box_7 = {{box_3.lo[0], box_4.lo[1]}, {box_3.hi[0], box_4.hi[1]}};
        {
          const int lane = threadIdx.x % 4;  // the thread's place in its row's group
          #pragma unroll
          for (int pass = 0; pass < 2; ++pass) {
            const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
            const int i0 = row;
            #pragma unroll
            for (int slot = 0; slot < 1; ++slot) {
              const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
              if (!(g < 16)) continue;
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_7.has(i0, i1)) continue;
                f32 acc_2 = acc_[pass * 2 + v];
                for (i64 k = k_lo_2; k < k_hi_2; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(A_[(start_10 + i0) * K_ + (kk_ + k)])) * (f32)(ph::from_bf16(B_[kk_ * 16 + (k * 16 + i1)]))));
                acc_[pass * 2 + v] = acc_2;
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
            const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
            const int i0 = row;
            #pragma unroll
            for (int slot = 0; slot < 1; ++slot) {
              const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
              if (!(g < 16)) continue;
              if (box_8.has(i0, g) && box_8.has(i0, g + 1)) {  // the whole group is present and aligned
                #pragma unroll
                for (int v = 0; v < 2; ++v) {
                  acc_[pass * 2 + v] = acc_[pass * 2 + v];
                }
              } else {  // element by element, masked
                #pragma unroll
                for (int v = 0; v < 2; ++v) {
                  const int i1 = g + v;
                  if (!box_8.has(i0, i1)) continue;
                  acc_[pass * 2 + v] = acc_[pass * 2 + v];
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
    #line 203 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const i64 start_11 = ph::wmul(row_, 16ll);
    const ph::Box<2> box_9 = {{ph::max64(acc_box.lo[0], -start_11), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M_ - start_11), acc_box.hi[1]}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = (lane + threadIdx.x / 32 % 4 * 4) * 2;
          if (!(g < 16)) continue;
          if (box_9.has(i0, g) && box_9.has(i0, g + 1)) {  // the whole group is present and aligned
            ph::Vec<f32, 2> out;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              out.v[v] = acc_[pass * 2 + v];
            }
            ph::vstore(&C_[start_11 * 16 + (i0 * 16 + g)], out);
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_9.has(i0, i1)) continue;
              C_[start_11 * 16 + (i0 * 16 + i1)] = acc_[pass * 2 + v];
            }
          }
        }
      }
    }
  }
}
