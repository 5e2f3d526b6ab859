
// kernel row_values: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Z; rows 16-byte multiples apart: X, Z
#line 65 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_row_values(f32* X_, f32* Z_, i64 M_) {
  #line 67 "tests/corpus/overlap.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 68 "tests/corpus/overlap.phobos"
  f32 x_[8];  // tile<f32>[8, 256] in registers: 8 rows of 256, a group of 32 threads per row, each lane holding 2 groups of 4
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      whole[slot] = box.has(i0, g) && box.has(i0, g + 3);
      if (whole[slot]) {
        X_gs[slot] = ph::vload<4>(&X_[r_ * 256 + (i0 * 256 + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
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
          x_[slot * 4 + v] = X_[r_ * 256 + (i0 * 256 + i1)];
        }
      }
    }
  }
  x_box = box;
  #line 69 "tests/corpus/overlap.phobos"
  const i64 start = ph::wadd(r_, 1ll);
  ph::Box<2> box_2 = {{ph::max64(start, 0) - start, 0}, {ph::min64(start + 8, M_) - start, 256}};
  box_2.normalize();
  const i64 start_2 = ph::wadd(r_, 1ll);
  f32 row_max[1];  // the max of each row this thread holds
  // max along the last axis of tile<f32>[8, 256]: 8 rows of 256, a group of 32 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    const bool live = box_2.lo[0] <= i0 && i0 < box_2.hi[0];  // the row is present
    const int begin = (int)box_2.lo[1];
    const int end = live ? (int)box_2.hi[1] : 0;
    f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = fmaxf(acc, Z_[start_2 * 256 + (i0 * 256 + j)]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = fmaxf(acc, Z_[start_2 * 256 + (i0 * 256 + j)]);
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
    if (live) {
      row_max[0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_3 = {{ph::max64(ph::max64(x_box.lo[0], box_2.lo[0]), -r_), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], box_2.hi[0]), M_ - r_), x_box.hi[1]}};
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (x_[slot * 4 + v] - row_max[0]);
        }
        ph::vstore(&Z_[r_ * 256 + (i0 * 256 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          Z_[r_ * 256 + (i0 * 256 + i1)] = (x_[slot * 4 + v] - row_max[0]);
        }
      }
    }
  }
  #line 70 "tests/corpus/overlap.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 256}};
  box_4.normalize();
  f32 row_sum[1];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[8, 256]: 8 rows of 256, a group of 32 threads per row, each lane holding 2 groups of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    const bool live = box_4.lo[0] <= i0 && i0 < box_4.hi[0];  // the row is present
    const int begin = (int)box_4.lo[1];
    const int end = live ? (int)box_4.hi[1] : 0;
    f32 acc = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      if (begin <= g && g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = (acc + Z_[r_ * 256 + (i0 * 256 + j)]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) acc = (acc + Z_[r_ * 256 + (i0 * 256 + j)]);
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
    if (live) {
      row_sum[0] = acc;
    }
  }
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(x_box.lo[0], box_4.lo[0]), -r_), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], box_4.hi[0]), M_ - r_), x_box.hi[1]}};
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 32) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (x_[slot * 4 + v] * row_sum[0]);
        }
        ph::vstore(&Z_[r_ * 256 + (i0 * 256 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          Z_[r_ * 256 + (i0 * 256 + i1)] = (x_[slot * 4 + v] * row_sum[0]);
        }
      }
    }
  }
}
