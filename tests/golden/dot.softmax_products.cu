
// kernel softmax_products: 64 threads a CTA, 4096 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: A, B, W, X, Y, Z; rows 16-byte multiples apart: A, B, W, X, Y, Z
#line 282 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_softmax_products(bf16* A_, bf16* B_, f32* X_, f32* W_, f32* Y_, f32* Z_, i64 M_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 285 "tests/corpus/dot.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 286 "tests/corpus/dot.phobos"
  f32 s_[8];  // tile<f32>[32, 16] in registers: 32 rows of 16 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  ph::Box<2> s_box;
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 32, M_) - r_, 32}};
  box.normalize();
  const i64 k_lo = ph::max64(box.lo[1], 0);
  const i64 k_hi = ph::min64(box.hi[1], 32);
  f32 product[8];  // tile<f32>[32, 16] in registers: 32 rows of 16 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  #if __CUDA_ARCH__ >= 800
  bf16* stage = (bf16*)(smem + 0);  // tile<bf16>[32, 32] staged for ldmatrix, rows of 80 bytes
  const u32 stage_at = ph::smem_address(stage);
  if (box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 31 && 31 < box.hi[0] && k_lo <= 31 && 31 < k_hi) {  // tile<bf16>[32, 32] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 4, c = threadIdx.x % 4 * 8;
    const bf16* chunk = &A_[r_ * 32 + (r * 32 + c)];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 2; ++i) {
      ph::stage_async16(stage_at + ((r + i * 16)) * 80 + (c) * 2, chunk + i * 16 * 32);
    }
  } else {
    // tile<bf16>[32, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 128; e += 64) {
      const int r = e / 4, c = e % 4 * 8;
      if (box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
        ph::stage_async16(stage_at + (r) * 80 + (c) * 2, &A_[r_ * 32 + (r * 32 + c)]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage + (r) * 80))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[r_ * 32 + (r * 32 + col)] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  bf16* stage_2 = (bf16*)(smem + 2560);  // tile<bf16>[32, 16] staged for ldmatrix, rows of 48 bytes
  const u32 stage_at_2 = ph::smem_address(stage_2);
  if (k_lo <= 0 && 0 < k_hi && 0 <= 0 && 0 < 16 && k_lo <= 31 && 31 < k_hi && 0 <= 15 && 15 < 16) {  // tile<bf16>[32, 16] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 2, c = threadIdx.x % 2 * 8;
    const bf16* chunk = &B_[r * 16 + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 1; ++i) {
      ph::stage_async16(stage_at_2 + ((r + i * 32)) * 48 + (c) * 2, chunk + i * 32 * 16);
    }
  } else {
    // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 64; e += 64) {
      const int r = e / 2, c = e % 2 * 8;
      if (k_lo <= r && r < k_hi && 0 <= c && c < 16 && k_lo <= r && r < k_hi && 0 <= c + 7 && c + 7 < 16) {  // copied whole, in flight
        ph::stage_async16(stage_at_2 + (r) * 48 + (c) * 2, &B_[r * 16 + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage_2 + (r) * 48))[col] = k_lo <= r && r < k_hi && 0 <= col && col < 16 ? B_[r * 16 + col] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[32, 16] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
    const int lane = threadIdx.x % 32;
    #pragma unroll
    for (int blk = 0; blk < 1; ++blk) {
      const int first = (threadIdx.x / 32 + blk * 2) * 16;  // the block's first row
      f32 acc[2][4] = {};
      #pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        u32 fa[4] = {};
        ph::ldmatrix4(fa, stage_at + (first + lane % 16) * 80 + (ks * 16 + lane / 16 * 8) * 2);
        {
          u32 fq[4];
          ph::ldmatrix4_trans(fq, stage_at_2 + (ks * 16 + lane / 8 % 2 * 8 + lane % 8) * 48 + (0 + lane / 16 * 8) * 2);
          ph::mma_bf16(acc[0], fa, {fq[0], fq[1]});
          ph::mma_bf16(acc[1], fa, {fq[2], fq[3]});
        }
      }
      #pragma unroll
      for (int nb = 0; nb < 2; ++nb) {
        product[(blk * 2 + 0) * 4 + nb * 2] = acc[nb][0];
        product[(blk * 2 + 0) * 4 + nb * 2 + 1] = acc[nb][1];
        product[(blk * 2 + 1) * 4 + nb * 2] = acc[nb][2];
        product[(blk * 2 + 1) * 4 + nb * 2 + 1] = acc[nb][3];
      }
    }
  }
  #else
  const ph::Box<2> box_2 = {{box.lo[0], 0}, {box.hi[0], 16}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          f32 acc_2 = 0.0f;
          for (i64 k = k_lo; k < k_hi; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(A_[r_ * 32 + (i0 * 32 + k)])) * (f32)(ph::from_bf16(B_[k * 16 + i1]))));
          product[pass * 4 + slot * 2 + v] = acc_2;
        }
      }
    }
  }
  #endif
  const ph::Box<2> box_3 = {{box.lo[0], 0}, {box.hi[0], 16}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        if (box_3.has(i0, g) && box_3.has(i0, g + 1)) {  // the whole group is present and aligned
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            s_[pass * 4 + slot * 2 + v] = product[pass * 4 + slot * 2 + v];
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            s_[pass * 4 + slot * 2 + v] = product[pass * 4 + slot * 2 + v];
          }
        }
      }
    }
  }
  s_box = box_3;
  #line 287 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 32, M_) - r_, 32}};
  box_4.normalize();
  const i64 k_lo_2 = ph::max64(box_4.lo[1], 0);
  const i64 k_hi_2 = ph::min64(box_4.hi[1], 32);
  f32 product_2[8];  // tile<f32>[32, 16] in registers: 32 rows of 16 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  #if __CUDA_ARCH__ >= 800
  bf16* stage_3 = (bf16*)(smem + 0);  // tile<bf16>[32, 32] staged for ldmatrix, rows of 80 bytes
  const u32 stage_at_3 = ph::smem_address(stage_3);
  if (box_4.lo[0] <= 0 && 0 < box_4.hi[0] && k_lo_2 <= 0 && 0 < k_hi_2 && box_4.lo[0] <= 31 && 31 < box_4.hi[0] && k_lo_2 <= 31 && 31 < k_hi_2) {  // tile<bf16>[32, 32] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 4, c = threadIdx.x % 4 * 8;
    const bf16* chunk = &A_[r_ * 32 + (r * 32 + c)];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 2; ++i) {
      ph::stage_async16(stage_at_3 + ((r + i * 16)) * 80 + (c) * 2, chunk + i * 16 * 32);
    }
  } else {
    // tile<bf16>[32, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 128; e += 64) {
      const int r = e / 4, c = e % 4 * 8;
      if (box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c && c < k_hi_2 && box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= c + 7 && c + 7 < k_hi_2) {  // copied whole, in flight
        ph::stage_async16(stage_at_3 + (r) * 80 + (c) * 2, &A_[r_ * 32 + (r * 32 + c)]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage_3 + (r) * 80))[col] = box_4.lo[0] <= r && r < box_4.hi[0] && k_lo_2 <= col && col < k_hi_2 ? A_[r_ * 32 + (r * 32 + col)] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  bf16* stage_4 = (bf16*)(smem + 2560);  // tile<bf16>[32, 16] staged for ldmatrix, rows of 48 bytes
  const u32 stage_at_4 = ph::smem_address(stage_4);
  if (k_lo_2 <= 0 && 0 < k_hi_2 && 0 <= 0 && 0 < 16 && k_lo_2 <= 31 && 31 < k_hi_2 && 0 <= 15 && 15 < 16) {  // tile<bf16>[32, 16] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 2, c = threadIdx.x % 2 * 8;
    const bf16* chunk = &B_[r * 16 + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 1; ++i) {
      ph::stage_async16(stage_at_4 + ((r + i * 32)) * 48 + (c) * 2, chunk + i * 32 * 16);
    }
  } else {
    // tile<bf16>[32, 16] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 64; e += 64) {
      const int r = e / 2, c = e % 2 * 8;
      if (k_lo_2 <= r && r < k_hi_2 && 0 <= c && c < 16 && k_lo_2 <= r && r < k_hi_2 && 0 <= c + 7 && c + 7 < 16) {  // copied whole, in flight
        ph::stage_async16(stage_at_4 + (r) * 48 + (c) * 2, &B_[r * 16 + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage_4 + (r) * 48))[col] = k_lo_2 <= r && r < k_hi_2 && 0 <= col && col < 16 ? B_[r * 16 + col] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[32, 16] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
    const int lane_3 = threadIdx.x % 32;
    #pragma unroll
    for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
      const int first_2 = (threadIdx.x / 32 + blk_2 * 2) * 16;  // the block's first row
      f32 acc_3[2][4] = {};
      #pragma unroll
      for (int ks_2 = 0; ks_2 < 2; ++ks_2) {
        u32 fa_2[4] = {};
        ph::ldmatrix4(fa_2, stage_at_3 + (first_2 + lane_3 % 16) * 80 + (ks_2 * 16 + lane_3 / 16 * 8) * 2);
        {
          u32 fq_2[4];
          ph::ldmatrix4_trans(fq_2, stage_at_4 + (ks_2 * 16 + lane_3 / 8 % 2 * 8 + lane_3 % 8) * 48 + (0 + lane_3 / 16 * 8) * 2);
          ph::mma_bf16(acc_3[0], fa_2, {fq_2[0], fq_2[1]});
          ph::mma_bf16(acc_3[1], fa_2, {fq_2[2], fq_2[3]});
        }
      }
      #pragma unroll
      for (int nb_2 = 0; nb_2 < 2; ++nb_2) {
        product_2[(blk_2 * 2 + 0) * 4 + nb_2 * 2] = acc_3[nb_2][0];
        product_2[(blk_2 * 2 + 0) * 4 + nb_2 * 2 + 1] = acc_3[nb_2][1];
        product_2[(blk_2 * 2 + 1) * 4 + nb_2 * 2] = acc_3[nb_2][2];
        product_2[(blk_2 * 2 + 1) * 4 + nb_2 * 2 + 1] = acc_3[nb_2][3];
      }
    }
  }
  #else
  const ph::Box<2> box_5 = {{box_4.lo[0], 0}, {box_4.hi[0], 16}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          f32 acc_2 = 0.0f;
          for (i64 k = k_lo_2; k < k_hi_2; ++k) acc_2 = (acc_2 + ((f32)(ph::from_bf16(A_[r_ * 32 + (i0 * 32 + k)])) * (f32)(ph::from_bf16(B_[k * 16 + i1]))));
          product_2[pass * 4 + slot * 2 + v] = acc_2;
        }
      }
    }
  }
  #endif
  f32 row_max[2], row_sum[2];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  // softmax's row statistics of tile<f32>[32, 16]: 32 rows of 16 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      const bool live = box_4.lo[0] <= i0 && i0 < box_4.hi[0];  // the row is present
      const int end = live ? 16 : 0;
      f32 peak = -__int_as_float(0x7f800000);
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        if (g + 2 <= end) {
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int j = g + v;
            peak = fmaxf(peak, (f32)(product_2[pass * 4 + slot * 2 + v]));
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int j = g + v;
            if (j < end) peak = fmaxf(peak, (f32)(product_2[pass * 4 + slot * 2 + v]));
          }
        }
      }
      // the 4 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 2; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 4));
      f32 total = 0.0f;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        if (g + 2 <= end) {
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int j = g + v;
            total = (total + expf((f32)(product_2[pass * 4 + slot * 2 + v]) - peak));
          }
        } else {
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int j = g + v;
            if (j < end) total = (total + expf((f32)(product_2[pass * 4 + slot * 2 + v]) - peak));
          }
        }
      }
      // the 4 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 2; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 4));
      if (live) {
        row_max[pass] = peak;
        row_sum[pass] = total;
      }
    }
  }
  const ph::Box<2> box_6 = {{ph::max64(ph::max64(box_4.lo[0], s_box.lo[0]), -r_), s_box.lo[1]}, {ph::min64(ph::min64(box_4.hi[0], s_box.hi[0]), M_ - r_), s_box.hi[1]}};
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + slot * 4) * 2;
        if (box_6.has(i0, g) && box_6.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<f32, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = ((expf((f32)(product_2[pass * 4 + slot * 2 + v]) - row_max[pass]) / row_sum[pass]) + s_[pass * 4 + slot * 2 + v]);
          }
          ph::vstore(&Y_[r_ * 16 + (i0 * 16 + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_6.has(i0, i1)) continue;
            Y_[r_ * 16 + (i0 * 16 + i1)] = ((expf((f32)(product_2[pass * 4 + slot * 2 + v]) - row_max[pass]) / row_sum[pass]) + s_[pass * 4 + slot * 2 + v]);
          }
        }
      }
    }
  }
  #line 288 "tests/corpus/dot.phobos"
  f32 t_[8];  // tile<f32>[16, 16] in registers: 16 rows of 16, a group of 2 threads per row, each lane holding 1 group of 8
  ph::Box<2> t_box;
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (!(row < 16)) continue;
      #pragma unroll
      for (int v = 0; v < 8; ++v) {
        t_[v] = 0.0f;
      }
    }
  }
  t_box = {{0, 0}, {16, 16}};
  #line 289 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_7 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 16, M_) - r_, 24}};
  box_7.normalize();
  const i64 k_lo_3 = ph::max64(box_7.lo[1], 0);
  const i64 k_hi_3 = ph::min64(box_7.hi[1], 24);
  f32* stage_5 = (f32*)(smem + 0);  // tile<f32>[16, 24] staged for multiply-adds, rows of 112 bytes
  const u32 stage_at_5 = ph::smem_address(stage_5);
  // tile<f32>[16, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 6, c = e % 6 * 4;
    if (box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_3 <= c && c < k_hi_3 && box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_3 <= c + 3 && c + 3 < k_hi_3) {  // copied whole, in flight
      ph::stage_async16(stage_at_5 + (r) * 112 + (c) * 4, &X_[r_ * 24 + (r * 24 + c)]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_5 + (r) * 112))[col] = box_7.lo[0] <= r && r < box_7.hi[0] && k_lo_3 <= col && col < k_hi_3 ? X_[r_ * 24 + (r * 24 + col)] : 0.0f;
      }
    }
  }
  f32* stage_6 = (f32*)(smem + 1792);  // tile<f32>[24, 16] staged for multiply-adds, rows of 80 bytes
  const u32 stage_at_6 = ph::smem_address(stage_6);
  // tile<f32>[24, 16] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 4, c = e % 4 * 4;
    if (k_lo_3 <= r && r < k_hi_3 && 0 <= c && c < 16 && k_lo_3 <= r && r < k_hi_3 && 0 <= c + 3 && c + 3 < 16) {  // copied whole, in flight
      ph::stage_async16(stage_at_6 + (r) * 80 + (c) * 4, &W_[r * 16 + c]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_6 + (r) * 80))[col] = k_lo_3 <= r && r < k_hi_3 && 0 <= col && col < 16 ? W_[r * 16 + col] : 0.0f;
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[16, 16] = dot by multiply-adds: each thread its 1 row of 8 columns (the row layout's), k outermost, from the stages
    const int row0 = threadIdx.x / 2, col0 = threadIdx.x % 2 * 8;
    #pragma unroll 8
    for (int k_2 = 0; k_2 < 24; ++k_2) {
      const f32 a = ((f32*)((unsigned char*)stage_5 + (min(row0, 15)) * 112))[k_2];
      const ph::Vec<f32, 8> b = ph::vload<8>(&((f32*)((unsigned char*)stage_6 + (k_2) * 80))[col0]);
      t_[0] = fmaf(a, b.v[0], t_[0]);
      t_[1] = fmaf(a, b.v[1], t_[1]);
      t_[2] = fmaf(a, b.v[2], t_[2]);
      t_[3] = fmaf(a, b.v[3], t_[3]);
      t_[4] = fmaf(a, b.v[4], t_[4]);
      t_[5] = fmaf(a, b.v[5], t_[5]);
      t_[6] = fmaf(a, b.v[6], t_[6]);
      t_[7] = fmaf(a, b.v[7], t_[7]);
    }
  }
  const ph::Box<2> box_8 = {{box_7.lo[0], 0}, {box_7.hi[0], 16}};
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (!(row < 16)) continue;
      if (box_8.has(i0, g) && box_8.has(i0, g + 7)) {  // the whole group is present and aligned
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          t_[v] = t_[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_8.has(i0, i1)) continue;
          t_[v] = t_[v];
        }
      }
    }
  }
  t_box = box_8;
  #line 290 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_9 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 16, M_) - r_, 24}};
  box_9.normalize();
  const i64 k_lo_4 = ph::max64(box_9.lo[1], 0);
  const i64 k_hi_4 = ph::min64(box_9.hi[1], 24);
  f32 product_3[8];  // tile<f32>[16, 16] in registers: 16 rows of 16, a group of 2 threads per row, each lane holding 1 group of 8
  f32* stage_7 = (f32*)(smem + 0);  // tile<f32>[16, 24] staged for multiply-adds, rows of 112 bytes
  const u32 stage_at_7 = ph::smem_address(stage_7);
  // tile<f32>[16, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 6, c = e % 6 * 4;
    if (box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_4 <= c && c < k_hi_4 && box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_4 <= c + 3 && c + 3 < k_hi_4) {  // copied whole, in flight
      ph::stage_async16(stage_at_7 + (r) * 112 + (c) * 4, &X_[r_ * 24 + (r * 24 + c)]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_7 + (r) * 112))[col] = box_9.lo[0] <= r && r < box_9.hi[0] && k_lo_4 <= col && col < k_hi_4 ? X_[r_ * 24 + (r * 24 + col)] : 0.0f;
      }
    }
  }
  f32* stage_8 = (f32*)(smem + 1792);  // tile<f32>[24, 16] staged for multiply-adds, rows of 80 bytes
  const u32 stage_at_8 = ph::smem_address(stage_8);
  // tile<f32>[24, 16] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 4, c = e % 4 * 4;
    if (k_lo_4 <= r && r < k_hi_4 && 0 <= c && c < 16 && k_lo_4 <= r && r < k_hi_4 && 0 <= c + 3 && c + 3 < 16) {  // copied whole, in flight
      ph::stage_async16(stage_at_8 + (r) * 80 + (c) * 4, &W_[r * 16 + c]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_8 + (r) * 80))[col] = k_lo_4 <= r && r < k_hi_4 && 0 <= col && col < 16 ? W_[r * 16 + col] : 0.0f;
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[16, 16] = dot by multiply-adds: each thread its 1 row of 8 columns (the row layout's), k outermost, from the stages
    const int row0_2 = threadIdx.x / 2, col0_2 = threadIdx.x % 2 * 8;
    #pragma unroll
    for (int r = 0; r < 8; ++r) {
      product_3[r] = 0.0f;
    }
    #pragma unroll 8
    for (int k_3 = 0; k_3 < 24; ++k_3) {
      const f32 a_2 = ((f32*)((unsigned char*)stage_7 + (min(row0_2, 15)) * 112))[k_3];
      const ph::Vec<f32, 8> b_2 = ph::vload<8>(&((f32*)((unsigned char*)stage_8 + (k_3) * 80))[col0_2]);
      product_3[0] = fmaf(a_2, b_2.v[0], product_3[0]);
      product_3[1] = fmaf(a_2, b_2.v[1], product_3[1]);
      product_3[2] = fmaf(a_2, b_2.v[2], product_3[2]);
      product_3[3] = fmaf(a_2, b_2.v[3], product_3[3]);
      product_3[4] = fmaf(a_2, b_2.v[4], product_3[4]);
      product_3[5] = fmaf(a_2, b_2.v[5], product_3[5]);
      product_3[6] = fmaf(a_2, b_2.v[6], product_3[6]);
      product_3[7] = fmaf(a_2, b_2.v[7], product_3[7]);
    }
  }
  f32 row_max_2[1], row_sum_2[1];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  // softmax's row statistics of tile<f32>[16, 16]: 16 rows of 16, a group of 2 threads per row, each lane holding 1 group of 8; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 16 && box_9.lo[0] <= i0 && i0 < box_9.hi[0];  // the row exists and is present
    const int end = live ? 16 : 0;
    f32 peak = -__int_as_float(0x7f800000);
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(product_3[v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (j < end) peak = fmaxf(peak, (f32)(product_3[v]));
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 2));
    f32 total = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          total = (total + expf((f32)(product_3[v]) - peak));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (j < end) total = (total + expf((f32)(product_3[v]) - peak));
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 2));
    if (live) {
      row_max_2[0] = peak;
      row_sum_2[0] = total;
    }
  }
  const ph::Box<2> box_10 = {{ph::max64(ph::max64(box_9.lo[0], t_box.lo[0]), -r_), t_box.lo[1]}, {ph::min64(ph::min64(box_9.hi[0], t_box.hi[0]), M_ - r_), t_box.hi[1]}};
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (!(row < 16)) continue;
      if (box_10.has(i0, g) && box_10.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<f32, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ((expf((f32)(product_3[v]) - row_max_2[0]) / row_sum_2[0]) - t_[v]);
        }
        ph::vstore(&Z_[r_ * 16 + (i0 * 16 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_10.has(i0, i1)) continue;
          Z_[r_ * 16 + (i0 * 16 + i1)] = ((expf((f32)(product_3[v]) - row_max_2[0]) / row_sum_2[0]) - t_[v]);
        }
      }
    }
  }
  #line 291 "tests/corpus/dot.phobos"
  __syncthreads();
  const i64 start = ph::wadd(r_, 16ll);
  ph::Box<2> box_11 = {{ph::max64(start, 0) - start, 0}, {ph::min64(start + 16, M_) - start, 24}};
  box_11.normalize();
  const i64 k_lo_5 = ph::max64(box_11.lo[1], 0);
  const i64 k_hi_5 = ph::min64(box_11.hi[1], 24);
  f32 product_4[8];  // tile<f32>[16, 16] in registers: 16 rows of 16, a group of 2 threads per row, each lane holding 1 group of 8
  f32* stage_9 = (f32*)(smem + 0);  // tile<f32>[16, 24] staged for multiply-adds, rows of 112 bytes
  const u32 stage_at_9 = ph::smem_address(stage_9);
  const i64 start_2 = ph::wadd(r_, 16ll);
  // tile<f32>[16, 24] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 6, c = e % 6 * 4;
    if (box_11.lo[0] <= r && r < box_11.hi[0] && k_lo_5 <= c && c < k_hi_5 && box_11.lo[0] <= r && r < box_11.hi[0] && k_lo_5 <= c + 3 && c + 3 < k_hi_5) {  // copied whole, in flight
      ph::stage_async16(stage_at_9 + (r) * 112 + (c) * 4, &X_[start * 24 + (r * 24 + c)]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_9 + (r) * 112))[col] = box_11.lo[0] <= r && r < box_11.hi[0] && k_lo_5 <= col && col < k_hi_5 ? X_[start_2 * 24 + (r * 24 + col)] : 0.0f;
      }
    }
  }
  f32* stage_10 = (f32*)(smem + 1792);  // tile<f32>[24, 16] staged for multiply-adds, rows of 80 bytes
  const u32 stage_at_10 = ph::smem_address(stage_10);
  // tile<f32>[24, 16] to shared memory, 4 elements a thread a turn, zeros where nothing is read
  for (int e = threadIdx.x; e < 96; e += 64) {
    const int r = e / 4, c = e % 4 * 4;
    if (k_lo_5 <= r && r < k_hi_5 && 0 <= c && c < 16 && k_lo_5 <= r && r < k_hi_5 && 0 <= c + 3 && c + 3 < 16) {  // copied whole, in flight
      ph::stage_async16(stage_at_10 + (r) * 80 + (c) * 4, &W_[r * 16 + c]);
    } else {
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int col = c + v;
        ((f32*)((unsigned char*)stage_10 + (r) * 80))[col] = k_lo_5 <= r && r < k_hi_5 && 0 <= col && col < 16 ? W_[r * 16 + col] : 0.0f;
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[16, 16] = dot by multiply-adds: each thread its 1 row of 8 columns (the row layout's), k outermost, from the stages
    const int row0_3 = threadIdx.x / 2, col0_3 = threadIdx.x % 2 * 8;
    #pragma unroll
    for (int r = 0; r < 8; ++r) {
      product_4[r] = 0.0f;
    }
    #pragma unroll 8
    for (int k_4 = 0; k_4 < 24; ++k_4) {
      const f32 a_3 = ((f32*)((unsigned char*)stage_9 + (min(row0_3, 15)) * 112))[k_4];
      const ph::Vec<f32, 8> b_3 = ph::vload<8>(&((f32*)((unsigned char*)stage_10 + (k_4) * 80))[col0_3]);
      product_4[0] = fmaf(a_3, b_3.v[0], product_4[0]);
      product_4[1] = fmaf(a_3, b_3.v[1], product_4[1]);
      product_4[2] = fmaf(a_3, b_3.v[2], product_4[2]);
      product_4[3] = fmaf(a_3, b_3.v[3], product_4[3]);
      product_4[4] = fmaf(a_3, b_3.v[4], product_4[4]);
      product_4[5] = fmaf(a_3, b_3.v[5], product_4[5]);
      product_4[6] = fmaf(a_3, b_3.v[6], product_4[6]);
      product_4[7] = fmaf(a_3, b_3.v[7], product_4[7]);
    }
  }
  f32 row_max_3[1], row_sum_3[1];  // the maximum and sum of exp(x - maximum) of each row this thread holds
  // softmax's row statistics of tile<f32>[16, 16]: 16 rows of 16, a group of 2 threads per row, each lane holding 1 group of 8; each lane folds its own elements in registers, then xor shuffles combine the group
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    const bool live = row < 16 && box_11.lo[0] <= i0 && i0 < box_11.hi[0];  // the row exists and is present
    const int end = live ? 16 : 0;
    f32 peak = -__int_as_float(0x7f800000);
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          peak = fmaxf(peak, (f32)(product_4[v]));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (j < end) peak = fmaxf(peak, (f32)(product_4[v]));
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) peak = fmaxf(peak, ph::shfl_xor(peak, m, 2));
    f32 total = 0.0f;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (g + 8 <= end) {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          total = (total + expf((f32)(product_4[v]) - peak));
        }
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int j = g + v;
          if (j < end) total = (total + expf((f32)(product_4[v]) - peak));
        }
      }
    }
    // the 2 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 1; m >= 1; m /= 2) total = (total + ph::shfl_xor(total, m, 2));
    if (live) {
      row_max_3[0] = peak;
      row_sum_3[0] = total;
    }
  }
  const i64 start_3 = ph::wadd(r_, 16ll);
  const ph::Box<2> box_12 = {{ph::max64(box_11.lo[0], -start_3), 0}, {ph::min64(box_11.hi[0], M_ - start_3), 16}};
  {
    const int lane_2 = threadIdx.x % 2;  // the thread's place in its row's group
    const int row = threadIdx.x / 2;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane_2 * 8;
      if (!(row < 16)) continue;
      if (box_12.has(i0, g) && box_12.has(i0, g + 7)) {  // the whole group is present and aligned
        ph::Vec<f32, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = (expf((f32)(product_4[v]) - row_max_3[0]) / row_sum_3[0]);
        }
        ph::vstore(&Z_[start_3 * 16 + (i0 * 16 + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_12.has(i0, i1)) continue;
          Z_[start_3 * 16 + (i0 * 16 + i1)] = (expf((f32)(product_4[v]) - row_max_3[0]) / row_sum_3[0]);
        }
      }
    }
  }
}
