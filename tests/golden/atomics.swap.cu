
// kernel swap: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: OLD, X, Y; rows 16-byte multiples apart: OLD, X, Y
#line 57 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_swap(f32* X, f32* Y, f32* OLD, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 58 "tests/corpus/atomics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 59 "tests/corpus/atomics.phobos"
  f32 old = 0.0f;
  if (0 <= i && i < N) old = ph::atomic_xchg(&Y[i], (f32)(0 <= i && i < N ? X[i] : 0.0f));
  if (0 <= i && i < N) OLD[i] = old;
}
