
// kernel partial_sums: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 1 "seed:partial_sums"
extern "C" __global__ void __launch_bounds__(256) phobos_partial_sums(f32* X_, f32* O_, i64 N_) {
  #line 3 "seed:partial_sums"
  f32 acc_ = 0.0f;
  #line 4 "seed:partial_sums"
  #pragma unroll 4
  for (i64 i_ = (i64)threadIdx.x; i_ < N_; i_ += 256) {
    #line 5 "seed:partial_sums"
    acc_ = (acc_ + (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
  }
  #line 7 "seed:partial_sums"
  if (0 <= (i64)threadIdx.x && (i64)threadIdx.x < 256) O_[(i64)threadIdx.x] = acc_;
}
