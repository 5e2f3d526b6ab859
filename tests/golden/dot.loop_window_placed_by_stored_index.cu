
// kernel loop_window_placed_by_stored_index: 128 threads a CTA, 2816 bytes of shared memory
// for launches where multiples of 4: K, M, N, R, T; 16-byte aligned: A, B, C, IDX; rows 16-byte multiples apart: C, IDX
#line 540 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_loop_window_placed_by_stored_index(f16* A_, f16* B_, f32* C_, i64* IDX_, i64 M_, i64 K_, i64 N_, i64 R_, i64 T_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 543 "tests/corpus/dot.phobos"
  const i64 r_ = (i64)blockIdx.x;
  #line 544 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul(r_, 32ll);
  #line 545 "tests/corpus/dot.phobos"
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
  #line 546 "tests/corpus/dot.phobos"
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 k_ = 0ll; k_ < K_; k_ += 16) {
    #line 547 "tests/corpus/dot.phobos"
    __syncthreads();
    const i64 at = ((i64)(k_ / 16ll));
    const i64 start = (0 <= r_ && r_ < R_ && 0 <= at && at < T_ ? IDX_[r_ * T_ + at] : 0ll);
    ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(start, 0) - start}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(start + 16, K_) - start}};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(k_, 0) - k_, 0}, {ph::min64(k_ + 16, K_) - k_, ph::min64(32, N_)}};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
    #if __CUDA_ARCH__ >= 800
    f16* stage = (f16*)(smem + 0);  // tile<f16>[32, 16] staged for ldmatrix, rows of 48 bytes
    const u32 stage_at = ph::smem_address(stage);
    const i64 at_2 = ((i64)(k_ / 16ll));
    const i64 start_2 = (0 <= r_ && r_ < R_ && 0 <= at_2 && at_2 < T_ ? IDX_[r_ * T_ + at_2] : 0ll);
    const i64 at_3 = ((i64)(k_ / 16ll));
    const i64 start_3 = (0 <= r_ && r_ < R_ && 0 <= at_3 && at_3 < T_ ? IDX_[r_ * T_ + at_3] : 0ll);
    // tile<f16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int r = e / 2, c = e % 2 * 8;
      if (start % 8 == 0 && K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
        ph::stage_async16(stage_at + (r) * 48 + (c) * 2, &A_[(m0_ + r) * K_ + (start + c)]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((f16*)((unsigned char*)stage + (r) * 48))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[(m0_ + r) * K_ + (start_3 + col)] : ph::to_f16(0.0f);
        }
      }
    }
    f16* stage_2 = (f16*)(smem + 1536);  // tile<f16>[16, 32] staged for ldmatrix, rows of 80 bytes
    const u32 stage_at_2 = ph::smem_address(stage_2);
    // tile<f16>[16, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int r = e / 4, c = e % 4 * 8;
      if (N_ % 8 == 0 && k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 7 && c + 7 < box_2.hi[1]) {  // copied whole, in flight
        ph::stage_async16(stage_at_2 + (r) * 80 + (c) * 2, &B_[(k_ + r) * N_ + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((f16*)((unsigned char*)stage_2 + (r) * 80))[col] = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[(k_ + r) * N_ + col] : ph::to_f16(0.0f);
        }
      }
    }
    ph::stage_wait();
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
          ph::ldmatrix4(fa, stage_at + (first + lane_2 % 16) * 48 + (ks * 16 + lane_2 / 16 * 8) * 2);
          {
            u32 fq[2];
            ph::ldmatrix2_trans(fq, stage_at_2 + (ks * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 80 + (threadIdx.x / 32 % 2 * 8) * 2);
            ph::mma_f16(acc[0], fa, {fq[0], fq[1]});
          }
          {
            u32 fq[2];
            ph::ldmatrix2_trans(fq, stage_at_2 + (ks * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 80 + ((threadIdx.x / 32 % 2 + 2) * 8) * 2);
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
    const i64 at_4 = ((i64)(k_ / 16ll));
    const i64 start_4 = (0 <= r_ && r_ < R_ && 0 <= at_4 && at_4 < T_ ? IDX_[r_ * T_ + at_4] : 0ll);
    const i64 at_5 = ((i64)(k_ / 16ll));
    const i64 start_5 = (0 <= r_ && r_ < R_ && 0 <= at_5 && at_5 < T_ ? IDX_[r_ * T_ + at_5] : 0ll);
    const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
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
            if (!box_3.has(i0, i1)) continue;
            f32 acc_2 = acc_[pass * 4 + slot * 2 + v];
            for (i64 k = k_lo; k < k_hi; ++k) acc_2 = (acc_2 + ((f32)(ph::from_f16(A_[(m0_ + i0) * K_ + (start_5 + k)])) * (f32)(ph::from_f16(B_[(k_ + k) * N_ + i1]))));
            acc_[pass * 4 + slot * 2 + v] = acc_2;
          }
        }
      }
    }
    #endif
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[1])}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
          if (box_4.has(i0, g) && box_4.has(i0, g + 1)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_4.has(i0, i1)) continue;
              acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
            }
          }
        }
      }
    }
    acc_box = box_4;
    #line 548 "tests/corpus/dot.phobos"
    if ((ph::wadd(k_, 16ll) < K_)) {
      #line 549 "tests/corpus/dot.phobos"
      __syncthreads();
      const i64 start_6 = ((i64)(k_ / 16ll));
      ph::Box<2> box_5 = {{ph::max64(r_, 0) - r_, ph::max64(start_6, 0) - start_6}, {ph::min64(r_ + 1, R_) - r_, ph::min64(start_6 + 1, T_) - start_6}};
      box_5.normalize();
      const i64 start_7 = ((i64)(k_ / 16ll));
      const i64 start_8 = ((i64)(k_ / 16ll));
      i64* tmp = (i64*)(smem + 0);  // tile<i64>[1, 1]
      for (int e = threadIdx.x; e < 1; e += 128) {
        const int i0 = 0;
        const int i1 = 0;
        if (!box_5.has(i0, i1)) continue;
        tmp[i0] = IDX_[(r_ + i0) * T_ + (start_8 + i1)];
      }
      __syncthreads();
      const i64 start_9 = ph::wadd(((i64)(k_ / 16ll)), 1ll);
      const ph::Box<2> box_6 = {{ph::max64(box_5.lo[0], -r_), ph::max64(box_5.lo[1], -start_9)}, {ph::min64(box_5.hi[0], R_ - r_), ph::min64(box_5.hi[1], T_ - start_9)}};
      for (int e = threadIdx.x; e < 1; e += 128) {
        const int i0 = 0;
        const int i1 = 0;
        if (!box_6.has(i0, i1)) continue;
        IDX_[(r_ + i0) * T_ + (start_9 + i1)] = ph::wadd(tmp[i0], 16ll);
      }
    }
    ++turn;
  }
  #line 552 "tests/corpus/dot.phobos"
  const ph::Box<2> box_7 = {{ph::max64(acc_box.lo[0], -m0_), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_)}};
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
        if (box_7.has(i0, g) && box_7.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = acc_[pass * 4 + slot * 2 + v];
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + g], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_7.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + i1] = acc_[pass * 4 + slot * 2 + v];
          }
        }
      }
    }
  }
}
