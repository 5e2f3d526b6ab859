
// kernel wide_passes [R=3, C=512]: 256 threads a CTA, 160 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: S, X, Y; rows 16-byte multiples apart: X, Y
#line 136 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_wide_passes(f32* X, f32* Y, f32* S, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 139 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 3ll);
  #line 140 "tests/corpus/reductions.phobos"
  f32 x[8];  // tile<f32>[3, 512] in registers: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 3, M) - r, ph::min64(512, N)}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      whole[slot] = row < 3 && box.has(i0, g) && box.has(i0, g + 3);
      if (whole[slot]) {
        X_gs[slot] = ph::vload<4>(&X[(r + i0) * N + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      if (!(row < 3)) continue;
      if (whole[slot]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[slot];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x[slot * 4 + v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x[slot * 4 + v] = X[(r + i0) * N + i1];
        }
      }
    }
  }
  x_box = box;
  #line 141 "tests/corpus/reductions.phobos"
  f32 total[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
  ph::Box<2> total_box;
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3) {
      total[0] = 0.0f;
    }
  }
  total_box = {{0, 0}, {3, 1}};
  #line 142 "tests/corpus/reductions.phobos"
  for (i64 k = 0ll; k < 3ll; ++k) {
    #line 143 "tests/corpus/reductions.phobos"
    __syncthreads();
    f32 mean[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
    ph::Box<2> mean_box;
    f32 row_sum[1];  // the sum of each row this thread holds
    f32* acc_part = (f32*)(smem + own + 0);  // acc of each warp
    // sum along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      const bool live = row < 3 && x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row exists and is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)x_box.hi[1] : 0;
      f32 acc = 0.0f;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = threadIdx.x % 64 * 4 + slot * 256;
        if (begin <= g && g + 4 <= end) {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int j = g + v;
            acc = (acc + x[slot * 4 + v]);
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = (acc + x[slot * 4 + v]);
          }
        }
      }
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
      // the row's 2 warps: each leaves its value in acc_part, then every thread of the row combines them in order
      if (threadIdx.x % 32 == 0) acc_part[threadIdx.x / 32] = acc;
      __syncthreads();
      acc = acc_part[row * 2];
      for (int w = 1; w < 2; ++w) acc = (acc + acc_part[row * 2 + w]);
      if (live) {
        row_sum[0] = acc;
      }
    }
    const f32 s = (f32)(N);
    const ph::Box<2> box_ = {{x_box.lo[0], 0}, {x_box.hi[0], 1}};
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      const int i1 = 0;
      if (row < 3 && box_.has(i0, i1)) {
        mean[0] = (row_sum[0] / s);
      }
    }
    mean_box = box_;
    #line 144 "tests/corpus/reductions.phobos"
    f32 spread[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
    ph::Box<2> spread_box;
    f32 row_max[1];  // the max of each row this thread holds
    f32* acc_part_ = (f32*)(smem + own + 32);  // acc of each warp
    // max along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      const bool live = row < 3 && ph::max64(x_box.lo[0], mean_box.lo[0]) <= i0 && i0 < ph::min64(x_box.hi[0], mean_box.hi[0]);  // the row exists and is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 512 : 0))) : 0;
      f32 acc = -__int_as_float(0x7f800000);
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = threadIdx.x % 64 * 4 + slot * 256;
        if (begin <= g && g + 4 <= end) {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int j = g + v;
            acc = fmaxf(acc, (x[slot * 4 + v] - mean[0]));
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = fmaxf(acc, (x[slot * 4 + v] - mean[0]));
          }
        }
      }
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
      // the row's 2 warps: each leaves its value in acc_part_, then every thread of the row combines them in order
      if (threadIdx.x % 32 == 0) acc_part_[threadIdx.x / 32] = acc;
      __syncthreads();
      acc = acc_part_[row * 2];
      for (int w = 1; w < 2; ++w) acc = fmaxf(acc, acc_part_[row * 2 + w]);
      if (live) {
        row_max[0] = acc;
      }
    }
    const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], mean_box.lo[0]), 0}, {ph::min64(x_box.hi[0], mean_box.hi[0]), 1}};
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      const int i1 = 0;
      if (row < 3 && box_2.has(i0, i1)) {
        spread[0] = row_max[0];
      }
    }
    spread_box = box_2;
    #line 145 "tests/corpus/reductions.phobos"
    const ph::Box<2> box_3 = {{ph::max64(ph::max64(x_box.lo[0], mean_box.lo[0]), spread_box.lo[0]), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], mean_box.hi[0]), spread_box.hi[0]), ph::min64(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 512 : 0)), (spread_box.lo[1] < spread_box.hi[1] ? 512 : 0))}};
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = threadIdx.x % 64 * 4 + slot * 256;
        if (!(row < 3)) continue;
        if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            x[slot * 4 + v] = ((x[slot * 4 + v] - mean[0]) / (spread[0] + 1.0f));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            x[slot * 4 + v] = ((x[slot * 4 + v] - mean[0]) / (spread[0] + 1.0f));
          }
        }
      }
    }
    x_box = box_3;
    #line 146 "tests/corpus/reductions.phobos"
    const ph::Box<2> box_4 = {{ph::max64(total_box.lo[0], spread_box.lo[0]), ph::max64(total_box.lo[1], spread_box.lo[1])}, {ph::min64(total_box.hi[0], spread_box.hi[0]), ph::min64(total_box.hi[1], spread_box.hi[1])}};
    {
      const int lane = threadIdx.x % 64;  // the thread's place in its row's group
      const int row = threadIdx.x / 64;
      const int i0 = row;
      const int i1 = 0;
      if (row < 3 && box_4.has(i0, i1)) {
        total[0] = (total[0] + spread[0]);
      }
    }
    total_box = box_4;
  }
  #line 148 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_5 = {{ph::max64(x_box.lo[0], -r), x_box.lo[1]}, {ph::min64(x_box.hi[0], M - r), ph::min64(x_box.hi[1], N)}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      if (!(row < 3)) continue;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = x[slot * 4 + v];
        }
        ph::vstore(&Y[(r + i0) * N + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          Y[(r + i0) * N + i1] = x[slot * 4 + v];
        }
      }
    }
  }
  #line 149 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_6 = {{ph::max64(total_box.lo[0], -r), total_box.lo[1]}, {ph::min64(total_box.hi[0], M - r), total_box.hi[1]}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3 && lane == 0 && box_6.has(i0, i1)) {
      S[r * 2 + (i0 * 2 + i1)] = total[0];
    }
  }
  #line 150 "tests/corpus/reductions.phobos"
  __syncthreads();
  f32 row_max_[1], row_sum_[1];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  f32* peak_part = (f32*)(smem + own + 64);  // peak of each warp
  f32* total__part = (f32*)(smem + own + 96);  // total_ of each warp
  // softmax's row statistics of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const bool live = row < 3 && x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row exists and is present
    const int begin = (int)x_box.lo[1];
    const int end = live ? (int)x_box.hi[1] : 0;
    f32 peak = -__int_as_float(0x7f800000);
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(x[slot * 4 + v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) peak = fmaxf(peak, (f32)(x[slot * 4 + v]));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
    // the row's 2 warps: each leaves its value in peak_part, then every thread of the row combines them in order
    if (threadIdx.x % 32 == 0) peak_part[threadIdx.x / 32] = peak;
    __syncthreads();
    peak = peak_part[row * 2];
    for (int w = 1; w < 2; ++w) peak = fmaxf(peak, peak_part[row * 2 + w]);
    f32 total_ = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          total_ = (total_ + (x[slot * 4 + v] = expf((f32)(x[slot * 4 + v]) - peak)));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) total_ = (total_ + (x[slot * 4 + v] = expf((f32)(x[slot * 4 + v]) - peak)));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) total_ = (total_ + ph::shfl_xor(total_, m, 32));
    // the row's 2 warps: each leaves its value in total__part, then every thread of the row combines them in order
    if (threadIdx.x % 32 == 0) total__part[threadIdx.x / 32] = total_;
    __syncthreads();
    total_ = total__part[row * 2];
    for (int w = 1; w < 2; ++w) total_ = (total_ + total__part[row * 2 + w]);
    if (live) {
      row_max_[0] = peak;
      row_sum_[0] = total_;
    }
  }
  f32 row_sum_2[1];  // the sum of each row this thread holds
  f32* acc_part_2 = (f32*)(smem + own + 128);  // acc of each warp
  // sum along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const bool live = row < 3 && x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row exists and is present
    const int begin = (int)x_box.lo[1];
    const int end = live ? (int)x_box.hi[1] : 0;
    f32 acc = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = threadIdx.x % 64 * 4 + slot * 256;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = (acc + (x[slot * 4 + v] / row_sum_[0]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = (acc + (x[slot * 4 + v] / row_sum_[0]));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
    // the row's 2 warps: each leaves its value in acc_part_2, then every thread of the row combines them in order
    if (threadIdx.x % 32 == 0) acc_part_2[threadIdx.x / 32] = acc;
    __syncthreads();
    acc = acc_part_2[row * 2];
    for (int w = 1; w < 2; ++w) acc = (acc + acc_part_2[row * 2 + w]);
    if (live) {
      row_sum_2[0] = acc;
    }
  }
  const ph::Box<2> box_7 = {{ph::max64(x_box.lo[0], -r), 0}, {ph::min64(x_box.hi[0], M - r), 1}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3 && lane == 0 && box_7.has(i0, i1)) {
      S[r * 2 + 1 + (i0 * 2 + i1)] = row_sum_2[0];
    }
  }
}
