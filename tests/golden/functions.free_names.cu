
// kernel free_names: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 96 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_free_names(f32* X, f32* Y, f32 step, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 97 "tests/corpus/functions.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 98 "tests/corpus/functions.phobos"
  f32 v = (0 <= i && i < N ? X[i] : 0.0f);
  #line 79 "tests/corpus/functions.phobos"
  v = (v + 2.0f);
  #line 79 "tests/corpus/functions.phobos"
  v = (v + 2.0f);
  #line 88 "tests/corpus/functions.phobos"
  const f32 step_4 = 0.5f;
  #line 79 "tests/corpus/functions.phobos"
  v = (v + step_4);
  #line 79 "tests/corpus/functions.phobos"
  v = (v + step);
  #line 102 "tests/corpus/functions.phobos"
  if (0 <= i && i < N) Y[i] = ((v + 10.0f) + (0.0f + step));
}
