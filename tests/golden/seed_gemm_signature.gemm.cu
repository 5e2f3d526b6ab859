
// kernel gemm: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: A, B, C
#line 1 "seed:gemm_signature"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm(f32* A, f32* B, f32* C, f32 alpha, f32 beta, i64 M, i64 K, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(N % 4 == 0);
}
