
// kernel early_exit: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 48 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_early_exit(f32* X_, f32* Y_, i32* Z_, i64 N_) {
  #line 49 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 50 "tests/corpus/control_flow.phobos"
  if ((i_ >= N_)) {
    #line 51 "tests/corpus/control_flow.phobos"
    return;
  }
  #line 53 "tests/corpus/control_flow.phobos"
  const f32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 54 "tests/corpus/control_flow.phobos"
  if ((x_ < 0.0f)) {
    #line 55 "tests/corpus/control_flow.phobos"
    if (0 <= i_ && i_ < N_) Y_[i_] = -1.0f;
    #line 56 "tests/corpus/control_flow.phobos"
    return;
  }
  #line 58 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Z_[i_] = 7;
  #line 59 "tests/corpus/control_flow.phobos"
  i64 k_ = 0ll;
  #line 60 "tests/corpus/control_flow.phobos"
  while (true) {
    #line 61 "tests/corpus/control_flow.phobos"
    k_ = ph::wadd(k_, 1ll);
    #line 62 "tests/corpus/control_flow.phobos"
    if (((f32)(k_) > (x_ * 4.0f))) {
      #line 63 "tests/corpus/control_flow.phobos"
      break;
    }
  }
  #line 66 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = (f32)(k_);
}
