
// kernel conversions: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: D, DI, DU, F, FI, I, S, U, W, W8, WU16, WU8, X; rows 16-byte multiples apart: D, DI, DU, F, FI, I, S, U, W, W8, WU16, WU8, X
#line 87 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_conversions(f32* F_, f64* D_, i64* I_, u32* U_, i8* S_, i32* FI_, i64* DI_, u32* DU_, i32* W_, i8* W8_, u8* WU8_, u16* WU16_, i64* X_, i64 N_) {
  #line 91 "tests/corpus/numerics.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 92 "tests/corpus/numerics.phobos"
  if ((i_ < N_)) {
    #line 93 "tests/corpus/numerics.phobos"
    const f32 f_ = (0 <= i_ && i_ < N_ ? F_[i_] : 0.0f);
    #line 94 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) FI_[i_] = ph::to_i32((f64)(f_));
    #line 95 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) FI_[1 * N_ + i_] = (i32)(ph::to_i8((f64)(f_)));
    #line 96 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) FI_[2 * N_ + i_] = (i32)(ph::to_u8((f64)(f_)));
    #line 97 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) FI_[3 * N_ + i_] = (i32)(ph::to_i64((f64)(f_)));
    #line 98 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) DI_[i_] = ph::to_i64((f64)((0 <= i_ && i_ < N_ ? D_[i_] : 0.0)));
    #line 99 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) DI_[1 * N_ + i_] = (i64)(ph::to_i32((f64)((0 <= i_ && i_ < N_ ? D_[i_] : 0.0))));
    #line 100 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) DU_[i_] = ph::to_u32((f64)((0 <= i_ && i_ < N_ ? D_[i_] : 0.0)));
    #line 101 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) W_[i_] = (i32)((0 <= i_ && i_ < N_ ? I_[i_] : 0ll));
    #line 102 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) W8_[i_] = (i8)((0 <= i_ && i_ < N_ ? I_[i_] : 0ll));
    #line 103 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) WU8_[i_] = (u8)((0 <= i_ && i_ < N_ ? I_[i_] : 0ll));
    #line 104 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) WU16_[i_] = (u16)((0 <= i_ && i_ < N_ ? I_[i_] : 0ll));
    #line 105 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) X_[i_] = (i64)((0 <= i_ && i_ < N_ ? U_[i_] : 0u));
    #line 106 "tests/corpus/numerics.phobos"
    if (0 <= i_ && i_ < N_) X_[1 * N_ + i_] = (i64)((0 <= i_ && i_ < N_ ? S_[i_] : (i8)0));
  }
}
