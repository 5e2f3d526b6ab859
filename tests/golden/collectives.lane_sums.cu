
// kernel lane_sums: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 4 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_lane_sums(i32* X_, i32* O_, i64 N_) {
  #line 5 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/collectives.phobos"
  const i32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0);
  #line 7 "tests/corpus/collectives.phobos"
  const i32 sum = ph::lane_reduce((i32)x_, ph::Sum(), 1);
  if (0 <= i_ && i_ < N_) O_[i_] = sum;
  #line 8 "tests/corpus/collectives.phobos"
  const i32 sum_2 = ph::lane_reduce((i32)x_, ph::Sum(), 2);
  if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = sum_2;
  #line 9 "tests/corpus/collectives.phobos"
  const i32 sum_3 = ph::lane_reduce((i32)x_, ph::Sum(), 4);
  if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = sum_3;
  #line 10 "tests/corpus/collectives.phobos"
  const i32 sum_4 = ph::lane_reduce((i32)x_, ph::Sum(), 8);
  if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = sum_4;
  #line 11 "tests/corpus/collectives.phobos"
  const i32 sum_5 = ph::lane_reduce((i32)x_, ph::Sum(), 16);
  if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = sum_5;
  #line 12 "tests/corpus/collectives.phobos"
  const i32 sum_6 = ph::lane_reduce((i32)x_, ph::Sum(), 32);
  if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = sum_6;
  #line 13 "tests/corpus/collectives.phobos"
  const i32 sum_7 = ph::lane_reduce((i32)(i32)((i64)blockIdx.x), ph::Sum(), 8);
  if (0 <= i_ && i_ < N_) O_[6 * N_ + i_] = sum_7;
}
