
// kernel fn_scalars: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: COUNT, X, Y; rows 16-byte multiples apart: COUNT, X, Y
#line 61 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_fn_scalars(i64* X_, i64* Y_, i32* COUNT_, i64 N_) {
  #line 62 "tests/corpus/functions.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 63 "tests/corpus/functions.phobos"
  if ((i_ < N_)) {
    #line 64 "tests/corpus/functions.phobos"
    i64 v_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0ll);
    #line 23 "tests/corpus/functions.phobos"
    v_ = ph::wadd(v_, 3ll);
    #line 23 "tests/corpus/functions.phobos"
    v_ = ph::wadd(v_, v_);
    #line 23 "tests/corpus/functions.phobos"
    v_ = ph::wadd(v_, 1ll);
    #line 23 "tests/corpus/functions.phobos"
    v_ = ph::wadd(v_, 1ll);
    #line 68 "tests/corpus/functions.phobos"
    const i64 k_ = 1000ll;
    #line 69 "tests/corpus/functions.phobos"
    i64 got_ = 0ll;
    #line 34 "tests/corpus/functions.phobos"
    i64 k_6_ = 0ll;
    #line 35 "tests/corpus/functions.phobos"
    for (i64 j_6_ = 0ll; j_6_ < 100ll; ++j_6_) {
      #line 36 "tests/corpus/functions.phobos"
      if ((j_6_ >= ((i64)((0 <= i_ && i_ < N_ ? X_[i_] : 0ll) % 10ll)))) {
        #line 37 "tests/corpus/functions.phobos"
        break;
      }
      #line 39 "tests/corpus/functions.phobos"
      k_6_ = ph::wadd(k_6_, 1ll);
    }
    #line 41 "tests/corpus/functions.phobos"
    got_ = k_6_;
    #line 71 "tests/corpus/functions.phobos"
    if (0 <= i_ && i_ < N_) Y_[i_] = ph::wadd(ph::wmul(v_, 1000ll), got_);
  }
  #line 73 "tests/corpus/functions.phobos"
  const i32 old = ph::atomic_add(&COUNT_[0], (i32)1);
  const i32 old_2 = ph::atomic_add(&COUNT_[0], (i32)1);
  const i32 old_ = ph::wadd(old, old_2);
}
