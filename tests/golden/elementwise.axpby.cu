
// kernel axpby: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 5 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_axpby(f32* X_, f32* Y_, f32 a_, f32 b_, i64 N_) {
  #line 6 "tests/corpus/elementwise.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 7 "tests/corpus/elementwise.phobos"
  if ((i_ < N_)) {
    #line 8 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) Y_[i_] = ((a_ * (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f)) + (b_ * (0 <= i_ && i_ < N_ ? Y_[i_] : 0.0f)));
  }
}
