
// kernel bounds_once: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 153 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bounds_once(i64* Y_, i64 N_) {
  #line 154 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 155 "tests/corpus/control_flow.phobos"
  i64 hi_ = ph::wadd(5ll, ((i64)(i_ % 3ll)));
  #line 156 "tests/corpus/control_flow.phobos"
  i64 turns_ = 0ll;
  #line 157 "tests/corpus/control_flow.phobos"
  const i64 hi = hi_;
  for (i64 j_ = 0ll; j_ < hi; ++j_) {
    #line 158 "tests/corpus/control_flow.phobos"
    hi_ = ph::wadd(hi_, 1ll);
    #line 159 "tests/corpus/control_flow.phobos"
    turns_ = ph::wadd(turns_, 1ll);
    #line 160 "tests/corpus/control_flow.phobos"
    if ((j_ == ((i64)(i_ % 7ll)))) {
      #line 161 "tests/corpus/control_flow.phobos"
      break;
    }
  }
  #line 164 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = ph::wadd(ph::wmul(turns_, 100ll), hi_);
}
