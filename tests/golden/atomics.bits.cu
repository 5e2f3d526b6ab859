
// kernel bits: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: A, K, X; rows 16-byte multiples apart: A, K, X
#line 35 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bits(i32* K, i64* X, i64* A, i64 N, i64 B) {
  __builtin_assume(N % 4 == 0);
  __builtin_assume(B % 4 == 0);
  #line 36 "tests/corpus/atomics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 37 "tests/corpus/atomics.phobos"
  if ((i < N)) {
    #line 38 "tests/corpus/atomics.phobos"
    const i32 k = (0 <= i && i < N ? K[i] : 0);
    #line 39 "tests/corpus/atomics.phobos"
    const i64 at = (i64)(k);
    i64 old = 0ll;
    if (0 <= at && at < B) old = ph::atomic_and(&A[at], (i64)(0 <= i && i < N ? X[i] : 0ll));
    #line 40 "tests/corpus/atomics.phobos"
    const i64 at_ = (i64)(k);
    i64 old_ = 0ll;
    if (0 <= at_ && at_ < B) old_ = ph::atomic_or(&A[1 * B + at_], (i64)(0 <= i && i < N ? X[i] : 0ll));
    #line 41 "tests/corpus/atomics.phobos"
    const i64 at_2 = (i64)(k);
    i64 old_2 = 0ll;
    if (0 <= at_2 && at_2 < B) old_2 = ph::atomic_xor(&A[2 * B + at_2], (i64)(0 <= i && i < N ? X[i] : 0ll));
  }
}
