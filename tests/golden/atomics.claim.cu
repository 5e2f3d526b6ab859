
// kernel claim: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: K, TAKEN, WON; rows 16-byte multiples apart: K, TAKEN, WON
#line 63 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_claim(i32* K_, i32* TAKEN_, i32* WON_, i64 N_, i64 B_) {
  #line 64 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 65 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 66 "tests/corpus/atomics.phobos"
    const i64 at = (i64)((0 <= i_ && i_ < N_ ? K_[i_] : 0));
    i32 old = 0;
    if (0 <= at && at < B_) old = ph::atomic_cas(&TAKEN_[at], (i32)0, (i32)1);
    const i32 old_ = old;
    #line 67 "tests/corpus/atomics.phobos"
    if (0 <= i_ && i_ < N_) WON_[i_] = (i32)(((old_ == 0) ? 1ll : 0ll));
  }
}
