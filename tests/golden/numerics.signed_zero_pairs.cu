
// kernel signed_zero_pairs: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 87 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_signed_zero_pairs(f32* A_, f32* B_, f32* O_, i64 N_) {
  #line 88 "tests/corpus/numerics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 89 "tests/corpus/numerics.phobos"
  if ((i_ < N_)) {
    #line 90 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = (1.0f / fmaxf((0 <= i_ && i_ < N_ ? A_[i_] : 0.0f), (0 <= i_ && i_ < N_ ? B_[i_] : 0.0f)));
    #line 91 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = (1.0f / fminf((0 <= i_ && i_ < N_ ? A_[i_] : 0.0f), (0 <= i_ && i_ < N_ ? B_[i_] : 0.0f)));
  }
}
