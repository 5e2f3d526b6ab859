
// kernel math_scalar: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 61 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_math_scalar(f64* X_, f64* O_, i64 N_) {
  #line 62 "tests/corpus/elementwise.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/elementwise.phobos"
  if ((i_ < N_)) {
    #line 64 "tests/corpus/elementwise.phobos"
    const f64 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0);
    #line 65 "tests/corpus/elementwise.phobos"
    const f64 p_ = (fabs(x_) + 0.5);
    #line 66 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = exp(x_);
    #line 67 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = exp2(x_);
    #line 68 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = log(p_);
    #line 69 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = log2(p_);
    #line 70 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = sqrt(p_);
    #line 71 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[5 * N_ + i_] = 1.0 / sqrt(p_);
    #line 72 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[6 * N_ + i_] = sin(x_);
    #line 73 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[7 * N_ + i_] = cos(x_);
    #line 74 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[8 * N_ + i_] = tanh(x_);
    #line 75 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[9 * N_ + i_] = erf(x_);
    #line 76 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[10 * N_ + i_] = fabs(x_);
    #line 77 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[11 * N_ + i_] = floor(x_);
    #line 78 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) O_[12 * N_ + i_] = ceil(x_);
  }
}
