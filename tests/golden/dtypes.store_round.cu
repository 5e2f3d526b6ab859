
// kernel store_round: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: B, D, DB, DF, DH, H, X; rows 16-byte multiples apart: B, D, DB, DF, DH, H, X
#line 24 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_store_round(f32* X_, f64* D_, f16* H_, bf16* B_, bf16* DB_, f16* DH_, f32* DF_, i64 N_) {
  #line 26 "tests/corpus/dtypes.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 27 "tests/corpus/dtypes.phobos"
  if ((i_ < N_)) {
    #line 28 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) H_[i_] = ph::to_f16((0 <= i_ && i_ < N_ ? X_[i_] : 0.0f));
    #line 29 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) B_[i_] = ph::to_bf16(((0 <= i_ && i_ < N_ ? X_[i_] : 0.0f) * 3.0f));
    #line 30 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) DB_[i_] = ph::to_bf16((0 <= i_ && i_ < N_ ? D_[i_] : 0.0));
    #line 31 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) DH_[i_] = ph::to_f16((0 <= i_ && i_ < N_ ? D_[i_] : 0.0));
    #line 32 "tests/corpus/dtypes.phobos"
    if (0 <= i_ && i_ < N_) DF_[i_] = (f32)((0 <= i_ && i_ < N_ ? D_[i_] : 0.0));
  }
}
