
// kernel bias_gelu [R=8, C=32]: 128 threads a CTA, 128 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: B, X, Y; rows 16-byte multiples apart: B, X, Y
#line 30 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bias_gelu(f32* X_, f32* B_, f32* Y_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 32 "tests/corpus/elementwise.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 8ll);
  #line 33 "tests/corpus/elementwise.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 34 "tests/corpus/elementwise.phobos"
  f32 x_[4];  // tile<f32>[8, 32] in registers: 8 rows of 32, a group of 8 threads per row, each lane holding 1 group of 4
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 8, M_) - r_, ph::min64(c_ + 32, N_) - c_}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 8 && c_ % 4 == 0 && box.has(i0, g) && box.has(i0, g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[(r_ + i0) * N_ + (c_ + g)]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
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
          x_[v] = X_[(r_ + i0) * N_ + (c_ + i1)];
        }
      }
    }
  }
  x_box = box;
  #line 35 "tests/corpus/elementwise.phobos"
  f32* b_ = (f32*)(smem + 0);  // tile<f32>[32]
  ph::Box<1> b_box;
  ph::Box<1> box_2 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 32, N_) - c_}};
  box_2.normalize();
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int g = e * 4;
      if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> B_g = ph::vload<4>(&B_[c_ + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = B_g.v[v];
        }
        ph::vstore(&b_[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          b_[i0] = B_[c_ + i0];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_2.has(i0)) continue;
      b_[i0] = B_[c_ + i0];
    }
  }
  b_box = box_2;
  #line 36 "tests/corpus/elementwise.phobos"
  __syncthreads();
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], -r_), ph::max64(ph::max64(x_box.lo[1], b_box.lo[0]), -c_)}, {ph::min64(x_box.hi[0], M_ - r_), ph::min64(ph::min64(x_box.hi[1], b_box.hi[0]), N_ - c_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      if (c_ % 4 == 0 && box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
        const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((0.5f * (x_[v] + b_g.v[v])) * (1.0f + erff(((x_[v] + b_g.v[v]) * 0.7071067690849304f))));
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + (c_ + i1)] = ((0.5f * (x_[v] + b_[i1])) * (1.0f + erff(((x_[v] + b_[i1]) * 0.7071067690849304f))));
        }
      }
    }
  }
}
