
// kernel masked_peak: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 74 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_masked_peak(f32* X_, f32* Y_, i64 N_) {
  #line 76 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 77 "tests/corpus/collectives.phobos"
  const f32 v_ = ((i_ < N_) ? (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f) : -__int_as_float(0x7f800000));
  #line 78 "tests/corpus/collectives.phobos"
  const f32 max_2 = ph::cta_reduce((f32)v_, ph::Max(), (f32)__int_as_float(0x7fc00000));
  const f32 m_ = max_2;
  #line 79 "tests/corpus/collectives.phobos"
  if ((i_ < N_)) {
    #line 80 "tests/corpus/collectives.phobos"
    if (0 <= i_ && i_ < N_) Y_[i_] = ((0 <= i_ && i_ < N_ ? X_[i_] : 0.0f) - m_);
  }
}
