
// kernel halve: 32 threads a CTA, 0 bytes of shared memory
// for launches where 16-byte aligned: X; rows 16-byte multiples apart: X
#line 5 "seed:scale_in_place"
extern "C" __global__ void __launch_bounds__(32) phobos_halve(f32* X_) {
  #line 7 "seed:scale_in_place"
  f32 acc_[32];  // tile<f32>[32, 32] in registers: 32 rows of 32, a group of 8 threads per row, each lane holding 1 group of 4 in each of 8 passes
  bool whole[8];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[8];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 8; ++pass) {
      const int row = pass * 4 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        whole[pass] = true;
        if (whole[pass]) {
          X_gs[pass] = ph::vload<4>(&X_[i0 * 32 + g]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 8; ++pass) {
      const int row = pass * 4 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (whole[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& X_g = X_gs[pass];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            acc_[pass * 4 + v] = X_g.v[v];
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            acc_[pass * 4 + v] = X_[i0 * 32 + i1];
          }
        }
      }
    }
  }
  #line 2 "seed:scale_in_place"
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 8; ++pass) {
      const int row = pass * 4 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[pass * 4 + v] = (acc_[pass * 4 + v] * 0.5f);
        }
      }
    }
  }
  #line 9 "seed:scale_in_place"
  __syncthreads();
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 8; ++pass) {
      const int row = pass * 4 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_[pass * 4 + v];
        }
        ph::vstore(&X_[i0 * 32 + g], out);
      }
    }
  }
}
