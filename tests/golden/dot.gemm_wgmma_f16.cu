
// kernel gemm_wgmma_f16 [TM=64, TN=192, TK=16]: 128 threads a CTA, 98304 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C, D; rows 16-byte multiples apart: C
#line 129 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_wgmma_f16(f16* A_, f16* B_, f32* C_, f16* D_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 132 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 64ll);
  #line 133 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 192ll);
  #line 134 "tests/corpus/dot.phobos"
  f32* acc_ = (f32*)(smem + 0);  // tile<f32>[64, 192]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 3072; e += 128) {
    const int i0 = e / 48;
    const int g = (e % 48) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc_[i0 * 192 + g], out);
  }
  acc_box = {{0, 0}, {64, 192}};
  #line 135 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 16) {
    #line 136 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 64, M_) - m0_, ph::min64(k_ + 16, K_) - k_}};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(k_, 0) - k_, ph::max64(n0_, 0) - n0_}, {ph::min64(k_ + 16, K_) - k_, ph::min64(n0_ + 192, N_) - n0_}};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
    f32* tmp = (f32*)(smem + 49152);  // tile<f32>[64, 192]
    #if __CUDA_ARCH__ >= 800
    {  // tile<f32>[64, 192] = dot on mma.sync 16x8x16: each warp an atom of 4 x 24 a turn, its threads' shares read where the operands are
      const int lane = threadIdx.x % 32;
      for (int at = threadIdx.x / 32; at < 96; at += 4) {
        const int row = at / 24 * 16, col = at % 24 * 8;
        f32 acc_2[4] = {0, 0, 0, 0};
        for (i64 k0 = k_lo; k0 < k_hi; k0 += 16) {
          u32 fa[4], fb[2];
          fa[0] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 2))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 1 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 2 + 1))]).bits : 0u) << 16);
          fa[1] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 2))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 1 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 2 + 1))]).bits : 0u) << 16);
          fa[2] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 8 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 2 + 8))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 9 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 2 + 9))]).bits : 0u) << 16);
          fa[3] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 8 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 2 + 8))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 9 < k_hi ? (u32)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 2 + 9))]).bits : 0u) << 16);
          fb[0] = (k0 + lane % 4 * 2 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[(k_ + (k0 + lane % 4 * 2)) * N_ + (n0_ + (col + lane / 4))]).bits : 0u) | ((k0 + lane % 4 * 2 + 1 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[(k_ + (k0 + lane % 4 * 2 + 1)) * N_ + (n0_ + (col + lane / 4))]).bits : 0u) << 16);
          fb[1] = (k0 + lane % 4 * 2 + 8 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[(k_ + (k0 + lane % 4 * 2 + 8)) * N_ + (n0_ + (col + lane / 4))]).bits : 0u) | ((k0 + lane % 4 * 2 + 9 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[(k_ + (k0 + lane % 4 * 2 + 9)) * N_ + (n0_ + (col + lane / 4))]).bits : 0u) << 16);
          ph::mma_f16(acc_2, fa, fb);
        }
        if (row + lane / 4 < 64 && col + lane % 4 * 2 < 192) tmp[(row + lane / 4) * 192 + (col + lane % 4 * 2)] = acc_2[0];
        if (row + lane / 4 < 64 && col + lane % 4 * 2 + 1 < 192) tmp[(row + lane / 4) * 192 + (col + lane % 4 * 2 + 1)] = acc_2[1];
        if (row + lane / 4 + 8 < 64 && col + lane % 4 * 2 < 192) tmp[(row + lane / 4 + 8) * 192 + (col + lane % 4 * 2)] = acc_2[2];
        if (row + lane / 4 + 8 < 64 && col + lane % 4 * 2 + 1 < 192) tmp[(row + lane / 4 + 8) * 192 + (col + lane % 4 * 2 + 1)] = acc_2[3];
      }
    }
    #else
    const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_3.has(i0, i1)) continue;
      f32 acc = 0.0f;
      for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + ((f32)(ph::from_f16(A_[(m0_ + i0) * K_ + (k_ + k)])) * (f32)(ph::from_f16(B_[(k_ + k) * N_ + (n0_ + i1)]))));
      tmp[i0 * 192 + i1] = acc;
    }
    #endif
    __syncthreads();
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[1])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 3072; e += 128) {
      const int i0 = e / 48;
      const int g = (e % 48) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 192 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 192 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc_[i0 * 192 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          acc_[i0 * 192 + i1] = (acc_[i0 * 192 + i1] + tmp[i0 * 192 + i1]);
        }
      }
    }
    acc_box = box_4;
  }
  #line 138 "tests/corpus/dot.phobos"
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  if (n0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 3072; e += 128) {
      const int i0 = e / 48;
      const int g = (e % 48) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 192 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 192 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_5.has(i0, i1)) continue;
      C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 192 + i1];
    }
  }
  #line 139 "tests/corpus/dot.phobos"
  const ph::Box<2> box_6 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  if (n0_ % 8 == 0 && N_ % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive f16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 1536; e += 128) {
      const int i0 = e / 24;
      const int g = (e % 24) * 8;
      if (box_6.has(i0, g) && box_6.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<f32, 8> acc_g = ph::vload<8>(&acc_[i0 * 192 + g]);
        ph::Vec<f16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_f16(acc_g.v[v]);
        }
        ph::vstore(&D_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          D_[(m0_ + i0) * N_ + (n0_ + i1)] = ph::to_f16(acc_[i0 * 192 + i1]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 12288; e += 128) {
      const int i0 = e / 192;
      const int i1 = e % 192;
      if (!box_6.has(i0, i1)) continue;
      D_[(m0_ + i0) * N_ + (n0_ + i1)] = ph::to_f16(acc_[i0 * 192 + i1]);
    }
  }
}
