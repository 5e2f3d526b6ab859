
// kernel dot_row_f32 [T=32]: 128 threads a CTA, 4224 bytes of shared memory
// for launches where 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 17 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_row_f32(f32* X_, f32* Y_, f32* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 19 "tests/corpus/overlap.phobos"
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[32, 32]
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    f32 acc = 0.0f;
    for (i64 k = 0; k < 32; ++k) acc = (acc + (X_[i0 * 32 + k] * Y_[k * 32 + i1]));
    tmp[i0 * 32 + i1] = acc;
  }
  __syncthreads();
  f32* tmp_2 = (f32*)(smem + 4096);  // tile<f32>[1, 32]
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = 0;
    const int i1 = e % 32;
    tmp_2[i0 * 32 + i1] = Z_[i0 * 32 + i1];
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
    const ph::Vec<f32, 4> tmp_2_g = ph::vload<4>(&tmp_2[g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = (tmp_g.v[v] + tmp_2_g.v[v]);
    }
    ph::vstore(&Z_[i0 * 32 + g], out);
  }
}
