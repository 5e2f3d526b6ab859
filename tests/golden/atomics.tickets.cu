
// kernel tickets: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: COUNT, T; rows 16-byte multiples apart: COUNT, T
#line 13 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tickets(i32* T, i32* COUNT, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 14 "tests/corpus/atomics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 15 "tests/corpus/atomics.phobos"
  if ((i < N)) {
    #line 16 "tests/corpus/atomics.phobos"
    const i32 old = ph::atomic_add(&COUNT[0], (i32)1);
    if (0 <= i && i < N) T[i] = old;
  }
}
