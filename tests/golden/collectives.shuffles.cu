
// kernel shuffles: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, W, X; rows 16-byte multiples apart: O, W, X
#line 46 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_shuffles(i32* X_, i32* O_, i32* W_, i64 N_) {
  #line 47 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 48 "tests/corpus/collectives.phobos"
  const i32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0);
  #line 49 "tests/corpus/collectives.phobos"
  const i32 shfl = ph::shfl_xor<i32>(x_, 1, 32);
  if (0 <= i_ && i_ < N_) O_[i_] = shfl;
  #line 50 "tests/corpus/collectives.phobos"
  const i32 shfl_2 = ph::shfl_xor<i32>(x_, 5, 8);
  if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = shfl_2;
  #line 51 "tests/corpus/collectives.phobos"
  const i32 shfl_3 = ph::shfl_up<i32>(x_, 3, 16);
  if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = shfl_3;
  #line 52 "tests/corpus/collectives.phobos"
  const i32 shfl_4 = ph::shfl_down<i32>(x_, 2, 32);
  if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = shfl_4;
  #line 53 "tests/corpus/collectives.phobos"
  const i32 shfl_5 = ph::shfl_idx<i32>(x_, (int)(((i64)(ph::wadd(ph::wmul((i64)(threadIdx.x & 31), 7ll), 3ll) % 32ll)) & 31), 32);
  if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = shfl_5;
  #line 54 "tests/corpus/collectives.phobos"
  const i32 shfl_6 = ph::shfl_idx<i32>(x_, (int)(ph::wadd((i64)(threadIdx.x & 31), 1ll) & 3), 4);
  if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = shfl_6;
  #line 55 "tests/corpus/collectives.phobos"
  if (((i64)(threadIdx.x >> 5) == 1ll)) {
    #line 56 "tests/corpus/collectives.phobos"
    const i32 sum = ph::lane_reduce((i32)x_, ph::Sum(), 32);
    if (0 <= i_ && i_ < N_) W_[i_] = sum;
  }
}
