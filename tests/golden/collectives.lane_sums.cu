
// kernel lane_sums: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 4 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_lane_sums(i32* X, i32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 5 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/collectives.phobos"
  const i32 x = (0 <= i && i < N ? X[i] : 0);
  #line 7 "tests/corpus/collectives.phobos"
  const i32 sum = ph::lane_reduce((i32)x, ph::Sum(), 1);
  if (0 <= i && i < N) O[i] = sum;
  #line 8 "tests/corpus/collectives.phobos"
  const i32 sum_ = ph::lane_reduce((i32)x, ph::Sum(), 2);
  if (0 <= i && i < N) O[1 * N + i] = sum_;
  #line 9 "tests/corpus/collectives.phobos"
  const i32 sum_2 = ph::lane_reduce((i32)x, ph::Sum(), 4);
  if (0 <= i && i < N) O[2 * N + i] = sum_2;
  #line 10 "tests/corpus/collectives.phobos"
  const i32 sum_3 = ph::lane_reduce((i32)x, ph::Sum(), 8);
  if (0 <= i && i < N) O[3 * N + i] = sum_3;
  #line 11 "tests/corpus/collectives.phobos"
  const i32 sum_4 = ph::lane_reduce((i32)x, ph::Sum(), 16);
  if (0 <= i && i < N) O[4 * N + i] = sum_4;
  #line 12 "tests/corpus/collectives.phobos"
  const i32 sum_5 = ph::lane_reduce((i32)x, ph::Sum(), 32);
  if (0 <= i && i < N) O[5 * N + i] = sum_5;
  #line 13 "tests/corpus/collectives.phobos"
  const i32 sum_6 = ph::lane_reduce((i32)(i32)((i64)blockIdx.x), ph::Sum(), 8);
  if (0 <= i && i < N) O[6 * N + i] = sum_6;
}
