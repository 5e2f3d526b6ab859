
// kernel fn_scalars: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: COUNT, X, Y; rows 16-byte multiples apart: COUNT, X, Y
#line 61 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_fn_scalars(i64* X, i64* Y, i32* COUNT, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 62 "tests/corpus/functions.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/functions.phobos"
  if ((i < N)) {
    #line 64 "tests/corpus/functions.phobos"
    i64 v = (0 <= i && i < N ? X[i] : 0ll);
    #line 23 "tests/corpus/functions.phobos"
    v = ph::wadd(v, 3ll);
    #line 23 "tests/corpus/functions.phobos"
    v = ph::wadd(v, v);
    #line 23 "tests/corpus/functions.phobos"
    v = ph::wadd(v, 1ll);
    #line 23 "tests/corpus/functions.phobos"
    v = ph::wadd(v, 1ll);
    #line 68 "tests/corpus/functions.phobos"
    const i64 k = 1000ll;
    #line 69 "tests/corpus/functions.phobos"
    i64 got = 0ll;
    #line 34 "tests/corpus/functions.phobos"
    i64 k_6 = 0ll;
    #line 35 "tests/corpus/functions.phobos"
    for (i64 j_6 = 0ll; j_6 < 100ll; ++j_6) {
      #line 36 "tests/corpus/functions.phobos"
      if ((j_6 >= ph::imod((0 <= i && i < N ? X[i] : 0ll), 10ll))) {
        #line 37 "tests/corpus/functions.phobos"
        break;
      }
      #line 39 "tests/corpus/functions.phobos"
      k_6 = ph::wadd(k_6, 1ll);
    }
    #line 41 "tests/corpus/functions.phobos"
    got = k_6;
    #line 71 "tests/corpus/functions.phobos"
    if (0 <= i && i < N) Y[i] = ph::wadd(ph::wmul(v, 1000ll), got);
  }
  #line 73 "tests/corpus/functions.phobos"
  const i32 old_ = ph::atomic_add(&COUNT[0], (i32)1);
  const i32 old_2 = ph::atomic_add(&COUNT[0], (i32)1);
  const i32 old = ph::wadd(old_, old_2);
}
