
// kernel fill_then_patch: 128 threads a CTA, 256 bytes of shared memory
#line 119 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) fill_then_patch(f32* X, f32* Y, i64 M) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 120 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 121 "tests/corpus/slicing.phobos"
  f32* t = (f32*)(smem + 0);  // tile<f32>[8, 8]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    t[i0 * 8 + i1] = 0.0f;
  }
  #line 122 "tests/corpus/slicing.phobos"
  __syncthreads();
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    t[i0 * 8 + i1] = 3.0f;
  }
  #line 123 "tests/corpus/slicing.phobos"
  __syncthreads();
  const i64 start = ph::wadd(r, 4ll);
  ph::Box<2> box = {{ph::max64(start, 0) - start, 0}, {ph::min64(start + 8, M) - start, 8}};
  box.normalize();
  const i64 start_ = ph::wadd(r, 4ll);
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    if (!box.has(i0, i1)) continue;
    t[i0 * 8 + i1] = X[(start_ + i0) * 8 + i1];
  }
  #line 124 "tests/corpus/slicing.phobos"
  __syncthreads();
  const ph::Box<2> box_ = {{ph::max64(0, -r), 0}, {ph::min64(8, M - r), 8}};
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    if (!box_.has(i0, i1)) continue;
    Y[(r + i0) * 8 + i1] = t[i0 * 8 + i1];
  }
}
