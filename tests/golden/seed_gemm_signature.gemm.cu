
// kernel gemm: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: A, B, C
#line 1 "seed:gemm_signature"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm(f32* A_, f32* B_, f32* C_, f32 alpha_, f32 beta_, i64 M_, i64 K_, i64 N_) {
}
