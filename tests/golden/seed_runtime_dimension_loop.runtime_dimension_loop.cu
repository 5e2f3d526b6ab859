
// kernel runtime_dimension_loop [TILE_K=4]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: K, M; 16-byte aligned: A, B; rows 16-byte multiples apart: A, B
#line 1 "seed:runtime_dimension_loop"
extern "C" __global__ void __launch_bounds__(128) phobos_runtime_dimension_loop(f32* A_, f32* B_, i64 M_, i64 K_) {
  #line 3 "seed:runtime_dimension_loop"
  for (i64 kt_ = 0ll; kt_ < K_; kt_ += 4) {
  }
}
