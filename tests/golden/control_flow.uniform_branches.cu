
// kernel uniform_branches [T=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 98 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_uniform_branches(f32* X_, f32* Y_, i32 flag_, i64 N_) {
  #line 100 "tests/corpus/control_flow.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 101 "tests/corpus/control_flow.phobos"
  if ((((i64)((i64)blockIdx.x % 2ll)) == 0ll)) {
    #line 102 "tests/corpus/control_flow.phobos"
    ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
    box.normalize();
    const ph::Box<1> box_2 = {{ph::max64(box.lo[0], -c_)}, {ph::min64(box.hi[0], N_ - c_)}};
    if (c_ % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 16; e += 128) {
        const int g = e * 4;
        if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[c_ + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (X_g.v[v] * 2.0f);
          }
          ph::vstore(&Y_[c_ + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_2.has(i0)) continue;
            Y_[c_ + i0] = (X_[c_ + i0] * 2.0f);
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
        if (!box_2.has(i0)) continue;
        Y_[c_ + i0] = (X_[c_ + i0] * 2.0f);
      }
    }
  } else {
    #line 104 "tests/corpus/control_flow.phobos"
    if ((flag_ > 0)) {
      #line 105 "tests/corpus/control_flow.phobos"
      ph::Box<1> box_3 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
      box_3.normalize();
      const ph::Box<1> box_4 = {{ph::max64(box_3.lo[0], -c_)}, {ph::min64(box_3.hi[0], N_ - c_)}};
      if (c_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 16; e += 128) {
          const int g = e * 4;
          if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[c_ + g]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (X_g.v[v] + 100.0f);
            }
            ph::vstore(&Y_[c_ + g], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i0 = g + v;
              if (!box_4.has(i0)) continue;
              Y_[c_ + i0] = (X_[c_ + i0] + 100.0f);
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
          if (!box_4.has(i0)) continue;
          Y_[c_ + i0] = (X_[c_ + i0] + 100.0f);
        }
      }
    }
  }
  #line 108 "tests/corpus/control_flow.phobos"
  i64 k_ = 0ll;
  #line 109 "tests/corpus/control_flow.phobos"
  f32 t_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> t_box;
  ph::Box<1> box_5 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
  box_5.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
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
          if (!box_5.has(i0)) continue;
          t_[v] = X_[c_ + i0];
        }
      }
    }
  }
  t_box = box_5;
  #line 110 "tests/corpus/control_flow.phobos"
  while ((k_ < 3ll)) {
    #line 111 "tests/corpus/control_flow.phobos"
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
            t_[v] = (t_[v] * 0.5f);
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!t_box.has(i0)) continue;
            t_[v] = (t_[v] * 0.5f);
          }
        }
      }
    }
    #line 112 "tests/corpus/control_flow.phobos"
    k_ = ph::wadd(k_, 1ll);
  }
  #line 114 "tests/corpus/control_flow.phobos"
  if (((i64)blockIdx.x == 1ll)) {
    #line 115 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const ph::Box<1> box_6 = {{ph::max64(t_box.lo[0], -c_)}, {ph::min64(t_box.hi[0], N_ - c_)}};
    {
      const int lane = threadIdx.x % 16;  // the thread's place in its row's group
      const int row = threadIdx.x / 16;
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
