
// kernel histogram: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: H, X; rows 16-byte multiples apart: H, X
#line 5 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_histogram(i32* X, i32* H, i64 N, i64 B) {
  __builtin_assume(N % 4 == 0);
  __builtin_assume(B % 4 == 0);
  #line 6 "tests/corpus/atomics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 7 "tests/corpus/atomics.phobos"
  if ((i < N)) {
    #line 8 "tests/corpus/atomics.phobos"
    const i64 at = (i64)((0 <= i && i < N ? X[i] : 0));
    i32 old = 0;
    if (0 <= at && at < B) old = ph::atomic_add(&H[at], (i32)1);
  }
}
