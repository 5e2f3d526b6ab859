
// kernel return_in_loop: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: Y; rows 16-byte multiples apart: Y
#line 168 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_return_in_loop(i32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 169 "tests/corpus/control_flow.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 170 "tests/corpus/control_flow.phobos"
  if ((i >= N)) {
    #line 171 "tests/corpus/control_flow.phobos"
    return;
  }
  #line 173 "tests/corpus/control_flow.phobos"
  i32 s = 0;
  #line 174 "tests/corpus/control_flow.phobos"
  for (i64 j = 0ll; j < 10ll; ++j) {
    #line 175 "tests/corpus/control_flow.phobos"
    s = ph::wadd(s, 1);
    #line 176 "tests/corpus/control_flow.phobos"
    if ((j == ph::imod(i, 13ll))) {
      #line 177 "tests/corpus/control_flow.phobos"
      if (0 <= i && i < N) Y[i] = ph::wmul(s, 10);
      #line 178 "tests/corpus/control_flow.phobos"
      return;
    }
  }
  #line 181 "tests/corpus/control_flow.phobos"
  if (0 <= i && i < N) Y[i] = s;
}
