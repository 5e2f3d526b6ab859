
// kernel oob_scalar: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 107 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_oob_scalar(i32* X_, i32* Y_, i64 N_) {
  #line 108 "tests/corpus/slicing.phobos"
  const i64 i_ = ph::wsub(ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x), 5ll);
  #line 109 "tests/corpus/slicing.phobos"
  const i64 at = ph::wadd(i_, 3ll);
  if (0 <= i_ && i_ < N_) Y_[i_] = ph::wadd((0 <= at && at < N_ ? X_[at] : 0), 1);
}
