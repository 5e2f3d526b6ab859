
// kernel tiles_after_inner_break: 128 threads a CTA, 2048 bytes of shared memory
// for launches where multiples of 4: K, M, R; 16-byte aligned: A, B, C, STEPS; rows 16-byte multiples apart: B, C, STEPS
#line 186 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_tiles_after_inner_break(bf16* A_, bf16* B_, f32* C_, i32* STEPS_, i64 M_, i64 K_, i64 R_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 189 "tests/corpus/control_flow.phobos"
  for (i64 r_ = 0ll; r_ < 4ll; ++r_) {
    #line 190 "tests/corpus/control_flow.phobos"
    const i64 row_ = ph::wadd(ph::wmul((i64)blockIdx.x, 4ll), r_);
    #line 191 "tests/corpus/control_flow.phobos"
    i32 k_ = 0;
    #line 192 "tests/corpus/control_flow.phobos"
    while ((k_ < 40)) {
      #line 193 "tests/corpus/control_flow.phobos"
      k_ = ph::wadd(k_, 1);
      #line 194 "tests/corpus/control_flow.phobos"
      if (((i64)(k_) > ((i64)(ph::wadd((i64)threadIdx.x, row_) % 11ll)))) {
        #line 195 "tests/corpus/control_flow.phobos"
        break;
      }
    }
    #line 198 "tests/corpus/control_flow.phobos"
    if (0 <= row_ && row_ < R_ && 0 <= (i64)threadIdx.x && (i64)threadIdx.x < 128) STEPS_[row_ * 128 + (i64)threadIdx.x] = k_;
    #line 199 "tests/corpus/control_flow.phobos"
    __syncthreads();
    f32* acc_ = (f32*)(smem + 0);  // tile<f32>[16, 16]
    ph::Box<2> acc_box;
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = 0.0f;
      }
      ph::vstore(&acc_[i0 * 16 + g], out);
    }
    acc_box = {{0, 0}, {16, 16}};
    #line 200 "tests/corpus/control_flow.phobos"
    for (i64 kk_ = 0ll; kk_ < K_; kk_ += 32) {
      #line 201 "tests/corpus/control_flow.phobos"
      __syncthreads();
      const i64 start = ph::wmul(row_, 16ll);
      ph::Box<2> box = {{ph::max64(start, 0) - start, ph::max64(kk_, 0) - kk_}, {ph::min64(start + 16, M_) - start, ph::min64(kk_ + 32, K_) - kk_}};
      box.normalize();
      ph::Box<2> box_2 = {{ph::max64(kk_, 0) - kk_, 0}, {ph::min64(kk_ + 32, K_) - kk_, 16}};
      box_2.normalize();
      const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
      const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
      const i64 start_2 = ph::wmul(row_, 16ll);
      f32* tmp = (f32*)(smem + 1024);  // tile<f32>[16, 16]
      #if __CUDA_ARCH__ >= 800
      const i64 start_3 = ph::wmul(row_, 16ll);
      const i64 start_4 = ph::wmul(row_, 16ll);
      const i64 start_5 = ph::wmul(row_, 16ll);
      const i64 start_6 = ph::wmul(row_, 16ll);
      const i64 start_7 = ph::wmul(row_, 16ll);
      const i64 start_8 = ph::wmul(row_, 16ll);
      const i64 start_9 = ph::wmul(row_, 16ll);
      const i64 start_10 = ph::wmul(row_, 16ll);
      {  // tile<f32>[16, 16] = dot on mma.sync 16x8x16: each warp an atom of 1 x 2 a turn, its threads' shares read where the operands are
        const int lane = threadIdx.x % 32;
        for (int at = threadIdx.x / 32; at < 2; at += 4) {
          const int row = at / 2 * 16, col = at % 2 * 8;
          f32 acc_2[4] = {0, 0, 0, 0};
          for (i64 k0 = k_lo; k0 < k_hi; k0 += 16) {
            u32 fa[4], fb[2];
            fa[0] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 < k_hi ? (u32)(A_[(start_3 + (row + lane / 4)) * K_ + (kk_ + (k0 + lane % 4 * 2))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 1 < k_hi ? (u32)(A_[(start_4 + (row + lane / 4)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 1))]).bits : 0u) << 16);
            fa[1] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 < k_hi ? (u32)(A_[(start_5 + (row + lane / 4 + 8)) * K_ + (kk_ + (k0 + lane % 4 * 2))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 1 < k_hi ? (u32)(A_[(start_6 + (row + lane / 4 + 8)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 1))]).bits : 0u) << 16);
            fa[2] = (box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 8 < k_hi ? (u32)(A_[(start_7 + (row + lane / 4)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 8))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 && row + lane / 4 < box.hi[0] && k0 + lane % 4 * 2 + 9 < k_hi ? (u32)(A_[(start_8 + (row + lane / 4)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 9))]).bits : 0u) << 16);
            fa[3] = (box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 8 < k_hi ? (u32)(A_[(start_9 + (row + lane / 4 + 8)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 8))]).bits : 0u) | ((box.lo[0] <= row + lane / 4 + 8 && row + lane / 4 + 8 < box.hi[0] && k0 + lane % 4 * 2 + 9 < k_hi ? (u32)(A_[(start_10 + (row + lane / 4 + 8)) * K_ + (kk_ + (k0 + lane % 4 * 2 + 9))]).bits : 0u) << 16);
            fb[0] = (k0 + lane % 4 * 2 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[kk_ * 16 + ((k0 + lane % 4 * 2) * 16 + (col + lane / 4))]).bits : 0u) | ((k0 + lane % 4 * 2 + 1 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[kk_ * 16 + ((k0 + lane % 4 * 2 + 1) * 16 + (col + lane / 4))]).bits : 0u) << 16);
            fb[1] = (k0 + lane % 4 * 2 + 8 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[kk_ * 16 + ((k0 + lane % 4 * 2 + 8) * 16 + (col + lane / 4))]).bits : 0u) | ((k0 + lane % 4 * 2 + 9 < k_hi && box_2.lo[1] <= col + lane / 4 && col + lane / 4 < box_2.hi[1] ? (u32)(B_[kk_ * 16 + ((k0 + lane % 4 * 2 + 9) * 16 + (col + lane / 4))]).bits : 0u) << 16);
            ph::mma_bf16(acc_2, fa, fb);
          }
          if (row + lane / 4 < 16 && col + lane % 4 * 2 < 16) tmp[(row + lane / 4) * 16 + (col + lane % 4 * 2)] = acc_2[0];
          if (row + lane / 4 < 16 && col + lane % 4 * 2 + 1 < 16) tmp[(row + lane / 4) * 16 + (col + lane % 4 * 2 + 1)] = acc_2[1];
          if (row + lane / 4 + 8 < 16 && col + lane % 4 * 2 < 16) tmp[(row + lane / 4 + 8) * 16 + (col + lane % 4 * 2)] = acc_2[2];
          if (row + lane / 4 + 8 < 16 && col + lane % 4 * 2 + 1 < 16) tmp[(row + lane / 4 + 8) * 16 + (col + lane % 4 * 2 + 1)] = acc_2[3];
        }
      }
      #else
      const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
      for (int e = threadIdx.x; e < 256; e += 128) {
        const int i0 = e / 16;
        const int i1 = e % 16;
        if (!box_3.has(i0, i1)) continue;
        f32 acc = 0.0f;
        for (i64 k = k_lo; k < k_hi; ++k) acc = (acc + ((f32)(ph::from_bf16(A_[(start_2 + i0) * K_ + (kk_ + k)])) * (f32)(ph::from_bf16(B_[kk_ * 16 + (k * 16 + i1)]))));
        tmp[i0 * 16 + i1] = acc;
      }
      #endif
      __syncthreads();
      const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_2.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_2.hi[1])}};
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int i0 = e / 4;
        const int g = (e % 4) * 4;
        if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 16 + g]);
          const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
          }
          ph::vstore(&acc_[i0 * 16 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            acc_[i0 * 16 + i1] = (acc_[i0 * 16 + i1] + tmp[i0 * 16 + i1]);
          }
        }
      }
      acc_box = box_4;
    }
    #line 203 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const i64 start_11 = ph::wmul(row_, 16ll);
    const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -start_11), acc_box.lo[1]}, {ph::min64(acc_box.hi[0], M_ - start_11), acc_box.hi[1]}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc_[i0 * 16 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C_[start_11 * 16 + (i0 * 16 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C_[start_11 * 16 + (i0 * 16 + i1)] = acc_[i0 * 16 + i1];
        }
      }
    }
  }
}
