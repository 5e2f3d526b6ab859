
// kernel rms_gemm_narrow_bf16 [TM=64]: 128 threads a CTA, 12288 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: G, W, X, Y; rows 16-byte multiples apart: G, W, X, Y
#line 365 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_rms_gemm_narrow_bf16(bf16* X_, bf16* G_, bf16* W_, f32* Y_, f32 eps_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 370 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 371 "tests/corpus/dot.phobos"
  f32 x_[32];  // tile<f32>[64, 64] in registers: 64 rows of 64, a group of 8 threads per row, each lane holding 1 group of 8 in each of 4 passes
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, 0}, {ph::min64(m0_ + 64, M_) - m0_, 64}};
  box.normalize();
  bool whole[4];  // whether each of this thread's groups is read whole
  ph::Vec<bf16, 8> X_gs[4];
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        whole[pass] = box.has(i0, g) && box.has(i0, g + 7);
        if (whole[pass]) {
          X_gs[pass] = ph::vload<8>(&X_[m0_ * 64 + (i0 * 64 + g)]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (whole[pass]) {  // the whole group is present and aligned
          const ph::Vec<bf16, 8>& X_g = X_gs[pass];
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            x_[pass * 8 + v] = (f32)(ph::from_bf16(X_g.v[v]));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            x_[pass * 8 + v] = (f32)(ph::from_bf16(X_[m0_ * 64 + (i0 * 64 + i1)]));
          }
        }
      }
    }
  }
  x_box = box;
  #line 372 "tests/corpus/dot.phobos"
  bf16* h_ = (bf16*)(smem + 0);  // tile<bf16>[64, 64]
  ph::Box<2> h_box;
  f32 row_sum[4];  // the sum of each row this thread holds
  // sum along the last axis of tile<f32>[64, 64]: 64 rows of 64, a group of 8 threads per row, each lane holding 1 group of 8 in each of 4 passes; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      const bool live = x_box.lo[0] <= i0 && i0 < x_box.hi[0];  // the row is present
      const int begin = (int)x_box.lo[1];
      const int end = live ? (int)x_box.hi[1] : 0;
      f32 acc = 0.0f;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (begin <= g && g + 8 <= end) {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            acc = (acc + (x_[pass * 8 + v] * x_[pass * 8 + v]));
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int j = g + v;
            if (begin <= j && j < end) acc = (acc + (x_[pass * 8 + v] * x_[pass * 8 + v]));
          }
        }
      }
      // the 8 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 4; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 8));
      if (live) {
        row_sum[pass] = acc;
      }
    }
  }
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 4; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 8;
        if (x_box.has(i0, g) && x_box.has(i0, g + 7)) {  // the whole group is present and aligned
          const ph::Vec<bf16, 8> G_g = ph::vload<8>(&G_[g]);
          ph::Vec<bf16, 8> out;
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            out.v[v] = ph::to_bf16(((x_[pass * 8 + v] * 1.0f / sqrtf(((row_sum[pass] / 64.0f) + eps_))) * (f32)(ph::from_bf16(G_g.v[v]))));
          }
          ph::vstore(&h_[i0 * 64 + g], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 8; ++v) {
            const int i1 = g + v;
            if (!x_box.has(i0, i1)) continue;
            h_[i0 * 64 + i1] = ph::to_bf16(((x_[pass * 8 + v] * 1.0f / sqrtf(((row_sum[pass] / 64.0f) + eps_))) * (f32)(ph::from_bf16(G_[i1]))));
          }
        }
      }
    }
  }
  h_box = x_box;
  #line 373 "tests/corpus/dot.phobos"
  __syncthreads();
  const i64 k_lo = ph::max64(h_box.lo[1], 0);
  const i64 k_hi = ph::min64(h_box.hi[1], 64);
  f32* tmp = (f32*)(smem + 8192);  // tile<f32>[64, 16]
  #if __CUDA_ARCH__ >= 800
  {  // tile<f32>[64, 16] = dot on mma.sync 16x8x16: each warp an atom of 4 x 2 a turn, its threads' shares read where the operands are
    const int lane_2 = threadIdx.x % 32;
    for (int at = threadIdx.x / 32; at < 8; at += 4) {
      const int row_2 = at / 2 * 16, col = at % 2 * 8;
      f32 acc_2[4] = {0, 0, 0, 0};
      for (i64 k0 = k_lo; k0 < k_hi; k0 += 16) {
        u32 fa[4], fb[2];
        fa[0] = (h_box.lo[0] <= row_2 + lane_2 / 4 && row_2 + lane_2 / 4 < h_box.hi[0] && k0 + lane_2 % 4 * 2 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4) * 64 + (k0 + lane_2 % 4 * 2)]).bits : 0u) | ((h_box.lo[0] <= row_2 + lane_2 / 4 && row_2 + lane_2 / 4 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 1 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4) * 64 + (k0 + lane_2 % 4 * 2 + 1)]).bits : 0u) << 16);
        fa[1] = (h_box.lo[0] <= row_2 + lane_2 / 4 + 8 && row_2 + lane_2 / 4 + 8 < h_box.hi[0] && k0 + lane_2 % 4 * 2 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4 + 8) * 64 + (k0 + lane_2 % 4 * 2)]).bits : 0u) | ((h_box.lo[0] <= row_2 + lane_2 / 4 + 8 && row_2 + lane_2 / 4 + 8 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 1 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4 + 8) * 64 + (k0 + lane_2 % 4 * 2 + 1)]).bits : 0u) << 16);
        fa[2] = (h_box.lo[0] <= row_2 + lane_2 / 4 && row_2 + lane_2 / 4 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 8 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4) * 64 + (k0 + lane_2 % 4 * 2 + 8)]).bits : 0u) | ((h_box.lo[0] <= row_2 + lane_2 / 4 && row_2 + lane_2 / 4 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 9 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4) * 64 + (k0 + lane_2 % 4 * 2 + 9)]).bits : 0u) << 16);
        fa[3] = (h_box.lo[0] <= row_2 + lane_2 / 4 + 8 && row_2 + lane_2 / 4 + 8 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 8 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4 + 8) * 64 + (k0 + lane_2 % 4 * 2 + 8)]).bits : 0u) | ((h_box.lo[0] <= row_2 + lane_2 / 4 + 8 && row_2 + lane_2 / 4 + 8 < h_box.hi[0] && k0 + lane_2 % 4 * 2 + 9 < k_hi ? (u32)(h_[(row_2 + lane_2 / 4 + 8) * 64 + (k0 + lane_2 % 4 * 2 + 9)]).bits : 0u) << 16);
        fb[0] = (k0 + lane_2 % 4 * 2 < k_hi && 0 <= col + lane_2 / 4 && col + lane_2 / 4 < 16 ? (u32)(W_[(k0 + lane_2 % 4 * 2) * 16 + (col + lane_2 / 4)]).bits : 0u) | ((k0 + lane_2 % 4 * 2 + 1 < k_hi && 0 <= col + lane_2 / 4 && col + lane_2 / 4 < 16 ? (u32)(W_[(k0 + lane_2 % 4 * 2 + 1) * 16 + (col + lane_2 / 4)]).bits : 0u) << 16);
        fb[1] = (k0 + lane_2 % 4 * 2 + 8 < k_hi && 0 <= col + lane_2 / 4 && col + lane_2 / 4 < 16 ? (u32)(W_[(k0 + lane_2 % 4 * 2 + 8) * 16 + (col + lane_2 / 4)]).bits : 0u) | ((k0 + lane_2 % 4 * 2 + 9 < k_hi && 0 <= col + lane_2 / 4 && col + lane_2 / 4 < 16 ? (u32)(W_[(k0 + lane_2 % 4 * 2 + 9) * 16 + (col + lane_2 / 4)]).bits : 0u) << 16);
        ph::mma_bf16(acc_2, fa, fb);
      }
      if (row_2 + lane_2 / 4 < 64 && col + lane_2 % 4 * 2 < 16) tmp[(row_2 + lane_2 / 4) * 16 + (col + lane_2 % 4 * 2)] = acc_2[0];
      if (row_2 + lane_2 / 4 < 64 && col + lane_2 % 4 * 2 + 1 < 16) tmp[(row_2 + lane_2 / 4) * 16 + (col + lane_2 % 4 * 2 + 1)] = acc_2[1];
      if (row_2 + lane_2 / 4 + 8 < 64 && col + lane_2 % 4 * 2 < 16) tmp[(row_2 + lane_2 / 4 + 8) * 16 + (col + lane_2 % 4 * 2)] = acc_2[2];
      if (row_2 + lane_2 / 4 + 8 < 64 && col + lane_2 % 4 * 2 + 1 < 16) tmp[(row_2 + lane_2 / 4 + 8) * 16 + (col + lane_2 % 4 * 2 + 1)] = acc_2[3];
    }
  }
  #else
  const ph::Box<2> box_2 = {{h_box.lo[0], 0}, {h_box.hi[0], 16}};
  for (int e = threadIdx.x; e < 1024; e += 128) {
    const int i0 = e / 16;
    const int i1 = e % 16;
    if (!box_2.has(i0, i1)) continue;
    f32 acc = 0.0f;
    for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + ((f32)(ph::from_bf16(h_[i0 * 64 + k])) * (f32)(ph::from_bf16(W_[k * 16 + i1]))));
    tmp[i0 * 16 + i1] = acc;
  }
  #endif
  __syncthreads();
  const ph::Box<2> box_3 = {{ph::max64(h_box.lo[0], -m0_), 0}, {ph::min64(h_box.hi[0], M_ - m0_), 16}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = tmp_g.v[v];
      }
      ph::vstore(&Y_[m0_ * 16 + (i0 * 16 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_3.has(i0, i1)) continue;
        Y_[m0_ * 16 + (i0 * 16 + i1)] = tmp[i0 * 16 + i1];
      }
    }
  }
}
