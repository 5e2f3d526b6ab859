
// kernel act [TILE=1024]: 128 threads a CTA, 4096 bytes of shared memory
// 16-byte aligned tensors: X, Y
#line 3 "seed:silu_act"
extern "C" __global__ void __launch_bounds__(128) act(f32* X, f32* Y, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 5 "seed:silu_act"
  const i64 base = ph::wmul((i64)blockIdx.x, 1024ll);
  #line 6 "seed:silu_act"
  f32* x = (f32*)(smem + 0);  // tile<f32>[1024]
  ph::Box<1> x_box;
  ph::Box<1> box = {{ph::max64(base, 0) - base}, {ph::min64(base + 1024, N) - base}};
  box.normalize();
  if (base % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int g = e * 4;
      if (box.has(g) && box.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[base + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&x[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          x[i0] = X[base + i0];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 1024; i0 += 128) {
      if (!box.has(i0)) continue;
      x[i0] = X[base + i0];
    }
  }
  x_box = box;
  #line 7 "seed:silu_act"
  __syncthreads();
  const ph::Box<1> box_ = {{ph::max64(x_box.lo[0], -base)}, {ph::min64(x_box.hi[0], N - base)}};
  if (base % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int g = e * 4;
      if (box_.has(g) && box_.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (x_g.v[v] / (1.0f + expf((-(x_g.v[v])))));
        }
        ph::vstore(&Y[base + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_.has(i0)) continue;
          Y[base + i0] = (x[i0] / (1.0f + expf((-(x[i0])))));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 1024; i0 += 128) {
      if (!box_.has(i0)) continue;
      Y[base + i0] = (x[i0] / (1.0f + expf((-(x[i0])))));
    }
  }
}
