
// kernel dot_row_f16 [T=32]: 128 threads a CTA, 4160 bytes of shared memory
// for launches where 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 7 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_row_f16(f16* X_, f16* Y_, f16* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 9 "tests/corpus/overlap.phobos"
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[32, 32]
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    f32 acc = 0.0f;
    for (i64 k = 0; k < 32; ++k) acc = (acc + ((f32)(ph::from_f16(X_[i0 * 32 + k])) * (f32)(ph::from_f16(Y_[k * 32 + i1]))));
    tmp[i0 * 32 + i1] = acc;
  }
  __syncthreads();
  f16* tmp_2 = (f16*)(smem + 4096);  // tile<f16>[1, 32]
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = 0;
    const int i1 = e % 32;
    tmp_2[i0 * 32 + i1] = Z_[i0 * 32 + i1];
  }
  __syncthreads();
  // vector path: each thread moves 8 consecutive f16 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 128; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 8;
    const ph::Vec<f32, 8> tmp_g = ph::vload<8>(&tmp[i0 * 32 + g]);
    const ph::Vec<f16, 8> tmp_2_g = ph::vload<8>(&tmp_2[g]);
    ph::Vec<f16, 8> out;
    #pragma unroll
    for (int v = 0; v < 8; ++v) {
      out.v[v] = ph::to_f16((tmp_g.v[v] + (f32)(ph::from_f16(tmp_2_g.v[v]))));
    }
    ph::vstore(&Z_[i0 * 32 + g], out);
  }
}
