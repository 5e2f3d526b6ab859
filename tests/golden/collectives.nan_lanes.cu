
// kernel nan_lanes: 96 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: D, O, W, X; rows 16-byte multiples apart: D, O, W, X
#line 101 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(96) phobos_nan_lanes(f32* X_, f64* D_, f32* O_, f64* W_, i64 N_, i64 B_) {
  #line 103 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 96ll), (i64)threadIdx.x);
  #line 104 "tests/corpus/collectives.phobos"
  const f32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 105 "tests/corpus/collectives.phobos"
  const f64 d_ = (0 <= i_ && i_ < N_ ? D_[i_] : 0.0);
  #line 106 "tests/corpus/collectives.phobos"
  const f32 max_2 = ph::lane_reduce((f32)x_, ph::Max(), 8);
  if (0 <= i_ && i_ < N_) O_[i_] = max_2;
  #line 107 "tests/corpus/collectives.phobos"
  const f32 min_2 = ph::lane_reduce((f32)x_, ph::Min(), 32);
  if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = min_2;
  #line 108 "tests/corpus/collectives.phobos"
  const f32 max_3 = ph::cta_reduce((f32)x_, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) W_[(i64)blockIdx.x] = (f64)(max_3);
  #line 109 "tests/corpus/collectives.phobos"
  const f32 min_3 = ph::cta_reduce((f32)x_, ph::Min(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) W_[1 * B_ + (i64)blockIdx.x] = (f64)(min_3);
  #line 110 "tests/corpus/collectives.phobos"
  const f64 max_4 = ph::cta_reduce((f64)d_, ph::Max(), (f64)__longlong_as_double(0x7ff8000000000000ll));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) W_[2 * B_ + (i64)blockIdx.x] = max_4;
  #line 111 "tests/corpus/collectives.phobos"
  const f64 min_4 = ph::cta_reduce((f64)d_, ph::Min(), (f64)__longlong_as_double(0x7ff8000000000000ll));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) W_[3 * B_ + (i64)blockIdx.x] = min_4;
}
