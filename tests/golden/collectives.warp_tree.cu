
// kernel warp_tree: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 61 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_warp_tree(f32* X, f32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 62 "tests/corpus/collectives.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/collectives.phobos"
  f32 v = (0 <= i && i < N ? X[i] : 0.0f);
  #line 64 "tests/corpus/collectives.phobos"
  const f32 shfl = ph::shfl_xor<f32>(v, 16, 32);
  v = (v + shfl);
  #line 65 "tests/corpus/collectives.phobos"
  const f32 shfl_ = ph::shfl_xor<f32>(v, 8, 32);
  v = (v + shfl_);
  #line 66 "tests/corpus/collectives.phobos"
  const f32 shfl_2 = ph::shfl_xor<f32>(v, 4, 32);
  v = (v + shfl_2);
  #line 67 "tests/corpus/collectives.phobos"
  const f32 shfl_3 = ph::shfl_xor<f32>(v, 2, 32);
  v = (v + shfl_3);
  #line 68 "tests/corpus/collectives.phobos"
  const f32 shfl_4 = ph::shfl_xor<f32>(v, 1, 32);
  v = (v + shfl_4);
  #line 69 "tests/corpus/collectives.phobos"
  if (0 <= i && i < N) O[i] = v;
}
