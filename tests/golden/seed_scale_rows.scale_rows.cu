
// kernel scale_rows: 256 threads a CTA, 8320 bytes of shared memory
// 16-byte aligned tensors: X, S, Y
#line 1 "seed:scale_rows"
extern "C" __global__ void __launch_bounds__(256) scale_rows(f32* X, f32* S, f32* Y, i64 M) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 3 "seed:scale_rows"
  const i64 r = ph::wmul((i64)blockIdx.x, 32ll);
  #line 4 "seed:scale_rows"
  f32* x = (f32*)(smem + 0);  // tile<f32>[32, 64]
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 32, M) - r, 64}};
  box.normalize();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 256) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(r + i0) * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = X_g.v[v];
      }
      ph::vstore(&x[i0 * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box.has(i0, i1)) continue;
        x[i0 * 64 + i1] = X[(r + i0) * 64 + i1];
      }
    }
  }
  x_box = box;
  #line 5 "seed:scale_rows"
  f32* s = (f32*)(smem + 8192);  // tile<f32>[32, 1]
  ph::Box<2> s_box;
  ph::Box<2> box_ = {{ph::max64(r, 0) - r, 0}, {ph::min64(r + 32, M) - r, 1}};
  box_.normalize();
  for (int e = threadIdx.x; e < 32; e += 256) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_.has(i0, i1)) continue;
    s[i0] = S[r + i0];
  }
  s_box = box_;
  #line 6 "seed:scale_rows"
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(ph::max64(x_box.lo[0], s_box.lo[0]), -r), x_box.lo[1]}, {ph::min64(ph::min64(x_box.hi[0], s_box.hi[0]), M - r), ph::min64(x_box.hi[1], (s_box.lo[1] < s_box.hi[1] ? 64 : 0))}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 256) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (x_g.v[v] * s[i0]);
      }
      ph::vstore(&Y[(r + i0) * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y[(r + i0) * 64 + i1] = (x[i0 * 64 + i1] * s[i0]);
      }
    }
  }
}
