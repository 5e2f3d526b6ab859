
// kernel histogram: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: H, X; rows 16-byte multiples apart: H, X
#line 5 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_histogram(i32* X_, i32* H_, i64 N_, i64 B_) {
  #line 6 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 7 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 8 "tests/corpus/atomics.phobos"
    const i64 at = (i64)((0 <= i_ && i_ < N_ ? X_[i_] : 0));
    i32 old = 0;
    if (0 <= at && at < B_) old = ph::atomic_add(&H_[at], (i32)1);
  }
}
