
// kernel tensor_parameters: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, G; rows 16-byte multiples apart: A, B
#line 1 "seed:tensor_parameters"
extern "C" __global__ void __launch_bounds__(128) phobos_tensor_parameters(f32* A_, i8* B_, f32* G_, i64 M_, i64 K_, i64 N_) {
}
