
// kernel collatz: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: STEPS, X; rows 16-byte multiples apart: STEPS, X
#line 4 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_collatz(i64* X_, i32* STEPS_, i32 cap_, i64 N_) {
  #line 5 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/control_flow.phobos"
  if ((i_ < N_)) {
    #line 7 "tests/corpus/control_flow.phobos"
    i64 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0ll);
    #line 8 "tests/corpus/control_flow.phobos"
    i32 n_ = 0;
    #line 9 "tests/corpus/control_flow.phobos"
    while ((x_ != 1ll)) {
      #line 10 "tests/corpus/control_flow.phobos"
      if ((n_ >= cap_)) {
        #line 11 "tests/corpus/control_flow.phobos"
        break;
      }
      #line 13 "tests/corpus/control_flow.phobos"
      if ((((i64)(x_ % 2ll)) == 0ll)) {
        #line 14 "tests/corpus/control_flow.phobos"
        x_ = ((i64)(x_ / 2ll));
      } else {
        #line 16 "tests/corpus/control_flow.phobos"
        x_ = ph::wadd(ph::wmul(3ll, x_), 1ll);
      }
      #line 18 "tests/corpus/control_flow.phobos"
      n_ = ph::wadd(n_, 1);
    }
    #line 20 "tests/corpus/control_flow.phobos"
    if (0 <= i_ && i_ < N_) STEPS_[i_] = n_;
  }
}
