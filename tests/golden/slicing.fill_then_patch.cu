
// kernel fill_then_patch: 128 threads a CTA, 256 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 133 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_fill_then_patch(f32* X_, f32* Y_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 134 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 135 "tests/corpus/slicing.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&t_[i0 * 8 + g], out);
  }
  #line 136 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 3.0f;
    }
    ph::vstore(&t_[i0 * 8 + g], out);
  }
  #line 137 "tests/corpus/slicing.phobos"
  __syncthreads();
  const i64 start = ph::wadd(r_, 4ll);
  ph::Box<2> box = {{ph::max64(start, 0) - start, 0}, {ph::min64(start + 8, M_) - start, 8}};
  box.normalize();
  const i64 start_2 = ph::wadd(r_, 4ll);
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[start_2 * 8 + (i0 * 8 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = X_g.v[v];
      }
      ph::vstore(&t_[i0 * 8 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box.has(i0, i1)) continue;
        t_[i0 * 8 + i1] = X_[start_2 * 8 + (i0 * 8 + i1)];
      }
    }
  }
  #line 138 "tests/corpus/slicing.phobos"
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(0, -r_), 0}, {ph::min64(8, M_ - r_), 8}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 8 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = t_g.v[v];
      }
      ph::vstore(&Y_[r_ * 8 + (i0 * 8 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y_[r_ * 8 + (i0 * 8 + i1)] = t_[i0 * 8 + i1];
      }
    }
  }
}
