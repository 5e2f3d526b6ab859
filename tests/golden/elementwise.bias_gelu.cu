
// kernel bias_gelu [R=8, C=32]: 128 threads a CTA, 1152 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: B, X, Y; rows 16-byte multiples apart: B, X, Y
#line 30 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bias_gelu(f32* X, f32* B, f32* Y, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 32 "tests/corpus/elementwise.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 8ll);
  #line 33 "tests/corpus/elementwise.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 32ll);
  #line 34 "tests/corpus/elementwise.phobos"
  f32* x = (f32*)(smem + 0);  // tile<f32>[8, 32]
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 8, M) - r, ph::min64(c + 32, N) - c}};
  box.normalize();
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(r + i0) * N + (c + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&x[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x[i0 * 32 + i1] = X[(r + i0) * N + (c + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box.has(i0, i1)) continue;
      x[i0 * 32 + i1] = X[(r + i0) * N + (c + i1)];
    }
  }
  x_box = box;
  #line 35 "tests/corpus/elementwise.phobos"
  f32* b = (f32*)(smem + 1024);  // tile<f32>[32]
  ph::Box<1> b_box;
  ph::Box<1> box_ = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
  box_.normalize();
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int g = e * 4;
      if (box_.has(g) && box_.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> B_g = ph::vload<4>(&B[c + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = B_g.v[v];
        }
        ph::vstore(&b[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_.has(i0)) continue;
          b[i0] = B[c + i0];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_.has(i0)) continue;
      b[i0] = B[c + i0];
    }
  }
  b_box = box_;
  #line 36 "tests/corpus/elementwise.phobos"
  __syncthreads();
  const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], -r), ph::max64(ph::max64(x_box.lo[1], b_box.lo[0]), -c)}, {ph::min64(x_box.hi[0], M - r), ph::min64(ph::min64(x_box.hi[1], b_box.hi[0]), N - c)}};
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[i0 * 32 + g]);
        const ph::Vec<f32, 4> b_g = ph::vload<4>(&b[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((0.5f * (x_g.v[v] + b_g.v[v])) * (1.0f + erff(((x_g.v[v] + b_g.v[v]) * 0.7071067690849304f))));
        }
        ph::vstore(&Y[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y[(r + i0) * N + (c + i1)] = ((0.5f * (x[i0 * 32 + i1] + b[i1])) * (1.0f + erff(((x[i0 * 32 + i1] + b[i1]) * 0.7071067690849304f))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_2.has(i0, i1)) continue;
      Y[(r + i0) * N + (c + i1)] = ((0.5f * (x[i0 * 32 + i1] + b[i1])) * (1.0f + erff(((x[i0 * 32 + i1] + b[i1]) * 0.7071067690849304f))));
    }
  }
}
