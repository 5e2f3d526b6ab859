
// kernel bits: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: A, K, X; rows 16-byte multiples apart: A, K, X
#line 35 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_bits(i32* K_, i64* X_, i64* A_, i64 N_, i64 B_) {
  #line 36 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 37 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 38 "tests/corpus/atomics.phobos"
    const i32 k_ = (0 <= i_ && i_ < N_ ? K_[i_] : 0);
    #line 39 "tests/corpus/atomics.phobos"
    const i64 at = (i64)(k_);
    i64 old = 0ll;
    if (0 <= at && at < B_) old = ph::atomic_and(&A_[at], (i64)(0 <= i_ && i_ < N_ ? X_[i_] : 0ll));
    #line 40 "tests/corpus/atomics.phobos"
    const i64 at_2 = (i64)(k_);
    i64 old_2 = 0ll;
    if (0 <= at_2 && at_2 < B_) old_2 = ph::atomic_or(&A_[1 * B_ + at_2], (i64)(0 <= i_ && i_ < N_ ? X_[i_] : 0ll));
    #line 41 "tests/corpus/atomics.phobos"
    const i64 at_3 = (i64)(k_);
    i64 old_3 = 0ll;
    if (0 <= at_3 && at_3 < B_) old_3 = ph::atomic_xor(&A_[2 * B_ + at_3], (i64)(0 <= i_ && i_ < N_ ? X_[i_] : 0ll));
  }
}
