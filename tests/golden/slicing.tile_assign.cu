
// kernel tile_assign: 128 threads a CTA, 768 bytes of shared memory
// for launches where 16-byte aligned: A, B, C, D, X; rows 16-byte multiples apart: A, B, C, D, X
#line 71 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tile_assign(f32* X_, f32* A_, f32* B_, f32* C_, f32* D_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 73 "tests/corpus/slicing.phobos"
  f32* a_ = (f32*)(smem + 0);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = X_g.v[v];
    }
    ph::vstore(&a_[i0 * 8 + g], out);
  }
  #line 74 "tests/corpus/slicing.phobos"
  f32* b_ = (f32*)(smem + 256);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&b_[i0 * 8 + g], out);
  }
  #line 75 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = a_g.v[v];
    }
    ph::vstore(&b_[i0 * 8 + g], out);
  }
  #line 76 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<1> box = {{0}, {8}};
  if (0 < 0 || 0 >= 8) box = {};  // the window's index is outside
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 2; e += 128) {
    const int g = e * 4;
    if (box.has(g) && box.has(g + 3)) {  // the whole group is present
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = 5.0f;
      }
      ph::vstore(&b_[g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!box.has(i0)) continue;
        b_[i0] = 5.0f;
      }
    }
  }
  #line 77 "tests/corpus/slicing.phobos"
  f32 c_[4];  // tile<f32>[8, 8] in registers: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        c_[v] = 1.0f;
      }
    }
  }
  #line 78 "tests/corpus/slicing.phobos"
  f32 row_sum[1];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[8, 8]: 8 rows of 8, a group of 2 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 8;  // the row exists
    const int end = live ? 8 : 0;
    f32 acc = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = (acc + a_[i0 * 8 + j]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (j < end) acc = (acc + a_[i0 * 8 + j]);
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 2));
    if (live) {
      row_sum[0] = acc;
    }
  }
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        c_[v] = row_sum[0];
      }
    }
  }
  #line 79 "tests/corpus/slicing.phobos"
  f32* d_ = (f32*)(smem + 512);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&d_[i0 * 8 + g], out);
  }
  #line 80 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      const int i1 = g + v;
      out.v[v] = a_[i1 * 8 + i0];
    }
    ph::vstore(&d_[i0 * 8 + g], out);
  }
  #line 81 "tests/corpus/slicing.phobos"
  __syncthreads();
  d_[9] = -1.0f;
  #line 82 "tests/corpus/slicing.phobos"
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = a_g.v[v];
    }
    ph::vstore(&A_[i0 * 8 + g], out);
  }
  #line 83 "tests/corpus/slicing.phobos"
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = b_g.v[v];
    }
    ph::vstore(&B_[i0 * 8 + g], out);
  }
  #line 84 "tests/corpus/slicing.phobos"
  {
    const int lane = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 8)) continue;
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = c_[v];
      }
      ph::vstore(&C_[i0 * 8 + g], out);
    }
  }
  #line 85 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> d_g = ph::vload<4>(&d_[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = d_g.v[v];
    }
    ph::vstore(&D_[i0 * 8 + g], out);
  }
}
