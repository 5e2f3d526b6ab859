
// kernel block_sums: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: M, S, X; rows 16-byte multiples apart: M, S, X
#line 26 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_block_sums(f32* X_, f32* S_, i32* M_, i64 N_, i64 B_) {
  #line 28 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 256ll), (i64)threadIdx.x);
  #line 29 "tests/corpus/collectives.phobos"
  const f32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 30 "tests/corpus/collectives.phobos"
  const f32 sum = ph::cta_reduce((f32)x_, ph::Sum(), (f32)0.0f);
  const f32 s_ = sum;
  #line 31 "tests/corpus/collectives.phobos"
  const i32 max_2 = ph::cta_reduce((i32)ph::to_i32((f64)((x_ * 100.0f))), ph::Max(), (i32)(-0x7fffffff - 1));
  const i32 m_ = max_2;
  #line 32 "tests/corpus/collectives.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) S_[(i64)blockIdx.x] = s_;
  #line 33 "tests/corpus/collectives.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B_) M_[(i64)blockIdx.x] = m_;
}
