
// kernel lane_floats: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: H, O, X; rows 16-byte multiples apart: H, O, X
#line 17 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_lane_floats(f32* X, f16* H, f32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 18 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 19 "tests/corpus/collectives.phobos"
  const f32 x = (0 <= i && i < N ? X[i] : 0.0f);
  #line 20 "tests/corpus/collectives.phobos"
  const f32 max_ = ph::lane_reduce((f32)x, ph::Max(), 8);
  if (0 <= i && i < N) O[i] = max_;
  #line 21 "tests/corpus/collectives.phobos"
  const f32 min_ = ph::lane_reduce((f32)x, ph::Min(), 16);
  if (0 <= i && i < N) O[1 * N + i] = min_;
  #line 22 "tests/corpus/collectives.phobos"
  const f32 sum = ph::lane_reduce((f32)x, ph::Sum(), 32);
  if (0 <= i && i < N) O[2 * N + i] = sum;
  #line 23 "tests/corpus/collectives.phobos"
  const f32 sum_ = ph::lane_reduce((f32)(f32)((0 <= i && i < N ? ph::from_f16(H[i]) : 0.0f)), ph::Sum(), 4);
  if (0 <= i && i < N) O[3 * N + i] = sum_;
}
