
// kernel tickets: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: COUNT, T; rows 16-byte multiples apart: COUNT, T
#line 13 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tickets(i32* T_, i32* COUNT_, i64 N_) {
  #line 14 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 15 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 16 "tests/corpus/atomics.phobos"
    const i32 old = ph::atomic_add(&COUNT_[0], (i32)1);
    if (0 <= i_ && i_ < N_) T_[i_] = old;
  }
}
