
// kernel gemm_i8 [TM=32, TN=32, TK=32]: 128 threads a CTA, 8192 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: C
#line 41 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_i8(i8* A_, i8* B_, i32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 43 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 32ll);
  #line 44 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 45 "tests/corpus/dot.phobos"
  i32* acc_ = (i32*)(smem + 0);  // tile<i32>[32, 32]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 8;
    const int g = (e % 8) * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0;
    }
    ph::vstore(&acc_[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {32, 32}};
  #line 46 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 32) {
    #line 47 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_ + 32, K_) - k_}};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(k_, 0) - k_, ph::max64(n0_, 0) - n0_}, {ph::min64(k_ + 32, K_) - k_, ph::min64(n0_ + 32, N_) - n0_}};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
    i32* tmp = (i32*)(smem + 4096);  // tile<i32>[32, 32]
    #if __CUDA_ARCH__ >= 800
    {  // tile<i32>[32, 32] = dot on mma.sync 16x8x32: each warp an atom of 2 x 4 a turn, its threads' shares read where the operands are
      const int lane = threadIdx.x % 32;
      for (int at = threadIdx.x / 32; at < 8; at += 4) {
        const int row = at / 4 * 16, col = at % 4 * 8;
        i32 acc_2[4] = {0, 0, 0, 0};
        for (i64 k0 = k_lo; k0 < k_hi; k0 += 32) {
          u32 fa[4], fb[2];
          fa[0] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4))]) : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 1 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 1))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 2 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 2))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 3 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 3))]) : 0u) << 24);
          fa[1] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4))]) : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 1 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 1))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 2 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 2))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 3 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 3))]) : 0u) << 24);
          fa[2] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 16 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 16))]) : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 17 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 17))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 18 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 18))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 19 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4)) * K_ + (k_ + (k0 + lane % 4 * 4 + 19))]) : 0u) << 24);
          fa[3] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 16 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 16))]) : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 17 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 17))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 18 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 18))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 19 < k_hi ? (u32)(u8)(A_[(m0_ + (row + lane / 4 + 8)) * K_ + (k_ + (k0 + lane % 4 * 4 + 19))]) : 0u) << 24);
          fb[0] = (k0 + lane % 4 * 4 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4)) * N_ + (n0_ + (col + lane / 4))]) : 0u) | ((k0 + lane % 4 * 4 + 1 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 1)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 8) | ((k0 + lane % 4 * 4 + 2 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 2)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 16) | ((k0 + lane % 4 * 4 + 3 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 3)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 24);
          fb[1] = (k0 + lane % 4 * 4 + 16 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 16)) * N_ + (n0_ + (col + lane / 4))]) : 0u) | ((k0 + lane % 4 * 4 + 17 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 17)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 8) | ((k0 + lane % 4 * 4 + 18 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 18)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 16) | ((k0 + lane % 4 * 4 + 19 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(k_ + (k0 + lane % 4 * 4 + 19)) * N_ + (n0_ + (col + lane / 4))]) : 0u) << 24);
          ph::mma_s8(acc_2, fa, fb);
        }
        if (row + lane / 4 < 32 && col + lane % 4 * 2 < 32) tmp[(row + lane / 4) * 32 + (col + lane % 4 * 2)] = acc_2[0];
        if (row + lane / 4 < 32 && col + lane % 4 * 2 + 1 < 32) tmp[(row + lane / 4) * 32 + (col + lane % 4 * 2 + 1)] = acc_2[1];
        if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 < 32) tmp[(row + lane / 4 + 8) * 32 + (col + lane % 4 * 2)] = acc_2[2];
        if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 + 1 < 32) tmp[(row + lane / 4 + 8) * 32 + (col + lane % 4 * 2 + 1)] = acc_2[3];
      }
    }
    #else
    const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_3.has(i0, i1)) continue;
      i32 acc = 0;
      for (i64 k = k_lo; k < k_hi; ++k) acc = ph::wadd(acc, ph::wmul((i32)(A_[(m0_ + i0) * K_ + (k_ + k)]), (i32)(B_[(k_ + k) * N_ + (n0_ + i1)])));
      tmp[i0 * 32 + i1] = acc;
    }
    #endif
    __syncthreads();
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[1])}};
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        const ph::Vec<i32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(acc_g.v[v], tmp_g.v[v]);
        }
        ph::vstore(&acc_[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          acc_[i0 * 32 + i1] = ph::wadd(acc_[i0 * 32 + i1], tmp[i0 * 32 + i1]);
        }
      }
    }
    acc_box = box_4;
  }
  #line 49 "tests/corpus/dot.phobos"
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  if (n0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc_[i0 * 32 + g]);
        ph::Vec<i32, 4> out;
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
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_5.has(i0, i1)) continue;
      C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[i0 * 32 + i1];
    }
  }
}
