
// kernel extremes: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: F, I, J, K, U, V, X; rows 16-byte multiples apart: F, I, J, K, U, V, X
#line 21 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_extremes(i32* K, f32* X, i32* I, u32* U, f32* F, i32* J, u32* V, i64 N, i64 B) {
  __builtin_assume(N % 4 == 0);
  __builtin_assume(B % 4 == 0);
  #line 23 "tests/corpus/atomics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 24 "tests/corpus/atomics.phobos"
  if ((i < N)) {
    #line 25 "tests/corpus/atomics.phobos"
    const i32 k = (0 <= i && i < N ? K[i] : 0);
    #line 26 "tests/corpus/atomics.phobos"
    const i64 at = (i64)(k);
    f32 old = 0.0f;
    if (0 <= at && at < B) old = ph::atomic_max(&F[at], (f32)(0 <= i && i < N ? X[i] : 0.0f));
    #line 27 "tests/corpus/atomics.phobos"
    const i64 at_ = (i64)(k);
    f32 old_ = 0.0f;
    if (0 <= at_ && at_ < B) old_ = ph::atomic_min(&F[1 * B + at_], (f32)(0 <= i && i < N ? X[i] : 0.0f));
    #line 28 "tests/corpus/atomics.phobos"
    const i64 at_2 = (i64)(k);
    i32 old_2 = 0;
    if (0 <= at_2 && at_2 < B) old_2 = ph::atomic_max(&J[at_2], (i32)(0 <= i && i < N ? I[i] : 0));
    #line 29 "tests/corpus/atomics.phobos"
    const i64 at_3 = (i64)(k);
    i32 old_3 = 0;
    if (0 <= at_3 && at_3 < B) old_3 = ph::atomic_min(&J[1 * B + at_3], (i32)(0 <= i && i < N ? I[i] : 0));
    #line 30 "tests/corpus/atomics.phobos"
    const i64 at_4 = (i64)(k);
    u32 old_4 = 0u;
    if (0 <= at_4 && at_4 < B) old_4 = ph::atomic_max(&V[at_4], (u32)(0 <= i && i < N ? U[i] : 0u));
    #line 31 "tests/corpus/atomics.phobos"
    const i64 at_5 = (i64)(k);
    u32 old_5 = 0u;
    if (0 <= at_5 && at_5 < B) old_5 = ph::atomic_min(&V[1 * B + at_5], (u32)(0 <= i && i < N ? U[i] : 0u));
  }
}
