
// kernel gemm_i8_bias [TM=32, TN=64, TK=32]: 128 threads a CTA, 16384 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, BIAS, C; rows 16-byte multiples apart: BIAS, C
#line 94 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_i8_bias(i8* A_, i8* B_, i32* BIAS_, i32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 99 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 32ll);
  #line 100 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 101 "tests/corpus/dot.phobos"
  i32* acc_ = (i32*)(smem + 0);  // tile<i32>[32, 64]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0;
    }
    ph::vstore(&acc_[i0 * 64 + g], out);
  }
  acc_box = {{0, 0}, {32, 64}};
  #line 102 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 32) {
    #line 103 "tests/corpus/dot.phobos"
    const i64 a_start0_ = m0_;
    #line 103 "tests/corpus/dot.phobos"
    const i64 a_start1_ = k_;
    #line 104 "tests/corpus/dot.phobos"
    const i64 b_start0_ = k_;
    #line 104 "tests/corpus/dot.phobos"
    const i64 b_start1_ = n0_;
    #line 105 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(a_start0_, 0) - a_start0_, ph::max64(a_start1_, 0) - a_start1_}, {ph::min64(a_start0_ + 32, M_) - a_start0_, ph::min64(a_start1_ + 32, K_) - a_start1_}};
    box.normalize();
    ph::Box<2> box_2 = {{ph::max64(b_start0_, 0) - b_start0_, ph::max64(b_start1_, 0) - b_start1_}, {ph::min64(b_start0_ + 32, K_) - b_start0_, ph::min64(b_start1_ + 64, N_) - b_start1_}};
    box_2.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
    i32* tmp = (i32*)(smem + 8192);  // tile<i32>[32, 64]
    #if __CUDA_ARCH__ >= 800
    {  // tile<i32>[32, 64] = dot on mma.sync 16x8x32: each warp an atom of 2 x 8 a turn, its threads' shares read where the operands are
      const int lane = threadIdx.x % 32;
      for (int at = threadIdx.x / 32; at < 16; at += 4) {
        const int row = at / 8 * 16, col = at % 8 * 8;
        i32 acc_2[4] = {0, 0, 0, 0};
        for (i64 k0 = k_lo; k0 < k_hi; k0 += 32) {
          u32 fa[4], fb[2];
          fa[0] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4))]) : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 1 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 1))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 2 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 2))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 3 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 3))]) : 0u) << 24);
          fa[1] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4))]) : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 1 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 1))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 2 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 2))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 3 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 3))]) : 0u) << 24);
          fa[2] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 16 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 16))]) : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 17 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 17))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 18 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 18))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 4 + 19 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 19))]) : 0u) << 24);
          fa[3] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 16 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 16))]) : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 17 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 17))]) : 0u) << 8) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 18 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 18))]) : 0u) << 16) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 4 + 19 < k_hi ? (u32)(u8)(A_[(a_start0_ + (row + lane / 4 + 8)) * K_ + (a_start1_ + (k0 + lane % 4 * 4 + 19))]) : 0u) << 24);
          fb[0] = (k0 + lane % 4 * 4 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) | ((k0 + lane % 4 * 4 + 1 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 1)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 8) | ((k0 + lane % 4 * 4 + 2 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 2)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 16) | ((k0 + lane % 4 * 4 + 3 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 3)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 24);
          fb[1] = (k0 + lane % 4 * 4 + 16 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 16)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) | ((k0 + lane % 4 * 4 + 17 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 17)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 8) | ((k0 + lane % 4 * 4 + 18 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 18)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 16) | ((k0 + lane % 4 * 4 + 19 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(u8)(B_[(b_start0_ + (k0 + lane % 4 * 4 + 19)) * N_ + (b_start1_ + (col + lane / 4))]) : 0u) << 24);
          ph::mma_s8(acc_2, fa, fb);
        }
        if (row + lane / 4 < 32 && col + lane % 4 * 2 < 64) tmp[(row + lane / 4) * 64 + (col + lane % 4 * 2)] = acc_2[0];
        if (row + lane / 4 < 32 && col + lane % 4 * 2 + 1 < 64) tmp[(row + lane / 4) * 64 + (col + lane % 4 * 2 + 1)] = acc_2[1];
        if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 < 64) tmp[(row + lane / 4 + 8) * 64 + (col + lane % 4 * 2)] = acc_2[2];
        if (row + lane / 4 + 8 < 32 && col + lane % 4 * 2 + 1 < 64) tmp[(row + lane / 4 + 8) * 64 + (col + lane % 4 * 2 + 1)] = acc_2[3];
      }
    }
    #else
    const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
    for (int e = threadIdx.x; e < 2048; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_3.has(i0, i1)) continue;
      i32 acc = 0;
      for (i64 k = k_lo; k < k_hi; ++k) acc = ph::wadd(acc, ph::wmul((i32)(A_[(a_start0_ + i0) * K_ + (a_start1_ + k)]), (i32)(B_[(b_start0_ + k) * N_ + (b_start1_ + i1)])));
      tmp[i0 * 64 + i1] = acc;
    }
    #endif
    __syncthreads();
    const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[1])}};
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc_[i0 * 64 + g]);
        const ph::Vec<i32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 64 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(acc_g.v[v], tmp_g.v[v]);
        }
        ph::vstore(&acc_[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          acc_[i0 * 64 + i1] = ph::wadd(acc_[i0 * 64 + i1], tmp[i0 * 64 + i1]);
        }
      }
    }
    acc_box = box_4;
  }
  #line 107 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_5 = {{0, ph::max64(n0_, 0) - n0_}, {1, ph::min64(n0_ + 64, N_) - n0_}};
  box_5.normalize();
  const ph::Box<2> box_6 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(ph::max64(acc_box.lo[1], box_5.lo[1]), -n0_)}, {ph::min64(ph::min64(acc_box.hi[0], (box_5.lo[0] < box_5.hi[0] ? 32 : 0)), M_ - m0_), ph::min64(ph::min64(acc_box.hi[1], box_5.hi[1]), N_ - n0_)}};
  if (n0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc_[i0 * 64 + g]);
        const ph::Vec<i32, 4> BIAS_g = ph::vload<4>(&BIAS_[n0_ + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(acc_g.v[v], BIAS_g.v[v]);
        }
        ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = ph::wadd(acc_[i0 * 64 + i1], BIAS_[n0_ + i1]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 2048; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_6.has(i0, i1)) continue;
      C_[(m0_ + i0) * N_ + (n0_ + i1)] = ph::wadd(acc_[i0 * 64 + i1], BIAS_[n0_ + i1]);
    }
  }
}
