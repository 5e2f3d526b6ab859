
// kernel skip_sum: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: W, Y; rows 16-byte multiples apart: W, Y
#line 25 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_skip_sum(i64* Y_, i64* W_, i64 N_) {
  #line 26 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/control_flow.phobos"
  i64 acc_ = 0ll;
  #line 28 "tests/corpus/control_flow.phobos"
  const i64 hi = ph::wadd(((i64)(i_ % 13ll)), 3ll);
  const i64 step = ph::wadd(((i64)(i_ % 3ll)), 1ll);
  for (i64 j_ = ((i64)(i_ % 5ll)); step > 0 && j_ < hi; j_ += step) {
    #line 29 "tests/corpus/control_flow.phobos"
    if ((((i64)(j_ % 4ll)) == 1ll)) {
      #line 30 "tests/corpus/control_flow.phobos"
      continue;
    }
    #line 32 "tests/corpus/control_flow.phobos"
    acc_ = ph::wadd(acc_, ph::wmul(j_, j_));
  }
  #line 34 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = acc_;
  #line 35 "tests/corpus/control_flow.phobos"
  i64 k_ = 0ll;
  #line 36 "tests/corpus/control_flow.phobos"
  i64 s_ = 0ll;
  #line 37 "tests/corpus/control_flow.phobos"
  while ((k_ < ph::wadd(10ll, ((i64)(i_ % 5ll))))) {
    #line 38 "tests/corpus/control_flow.phobos"
    k_ = ph::wadd(k_, 1ll);
    #line 39 "tests/corpus/control_flow.phobos"
    if ((((i64)(k_ % 3ll)) == 0ll)) {
      #line 40 "tests/corpus/control_flow.phobos"
      continue;
    }
    #line 42 "tests/corpus/control_flow.phobos"
    s_ = ph::wadd(s_, k_);
  }
  #line 44 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) W_[i_] = s_;
}
