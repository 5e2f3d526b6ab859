
// kernel return_in_loop: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 168 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_return_in_loop(i32* Y_, i64 N_) {
  #line 169 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 170 "tests/corpus/control_flow.phobos"
  if ((i_ >= N_)) {
    #line 171 "tests/corpus/control_flow.phobos"
    return;
  }
  #line 173 "tests/corpus/control_flow.phobos"
  i32 s_ = 0;
  #line 174 "tests/corpus/control_flow.phobos"
  for (i64 j_ = 0ll; j_ < 10ll; ++j_) {
    #line 175 "tests/corpus/control_flow.phobos"
    s_ = ph::wadd(s_, 1);
    #line 176 "tests/corpus/control_flow.phobos"
    if ((j_ == ((i64)(i_ % 13ll)))) {
      #line 177 "tests/corpus/control_flow.phobos"
      if (0 <= i_ && i_ < N_) Y_[i_] = ph::wmul(s_, 10);
      #line 178 "tests/corpus/control_flow.phobos"
      return;
    }
  }
  #line 181 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = s_;
}
