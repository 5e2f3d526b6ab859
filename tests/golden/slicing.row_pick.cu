
// kernel row_pick [C=64]: 128 threads a CTA, 3136 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 21 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_row_pick(f32* X_, f32* Y_, i32 i_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 23 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 24 "tests/corpus/slicing.phobos"
  f32 row_[4];  // tile<f32>[64] in registers: 1 row of 64, a group of 16 threads per row, each lane holding 1 group of 4
  ph::Box<1> row_box;
  const i64 at = (i64)(i_);
  ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 64, N_) - c_}};
  if (at < 0 || at >= M_) box = {};
  box.normalize();
  const i64 at_2 = (i64)(i_);
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
        X_gs[0] = ph::vload<4>(&X_[at_2 * N_ + c_ + g]);
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
          row_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          row_[v] = X_[at_2 * N_ + c_ + i0];
        }
      }
    }
  }
  row_box = box;
  #line 25 "tests/corpus/slicing.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[8, 64]
  ph::Box<2> t_box;
  ph::Box<2> box_2 = {{0, ph::max64(c_, 0) - c_}, {ph::min64(8, M_), ph::min64(c_ + 64, N_) - c_}};
  box_2.normalize();
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[i0 * N_ + (c_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&t_[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          t_[i0 * 64 + i1] = X_[i0 * N_ + (c_ + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_2.has(i0, i1)) continue;
      t_[i0 * 64 + i1] = X_[i0 * N_ + (c_ + i1)];
    }
  }
  t_box = box_2;
  #line 26 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{row_box.lo[0]}, {row_box.hi[0]}};
  if (2 < 0 || 2 >= 8) box_3 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    const int row = threadIdx.x / 16;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = row_[v];
        }
        ph::vstore(&t_[2 * 64 + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          t_[2 * 64 + i0] = row_[v];
        }
      }
    }
  }
  #line 27 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(0, t_box.lo[0]), ph::max64(8, t_box.lo[1]) - 8}, {ph::min64(2, t_box.hi[0]), ph::min64(16, t_box.hi[1]) - 8}};
  box_4.normalize();
  f32* tmp = (f32*)(smem + 3072);  // tile<f32>[2, 8]
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    if (!box_4.has(i0, i1)) continue;
    tmp[i0 * 8 + i1] = (t_[i0 * 64 + (8 + i1)] * 10.0f);
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 4; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 8 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_g.v[v];
      }
      ph::vstore(&t_[(3 + i0) * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_4.has(i0, i1)) continue;
        t_[(3 + i0) * 64 + i1] = tmp[i0 * 8 + i1];
      }
    }
  }
  #line 28 "tests/corpus/slicing.phobos"
  __syncthreads();
  f32* tail_ = (f32*)(smem + 2048);  // tile<f32>[4, 64]
  ph::Box<2> tail_box;
  ph::Box<2> box_5 = {{ph::max64(6, t_box.lo[0]) - 6, ph::max64(0, t_box.lo[1])}, {ph::min64(10, t_box.hi[0]) - 6, ph::min64(64, t_box.hi[1])}};
  box_5.normalize();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[(6 + i0) * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = t_g.v[v];
      }
      ph::vstore(&tail_[i0 * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_5.has(i0, i1)) continue;
        tail_[i0 * 64 + i1] = t_[(6 + i0) * 64 + i1];
      }
    }
  }
  tail_box = box_5;
  #line 29 "tests/corpus/slicing.phobos"
  const ph::Box<2> box_6 = {{t_box.lo[0], ph::max64(t_box.lo[1], -c_)}, {ph::min64(t_box.hi[0], M_), ph::min64(t_box.hi[1], N_ - c_)}};
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 64 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = t_g.v[v];
        }
        ph::vstore(&Y_[i0 * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          Y_[i0 * N_ + (c_ + i1)] = t_[i0 * 64 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_6.has(i0, i1)) continue;
      Y_[i0 * N_ + (c_ + i1)] = t_[i0 * 64 + i1];
    }
  }
  #line 30 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(0, tail_box.lo[1])}, {ph::min64(64, tail_box.hi[1])}};
  if (1 < tail_box.lo[0] || 1 >= tail_box.hi[0]) box_7 = {};
  box_7.normalize();
  ph::Box<1> box_8 = {{ph::max64(box_7.lo[0], -c_)}, {ph::min64(box_7.hi[0], N_ - c_)}};
  if (8 < 0 || 8 >= M_) box_8 = {};  // the window's index is outside
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int g = e * 4;
      if (box_8.has(g) && box_8.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> tail_g = ph::vload<4>(&tail_[1 * 64 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (tail_g.v[v] - 1.0f);
        }
        ph::vstore(&Y_[8 * N_ + c_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          Y_[8 * N_ + c_ + i0] = (tail_[1 * 64 + i0] - 1.0f);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 128) {
      if (!box_8.has(i0)) continue;
      Y_[8 * N_ + c_ + i0] = (tail_[1 * 64 + i0] - 1.0f);
    }
  }
}
