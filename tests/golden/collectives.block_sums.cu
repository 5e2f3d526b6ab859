
// kernel block_sums: 256 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: B, N; 16-byte aligned: M, S, X; rows 16-byte multiples apart: M, S, X
#line 26 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(256) phobos_block_sums(f32* X, f32* S, i32* M, i64 N, i64 B) {
  __builtin_assume(N % 4 == 0);
  __builtin_assume(B % 4 == 0);
  #line 28 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 256ll), (i64)threadIdx.x);
  #line 29 "tests/corpus/collectives.phobos"
  const f32 x = (0 <= i && i < N ? X[i] : 0.0f);
  #line 30 "tests/corpus/collectives.phobos"
  const f32 sum = ph::cta_reduce((f32)x, ph::Sum(), (f32)0.0f);
  const f32 s = sum;
  #line 31 "tests/corpus/collectives.phobos"
  const i32 max_ = ph::cta_reduce((i32)ph::to_i32((f64)((x * 100.0f))), ph::Max(), (i32)(-0x7fffffff - 1));
  const i32 m = max_;
  #line 32 "tests/corpus/collectives.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B) S[(i64)blockIdx.x] = s;
  #line 33 "tests/corpus/collectives.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < B) M[(i64)blockIdx.x] = m;
}
