
// kernel collatz: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: STEPS, X; rows 16-byte multiples apart: STEPS, X
#line 4 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_collatz(i64* X, i32* STEPS, i32 cap, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 5 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/control_flow.phobos"
  if ((i < N)) {
    #line 7 "tests/corpus/control_flow.phobos"
    i64 x = (0 <= i && i < N ? X[i] : 0ll);
    #line 8 "tests/corpus/control_flow.phobos"
    i32 n = 0;
    #line 9 "tests/corpus/control_flow.phobos"
    while ((x != 1ll)) {
      #line 10 "tests/corpus/control_flow.phobos"
      if ((n >= cap)) {
        #line 11 "tests/corpus/control_flow.phobos"
        break;
      }
      #line 13 "tests/corpus/control_flow.phobos"
      if ((ph::imod(x, 2ll) == 0ll)) {
        #line 14 "tests/corpus/control_flow.phobos"
        x = ph::idiv(x, 2ll);
      } else {
        #line 16 "tests/corpus/control_flow.phobos"
        x = ph::wadd(ph::wmul(3ll, x), 1ll);
      }
      #line 18 "tests/corpus/control_flow.phobos"
      n = ph::wadd(n, 1);
    }
    #line 20 "tests/corpus/control_flow.phobos"
    if (0 <= i && i < N) STEPS[i] = n;
  }
}
