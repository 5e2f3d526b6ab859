
// kernel axpby: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 5 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_axpby(f32* X, f32* Y, f32 a, f32 b, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 6 "tests/corpus/elementwise.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 7 "tests/corpus/elementwise.phobos"
  if ((i < N)) {
    #line 8 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) Y[i] = ((a * (0 <= i && i < N ? X[i] : 0.0f)) + (b * (0 <= i && i < N ? Y[i] : 0.0f)));
  }
}
