
// kernel three_warps: 96 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 37 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(96) phobos_three_warps(i32* X_, i32* O_, i64 N_, i64 B_) {
  #line 39 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 96ll), (i64)threadIdx.x);
  #line 40 "tests/corpus/collectives.phobos"
  const i32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0);
  #line 41 "tests/corpus/collectives.phobos"
  const i32 max_2 = ph::cta_reduce((i32)x_, ph::Max(), (i32)(-0x7fffffff - 1));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) O_[(i64)blockIdx.x] = max_2;
  #line 42 "tests/corpus/collectives.phobos"
  const i32 min_2 = ph::cta_reduce((i32)x_, ph::Min(), (i32)2147483647);
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) O_[1 * B_ + (i64)blockIdx.x] = min_2;
  #line 43 "tests/corpus/collectives.phobos"
  const i32 sum = ph::cta_reduce((i32)x_, ph::Sum(), (i32)0);
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) O_[2 * B_ + (i64)blockIdx.x] = sum;
}
