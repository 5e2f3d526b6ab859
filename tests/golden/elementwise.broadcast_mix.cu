
// kernel broadcast_mix [R=16, C=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: COL, ROW, X, Y; rows 16-byte multiples apart: ROW, X, Y
#line 14 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_broadcast_mix(f32* X_, f32* ROW_, f32* COL_, f32* Y_, f32 s_, i64 M_, i64 N_) {
  #line 17 "tests/corpus/elementwise.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 16ll);
  #line 18 "tests/corpus/elementwise.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 19 "tests/corpus/elementwise.phobos"
  f32 x_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 16, M_) - r_, ph::min64(c_ + 64, N_) - c_}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        whole[pass] = c_ % 4 == 0 && box.has(i0, g) && box.has(i0, g + 3);
        if (whole[pass]) {
          X_gs[pass] = ph::vload<4>(&X_[(r_ + i0) * N_ + (c_ + g)]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (whole[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& X_g = X_gs[pass];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            x_[pass * 4 + v] = X_g.v[v];
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            x_[pass * 4 + v] = X_[(r_ + i0) * N_ + (c_ + i1)];
          }
        }
      }
    }
  }
  x_box = box;
  #line 20 "tests/corpus/elementwise.phobos"
  const i64 row_start1_ = c_;
  #line 21 "tests/corpus/elementwise.phobos"
  const i64 col_start0_ = r_;
  #line 22 "tests/corpus/elementwise.phobos"
  f32 y_[8];  // tile<f32>[16, 64] in registers: 16 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> y_box;
  ph::Box<2> box_2 = {{0, ph::max64(row_start1_, 0) - row_start1_}, {1, ph::min64(row_start1_ + 64, N_) - row_start1_}};
  box_2.normalize();
  ph::Box<2> box_3 = {{ph::max64(col_start0_, 0) - col_start0_, 0}, {ph::min64(col_start0_ + 16, M_) - col_start0_, 1}};
  box_3.normalize();
  const ph::Box<2> box_4 = {{ph::max64(x_box.lo[0], box_3.lo[0]), ph::max64(x_box.lo[1], box_2.lo[1])}, {ph::min64(ph::min64(x_box.hi[0], (box_2.lo[0] < box_2.hi[0] ? 16 : 0)), box_3.hi[0]), ph::min64(ph::min64(x_box.hi[1], box_2.hi[1]), (box_3.lo[1] < box_3.hi[1] ? 64 : 0))}};
  bool whole_2[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> ROW_gs[2];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        whole_2[pass] = row_start1_ % 4 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 3);
        if (whole_2[pass]) {
          ROW_gs[pass] = ph::vload<4>(&ROW_[row_start1_ + g]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (whole_2[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& ROW_g = ROW_gs[pass];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            y_[pass * 4 + v] = ((x_[pass * 4 + v] * ROW_g.v[v]) + (COL_[col_start0_ + i0] * s_));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            y_[pass * 4 + v] = ((x_[pass * 4 + v] * ROW_[row_start1_ + i1]) + (COL_[col_start0_ + i0] * s_));
          }
        }
      }
    }
  }
  y_box = box_4;
  #line 23 "tests/corpus/elementwise.phobos"
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (y_box.has(i0, g) && y_box.has(i0, g + 3)) {  // the whole group is present and aligned
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            y_[pass * 4 + v] = ((y_[pass * 4 + v] > 0.0f) ? y_[pass * 4 + v] : (0.25f * y_[pass * 4 + v]));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!y_box.has(i0, i1)) continue;
            y_[pass * 4 + v] = ((y_[pass * 4 + v] > 0.0f) ? y_[pass * 4 + v] : (0.25f * y_[pass * 4 + v]));
          }
        }
      }
    }
  }
  #line 24 "tests/corpus/elementwise.phobos"
  ph::Box<2> box_5 = {{ph::max64(col_start0_, 0) - col_start0_, 0}, {ph::min64(col_start0_ + 16, M_) - col_start0_, 1}};
  box_5.normalize();
  const ph::Box<2> box_6 = {{ph::max64(ph::max64(y_box.lo[0], box_5.lo[0]), -r_), ph::max64(y_box.lo[1], -c_)}, {ph::min64(ph::min64(y_box.hi[0], box_5.hi[0]), M_ - r_), ph::min64(ph::min64(y_box.hi[1], (box_5.lo[1] < box_5.hi[1] ? 64 : 0)), N_ - c_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (c_ % 4 == 0 && box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (fminf(fmaxf(y_[pass * 4 + v], -2.0f), 3.0f) - fabsf(COL_[col_start0_ + i0]));
          }
          ph::vstore(&Y_[(r_ + i0) * N_ + (c_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_6.has(i0, i1)) continue;
            Y_[(r_ + i0) * N_ + (c_ + i1)] = (fminf(fmaxf(y_[pass * 4 + v], -2.0f), 3.0f) - fabsf(COL_[col_start0_ + i0]));
          }
        }
      }
    }
  }
}
