
// kernel anchor_lost: 64 threads a CTA, 512 bytes of shared memory
// for launches where 16-byte aligned: A, T; rows 16-byte multiples apart: A, T
#line 7 "tests/corpus/generated.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_anchor_lost(i32* A_, i32* T_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 9 "tests/corpus/generated.phobos"
  i32* a_ = (i32*)(smem + 0);  // tile<i32>[2, 32]
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 64) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    const ph::Vec<i32, 4> A_g = ph::vload<4>(&A_[i0 * 32 + g]);
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = A_g.v[v];
    }
    ph::vstore(&a_[i0 * 32 + g], out);
  }
  #line 10 "tests/corpus/generated.phobos"
  i32* t_ = (i32*)(smem + 256);  // tile<i32>[2, 32]
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 64) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0;
    }
    ph::vstore(&t_[i0 * 32 + g], out);
  }
  #line 11 "tests/corpus/generated.phobos"
  __syncthreads();
  const i32 s = (0 <= 0 && 0 < 2 && 0 <= 5 && 5 < 32 ? a_[5] : 0);
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 64) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = s;
    }
    ph::vstore(&t_[i0 * 32 + g], out);
  }
  #line 12 "tests/corpus/generated.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 64) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    const ph::Vec<i32, 4> t_g = ph::vload<4>(&t_[i0 * 32 + g]);
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = t_g.v[v];
    }
    ph::vstore(&T_[i0 * 32 + g], out);
  }
}
