
// kernel int_ops64: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 25 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops64(i64* A_, i64* B_, i64* O_, i64 N_) {
  #line 26 "tests/corpus/numerics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/numerics.phobos"
  if ((i_ < N_)) {
    #line 28 "tests/corpus/numerics.phobos"
    const i64 a_ = (0 <= i_ && i_ < N_ ? A_[i_] : 0ll);
    #line 29 "tests/corpus/numerics.phobos"
    const i64 b_ = (0 <= i_ && i_ < N_ ? B_[i_] : 0ll);
    #line 30 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = ph::wadd(a_, b_);
    #line 31 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = ph::wsub(a_, b_);
    #line 32 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = ph::wmul(a_, b_);
    #line 33 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = ph::idiv(a_, b_);
    #line 34 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = ph::imod(a_, b_);
    #line 35 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = (a_ & b_);
    #line 36 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[6 * N_ + i_] = (a_ | b_);
    #line 37 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[7 * N_ + i_] = (a_ ^ b_);
    #line 38 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[8 * N_ + i_] = ph::shl(a_, b_);
    #line 39 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[9 * N_ + i_] = ph::shr(a_, b_);
    #line 40 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[10 * N_ + i_] = ph::wneg(a_);
    #line 41 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[11 * N_ + i_] = (i64)(~a_);
    #line 42 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) O_[12 * N_ + i_] = ph::iabs(a_);
  }
}
