
// kernel skip_sum: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: W, Y; rows 16-byte multiples apart: W, Y
#line 25 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_skip_sum(i64* Y, i64* W, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 26 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/control_flow.phobos"
  i64 acc = 0ll;
  #line 28 "tests/corpus/control_flow.phobos"
  const i64 hi = ph::wadd(ph::imod(i, 13ll), 3ll);
  const i64 step = ph::wadd(ph::imod(i, 3ll), 1ll);
  for (i64 j = ph::imod(i, 5ll); step > 0 && j < hi; j += step) {
    #line 29 "tests/corpus/control_flow.phobos"
    if ((ph::imod(j, 4ll) == 1ll)) {
      #line 30 "tests/corpus/control_flow.phobos"
      continue;
    }
    #line 32 "tests/corpus/control_flow.phobos"
    acc = ph::wadd(acc, ph::wmul(j, j));
  }
  #line 34 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = acc;
  #line 35 "tests/corpus/control_flow.phobos"
  i64 k = 0ll;
  #line 36 "tests/corpus/control_flow.phobos"
  i64 s = 0ll;
  #line 37 "tests/corpus/control_flow.phobos"
  while ((k < ph::wadd(10ll, ph::imod(i, 5ll)))) {
    #line 38 "tests/corpus/control_flow.phobos"
    k = ph::wadd(k, 1ll);
    #line 39 "tests/corpus/control_flow.phobos"
    if ((ph::imod(k, 3ll) == 0ll)) {
      #line 40 "tests/corpus/control_flow.phobos"
      continue;
    }
    #line 42 "tests/corpus/control_flow.phobos"
    s = ph::wadd(s, k);
  }
  #line 44 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) W[i] = s;
}
