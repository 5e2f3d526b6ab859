
// kernel int_ops32: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 4 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops32(i32* A_, i32* B_, i32* O_, i64 N_) {
  #line 5 "tests/corpus/numerics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/numerics.phobos"
  if ((i_ < N_)) {
    #line 7 "tests/corpus/numerics.phobos"
    const i32 a_ = (0 <= i_ && i_ < N_ ? A_[i_] : 0);
    #line 8 "tests/corpus/numerics.phobos"
    const i32 b_ = (0 <= i_ && i_ < N_ ? B_[i_] : 0);
    #line 9 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = ph::wadd(a_, b_);
    #line 10 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = ph::wsub(a_, b_);
    #line 11 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = ph::wmul(a_, b_);
    #line 12 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = ph::idiv(a_, b_);
    #line 13 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = ph::imod(a_, b_);
    #line 14 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = (a_ & b_);
    #line 15 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[6 * N_ + i_] = (a_ | b_);
    #line 16 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[7 * N_ + i_] = (a_ ^ b_);
    #line 17 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[8 * N_ + i_] = ph::shl(a_, b_);
    #line 18 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[9 * N_ + i_] = ph::shr(a_, b_);
    #line 19 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[10 * N_ + i_] = ph::wneg(a_);
    #line 20 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[11 * N_ + i_] = (i32)(~a_);
    #line 21 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[12 * N_ + i_] = ph::iabs(a_);
  }
}
