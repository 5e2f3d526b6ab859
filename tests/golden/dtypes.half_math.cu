
// kernel half_math: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, G, H, MATH, MIX, OB, OH; rows 16-byte multiples apart: A, B, G, H, MATH, MIX
#line 4 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_half_math(bf16* A, bf16* B, f16* H, f16* G, bf16* OB, f16* OH, f32* MATH, f32* MIX, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 7 "tests/corpus/dtypes.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 8 "tests/corpus/dtypes.phobos"
  if ((i < N)) {
    #line 9 "tests/corpus/dtypes.phobos"
    const f32 a = (0 <= i && i < N ? ph::from_bf16(A[i]) : 0.0f);
    #line 10 "tests/corpus/dtypes.phobos"
    const f32 b = (0 <= i && i < N ? ph::from_bf16(B[i]) : 0.0f);
    #line 11 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) OB[i] = ph::to_bf16((ph::round_bf16((a * b)) + a));
    #line 12 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) OB[1 * N + i] = ph::to_bf16((a / b));
    #line 13 "tests/corpus/dtypes.phobos"
    const f32 h = (0 <= i && i < N ? ph::from_f16(H[i]) : 0.0f);
    #line 14 "tests/corpus/dtypes.phobos"
    const f32 g = (0 <= i && i < N ? ph::from_f16(G[i]) : 0.0f);
    #line 15 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) OH[i] = ph::to_f16((ph::round_f16((h * g)) + h));
    #line 16 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) OH[1 * N + i] = ph::to_f16((h - g));
    #line 17 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) MATH[i] = (f32)(ph::round_bf16(expf(a)));
    #line 18 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) MATH[1 * N + i] = (f32)(ph::round_f16(sqrtf(ph::round_f16(fabsf(h)))));
    #line 19 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) MIX[i] = ((f32)(a) + (f32)(h));
  }
}
