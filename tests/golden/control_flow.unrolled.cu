
// kernel unrolled: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 88 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_unrolled(f32* X_, f32* Y_, i64 N_) {
  #line 89 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 90 "tests/corpus/control_flow.phobos"
  f32 acc_ = 0.0f;
  #line 91 "tests/corpus/control_flow.phobos"
  #pragma unroll 3
  for (i64 j_ = i_; j_ < N_; j_ += 7) {
    #line 92 "tests/corpus/control_flow.phobos"
    acc_ = (acc_ + (0 <= j_ && j_ < N_ ? X_[j_] : 0.0f));
  }
  #line 94 "tests/corpus/control_flow.phobos"
  if (0 <= i_ && i_ < N_) Y_[i_] = acc_;
}
