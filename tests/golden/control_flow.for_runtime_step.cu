
// kernel for_runtime_step [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 227 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_for_runtime_step(f32* X_, f32* Y_, f32* Z_, i64 step_, i64 N_) {
  #line 229 "tests/corpus/control_flow.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 230 "tests/corpus/control_flow.phobos"
  f32 t_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> t_box;
  ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 1 && c_ % 4 == 0 && box.has(g) && box.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[c_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          t_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          t_[v] = X_[c_ + i0];
        }
      }
    }
  }
  t_box = box;
  #line 231 "tests/corpus/control_flow.phobos"
  const i64 hi = ph::wadd((i64)blockIdx.x, 7ll);
  for (i64 k_ = (i64)blockIdx.x; step_ > 0 && k_ < hi; k_ += step_) {
    if (t_box.lo[0] == 0 && t_box.hi[0] == 64) {  // every window inside its tensor, every tile whole
      #line 232 "tests/corpus/control_flow.phobos"
      const f32 s = (f32)(k_);
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            t_[v] = ((t_[v] * 0.5f) + s);
          }
        }
      }
      t_box = {{0}, {64}};
    } else {
      #line 232 "tests/corpus/control_flow.phobos"
      const f32 s_2 = (f32)(k_);
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          if (t_box.has(g) && t_box.has(g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              t_[v] = ((t_[v] * 0.5f) + s_2);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              if (!t_box.has(i0)) continue;
              t_[v] = ((t_[v] * 0.5f) + s_2);
            }
          }
        }
      }
    }
  }
  #line 234 "tests/corpus/control_flow.phobos"
  const ph::Box<1> box_2 = {{ph::max64(t_box.lo[0], -c_)}, {ph::min64(t_box.hi[0], N_ - c_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = t_[v];
        }
        ph::vstore(&Y_[c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          Y_[c_ + i0] = t_[v];
        }
      }
    }
  }
  #line 235 "tests/corpus/control_flow.phobos"
  f32 u_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> u_box;
  ph::Box<1> box_3 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
  box_3.normalize();
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs_2[1];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_2[0] = row < 1 && c_ % 4 == 0 && box_3.has(g) && box_3.has(g + 3);
      if (whole_2[0]) {
        X_gs_2[0] = ph::vload<4>(&X_[c_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole_2[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs_2[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          u_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          u_[v] = X_[c_ + i0];
        }
      }
    }
  }
  u_box = box_3;
  #line 236 "tests/corpus/control_flow.phobos"
  for (i64 k_2_ = 1ll; step_ > 0 && k_2_ < N_; k_2_ += step_) {
    if (u_box.lo[0] == 0 && u_box.hi[0] == 64) {  // every window inside its tensor, every tile whole
      #line 237 "tests/corpus/control_flow.phobos"
      if ((k_2_ > 9ll)) {
        #line 238 "tests/corpus/control_flow.phobos"
        break;
      }
      #line 240 "tests/corpus/control_flow.phobos"
      const f32 s_3 = (f32)(k_2_);
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            u_[v] = (u_[v] + s_3);
          }
        }
      }
      u_box = {{0}, {64}};
    } else {
      #line 237 "tests/corpus/control_flow.phobos"
      if ((k_2_ > 9ll)) {
        #line 238 "tests/corpus/control_flow.phobos"
        break;
      }
      #line 240 "tests/corpus/control_flow.phobos"
      const f32 s_4 = (f32)(k_2_);
      {
        const int lane = threadIdx.x % 16;  // the thread's place in its row's group
        const int row = threadIdx.x / 16;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          if (u_box.has(g) && u_box.has(g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              u_[v] = (u_[v] + s_4);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              if (!u_box.has(i0)) continue;
              u_[v] = (u_[v] + s_4);
            }
          }
        }
      }
    }
  }
  #line 242 "tests/corpus/control_flow.phobos"
  const ph::Box<1> box_4 = {{ph::max64(u_box.lo[0], -c_)}, {ph::min64(u_box.hi[0], N_ - c_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = u_[v];
        }
        ph::vstore(&Z_[c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          Z_[c_ + i0] = u_[v];
        }
      }
    }
  }
}
