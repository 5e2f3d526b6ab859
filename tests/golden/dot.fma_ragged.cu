
// kernel fma_ragged: 64 threads a CTA, 3328 bytes of shared memory
// for launches where multiples of 4: K, M; 16-byte aligned: A, B, C; rows 16-byte multiples apart: A, B, C
#line 297 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_fma_ragged(f32* A_, f32* B_, f32* C_, i64 M_, i64 K_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 1536;  // where the statements' own shared memory starts
  #line 299 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 300 "tests/corpus/dot.phobos"
  f32 acc_[16];  // tile<f32>[32, 24] in registers: 32 rows of 24, a group of 4 threads per row, each lane holding 2 groups of 4 in each of 2 passes
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 4;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + slot * 4) * 4;
        if (!(g < 24)) continue;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[pass * 8 + slot * 4 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {32, 24}};
  #line 301 "tests/corpus/dot.phobos"
  int turn = 0;  // the loop's turns, for its products' operands copied ahead
  for (i64 k_ = 0ll; k_ < K_; k_ += 8) {
    const i64 at = ph::wadd(k_, 8ll);
    const i64 at_2 = ph::wadd(k_, 8ll);
    if (m0_ >= 0 && m0_ + 32 <= M_ && k_ >= 0 && k_ + 8 <= K_ && at >= 0 && at + 8 <= K_ && at_2 >= 0 && at_2 + 8 <= K_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 32 && acc_box.lo[1] == 0 && acc_box.hi[1] == 24) {  // every window inside its tensor, every tile whole
      #line 302 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* stage = (f32*)(smem + 0);  // tile<f32>[32, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at = ph::smem_address(stage);
      if (k_ % 4 == 0 && 0 <= 0 && 0 < 32 && 0 <= 0 && 0 < 8 && 0 <= 31 && 31 < 32 && 0 <= 7 && 7 < 8) {  // tile<f32>[32, 8] inside its tensor: copied whole, in flight
        const int r = threadIdx.x / 2, c = threadIdx.x % 2 * 4;
        const f32* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
        #pragma unroll
        for (int i = 0; i < 1; ++i) {
          ph::stage_async16(stage_at + ((r + i * 32)) * 48 + (c) * 4, chunk + i * 32 * 1 * K_);
        }
      } else {
        // tile<f32>[32, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 64) {
          const int r = e / 2, c = e % 2 * 4;
          if (k_ % 4 == 0 && 0 <= r && r < 32 && 0 <= c && c < 8 && 0 <= r && r < 32 && 0 <= c + 3 && c + 3 < 8) {  // copied whole, in flight
            ph::stage_async16(stage_at + (r) * 48 + (c) * 4, &A_[(m0_ + r) * K_ + (k_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage + (r) * 48))[col] = 0 <= r && r < 32 && 0 <= col && col < 8 ? A_[(m0_ + r) * K_ + (k_ + col)] : 0.0f;
            }
          }
        }
      }
      unsigned char* ring = (unsigned char*)(smem + own + 0);  // 2 stages of tile<f32>[8, 24] staged for multiply-adds, turns ahead
      const u32 ring_at = ph::smem_address(ring);
      f32* stage_now = (f32*)(ring + (turn % 2) * 896);
      const u32 stage_now_at = ring_at + (turn % 2) * 896;
      f32* stage_then = (f32*)(ring + ((turn + 1) % 2) * 896);
      const u32 stage_then_at = ring_at + ((turn + 1) % 2) * 896;
      if (turn == 0) {  // the first turns' windows
        // tile<f32>[8, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 48; e += 64) {
          const int r = e / 6, c = e % 6 * 4;
          if (0 <= r && r < 8 && 0 <= c && c < 24 && 0 <= r && r < 8 && 0 <= c + 3 && c + 3 < 24) {  // copied whole, in flight
            ph::stage_async16(stage_now_at + (r) * 112 + (c) * 4, &B_[k_ * 24 + (r * 24 + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage_now + (r) * 112))[col] = 0 <= r && r < 8 && 0 <= col && col < 24 ? B_[k_ * 24 + (r * 24 + col)] : 0.0f;
            }
          }
        }
      }
      ph::stage_commit();  // this turn's own copies
      __syncthreads();
      if (k_ + 8 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next = k_ + 8;
        ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next, 0) - k_next}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_next + 8, K_) - k_next}};
        box.normalize();
        ph::Box<2> box_2 = {{ph::max64(k_next, 0) - k_next, 0}, {ph::min64(k_next + 8, K_) - k_next, 24}};
        box_2.normalize();
        const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
        const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
        // tile<f32>[8, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 48; e += 64) {
          const int r = e / 6, c = e % 6 * 4;
          if (k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 3 && c + 3 < box_2.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at + (r) * 112 + (c) * 4, &B_[k_next * 24 + (r * 24 + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage_then + (r) * 112))[col] = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[k_next * 24 + (r * 24 + col)] : 0.0f;
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[32, 24] = dot by multiply-adds: each thread its 2 rows of 8 columns (the row layout's), k outermost, from the stages
        const int row0 = threadIdx.x / 4, col0 = threadIdx.x % 4 * 4;
        #pragma unroll 8
        for (int k = 0; k < 8; ++k) {
          const f32 a = ((f32*)((unsigned char*)stage + (row0) * 48))[k];
          const f32 a_2 = ((f32*)((unsigned char*)stage + (row0 + 16) * 48))[k];
          const ph::Vec<f32, 4> b = ph::vload<4>(&((f32*)((unsigned char*)stage_now + (k) * 112))[min(col0, 20)]);
          const ph::Vec<f32, 4> b_2 = ph::vload<4>(&((f32*)((unsigned char*)stage_now + (k) * 112))[min(col0 + 16, 20)]);
          acc_[0] = fmaf(a, b.v[0], acc_[0]);
          acc_[1] = fmaf(a, b.v[1], acc_[1]);
          acc_[2] = fmaf(a, b.v[2], acc_[2]);
          acc_[3] = fmaf(a, b.v[3], acc_[3]);
          acc_[4] = fmaf(a, b_2.v[0], acc_[4]);
          acc_[5] = fmaf(a, b_2.v[1], acc_[5]);
          acc_[6] = fmaf(a, b_2.v[2], acc_[6]);
          acc_[7] = fmaf(a, b_2.v[3], acc_[7]);
          acc_[8] = fmaf(a_2, b.v[0], acc_[8]);
          acc_[9] = fmaf(a_2, b.v[1], acc_[9]);
          acc_[10] = fmaf(a_2, b.v[2], acc_[10]);
          acc_[11] = fmaf(a_2, b.v[3], acc_[11]);
          acc_[12] = fmaf(a_2, b_2.v[0], acc_[12]);
          acc_[13] = fmaf(a_2, b_2.v[1], acc_[13]);
          acc_[14] = fmaf(a_2, b_2.v[2], acc_[14]);
          acc_[15] = fmaf(a_2, b_2.v[3], acc_[15]);
        }
      }
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 16 + threadIdx.x / 4;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + slot * 4) * 4;
            if (!(g < 24)) continue;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {32, 24}};
      #line 303 "tests/corpus/dot.phobos"
      __syncthreads();
      const i64 start = ph::wadd(k_, 8ll);
      const i64 start_2 = ph::wadd(k_, 8ll);
      const i64 start_3 = ph::wadd(k_, 8ll);
      for (int e = threadIdx.x; e < 256; e += 64) {
        const int i0 = e / 8;
        const int i1 = e % 8;
        A_[(m0_ + i0) * K_ + (start_3 + i1)] = (A_[(m0_ + i0) * K_ + (start_2 + i1)] * 2.0f);
      }
    } else {
      #line 302 "tests/corpus/dot.phobos"
      __syncthreads();
      ph::Box<2> box_3 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_ + 8, K_) - k_}};
      box_3.normalize();
      ph::Box<2> box_4 = {{ph::max64(k_, 0) - k_, 0}, {ph::min64(k_ + 8, K_) - k_, 24}};
      box_4.normalize();
      const i64 k_lo_2 = ph::max64(box_3.lo[1], box_4.lo[0]);
      const i64 k_hi_2 = ph::min64(box_3.hi[1], box_4.hi[0]);
      f32* stage_2 = (f32*)(smem + 0);  // tile<f32>[32, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at_2 = ph::smem_address(stage_2);
      if (k_ % 4 == 0 && box_3.lo[0] <= 0 && 0 < box_3.hi[0] && k_lo_2 <= 0 && 0 < k_hi_2 && box_3.lo[0] <= 31 && 31 < box_3.hi[0] && k_lo_2 <= 7 && 7 < k_hi_2) {  // tile<f32>[32, 8] inside its tensor: copied whole, in flight
        const int r = threadIdx.x / 2, c = threadIdx.x % 2 * 4;
        const f32* chunk = &A_[(m0_ + r) * K_ + (k_ + c)];  // the thread's first chunk
        #pragma unroll
        for (int i = 0; i < 1; ++i) {
          ph::stage_async16(stage_at_2 + ((r + i * 32)) * 48 + (c) * 4, chunk + i * 32 * 1 * K_);
        }
      } else {
        // tile<f32>[32, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 64; e += 64) {
          const int r = e / 2, c = e % 2 * 4;
          if (k_ % 4 == 0 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= c + 3 && c + 3 < k_hi_2) {  // copied whole, in flight
            ph::stage_async16(stage_at_2 + (r) * 48 + (c) * 4, &A_[(m0_ + r) * K_ + (k_ + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage_2 + (r) * 48))[col] = box_3.lo[0] <= r && r < box_3.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[(m0_ + r) * K_ + (k_ + col)] : 0.0f;
            }
          }
        }
      }
      unsigned char* ring_2 = (unsigned char*)(smem + own + 0);  // 2 stages of tile<f32>[8, 24] staged for multiply-adds, turns ahead
      const u32 ring_at_2 = ph::smem_address(ring_2);
      f32* stage_now_2 = (f32*)(ring_2 + (turn % 2) * 896);
      const u32 stage_now_at_2 = ring_at_2 + (turn % 2) * 896;
      f32* stage_then_2 = (f32*)(ring_2 + ((turn + 1) % 2) * 896);
      const u32 stage_then_at_2 = ring_at_2 + ((turn + 1) % 2) * 896;
      if (turn == 0) {  // the first turns' windows
        // tile<f32>[8, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 48; e += 64) {
          const int r = e / 6, c = e % 6 * 4;
          if (k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c && c < box_4.hi[1] && k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= c + 3 && c + 3 < box_4.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_now_at_2 + (r) * 112 + (c) * 4, &B_[k_ * 24 + (r * 24 + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage_now_2 + (r) * 112))[col] = k_lo_2 <= r && r < k_hi_2 && box_4.lo[1] <= col && col < box_4.hi[1] ? B_[k_ * 24 + (r * 24 + col)] : 0.0f;
            }
          }
        }
      }
      ph::stage_commit();  // this turn's own copies
      __syncthreads();
      if (k_ + 8 < K_) {  // a later turn's windows, while this turn's products run
        const i64 k_next_2 = k_ + 8;
        ph::Box<2> box_5 = {{ph::max64(m0_, 0) - m0_, ph::max64(k_next_2, 0) - k_next_2}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_next_2 + 8, K_) - k_next_2}};
        box_5.normalize();
        ph::Box<2> box_6 = {{ph::max64(k_next_2, 0) - k_next_2, 0}, {ph::min64(k_next_2 + 8, K_) - k_next_2, 24}};
        box_6.normalize();
        const i64 k_lo_3 = ph::max64(box_5.lo[1], box_6.lo[0]);
        const i64 k_hi_3 = ph::min64(box_5.hi[1], box_6.hi[0]);
        // tile<f32>[8, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
        for (int e = threadIdx.x; e < 48; e += 64) {
          const int r = e / 6, c = e % 6 * 4;
          if (k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c && c < box_6.hi[1] && k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= c + 3 && c + 3 < box_6.hi[1]) {  // copied whole, in flight
            ph::stage_async16(stage_then_at_2 + (r) * 112 + (c) * 4, &B_[k_next_2 * 24 + (r * 24 + c)]);
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int col = c + v;
              ((f32*)((unsigned char*)stage_then_2 + (r) * 112))[col] = k_lo_3 <= r && r < k_hi_3 && box_6.lo[1] <= col && col < box_6.hi[1] ? B_[k_next_2 * 24 + (r * 24 + col)] : 0.0f;
            }
          }
        }
      }
      ph::stage_wait_ahead<0>(turn);
      __syncthreads();
      {  // tile<f32>[32, 24] = dot by multiply-adds: each thread its 2 rows of 8 columns (the row layout's), k outermost, from the stages
        const int row0_2 = threadIdx.x / 4, col0_2 = threadIdx.x % 4 * 4;
        #pragma unroll 8
        for (int k_2 = 0; k_2 < 8; ++k_2) {
          const f32 a_3 = ((f32*)((unsigned char*)stage_2 + (row0_2) * 48))[k_2];
          const f32 a_4 = ((f32*)((unsigned char*)stage_2 + (row0_2 + 16) * 48))[k_2];
          const ph::Vec<f32, 4> b_3 = ph::vload<4>(&((f32*)((unsigned char*)stage_now_2 + (k_2) * 112))[min(col0_2, 20)]);
          const ph::Vec<f32, 4> b_4 = ph::vload<4>(&((f32*)((unsigned char*)stage_now_2 + (k_2) * 112))[min(col0_2 + 16, 20)]);
          acc_[0] = fmaf(a_3, b_3.v[0], acc_[0]);
          acc_[1] = fmaf(a_3, b_3.v[1], acc_[1]);
          acc_[2] = fmaf(a_3, b_3.v[2], acc_[2]);
          acc_[3] = fmaf(a_3, b_3.v[3], acc_[3]);
          acc_[4] = fmaf(a_3, b_4.v[0], acc_[4]);
          acc_[5] = fmaf(a_3, b_4.v[1], acc_[5]);
          acc_[6] = fmaf(a_3, b_4.v[2], acc_[6]);
          acc_[7] = fmaf(a_3, b_4.v[3], acc_[7]);
          acc_[8] = fmaf(a_4, b_3.v[0], acc_[8]);
          acc_[9] = fmaf(a_4, b_3.v[1], acc_[9]);
          acc_[10] = fmaf(a_4, b_3.v[2], acc_[10]);
          acc_[11] = fmaf(a_4, b_3.v[3], acc_[11]);
          acc_[12] = fmaf(a_4, b_4.v[0], acc_[12]);
          acc_[13] = fmaf(a_4, b_4.v[1], acc_[13]);
          acc_[14] = fmaf(a_4, b_4.v[2], acc_[14]);
          acc_[15] = fmaf(a_4, b_4.v[3], acc_[15]);
        }
      }
      const ph::Box<2> box_7 = {{ph::max64(acc_box.lo[0], box_3.lo[0]), ph::max64(acc_box.lo[1], box_4.lo[1])}, {ph::min64(acc_box.hi[0], box_3.hi[0]), ph::min64(acc_box.hi[1], box_4.hi[1])}};
      {
        const int lane = threadIdx.x % 4;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 16 + threadIdx.x / 4;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 2; ++slot) {
            const int g = (lane + slot * 4) * 4;
            if (!(g < 24)) continue;
            if (box_7.has(i0, g) && box_7.has(i0, g + 3)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                const int i1 = g + v;
                if (!box_7.has(i0, i1)) continue;
                acc_[pass * 8 + slot * 4 + v] = acc_[pass * 8 + slot * 4 + v];
              }
            }
          }
        }
      }
      acc_box = box_7;
      #line 303 "tests/corpus/dot.phobos"
      __syncthreads();
      const i64 start_4 = ph::wadd(k_, 8ll);
      ph::Box<2> box_8 = {{ph::max64(m0_, 0) - m0_, ph::max64(start_4, 0) - start_4}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(start_4 + 8, K_) - start_4}};
      box_8.normalize();
      const i64 start_5 = ph::wadd(k_, 8ll);
      const i64 start_6 = ph::wadd(k_, 8ll);
      const i64 start_7 = ph::wadd(k_, 8ll);
      const ph::Box<2> box_9 = {{ph::max64(box_8.lo[0], -m0_), ph::max64(box_8.lo[1], -start_7)}, {ph::min64(box_8.hi[0], M_ - m0_), ph::min64(box_8.hi[1], K_ - start_7)}};
      if (start_7 % 4 == 0 && start_6 % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 64; e += 64) {
          const int i0 = e / 2;
          const int g = (e % 2) * 4;
          if (box_9.has(i0, g) && box_9.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (start_6 + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (A_g.v[v] * 2.0f);
            }
            ph::vstore(&A_[(m0_ + i0) * K_ + (start_7 + g)], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_9.has(i0, i1)) continue;
              A_[(m0_ + i0) * K_ + (start_7 + i1)] = (A_[(m0_ + i0) * K_ + (start_6 + i1)] * 2.0f);
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 256; e += 64) {
          const int i0 = e / 8;
          const int i1 = e % 8;
          if (!box_9.has(i0, i1)) continue;
          A_[(m0_ + i0) * K_ + (start_7 + i1)] = (A_[(m0_ + i0) * K_ + (start_6 + i1)] * 2.0f);
        }
      }
    }
    ph::stage_commit();  // the turn's copies ahead, one group
    ++turn;
  }
  #line 305 "tests/corpus/dot.phobos"
  const ph::Box<2> box_10 = {{ph::max64(acc_box.lo[0], -m0_), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M_ - m0_), acc_box.hi[1]}};
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 4;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane + slot * 4) * 4;
        if (!(g < 24)) continue;
        if (box_10.has(i0, g) && box_10.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = acc_[pass * 8 + slot * 4 + v];
          }
          ph::vstore(&C_[m0_ * 24 + (i0 * 24 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_10.has(i0, i1)) continue;
            C_[m0_ * 24 + (i0 * 24 + i1)] = acc_[pass * 8 + slot * 4 + v];
          }
        }
      }
    }
  }
}
