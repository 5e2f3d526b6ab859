
// kernel half_math: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, G, H, MATH, MIX, OB, OH; rows 16-byte multiples apart: A, B, G, H, MATH, MIX
#line 4 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_half_math(bf16* A_, bf16* B_, f16* H_, f16* G_, bf16* OB_, f16* OH_, f32* MATH_, f32* MIX_, i64 N_) {
  #line 7 "tests/corpus/dtypes.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 8 "tests/corpus/dtypes.phobos"
  if ((i_ < N_)) {
    #line 9 "tests/corpus/dtypes.phobos"
    const f32 a_ = (0 <= i_ && i_ < N_ ? ph::from_bf16(A_[i_]) : 0.0f);
    #line 10 "tests/corpus/dtypes.phobos"
    const f32 b_ = (0 <= i_ && i_ < N_ ? ph::from_bf16(B_[i_]) : 0.0f);
    #line 11 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) OB_[i_] = ph::to_bf16((ph::round_bf16((a_ * b_)) + a_));
    #line 12 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) OB_[1 * N_ + i_] = ph::to_bf16((a_ / b_));
    #line 13 "tests/corpus/dtypes.phobos"
    const f32 h_ = (0 <= i_ && i_ < N_ ? ph::from_f16(H_[i_]) : 0.0f);
    #line 14 "tests/corpus/dtypes.phobos"
    const f32 g_ = (0 <= i_ && i_ < N_ ? ph::from_f16(G_[i_]) : 0.0f);
    #line 15 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) OH_[i_] = ph::to_f16((ph::round_f16((h_ * g_)) + h_));
    #line 16 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) OH_[1 * N_ + i_] = ph::to_f16((h_ - g_));
    #line 17 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) MATH_[i_] = (f32)(ph::round_bf16(expf(a_)));
    #line 18 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) MATH_[1 * N_ + i_] = (f32)(ph::round_f16(sqrtf(ph::round_f16(fabsf(h_)))));
    #line 19 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) MIX_[i_] = ((f32)(a_) + (f32)(h_));
  }
}
