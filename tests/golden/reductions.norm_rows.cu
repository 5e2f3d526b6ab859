
// kernel norm_rows [R=12, C=96]: 64 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: S, W, X, Y; rows 16-byte multiples apart: W, X
#line 106 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_norm_rows(f32* X_, f32* W_, bf16* Y_, f32* S_, i64 M_, i64 N_) {
  #line 109 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 12ll);
  #line 110 "tests/corpus/reductions.phobos"
  f32 x_[24];  // tile<f32>[12, 96] in registers: 12 rows of 96, a group of 16 threads per row, each lane holding 1 group of 8 in each of 3 passes
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 12, M_) - r_, ph::min64(96, N_)}};
  box.normalize();
  bool whole[3];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 8> X_gs[3];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        whole[pass] = g < 96 && box.has(i0, g) && box.has(i0, g + 7);
        if (whole[pass]) {
          X_gs[pass] = ph::vload<8>(&X_[(r_ + i0) * N_ + g]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (whole[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 8>& X_g = X_gs[pass];
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            x_[pass * 8 + v] = X_g.v[v];
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            x_[pass * 8 + v] = X_[(r_ + i0) * N_ + i1];
          }
        }
      }
    }
  }
  x_box = box;
  #line 111 "tests/corpus/reductions.phobos"
  f32 mean_[3];  // tile<f32>[12, 1] in registers: each thread the elements of its rows
  ph::Box<2> mean_box;
  f32 row_sum[3];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[12, 96]: 12 rows of 96, a group of 16 threads per row, each lane holding 1 group of 8 in each of 3 passes; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const bool live = x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)x_box.hi[1] : 0;
      f32 acc = 0.0f;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (begin <= g && g + 8 <= end) {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            acc = (acc + x_[pass * 8 + v]);
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = (acc + x_[pass * 8 + v]);
          }
        }
      }
      // the 16 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 8; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 16));
      if (live) {
        row_sum[pass] = acc;
      }
    }
  }
  const f32 s = (f32)(N_);
  const ph::Box<2> box_2 = {{x_box.lo[0], 0}, {x_box.hi[0], 1}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const int i1 = 0;
      if (box_2.has(i0, i1)) {
        mean_[pass] = (row_sum[pass] / s);
      }
    }
  }
  mean_box = box_2;
  #line 112 "tests/corpus/reductions.phobos"
  f32 scale_[3];  // tile<f32>[12, 1] in registers: each thread the elements of its rows
  ph::Box<2> scale_box;
  f32 row_sum_2[3];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[12, 96]: 12 rows of 96, a group of 16 threads per row, each lane holding 1 group of 8 in each of 3 passes; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const bool live = ph::max64(x_box.lo[0], mean_box.lo[0]) <= i0 && i0 < ph::min64(x_box.hi[0], mean_box.hi[0]);  // the row is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 96 : 0))) : 0;
      f32 acc = 0.0f;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (begin <= g && g + 8 <= end) {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            acc = (acc + ((x_[pass * 8 + v] - mean_[pass]) * (x_[pass * 8 + v] - mean_[pass])));
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = (acc + ((x_[pass * 8 + v] - mean_[pass]) * (x_[pass * 8 + v] - mean_[pass])));
          }
        }
      }
      // the 16 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 8; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 16));
      if (live) {
        row_sum_2[pass] = acc;
      }
    }
  }
  const f32 s_2 = (f32)(N_);
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], mean_box.lo[0]), 0}, {ph::min64(x_box.hi[0], mean_box.hi[0]), 1}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const int i1 = 0;
      if (box_3.has(i0, i1)) {
        scale_[pass] = 1.0f / sqrtf(((row_sum_2[pass] / s_2) + 0.0010000000474974513f));
      }
    }
  }
  scale_box = box_3;
  #line 113 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_4 = {{ph::max64(ph::max64(x_box.lo[0], mean_box.lo[0]), scale_box.lo[0]), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], mean_box.hi[0]), scale_box.hi[0]), ph::min64(ph::min64(x_box.hi[1], (mean_box.lo[1] < mean_box.hi[1] ? 96 : 0)), (scale_box.lo[1] < scale_box.hi[1] ? 96 : 0))}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (box_4.has(i0, g) && box_4.has(i0, g + 7)) {  // the whole group is present and aligned
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            x_[pass * 8 + v] = ((x_[pass * 8 + v] - mean_[pass]) * scale_[pass]);
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            x_[pass * 8 + v] = ((x_[pass * 8 + v] - mean_[pass]) * scale_[pass]);
          }
        }
      }
    }
  }
  x_box = box_4;
  #line 114 "tests/corpus/reductions.phobos"
  ph::Box<1> box_5 = {{0}, {ph::min64(96, N_)}};
  box_5.normalize();
  const ph::Box<2> box_6 = {{ph::max64(x_box.lo[0], -r_), ph::max64(x_box.lo[1], box_5.lo[0])}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(ph::min64(x_box.hi[1], box_5.hi[0]), N_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (N_ % 8 == 0 && box_6.has(i0, g) && box_6.has(i0, g + 7)) {  // the whole group is present and aligned
          const ph::Vec<f32, 8> W_g = ph::vload<8>(&W_[g]);
          ph::Vec<bf16, 8> out;
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            out.v[v] = ph::to_bf16((x_[pass * 8 + v] * W_g.v[v]));
          }
          ph::vstore(&Y_[(r_ + i0) * N_ + g], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int i1 = g + v;
            if (!box_6.has(i0, i1)) continue;
            Y_[(r_ + i0) * N_ + i1] = ph::to_bf16((x_[pass * 8 + v] * W_[i1]));
          }
        }
      }
    }
  }
  #line 115 "tests/corpus/reductions.phobos"
  f32 row_max[3];  // the max of each row this thread holds
  // max along the last axis of tile<f32>[12, 96]: 12 rows of 96, a group of 16 threads per row, each lane holding 1 group of 8 in each of 3 passes; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const bool live = x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)x_box.hi[1] : 0;
      f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (!(g < 96)) continue;
        if (begin <= g && g + 8 <= end) {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            acc = fmaxf(acc, x_[pass * 8 + v]);
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = fmaxf(acc, x_[pass * 8 + v]);
          }
        }
      }
      // the 16 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 8; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 16));
      if (live) {
        row_max[pass] = acc;
      }
    }
  }
  const ph::Box<2> box_7 = {{ph::max64(ph::max64(scale_box.lo[0], x_box.lo[0]), -r_), scale_box.lo[1]}, {ph::min64(ph::min64(scale_box.hi[0], x_box.hi[0]), M_ - r_), scale_box.hi[1]}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 3; ++pass) {
      const int row = pass * 4 + threadIdx.x / 16;
      const int i0 = row;
      const int i1 = 0;
      if (lane == 0 && box_7.has(i0, i1)) {
        S_[r_ + i0] = (scale_[pass] + row_max[pass]);
      }
    }
  }
}
