
// kernel row_means [ROWS=4, COLS=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: OUT, X; rows 16-byte multiples apart: X
#line 7 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_row_means(f32* X_, f32* OUT_, i64 M_, i64 N_) {
  #line 10 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 4ll);
  #line 11 "tests/corpus/reductions.phobos"
  f32 total_[1];  // tile<f32>[4, 1] in registers: each thread the elements of its rows
  ph::Box<2> total_box;
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    const int i0 = row;
    const int i1 = 0;
    if (row < 4) {
      total_[0] = 0.0f;
    }
  }
  total_box = {{0, 0}, {4, 1}};
  #line 12 "tests/corpus/reductions.phobos"
  for (i64 c_ = 0ll; c_ < N_; c_ += 64) {
    if (r_ >= 0 && r_ + 4 <= M_ && c_ >= 0 && c_ + 64 <= N_ && total_box.lo[0] == 0 && total_box.hi[0] == 4 && total_box.lo[1] == 0 && total_box.hi[1] == 1) {  // every window inside its tensor, every tile whole
      #line 13 "tests/corpus/reductions.phobos"
      f32 a_[4];  // tile<f32>[4, 64] in registers: 4 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4
      ph::Box<2> a_box;
      bool whole[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs[1];
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole[0] = row < 4 && c_ % 4 == 0;
          if (whole[0]) {
            X_gs[0] = ph::vload<4>(&X_[(r_ + i0) * N_ + (c_ + g)]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 4)) continue;
          if (whole[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              a_[v] = X_g.v[v];
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              a_[v] = X_[(r_ + i0) * N_ + (c_ + i1)];
            }
          }
        }
      }
      a_box = {{0, 0}, {4, 64}};
      #line 14 "tests/corpus/reductions.phobos"
      f32 row_sum[1];  // the sum of each row this thread holds
      // sum along the last axis of tile<f32>[4, 64]: 4 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        const bool live = row < 4;  // the row exists
        const int end = live ? 64 : 0;
        f32 acc = 0.0f;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = (acc + a_[v]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (j < end) acc = (acc + a_[v]);
            }
          }
        }
        // the 16 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 8; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 16));
        if (live) {
          row_sum[0] = acc;
        }
      }
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        const int i1 = 0;
        if (row < 4) {
          total_[0] = (total_[0] + row_sum[0]);
        }
      }
      total_box = {{0, 0}, {4, 1}};
    } else {
      #line 13 "tests/corpus/reductions.phobos"
      f32 a_[4];  // tile<f32>[4, 64] in registers: 4 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4
      ph::Box<2> a_box;
      ph::Box<2> box = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 4, M_) - r_, ph::min64(c_ + 64, N_) - c_}};
      box.normalize();
      bool whole_2[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs_2[1];
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole_2[0] = row < 4 && c_ % 4 == 0 && box.has(i0, g) && box.has(i0, g + 3);
          if (whole_2[0]) {
            X_gs_2[0] = ph::vload<4>(&X_[(r_ + i0) * N_ + (c_ + g)]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 4)) continue;
          if (whole_2[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs_2[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              a_[v] = X_g.v[v];
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box.has(i0, i1)) continue;
              a_[v] = X_[(r_ + i0) * N_ + (c_ + i1)];
            }
          }
        }
      }
      a_box = box;
      #line 14 "tests/corpus/reductions.phobos"
      f32 row_sum_2[1];  // the sum of each row this thread holds
      // sum along the last axis of tile<f32>[4, 64]: 4 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        const bool live = row < 4 && a_box.lo[0] <= i0 && i0 < a_box.hi[0];  // the row exists and is present
        const int begin = (int)a_box.lo[1];
        const int end = live ? (int)a_box.hi[1] : 0;
        f32 acc = 0.0f;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (begin <= g && g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = (acc + a_[v]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc = (acc + a_[v]);
            }
          }
        }
        // the 16 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 8; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 16));
        if (live) {
          row_sum_2[0] = acc;
        }
      }
      const ph::Box<2> box_2 = {{ph::max64(total_box.lo[0], a_box.lo[0]), total_box.lo[1]}, {ph::min64(total_box.hi[0], a_box.hi[0]), total_box.hi[1]}};
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        const int i1 = 0;
        if (row < 4 && box_2.has(i0, i1)) {
          total_[0] = (total_[0] + row_sum_2[0]);
        }
      }
      total_box = box_2;
    }
  }
  #line 16 "tests/corpus/reductions.phobos"
  const f32 s = (1.0f / (f32)(N_));
  const ph::Box<2> box_3 = {{ph::max64(total_box.lo[0], -r_), total_box.lo[1]}, {ph::min64(total_box.hi[0], M_ - r_), total_box.hi[1]}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    const int i0 = row;
    const int i1 = 0;
    if (row < 4 && lane == 0 && box_3.has(i0, i1)) {
      OUT_[r_ + i0] = (total_[0] * s);
    }
  }
}
