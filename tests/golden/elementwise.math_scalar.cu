
// kernel math_scalar: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 61 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_math_scalar(f64* X, f64* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 62 "tests/corpus/elementwise.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/elementwise.phobos"
  if ((i < N)) {
    #line 64 "tests/corpus/elementwise.phobos"
    const f64 x = (0 <= i && i < N ? X[i] : 0.0);
    #line 65 "tests/corpus/elementwise.phobos"
    const f64 p = (fabs(x) + 0.5);
    #line 66 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[i] = exp(x);
    #line 67 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[1 * N + i] = exp2(x);
    #line 68 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[2 * N + i] = log(p);
    #line 69 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[3 * N + i] = log2(p);
    #line 70 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[4 * N + i] = sqrt(p);
    #line 71 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[5 * N + i] = 1.0 / sqrt(p);
    #line 72 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[6 * N + i] = sin(x);
    #line 73 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[7 * N + i] = cos(x);
    #line 74 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[8 * N + i] = tanh(x);
    #line 75 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[9 * N + i] = erf(x);
    #line 76 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[10 * N + i] = fabs(x);
    #line 77 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[11 * N + i] = floor(x);
    #line 78 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) O[12 * N + i] = ceil(x);
  }
}
