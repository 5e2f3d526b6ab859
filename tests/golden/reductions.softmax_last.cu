
// kernel softmax_last [R=3, C=256]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y
#line 156 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_softmax_last(bf16* X_, bf16* Y_, i64 M_, i64 N_) {
  #line 159 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 3ll);
  #line 160 "tests/corpus/reductions.phobos"
  f32 x_[8];  // tile<bf16>[3, 256] in registers: 3 rows of 256, a group of 32 threads per row, each lane holding 1 group of 8
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 3, M_) - r_, ph::min64(256, N_)}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> X_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole[0] = row < 3 && N_ % 8 == 0 && box.has(i0, g) && box.has(i0, g + 7);
      if (whole[0]) {
        X_gs[0] = ph::vload<8>(&X_[(r_ + i0) * N_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 3)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<bf16, 8>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          x_[v] = ph::from_bf16(X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x_[v] = ph::from_bf16(X_[(r_ + i0) * N_ + i1]);
        }
      }
    }
  }
  x_box = box;
  #line 161 "tests/corpus/reductions.phobos"
  f32 row_max[1], row_sum[1];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  // softmax's row statistics of tile<bf16>[3, 256]: 3 rows of 256, a group of 32 threads per row, each lane holding 1 group of 8; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    const bool live = row < 3 && x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row exists and is present
    const int begin = (int)x_box.lo[1];
    const int end = live ? (int)x_box.hi[1] : 0;
    f32 peak = -__int_as_float(0x7f800000);
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (begin <= g && g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(x_[v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) peak = fmaxf(peak, (f32)(x_[v]));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
    f32 total = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (begin <= g && g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          total = (total + (x_[v] = expf((f32)(x_[v]) - peak)));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) total = (total + (x_[v] = expf((f32)(x_[v]) - peak)));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 32));
    if (live) {
      row_max[0] = peak;
      row_sum[0] = total;
    }
  }
  const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], -r_), x_box.lo[1]}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(x_box.hi[1], N_)}};
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 3)) continue;
      if (N_ % 8 == 0 && box_2.has(i0, g) && box_2.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16((x_[v] / row_sum[0]));
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + i1] = ph::to_bf16((x_[v] / row_sum[0]));
        }
      }
    }
  }
}
