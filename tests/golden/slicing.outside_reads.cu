
// kernel outside_reads: 128 threads a CTA, 64 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 144 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_outside_reads(f64* X_, f64* Y_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 146 "tests/corpus/slicing.phobos"
  f64* acc_ = (f64*)(smem + 0);  // tile<f64>[2, 4]
  // vector path: each thread moves 2 consecutive f64 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 4; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 2;
    const ph::Vec<f64, 2> X_g = ph::vload<2>(&X_[i0 * 4 + g]);
    ph::Vec<f64, 2> out;
    #pragma unroll
    for (int v = 0; v < 2; ++v) {
      out.v[v] = (X_g.v[v] * 2.0);
    }
    ph::vstore(&acc_[i0 * 4 + g], out);
  }
  #line 147 "tests/corpus/slicing.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 148 "tests/corpus/slicing.phobos"
  __syncthreads();
  const i64 at = ph::wsub(((i64)((i64)threadIdx.x % 4ll)), 1ll);
  const i64 at_2 = ((i64)((i64)threadIdx.x % 5ll));
  const i64 at_3 = ph::wsub((i64)blockIdx.x, 3ll);
  if (0 <= i_ && i_ < N_) Y_[i_] = (((0 <= -1 && -1 < 2 && 0 <= (i64)blockIdx.x && (i64)blockIdx.x < 4 ? acc_[(0 <= -1 && -1 < 2 && 0 <= (i64)blockIdx.x && (i64)blockIdx.x < 4 ? -1 : 0) * 4 + (0 <= -1 && -1 < 2 && 0 <= (i64)blockIdx.x && (i64)blockIdx.x < 4 ? (i64)blockIdx.x : 0)] : 0.0) + (0 <= at && at < 2 && 0 <= at_2 && at_2 < 4 ? acc_[(0 <= at && at < 2 && 0 <= at_2 && at_2 < 4 ? at : 0) * 4 + (0 <= at && at < 2 && 0 <= at_2 && at_2 < 4 ? at_2 : 0)] : 0.0)) + (0 <= 1 && 1 < 2 && 0 <= at_3 && at_3 < 4 ? acc_[1 * 4 + (0 <= 1 && 1 < 2 && 0 <= at_3 && at_3 < 4 ? at_3 : 0)] : 0.0));
}
