
// kernel swap: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: OLD, X, Y; rows 16-byte multiples apart: OLD, X, Y
#line 57 "tests/corpus/atomics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_swap(f32* X_, f32* Y_, f32* OLD_, i64 N_) {
  #line 58 "tests/corpus/atomics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 59 "tests/corpus/atomics.phobos"
  f32 old = 0.0f;
  if (0 <= i_ && i_ < N_) old = ph::atomic_xchg(&Y_[i_], (f32)(0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
  if (0 <= i_ && i_ < N_) OLD_[i_] = old;
}
