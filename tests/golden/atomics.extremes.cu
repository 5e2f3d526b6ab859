
// kernel extremes: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: F, I, J, K, U, V, X; rows 16-byte multiples apart: F, I, J, K, U, V, X
#line 21 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_extremes(i32* K_, f32* X_, i32* I_, u32* U_, f32* F_, i32* J_, u32* V_, i64 N_, i64 B_) {
  #line 23 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 24 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 25 "tests/corpus/atomics.phobos"
    const i32 k_ = (0 <= i_ && i_ < N_ ? K_[i_] : 0);
    #line 26 "tests/corpus/atomics.phobos"
    const i64 at = (i64)(k_);
    f32 old = 0.0f;
    if (0 <= at && at < B_) old = ph::atomic_max(&F_[at], (f32)(0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
    #line 27 "tests/corpus/atomics.phobos"
    const i64 at_2 = (i64)(k_);
    f32 old_2 = 0.0f;
    if (0 <= at_2 && at_2 < B_) old_2 = ph::atomic_min(&F_[1 * B_ + at_2], (f32)(0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
    #line 28 "tests/corpus/atomics.phobos"
    const i64 at_3 = (i64)(k_);
    i32 old_3 = 0;
    if (0 <= at_3 && at_3 < B_) old_3 = ph::atomic_max(&J_[at_3], (i32)(0 <= i_ && i_ < N_ ? I_[i_] : 0));
    #line 29 "tests/corpus/atomics.phobos"
    const i64 at_4 = (i64)(k_);
    i32 old_4 = 0;
    if (0 <= at_4 && at_4 < B_) old_4 = ph::atomic_min(&J_[1 * B_ + at_4], (i32)(0 <= i_ && i_ < N_ ? I_[i_] : 0));
    #line 30 "tests/corpus/atomics.phobos"
    const i64 at_5 = (i64)(k_);
    u32 old_5 = 0u;
    if (0 <= at_5 && at_5 < B_) old_5 = ph::atomic_max(&V_[at_5], (u32)(0 <= i_ && i_ < N_ ? U_[i_] : 0u));
    #line 31 "tests/corpus/atomics.phobos"
    const i64 at_6 = (i64)(k_);
    u32 old_6 = 0u;
    if (0 <= at_6 && at_6 < B_) old_6 = ph::atomic_min(&V_[1 * B_ + at_6], (u32)(0 <= i_ && i_ < N_ ? U_[i_] : 0u));
  }
}
