
// kernel three_warps: 96 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 37 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(96) phobos_three_warps(i32* X, i32* O, i64 N, i64 B) {
  __builtin_assume(N % 4 == 0);
  __builtin_assume(B % 4 == 0);
  #line 39 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 96ll), (i64)threadIdx.x);
  #line 40 "tests/corpus/collectives.phobos"
  const i32 x = (0 <= i && i < N ? X[i] : 0);
  #line 41 "tests/corpus/collectives.phobos"
  const i32 max_ = ph::cta_reduce((i32)x, ph::Max(), (i32)(-0x7fffffff - 1));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B) O[(i64)blockIdx.x] = max_;
  #line 42 "tests/corpus/collectives.phobos"
  const i32 min_ = ph::cta_reduce((i32)x, ph::Min(), (i32)2147483647);
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B) O[1 * B + (i64)blockIdx.x] = min_;
  #line 43 "tests/corpus/collectives.phobos"
  const i32 sum = ph::cta_reduce((i32)x, ph::Sum(), (i32)0);
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B) O[2 * B + (i64)blockIdx.x] = sum;
}
