
// kernel tile_assign: 128 threads a CTA, 1056 bytes of shared memory
#line 57 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) tile_assign(f32* X, f32* A, f32* B, f32* C, f32* D) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 59 "tests/corpus/slicing.phobos"
  f32* a = (f32*)(smem + 0);  // tile<f32>[8, 8]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    a[i0 * 8 + i1] = X[i0 * 8 + i1];
  }
  #line 60 "tests/corpus/slicing.phobos"
  f32* b = (f32*)(smem + 256);  // tile<f32>[8, 8]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    b[i0 * 8 + i1] = 0.0f;
  }
  #line 61 "tests/corpus/slicing.phobos"
  __syncthreads();
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    b[i0 * 8 + i1] = a[i0 * 8 + i1];
  }
  #line 62 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<1> box = {{0}, {8}};
  if (0 < 0 || 0 >= 8) box = {};  // the window's index is outside
  for (int i0 = threadIdx.x; i0 < 8; i0 += 128) {
    if (!box.has(i0)) continue;
    b[i0] = 5.0f;
  }
  #line 63 "tests/corpus/slicing.phobos"
  f32* c = (f32*)(smem + 512);  // tile<f32>[8, 8]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    c[i0 * 8 + i1] = 1.0f;
  }
  #line 64 "tests/corpus/slicing.phobos"
  __syncthreads();
  f32* tmp = (f32*)(smem + 1024);  // tile<f32>[8, 1]
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    f32 acc = 0.0f;
    for (i64 j = 0; j < 8; ++j) acc = (acc + a[i0 * 8 + j]);
    tmp[i0] = acc;
  }
  __syncthreads();
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    c[i0 * 8 + i1] = tmp[i0];
  }
  #line 65 "tests/corpus/slicing.phobos"
  f32* d = (f32*)(smem + 768);  // tile<f32>[8, 8]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    d[i0 * 8 + i1] = 0.0f;
  }
  #line 66 "tests/corpus/slicing.phobos"
  __syncthreads();
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    d[i0 * 8 + i1] = a[i1 * 8 + i0];
  }
  #line 67 "tests/corpus/slicing.phobos"
  __syncthreads();
  d[1 * 8 + 1] = -1.0f;
  #line 68 "tests/corpus/slicing.phobos"
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    A[i0 * 8 + i1] = a[i0 * 8 + i1];
  }
  #line 69 "tests/corpus/slicing.phobos"
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    B[i0 * 8 + i1] = b[i0 * 8 + i1];
  }
  #line 70 "tests/corpus/slicing.phobos"
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    C[i0 * 8 + i1] = c[i0 * 8 + i1];
  }
  #line 71 "tests/corpus/slicing.phobos"
  __syncthreads();
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    D[i0 * 8 + i1] = d[i0 * 8 + i1];
  }
}
