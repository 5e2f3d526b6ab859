
// kernel half_tiles [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: D, X, Y, Z; rows 16-byte multiples apart: D
#line 53 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_half_tiles(bf16* X_, bf16* Y_, f16* Z_, f64* D_, i64 M_, i64 N_) {
  #line 56 "tests/corpus/dtypes.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 8ll);
  #line 57 "tests/corpus/dtypes.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 58 "tests/corpus/dtypes.phobos"
  f32 x_[8];  // tile<bf16>[8, 64] in registers: 8 rows of 64, a group of 8 threads per row, each lane holding 1 group of 8
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 8, M_) - r_, ph::min64(c_ + 64, N_) - c_}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> X_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      whole[0] = row < 8 && c_ % 8 == 0 && N_ % 8 == 0 && box.has(i0, g) && box.has(i0, g + 7);
      if (whole[0]) {
        X_gs[0] = ph::vload<8>(&X_[(r_ + i0) * N_ + (c_ + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
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
          x_[v] = ph::from_bf16(X_[(r_ + i0) * N_ + (c_ + i1)]);
        }
      }
    }
  }
  x_box = box;
  #line 59 "tests/corpus/dtypes.phobos"
  const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], -r_), ph::max64(x_box.lo[1], -c_)}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(x_box.hi[1], N_ - c_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (c_ % 8 == 0 && N_ % 8 == 0 && box_2.has(i0, g) && box_2.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16((ph::round_bf16((x_[v] * x_[v])) - 1.0f));
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + (c_ + i1)] = ph::to_bf16((ph::round_bf16((x_[v] * x_[v])) - 1.0f));
        }
      }
    }
  }
  #line 60 "tests/corpus/dtypes.phobos"
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], -r_), ph::max64(x_box.lo[1], -c_)}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(x_box.hi[1], N_ - c_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (c_ % 8 == 0 && N_ % 8 == 0 && box_3.has(i0, g) && box_3.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<f16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_f16(((f32)(x_[v]) * 0.5f));
        }
        ph::vstore(&Z_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          Z_[(r_ + i0) * N_ + (c_ + i1)] = ph::to_f16(((f32)(x_[v]) * 0.5f));
        }
      }
    }
  }
  #line 61 "tests/corpus/dtypes.phobos"
  const ph::Box<2> box_4 = {{ph::max64(x_box.lo[0], -r_), ph::max64(x_box.lo[1], -c_)}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(x_box.hi[1], N_ - c_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 8;
      if (!(row < 8)) continue;
      if (c_ % 2 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<f64, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ((f64)(x_[v]) / 3.0);
        }
        ph::vstore(&D_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          D_[(r_ + i0) * N_ + (c_ + i1)] = ((f64)(x_[v]) / 3.0);
        }
      }
    }
  }
}
