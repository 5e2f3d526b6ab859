
// kernel beyond_edge: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: I, S, X; rows 16-byte multiples apart: S, X
#line 82 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_beyond_edge(f32* X_, f32* S_, i32* I_, i64 M_, i64 N_) {
  #line 83 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 84 "tests/corpus/reductions.phobos"
  const i64 x_start0_ = r_;
  #line 84 "tests/corpus/reductions.phobos"
  const i64 x_start1_ = N_;
  #line 85 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 8, N_) - x_start1_}};
  box.normalize();
  f32 row_sum[1];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8 && box.lo[0] <= i0 && i0 < box.hi[0];  // the row exists and is present
    const int begin = (int)box.lo[1];
    const int end = live ? (int)box.hi[1] : 0;
    f32 acc = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = (acc + X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = (acc + X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 2));
    if (live) {
      row_sum[0] = acc;
    }
  }
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), 0}, {ph::min64(box.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const int i1 = 0;
    if (row < 8 && lane == 0 && box_2.has(i0, i1)) {
      S_[r_ * 4 + (i0 * 4 + i1)] = row_sum[0];
    }
  }
  #line 86 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_3 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 8, N_) - x_start1_}};
  box_3.normalize();
  f32 row_max[1];  // the max of each row this thread holds
  // max along the last axis of tile<f32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8 && box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row exists and is present
    const int begin = (int)box_3.lo[1];
    const int end = live ? (int)box_3.hi[1] : 0;
    f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = fmaxf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = fmaxf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 2));
    if (live) {
      row_max[0] = acc;
    }
  }
  const ph::Box<2> box_4 = {{ph::max64(box_3.lo[0], -r_), 0}, {ph::min64(box_3.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const int i1 = 0;
    if (row < 8 && lane == 0 && box_4.has(i0, i1)) {
      S_[r_ * 4 + 1 + (i0 * 4 + i1)] = row_max[0];
    }
  }
  #line 87 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_5 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 8, N_) - x_start1_}};
  box_5.normalize();
  f32 row_min[1];  // the min of each row this thread holds
  // min along the last axis of tile<f32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8 && box_5.lo[0] <= i0 && i0 < box_5.hi[0];  // the row exists and is present
    const int begin = (int)box_5.lo[1];
    const int end = live ? (int)box_5.hi[1] : 0;
    f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = fminf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = fminf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 2));
    if (live) {
      row_min[0] = acc;
    }
  }
  const ph::Box<2> box_6 = {{ph::max64(box_5.lo[0], -r_), 0}, {ph::min64(box_5.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const int i1 = 0;
    if (row < 8 && lane == 0 && box_6.has(i0, i1)) {
      S_[r_ * 4 + 2 + (i0 * 4 + i1)] = row_min[0];
    }
  }
  #line 88 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_7 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 8, N_) - x_start1_}};
  box_7.normalize();
  f32 sum = 0.0f;
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 8 && x_start1_ % 4 == 0 && box_7.has(i0, g) && box_7.has(i0, g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          sum = (sum + X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_7.has(i0, i1)) continue;
          sum = (sum + X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)]);
        }
      }
    }
  }
  sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
  const f32 s = (sum + 1.0f);
  const ph::Box<2> box_8 = {{ph::max64(0, -r_), 0}, {ph::min64(8, M_ - r_), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_8.has(i0, i1)) continue;
    S_[r_ * 4 + 3 + (i0 * 4 + i1)] = s;
  }
  #line 89 "tests/corpus/reductions.phobos"
  i32 k_[4];  // tile<i32>[8, 8] in registers: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4
  ph::Box<2> k_box;
  ph::Box<2> box_9 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 8, N_) - x_start1_}};
  box_9.normalize();
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs_2[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_2[0] = row < 8 && x_start1_ % 4 == 0 && box_9.has(i0, g) && box_9.has(i0, g + 3);
      if (whole_2[0]) {
        X_gs_2[0] = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          k_[v] = ph::to_i32((f64)(X_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_9.has(i0, i1)) continue;
          k_[v] = ph::to_i32((f64)(X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)]));
        }
      }
    }
  }
  k_box = box_9;
  #line 90 "tests/corpus/reductions.phobos"
  i32 row_max_2[1];  // the max of each row this thread holds
  // max along the last axis of tile<i32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8 && k_box.lo[0] <= i0 && i0 < k_box.hi[0];  // the row exists and is present
    const int begin = (int)k_box.lo[1];
    const int end = live ? (int)k_box.hi[1] : 0;
    i32 acc = (-0x7fffffff - 1);
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = ph::imax(acc, k_[v]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = ph::imax(acc, k_[v]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = ph::imax(acc, ph::shfl_xor(acc, m, 2));
    if (live) {
      row_max_2[0] = acc;
    }
  }
  const ph::Box<2> box_10 = {{ph::max64(k_box.lo[0], -r_), 0}, {ph::min64(k_box.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const int i1 = 0;
    if (row < 8 && lane == 0 && box_10.has(i0, i1)) {
      I_[r_ * 2 + (i0 * 2 + i1)] = row_max_2[0];
    }
  }
  #line 91 "tests/corpus/reductions.phobos"
  __syncthreads();
  i32 row_min_2[1];  // the min of each row this thread holds
  // min along the last axis of tile<i32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8 && k_box.lo[0] <= i0 && i0 < k_box.hi[0];  // the row exists and is present
    const int begin = (int)k_box.lo[1];
    const int end = live ? (int)k_box.hi[1] : 0;
    i32 acc = 2147483647;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = ph::imin(acc, k_[v]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = ph::imin(acc, k_[v]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = ph::imin(acc, ph::shfl_xor(acc, m, 2));
    if (live) {
      row_min_2[0] = acc;
    }
  }
  const ph::Box<2> box_11 = {{ph::max64(k_box.lo[0], -r_), 0}, {ph::min64(k_box.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const int i1 = 0;
    if (row < 8 && lane == 0 && box_11.has(i0, i1)) {
      I_[r_ * 2 + 1 + (i0 * 2 + i1)] = row_min_2[0];
    }
  }
}
