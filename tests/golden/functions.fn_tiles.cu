
// kernel fn_tiles [T=64]: 128 threads a CTA, 256 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: C, H, X, Y; rows 16-byte multiples apart: C, H, X, Y
#line 47 "tests/corpus/functions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_fn_tiles(f32* X_, f32* Y_, f32* H_, f32* C_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 49 "tests/corpus/functions.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 50 "tests/corpus/functions.phobos"
  f32 a_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> a_box;
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
          a_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          a_[v] = X_[c_ + i0];
        }
      }
    }
  }
  a_box = box;
  #line 51 "tests/corpus/functions.phobos"
  f32 b_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> b_box;
  ph::Box<1> box_2 = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
  box_2.normalize();
  bool whole_2[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> Y_gs[1];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole_2[0] = row < 1 && c_ % 4 == 0 && box_2.has(g) && box_2.has(g + 3);
      if (whole_2[0]) {
        Y_gs[0] = ph::vload<4>(&Y_[c_ + g]);
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
        const ph::Vec<f32, 4>& Y_g = Y_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          b_[v] = Y_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          b_[v] = Y_[c_ + i0];
        }
      }
    }
  }
  b_box = box_2;
  #line 52 "tests/corpus/functions.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[64]
  ph::Box<1> t_box;
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (a_box.has(g) && a_box.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = a_[v];
        }
        ph::vstore(&t_[g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!a_box.has(i0)) continue;
          t_[i0] = a_[v];
        }
      }
    }
  }
  t_box = a_box;
  #line 19 "tests/corpus/functions.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 1; e += 128) {
    const int g = 0;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&t_[g], out);
  }
  #line 54 "tests/corpus/functions.phobos"
  const ph::Box<1> box_3 = {{ph::max64(ph::max64(a_box.lo[0], b_box.lo[0]), -c_)}, {ph::min64(ph::min64(a_box.hi[0], b_box.hi[0]), N_ - c_)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sqrtf(((a_[v] * a_[v]) + (b_[v] * b_[v])));
        }
        ph::vstore(&H_[c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          H_[c_ + i0] = sqrtf(((a_[v] * a_[v]) + (b_[v] * b_[v])));
        }
      }
    }
  }
  #line 9 "tests/corpus/functions.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int g = e * 4;
    if (t_box.has(g) && t_box.has(g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (t_g.v[v] * 0.5f);
      }
      ph::vstore(&t_[g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!t_box.has(i0)) continue;
        t_[i0] = (t_[i0] * 0.5f);
      }
    }
  }
  #line 56 "tests/corpus/functions.phobos"
  const f32 bias_ = 0.25f;
  #line 14 "tests/corpus/functions.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int g = e * 4;
    if (t_box.has(g) && t_box.has(g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (t_g.v[v] + bias_);
      }
      ph::vstore(&t_[g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!t_box.has(i0)) continue;
        t_[i0] = (t_[i0] + bias_);
      }
    }
  }
  #line 58 "tests/corpus/functions.phobos"
  __syncthreads();
  const ph::Box<1> box_4 = {{ph::max64(t_box.lo[0], -c_)}, {ph::min64(t_box.hi[0], N_ - c_)}};
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = fminf(fmaxf(t_g.v[v], 0.0f), 1.0f);
        }
        ph::vstore(&C_[c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          C_[c_ + i0] = fminf(fmaxf(t_[i0], 0.0f), 1.0f);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_4.has(i0)) continue;
      C_[c_ + i0] = fminf(fmaxf(t_[i0], 0.0f), 1.0f);
    }
  }
}
