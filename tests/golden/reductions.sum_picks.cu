
// kernel sum_picks: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 166 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_sum_picks(f32* X_, f32* Y_, f32 lo_, f32 hi_, i64 M_) {
  #line 168 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 169 "tests/corpus/reductions.phobos"
  f32 x_[4];  // tile<f32>[8, 64] in registers: 8 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 64}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 8 && box.has(i0, g) && box.has(i0, g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[r_ * 64 + (i0 * 64 + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x_[v] = X_[r_ * 64 + (i0 * 64 + i1)];
        }
      }
    }
  }
  x_box = box;
  #line 170 "tests/corpus/reductions.phobos"
  f32 sum = 0.0f;
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      if (x_box.has(i0, g) && x_box.has(i0, g + 3)) {  // the whole group is present and aligned
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          sum = (sum + x_[v]);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!x_box.has(i0, i1)) continue;
          sum = (sum + x_[v]);
        }
      }
    }
  }
  sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
  const f32 s_ = sum;
  #line 171 "tests/corpus/reductions.phobos"
  if ((s_ > hi_)) {
    #line 172 "tests/corpus/reductions.phobos"
    const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], -r_), x_box.lo[1]}, {ph::min64(x_box.hi[0], M_ - r_), x_box.hi[1]}};
    {
      const int lane = threadIdx.x % 16;  // the thread's place in its row's group
      const int row = threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (!(row < 8)) continue;
        if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (x_[v] * 2.0f);
          }
          ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_2.has(i0, i1)) continue;
            Y_[r_ * 64 + (i0 * 64 + i1)] = (x_[v] * 2.0f);
          }
        }
      }
    }
  } else {
    #line 173 "tests/corpus/reductions.phobos"
    if ((s_ > lo_)) {
      #line 174 "tests/corpus/reductions.phobos"
      const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], -r_), x_box.lo[1]}, {ph::min64(x_box.hi[0], M_ - r_), x_box.hi[1]}};
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 8)) continue;
          if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (x_[v] + 1.0f);
            }
            ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out);
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_3.has(i0, i1)) continue;
              Y_[r_ * 64 + (i0 * 64 + i1)] = (x_[v] + 1.0f);
            }
          }
        }
      }
    } else {
      #line 176 "tests/corpus/reductions.phobos"
      const ph::Box<2> box_4 = {{ph::max64(x_box.lo[0], -r_), x_box.lo[1]}, {ph::min64(x_box.hi[0], M_ - r_), x_box.hi[1]}};
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 8)) continue;
          if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present and aligned
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (-(x_[v]));
            }
            ph::vstore(&Y_[r_ * 64 + (i0 * 64 + g)], out);
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_4.has(i0, i1)) continue;
              Y_[r_ * 64 + (i0 * 64 + i1)] = (-(x_[v]));
            }
          }
        }
      }
    }
  }
}
