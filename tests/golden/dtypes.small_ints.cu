
// kernel small_ints: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, F, G, O, P, Q, R, S; rows 16-byte multiples apart: A, B, F, G, O, P, Q, R, S
#line 36 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_small_ints(i8* A, i8* B, u8* P, u16* Q, u32* R, bool* G, i32* O, i8* S, bool* F, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 39 "tests/corpus/dtypes.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 40 "tests/corpus/dtypes.phobos"
  if ((i < N)) {
    #line 41 "tests/corpus/dtypes.phobos"
    const i8 a = (0 <= i && i < N ? A[i] : (i8)0);
    #line 42 "tests/corpus/dtypes.phobos"
    const i8 b = (0 <= i && i < N ? B[i] : (i8)0);
    #line 43 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) O[i] = ph::wadd(ph::wmul((i32)(a), (i32)(b)), 1);
    #line 44 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) O[1 * N + i] = (ph::shr((i32)((0 <= i && i < N ? P[i] : (u8)0)), 4) & 15);
    #line 45 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) O[2 * N + i] = ph::wsub((i32)((0 <= i && i < N ? Q[i] : (u16)0)), 40000);
    #line 46 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) O[3 * N + i] = (i32)(ph::imod((i64)((0 <= i && i < N ? R[i] : 0u)), 1000000ll));
    #line 47 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) O[4 * N + i] = (i32)(((0 <= i && i < N ? G[i] : false) ? 1ll : 0ll));
    #line 48 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) S[i] = (i8)(ph::wmul((i32)(a), (i32)(b)));
    #line 49 "tests/corpus/dtypes.phobos"
    if (0 <= i && i < N) F[i] = (((i32)(a) > (i32)(b)) || (0 <= i && i < N ? G[i] : false));
  }
}
