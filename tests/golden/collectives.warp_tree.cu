
// kernel warp_tree: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 61 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_warp_tree(f32* X_, f32* O_, i64 N_) {
  #line 62 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/collectives.phobos"
  f32 v_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
  #line 64 "tests/corpus/collectives.phobos"
  const f32 shfl = ph::shfl_xor<f32>(v_, 16, 32);
  v_ = (v_ + shfl);
  #line 65 "tests/corpus/collectives.phobos"
  const f32 shfl_2 = ph::shfl_xor<f32>(v_, 8, 32);
  v_ = (v_ + shfl_2);
  #line 66 "tests/corpus/collectives.phobos"
  const f32 shfl_3 = ph::shfl_xor<f32>(v_, 4, 32);
  v_ = (v_ + shfl_3);
  #line 67 "tests/corpus/collectives.phobos"
  const f32 shfl_4 = ph::shfl_xor<f32>(v_, 2, 32);
  v_ = (v_ + shfl_4);
  #line 68 "tests/corpus/collectives.phobos"
  const f32 shfl_5 = ph::shfl_xor<f32>(v_, 1, 32);
  v_ = (v_ + shfl_5);
  #line 69 "tests/corpus/collectives.phobos"
  if (0 <= i_ && i_ < N_) O_[i_] = v_;
}
