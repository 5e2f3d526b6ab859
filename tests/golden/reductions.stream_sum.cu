
// kernel stream_sum [B=512]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: G, N; 16-byte aligned: P, X; rows 16-byte multiples apart: X
#line 121 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_stream_sum(f32* X_, f32* P_, i64 N_, i64 G_) {
  #line 124 "tests/corpus/reductions.phobos"
  f32 acc_[4];  // tile<f32>[512] in registers: 1 row of 512, a group of 128 threads per row, each lane holding 1 group of 4
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        acc_[v] = 0.0f;
      }
    }
  }
  #line 125 "tests/corpus/reductions.phobos"
  const i64 step = ph::wmul((i64)gridDim.x, 512ll);
  for (i64 c_ = ph::wmul((i64)blockIdx.x, 512ll); step > 0 && c_ < N_; c_ += step) {
    if (c_ >= 0 && c_ + 512 <= N_) {  // every window inside its tensor, every tile whole
      #line 126 "tests/corpus/reductions.phobos"
      bool whole[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs[1];
      {
        const int lane = threadIdx.x % 128;  // the thread's place in its row's group
        const int row = threadIdx.x / 128;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole[0] = c_ % 4 == 0;
          if (whole[0]) {
            X_gs[0] = ph::vload<4>(&X_[c_ + g]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 128;  // the thread's place in its row's group
        const int row = threadIdx.x / 128;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (whole[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[v] = (acc_[v] + X_g.v[v]);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              acc_[v] = (acc_[v] + X_[c_ + i0]);
            }
          }
        }
      }
    } else {
      #line 126 "tests/corpus/reductions.phobos"
      ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 512, N_) - c_}};
      box.normalize();
      bool whole_2[1];  // whether each of this thread's groups is read whole
      ph::Vec<f32, 4> X_gs_2[1];
      {
        const int lane = threadIdx.x % 128;  // the thread's place in its row's group
        const int row = threadIdx.x / 128;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          whole_2[0] = c_ % 4 == 0 && box.has(g) && box.has(g + 3);
          if (whole_2[0]) {
            X_gs_2[0] = ph::vload<4>(&X_[c_ + g]);
          }
        }
      }
      {
        const int lane = threadIdx.x % 128;  // the thread's place in its row's group
        const int row = threadIdx.x / 128;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (whole_2[0]) {  // the whole group is present and aligned
            const ph::Vec<f32, 4>& X_g = X_gs_2[0];
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[v] = (acc_[v] + X_g.v[v]);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              if (!box.has(i0)) continue;
              acc_[v] = (acc_[v] + X_[c_ + i0]);
            }
          }
        }
      }
    }
  }
  #line 128 "tests/corpus/reductions.phobos"
  f32 sum = 0.0f;
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        sum = (sum + acc_[v]);
      }
    }
  }
  sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) P_[(i64)blockIdx.x * 2] = sum;
  #line 129 "tests/corpus/reductions.phobos"
  __syncthreads();
  f32 max_2 = __int_as_float(0x7fc00000);
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        max_2 = fmaxf(max_2, acc_[v]);
      }
    }
  }
  max_2 = ph::cta_reduce(max_2, ph::Max(), (f32)__int_as_float(0x7fc00000));
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G_) P_[(i64)blockIdx.x * 2 + 1] = max_2;
}
