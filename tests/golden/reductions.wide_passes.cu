
// kernel wide_passes [R=3, C=512]: 256 threads a CTA, 160 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: S, X, Y; rows 16-byte multiples apart: X, Y
#line 136 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_wide_passes(f32* X_, f32* Y_, f32* S_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  constexpr int own = 0;  // where the statements' own shared memory starts
  #line 139 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 3ll);
  #line 140 "tests/corpus/reductions.phobos"
  f32 x_[8];  // tile<f32>[3, 512] in registers: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 3, M_) - r_, ph::min64(512, N_)}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 64) * 4;
      whole[slot] = row < 3 && box.has(i0, g) && box.has(i0, g + 3);
      if (whole[slot]) {
        X_gs[slot] = ph::vload<4>(&X_[(r_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 64) * 4;
      if (!(row < 3)) continue;
      if (whole[slot]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[slot];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x_[slot * 4 + v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x_[slot * 4 + v] = X_[(r_ + i0) * N_ + i1];
        }
      }
    }
  }
  x_box = box;
  #line 141 "tests/corpus/reductions.phobos"
  f32 total_[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
  ph::Box<2> total_box;
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3) {
      total_[0] = 0.0f;
    }
  }
  total_box = {{0, 0}, {3, 1}};
  #line 142 "tests/corpus/reductions.phobos"
  for (i64 k_ = 0ll; k_ < 3ll; ++k_) {
    if (x_box.lo[0] == 0 && x_box.hi[0] == 3 && x_box.lo[1] == 0 && x_box.hi[1] == 512 && total_box.lo[0] == 0 && total_box.hi[0] == 3 && total_box.lo[1] == 0 && total_box.hi[1] == 1) {  // every window inside its tensor, every tile whole
      #line 143 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32 mean_[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
      ph::Box<2> mean_box;
      f32 row_sum[1];  // the sum of each row this thread holds
      f32* acc_part = (f32*)(smem + own + 0);  // acc of each warp
      // sum along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const bool live = row < 3;  // the row exists
        const int end = live ? 512 : 0;
        f32 acc = 0.0f;
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + slot * 64) * 4;
          if (g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = (acc + x_[slot * 4 + v]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (j < end) acc = (acc + x_[slot * 4 + v]);
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
      const f32 s = (f32)(N_);
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3) {
          mean_[0] = (row_sum[0] / s);
        }
      }
      mean_box = {{0, 0}, {3, 1}};
      #line 144 "tests/corpus/reductions.phobos"
      f32 spread_[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
      ph::Box<2> spread_box;
      f32 row_max[1];  // the max of each row this thread holds
      f32* acc_part_2 = (f32*)(smem + own + 32);  // acc of each warp
      // max along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const bool live = row < 3;  // the row exists
        const int end = live ? 512 : 0;
        f32 acc = (0 < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + slot * 64) * 4;
          if (g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = fmaxf(acc, (x_[slot * 4 + v] - mean_[0]));
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (j < end) acc = fmaxf(acc, (x_[slot * 4 + v] - mean_[0]));
            }
          }
        }
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
        // the row's 2 warps: each leaves its value in acc_part_2, then every thread of the row combines them in order
        if (threadIdx.x % 32 == 0) acc_part_2[threadIdx.x / 32] = acc;
        __syncthreads();
        acc = acc_part_2[row * 2];
        for (int w = 1; w < 2; ++w) acc = fmaxf(acc, acc_part_2[row * 2 + w]);
        if (live) {
          row_max[0] = acc;
        }
      }
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3) {
          spread_[0] = row_max[0];
        }
      }
      spread_box = {{0, 0}, {3, 1}};
      #line 145 "tests/corpus/reductions.phobos"
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + slot * 64) * 4;
          if (!(row < 3)) continue;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            x_[slot * 4 + v] = ((x_[slot * 4 + v] - mean_[0]) / (spread_[0] + 1.0f));
          }
        }
      }
      x_box = {{0, 0}, {3, 512}};
      #line 146 "tests/corpus/reductions.phobos"
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3) {
          total_[0] = (total_[0] + spread_[0]);
        }
      }
      total_box = {{0, 0}, {3, 1}};
    } else {
      #line 143 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32 mean_[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
      ph::Box<2> mean_box;
      f32 row_sum_2[1];  // the sum of each row this thread holds
      f32* acc_part_3 = (f32*)(smem + own + 0);  // acc of each warp
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
          const int g = (lane + slot * 64) * 4;
          if (begin <= g && g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = (acc + x_[slot * 4 + v]);
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc = (acc + x_[slot * 4 + v]);
            }
          }
        }
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
        // the row's 2 warps: each leaves its value in acc_part_3, then every thread of the row combines them in order
        if (threadIdx.x % 32 == 0) acc_part_3[threadIdx.x / 32] = acc;
        __syncthreads();
        acc = acc_part_3[row * 2];
        for (int w = 1; w < 2; ++w) acc = (acc + acc_part_3[row * 2 + w]);
        if (live) {
          row_sum_2[0] = acc;
        }
      }
      const f32 s_2 = (f32)(N_);
      const ph::Box<2> box_2 = {{x_box.lo[0], 0}, {x_box.hi[0], 1}};
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3 && box_2.has(i0, i1)) {
          mean_[0] = (row_sum_2[0] / s_2);
        }
      }
      mean_box = box_2;
      #line 144 "tests/corpus/reductions.phobos"
      f32 spread_[1];  // tile<f32>[3, 1] in registers: each thread the elements of its rows
      ph::Box<2> spread_box;
      f32 row_max_2[1];  // the max of each row this thread holds
      f32* acc_part_4 = (f32*)(smem + own + 32);  // acc of each warp
      // max along the last axis of tile<f32>[3, 512]: 3 rows of 512, a group of 64 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group and one shared step its warps
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const bool live = row < 3 && ph::max64(x_box.lo[0], mean_box.lo[0]) <= i0 && i0 < ph::min64(x_box.hi[0], mean_box.hi[0]);  // the row exists and is present
        const int begin = (int)x_box.lo[1];
        const int end = live ? (int)(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 512 : 0))) : 0;
        f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + slot * 64) * 4;
          if (begin <= g && g + 4 <= end) {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              acc = fmaxf(acc, (x_[slot * 4 + v] - mean_[0]));
            }
          } else {
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int j = g + v;
              if (begin <= j && j < end) acc = fmaxf(acc, (x_[slot * 4 + v] - mean_[0]));
            }
          }
        }
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
        // the row's 2 warps: each leaves its value in acc_part_4, then every thread of the row combines them in order
        if (threadIdx.x % 32 == 0) acc_part_4[threadIdx.x / 32] = acc;
        __syncthreads();
        acc = acc_part_4[row * 2];
        for (int w = 1; w < 2; ++w) acc = fmaxf(acc, acc_part_4[row * 2 + w]);
        if (live) {
          row_max_2[0] = acc;
        }
      }
      const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], mean_box.lo[0]), 0}, {ph::min64(x_box.hi[0], mean_box.hi[0]), 1}};
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3 && box_3.has(i0, i1)) {
          spread_[0] = row_max_2[0];
        }
      }
      spread_box = box_3;
      #line 145 "tests/corpus/reductions.phobos"
      const ph::Box<2> box_4 = {{ph::max64(ph::max64(x_box.lo[0], mean_box.lo[0]), spread_box.lo[0]), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], mean_box.hi[0]), spread_box.hi[0]), ph::min64(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 512 : 0)), (spread_box.lo[1] < spread_box.hi[1] ? 512 : 0))}};
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 2; ++slot) {
          const int g = (lane + slot * 64) * 4;
          if (!(row < 3)) continue;
          if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              x_[slot * 4 + v] = ((x_[slot * 4 + v] - mean_[0]) / (spread_[0] + 1.0f));
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_4.has(i0, i1)) continue;
              x_[slot * 4 + v] = ((x_[slot * 4 + v] - mean_[0]) / (spread_[0] + 1.0f));
            }
          }
        }
      }
      x_box = box_4;
      #line 146 "tests/corpus/reductions.phobos"
      const ph::Box<2> box_5 = {{ph::max64(total_box.lo[0], spread_box.lo[0]), ph::max64(total_box.lo[1], spread_box.lo[1])}, {ph::min64(total_box.hi[0], spread_box.hi[0]), ph::min64(total_box.hi[1], spread_box.hi[1])}};
      {
        const int lane = threadIdx.x % 64;  // the thread's place in its row's group
        const int row = threadIdx.x / 64;
        const int i0 = row;
        const int i1 = 0;
        if (row < 3 && box_5.has(i0, i1)) {
          total_[0] = (total_[0] + spread_[0]);
        }
      }
      total_box = box_5;
    }
  }
  #line 148 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_6 = {{ph::max64(x_box.lo[0], -r_), x_box.lo[1]}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(x_box.hi[1], N_)}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 64) * 4;
      if (!(row < 3)) continue;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = x_[slot * 4 + v];
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + i1] = x_[slot * 4 + v];
        }
      }
    }
  }
  #line 149 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_7 = {{ph::max64(total_box.lo[0], -r_), total_box.lo[1]}, {ph::min64(total_box.hi[0], M_ - r_), total_box.hi[1]}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3 && lane == 0 && box_7.has(i0, i1)) {
      S_[r_ * 2 + (i0 * 2 + i1)] = total_[0];
    }
  }
  #line 150 "tests/corpus/reductions.phobos"
  __syncthreads();
  f32 row_max_3[1], row_sum_3[1];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  f32* peak_part = (f32*)(smem + own + 64);  // peak of each warp
  f32* total_part = (f32*)(smem + own + 96);  // total of each warp
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
      const int g = (lane + slot * 64) * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(x_[slot * 4 + v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) peak = fmaxf(peak, (f32)(x_[slot * 4 + v]));
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
    f32 total = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 64) * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          total = (total + (x_[slot * 4 + v] = expf((f32)(x_[slot * 4 + v]) - peak)));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) total = (total + (x_[slot * 4 + v] = expf((f32)(x_[slot * 4 + v]) - peak)));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 32));
    // the row's 2 warps: each leaves its value in total_part, then every thread of the row combines them in order
    if (threadIdx.x % 32 == 0) total_part[threadIdx.x / 32] = total;
    __syncthreads();
    total = total_part[row * 2];
    for (int w = 1; w < 2; ++w) total = (total + total_part[row * 2 + w]);
    if (live) {
      row_max_3[0] = peak;
      row_sum_3[0] = total;
    }
  }
  f32 row_sum_4[1];  // the sum of each row this thread holds
  f32* acc_part_5 = (f32*)(smem + own + 128);  // acc of each warp
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
      const int g = (lane + slot * 64) * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = (acc + (x_[slot * 4 + v] / row_sum_3[0]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = (acc + (x_[slot * 4 + v] / row_sum_3[0]));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
    // the row's 2 warps: each leaves its value in acc_part_5, then every thread of the row combines them in order
    if (threadIdx.x % 32 == 0) acc_part_5[threadIdx.x / 32] = acc;
    __syncthreads();
    acc = acc_part_5[row * 2];
    for (int w = 1; w < 2; ++w) acc = (acc + acc_part_5[row * 2 + w]);
    if (live) {
      row_sum_4[0] = acc;
    }
  }
  const ph::Box<2> box_8 = {{ph::max64(x_box.lo[0], -r_), 0}, {ph::min64(x_box.hi[0], M_ - r_), 1}};
  {
    const int lane = threadIdx.x % 64;  // the thread's place in its row's group
    const int row = threadIdx.x / 64;
    const int i0 = row;
    const int i1 = 0;
    if (row < 3 && lane == 0 && box_8.has(i0, i1)) {
      S_[r_ * 2 + 1 + (i0 * 2 + i1)] = row_sum_4[0];
    }
  }
}
