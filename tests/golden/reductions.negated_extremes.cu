
// kernel negated_extremes: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 199 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_negated_extremes(i32* X_, i32* Y_, i64 N_) {
  #line 201 "tests/corpus/reductions.phobos"
  ph::Box<1> box = {{0}, {ph::min64(8, N_)}};
  box.normalize();
  i32 min_2 = 2147483647;
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 1 && box.has(g) && box.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          min_2 = ph::imin(min_2, ph::wmul(-8, X_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          min_2 = ph::imin(min_2, ph::wmul(-8, X_[i0]));
        }
      }
    }
  }
  min_2 = ph::cta_reduce(min_2, ph::Min(), (i32)2147483647);
  Y_[0] = min_2;
  #line 202 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_2 = {{0}, {ph::min64(8, N_)}};
  box_2.normalize();
  i32 max_2 = (-0x7fffffff - 1);
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_2[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_2[0] = row < 1 && box_2.has(g) && box_2.has(g + 3);
      if (whole_2[0]) {
        X_gs_2[0] = ph::vload<4>(&X_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_2 = ph::imax(max_2, ph::wmul(-8, X_g.v[v]));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          max_2 = ph::imax(max_2, ph::wmul(-8, X_[i0]));
        }
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (i32)(-0x7fffffff - 1));
  Y_[1] = max_2;
  #line 203 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{0}, {ph::min64(8, N_)}};
  box_3.normalize();
  i32 min_3 = 2147483647;
  bool whole_3[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_3[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_3[0] = row < 1 && box_3.has(g) && box_3.has(g + 3);
      if (whole_3[0]) {
        X_gs_3[0] = ph::vload<4>(&X_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole_3[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_3[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          min_3 = ph::imin(min_3, ph::wneg((X_g.v[v])));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          min_3 = ph::imin(min_3, ph::wneg((X_[i0])));
        }
      }
    }
  }
  min_3 = ph::cta_reduce(min_3, ph::Min(), (i32)2147483647);
  Y_[2] = min_3;
  #line 204 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<1> box_4 = {{0}, {ph::min64(8, N_)}};
  box_4.normalize();
  i32 max_3 = (-0x7fffffff - 1);
  bool whole_4[1];  // whether each of this thread's groups is read whole
  ph::Vec<i32, 4> X_gs_4[1];
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_4[0] = row < 1 && box_4.has(g) && box_4.has(g + 3);
      if (whole_4[0]) {
        X_gs_4[0] = ph::vload<4>(&X_[g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole_4[0]) {  // the whole group is present and aligned
        const ph::Vec<i32, 4>& X_g = X_gs_4[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          max_3 = ph::imax(max_3, ph::wsub(0, ph::wmul(2, X_g.v[v])));
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          max_3 = ph::imax(max_3, ph::wsub(0, ph::wmul(2, X_[i0])));
        }
      }
    }
  }
  max_3 = ph::cta_reduce(max_3, ph::Max(), (i32)(-0x7fffffff - 1));
  Y_[3] = max_3;
}
