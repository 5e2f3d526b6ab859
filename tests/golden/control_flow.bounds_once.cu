
// kernel bounds_once: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 153 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bounds_once(i64* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 154 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 155 "tests/corpus/control_flow.phobos"
  i64 hi = ph::wadd(5ll, ph::imod(i, 3ll));
  #line 156 "tests/corpus/control_flow.phobos"
  i64 turns = 0ll;
  #line 157 "tests/corpus/control_flow.phobos"
  const i64 hi_ = hi;
  for (i64 j = 0ll; j < hi_; ++j) {
    #line 158 "tests/corpus/control_flow.phobos"
    hi = ph::wadd(hi, 1ll);
    #line 159 "tests/corpus/control_flow.phobos"
    turns = ph::wadd(turns, 1ll);
    #line 160 "tests/corpus/control_flow.phobos"
    if ((j == ph::imod(i, 7ll))) {
      #line 161 "tests/corpus/control_flow.phobos"
      break;
    }
  }
  #line 164 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = ph::wadd(ph::wmul(turns, 100ll), hi);
}
