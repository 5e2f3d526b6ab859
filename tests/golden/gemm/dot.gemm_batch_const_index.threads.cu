namespace ph {
PH_INLINE void wgmma(f32 (&d)[64], u64 a, u64 b, int scale_d) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %66, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 1;\n\t}"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
               : "l"(a), "l"(b), "r"(scale_d));
}
}  // namespace ph

// kernel gemm_batch_const_index [TM=128, TN=128, TK=64]: the GEMM loop on wgmma, 384 threads a CTA, 230496 bytes of shared memory, a persistent walk over the grid, operands loaded by the producer's threads (TMA cannot read them), stores from registers
//   128 x 128 CTA tile, k 64 a stage, 6 stages of 32768 bytes
//   warpgroup 0 loads the stages (TMA, or its threads' copies); warpgroups 1..2 run wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16, 1 m64 block(s) each (224 registers)
//   A: 1 box(es) of 128 x 64, K-major; B: 2 box(es) of 64 x 64, MN-major; 128-byte swizzle
//   C: a consumer's 64 rows through 2 swizzled box(es) of 64 columns and a TMA store, where the tile allows, overlapping the next tile
// for launches where multiples of 4: K, M, N, Z
#line 490 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(384, 1) phobos_gemm_batch_const_index(bf16* A_, bf16* B_, bf16* C_, i64 Z_, i64 M_, i64 K_, i64 N_, i64 grid_x, i64 grid_y, i64 grid_z) {
  extern __shared__ __align__(1024) unsigned char smem[];
  // The 128-byte swizzle is a function of the address: stages start 1024-aligned.
  const u32 base = (ph::smem_address(smem) + 1023u) & ~1023u;
  const u32 full = base + 229376, empty = base + 229424;
  // A warpgroup's index, from lane 0: the compiler then knows it is warp-uniform and keeps what
  // derives from it (the stages' addresses, wgmma's descriptors) in uniform registers.
  const int group = __shfl_sync(0xffffffffu, threadIdx.x / 128, 0), gthread = threadIdx.x % 128;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 6; ++s) {
      ph::mbar_init(full + 8 * s, 128);  // the producer's arrivals, once their copies are done
      ph::mbar_init(empty + 8 * s, 2);  // an arrival from each consumer
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();  // the roles never meet again
  const i64 tiles = grid_x * grid_y * grid_z;
  const i64 group_rows = ph::wave_rows(gridDim.x, grid_y, 128.0f / 128);
  const int kblocks = (int)((K_ + 63) / 64);
  if (group == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 56;");
    u32 it = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      i64 block_x, block_y, block_z;
      ph::grouped_block(tile, grid_x, grid_y, group_rows, block_x, block_y, block_z);
      #line 492 "tests/corpus/dot.phobos"
      const i64 m0_ = ph::wmul(block_y, 128ll);
      #line 493 "tests/corpus/dot.phobos"
      const i64 n0_ = ph::wmul(block_x, 128ll);
      #line 495 "tests/corpus/dot.phobos"
      const i64 m_at = m0_, n_at = n0_;
      const auto* a_src = A_ + ((0 <= 2 && 2 < Z_) ? (i64)(2) * M_ * K_ : 0);
      const i64 a_rows = (0 <= 2 && 2 < Z_) ? M_ : 0;
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const u32 s = it % 6, phase = (it / 6) & 1;
        ph::mbar_wait(empty + 8 * s, phase ^ 1);
        const u32 a = base + s * 32768, b = a + 16384;
        #pragma unroll 4
        for (int q = gthread; q < 1024; q += 128) {
          const int r = (q >> 3) % 128, c = q & 7;
          ph::copy_elements(a + r * 128 + ((c ^ (r & 7)) << 4), a_src, m_at + r, kb * 64 + 8 * c, a_rows, K_);
        }
        #pragma unroll 4
        for (int q = gthread; q < 1024; q += 128) {
          const int r = (q >> 3) % 64, c = q & 7;
          const int box = q / 512;
          ph::copy_elements(b + box * 8192 + r * 128 + ((c ^ (r & 7)) << 4), B_, kb * 64 + r, n_at + 64 * box + 8 * c, K_, N_);
        }
        ph::copies_arrive(full + 8 * s);
      }
    }
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 224;");
    const int consumer = group - 1;
    f32 acc_0[64];  // tile<f32>[128, 128] in registers: the plan's fragment
    for (int r = 0; r < 64; ++r) acc_0[r] = 0;  // a tile's first slice overwrites it
    const int wg_row = gthread / 4 % 8 + gthread / 32 * 16, frag_row = consumer * 64 + wg_row, frag_col = gthread % 4 * 2;
    unsigned char* c_tile = smem + (base - ph::smem_address(smem)) + 196608 + consumer * 16384;  // this consumer's rows of the output, for their TMA store
    // Stage 0's descriptors: a stage, a k slice and an m64 block further is the address field plus
    // the bytes / 16 (it is the descriptor's low 14 bits, and shared memory is under 256 KB).
    const u64 a_desc = ph::smem_descriptor(base + consumer * 8192, 16, 1024), b_desc = ph::smem_descriptor(base + 16384, 8192, 1024);
    u32 it = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      i64 block_x, block_y, block_z;
      ph::grouped_block(tile, grid_x, grid_y, group_rows, block_x, block_y, block_z);
      #line 492 "tests/corpus/dot.phobos"
      const i64 m0_ = ph::wmul(block_y, 128ll);
      #line 493 "tests/corpus/dot.phobos"
      const i64 n0_ = ph::wmul(block_x, 128ll);
      #line 495 "tests/corpus/dot.phobos"
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const u32 s = it % 6;
        ph::mbar_wait(full + 8 * s, (it / 6) & 1);
        ph::proxy_fence();
        const u64 da = a_desc + s * 2048, db = b_desc + s * 2048;
        ph::wgmma_fence();
        #pragma unroll
        for (int k16 = 0; k16 < 4; ++k16) {
          ph::wgmma(acc_0, da + 2 * k16, db + 128 * k16, (kb | k16) != 0);
        }
        ph::wgmma_commit();
        if (kb > 0) {  // one group in flight: the stage before it is free
          ph::wgmma_wait<1>();
          if (gthread == 0) ph::mbar_arrive(empty + 8 * ((it - 1) % 6));
        }
      }
      ph::wgmma_wait<0>();
      if (kblocks > 0 && gthread == 0) ph::mbar_arrive(empty + 8 * ((it - 1) % 6));
      ph::Box<2> acc_box = {{ph::max64(m0_, 0) - m0_, ph::max64(n0_, 0) - n0_}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(n0_ + 128, N_) - n0_}};
      acc_box.normalize();
      if (!(0 <= 2 && 2 < Z_)) acc_box = {{0, 0}, {0, 0}};  // an operand is absent
      if (kblocks == 0) acc_box = {{0, 0}, {128, 128}};
      {  // a store of its own: its bounds and locals are its own
        #line 498 "tests/corpus/dot.phobos"
        const int lo0 = (int)ph::min64(ph::max64(ph::max64(acc_box.lo[0], -m0_), 0), 128), hi0 = (int)ph::min64(ph::max64(ph::min64(acc_box.hi[0], M_ - m0_), 0), 128);  // where the value is present and inside the tensor
        const int lo1 = (int)ph::min64(ph::max64(ph::max64(acc_box.lo[1], -n0_), 0), 128), hi1 = (int)ph::min64(ph::max64(ph::min64(acc_box.hi[1], N_ - n0_), 0), 128);  // where the value is present and inside the tensor
        if (lo0 < hi0 && lo1 < hi1) {
          if (gthread == 0) ph::bulk_wait_read();  // this warpgroup's last store has read the staging
          ph::named_sync(1 + consumer, 128);
          {
            #pragma unroll
            for (int r0 = 0; r0 < 2; ++r0) {
              #pragma unroll
              for (int r1 = 0; r1 < 16; ++r1) {
                const int i = frag_row + 8 * r0;
                const int j = frag_col + 8 * r1, j1 = j + 1;
                const int ci = ph::imin(ph::imax(i, lo0), hi0 - 1), cj = ph::imin(ph::imax(j, lo1), hi1 - 1), cj1 = ph::imin(ph::imax(j1, lo1), hi1 - 1);
                ph::vstore<2>((bf16*)(c_tile + ph::swizzled(wg_row + 8 * r0, j, 64, 8192, 2)), ph::Vec<bf16, 2>{{ph::to_bf16(acc_0[2 * r0 + 4 * r1]), ph::to_bf16(acc_0[2 * r0 + 4 * r1 + 1])}});
              }
            }
          }
          ph::named_sync(1 + consumer, 128);
          for (int q = gthread; q < 4096; q += 128) {
            const int r = q / 64;
            const int i = consumer * 64 + r, j = 2 * (q % 64), j1 = j + 1;
            const bf16* c = (bf16*)(c_tile + ph::swizzled(r, j, 64, 8192, 2));
            if (lo0 <= i && i < hi0) {
              if (lo1 <= j && j < hi1) C_[(m0_ + i) * N_ + (n0_ + j)] = c[0];
              if (lo1 <= j1 && j1 < hi1) C_[(m0_ + i) * N_ + (n0_ + j1)] = c[1];
            }
          }
        }
      }
    }
  }
}
