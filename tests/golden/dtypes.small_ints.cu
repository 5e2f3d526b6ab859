
// kernel small_ints: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: A, B, F, G, O, P, Q, R, S; rows 16-byte multiples apart: A, B, F, G, O, P, Q, R, S
#line 36 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_small_ints(i8* A_, i8* B_, u8* P_, u16* Q_, u32* R_, bool* G_, i32* O_, i8* S_, bool* F_, i64 N_) {
  #line 39 "tests/corpus/dtypes.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 40 "tests/corpus/dtypes.phobos"
  if ((i_ < N_)) {
    #line 41 "tests/corpus/dtypes.phobos"
    const i8 a_ = (0 <= i_ && i_ < N_ ? A_[i_] : (i8)0);
    #line 42 "tests/corpus/dtypes.phobos"
    const i8 b_ = (0 <= i_ && i_ < N_ ? B_[i_] : (i8)0);
    #line 43 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) O_[i_] = ph::wadd(ph::wmul((i32)(a_), (i32)(b_)), 1);
    #line 44 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) O_[1 * N_ + i_] = (ph::shr((i32)((0 <= i_ && i_ < N_ ? P_[i_] : (u8)0)), 4) & 15);
    #line 45 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) O_[2 * N_ + i_] = ph::wsub((i32)((0 <= i_ && i_ < N_ ? Q_[i_] : (u16)0)), 40000);
    #line 46 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) O_[3 * N_ + i_] = (i32)(((i64)((i64)((0 <= i_ && i_ < N_ ? R_[i_] : 0u)) % 1000000ll)));
    #line 47 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) O_[4 * N_ + i_] = (i32)(((0 <= i_ && i_ < N_ ? G_[i_] : false) ? 1ll : 0ll));
    #line 48 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) S_[i_] = (i8)(ph::wmul((i32)(a_), (i32)(b_)));
    #line 49 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) F_[i_] = (((i32)(a_) > (i32)(b_)) || (0 <= i_ && i_ < N_ ? G_[i_] : false));
  }
}
