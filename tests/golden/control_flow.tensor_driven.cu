
// kernel tensor_driven [T=32]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: P, X, Y; rows 16-byte multiples apart: P, X, Y
#line 121 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tensor_driven(i32* P_, f32* X_, f32* Y_, i64 N_) {
  #line 123 "tests/corpus/control_flow.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 124 "tests/corpus/control_flow.phobos"
  if ((P_[0] > 0)) {
    #line 125 "tests/corpus/control_flow.phobos"
    ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 32, N_) - c_}};
    box.normalize();
    const ph::Box<1> box_2 = {{ph::max64(box.lo[0], -c_)}, {ph::min64(box.hi[0], N_ - c_)}};
    if (c_ % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int g = e * 4;
        if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[c_ + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (X_g.v[v] + 1.0f);
          }
          ph::vstore(&Y_[c_ + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_2.has(i0)) continue;
            Y_[c_ + i0] = (X_[c_ + i0] + 1.0f);
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
        if (!box_2.has(i0)) continue;
        Y_[c_ + i0] = (X_[c_ + i0] + 1.0f);
      }
    }
  } else {
    #line 127 "tests/corpus/control_flow.phobos"
    ph::Box<1> box_3 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 32, N_) - c_}};
    box_3.normalize();
    const ph::Box<1> box_4 = {{ph::max64(box_3.lo[0], -c_)}, {ph::min64(box_3.hi[0], N_ - c_)}};
    if (c_ % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int g = e * 4;
        if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[c_ + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (X_g.v[v] - 1.0f);
          }
          ph::vstore(&Y_[c_ + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_4.has(i0)) continue;
            Y_[c_ + i0] = (X_[c_ + i0] - 1.0f);
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
        if (!box_4.has(i0)) continue;
        Y_[c_ + i0] = (X_[c_ + i0] - 1.0f);
      }
    }
  }
  #line 129 "tests/corpus/control_flow.phobos"
  f32 t_[4];  // tile<f32>[32] in registers: 1 row of 32, a group of 8 threads per row, each lane holding 1 group of 4
  ph::Box<1> t_box;
  ph::Box<1> box_5 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 32, N_) - c_}};
  box_5.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 1 && c_ % 4 == 0 && box_5.has(g) && box_5.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[c_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
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
          if (!box_5.has(i0)) continue;
          t_[v] = X_[c_ + i0];
        }
      }
    }
  }
  t_box = box_5;
  #line 130 "tests/corpus/control_flow.phobos"
  const i64 hi = (i64)(P_[1]);
  for (i64 k_ = 0ll; k_ < hi; ++k_) {
    if (t_box.lo[0] == 0 && t_box.hi[0] == 32) {  // every window inside its tensor, every tile whole
      #line 131 "tests/corpus/control_flow.phobos"
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            t_[v] = (t_[v] * 2.0f);
          }
        }
      }
      t_box = {{0}, {32}};
    } else {
      #line 131 "tests/corpus/control_flow.phobos"
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (!(row < 1)) continue;
          if (t_box.has(g) && t_box.has(g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              t_[v] = (t_[v] * 2.0f);
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              if (!t_box.has(i0)) continue;
              t_[v] = (t_[v] * 2.0f);
            }
          }
        }
      }
    }
  }
  #line 133 "tests/corpus/control_flow.phobos"
  if ((P_[2] == 1)) {
    #line 134 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const ph::Box<1> box_6 = {{ph::max64(t_box.lo[0], -c_)}, {ph::min64(t_box.hi[0], N_ - c_)}};
    {
      const int lane = threadIdx.x % 8;  // the thread's place in its row's group
      const int row = threadIdx.x / 8;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (!(row < 1)) continue;
        if (c_ % 4 == 0 && box_6.has(g) && box_6.has(g + 3)) {  // the whole group is present and aligned
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
            if (!box_6.has(i0)) continue;
            Y_[c_ + i0] = t_[v];
          }
        }
      }
    }
  }
}
