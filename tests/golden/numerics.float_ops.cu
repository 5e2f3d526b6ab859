
// kernel float_ops: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, C, O; rows 16-byte multiples apart: A, B, C, O
#line 68 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_float_ops(f32* A_, f32* B_, f32* O_, i32* C_, i64 N_) {
  #line 69 "tests/corpus/numerics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 70 "tests/corpus/numerics.phobos"
  if ((i_ < N_)) {
    #line 71 "tests/corpus/numerics.phobos"
    const f32 a_ = (0 <= i_ && i_ < N_ ? A_[i_] : 0.0f);
    #line 72 "tests/corpus/numerics.phobos"
    const f32 b_ = (0 <= i_ && i_ < N_ ? B_[i_] : 0.0f);
    #line 73 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = (a_ + b_);
    #line 74 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = (a_ - b_);
    #line 75 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = (a_ * b_);
    #line 76 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = (a_ / b_);
    #line 77 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = fmodf(a_, b_);
    #line 78 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = fminf(a_, b_);
    #line 79 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[6 * N_ + i_] = fmaxf(a_, b_);
    #line 80 "tests/corpus/numerics.phobos"
    const i64 bits_ = (((((((a_ < b_) ? 1ll : 0ll) | ((a_ <= b_) ? 2ll : 0ll)) | ((a_ == b_) ? 4ll : 0ll)) | ((a_ != b_) ? 8ll : 0ll)) | ((a_ > b_) ? 16ll : 0ll)) | ((a_ >= b_) ? 32ll : 0ll));
    #line 81 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) C_[i_] = (i32)(bits_);
  }
}
