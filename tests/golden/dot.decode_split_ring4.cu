
// kernel decode_split_ring4: 128 threads a CTA, 78848 bytes of shared memory
// for launches where multiples of 4: L, P, Z; 16-byte aligned: K, PART, Q, STATS, V; rows 16-byte multiples apart: K, PART, Q, V
#line 587 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_decode_split_ring4(bf16* Q_, bf16* K_, bf16* V_, f32* PART_, f32* STATS_, f32 scale_, i64 per_split_, i64 Z_, i64 L_, i64 P_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 2304;  // where the statements' own shared memory starts
  #line 593 "tests/corpus/dot.phobos"
  const i64 z_ = (i64)blockIdx.y;
  #line 594 "tests/corpus/dot.phobos"
  const i64 split_ = (i64)blockIdx.x;
  #line 595 "tests/corpus/dot.phobos"
  const i64 q_start0_ = z_;
  #line 596 "tests/corpus/dot.phobos"
  f32 m_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
  ph::Box<2> m_box;
  const f32 s = -__int_as_float(0x7f800000);
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      const int i1 = 0;
      {
        m_[pass] = s;
      }
    }
  }
  m_box = {{0, 0}, {16, 1}};
  #line 597 "tests/corpus/dot.phobos"
  f32 l_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
  ph::Box<2> l_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      const int i1 = 0;
      {
        l_[pass] = 0.0f;
      }
    }
  }
  l_box = {{0, 0}, {16, 1}};
  #line 598 "tests/corpus/dot.phobos"
  f32 acc_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          acc_[pass * 4 + slot * 2 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {16, 64}};
  #line 599 "tests/corpus/dot.phobos"
  const i64 first_ = ph::wmul(split_, per_split_);
  #line 600 "tests/corpus/dot.phobos"
  const i64 hi = ph::imin(L_, ph::wadd(first_, per_split_));
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 j_ = first_; j_ < hi; j_ += 64) {
    if (q_start0_ >= 0 && q_start0_ + 1 <= Z_ && z_ >= 0 && z_ + 1 <= Z_ && j_ >= 0 && j_ + 64 <= L_ && m_box.lo[0] == 0 && m_box.hi[0] == 16 && m_box.lo[1] == 0 && m_box.hi[1] == 1 && l_box.lo[0] == 0 && l_box.hi[0] == 16 && l_box.lo[1] == 0 && l_box.hi[1] == 1 && acc_box.lo[0] == 0 && acc_box.hi[0] == 16 && acc_box.lo[1] == 0 && acc_box.hi[1] == 64) {  // every window inside its tensor, every tile whole
      #line 601 "tests/corpus/dot.phobos"
      __syncthreads();
      f32 s_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> s_box;
      f32 product[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 4 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at = ph::smem_address(ring);
      bf16* stage_now = (bf16*)(ring + (turn % 4) * 9216);
      const u32 stage_now_at = ring_at + (turn % 4) * 9216;
      bf16* stage_first1 = (bf16*)(ring + 9216);
      const u32 stage_first1_at = ring_at + 9216;
      bf16* stage_first2 = (bf16*)(ring + 18432);
      const u32 stage_first2_at = ring_at + 18432;
      bf16* stage_then = (bf16*)(ring + ((turn + 3) % 4) * 9216);
      const u32 stage_then_at = ring_at + ((turn + 3) % 4) * 9216;
      unsigned char* once = (unsigned char*)(smem + own + 36864);  // tile<bf16>[16, 64] staged for ldmatrix, once for every turn
      bf16* stage_once = (bf16*)(once + 0);
      const u32 stage_once_at = ph::smem_address(stage_once);
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * L_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64 && 0 <= r && r < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now + (r) * 144))[col] = 0 <= col && col < 64 && 0 <= r && r < 64 ? K_[(z_ * L_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (0 <= 0 && 0 < 16 && 0 <= 0 && 0 < 64 && 0 <= 15 && 15 < 16 && 0 <= 63 && 63 < 64) {  // tile<bf16>[16, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * 16) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 1; ++i) {
            ph::stage_async16(stage_once_at + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[16, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 128; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 16 && 0 <= c && c < 64 && 0 <= r && r < 16 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_once_at + (r) * 144 + (c) * 2, &Q_[(q_start0_ * 16) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_once + (r) * 144))[col] = 0 <= r && r < 16 && 0 <= col && col < 64 ? Q_[(q_start0_ * 16) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (j_ + 64 < hi) {
          const i64 j_next = j_ + 64;
          ph::Box<2> box = {{0, 0}, {16, 64}};
          if (q_start0_ < 0 || q_start0_ >= Z_) box = {};
          box.normalize();
          ph::Box<2> box_2 = {{ph::max64(j_next, 0) - j_next, 0}, {ph::min64(j_next + 64, L_) - j_next, 64}};
          if (z_ < 0 || z_ >= Z_) box_2 = {};
          box_2.normalize();
          const i64 k_lo = ph::max64(box.lo[1], box_2.lo[1]);
          const i64 k_hi = ph::min64(box.hi[1], box_2.hi[1]);
          if (k_lo <= 0 && 0 < k_hi && box_2.lo[0] <= 0 && 0 < box_2.hi[0] && k_lo <= 63 && 63 < k_hi && box_2.lo[0] <= 63 && 63 < box_2.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &K_[(z_ * L_ + j_next) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first1_at + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo <= c && c < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] && k_lo <= c + 7 && c + 7 < k_hi && box_2.lo[0] <= r && r < box_2.hi[0]) {  // copied whole, in flight
                ph::stage_async16(stage_first1_at + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first1 + (r) * 144))[col] = k_lo <= col && col < k_hi && box_2.lo[0] <= r && r < box_2.hi[0] ? K_[(z_ * L_ + j_next) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        if (j_ + 128 < hi) {
          const i64 j_next_2 = j_ + 128;
          ph::Box<2> box_3 = {{0, 0}, {16, 64}};
          if (q_start0_ < 0 || q_start0_ >= Z_) box_3 = {};
          box_3.normalize();
          ph::Box<2> box_4 = {{ph::max64(j_next_2, 0) - j_next_2, 0}, {ph::min64(j_next_2 + 64, L_) - j_next_2, 64}};
          if (z_ < 0 || z_ >= Z_) box_4 = {};
          box_4.normalize();
          const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[1]);
          const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[1]);
          if (k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 63 && 63 < k_hi_2 && box_4.lo[0] <= 63 && 63 < box_4.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &K_[(z_ * L_ + j_next_2) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first2_at + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0]) {  // copied whole, in flight
                ph::stage_async16(stage_first2_at + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next_2) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first2 + (r) * 144))[col] = k_lo_2 <= col && col < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] ? K_[(z_ * L_ + j_next_2) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 192 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_3 = j_ + 192;
        ph::Box<2> box_5 = {{0, 0}, {16, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box_5 = {};
        box_5.normalize();
        ph::Box<2> box_6 = {{ph::max64(j_next_3, 0) - j_next_3, 0}, {ph::min64(j_next_3 + 64, L_) - j_next_3, 64}};
        if (z_ < 0 || z_ >= Z_) box_6 = {};
        box_6.normalize();
        const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[1]);
        const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[1]);
        if (k_lo_3 <= 0 && 0 < k_hi_3 && box_6.lo[0] <= 0 && 0 < box_6.hi[0] && k_lo_3 <= 63 && 63 < k_hi_3 && box_6.lo[0] <= 63 && 63 < box_6.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * L_ + j_next_3) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_3 <= c && c < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] && k_lo_3 <= c + 7 && c + 7 < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next_3) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then + (r) * 144))[col] = k_lo_3 <= col && col < k_hi_3 && box_6.lo[0] <= r && r < box_6.hi[0] ? K_[(z_ * L_ + j_next_3) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<2>(turn);
      __syncthreads();
      {  // tile<f32>[16, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_2 = threadIdx.x % 32;
        #pragma unroll
        for (int blk = 0; blk < 1; ++blk) {
          const int first = (threadIdx.x / 32 / 4 + blk * 1) * 16;  // the block's first row
          f32 acc[2][4] = {};
          #pragma unroll
          for (int ks = 0; ks < 4; ++ks) {
            u32 fa[4] = {};
            ph::ldmatrix4(fa, stage_once_at + (first + lane_2 % 16) * 144 + (ks * 16 + lane_2 / 16 * 8) * 2);
            {
              u32 fq[2];
              ph::ldmatrix2(fq, stage_now_at + (threadIdx.x / 32 % 4 * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc[0], fa, {fq[0], fq[1]});
            }
            {
              u32 fq[2];
              ph::ldmatrix2(fq, stage_now_at + ((threadIdx.x / 32 % 4 + 4) * 8 + lane_2 % 8) * 144 + (ks * 16 + lane_2 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc[1], fa, {fq[0], fq[1]});
            }
          }
          #pragma unroll
          for (int nb = 0; nb < 2; ++nb) {
            product[(blk * 2 + 0) * 4 + nb * 2] = acc[nb][0];
            product[(blk * 2 + 0) * 4 + nb * 2 + 1] = acc[nb][1];
            product[(blk * 2 + 1) * 4 + nb * 2] = acc[nb][2];
            product[(blk * 2 + 1) * 4 + nb * 2 + 1] = acc[nb][3];
          }
        }
      }
      #else
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_2 = 0.0f;
              for (i64 k = 0; k < 64; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(Q_[(q_start0_ * 16) * 64 + (i0 * 64 + k)])) * (f32)(ph::from_bf16(K_[(z_ * L_ + j_) * 64 + (i1 * 64 + k)]))));
              product[pass * 4 + slot * 2 + v] = acc_2;
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
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              s_[pass * 4 + slot * 2 + v] = (product[pass * 4 + slot * 2 + v] * scale_);
            }
          }
        }
      }
      s_box = {{0, 0}, {16, 64}};
      #line 603 "tests/corpus/dot.phobos"
      f32 kept_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> kept_box;
      const i64 s_2 = ph::wadd(first_, per_split_);
      const f32 s_3 = -__int_as_float(0x7f800000);
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              kept_[pass * 4 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) < s_2) ? s_[pass * 4 + slot * 2 + v] : s_3);
            }
          }
        }
      }
      kept_box = {{0, 0}, {16, 64}};
      #line 604 "tests/corpus/dot.phobos"
      f32 m_new_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
      ph::Box<2> m_new_box;
      f32 row_max[2];  // the max of each row this thread holds
      f32* acc_2_part = (f32*)(smem + own + 39168);  // acc_2 of each warp
      // max along the last axis of tile<f32>[16, 64]: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          f32 acc_2 = __int_as_float(0x7fc00000);
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_2 = fmaxf(acc_2, kept_[pass * 4 + slot * 2 + v]);
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_2 = fmaxf(acc_2, ph::shfl_xor(acc_2, m, 4));
          // the row's 4 warps: each leaves its value in acc_2_part, then every thread of the row combines them in order
          if (threadIdx.x % 4 == 0) acc_2_part[row * 4 + threadIdx.x / 32 % 4] = acc_2;
          __syncthreads();
          acc_2 = acc_2_part[row * 4];
          for (int w = 1; w < 4; ++w) acc_2 = fmaxf(acc_2, acc_2_part[row * 4 + w]);
          {
            row_max[pass] = acc_2;
          }
        }
      }
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            m_new_[pass] = fmaxf(m_[pass], row_max[pass]);
          }
        }
      }
      m_new_box = {{0, 0}, {16, 1}};
      #line 605 "tests/corpus/dot.phobos"
      f32 p_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> p_box;
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              p_[pass * 4 + slot * 2 + v] = expf((kept_[pass * 4 + slot * 2 + v] - m_new_[pass]));
            }
          }
        }
      }
      p_box = {{0, 0}, {16, 64}};
      #line 606 "tests/corpus/dot.phobos"
      f32 alpha_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
      ph::Box<2> alpha_box;
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            alpha_[pass] = expf((m_[pass] - m_new_[pass]));
          }
        }
      }
      alpha_box = {{0, 0}, {16, 1}};
      #line 607 "tests/corpus/dot.phobos"
      f32 row_sum[2];  // the sum of each row this thread holds
      f32* acc_2_part_2 = (f32*)(smem + own + 39424);  // acc_2 of each warp
      // sum along the last axis of tile<f32>[16, 64]: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          f32 acc_2 = 0.0f;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int j = g + v;
              acc_2 = (acc_2 + p_[pass * 4 + slot * 2 + v]);
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_2 = (acc_2 + ph::shfl_xor(acc_2, m, 4));
          // the row's 4 warps: each leaves its value in acc_2_part_2, then every thread of the row combines them in order
          if (threadIdx.x % 4 == 0) acc_2_part_2[row * 4 + threadIdx.x / 32 % 4] = acc_2;
          __syncthreads();
          acc_2 = acc_2_part_2[row * 4];
          for (int w = 1; w < 4; ++w) acc_2 = (acc_2 + acc_2_part_2[row * 4 + w]);
          {
            row_sum[pass] = acc_2;
          }
        }
      }
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            l_[pass] = ((l_[pass] * alpha_[pass]) + row_sum[pass]);
          }
        }
      }
      l_box = {{0, 0}, {16, 1}};
      #line 608 "tests/corpus/dot.phobos"
      __syncthreads();
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              acc_[pass * 4 + slot * 2 + v] = (acc_[pass * 4 + slot * 2 + v] * alpha_[pass]);
            }
          }
        }
      }
      #if __CUDA_ARCH__ >= 800
      bf16* stage = (bf16*)(smem + 0);  // tile<bf16>[16, 64] staged for ldmatrix, rows of 144 bytes
      const u32 stage_at = ph::smem_address(stage);
      // tile<bf16>[16, 64] to shared memory from the registers that hold it: each thread its own elements
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              ((bf16*)((unsigned char*)stage + (i0) * 144))[i1] = 0 <= i0 && i0 < 16 && 0 <= i1 && i1 < 64 ? ph::to_bf16(p_[pass * 4 + slot * 2 + v]) : ph::to_bf16(0.0f);
            }
          }
        }
      }
      unsigned char* ring_2 = (unsigned char*)(smem + own + 39680);  // 4 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_2 = ph::smem_address(ring_2);
      bf16* stage_now_2 = (bf16*)(ring_2 + (turn % 4) * 9216);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 4) * 9216;
      bf16* stage_first1_2 = (bf16*)(ring_2 + 9216);
      const u32 stage_first1_at_2 = ring_at_2 + 9216;
      bf16* stage_first2_2 = (bf16*)(ring_2 + 18432);
      const u32 stage_first2_at_2 = ring_at_2 + 18432;
      bf16* stage_then_2 = (bf16*)(ring_2 + ((turn + 3) % 4) * 9216);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 3) % 4) * 9216;
      if (turn == 0) {  // the first turns' windows
        if (0 <= 0 && 0 < 64 && 0 <= 0 && 0 < 64 && 0 <= 63 && 63 < 64 && 0 <= 63 && 63 < 64) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * L_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (0 <= r && r < 64 && 0 <= c && c < 64 && 0 <= r && r < 64 && 0 <= c + 7 && c + 7 < 64) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_2 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_2 + (r) * 144))[col] = 0 <= r && r < 64 && 0 <= col && col < 64 ? V_[(z_ * L_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (j_ + 64 < hi) {
          const i64 j_next_4 = j_ + 64;
          ph::Box<2> box_7 = {{ph::max64(j_next_4, 0) - j_next_4, 0}, {ph::min64(j_next_4 + 64, L_) - j_next_4, 64}};
          if (z_ < 0 || z_ >= Z_) box_7 = {};
          box_7.normalize();
          const i64 k_lo_4 = ph::max64(0, box_7.lo[0]);
          const i64 k_hi_4 = ph::min64(64, box_7.hi[0]);
          if (k_lo_4 <= 0 && 0 < k_hi_4 && box_7.lo[1] <= 0 && 0 < box_7.hi[1] && k_lo_4 <= 63 && 63 < k_hi_4 && box_7.lo[1] <= 63 && 63 < box_7.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &V_[(z_ * L_ + j_next_4) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first1_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_4 <= r && r < k_hi_4 && box_7.lo[1] <= c && c < box_7.hi[1] && k_lo_4 <= r && r < k_hi_4 && box_7.lo[1] <= c + 7 && c + 7 < box_7.hi[1]) {  // copied whole, in flight
                ph::stage_async16(stage_first1_at_2 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_4) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first1_2 + (r) * 144))[col] = k_lo_4 <= r && r < k_hi_4 && box_7.lo[1] <= col && col < box_7.hi[1] ? V_[(z_ * L_ + j_next_4) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        if (j_ + 128 < hi) {
          const i64 j_next_5 = j_ + 128;
          ph::Box<2> box_8 = {{ph::max64(j_next_5, 0) - j_next_5, 0}, {ph::min64(j_next_5 + 64, L_) - j_next_5, 64}};
          if (z_ < 0 || z_ >= Z_) box_8 = {};
          box_8.normalize();
          const i64 k_lo_5 = ph::max64(0, box_8.lo[0]);
          const i64 k_hi_5 = ph::min64(64, box_8.hi[0]);
          if (k_lo_5 <= 0 && 0 < k_hi_5 && box_8.lo[1] <= 0 && 0 < box_8.hi[1] && k_lo_5 <= 63 && 63 < k_hi_5 && box_8.lo[1] <= 63 && 63 < box_8.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &V_[(z_ * L_ + j_next_5) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first2_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_5 <= r && r < k_hi_5 && box_8.lo[1] <= c && c < box_8.hi[1] && k_lo_5 <= r && r < k_hi_5 && box_8.lo[1] <= c + 7 && c + 7 < box_8.hi[1]) {  // copied whole, in flight
                ph::stage_async16(stage_first2_at_2 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_5) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first2_2 + (r) * 144))[col] = k_lo_5 <= r && r < k_hi_5 && box_8.lo[1] <= col && col < box_8.hi[1] ? V_[(z_ * L_ + j_next_5) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 192 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_6 = j_ + 192;
        ph::Box<2> box_9 = {{ph::max64(j_next_6, 0) - j_next_6, 0}, {ph::min64(j_next_6 + 64, L_) - j_next_6, 64}};
        if (z_ < 0 || z_ >= Z_) box_9 = {};
        box_9.normalize();
        const i64 k_lo_6 = ph::max64(0, box_9.lo[0]);
        const i64 k_hi_6 = ph::min64(64, box_9.hi[0]);
        if (k_lo_6 <= 0 && 0 < k_hi_6 && box_9.lo[1] <= 0 && 0 < box_9.hi[1] && k_lo_6 <= 63 && 63 < k_hi_6 && box_9.lo[1] <= 63 && 63 < box_9.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * L_ + j_next_6) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_6 <= r && r < k_hi_6 && box_9.lo[1] <= c && c < box_9.hi[1] && k_lo_6 <= r && r < k_hi_6 && box_9.lo[1] <= c + 7 && c + 7 < box_9.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_2 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_6) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_2 + (r) * 144))[col] = k_lo_6 <= r && r < k_hi_6 && box_9.lo[1] <= col && col < box_9.hi[1] ? V_[(z_ * L_ + j_next_6) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<2>(turn);
      __syncthreads();
      {  // tile<f32>[16, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_3 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
          const int first_2 = (threadIdx.x / 32 / 4 + blk_2 * 1) * 16;  // the block's first row
          f32 acc_3[2][4];
          #pragma unroll
          for (int nb_2 = 0; nb_2 < 2; ++nb_2) {
            acc_3[nb_2][0] = acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2];
            acc_3[nb_2][1] = acc_[(blk_2 * 2 + 0) * 4 + nb_2 * 2 + 1];
            acc_3[nb_2][2] = acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2];
            acc_3[nb_2][3] = acc_[(blk_2 * 2 + 1) * 4 + nb_2 * 2 + 1];
          }
          #pragma unroll
          for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
            u32 fa_2[4] = {};
            ph::ldmatrix4(fa_2, stage_at + (first_2 + lane_3 % 16) * 144 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
            {
              u32 fq_2[2];
              ph::ldmatrix2_trans(fq_2, stage_now_at_2 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + (threadIdx.x / 32 % 4 * 8) * 2);
              ph::mma_bf16(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
            }
            {
              u32 fq_2[2];
              ph::ldmatrix2_trans(fq_2, stage_now_at_2 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 144 + ((threadIdx.x / 32 % 4 + 4) * 8) * 2);
              ph::mma_bf16(acc_3[1], fa_2, {fq_2[0], fq_2[1]});
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
      bf16* tmp = (bf16*)(smem + 0);  // tile<bf16>[16, 64]
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              tmp[i0 * 64 + i1] = ph::to_bf16(p_[pass * 4 + slot * 2 + v]);
            }
          }
        }
      }
      __syncthreads();
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              f32 acc_2 = acc_[pass * 4 + slot * 2 + v];
              for (i64 k = 0; k < 64; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(tmp[i0 * 64 + k])) * (f32)(ph::from_bf16(V_[(z_ * L_ + j_) * 64 + (k * 64 + i1)]))));
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
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {16, 64}};
      #line 609 "tests/corpus/dot.phobos"
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          {
            m_[pass] = m_new_[pass];
          }
        }
      }
      m_box = {{0, 0}, {16, 1}};
    } else {
      #line 601 "tests/corpus/dot.phobos"
      __syncthreads();
      f32 s_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> s_box;
      ph::Box<2> box_10 = {{0, 0}, {16, 64}};
      if (q_start0_ < 0 || q_start0_ >= Z_) box_10 = {};
      box_10.normalize();
      ph::Box<2> box_11 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, L_) - j_, 64}};
      if (z_ < 0 || z_ >= Z_) box_11 = {};
      box_11.normalize();
      const i64 k_lo_7 = ph::max64(box_10.lo[1], box_11.lo[1]);
      const i64 k_hi_7 = ph::min64(box_10.hi[1], box_11.hi[1]);
      f32 product_2[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      #if __CUDA_ARCH__ >= 800
      unsigned char* ring_3 = (unsigned char*)(smem + own + 0);  // 4 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_3 = ph::smem_address(ring_3);
      bf16* stage_now_3 = (bf16*)(ring_3 + (turn % 4) * 9216);
      const u32 stage_now_at_3 = ring_at_3 + (turn % 4) * 9216;
      bf16* stage_first1_3 = (bf16*)(ring_3 + 9216);
      const u32 stage_first1_at_3 = ring_at_3 + 9216;
      bf16* stage_first2_3 = (bf16*)(ring_3 + 18432);
      const u32 stage_first2_at_3 = ring_at_3 + 18432;
      bf16* stage_then_3 = (bf16*)(ring_3 + ((turn + 3) % 4) * 9216);
      const u32 stage_then_at_3 = ring_at_3 + ((turn + 3) % 4) * 9216;
      unsigned char* once_2 = (unsigned char*)(smem + own + 36864);  // tile<bf16>[16, 64] staged for ldmatrix, once for every turn
      bf16* stage_once_2 = (bf16*)(once_2 + 0);
      const u32 stage_once_at_2 = ph::smem_address(stage_once_2);
      if (turn == 0) {  // the first turns' windows
        if (k_lo_7 <= 0 && 0 < k_hi_7 && box_11.lo[0] <= 0 && 0 < box_11.hi[0] && k_lo_7 <= 63 && 63 < k_hi_7 && box_11.lo[0] <= 63 && 63 < box_11.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * L_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_7 <= c && c < k_hi_7 && box_11.lo[0] <= r && r < box_11.hi[0] && k_lo_7 <= c + 7 && c + 7 < k_hi_7 && box_11.lo[0] <= r && r < box_11.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_3 + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_3 + (r) * 144))[col] = k_lo_7 <= col && col < k_hi_7 && box_11.lo[0] <= r && r < box_11.hi[0] ? K_[(z_ * L_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (box_10.lo[0] <= 0 && 0 < box_10.hi[0] && k_lo_7 <= 0 && 0 < k_hi_7 && box_10.lo[0] <= 15 && 15 < box_10.hi[0] && k_lo_7 <= 63 && 63 < k_hi_7) {  // tile<bf16>[16, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &Q_[(q_start0_ * 16) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 1; ++i) {
            ph::stage_async16(stage_once_at_2 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[16, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 128; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (box_10.lo[0] <= r && r < box_10.hi[0] && k_lo_7 <= c && c < k_hi_7 && box_10.lo[0] <= r && r < box_10.hi[0] && k_lo_7 <= c + 7 && c + 7 < k_hi_7) {  // copied whole, in flight
              ph::stage_async16(stage_once_at_2 + (r) * 144 + (c) * 2, &Q_[(q_start0_ * 16) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_once_2 + (r) * 144))[col] = box_10.lo[0] <= r && r < box_10.hi[0] && k_lo_7 <= col && col < k_hi_7 ? Q_[(q_start0_ * 16) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (j_ + 64 < hi) {
          const i64 j_next_7 = j_ + 64;
          ph::Box<2> box_12 = {{0, 0}, {16, 64}};
          if (q_start0_ < 0 || q_start0_ >= Z_) box_12 = {};
          box_12.normalize();
          ph::Box<2> box_13 = {{ph::max64(j_next_7, 0) - j_next_7, 0}, {ph::min64(j_next_7 + 64, L_) - j_next_7, 64}};
          if (z_ < 0 || z_ >= Z_) box_13 = {};
          box_13.normalize();
          const i64 k_lo_8 = ph::max64(box_12.lo[1], box_13.lo[1]);
          const i64 k_hi_8 = ph::min64(box_12.hi[1], box_13.hi[1]);
          if (k_lo_8 <= 0 && 0 < k_hi_8 && box_13.lo[0] <= 0 && 0 < box_13.hi[0] && k_lo_8 <= 63 && 63 < k_hi_8 && box_13.lo[0] <= 63 && 63 < box_13.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &K_[(z_ * L_ + j_next_7) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first1_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_8 <= c && c < k_hi_8 && box_13.lo[0] <= r && r < box_13.hi[0] && k_lo_8 <= c + 7 && c + 7 < k_hi_8 && box_13.lo[0] <= r && r < box_13.hi[0]) {  // copied whole, in flight
                ph::stage_async16(stage_first1_at_3 + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next_7) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first1_3 + (r) * 144))[col] = k_lo_8 <= col && col < k_hi_8 && box_13.lo[0] <= r && r < box_13.hi[0] ? K_[(z_ * L_ + j_next_7) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        if (j_ + 128 < hi) {
          const i64 j_next_8 = j_ + 128;
          ph::Box<2> box_14 = {{0, 0}, {16, 64}};
          if (q_start0_ < 0 || q_start0_ >= Z_) box_14 = {};
          box_14.normalize();
          ph::Box<2> box_15 = {{ph::max64(j_next_8, 0) - j_next_8, 0}, {ph::min64(j_next_8 + 64, L_) - j_next_8, 64}};
          if (z_ < 0 || z_ >= Z_) box_15 = {};
          box_15.normalize();
          const i64 k_lo_9 = ph::max64(box_14.lo[1], box_15.lo[1]);
          const i64 k_hi_9 = ph::min64(box_14.hi[1], box_15.hi[1]);
          if (k_lo_9 <= 0 && 0 < k_hi_9 && box_15.lo[0] <= 0 && 0 < box_15.hi[0] && k_lo_9 <= 63 && 63 < k_hi_9 && box_15.lo[0] <= 63 && 63 < box_15.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &K_[(z_ * L_ + j_next_8) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first2_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_9 <= c && c < k_hi_9 && box_15.lo[0] <= r && r < box_15.hi[0] && k_lo_9 <= c + 7 && c + 7 < k_hi_9 && box_15.lo[0] <= r && r < box_15.hi[0]) {  // copied whole, in flight
                ph::stage_async16(stage_first2_at_3 + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next_8) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first2_3 + (r) * 144))[col] = k_lo_9 <= col && col < k_hi_9 && box_15.lo[0] <= r && r < box_15.hi[0] ? K_[(z_ * L_ + j_next_8) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 192 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_9 = j_ + 192;
        ph::Box<2> box_16 = {{0, 0}, {16, 64}};
        if (q_start0_ < 0 || q_start0_ >= Z_) box_16 = {};
        box_16.normalize();
        ph::Box<2> box_17 = {{ph::max64(j_next_9, 0) - j_next_9, 0}, {ph::min64(j_next_9 + 64, L_) - j_next_9, 64}};
        if (z_ < 0 || z_ >= Z_) box_17 = {};
        box_17.normalize();
        const i64 k_lo_10 = ph::max64(box_16.lo[1], box_17.lo[1]);
        const i64 k_hi_10 = ph::min64(box_16.hi[1], box_17.hi[1]);
        if (k_lo_10 <= 0 && 0 < k_hi_10 && box_17.lo[0] <= 0 && 0 < box_17.hi[0] && k_lo_10 <= 63 && 63 < k_hi_10 && box_17.lo[0] <= 63 && 63 < box_17.hi[0]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &K_[(z_ * L_ + j_next_9) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_10 <= c && c < k_hi_10 && box_17.lo[0] <= r && r < box_17.hi[0] && k_lo_10 <= c + 7 && c + 7 < k_hi_10 && box_17.lo[0] <= r && r < box_17.hi[0]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_3 + (r) * 144 + (c) * 2, &K_[(z_ * L_ + j_next_9) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_3 + (r) * 144))[col] = k_lo_10 <= col && col < k_hi_10 && box_17.lo[0] <= r && r < box_17.hi[0] ? K_[(z_ * L_ + j_next_9) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<2>(turn);
      __syncthreads();
      {  // tile<f32>[16, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_4 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_3 = 0; blk_3 < 1; ++blk_3) {
          const int first_3 = (threadIdx.x / 32 / 4 + blk_3 * 1) * 16;  // the block's first row
          f32 acc_4[2][4] = {};
          #pragma unroll
          for (int ks_3 = 0; ks_3 < 4; ++ks_3) {
            u32 fa_3[4] = {};
            ph::ldmatrix4(fa_3, stage_once_at_2 + (first_3 + lane_4 % 16) * 144 + (ks_3 * 16 + lane_4 / 16 * 8) * 2);
            {
              u32 fq_3[2];
              ph::ldmatrix2(fq_3, stage_now_at_3 + (threadIdx.x / 32 % 4 * 8 + lane_4 % 8) * 144 + (ks_3 * 16 + lane_4 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_4[0], fa_3, {fq_3[0], fq_3[1]});
            }
            {
              u32 fq_3[2];
              ph::ldmatrix2(fq_3, stage_now_at_3 + ((threadIdx.x / 32 % 4 + 4) * 8 + lane_4 % 8) * 144 + (ks_3 * 16 + lane_4 / 8 % 2 * 8) * 2);
              ph::mma_bf16(acc_4[1], fa_3, {fq_3[0], fq_3[1]});
            }
          }
          #pragma unroll
          for (int nb_3 = 0; nb_3 < 2; ++nb_3) {
            product_2[(blk_3 * 2 + 0) * 4 + nb_3 * 2] = acc_4[nb_3][0];
            product_2[(blk_3 * 2 + 0) * 4 + nb_3 * 2 + 1] = acc_4[nb_3][1];
            product_2[(blk_3 * 2 + 1) * 4 + nb_3 * 2] = acc_4[nb_3][2];
            product_2[(blk_3 * 2 + 1) * 4 + nb_3 * 2 + 1] = acc_4[nb_3][3];
          }
        }
      }
      #else
      const ph::Box<2> box_18 = {{box_10.lo[0], box_11.lo[0]}, {box_10.hi[0], box_11.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_18.has(i0, i1)) continue;
              f32 acc_2 = 0.0f;
              for (i64 k = k_lo_7; k < k_hi_7; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(Q_[(q_start0_ * 16) * 64 + (i0 * 64 + k)])) * (f32)(ph::from_bf16(K_[(z_ * L_ + j_) * 64 + (i1 * 64 + k)]))));
              product_2[pass * 4 + slot * 2 + v] = acc_2;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_19 = {{box_10.lo[0], box_11.lo[0]}, {box_10.hi[0], box_11.hi[0]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (box_19.has(i0, g) && box_19.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                s_[pass * 4 + slot * 2 + v] = (product_2[pass * 4 + slot * 2 + v] * scale_);
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_19.has(i0, i1)) continue;
                s_[pass * 4 + slot * 2 + v] = (product_2[pass * 4 + slot * 2 + v] * scale_);
              }
            }
          }
        }
      }
      s_box = box_19;
      #line 603 "tests/corpus/dot.phobos"
      f32 kept_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> kept_box;
      const i64 s_4 = ph::wadd(first_, per_split_);
      const f32 s_5 = -__int_as_float(0x7f800000);
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (s_box.has(i0, g) && s_box.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                kept_[pass * 4 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) < s_4) ? s_[pass * 4 + slot * 2 + v] : s_5);
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!s_box.has(i0, i1)) continue;
                kept_[pass * 4 + slot * 2 + v] = ((ph::wadd((i64)(i1), j_) < s_4) ? s_[pass * 4 + slot * 2 + v] : s_5);
              }
            }
          }
        }
      }
      kept_box = s_box;
      #line 604 "tests/corpus/dot.phobos"
      f32 m_new_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
      ph::Box<2> m_new_box;
      f32 row_max_2[2];  // the max of each row this thread holds
      f32* acc_2_part_3 = (f32*)(smem + own + 39168);  // acc_2 of each warp
      // max along the last axis of tile<f32>[16, 64]: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const bool live = kept_box.lo[0] <= i0 && i0 < kept_box.hi[0];  // the row is present
          const int begin = (int)kept_box.lo[1];
          const int end = live ? (int)kept_box.hi[1] : 0;
          f32 acc_2 = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (begin <= g && g + 2 <= end) {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                acc_2 = fmaxf(acc_2, kept_[pass * 4 + slot * 2 + v]);
              }
            } else {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                if (begin <= j && j < end) acc_2 = fmaxf(acc_2, kept_[pass * 4 + slot * 2 + v]);
              }
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_2 = fmaxf(acc_2, ph::shfl_xor(acc_2, m, 4));
          // the row's 4 warps: each leaves its value in acc_2_part_3, then every thread of the row combines them in order
          if (threadIdx.x % 4 == 0) acc_2_part_3[row * 4 + threadIdx.x / 32 % 4] = acc_2;
          __syncthreads();
          acc_2 = acc_2_part_3[row * 4];
          for (int w = 1; w < 4; ++w) acc_2 = fmaxf(acc_2, acc_2_part_3[row * 4 + w]);
          if (live) {
            row_max_2[pass] = acc_2;
          }
        }
      }
      const ph::Box<2> box_20 = {{ph::max64(m_box.lo[0], kept_box.lo[0]), m_box.lo[1]}, {ph::min64(m_box.hi[0], kept_box.hi[0]), m_box.hi[1]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_20.has(i0, i1)) {
            m_new_[pass] = fmaxf(m_[pass], row_max_2[pass]);
          }
        }
      }
      m_new_box = box_20;
      #line 605 "tests/corpus/dot.phobos"
      f32 p_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
      ph::Box<2> p_box;
      const ph::Box<2> box_21 = {{ph::max64(kept_box.lo[0], m_new_box.lo[0]), kept_box.lo[1]}, {ph::min64(kept_box.hi[0], m_new_box.hi[0]), ph::min64(kept_box.hi[1], (m_new_box.lo[1] < m_new_box.hi[1] ? 64 : 0))}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (box_21.has(i0, g) && box_21.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                p_[pass * 4 + slot * 2 + v] = expf((kept_[pass * 4 + slot * 2 + v] - m_new_[pass]));
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_21.has(i0, i1)) continue;
                p_[pass * 4 + slot * 2 + v] = expf((kept_[pass * 4 + slot * 2 + v] - m_new_[pass]));
              }
            }
          }
        }
      }
      p_box = box_21;
      #line 606 "tests/corpus/dot.phobos"
      f32 alpha_[2];  // tile<f32>[16, 1] in registers: each thread the elements of its rows
      ph::Box<2> alpha_box;
      const ph::Box<2> box_22 = {{ph::max64(m_box.lo[0], m_new_box.lo[0]), ph::max64(m_box.lo[1], m_new_box.lo[1])}, {ph::min64(m_box.hi[0], m_new_box.hi[0]), ph::min64(m_box.hi[1], m_new_box.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_22.has(i0, i1)) {
            alpha_[pass] = expf((m_[pass] - m_new_[pass]));
          }
        }
      }
      alpha_box = box_22;
      #line 607 "tests/corpus/dot.phobos"
      f32 row_sum_2[2];  // the sum of each row this thread holds
      f32* acc_2_part_4 = (f32*)(smem + own + 39424);  // acc_2 of each warp
      // sum along the last axis of tile<f32>[16, 64]: 16 rows of 64 as a tensor-core accumulator: 16-row blocks to 1 warp in turn, their 8-column atoms to 4 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const bool live = p_box.lo[0] <= i0 && i0 < p_box.hi[0];  // the row is present
          const int begin = (int)p_box.lo[1];
          const int end = live ? (int)p_box.hi[1] : 0;
          f32 acc_2 = 0.0f;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (begin <= g && g + 2 <= end) {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                acc_2 = (acc_2 + p_[pass * 4 + slot * 2 + v]);
              }
            } else {
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int j = g + v;
                if (begin <= j && j < end) acc_2 = (acc_2 + p_[pass * 4 + slot * 2 + v]);
              }
            }
          }
          // the 4 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 2; m >= 1; m /= 2) acc_2 = (acc_2 + ph::shfl_xor(acc_2, m, 4));
          // the row's 4 warps: each leaves its value in acc_2_part_4, then every thread of the row combines them in order
          if (threadIdx.x % 4 == 0) acc_2_part_4[row * 4 + threadIdx.x / 32 % 4] = acc_2;
          __syncthreads();
          acc_2 = acc_2_part_4[row * 4];
          for (int w = 1; w < 4; ++w) acc_2 = (acc_2 + acc_2_part_4[row * 4 + w]);
          if (live) {
            row_sum_2[pass] = acc_2;
          }
        }
      }
      const ph::Box<2> box_23 = {{ph::max64(ph::max64(l_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(l_box.lo[1], alpha_box.lo[1])}, {ph::min64(ph::min64(l_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(l_box.hi[1], alpha_box.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          const int i1 = 0;
          if (box_23.has(i0, i1)) {
            l_[pass] = ((l_[pass] * alpha_[pass]) + row_sum_2[pass]);
          }
        }
      }
      l_box = box_23;
      #line 608 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_24 = {{ph::max64(j_, 0) - j_, 0}, {ph::min64(j_ + 64, L_) - j_, 64}};
      if (z_ < 0 || z_ >= Z_) box_24 = {};
      box_24.normalize();
      const i64 k_lo_11 = ph::max64(p_box.lo[1], box_24.lo[0]);
      const i64 k_hi_11 = ph::min64(p_box.hi[1], box_24.hi[0]);
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              acc_[pass * 4 + slot * 2 + v] = (acc_[pass * 4 + slot * 2 + v] * alpha_[pass]);
            }
          }
        }
      }
      #if __CUDA_ARCH__ >= 800
      bf16* stage_2 = (bf16*)(smem + 0);  // tile<bf16>[16, 64] staged for ldmatrix, rows of 144 bytes
      const u32 stage_at_2 = ph::smem_address(stage_2);
      // tile<bf16>[16, 64] to shared memory from the registers that hold it: each thread its own elements
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              ((bf16*)((unsigned char*)stage_2 + (i0) * 144))[i1] = p_box.lo[0] <= i0 && i0 < p_box.hi[0] && k_lo_11 <= i1 && i1 < k_hi_11 ? ph::to_bf16(p_[pass * 4 + slot * 2 + v]) : ph::to_bf16(0.0f);
            }
          }
        }
      }
      unsigned char* ring_4 = (unsigned char*)(smem + own + 39680);  // 4 stages of tile<bf16>[64, 64] staged for ldmatrix, turns ahead
      const u32 ring_at_4 = ph::smem_address(ring_4);
      bf16* stage_now_4 = (bf16*)(ring_4 + (turn % 4) * 9216);
      const u32 stage_now_at_4 = ring_at_4 + (turn % 4) * 9216;
      bf16* stage_first1_4 = (bf16*)(ring_4 + 9216);
      const u32 stage_first1_at_4 = ring_at_4 + 9216;
      bf16* stage_first2_4 = (bf16*)(ring_4 + 18432);
      const u32 stage_first2_at_4 = ring_at_4 + 18432;
      bf16* stage_then_4 = (bf16*)(ring_4 + ((turn + 3) % 4) * 9216);
      const u32 stage_then_at_4 = ring_at_4 + ((turn + 3) % 4) * 9216;
      if (turn == 0) {  // the first turns' windows
        if (k_lo_11 <= 0 && 0 < k_hi_11 && box_24.lo[1] <= 0 && 0 < box_24.hi[1] && k_lo_11 <= 63 && 63 < k_hi_11 && box_24.lo[1] <= 63 && 63 < box_24.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * L_ + j_) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_now_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_11 <= r && r < k_hi_11 && box_24.lo[1] <= c && c < box_24.hi[1] && k_lo_11 <= r && r < k_hi_11 && box_24.lo[1] <= c + 7 && c + 7 < box_24.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_now_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_now_4 + (r) * 144))[col] = k_lo_11 <= r && r < k_hi_11 && box_24.lo[1] <= col && col < box_24.hi[1] ? V_[(z_ * L_ + j_) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
        if (j_ + 64 < hi) {
          const i64 j_next_10 = j_ + 64;
          ph::Box<2> box_25 = {{ph::max64(j_next_10, 0) - j_next_10, 0}, {ph::min64(j_next_10 + 64, L_) - j_next_10, 64}};
          if (z_ < 0 || z_ >= Z_) box_25 = {};
          box_25.normalize();
          const i64 k_lo_12 = ph::max64(p_box.lo[1], box_25.lo[0]);
          const i64 k_hi_12 = ph::min64(p_box.hi[1], box_25.hi[0]);
          if (k_lo_12 <= 0 && 0 < k_hi_12 && box_25.lo[1] <= 0 && 0 < box_25.hi[1] && k_lo_12 <= 63 && 63 < k_hi_12 && box_25.lo[1] <= 63 && 63 < box_25.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &V_[(z_ * L_ + j_next_10) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first1_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_12 <= r && r < k_hi_12 && box_25.lo[1] <= c && c < box_25.hi[1] && k_lo_12 <= r && r < k_hi_12 && box_25.lo[1] <= c + 7 && c + 7 < box_25.hi[1]) {  // copied whole, in flight
                ph::stage_async16(stage_first1_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_10) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first1_4 + (r) * 144))[col] = k_lo_12 <= r && r < k_hi_12 && box_25.lo[1] <= col && col < box_25.hi[1] ? V_[(z_ * L_ + j_next_10) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        if (j_ + 128 < hi) {
          const i64 j_next_11 = j_ + 128;
          ph::Box<2> box_26 = {{ph::max64(j_next_11, 0) - j_next_11, 0}, {ph::min64(j_next_11 + 64, L_) - j_next_11, 64}};
          if (z_ < 0 || z_ >= Z_) box_26 = {};
          box_26.normalize();
          const i64 k_lo_13 = ph::max64(p_box.lo[1], box_26.lo[0]);
          const i64 k_hi_13 = ph::min64(p_box.hi[1], box_26.hi[0]);
          if (k_lo_13 <= 0 && 0 < k_hi_13 && box_26.lo[1] <= 0 && 0 < box_26.hi[1] && k_lo_13 <= 63 && 63 < k_hi_13 && box_26.lo[1] <= 63 && 63 < box_26.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
            const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
            const bf16* chunk = &V_[(z_ * L_ + j_next_11) * 64 + (r * 64 + c)];  // the thread's first chunk
            #pragma unroll
            for (int i = 0; i < 4; ++i) {
              ph::stage_async16(stage_first2_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
            }
          } else {
            // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
            for (int e = threadIdx.x; e < 512; e += 128) {
              const int r = e / 8, c = e % 8 * 8;
              if (k_lo_13 <= r && r < k_hi_13 && box_26.lo[1] <= c && c < box_26.hi[1] && k_lo_13 <= r && r < k_hi_13 && box_26.lo[1] <= c + 7 && c + 7 < box_26.hi[1]) {  // copied whole, in flight
                ph::stage_async16(stage_first2_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_11) * 64 + (r * 64 + c)]);
              } else {
                #pragma unroll
                for (int v = 0; v < 8; ++v) {
                  const int col = c + v;
                  ((bf16*)((unsigned char*)stage_first2_4 + (r) * 144))[col] = k_lo_13 <= r && r < k_hi_13 && box_26.lo[1] <= col && col < box_26.hi[1] ? V_[(z_ * L_ + j_next_11) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
                }
              }
            }
          }
        }
        ph::stage_commit();
      }
      __syncthreads();
      if (j_ + 192 < hi) {  // a later turn's windows, while this turn's products run
        const i64 j_next_12 = j_ + 192;
        ph::Box<2> box_27 = {{ph::max64(j_next_12, 0) - j_next_12, 0}, {ph::min64(j_next_12 + 64, L_) - j_next_12, 64}};
        if (z_ < 0 || z_ >= Z_) box_27 = {};
        box_27.normalize();
        const i64 k_lo_14 = ph::max64(p_box.lo[1], box_27.lo[0]);
        const i64 k_hi_14 = ph::min64(p_box.hi[1], box_27.hi[0]);
        if (k_lo_14 <= 0 && 0 < k_hi_14 && box_27.lo[1] <= 0 && 0 < box_27.hi[1] && k_lo_14 <= 63 && 63 < k_hi_14 && box_27.lo[1] <= 63 && 63 < box_27.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
          const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
          const bf16* chunk = &V_[(z_ * L_ + j_next_12) * 64 + (r * 64 + c)];  // the thread's first chunk
          #pragma unroll
          for (int i = 0; i < 4; ++i) {
            ph::stage_async16(stage_then_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 64);
          }
        } else {
          // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
          for (int e = threadIdx.x; e < 512; e += 128) {
            const int r = e / 8, c = e % 8 * 8;
            if (k_lo_14 <= r && r < k_hi_14 && box_27.lo[1] <= c && c < box_27.hi[1] && k_lo_14 <= r && r < k_hi_14 && box_27.lo[1] <= c + 7 && c + 7 < box_27.hi[1]) {  // copied whole, in flight
              ph::stage_async16(stage_then_at_4 + (r) * 144 + (c) * 2, &V_[(z_ * L_ + j_next_12) * 64 + (r * 64 + c)]);
            } else {
              #pragma unroll
              for (int v = 0; v < 8; ++v) {
                const int col = c + v;
                ((bf16*)((unsigned char*)stage_then_4 + (r) * 144))[col] = k_lo_14 <= r && r < k_hi_14 && box_27.lo[1] <= col && col < box_27.hi[1] ? V_[(z_ * L_ + j_next_12) * 64 + (r * 64 + col)] : ph::to_bf16(0.0f);
              }
            }
          }
        }
      }
      ph::stage_wait_ahead<2>(turn);
      __syncthreads();
      {  // tile<f32>[16, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
        const int lane_5 = threadIdx.x % 32;
        #pragma unroll
        for (int blk_4 = 0; blk_4 < 1; ++blk_4) {
          const int first_4 = (threadIdx.x / 32 / 4 + blk_4 * 1) * 16;  // the block's first row
          f32 acc_5[2][4];
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 2; ++nb_4) {
            acc_5[nb_4][0] = acc_[(blk_4 * 2 + 0) * 4 + nb_4 * 2];
            acc_5[nb_4][1] = acc_[(blk_4 * 2 + 0) * 4 + nb_4 * 2 + 1];
            acc_5[nb_4][2] = acc_[(blk_4 * 2 + 1) * 4 + nb_4 * 2];
            acc_5[nb_4][3] = acc_[(blk_4 * 2 + 1) * 4 + nb_4 * 2 + 1];
          }
          #pragma unroll
          for (int ks_4 = 0; ks_4 < 4; ++ks_4) {
            u32 fa_4[4] = {};
            ph::ldmatrix4(fa_4, stage_at_2 + (first_4 + lane_5 % 16) * 144 + (ks_4 * 16 + lane_5 / 16 * 8) * 2);
            {
              u32 fq_4[2];
              ph::ldmatrix2_trans(fq_4, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + (threadIdx.x / 32 % 4 * 8) * 2);
              ph::mma_bf16(acc_5[0], fa_4, {fq_4[0], fq_4[1]});
            }
            {
              u32 fq_4[2];
              ph::ldmatrix2_trans(fq_4, stage_now_at_4 + (ks_4 * 16 + lane_5 / 8 % 2 * 8 + lane_5 % 8) * 144 + ((threadIdx.x / 32 % 4 + 4) * 8) * 2);
              ph::mma_bf16(acc_5[1], fa_4, {fq_4[0], fq_4[1]});
            }
          }
          #pragma unroll
          for (int nb_4 = 0; nb_4 < 2; ++nb_4) {
            acc_[(blk_4 * 2 + 0) * 4 + nb_4 * 2] = acc_5[nb_4][0];
            acc_[(blk_4 * 2 + 0) * 4 + nb_4 * 2 + 1] = acc_5[nb_4][1];
            acc_[(blk_4 * 2 + 1) * 4 + nb_4 * 2] = acc_5[nb_4][2];
            acc_[(blk_4 * 2 + 1) * 4 + nb_4 * 2 + 1] = acc_5[nb_4][3];
          }
        }
      }
      #else
      bf16* tmp_2 = (bf16*)(smem + 0);  // tile<bf16>[16, 64]
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!p_box.has(i0, i1)) continue;
              tmp_2[i0 * 64 + i1] = ph::to_bf16(p_[pass * 4 + slot * 2 + v]);
            }
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_28 = {{p_box.lo[0], box_24.lo[1]}, {p_box.hi[0], box_24.hi[1]}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            #pragma unroll
            for (int v = 0; v < 2; ++v) {
              const int i1 = g + v;
              if (!box_28.has(i0, i1)) continue;
              f32 acc_2 = acc_[pass * 4 + slot * 2 + v];
              for (i64 k = k_lo_11; k < k_hi_11; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(tmp_2[i0 * 64 + k])) * (f32)(ph::from_bf16(V_[(z_ * L_ + j_) * 64 + (k * 64 + i1)]))));
              acc_[pass * 4 + slot * 2 + v] = acc_2;
            }
          }
        }
      }
      #endif
      const ph::Box<2> box_29 = {{ph::max64(ph::max64(acc_box.lo[0], alpha_box.lo[0]), p_box.lo[0]), ph::max64(acc_box.lo[1], box_24.lo[1])}, {ph::min64(ph::min64(acc_box.hi[0], alpha_box.hi[0]), p_box.hi[0]), ph::min64(ph::min64(acc_box.hi[1], (alpha_box.lo[1] < alpha_box.hi[1] ? 64 : 0)), box_24.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
            if (box_29.has(i0, g) && box_29.has(i0, g + 1)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 2; ++v) {
                const int i1 = g + v;
                if (!box_29.has(i0, i1)) continue;
                acc_[pass * 4 + slot * 2 + v] = acc_[pass * 4 + slot * 2 + v];
              }
            }
          }
        }
      }
      acc_box = box_29;
      #line 609 "tests/corpus/dot.phobos"
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
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
  #line 611 "tests/corpus/dot.phobos"
  ph::Box<2> box_30 = {{acc_box.lo[0], acc_box.lo[1]}, {acc_box.hi[0], acc_box.hi[1]}};
  if (split_ < 0 || split_ >= P_ || z_ < 0 || z_ >= Z_) box_30 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + threadIdx.x / 32 % 4 * 4 + slot * 16) * 2;
        if (box_30.has(i0, g) && box_30.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = acc_[pass * 4 + slot * 2 + v];
          }
          ph::vstore(&PART_[((split_ * Z_ + z_) * 16) * 64 + (i0 * 64 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_30.has(i0, i1)) continue;
            PART_[((split_ * Z_ + z_) * 16) * 64 + (i0 * 64 + i1)] = acc_[pass * 4 + slot * 2 + v];
          }
        }
      }
    }
  }
  #line 612 "tests/corpus/dot.phobos"
  ph::Box<2> box_31 = {{m_box.lo[0], m_box.lo[1]}, {m_box.hi[0], m_box.hi[1]}};
  if (split_ < 0 || split_ >= P_ || z_ < 0 || z_ >= Z_) box_31 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      const int i1 = 0;
      if (lane == 0 && threadIdx.x / 32 % 4 == 0 && box_31.has(i0, i1)) {
        STATS_[((split_ * Z_ + z_) * 16) * 2 + (i0 * 2 + i1)] = m_[pass];
      }
    }
  }
  #line 613 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_32 = {{l_box.lo[0], l_box.lo[1]}, {l_box.hi[0], l_box.hi[1]}};
  if (split_ < 0 || split_ >= P_ || z_ < 0 || z_ >= Z_) box_32 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 16 + threadIdx.x / 4 % 8 + threadIdx.x / 128 * 16;
      const int i0 = row;
      const int i1 = 0;
      if (lane == 0 && threadIdx.x / 32 % 4 == 0 && box_32.has(i0, i1)) {
        STATS_[((split_ * Z_ + z_) * 16) * 2 + 1 + (i0 * 2 + i1)] = l_[pass];
      }
    }
  }
}
