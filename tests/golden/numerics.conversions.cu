
// kernel conversions: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: D, DI, DU, F, FI, I, S, U, W, W8, WU16, WU8, X; rows 16-byte multiples apart: D, DI, DU, F, FI, I, S, U, W, W8, WU16, WU8, X
#line 87 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_conversions(f32* F, f64* D, i64* I, u32* U, i8* S, i32* FI, i64* DI, u32* DU, i32* W, i8* W8, u8* WU8, u16* WU16, i64* X, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 91 "tests/corpus/numerics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 92 "tests/corpus/numerics.phobos"
  if ((i < N)) {
    #line 93 "tests/corpus/numerics.phobos"
    const f32 f = (0 <= i && i < N ? F[i] : 0.0f);
    #line 94 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) FI[i] = ph::to_i32((f64)(f));
    #line 95 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) FI[1 * N + i] = (i32)(ph::to_i8((f64)(f)));
    #line 96 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) FI[2 * N + i] = (i32)(ph::to_u8((f64)(f)));
    #line 97 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) FI[3 * N + i] = (i32)(ph::to_i64((f64)(f)));
    #line 98 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) DI[i] = ph::to_i64((f64)((0 <= i && i < N ? D[i] : 0.0)));
    #line 99 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) DI[1 * N + i] = (i64)(ph::to_i32((f64)((0 <= i && i < N ? D[i] : 0.0))));
    #line 100 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) DU[i] = ph::to_u32((f64)((0 <= i && i < N ? D[i] : 0.0)));
    #line 101 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) W[i] = (i32)((0 <= i && i < N ? I[i] : 0ll));
    #line 102 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) W8[i] = (i8)((0 <= i && i < N ? I[i] : 0ll));
    #line 103 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) WU8[i] = (u8)((0 <= i && i < N ? I[i] : 0ll));
    #line 104 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) WU16[i] = (u16)((0 <= i && i < N ? I[i] : 0ll));
    #line 105 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) X[i] = (i64)((0 <= i && i < N ? U[i] : 0u));
    #line 106 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) X[1 * N + i] = (i64)((0 <= i && i < N ? S[i] : (i8)0));
  }
}
