
// kernel mixed_windows [C=32]: 128 threads a CTA, 2304 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: J, K, X, Y; rows 16-byte multiples apart: J, K, X, Y
#line 35 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_mixed_windows(f32* X_, i32* K_, f32* Y_, i32* J_, i32 s_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 38 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 39 "tests/corpus/slicing.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[8, 32]
  ph::Box<2> t_box;
  ph::Box<2> box = {{0, ph::max64(c_, 0) - c_}, {ph::min64(8, M_), ph::min64(c_ + 32, N_) - c_}};
  box.normalize();
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[i0 * N_ + (c_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&t_[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          t_[i0 * 32 + i1] = X_[i0 * N_ + (c_ + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box.has(i0, i1)) continue;
      t_[i0 * 32 + i1] = X_[i0 * N_ + (c_ + i1)];
    }
  }
  t_box = box;
  #line 40 "tests/corpus/slicing.phobos"
  i32* k_ = (i32*)(smem + 1024);  // tile<i32>[8, 32]
  ph::Box<2> k_box;
  ph::Box<2> box_2 = {{0, ph::max64(c_, 0) - c_}, {ph::min64(8, M_), ph::min64(c_ + 32, N_) - c_}};
  box_2.normalize();
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> K_g = ph::vload<4>(&K_[i0 * N_ + (c_ + g)]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = K_g.v[v];
        }
        ph::vstore(&k_[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          k_[i0 * 32 + i1] = K_[i0 * N_ + (c_ + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_2.has(i0, i1)) continue;
      k_[i0 * 32 + i1] = K_[i0 * N_ + (c_ + i1)];
    }
  }
  k_box = box_2;
  #line 41 "tests/corpus/slicing.phobos"
  __syncthreads();
  const i64 at = (i64)(s_);
  ph::Box<1> box_3 = {{ph::max64(0, t_box.lo[1])}, {ph::min64(32, t_box.hi[1])}};
  if (at < t_box.lo[0] || at >= t_box.hi[0]) box_3 = {};
  box_3.normalize();
  const i64 at_2 = (i64)(s_);
  f32* tmp = (f32*)(smem + 2048);  // tile<f32>[32]
  for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
    if (!box_3.has(i0)) continue;
    tmp[i0] = (t_[at_2 * 32 + i0] + 1.0f);
  }
  __syncthreads();
  ph::Box<1> box_4 = {{box_3.lo[0]}, {box_3.hi[0]}};
  if (1 < 0 || 1 >= 8) box_4 = {};  // the window's index is outside
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int g = e * 4;
    if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_g.v[v];
      }
      ph::vstore(&t_[1 * 32 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!box_4.has(i0)) continue;
        t_[1 * 32 + i0] = tmp[i0];
      }
    }
  }
  #line 42 "tests/corpus/slicing.phobos"
  __syncthreads();
  const i64 start = (i64)(s_);
  ph::Box<2> box_5 = {{ph::max64(start, k_box.lo[0]) - start, ph::max64(0, k_box.lo[1])}, {ph::min64(start + 2, k_box.hi[0]) - start, ph::min64(32, k_box.hi[1])}};
  box_5.normalize();
  const i64 start_2 = (i64)(s_);
  i32* tmp_2 = (i32*)(smem + 2048);  // tile<i32>[2, 32]
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 32;
    const int i1 = e % 32;
    if (!box_5.has(i0, i1)) continue;
    tmp_2[i0 * 32 + i1] = ph::wmul(k_[(start_2 + i0) * 32 + i1], 3);
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<i32, 4> tmp_2_g = ph::vload<4>(&tmp_2[i0 * 32 + g]);
      ph::Vec<i32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_2_g.v[v];
      }
      ph::vstore(&k_[(2 + i0) * 32 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_5.has(i0, i1)) continue;
        k_[(2 + i0) * 32 + i1] = tmp_2[i0 * 32 + i1];
      }
    }
  }
  #line 43 "tests/corpus/slicing.phobos"
  const ph::Box<2> box_6 = {{t_box.lo[0], ph::max64(t_box.lo[1], -c_)}, {ph::min64(t_box.hi[0], M_), ph::min64(t_box.hi[1], N_ - c_)}};
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 32 + g]);
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
          Y_[i0 * N_ + (c_ + i1)] = t_[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_6.has(i0, i1)) continue;
      Y_[i0 * N_ + (c_ + i1)] = t_[i0 * 32 + i1];
    }
  }
  #line 44 "tests/corpus/slicing.phobos"
  __syncthreads();
  const ph::Box<2> box_7 = {{k_box.lo[0], ph::max64(k_box.lo[1], -c_)}, {ph::min64(k_box.hi[0], M_), ph::min64(k_box.hi[1], N_ - c_)}};
  if (c_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_7.has(i0, g) && box_7.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> k_g = ph::vload<4>(&k_[i0 * 32 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = k_g.v[v];
        }
        ph::vstore(&J_[i0 * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_7.has(i0, i1)) continue;
          J_[i0 * N_ + (c_ + i1)] = k_[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_7.has(i0, i1)) continue;
      J_[i0 * N_ + (c_ + i1)] = k_[i0 * 32 + i1];
    }
  }
}
