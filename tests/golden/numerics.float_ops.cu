
// kernel float_ops: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, C, O; rows 16-byte multiples apart: A, B, C, O
#line 68 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_float_ops(f32* A, f32* B, f32* O, i32* C, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 69 "tests/corpus/numerics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 70 "tests/corpus/numerics.phobos"
  if ((i < N)) {
    #line 71 "tests/corpus/numerics.phobos"
    const f32 a = (0 <= i && i < N ? A[i] : 0.0f);
    #line 72 "tests/corpus/numerics.phobos"
    const f32 b = (0 <= i && i < N ? B[i] : 0.0f);
    #line 73 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[i] = (a + b);
    #line 74 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[1 * N + i] = (a - b);
    #line 75 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[2 * N + i] = (a * b);
    #line 76 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[3 * N + i] = (a / b);
    #line 77 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[4 * N + i] = fmodf(a, b);
    #line 78 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[5 * N + i] = fminf(a, b);
    #line 79 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[6 * N + i] = fmaxf(a, b);
    #line 80 "tests/corpus/numerics.phobos"
    const i64 bits = (((((((a < b) ? 1ll : 0ll) | ((a <= b) ? 2ll : 0ll)) | ((a == b) ? 4ll : 0ll)) | ((a != b) ? 8ll : 0ll)) | ((a > b) ? 16ll : 0ll)) | ((a >= b) ? 32ll : 0ll));
    #line 81 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) C[i] = (i32)(bits);
  }
}
