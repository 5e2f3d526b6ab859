
// kernel fn_tiles [T=64]: 128 threads a CTA, 768 bytes of shared memory
#line 47 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) fn_tiles(f32* X, f32* Y, f32* H, f32* C, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 49 "tests/corpus/functions.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 64ll);
  #line 50 "tests/corpus/functions.phobos"
  f32* a = (f32*)(smem + 0);  // tile<f32>[64]
  ph::Box<1> a_box;
  ph::Box<1> box = {{ph::max64(c, 0) - c}, {ph::min64(c + 64, N) - c}};
  box.normalize();
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!box.has(i0)) continue;
    a[i0] = X[c + i0];
  }
  a_box = box;
  #line 51 "tests/corpus/functions.phobos"
  f32* b = (f32*)(smem + 256);  // tile<f32>[64]
  ph::Box<1> b_box;
  ph::Box<1> box_ = {{ph::max64(c, 0) - c}, {ph::min64(c + 64, N) - c}};
  box_.normalize();
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!box_.has(i0)) continue;
    b[i0] = Y[c + i0];
  }
  b_box = box_;
  #line 52 "tests/corpus/functions.phobos"
  __syncthreads();
  f32* t = (f32*)(smem + 512);  // tile<f32>[64]
  ph::Box<1> t_box;
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!a_box.has(i0)) continue;
    t[i0] = a[i0];
  }
  t_box = a_box;
  #line 19 "tests/corpus/functions.phobos"
  __syncthreads();
  for (int i0 = threadIdx.x; i0 < 4; i0 += 128) {
    t[i0] = 0.0f;
  }
  #line 54 "tests/corpus/functions.phobos"
  const ph::Box<1> box_2 = {{ph::max64(ph::max64(a_box.lo[0], b_box.lo[0]), -c)}, {ph::min64(ph::min64(a_box.hi[0], b_box.hi[0]), N - c)}};
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!box_2.has(i0)) continue;
    H[c + i0] = sqrtf(((a[i0] * a[i0]) + (b[i0] * b[i0])));
  }
  #line 9 "tests/corpus/functions.phobos"
  __syncthreads();
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!t_box.has(i0)) continue;
    t[i0] = (t[i0] * 0.5f);
  }
  #line 56 "tests/corpus/functions.phobos"
  const f32 bias = 0.25f;
  #line 14 "tests/corpus/functions.phobos"
  __syncthreads();
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!t_box.has(i0)) continue;
    t[i0] = (t[i0] + bias);
  }
  #line 58 "tests/corpus/functions.phobos"
  __syncthreads();
  const ph::Box<1> box_3 = {{ph::max64(t_box.lo[0], -c)}, {ph::min64(t_box.hi[0], N - c)}};
  for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
    if (!box_3.has(i0)) continue;
    C[c + i0] = fminf(fmaxf(t[i0], 0.0f), 1.0f);
  }
}
