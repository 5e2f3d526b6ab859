
// kernel uniform_shuffles: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 86 "tests/corpus/collectives.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_uniform_shuffles(i32* X_, i32* O_, i32 n_, i64 N_) {
  #line 87 "tests/corpus/collectives.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 88 "tests/corpus/collectives.phobos"
  i32 acc_ = 0;
  #line 89 "tests/corpus/collectives.phobos"
  for (i64 j_ = 0ll; j_ < 6ll; ++j_) {
    #line 90 "tests/corpus/collectives.phobos"
    acc_ = (i32)(ph::wadd((i64)(acc_), ph::imin(ph::wsub((5ll), (i64)(n_)), (i64)(ph::wsub(100, n_)))));
  }
  #line 92 "tests/corpus/collectives.phobos"
  if (0 <= i_ && i_ < N_) O_[i_] = acc_;
  #line 93 "tests/corpus/collectives.phobos"
  if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = (i32)(ph::wsub((i64)((ph::wmul(n_, 2))), ((i64)(threadIdx.x >> 5))));
  #line 94 "tests/corpus/collectives.phobos"
  const i32 shfl = ph::shfl_idx<i32>((0 <= i_ && i_ < N_ ? X_[i_] : 0), (int)(ph::wadd((i64)(threadIdx.x & 31), 5ll) & 31), 32);
  if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = (i32)(ph::wsub((ph::wadd(ph::wmul((i64)(threadIdx.x >> 5), 10ll), (i64)(n_))), (i64)(shfl)));
  #line 95 "tests/corpus/collectives.phobos"
  if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = ph::wsub(7, ((i32)((i64)blockIdx.x)));
}
