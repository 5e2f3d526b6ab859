
// kernel tile_self: 128 threads a CTA, 2048 bytes of shared memory
// for launches where 16-byte aligned: X, Z; rows 16-byte multiples apart: X, Z
#line 83 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tile_self(f32* X_, f32* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 84 "tests/corpus/overlap.phobos"
  f32* t_ = (f32*)(smem + 0);  // tile<f32>[16, 16]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = X_g.v[v];
    }
    ph::vstore(&t_[i0 * 16 + g], out);
  }
  #line 85 "tests/corpus/overlap.phobos"
  __syncthreads();
  f32* tmp = (f32*)(smem + 1024);  // tile<f32>[15, 16]
  for (int e = threadIdx.x; e < 240; e += 128) {
    const int i0 = e / 16;
    const int i1 = e % 16;
    tmp[i0 * 16 + i1] = (t_[i0 * 16 + i1] + 1.0f);
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 60; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = tmp_g.v[v];
    }
    ph::vstore(&t_[(1 + i0) * 16 + g], out);
  }
  #line 86 "tests/corpus/overlap.phobos"
  __syncthreads();
  const f32 s = (0 <= 0 && 0 < 16 && 0 <= 3 && 3 < 16 ? t_[3] : 0.0f);
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = ((t_g.v[v] * 0.5f) + s);
    }
    ph::vstore(&t_[i0 * 16 + g], out);
  }
  #line 87 "tests/corpus/overlap.phobos"
  __syncthreads();
  f32 row_max[1];  // the max of each row this thread holds
  // max along the last axis of tile<f32>[16, 16]: 16 rows of 16, a group of 4 threads per row, each lane holding 1 group of 4; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    const int row = threadIdx.x / 4;
    const int i0 = row;
    const bool live = row < 16;  // the row exists
    const int end = live ? 16 : 0;
    f32 acc = (0 < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (g + 4 <= end) {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          acc = fmaxf(acc, t_[i0 * 16 + j]);
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int j = g + v;
          if (j < end) acc = fmaxf(acc, t_[i0 * 16 + j]);
        }
      }
    }
    // the 4 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 2; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 4));
    if (live) {
      row_max[0] = acc;
    }
  }
  {
    const int lane = threadIdx.x % 4;  // the thread's place in its row's group
    const int row = threadIdx.x / 4;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 16)) continue;
      const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 16 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (t_g.v[v] - row_max[0]);
      }
      ph::vstore(&t_[i0 * 16 + g], out);
    }
  }
  #line 88 "tests/corpus/overlap.phobos"
  __syncthreads();
  f32* tmp_2 = (f32*)(smem + 1024);  // tile<f32>[16, 16]
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 16;
    const int i1 = e % 16;
    tmp_2[i0 * 16 + i1] = t_[i1 * 16 + i0];
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> tmp_2_g = ph::vload<4>(&tmp_2[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = tmp_2_g.v[v];
    }
    ph::vstore(&t_[i0 * 16 + g], out);
  }
  #line 89 "tests/corpus/overlap.phobos"
  __syncthreads();
  f32* tmp_3 = (f32*)(smem + 1024);  // tile<f32>[16, 8]
  for (int e = threadIdx.x; e < 128; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    tmp_3[i0 * 8 + i1] = (t_[i0 * 16 + (8 + i1)] - t_[i1]);
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> tmp_3_g = ph::vload<4>(&tmp_3[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = tmp_3_g.v[v];
    }
    ph::vstore(&t_[i0 * 16 + g], out);
  }
  #line 90 "tests/corpus/overlap.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    const ph::Vec<f32, 4> t_g = ph::vload<4>(&t_[i0 * 16 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = t_g.v[v];
    }
    ph::vstore(&Z_[i0 * 16 + g], out);
  }
}
