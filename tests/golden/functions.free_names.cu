
// kernel free_names: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 96 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_free_names(f32* X_, f32* Y_, f32 step_, i64 N_) {
  #line 97 "tests/corpus/functions.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 98 "tests/corpus/functions.phobos"
  f32 v_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 79 "tests/corpus/functions.phobos"
  v_ = (v_ + 2.0f);
  #line 79 "tests/corpus/functions.phobos"
  v_ = (v_ + 2.0f);
  #line 88 "tests/corpus/functions.phobos"
  const f32 step_4_ = 0.5f;
  #line 79 "tests/corpus/functions.phobos"
  v_ = (v_ + step_4_);
  #line 79 "tests/corpus/functions.phobos"
  v_ = (v_ + step_);
  #line 102 "tests/corpus/functions.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = ((v_ + 10.0f) + (0.0f + step_));
}
