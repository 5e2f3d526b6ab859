
// kernel odd_steps: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 139 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_odd_steps(i64* Y_, i64 step_, i64 N_) {
  #line 140 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 141 "tests/corpus/control_flow.phobos"
  i64 n_ = 0ll;
  #line 142 "tests/corpus/control_flow.phobos"
  for (i64 j_ = 0ll; step_ > 0 && j_ < 10ll; j_ += step_) {
    #line 143 "tests/corpus/control_flow.phobos"
    n_ = ph::wadd(n_, 1ll);
  }
  #line 145 "tests/corpus/control_flow.phobos"
  i64 m_ = 0ll;
  #line 146 "tests/corpus/control_flow.phobos"
  const i64 step = ph::wsub(((i64)(i_ % 3ll)), 1ll);
  for (i64 j_2_ = ((i64)(i_ % 4ll)); step > 0 && j_2_ < 20ll; j_2_ += step) {
    #line 147 "tests/corpus/control_flow.phobos"
    m_ = ph::wadd(m_, j_2_);
  }
  #line 149 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = ph::wadd(ph::wmul(n_, 1000ll), m_);
}
