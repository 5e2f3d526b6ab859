
// kernel scale_rows: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: S, X, Y; rows 16-byte multiples apart: X, Y
#line 1 "seed:scale_rows"
extern "C" __global__ void __launch_bounds__(256) phobos_scale_rows(f32* X_, f32* S_, f32* Y_, i64 M_) {
  #line 3 "seed:scale_rows"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 4 "seed:scale_rows"
  f32 x_[8];  // tile<f32>[32, 64] in registers: 32 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 32, M_) - r_, 64}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        whole[pass] = box.has(i0, g) && box.has(i0, g + 3);
        if (whole[pass]) {
          X_gs[pass] = ph::vload<4>(&X_[r_ * 64 + (i0 * 64 + g)]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 16;
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
            x_[pass * 4 + v] = X_[r_ * 64 + (i0 * 64 + i1)];
          }
        }
      }
    }
  }
  x_box = box;
  #line 5 "seed:scale_rows"
  f32 s_[2];  // tile<f32>[32, 1] in registers: each thread the elements of its rows
  ph::Box<2> s_box;
  ph::Box<2> box_2 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 32, M_) - r_, 1}};
  box_2.normalize();
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 16;
      const int i0 = row;
      const int i1 = 0;
      if (box_2.has(i0, i1)) {
        s_[pass] = S_[r_ + i0];
      }
    }
  }
  s_box = box_2;
  #line 6 "seed:scale_rows"
  const ph::Box<2> box_3 = {{ph::max64(ph::max64(x_box.lo[0], s_box.lo[0]), -r_), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], s_box.hi[0]), M_ - r_), ph::min64(x_box.hi[1], (s_box.lo[1] < s_box.hi[1] ? 64 : 0))}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (x_[pass * 4 + v] * s_[pass]);
          }
          ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            Y_[r_ * 64 + (i0 * 64 + i1)] = (x_[pass * 4 + v] * s_[pass]);
          }
        }
      }
    }
  }
}
