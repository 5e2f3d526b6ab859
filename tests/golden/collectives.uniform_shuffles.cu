
// kernel uniform_shuffles: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 86 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_uniform_shuffles(i32* X, i32* O, i32 n, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 87 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 88 "tests/corpus/collectives.phobos"
  i32 acc = 0;
  #line 89 "tests/corpus/collectives.phobos"
  for (i64 j = 0ll; j < 6ll; ++j) {
    #line 90 "tests/corpus/collectives.phobos"
    acc = (i32)(ph::wadd((i64)(acc), ph::imin(ph::wsub((5ll), (i64)(n)), (i64)(ph::wsub(100, n)))));
  }
  #line 92 "tests/corpus/collectives.phobos"
  if (0 <= i && i < N) O[i] = acc;
  #line 93 "tests/corpus/collectives.phobos"
  if (0 <= i && i < N) O[1 * N + i] = (i32)(ph::wsub((i64)((ph::wmul(n, 2))), ((i64)(threadIdx.x >> 5))));
  #line 94 "tests/corpus/collectives.phobos"
  const i32 shfl = ph::shfl_idx<i32>((0 <= i && i < N ? X[i] : 0), (int)(ph::wadd((i64)(threadIdx.x & 31), 5ll) & 31), 32);
  if (0 <= i && i < N) O[2 * N + i] = (i32)(ph::wsub((ph::wadd(ph::wmul((i64)(threadIdx.x >> 5), 10ll), (i64)(n))), (i64)(shfl)));
  #line 95 "tests/corpus/collectives.phobos"
  if (0 <= i && i < N) O[3 * N + i] = ph::wsub(7, ((i32)((i64)blockIdx.x)));
}
