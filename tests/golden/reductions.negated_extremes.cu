
// kernel negated_extremes: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 199 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_negated_extremes(i32* X, i32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 201 "tests/corpus/reductions.phobos"
  ph::Box<1> box = {{0}, {ph::min64(8, N)}};
  box.normalize();
  i32 min_ = 2147483647;
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      whole[0] = row < 1 && box.has(g) && box.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          min_ = ph::imin(min_, ph::wmul(-8, X_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          min_ = ph::imin(min_, ph::wmul(-8, X[i0]));
        }
      }
    }
  }
  min_ = ph::cta_reduce(min_, ph::Min(), (i32)2147483647);
  Y[0] = min_;
  #line 202 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_ = {{0}, {ph::min64(8, N)}};
  box_.normalize();
  i32 max_ = (-0x7fffffff - 1);
  bool whole_[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      whole_[0] = row < 1 && box_.has(g) && box_.has(g + 3);
      if (whole_[0]) {
        X_gs_[0] = ph::vload<4>(&X[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      if (!(row < 1)) continue;
      if (whole_[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_ = ph::imax(max_, ph::wmul(-8, X_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_.has(i0)) continue;
          max_ = ph::imax(max_, ph::wmul(-8, X[i0]));
        }
      }
    }
  }
  max_ = ph::cta_reduce(max_, ph::Max(), (i32)(-0x7fffffff - 1));
  Y[1] = max_;
  #line 203 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_2 = {{0}, {ph::min64(8, N)}};
  box_2.normalize();
  i32 min_2 = 2147483647;
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_2[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      whole_2[0] = row < 1 && box_2.has(g) && box_2.has(g + 3);
      if (whole_2[0]) {
        X_gs_2[0] = ph::vload<4>(&X[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      if (!(row < 1)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          min_2 = ph::imin(min_2, ph::wneg((X_g.v[v])));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          min_2 = ph::imin(min_2, ph::wneg((X[i0])));
        }
      }
    }
  }
  min_2 = ph::cta_reduce(min_2, ph::Min(), (i32)2147483647);
  Y[2] = min_2;
  #line 204 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{0}, {ph::min64(8, N)}};
  box_3.normalize();
  i32 max_2 = (-0x7fffffff - 1);
  bool whole_3[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_3[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      whole_3[0] = row < 1 && box_3.has(g) && box_3.has(g + 3);
      if (whole_3[0]) {
        X_gs_3[0] = ph::vload<4>(&X[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 2 * 4;
      if (!(row < 1)) continue;
      if (whole_3[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_3[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_2 = ph::imax(max_2, ph::wsub(0, ph::wmul(2, X_g.v[v])));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          max_2 = ph::imax(max_2, ph::wsub(0, ph::wmul(2, X[i0])));
        }
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (i32)(-0x7fffffff - 1));
  Y[3] = max_2;
}
