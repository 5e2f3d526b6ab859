
// kernel odd_steps: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 139 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_odd_steps(i64* Y, i64 step, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 140 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 141 "tests/corpus/control_flow.phobos"
  i64 n = 0ll;
  #line 142 "tests/corpus/control_flow.phobos"
  for (i64 j = 0ll; step > 0 && j < 10ll; j += step) {
    #line 143 "tests/corpus/control_flow.phobos"
    n = ph::wadd(n, 1ll);
  }
  #line 145 "tests/corpus/control_flow.phobos"
  i64 m = 0ll;
  #line 146 "tests/corpus/control_flow.phobos"
  const i64 step_ = ph::wsub(ph::imod(i, 3ll), 1ll);
  for (i64 j_ = ph::imod(i, 4ll); step_ > 0 && j_ < 20ll; j_ += step_) {
    #line 147 "tests/corpus/control_flow.phobos"
    m = ph::wadd(m, j_);
  }
  #line 149 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = ph::wadd(ph::wmul(n, 1000ll), m);
}
