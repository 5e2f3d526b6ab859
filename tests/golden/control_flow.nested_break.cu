
// kernel nested_break: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 70 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_nested_break(i32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 71 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 72 "tests/corpus/control_flow.phobos"
  i32 count = 0;
  #line 73 "tests/corpus/control_flow.phobos"
  for (i64 a = 2ll; a < 20ll; ++a) {
    #line 74 "tests/corpus/control_flow.phobos"
    for (i64 d = 2ll; d < a; ++d) {
      #line 75 "tests/corpus/control_flow.phobos"
      if ((ph::imod(a, d) == 0ll)) {
        #line 76 "tests/corpus/control_flow.phobos"
        count = ph::wadd(count, (i32)(d));
        #line 77 "tests/corpus/control_flow.phobos"
        break;
      }
    }
    #line 80 "tests/corpus/control_flow.phobos"
    if ((a > ph::wadd(ph::imod(i, 17ll), 2ll))) {
      #line 81 "tests/corpus/control_flow.phobos"
      break;
    }
  }
  #line 84 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = count;
}
