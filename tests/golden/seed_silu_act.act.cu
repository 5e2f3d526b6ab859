
// kernel act [TILE=1024]: 128 threads a CTA, 4096 bytes of shared memory
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
  for (int i0 = threadIdx.x; i0 < 1024; i0 += 128) {
    if (!box.has(i0)) continue;
    x[i0] = X[base + i0];
  }
  x_box = box;
  #line 7 "seed:silu_act"
  __syncthreads();
  const ph::Box<1> box_ = {{ph::max64(x_box.lo[0], -base)}, {ph::min64(x_box.hi[0], N - base)}};
  for (int i0 = threadIdx.x; i0 < 1024; i0 += 128) {
    if (!box_.has(i0)) continue;
    Y[base + i0] = (x[i0] / (1.0f + expf((-(x[i0])))));
  }
}
