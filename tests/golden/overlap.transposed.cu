
// kernel transposed [T=16]: 128 threads a CTA, 1024 bytes of shared memory
// for launches where 16-byte aligned: Z; rows 16-byte multiples apart: Z
#line 46 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_transposed(f32* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 48 "tests/corpus/overlap.phobos"
  f32* tmp = (f32*)(smem + 0);  // tile<f32>[16, 16]
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 16;
    const int i1 = e % 16;
    tmp[i0 * 16 + i1] = Z_[i1 * 16 + i0];
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = (tmp_g.v[v] + 1.0f);
    }
    ph::vstore(&Z_[i0 * 16 + g], out);
  }
}
