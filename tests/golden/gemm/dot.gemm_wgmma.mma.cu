namespace ph {
PH_INLINE void mma(f32* d, const u32 (&a)[4], u32 b0, u32 b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}
}  // namespace ph

// kernel gemm_wgmma [TM=128, TN=128, TK=64]: the GEMM loop on mma.sync, 256 threads a CTA, 65664 bytes of shared memory, a persistent walk over the grid, operands loaded by cp.async from every warp, stores from registers
//   128 x 128 CTA tile, k 32 a stage, 4 stages of 16384 bytes, filled by cp.async from all 8 warps
//   each warp 64 x 32: ldmatrix (B transposed) and mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32, 4 x 4 products a k16 slice
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, BIAS, C
#line 113 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(256, 1) phobos_gemm_wgmma(bf16* A_, bf16* B_, bf16* BIAS_, bf16* C_, f32 alpha_, i64 M_, i64 K_, i64 N_, i64 grid_x, i64 grid_y, i64 grid_z) {
  extern __shared__ __align__(128) unsigned char smem[];
  const u32 base = (ph::smem_address(smem) + 127u) & ~127u;
  const i64 tiles = grid_x * grid_y * grid_z;
  const i64 group_rows = ph::wave_rows(gridDim.x, grid_y, 128.0f / 128);
  const int kblocks = (int)((K_ + 31) / 32);
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int frag_row = (int)threadIdx.x / 4 % 8 + (int)threadIdx.x / 32 % 2 * 64, frag_col = (int)threadIdx.x % 4 * 2 + (int)threadIdx.x / 64 * 32;
  const int warp_row = warp % 2 * 64, warp_col = warp / 2 * 32;
  f32 acc_0[16];  // tile<f32>[128, 128] in registers: the plan's fragment
  f32 acc_1[16];  // tile<f32>[128, 128] in registers: the plan's fragment
  f32 acc_2[16];  // tile<f32>[128, 128] in registers: the plan's fragment
  f32 acc_3[16];  // tile<f32>[128, 128] in registers: the plan's fragment
  for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
    i64 block_x, block_y, block_z;
    ph::grouped_block(tile, grid_x, grid_y, group_rows, block_x, block_y, block_z);
    #line 117 "tests/corpus/dot.phobos"
    const i64 m0_ = ph::wmul(block_y, 128ll);
    #line 118 "tests/corpus/dot.phobos"
    const i64 n0_ = ph::wmul(block_x, 128ll);
    #line 120 "tests/corpus/dot.phobos"
    const i64 m_at = m0_, n_at = n0_;
    for (int r = 0; r < 16; ++r) acc_0[r] = 0.0f;
    for (int r = 0; r < 16; ++r) acc_1[r] = 0.0f;
    for (int r = 0; r < 16; ++r) acc_2[r] = 0.0f;
    for (int r = 0; r < 16; ++r) acc_3[r] = 0.0f;
    for (int s = 0; s < 3; ++s) {  // the first stages, ahead
      if (s < kblocks) {
        const u32 a = base + (s) * 16384, b = a + 8192;
        #pragma unroll 4
        for (int q = threadIdx.x; q < 512; q += 256) {
          const int r = q / 4, c = q % 4;
          ph::copy_async(a + r * 64 + ((c ^ ((r >> 1) & 3)) << 4), A_, m_at + r, (s) * 32 + 8 * c, M_, K_);
        }
        #pragma unroll 4
        for (int q = threadIdx.x; q < 512; q += 256) {
          const int r = q / 16, c = q % 16;
          ph::copy_async(b + r * 256 + (((c & ~7) | ((c & 7) ^ (r & 7))) << 4), B_, (s) * 32 + r, n_at + 8 * c, K_, N_);
        }
      }
      ph::copies_commit();
    }
    for (int kb = 0; kb < kblocks; ++kb) {
      ph::copies_wait<2>();  // this k block's stage has arrived
      __syncthreads();  // and every warp is done with the stage the next load refills
      if (kb + 3 < kblocks) {
        const u32 a = base + ((kb + 3) % 4) * 16384, b = a + 8192;
        #pragma unroll 4
        for (int q = threadIdx.x; q < 512; q += 256) {
          const int r = q / 4, c = q % 4;
          ph::copy_async(a + r * 64 + ((c ^ ((r >> 1) & 3)) << 4), A_, m_at + r, (kb + 3) * 32 + 8 * c, M_, K_);
        }
        #pragma unroll 4
        for (int q = threadIdx.x; q < 512; q += 256) {
          const int r = q / 16, c = q % 16;
          ph::copy_async(b + r * 256 + (((c & ~7) | ((c & 7) ^ (r & 7))) << 4), B_, (kb + 3) * 32 + r, n_at + 8 * c, K_, N_);
        }
      }
      ph::copies_commit();
      const u32 a = base + (kb % 4) * 16384, b = a + 8192;
      #pragma unroll
      for (int k16 = 0; k16 < 2; ++k16) {
        u32 fa[4][4], fb[2][4];
        #pragma unroll
        for (int m = 0; m < 4; ++m) {
          const int r = warp_row + 16 * m + (lane & 15), c = 2 * k16 + (lane >> 4);
          ph::ldmatrix4(fa[m], a + r * 64 + ((c ^ ((r >> 1) & 3)) << 4));
        }
        #pragma unroll
        for (int p = 0; p < 2; ++p) {
          const int r = 16 * k16 + (lane & 15), c = (warp_col + 16 * p) / 8 + (lane >> 4);
          ph::ldmatrix4_trans(fb[p], b + r * 256 + (((c & ~7) | ((c & 7) ^ (r & 7))) << 4));
        }
        #pragma unroll
        for (int j = 0; j < 4; ++j) ph::mma(acc_0 + 4 * j, fa[0], fb[j / 2][2 * (j % 2)], fb[j / 2][2 * (j % 2) + 1]);
        #pragma unroll
        for (int j = 0; j < 4; ++j) ph::mma(acc_1 + 4 * j, fa[1], fb[j / 2][2 * (j % 2)], fb[j / 2][2 * (j % 2) + 1]);
        #pragma unroll
        for (int j = 0; j < 4; ++j) ph::mma(acc_2 + 4 * j, fa[2], fb[j / 2][2 * (j % 2)], fb[j / 2][2 * (j % 2) + 1]);
        #pragma unroll
        for (int j = 0; j < 4; ++j) ph::mma(acc_3 + 4 * j, fa[3], fb[j / 2][2 * (j % 2)], fb[j / 2][2 * (j % 2) + 1]);
      }
    }
    ph::copies_wait<0>();
    __syncthreads();  // the ring is free for the next tile
    ph::Box<2> acc_box = {{ph::max64(m0_, 0) - m0_, ph::max64(n0_, 0) - n0_}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(n0_ + 128, N_) - n0_}};
    acc_box.normalize();
    if (kblocks == 0) acc_box = {{0, 0}, {128, 128}};
    #line 123 "tests/corpus/dot.phobos"
    const f32 scale_ = (alpha_ * 0.5f);
    {  // a store of its own: its bounds and locals are its own
      #line 124 "tests/corpus/dot.phobos"
      ph::Box<2> box_2 = {{0, ph::max64(n0_, 0) - n0_}, {1, ph::min64(n0_ + 128, N_) - n0_}};
      box_2.normalize();
      const int lo0 = (int)ph::min64(ph::max64(ph::max64(acc_box.lo[0], -m0_), 0), 128), hi0 = (int)ph::min64(ph::max64(ph::min64(ph::min64(acc_box.hi[0], (box_2.lo[0] < box_2.hi[0] ? 128 : 0)), M_ - m0_), 0), 128);  // where the value is present and inside the tensor
      const int lo1 = (int)ph::min64(ph::max64(ph::max64(ph::max64(acc_box.lo[1], box_2.lo[1]), -n0_), 0), 128), hi1 = (int)ph::min64(ph::max64(ph::min64(ph::min64(acc_box.hi[1], box_2.hi[1]), N_ - n0_), 0), 128);  // where the value is present and inside the tensor
      if (lo0 == 0 && hi0 == 128 && lo1 == 0 && hi1 == 128 && n0_ % 2 == 0) {
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              ph::vstore<2>(&C_[(m0_ + i) * N_ + (n0_ + j)], ph::Vec<bf16, 2>{{ph::to_bf16(fmaxf(((scale_ * acc_0[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f)), ph::to_bf16(fmaxf(((scale_ * acc_0[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f))}});
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 16 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              ph::vstore<2>(&C_[(m0_ + i) * N_ + (n0_ + j)], ph::Vec<bf16, 2>{{ph::to_bf16(fmaxf(((scale_ * acc_1[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f)), ph::to_bf16(fmaxf(((scale_ * acc_1[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f))}});
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 32 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              ph::vstore<2>(&C_[(m0_ + i) * N_ + (n0_ + j)], ph::Vec<bf16, 2>{{ph::to_bf16(fmaxf(((scale_ * acc_2[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f)), ph::to_bf16(fmaxf(((scale_ * acc_2[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f))}});
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 48 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              ph::vstore<2>(&C_[(m0_ + i) * N_ + (n0_ + j)], ph::Vec<bf16, 2>{{ph::to_bf16(fmaxf(((scale_ * acc_3[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f)), ph::to_bf16(fmaxf(((scale_ * acc_3[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f))}});
            }
          }
        }
      } else {
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              if (lo0 <= i && i < hi0) {
                if (lo1 <= j && j < hi1) C_[(m0_ + i) * N_ + (n0_ + j)] = ph::to_bf16(fmaxf(((scale_ * acc_0[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f));
                if (lo1 <= j1 && j1 < hi1) C_[(m0_ + i) * N_ + (n0_ + j1)] = ph::to_bf16(fmaxf(((scale_ * acc_0[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f));
              }
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 16 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              if (lo0 <= i && i < hi0) {
                if (lo1 <= j && j < hi1) C_[(m0_ + i) * N_ + (n0_ + j)] = ph::to_bf16(fmaxf(((scale_ * acc_1[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f));
                if (lo1 <= j1 && j1 < hi1) C_[(m0_ + i) * N_ + (n0_ + j1)] = ph::to_bf16(fmaxf(((scale_ * acc_1[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f));
              }
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 32 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              if (lo0 <= i && i < hi0) {
                if (lo1 <= j && j < hi1) C_[(m0_ + i) * N_ + (n0_ + j)] = ph::to_bf16(fmaxf(((scale_ * acc_2[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f));
                if (lo1 <= j1 && j1 < hi1) C_[(m0_ + i) * N_ + (n0_ + j1)] = ph::to_bf16(fmaxf(((scale_ * acc_2[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f));
              }
            }
          }
        }
        {
          #pragma unroll
          for (int r0 = 0; r0 < 2; ++r0) {
            #pragma unroll
            for (int r1 = 0; r1 < 4; ++r1) {
              const int i = frag_row + 48 + 8 * r0;
              const int j = frag_col + 8 * r1, j1 = j + 1;
              if (lo0 <= i && i < hi0) {
                if (lo1 <= j && j < hi1) C_[(m0_ + i) * N_ + (n0_ + j)] = ph::to_bf16(fmaxf(((scale_ * acc_3[2 * r0 + 4 * r1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j]))), 0.0f));
                if (lo1 <= j1 && j1 < hi1) C_[(m0_ + i) * N_ + (n0_ + j1)] = ph::to_bf16(fmaxf(((scale_ * acc_3[2 * r0 + 4 * r1 + 1]) + (f32)(ph::from_bf16(BIAS_[n0_ + j1]))), 0.0f));
              }
            }
          }
        }
      }
    }
  }
}
