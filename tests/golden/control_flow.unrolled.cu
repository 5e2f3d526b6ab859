
// kernel unrolled: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 88 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_unrolled(f32* X, f32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 89 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 90 "tests/corpus/control_flow.phobos"
  f32 acc = 0.0f;
  #line 91 "tests/corpus/control_flow.phobos"
  #pragma unroll 3
  for (i64 j = i; j < N; j += 7) {
    #line 92 "tests/corpus/control_flow.phobos"
    acc = (acc + (0 <= j && j < N ? X[j] : 0.0f));
  }
  #line 94 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = acc;
}
