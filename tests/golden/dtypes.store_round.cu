
// kernel store_round: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: B, D, DB, DF, DH, H, X; rows 16-byte multiples apart: B, D, DB, DF, DH, H, X
#line 24 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_store_round(f32* X, f64* D, f16* H, bf16* B, bf16* DB, f16* DH, f32* DF, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 26 "tests/corpus/dtypes.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/dtypes.phobos"
  if ((i < N)) {
    #line 28 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) H[i] = ph::to_f16((0 <= i && i < N ? X[i] : 0.0f));
    #line 29 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) B[i] = ph::to_bf16(((0 <= i && i < N ? X[i] : 0.0f) * 3.0f));
    #line 30 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) DB[i] = ph::to_bf16((0 <= i && i < N ? D[i] : 0.0));
    #line 31 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) DH[i] = ph::to_f16((0 <= i && i < N ? D[i] : 0.0));
    #line 32 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) DF[i] = (f32)((0 <= i && i < N ? D[i] : 0.0));
  }
}
