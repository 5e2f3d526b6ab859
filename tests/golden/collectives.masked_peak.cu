
// kernel masked_peak: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 74 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_masked_peak(f32* X, f32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 76 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 77 "tests/corpus/collectives.phobos"
  const f32 v = ((i < N) ? (0 <= i && i < N ? X[i] : 0.0f) : -__int_as_float(0x7f800000));
  #line 78 "tests/corpus/collectives.phobos"
  const f32 max_ = ph::cta_reduce((f32)v, ph::Max(), (f32)-__int_as_float(0x7f800000));
  const f32 m = max_;
  #line 79 "tests/corpus/collectives.phobos"
  if ((i < N)) {
    #line 80 "tests/corpus/collectives.phobos"
    if (0 <= i && i < N) Y[i] = ((0 <= i && i < N ? X[i] : 0.0f) - m);
  }
}
