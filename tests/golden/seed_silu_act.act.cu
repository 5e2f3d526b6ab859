
// kernel act [TILE=1024]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 3 "seed:silu_act"
extern "C" __global__ void __launch_bounds__(128) phobos_act(f32* X_, f32* Y_, i64 N_) {
  #line 5 "seed:silu_act"
  const i64 base_ = ph::wmul((i64)blockIdx.x, 1024ll);
  #line 6 "seed:silu_act"
  f32 x_[8];  // tile<f32>[1024] in registers: 1 row of 1024, a group of 128 threads per row, each lane holding 2 groups of 4
  ph::Box<1> x_box;
  ph::Box<1> box = {{ph::max64(base_, 0) - base_}, {ph::min64(base_ + 1024, N_) - base_}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 128) * 4;
      whole[slot] = base_ % 4 == 0 && box.has(g) && box.has(g + 3);
      if (whole[slot]) {
        X_gs[slot] = ph::vload<4>(&X_[base_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 128) * 4;
      if (whole[slot]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[slot];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x_[slot * 4 + v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          x_[slot * 4 + v] = X_[base_ + i0];
        }
      }
    }
  }
  x_box = box;
  #line 7 "seed:silu_act"
  const ph::Box<1> box_2 = {{ph::max64(x_box.lo[0], -base_)}, {ph::min64(x_box.hi[0], N_ - base_)}};
  {
    const int lane = threadIdx.x % 128;  // the thread's place in its row's group
    const int row = threadIdx.x / 128;
    #pragma unroll
    for (int slot = 0; slot < 2; ++slot) {
      const int g = (lane + slot * 128) * 4;
      if (base_ % 4 == 0 && box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (x_[slot * 4 + v] / (1.0f + expf((-(x_[slot * 4 + v])))));
        }
        ph::vstore(&Y_[base_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          Y_[base_ + i0] = (x_[slot * 4 + v] / (1.0f + expf((-(x_[slot * 4 + v])))));
        }
      }
    }
  }
}
