
// kernel flash_causal_bf16: 128 threads a CTA, 80896 bytes of shared memory
// for launches where multiples of 4: S, Z; 16-byte aligned: K, O, Q, V; rows 16-byte multiples apart: K, O, Q, V
#line 310 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_flash_causal_bf16(bf16* Q_, bf16* K_, bf16* V_, f32* O_, f32 scale_, i64 Z_, i64 S_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 25600;  // where the statements' own shared memory starts
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
  int turn = 0;  // the loop's turns, for its products' operands copied a turn ahead
  for (i64 j_ = 0ll; j_ < hi; j_ += 64) {
    #line 321 "tests/corpus/dot.phobos"
    bool later_[32];  // tile<bool>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
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
            later_[pass * 16 + slot * 2 + v] = (ph::wadd((i64)(i1), j_) > ph::wadd((i64)(i0), r_));
          }
        }
      }
    }
    #line 322 "tests/corpus/dot.phobos"
    __syncthreads();
    f32 s_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
    ph::Box<2> s_box;
    ph::Box<2> box = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
    if (q_start0_ < 0 || q_start0_ >= Z_) box = {};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, S_) - j_, 64}};
    if (z_ < 0 || z_ >= Z_) box_2 = {};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
    f32 product[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
    #if __CUDA_ARCH__ >= 800
    unsigned char* ring = (unsigned char*)(smem + own + 0);  // two stages of tile<bf16>[64, 64] staged for ldmatrix, a turn ahead
    bf16* stage_now = (bf16*)(ring + (turn) % 2 * 9216);
    const u32 stage_now_at = ph::smem_address(stage_now);
    bf16* stage_then = (bf16*)(ring + (turn + 1) % 2 * 9216);
    const u32 stage_then_at = ph::smem_address(stage_then);
    unsigned char* ring_2 = (unsigned char*)(smem + own + 18432);  // two stages of tile<bf16>[64, 64] staged for ldmatrix, a turn ahead
    bf16* stage_now_2 = (bf16*)(ring_2 + (turn) % 2 * 9216);
    const u32 stage_now_at_2 = ph::smem_address(stage_now_2);
    bf16* stage_then_2 = (bf16*)(ring_2 + (turn + 1) % 2 * 9216);
    const u32 stage_then_at_2 = ph::smem_address(stage_then_2);
    if (turn == 0) {  // the first turn's windows
      if (box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 63 && 63 < box.hi[0] && k_lo <= 63 && 63 < k_hi) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_now_at + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
            ph::stage_async16(stage_now_at + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_now + (r) * 144))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
      if (k_lo <= 0 && 0 < k_hi && box_2.lo[0] <= 0 && 0 < box_2.hi[0] && k_lo <= 63 && 63 < k_hi && box_2.lo[0] <= 63 && 63 < box_2.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_now_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + (j_ + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (k_lo <= c && c < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] && k_lo <= c + 7 && c + 7 < k_hi && box_2.lo[0] <= r && r < box_2.hi[0]) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + (j_ + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_now_2 + (r) * 144))[col] = k_lo <= col && col < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] ? K_[(z_ * S_ + (j_ + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
    }
    ph::stage_commit();
    __syncthreads();
    if (j_ + 64 < hi) {  // the next turn's windows, while this turn's products run
      const i64 j_next = j_ + 64;
      ph::Box<2> box_3 = {{ph::max64(q_start1_, 0) - q_start1_, 0}, {ph::min64(q_start1_ + 64, S_) - q_start1_, 64}};
      if (q_start0_ < 0 || q_start0_ >= Z_) box_3 = {};
      box_3.normalize();
      ph::Box<2> box_4 = {{ph::max64(j_next, 0) - j_next, 0}, {ph::min64(j_next + 64, S_) - j_next, 64}};
      if (z_ < 0 || z_ >= Z_) box_4 = {};
      box_4.normalize();
      const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[1]);
      const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[1]);
      if (box_3.lo[0] <= 0 && 0 < box_3.hi[0] && k_lo_2 <= 0 && 0 < k_hi_2 && box_3.lo[0] <= 63 && 63 < box_3.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_then_at + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2) {  // copied whole, in flight
            ph::stage_async16(stage_then_at + (r) * 144 + (c) * 2, &Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_then + (r) * 144))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? Q_[(q_start0_ * S_ + (q_start1_ + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
      if (k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2 && box_4.lo[0] <= 63 && 63 < box_4.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_then_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + (j_next + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_2 + (r) * 144 + (c) * 2, &K_[(z_ * S_ + (j_next + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_then_2 + (r) * 144))[col] = k_lo_2 <= col && col < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] ? K_[(z_ * S_ + (j_next + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
    }
    ph::stage_commit();
    ph::stage_wait_but_newest();
    __syncthreads();
    {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
      const int lane_2 = threadIdx.x % 32;
      #pragma unroll
      for (int blk = 0; blk < 1; ++blk) {
        const int first = (threadIdx.x / 32 + blk * 4) * 16;  // the block's first row
        f32 acc[8][4] = {};
        #pragma unroll
        for (int ks = 0; ks < 4; ++ks) {
          u32 fa[4] = {};
          ph::ldmatrix4(fa, stage_now_at + (first + lane_2 % 16) * 144 + (ks * 16 + lane_2 / 16 * 8) * 2);
          {
            u32 fq[4];
            ph::ldmatrix4(fq, stage_now_at_2 + (0 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
            ph::mma_bf16(acc[0], fa, {fq[0], fq[1]});
            ph::mma_bf16(acc[1], fa, {fq[2], fq[3]});
          }
          {
            u32 fq[4];
            ph::ldmatrix4(fq, stage_now_at_2 + (16 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
            ph::mma_bf16(acc[2], fa, {fq[0], fq[1]});
            ph::mma_bf16(acc[3], fa, {fq[2], fq[3]});
          }
          {
            u32 fq[4];
            ph::ldmatrix4(fq, stage_now_at_2 + (32 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
            ph::mma_bf16(acc[4], fa, {fq[0], fq[1]});
            ph::mma_bf16(acc[5], fa, {fq[2], fq[3]});
          }
          {
            u32 fq[4];
            ph::ldmatrix4(fq, stage_now_at_2 + (48 + lane_2 / 16 * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
            ph::mma_bf16(acc[6], fa, {fq[0], fq[1]});
            ph::mma_bf16(acc[7], fa, {fq[2], fq[3]});
          }
        }
        #pragma unroll
        for (int nb = 0; nb < 8; ++nb) {
          product[(blk * 2 + 0) * 16 + nb * 2] = acc[nb][0];
          product[(blk * 2 + 0) * 16 + nb * 2 + 1] = acc[nb][1];
          product[(blk * 2 + 1) * 16 + nb * 2] = acc[nb][2];
          product[(blk * 2 + 1) * 16 + nb * 2 + 1] = acc[nb][3];
        }
      }
    }
    #else
    const ph::Box<2> box_5 = {{box.lo[0], box_2.lo[0]}, {box.hi[0], box_2.hi[0]}};
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
            if (!box_5.has(i0, i1)) continue;
            f32 acc_2 = 0.0f;
            for (i64 k = k_lo; k < k_hi; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(Q_[(q_start0_ * S_ + (q_start1_ + i0)) * 64 + k])) * (f32)(ph::from_bf16(K_[(z_ * S_ + (j_ + i1)) * 64 + k]))));
            product[pass * 16 + slot * 2 + v] = acc_2;
          }
        }
      }
    }
    #endif
    const f32 s_2 = -__int_as_float(0x7f800000);
    const ph::Box<2> box_6 = {{box.lo[0], box_2.lo[0]}, {box.hi[0], box_2.hi[0]}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 8; ++slot) {
          const int g = (lane + slot * 4) * 2;
          if (box_6.has(i0, g) && box_6.has(i0, g + 1)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              s_[pass * 16 + slot * 2 + v] = (later_[pass * 16 + slot * 2 + v] ? s_2 : (product[pass * 16 + slot * 2 + v] * scale_));
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_6.has(i0, i1)) continue;
              s_[pass * 16 + slot * 2 + v] = (later_[pass * 16 + slot * 2 + v] ? s_2 : (product[pass * 16 + slot * 2 + v] * scale_));
            }
          }
        }
      }
    }
    s_box = box_6;
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
        const bool live = s_box.lo[0] <= i0 && i0 < s_box.hi[0];  // the row is present
        const int begin = (int)s_box.lo[1];
        const int end = live ? (int)s_box.hi[1] : 0;
        f32 acc_2 = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
        #pragma unroll
        for (int slot = 0; slot < 8; ++slot) {
          const int g = (lane + slot * 4) * 2;
          if (begin <= g && g + 2 <= end) {
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_2 = fmaxf(acc_2, s_[pass * 16 + slot * 2 + v]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc_2 = fmaxf(acc_2, s_[pass * 16 + slot * 2 + v]);
            }
          }
        }
        // the 4 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 2; m >= 1; m /= 2) acc_2 = fmaxf(acc_2, ph::shfl_xor(acc_2, m, 4));
        if (live) {
          row_max[pass] = acc_2;
        }
      }
    }
    const ph::Box<2> box_7 = {{ph::max64(m_box.lo[0], s_box.lo[0]), m_box.lo[1]}, {ph::min64(m_box.hi[0], s_box.hi[0]), m_box.hi[1]}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
        const int i0 = row;
        const int i1 = 0;
        if (box_7.has(i0, i1)) {
          m_new_[pass] = fmaxf(m_[pass], row_max[pass]);
        }
      }
    }
    m_new_box = box_7;
    #line 324 "tests/corpus/dot.phobos"
    f32* p_ = (f32*)(smem + 0);  // tile<f32>[64, 64]
    ph::Box<2> p_box;
    const ph::Box<2> box_8 = {{ph::max64(s_box.lo[0], m_new_box.lo[0]), s_box.lo[1]}, {ph::min64(s_box.hi[0], m_new_box.hi[0]), ph::min64(s_box.hi[1], (m_new_box.lo[1] < m_new_box.hi[1] ? 64 : 0))}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 8; ++slot) {
          const int g = (lane + slot * 4) * 2;
          if (box_8.has(i0, g) && box_8.has(i0, g + 1)) {  // the whole group is present and aligned
            ph::Vec<f32, 2> out;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              out.v[v] = expf((s_[pass * 16 + slot * 2 + v] - m_new_[pass]));
            }
            ph::vstore(&p_[i0 * 64 + g], out);
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_8.has(i0, i1)) continue;
              p_[i0 * 64 + i1] = expf((s_[pass * 16 + slot * 2 + v] - m_new_[pass]));
            }
          }
        }
      }
    }
    p_box = box_8;
    #line 325 "tests/corpus/dot.phobos"
    f32 alpha_[2];  // tile<f32>[64, 1] in registers: each thread the elements of its rows
    ph::Box<2> alpha_box;
    const ph::Box<2> box_9 = {{ph::max64(m_box.lo[0], m_new_box.lo[0]), ph::max64(m_box.lo[1], m_new_box.lo[1])}, {ph::min64(m_box.hi[0], m_new_box.hi[0]), ph::min64(m_box.hi[1], m_new_box.hi[1])}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
        const int i0 = row;
        const int i1 = 0;
        if (box_9.has(i0, i1)) {
          alpha_[pass] = expf((m_[pass] - m_new_[pass]));
        }
      }
    }
    alpha_box = box_9;
    #line 326 "tests/corpus/dot.phobos"
    __syncthreads();
    f32 row_sum[2];  // the sum of each row this thread holds
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
        f32 acc_2 = 0.0f;
        #pragma unroll
        for (int slot = 0; slot < 8; ++slot) {
          const int g = (lane + slot * 4) * 2;
          if (begin <= g && g + 2 <= end) {
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_2 = (acc_2 + p_[i0 * 64 + j]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc_2 = (acc_2 + p_[i0 * 64 + j]);
            }
          }
        }
        // the 4 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 2; m >= 1; m /= 2) acc_2 = (acc_2 + ph::shfl_xor(acc_2, m, 4));
        if (live) {
          row_sum[pass] = acc_2;
        }
      }
    }
    const ph::Box<2> box_10 = {{ph::max64(ph::max64(l_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(l_box.lo[1], alpha_box.lo[1])}, {ph::min64(ph::min64(l_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(l_box.hi[1], alpha_box.hi[1])}};
    {
      const int lane = threadIdx.x % 4;  // the thread's place in its row's group
      #pragma unroll
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
        const int i0 = row;
        const int i1 = 0;
        if (box_10.has(i0, i1)) {
          l_[pass] = ((l_[pass] * alpha_[pass]) + row_sum[pass]);
        }
      }
    }
    l_box = box_10;
    #line 327 "tests/corpus/dot.phobos"
    ph::Box<2> box_11 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, S_) - j_, 64}};
    if (z_ < 0 || z_ >= Z_) box_11 = {};
    box_11.normalize();
    const i64 k_lo_3 = ph::max64(p_box.lo[1], box_11.lo[0]);
    const i64 k_hi_3 = ph::min64(p_box.hi[1], box_11.hi[0]);
    f32 product_2[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
    #if __CUDA_ARCH__ >= 800
    bf16* stage = (bf16*)(smem + 16384);  // tile<bf16>[64, 64] staged for ldmatrix, rows of 144 bytes
    const u32 stage_at = ph::smem_address(stage);
    // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int r = e / 8, c = e % 8 * 8;
      if (p_box.lo[0] <= r && r < p_box.hi[0] && k_lo_3 <= c && c < k_hi_3 && p_box.lo[0] <= r && r < p_box.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3) {  // read whole
        const ph::Vec<f32, 8> p_g = ph::vload<8>(&p_[r * 64 + c]);
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16(p_g.v[v]);
        }
        ph::vstore(&((bf16*)((unsigned char*)stage + (r) * 144))[c], out);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage + (r) * 144))[col] = p_box.lo[0] <= r && r < p_box.hi[0] && k_lo_3 <= col && col < k_hi_3 ? ph::to_bf16(p_[r * 64 + col]) : ph::to_bf16(0.0f);
        }
      }
    }
    unsigned char* ring_3 = (unsigned char*)(smem + own + 36864);  // two stages of tile<bf16>[64, 64] staged for ldmatrix, a turn ahead
    bf16* stage_now_3 = (bf16*)(ring_3 + (turn) % 2 * 9216);
    const u32 stage_now_at_3 = ph::smem_address(stage_now_3);
    bf16* stage_then_3 = (bf16*)(ring_3 + (turn + 1) % 2 * 9216);
    const u32 stage_then_at_3 = ph::smem_address(stage_then_3);
    if (turn == 0) {  // the first turn's windows
      if (k_lo_3 <= 0 && 0 < k_hi_3 && box_11.lo[1] <= 0 && 0 < box_11.hi[1] && k_lo_3 <= 63 && 63 < k_hi_3 && box_11.lo[1] <= 63 && 63 < box_11.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_now_at_3 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + (j_ + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (k_lo_3 <= r && r < k_hi_3 && box_11.lo[1] <= c && c < box_11.hi[1] && k_lo_3 <= r && r < k_hi_3 && box_11.lo[1] <= c + 7 && c + 7 < box_11.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_3 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + (j_ + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_now_3 + (r) * 144))[col] = k_lo_3 <= r && r < k_hi_3 && box_11.lo[1] <= col && col < box_11.hi[1] ? V_[(z_ * S_ + (j_ + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
    }
    ph::stage_commit();
    __syncthreads();
    if (j_ + 64 < hi) {  // the next turn's windows, while this turn's products run
      const i64 j_next_2 = j_ + 64;
      ph::Box<2> box_12 = {{ph::max64(j_next_2, 0) - j_next_2, 0}, {ph::min64(j_next_2 + 64, S_) - j_next_2, 64}};
      if (z_ < 0 || z_ >= Z_) box_12 = {};
      box_12.normalize();
      const i64 k_lo_4 = ph::max64(p_box.lo[1], box_12.lo[0]);
      const i64 k_hi_4 = ph::min64(p_box.hi[1], box_12.hi[0]);
      if (k_lo_4 <= 0 && 0 < k_hi_4 && box_12.lo[1] <= 0 && 0 < box_12.hi[1] && k_lo_4 <= 63 && 63 < k_hi_4 && box_12.lo[1] <= 63 && 63 < box_12.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int e = threadIdx.x + i * 128;
          const int r = e / 8, c = e % 8 * 8;
          ph::stage_async16(stage_then_at_3 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + (j_next_2 + r)) * 64 + c]);
        }
      } else {
        // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int r = e / 8, c = e % 8 * 8;
          if (k_lo_4 <= r && r < k_hi_4 && box_12.lo[1] <= c && c < box_12.hi[1] && k_lo_4 <= r && r < k_hi_4 && box_12.lo[1] <= c + 7 && c + 7 < box_12.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_3 + (r) * 144 + (c) * 2, &V_[(z_ * S_ + (j_next_2 + r)) * 64 + c]);
          } else {
            #pragma unroll
            for (int v = 0; v < 8; ++v) {
              const int col = c + v;
              ((bf16*)((unsigned char*)stage_then_3 + (r) * 144))[col] = k_lo_4 <= r && r < k_hi_4 && box_12.lo[1] <= col && col < box_12.hi[1] ? V_[(z_ * S_ + (j_next_2 + r)) * 64 + col] : ph::to_bf16(0.0f);
            }
          }
        }
      }
    }
    ph::stage_commit();
    ph::stage_wait_but_newest();
    __syncthreads();
    {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
      const int lane_3 = threadIdx.x % 32;
      #pragma unroll
      for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
        const int first_2 = (threadIdx.x / 32 + blk_2 * 4) * 16;  // the block's first row
        f32 acc_3[8][4] = {};
        #pragma unroll
        for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
          u32 fa_2[4] = {};
          ph::ldmatrix4(fa_2, stage_at + (first_2 + lane_3 % 16) * 144 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
          {
            u32 fq_2[4];
            ph::ldmatrix4_trans(fq_2, stage_now_at_3 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + (0 + lane_3 / 16 * 8) * 2);
            ph::mma_bf16(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
            ph::mma_bf16(acc_3[1], fa_2, {fq_2[2], fq_2[3]});
          }
          {
            u32 fq_2[4];
            ph::ldmatrix4_trans(fq_2, stage_now_at_3 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + (16 + lane_3 / 16 * 8) * 2);
            ph::mma_bf16(acc_3[2], fa_2, {fq_2[0], fq_2[1]});
            ph::mma_bf16(acc_3[3], fa_2, {fq_2[2], fq_2[3]});
          }
          {
            u32 fq_2[4];
            ph::ldmatrix4_trans(fq_2, stage_now_at_3 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + (32 + lane_3 / 16 * 8) * 2);
            ph::mma_bf16(acc_3[4], fa_2, {fq_2[0], fq_2[1]});
            ph::mma_bf16(acc_3[5], fa_2, {fq_2[2], fq_2[3]});
          }
          {
            u32 fq_2[4];
            ph::ldmatrix4_trans(fq_2, stage_now_at_3 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + (48 + lane_3 / 16 * 8) * 2);
            ph::mma_bf16(acc_3[6], fa_2, {fq_2[0], fq_2[1]});
            ph::mma_bf16(acc_3[7], fa_2, {fq_2[2], fq_2[3]});
          }
        }
        #pragma unroll
        for (int nb_2 = 0; nb_2 < 8; ++nb_2) {
          product_2[(blk_2 * 2 + 0) * 16 + nb_2 * 2] = acc_3[nb_2][0];
          product_2[(blk_2 * 2 + 0) * 16 + nb_2 * 2 + 1] = acc_3[nb_2][1];
          product_2[(blk_2 * 2 + 1) * 16 + nb_2 * 2] = acc_3[nb_2][2];
          product_2[(blk_2 * 2 + 1) * 16 + nb_2 * 2 + 1] = acc_3[nb_2][3];
        }
      }
    }
    #else
    const ph::Box<2> box_13 = {{p_box.lo[0], box_11.lo[1]}, {p_box.hi[0], box_11.hi[1]}};
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
            f32 acc_2 = 0.0f;
            for (i64 k = k_lo_3; k < k_hi_3; ++k) acc_2 = (acc_2 + ((f32)(ph::round_bf16(p_[i0 * 64 + k])) * (f32)(ph::from_bf16(V_[(z_ * S_ + (j_ + k)) * 64 + i1]))));
            product_2[pass * 16 + slot * 2 + v] = acc_2;
          }
        }
      }
    }
    #endif
    const ph::Box<2> box_14 = {{ph::max64(ph::max64(acc_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(acc_box.lo[1], box_11.lo[1])}, {ph::min64(ph::min64(acc_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(ph::min64(acc_box.hi[1], (alpha_box.lo[1] < alpha_box.hi[1] ? 64 : 0)), box_11.hi[1])}};
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
              acc_[pass * 16 + slot * 2 + v] = ((acc_[pass * 16 + slot * 2 + v] * alpha_[pass]) + product_2[pass * 16 + slot * 2 + v]);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_14.has(i0, i1)) continue;
              acc_[pass * 16 + slot * 2 + v] = ((acc_[pass * 16 + slot * 2 + v] * alpha_[pass]) + product_2[pass * 16 + slot * 2 + v]);
            }
          }
        }
      }
    }
    acc_box = box_14;
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
    ++turn;
  }
  #line 330 "tests/corpus/dot.phobos"
  ph::Box<2> box_15 = {{ph::max64(ph::max64(acc_box.lo[0], l_box.lo[0]), -r_), acc_box.lo[1]}, {ph::min64(ph::min64(acc_box.hi[0], l_box.hi[0]), S_ - r_), ph::min64(acc_box.hi[1], (l_box.lo[1] < l_box.hi[1] ? 64 : 0))}};
  if (z_ < 0 || z_ >= Z_) box_15 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane + slot * 4) * 2;
        if (box_15.has(i0, g) && box_15.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = (acc_[pass * 16 + slot * 2 + v] / l_[pass]);
          }
          ph::vstore(&O_[(z_ * S_ + (r_ + i0)) * 64 + g], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_15.has(i0, i1)) continue;
            O_[(z_ * S_ + (r_ + i0)) * 64 + i1] = (acc_[pass * 16 + slot * 2 + v] / l_[pass]);
          }
        }
      }
    }
  }
}
