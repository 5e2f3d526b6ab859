
// kernel tile_gather: 128 threads a CTA, 512 bytes of shared memory
// for launches where 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 48 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tile_gather(f32* X_, f32* Y_, f32* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 50 "tests/corpus/slicing.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = X_g.v[v];
    }
    ph::vstore(&t_[i0 * 8 + g], out);
  }
  #line 51 "tests/corpus/slicing.phobos"
  const i64 i_ = ph::wsub(((i64)((i64)threadIdx.x / 8ll)), 4ll);
  #line 52 "tests/corpus/slicing.phobos"
  const i64 j_ = ((i64)((i64)threadIdx.x % 8ll));
  #line 53 "tests/corpus/slicing.phobos"
  __syncthreads();
  if (0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) Y_[(i64)threadIdx.x] = (0 <= i_ && i_ < 8 && 0 <= j_ && j_ < 8 ? t_[(0 <= i_ && i_ < 8 && 0 <= j_ && j_ < 8 ? i_ : 0) * 8 + (0 <= i_ && i_ < 8 && 0 <= j_ && j_ < 8 ? j_ : 0)] : 0.0f);
  #line 54 "tests/corpus/slicing.phobos"
  f32* u_ = (f32*)(smem + 256);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = -1.0f;
    }
    ph::vstore(&u_[i0 * 8 + g], out);
  }
  #line 55 "tests/corpus/slicing.phobos"
  __syncthreads();
  if (0 <= j_ && j_ < 8 && 0 <= i_ && i_ < 8) u_[j_ * 8 + i_] = (f32)((i64)threadIdx.x);
  #line 56 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> u_g = ph::vload<4>(&u_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = u_g.v[v];
    }
    ph::vstore(&Z_[i0 * 8 + g], out);
  }
}
