
// kernel softmax_last [R=3, C=256]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y
#line 156 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_softmax_last(bf16* X, bf16* Y, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 159 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 3ll);
  #line 160 "tests/corpus/reductions.phobos"
  f32 x[8];  // tile<bf16>[3, 256] in registers: 3 rows of 256, a group of 32 threads per row, each lane holding 1 group of 8
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 3, M) - r, ph::min64(256, N)}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> X_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 8;
      whole[0] = row < 3 && N % 8 == 0 && box.has(i0, g) && box.has(i0, g + 7);
      if (whole[0]) {
        X_gs[0] = ph::vload<8>(&X[(r + i0) * N + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 8;
      if (!(row < 3)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<bf16, 8>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          x[v] = ph::from_bf16(X_g.v[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x[v] = ph::from_bf16(X[(r + i0) * N + i1]);
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
      const int g = threadIdx.x % 32 * 8;
      if (begin <= g && g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(x[v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) peak = fmaxf(peak, (f32)(x[v]));
        }
      }
    }
    // the 32 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 16; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 32));
    f32 total = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 8;
      if (begin <= g && g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          total = (total + (x[v] = expf((f32)(x[v]) - peak)));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (begin <= j && j < end) total = (total + (x[v] = expf((f32)(x[v]) - peak)));
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
  const ph::Box<2> box_ = {{ph::max64(x_box.lo[0], -r), x_box.lo[1]}, {ph::min64(x_box.hi[0], M - r), ph::min64(x_box.hi[1], N)}};
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 8;
      if (!(row < 3)) continue;
      if (N % 8 == 0 && box_.has(i0, g) && box_.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16((x[v] / row_sum[0]));
        }
        ph::vstore(&Y[(r + i0) * N + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_.has(i0, i1)) continue;
          Y[(r + i0) * N + i1] = ph::to_bf16((x[v] / row_sum[0]));
        }
      }
    }
  }
}
