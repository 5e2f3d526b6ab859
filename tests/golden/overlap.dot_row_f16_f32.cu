
// kernel dot_row_f16_f32 [T=32]: 128 threads a CTA, 5248 bytes of shared memory
// for launches where 16-byte aligned: X, Y, Z; rows 16-byte multiples apart: X, Y, Z
#line 12 "tests/corpus/overlap.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_row_f16_f32(f16* X_, f16* Y_, f32* Z_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 14 "tests/corpus/overlap.phobos"
  f32 product[8];  // tile<f32>[32, 32] in registers: 32 rows of 32 as a tensor-core accumulator: 16-row blocks to 2 warps in turn, their 8-column atoms to 2 warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  #if __CUDA_ARCH__ >= 800
  f16* stage = (f16*)(smem + 0);  // tile<f16>[32, 32] staged for ldmatrix, rows of 80 bytes
  const u32 stage_at = ph::smem_address(stage);
  if (0 <= 0 && 0 < 32 && 0 <= 0 && 0 < 32 && 0 <= 31 && 31 < 32 && 0 <= 31 && 31 < 32) {  // tile<f16>[32, 32] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 4, c = threadIdx.x % 4 * 8;
    const f16* chunk = &X_[r * 32 + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 1; ++i) {
      ph::stage_async16(stage_at + ((r + i * 32)) * 80 + (c) * 2, chunk + i * 32 * 32);
    }
  } else {
    // tile<f16>[32, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int r = e / 4, c = e % 4 * 8;
      if (0 <= r && r < 32 && 0 <= c && c < 32 && 0 <= r && r < 32 && 0 <= c + 7 && c + 7 < 32) {  // copied whole, in flight
        ph::stage_async16(stage_at + (r) * 80 + (c) * 2, &X_[r * 32 + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((f16*)((unsigned char*)stage + (r) * 80))[col] = 0 <= r && r < 32 && 0 <= col && col < 32 ? X_[r * 32 + col] : ph::to_f16(0.0f);
        }
      }
    }
  }
  f16* stage_2 = (f16*)(smem + 2560);  // tile<f16>[32, 32] staged for ldmatrix, rows of 80 bytes
  const u32 stage_at_2 = ph::smem_address(stage_2);
  if (0 <= 0 && 0 < 32 && 0 <= 0 && 0 < 32 && 0 <= 31 && 31 < 32 && 0 <= 31 && 31 < 32) {  // tile<f16>[32, 32] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 4, c = threadIdx.x % 4 * 8;
    const f16* chunk = &Y_[r * 32 + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 1; ++i) {
      ph::stage_async16(stage_at_2 + ((r + i * 32)) * 80 + (c) * 2, chunk + i * 32 * 32);
    }
  } else {
    // tile<f16>[32, 32] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 128; e += 128) {
      const int r = e / 4, c = e % 4 * 8;
      if (0 <= r && r < 32 && 0 <= c && c < 32 && 0 <= r && r < 32 && 0 <= c + 7 && c + 7 < 32) {  // copied whole, in flight
        ph::stage_async16(stage_at_2 + (r) * 80 + (c) * 2, &Y_[r * 32 + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((f16*)((unsigned char*)stage_2 + (r) * 80))[col] = 0 <= r && r < 32 && 0 <= col && col < 32 ? Y_[r * 32 + col] : ph::to_f16(0.0f);
        }
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[32, 32] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
    const int lane = threadIdx.x % 32;
    #pragma unroll
    for (int blk = 0; blk < 1; ++blk) {
      const int first = (threadIdx.x / 32 / 2 + blk * 2) * 16;  // the block's first row
      f32 acc[2][4] = {};
      #pragma unroll
      for (int ks = 0; ks < 2; ++ks) {
        u32 fa[4] = {};
        ph::ldmatrix4(fa, stage_at + (first + lane % 16) * 80 + (ks * 16 + lane / 16 * 8) * 2);
        {
          u32 fq[2];
          ph::ldmatrix2_trans(fq, stage_at_2 + (ks * 16 + lane / 8 % 2 * 8 + lane % 8) * 80 + (threadIdx.x / 32 % 2 * 8) * 2);
          ph::mma_f16(acc[0], fa, {fq[0], fq[1]});
        }
        {
          u32 fq[2];
          ph::ldmatrix2_trans(fq, stage_at_2 + (ks * 16 + lane / 8 % 2 * 8 + lane % 8) * 80 + ((threadIdx.x / 32 % 2 + 2) * 8) * 2);
          ph::mma_f16(acc[1], fa, {fq[0], fq[1]});
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
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          f32 acc_2 = 0.0f;
          for (i64 k = 0; k < 32; ++k) acc_2 = (acc_2 + ((f32)(ph::from_f16(X_[i0 * 32 + k])) * (f32)(ph::from_f16(Y_[k * 32 + i1]))));
          product[pass * 4 + slot * 2 + v] = acc_2;
        }
      }
    }
  }
  #endif
  f32* tmp = (f32*)(smem + 5120);  // tile<f32>[1, 32]
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int i0 = 0;
    const int i1 = e % 32;
    tmp[i0 * 32 + i1] = Z_[i0 * 32 + i1];
  }
  __syncthreads();
  {
    const int lane_2 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 32 + threadIdx.x / 4 % 8 + threadIdx.x / 64 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 2; ++slot) {
        const int g = (lane_2 + threadIdx.x / 32 % 2 * 4 + slot * 8) * 2;
        const ph::Vec<f32, 2> tmp_g = ph::vload<2>(&tmp[g]);
        ph::Vec<f32, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = (product[pass * 4 + slot * 2 + v] + tmp_g.v[v]);
        }
        ph::vstore(&Z_[i0 * 32 + g], out);
      }
    }
  }
}
