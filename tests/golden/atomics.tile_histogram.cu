
// kernel tile_histogram: 128 threads a CTA, 64 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: H, X; rows 16-byte multiples apart: H, X
#line 72 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tile_histogram(i32* X_, i32* H_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 73 "tests/corpus/atomics.phobos"
  i32* h_ = (i32*)(smem + 0);  // tile<i32>[16]
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 4; e += 128) {
    const int g = e * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0;
    }
    ph::vstore(&h_[g], out);
  }
  #line 74 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 75 "tests/corpus/atomics.phobos"
  __syncthreads();
  if ((i_ < N_)) {
    #line 76 "tests/corpus/atomics.phobos"
    const i64 at = (i64)(((i32)((0 <= i_ && i_ < N_ ? X_[i_] : 0) % 16)));
    i32 old = 0;
    if (0 <= at && at < 16) old = ph::atomic_add(&h_[at], (i32)1);
  }
  #line 78 "tests/corpus/atomics.phobos"
  __syncthreads();
  #line 79 "tests/corpus/atomics.phobos"
  if (((i64)threadIdx.x < 16ll)) {
    #line 80 "tests/corpus/atomics.phobos"
    i32 old_2 = 0;
    if (0 <= (i64)threadIdx.x && (i64)threadIdx.x < 16) old_2 = ph::atomic_add(&H_[(i64)threadIdx.x], (i32)(0 <= (i64)threadIdx.x && (i64)threadIdx.x < 16 ? h_[(0 <= (i64)threadIdx.x && (i64)threadIdx.x < 16 ? (i64)threadIdx.x : 0)] : 0));
  }
}
