
// kernel shuffles: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, W, X; rows 16-byte multiples apart: O, W, X
#line 46 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_shuffles(i32* X, i32* O, i32* W, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 47 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 48 "tests/corpus/collectives.phobos"
  const i32 x = (0 <= i && i < N ? X[i] : 0);
  #line 49 "tests/corpus/collectives.phobos"
  const i32 shfl = ph::shfl_xor<i32>(x, 1, 32);
  if (0 <= i && i < N) O[i] = shfl;
  #line 50 "tests/corpus/collectives.phobos"
  const i32 shfl_ = ph::shfl_xor<i32>(x, 5, 8);
  if (0 <= i && i < N) O[1 * N + i] = shfl_;
  #line 51 "tests/corpus/collectives.phobos"
  const i32 shfl_2 = ph::shfl_up<i32>(x, 3, 16);
  if (0 <= i && i < N) O[2 * N + i] = shfl_2;
  #line 52 "tests/corpus/collectives.phobos"
  const i32 shfl_3 = ph::shfl_down<i32>(x, 2, 32);
  if (0 <= i && i < N) O[3 * N + i] = shfl_3;
  #line 53 "tests/corpus/collectives.phobos"
  const i32 shfl_4 = ph::shfl_idx<i32>(x, (int)(ph::imod(ph::wadd(ph::wmul((i64)(threadIdx.x & 31), 7ll), 3ll), 32ll) & 31), 32);
  if (0 <= i && i < N) O[4 * N + i] = shfl_4;
  #line 54 "tests/corpus/collectives.phobos"
  const i32 shfl_5 = ph::shfl_idx<i32>(x, (int)(ph::wadd((i64)(threadIdx.x & 31), 1ll) & 3), 4);
  if (0 <= i && i < N) O[5 * N + i] = shfl_5;
  #line 55 "tests/corpus/collectives.phobos"
  if (((i64)(threadIdx.x >> 5) == 1ll)) {
    #line 56 "tests/corpus/collectives.phobos"
    const i32 sum = ph::lane_reduce((i32)x, ph::Sum(), 32);
    if (0 <= i && i < N) W[i] = sum;
  }
}
