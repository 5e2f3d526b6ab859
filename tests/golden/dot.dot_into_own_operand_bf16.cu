
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
namespace ph {
PH_INLINE void wgmma_m64n64k16_bf16_ss_mn(f32 (&d)[32], u64 a, u64 b) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, 1, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n\t}"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
               : "l"(a), "l"(b));
}
}  // namespace ph
#endif
// kernel dot_into_own_operand_bf16: 128 threads a CTA, 18432 bytes of shared memory
// for launches where multiples of 4: K, N; 16-byte aligned: A, B
#line 529 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_into_own_operand_bf16(bf16* A_, bf16* B_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 531 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 532 "tests/corpus/dot.phobos"
  ph::Box<2> box = {{0, 0}, {ph::min64(64, K_), ph::min64(64, K_)}};
  box.normalize();
  ph::Box<2> box_2 = {{0, ph::max64(n0_, 0) - n0_}, {ph::min64(64, K_), ph::min64(n0_ + 64, N_) - n0_}};
  box_2.normalize();
  const i64 k_lo = ph::max64(box.lo[1], box_2.lo[0]);
  const i64 k_hi = ph::min64(box.hi[1], box_2.hi[0]);
  f32 product[32];  // tile<f32>[64, 64] in registers: 64 rows of 64 as a tensor-core accumulator: 16-row blocks to the warps in turn, rows g and g + 8 of a block to quad g, each lane holding 2 columns of each 8
  #if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  unsigned char* raw = (unsigned char*)(smem + 0);  // tile<bf16>[64, 64] staged for wgmma, swizzled
  bf16* stage = (bf16*)((unsigned char*)(raw) + (0u - ph::smem_address(raw)) % 1024);
  const u32 stage_at = ph::smem_address(stage);
  if (K_ % 8 == 0 && box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 63 && 63 < box.hi[0] && k_lo <= 63 && 63 < k_hi) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
    const bf16* chunk = &A_[r * K_ + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
      ph::stage_async16(stage_at + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * K_);
    }
  } else {
    // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int r = e / 8, c = e % 8 * 8;
      if (K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
        ph::stage_async16(stage_at + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &A_[r * K_ + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          *(bf16*)((unsigned char*)stage + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[r * K_ + col] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  unsigned char* raw_2 = (unsigned char*)(smem + 9216);  // tile<bf16>[64, 64] staged for wgmma, swizzled
  bf16* stage_2 = (bf16*)((unsigned char*)(raw_2) + (0u - ph::smem_address(raw_2)) % 1024);
  const u32 stage_at_2 = ph::smem_address(stage_2);
  if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo <= 0 && 0 < k_hi && box_2.lo[1] <= 0 && 0 < box_2.hi[1] && k_lo <= 63 && 63 < k_hi && box_2.lo[1] <= 63 && 63 < box_2.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
    const bf16* chunk = &B_[r * N_ + (n0_ + c)];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
      ph::stage_async16(stage_at_2 + (c) / 64 * 8192 + ((r + i * 16)) * 128 + ((c) % 64 / 8 ^ ((r + i * 16)) % 8) * 16 + (c) % 8 * 2, chunk + i * 16 * 1 * N_);
    }
  } else {
    // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int r = e / 8, c = e % 8 * 8;
      if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 7 && c + 7 < box_2.hi[1]) {  // copied whole, in flight
        ph::stage_async16(stage_at_2 + (c) / 64 * 8192 + (r) * 128 + ((c) % 64 / 8 ^ (r) % 8) * 16 + (c) % 8 * 2, &B_[r * N_ + (n0_ + c)]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          *(bf16*)((unsigned char*)stage_2 + (col) / 64 * 8192 + (r) * 128 + ((col) % 64 / 8 ^ (r) % 8) * 16 + (col) % 8 * 2) = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[r * N_ + (n0_ + col)] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  ph::stage_wait();
  ph::proxy_fence();  // this thread's copies, seen by wgmma
  __syncthreads();
  {  // tile<f32>[64, 64] = dot on wgmma m64n64k16 from sm_90a: each warpgroup 64 rows of a block, A and B from their swizzled stages (B MN-major)
    const u64 a_desc = ph::smem_descriptor(stage_at, 16, 1024);
    const u64 b_desc = ph::smem_descriptor(stage_at_2, 8192, 1024);
    #pragma unroll
    for (int blk = 0; blk < 1; ++blk) {
      const u32 first = (0 * 4 + blk * 4) * 16;  // the warpgroup's first row
      f32 acc[32] = {};
      ph::wgmma_fence();
      #pragma unroll
      for (int ks = 0; ks < 4; ++ks) {
        ph::wgmma_m64n64k16_bf16_ss_mn(acc, a_desc + (first * 128 + ks / 4 * 8192 + ks % 4 * 32) / 16, b_desc + (ks * 2048) / 16);
      }
      ph::wgmma_commit();
      ph::wgmma_wait<0>();
      ph::keep(acc);  // the accumulators are read only now
      #pragma unroll
      for (int nb = 0; nb < 8; ++nb) {
        product[(blk * 2 + 0) * 16 + nb * 2] = acc[nb * 4 + 0];
        product[(blk * 2 + 0) * 16 + nb * 2 + 1] = acc[nb * 4 + 1];
        product[(blk * 2 + 1) * 16 + nb * 2] = acc[nb * 4 + 2];
        product[(blk * 2 + 1) * 16 + nb * 2 + 1] = acc[nb * 4 + 3];
      }
    }
  }
  #elif __CUDA_ARCH__ >= 800
  bf16* stage_3 = (bf16*)(smem + 0);  // tile<bf16>[64, 64] staged for ldmatrix, rows of 144 bytes
  const u32 stage_at_3 = ph::smem_address(stage_3);
  if (K_ % 8 == 0 && box.lo[0] <= 0 && 0 < box.hi[0] && k_lo <= 0 && 0 < k_hi && box.lo[0] <= 63 && 63 < box.hi[0] && k_lo <= 63 && 63 < k_hi) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
    const bf16* chunk = &A_[r * K_ + c];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
      ph::stage_async16(stage_at_3 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * K_);
    }
  } else {
    // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int r = e / 8, c = e % 8 * 8;
      if (K_ % 8 == 0 && box.lo[0] <= r && r < box.hi[0] && k_lo <= c && c < k_hi && box.lo[0] <= r && r < box.hi[0] && k_lo <= c + 7 && c + 7 < k_hi) {  // copied whole, in flight
        ph::stage_async16(stage_at_3 + (r) * 144 + (c) * 2, &A_[r * K_ + c]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage_3 + (r) * 144))[col] = box.lo[0] <= r && r < box.hi[0] && k_lo <= col && col < k_hi ? A_[r * K_ + col] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  bf16* stage_4 = (bf16*)(smem + 9216);  // tile<bf16>[64, 64] staged for ldmatrix, rows of 144 bytes
  const u32 stage_at_4 = ph::smem_address(stage_4);
  if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo <= 0 && 0 < k_hi && box_2.lo[1] <= 0 && 0 < box_2.hi[1] && k_lo <= 63 && 63 < k_hi && box_2.lo[1] <= 63 && 63 < box_2.hi[1]) {  // tile<bf16>[64, 64] inside its tensor: copied whole, in flight
    const int r = threadIdx.x / 8, c = threadIdx.x % 8 * 8;
    const bf16* chunk = &B_[r * N_ + (n0_ + c)];  // the thread's first chunk
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
      ph::stage_async16(stage_at_4 + ((r + i * 16)) * 144 + (c) * 2, chunk + i * 16 * 1 * N_);
    }
  } else {
    // tile<bf16>[64, 64] to shared memory, 8 elements a thread a turn, zeros where nothing is read
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int r = e / 8, c = e % 8 * 8;
      if (n0_ % 8 == 0 && N_ % 8 == 0 && k_lo <= r && r < k_hi && box_2.lo[1] <= c && c < box_2.hi[1] && k_lo <= r && r < k_hi && box_2.lo[1] <= c + 7 && c + 7 < box_2.hi[1]) {  // copied whole, in flight
        ph::stage_async16(stage_at_4 + (r) * 144 + (c) * 2, &B_[r * N_ + (n0_ + c)]);
      } else {
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int col = c + v;
          ((bf16*)((unsigned char*)stage_4 + (r) * 144))[col] = k_lo <= r && r < k_hi && box_2.lo[1] <= col && col < box_2.hi[1] ? B_[r * N_ + (n0_ + col)] : ph::to_bf16(0.0f);
        }
      }
    }
  }
  ph::stage_wait();
  __syncthreads();
  {  // tile<f32>[64, 64] = dot on mma.sync 16x8x16, each warp its blocks' atoms in turn
    const int lane_2 = threadIdx.x % 32;
    #pragma unroll
    for (int blk_2 = 0; blk_2 < 1; ++blk_2) {
      const int first_2 = (threadIdx.x / 32 + blk_2 * 4) * 16;  // the block's first row
      f32 acc_2[8][4] = {};
      #pragma unroll
      for (int ks_2 = 0; ks_2 < 4; ++ks_2) {
        u32 fa_2[4] = {};
        ph::ldmatrix4(fa_2, stage_at_3 + (first_2 + lane_2 % 16) * 144 + (ks_2 * 16 + lane_2 / 16 * 8) * 2);
        {
          u32 fq[4];
          ph::ldmatrix4_trans(fq, stage_at_4 + (ks_2 * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 144 + (0 + lane_2 / 16 * 8) * 2);
          ph::mma_bf16(acc_2[0], fa_2, {fq[0], fq[1]});
          ph::mma_bf16(acc_2[1], fa_2, {fq[2], fq[3]});
        }
        {
          u32 fq[4];
          ph::ldmatrix4_trans(fq, stage_at_4 + (ks_2 * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 144 + (16 + lane_2 / 16 * 8) * 2);
          ph::mma_bf16(acc_2[2], fa_2, {fq[0], fq[1]});
          ph::mma_bf16(acc_2[3], fa_2, {fq[2], fq[3]});
        }
        {
          u32 fq[4];
          ph::ldmatrix4_trans(fq, stage_at_4 + (ks_2 * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 144 + (32 + lane_2 / 16 * 8) * 2);
          ph::mma_bf16(acc_2[4], fa_2, {fq[0], fq[1]});
          ph::mma_bf16(acc_2[5], fa_2, {fq[2], fq[3]});
        }
        {
          u32 fq[4];
          ph::ldmatrix4_trans(fq, stage_at_4 + (ks_2 * 16 + lane_2 / 8 % 2 * 8 + lane_2 % 8) * 144 + (48 + lane_2 / 16 * 8) * 2);
          ph::mma_bf16(acc_2[6], fa_2, {fq[0], fq[1]});
          ph::mma_bf16(acc_2[7], fa_2, {fq[2], fq[3]});
        }
      }
      #pragma unroll
      for (int nb_2 = 0; nb_2 < 8; ++nb_2) {
        product[(blk_2 * 2 + 0) * 16 + nb_2 * 2] = acc_2[nb_2][0];
        product[(blk_2 * 2 + 0) * 16 + nb_2 * 2 + 1] = acc_2[nb_2][1];
        product[(blk_2 * 2 + 1) * 16 + nb_2 * 2] = acc_2[nb_2][2];
        product[(blk_2 * 2 + 1) * 16 + nb_2 * 2 + 1] = acc_2[nb_2][3];
      }
    }
  }
  #else
  const ph::Box<2> box_3 = {{box.lo[0], box_2.lo[1]}, {box.hi[0], box_2.hi[1]}};
  {
    const int lane_3 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane_3 + slot * 4) * 2;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          f32 acc_3 = 0.0f;
          for (i64 k = k_lo; k < k_hi; ++k) acc_3 = (acc_3 + ((f32)(ph::from_bf16(A_[i0 * K_ + k])) * (f32)(ph::from_bf16(B_[k * N_ + (n0_ + i1)]))));
          product[pass * 16 + slot * 2 + v] = acc_3;
        }
      }
    }
  }
  #endif
  __syncthreads();
  const ph::Box<2> box_4 = {{box.lo[0], ph::max64(box_2.lo[1], -n0_)}, {ph::min64(box.hi[0], K_), ph::min64(box_2.hi[1], N_ - n0_)}};
  {
    const int lane_3 = threadIdx.x % 4;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass % 2 * 8 + pass / 2 * 64 + threadIdx.x / 4 % 8 + threadIdx.x / 32 * 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 8; ++slot) {
        const int g = (lane_3 + slot * 4) * 2;
        if (n0_ % 2 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 1)) {  // the whole group is present and aligned
          ph::Vec<bf16, 2> out;
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            out.v[v] = ph::to_bf16(product[pass * 16 + slot * 2 + v]);
          }
          ph::vstore(&B_[i0 * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 2; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            B_[i0 * N_ + (n0_ + i1)] = ph::to_bf16(product[pass * 16 + slot * 2 + v]);
          }
        }
      }
    }
  }
}
