
// kernel sums: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: S, T, U, W, X; rows 16-byte multiples apart: S, T, U, W, X
#line 46 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_sums(f32* X_, i32* W_, f32* S_, i32* T_, u32* U_, i64 N_) {
  #line 48 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 49 "tests/corpus/atomics.phobos"
  if ((i_ < N_)) {
    #line 50 "tests/corpus/atomics.phobos"
    const f32 old = ph::atomic_add(&S_[0], (f32)(0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
    #line 51 "tests/corpus/atomics.phobos"
    const i32 old_2 = ph::atomic_add(&T_[1], (i32)(0 <= i_ && i_ < N_ ? W_[i_] : 0));
    #line 52 "tests/corpus/atomics.phobos"
    const u32 old_3 = ph::atomic_add(&U_[2], (u32)(u32)((0 <= i_ && i_ < N_ ? W_[i_] : 0)));
  }
}
