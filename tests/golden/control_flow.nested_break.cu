
// kernel nested_break: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 70 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_nested_break(i32* Y_, i64 N_) {
  #line 71 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 72 "tests/corpus/control_flow.phobos"
  i32 count_ = 0;
  #line 73 "tests/corpus/control_flow.phobos"
  for (i64 a_ = 2ll; a_ < 20ll; ++a_) {
    #line 74 "tests/corpus/control_flow.phobos"
    for (i64 d_ = 2ll; d_ < a_; ++d_) {
      #line 75 "tests/corpus/control_flow.phobos"
      if ((ph::imod(a_, d_) == 0ll)) {
        #line 76 "tests/corpus/control_flow.phobos"
        count_ = ph::wadd(count_, (i32)(d_));
        #line 77 "tests/corpus/control_flow.phobos"
        break;
      }
    }
    #line 80 "tests/corpus/control_flow.phobos"
    if ((a_ > ph::wadd(((i64)(i_ % 17ll)), 2ll))) {
      #line 81 "tests/corpus/control_flow.phobos"
      break;
    }
  }
  #line 84 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = count_;
}
