
// kernel int_ops64: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, O; rows 16-byte multiples apart: A, B, O
#line 25 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_ops64(i64* A, i64* B, i64* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 26 "tests/corpus/numerics.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/numerics.phobos"
  if ((i < N)) {
    #line 28 "tests/corpus/numerics.phobos"
    const i64 a = (0 <= i && i < N ? A[i] : 0ll);
    #line 29 "tests/corpus/numerics.phobos"
    const i64 b = (0 <= i && i < N ? B[i] : 0ll);
    #line 30 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[i] = ph::wadd(a, b);
    #line 31 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[1 * N + i] = ph::wsub(a, b);
    #line 32 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[2 * N + i] = ph::wmul(a, b);
    #line 33 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[3 * N + i] = ph::idiv(a, b);
    #line 34 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[4 * N + i] = ph::imod(a, b);
    #line 35 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[5 * N + i] = (a & b);
    #line 36 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[6 * N + i] = (a | b);
    #line 37 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[7 * N + i] = (a ^ b);
    #line 38 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[8 * N + i] = ph::shl(a, b);
    #line 39 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[9 * N + i] = ph::shr(a, b);
    #line 40 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[10 * N + i] = ph::wneg(a);
    #line 41 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[11 * N + i] = (i64)(~a);
    #line 42 "tests/corpus/numerics.phobos"
    if (0 <= i && i < N) O[12 * N + i] = ph::iabs(a);
  }
}
