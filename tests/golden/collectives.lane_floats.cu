
// kernel lane_floats: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: H, O, X; rows 16-byte multiples apart: H, O, X
#line 17 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_lane_floats(f32* X_, f16* H_, f32* O_, i64 N_) {
  #line 18 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 19 "tests/corpus/collectives.phobos"
  const f32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 20 "tests/corpus/collectives.phobos"
  const f32 max_2 = ph::lane_reduce((f32)x_, ph::Max(), 8);
  if (0 <= i_ && i_ < N_) O_[i_] = max_2;
  #line 21 "tests/corpus/collectives.phobos"
  const f32 min_2 = ph::lane_reduce((f32)x_, ph::Min(), 16);
  if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = min_2;
  #line 22 "tests/corpus/collectives.phobos"
  const f32 sum = ph::lane_reduce((f32)x_, ph::Sum(), 32);
  if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = sum;
  #line 23 "tests/corpus/collectives.phobos"
  const f32 sum_2 = ph::lane_reduce((f32)(f32)((0 <= i_ && i_ < N_ ? ph::from_f16(H_[i_]) : 0.0f)), ph::Sum(), 4);
  if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = sum_2;
}
