
// kernel dot_into_own_operand_i8: 128 threads a CTA, 5120 bytes of shared memory
// for launches where multiples of 4: K, N; 16-byte aligned: A, B
#line 521 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_into_own_operand_i8(i8* A_, i8* B_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 523 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 524 "tests/corpus/dot.phobos"
  ph::Box<2> box = {{0, 0}, {ph::min64(64, K_), ph::min64(64, K_)}};
  box.normalize();
  ph::Box<2> box_2 = {{0, ph::max64(n0_, 0) - n0_}, {ph::min64(64, K_), ph::min64(n0_ + 64, N_) - n0_}};
  box_2.normalize();
  const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
  const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
  i32 product[32];  // tile<i32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  #if __CUDA_ARCH__ >= 800
  i8* stage = (i8*)(smem + 0);  // tile<i8>[64, 64] staged for ldmatrix, rows of 80 bytes
  const u32 stage_at = ph::smem_address(stage);
  if (K_ % 16 == 0 && box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 63 && 63 < box.hi[0] && k_lo <= 63 && 63 < k_hi) {  // tile<i8>[64, 64] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 4, c = threadIdx.x % 4 * 16;
    const i8* chunk = &A_[r * K_ + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 2; ++i) {
      ph::stage_async16(stage_at + ((r + i * 32)) * 80 + (c) * 1, chunk + i * 32 * 1 * K_);
    }
  } else {
    // tile<i8>[64, 64] to shared memory, 16 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int r = e / 4, c = e % 4 * 16;
      if (K_ % 16 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 15 && c + 15 < k_hi) {  // copied whole, in flight
        ph::stage_async16(stage_at + (r) * 80 + (c) * 1, &A_[r * K_ + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 16; ++v) {
          const int col = c + v;
          ((i8*)((unsigned char*)stage + (r) * 80))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[r * K_ + col] : (i8)0;
        }
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<i32>[64, 64] = dot on mma.sync 16x8x32, each warp its blocks' atoms in turn
    const int lane = threadIdx.x % 32;
    #pragma unroll
    for (int blk = 0; blk < 1; ++blk) {
      const int first = (threadIdx.x / 32 + blk * 4) * 16;  // the block's first row
      i32 acc[8][4] = {};
      #pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        u32 fa[4] = {};
        ph::ldmatrix4(fa, stage_at + (first + lane % 16) * 80 + (ks * 32 + lane / 16 * 16) * 1);
        #pragma unroll
        for (int nb = 0; nb < 8; ++nb) {
          u32 fb[2] = {};
          { const int i0 = ks * 32 + lane % 4 * 4; const int i1 = nb * 8 + lane / 4; fb[0] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u); }
          { const int i0 = ks * 32 + lane % 4 * 4 + 1; const int i1 = nb * 8 + lane / 4; fb[0] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 8; }
          { const int i0 = ks * 32 + lane % 4 * 4 + 2; const int i1 = nb * 8 + lane / 4; fb[0] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 16; }
          { const int i0 = ks * 32 + lane % 4 * 4 + 3; const int i1 = nb * 8 + lane / 4; fb[0] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 24; }
          { const int i0 = ks * 32 + lane % 4 * 4 + 16; const int i1 = nb * 8 + lane / 4; fb[1] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u); }
          { const int i0 = ks * 32 + lane % 4 * 4 + 17; const int i1 = nb * 8 + lane / 4; fb[1] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 8; }
          { const int i0 = ks * 32 + lane % 4 * 4 + 18; const int i1 = nb * 8 + lane / 4; fb[1] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 16; }
          { const int i0 = ks * 32 + lane % 4 * 4 + 19; const int i1 = nb * 8 + lane / 4; fb[1] |= (k_lo <= i0 && i0 < k_hi && box_2.lo[1] <= i1 && i1 < box_2.hi[1] ? (u32)(u8)(B_[i0 * N_ + (n0_ + i1)]) : 0u) << 24; }
          ph::mma_s8(acc[nb], fa, fb);
        }
      }
      #pragma unroll
      for (int nb = 0; nb < 8; ++nb) {
        product[(blk * 2 + 0) * 16 + nb * 2] = acc[nb][0];
        product[(blk * 2 + 0) * 16 + nb * 2 + 1] = acc[nb][1];
        product[(blk * 2 + 1) * 16 + nb * 2] = acc[nb][2];
        product[(blk * 2 + 1) * 16 + nb * 2 + 1] = acc[nb][3];
      }
    }
  }
  #else
  const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          i32 acc_2 = 0;
          for (i64 k = k_lo; k < k_hi; ++k) acc_2 = ph::wadd(acc_2, ph::wmul((i32)(A_[i0 * K_ + k]), (i32)(B_[k * N_ + (n0_ + i1)])));
          product[pass * 16 + slot * 2 + v] = acc_2;
        }
      }
    }
  }
  #endif
  __syncthreads();
  const ph::Box<2> box_4 = {{box.lo[0], ph::max64(box_2.lo[1], -n0_)}, {ph::min64(box.hi[0], K_), ph::min64(box_2.hi[1], N_ - n0_)}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        if (n0_ % 2 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<i8, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = (i8)(product[pass * 16 + slot * 2 + v]);
          }
          ph::vstore(&B_[i0 * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            B_[i0 * N_ + (n0_ + i1)] = (i8)(product[pass * 16 + slot * 2 + v]);
          }
        }
      }
    }
  }
}
