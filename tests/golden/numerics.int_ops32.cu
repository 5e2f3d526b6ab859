
// kernel int_ops32: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 4 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops32(i32* A, i32* B, i32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 5 "tests/corpus/numerics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 6 "tests/corpus/numerics.phobos"
  if ((i < N)) {
    #line 7 "tests/corpus/numerics.phobos"
    const i32 a = (0 <= i && i < N ? A[i] : 0);
    #line 8 "tests/corpus/numerics.phobos"
    const i32 b = (0 <= i && i < N ? B[i] : 0);
    #line 9 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[i] = ph::wadd(a, b);
    #line 10 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[1 * N + i] = ph::wsub(a, b);
    #line 11 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[2 * N + i] = ph::wmul(a, b);
    #line 12 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[3 * N + i] = ph::idiv(a, b);
    #line 13 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[4 * N + i] = ph::imod(a, b);
    #line 14 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[5 * N + i] = (a & b);
    #line 15 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[6 * N + i] = (a | b);
    #line 16 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[7 * N + i] = (a ^ b);
    #line 17 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[8 * N + i] = ph::shl(a, b);
    #line 18 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[9 * N + i] = ph::shr(a, b);
    #line 19 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[10 * N + i] = ph::wneg(a);
    #line 20 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[11 * N + i] = (i32)(~a);
    #line 21 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[12 * N + i] = ph::iabs(a);
  }
}
