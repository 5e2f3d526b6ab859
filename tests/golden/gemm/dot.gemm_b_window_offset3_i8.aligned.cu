namespace ph {
PH_INLINE void wgmma(i32 (&d)[64], u64 a, u64 b, int scale_d) {
  asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %66, 0;\n\t"
               "wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p;\n\t}"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), "+r"(d[58]), "+r"(d[59]), "+r"(d[60]), "+r"(d[61]), "+r"(d[62]), "+r"(d[63])
               : "l"(a), "l"(b), "r"(scale_d));
}
}  // namespace ph

// kernel gemm_b_window_offset3_i8 [TM=128, TN=128, TK=128]: the GEMM loop on wgmma, 384 threads a CTA, 230480 bytes of shared memory, a persistent walk over the grid, operands loaded by the producer's threads (TMA cannot read them), stores from registers
//   128 x 128 CTA tile, k 128 a stage, 5 stages of 32768 bytes
//   warpgroup 0 loads the stages (TMA, or its threads' copies); warpgroups 1..2 run wgmma.mma_async.sync.aligned.m64n128k32.s32.s8.s8, 1 m64 block(s) each (224 registers)
//   A: 1 box(es) of 128 x 128, K-major; B: 1 box(es) of 128 x 128, K-major (transposed as it is copied); 128-byte swizzle
//   C: a consumer's 64 rows through 4 swizzled box(es) of 32 columns and a TMA store, where the tile allows, overlapping the next tile
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: C
#line 441 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(384, 1) phobos_gemm_b_window_offset3_i8(i8* A_, i8* B_, i32* C_, i64 M_, i64 K_, i64 N_, i64 grid_x, i64 grid_y, i64 grid_z) {
  extern __shared__ __align__(1024) unsigned char smem[];
  // The 128-byte swizzle is a function of the address: stages start 1024-aligned.
  const u32 base = (ph::smem_address(smem) + 1023u) & ~1023u;
  const u32 full = base + 229376, empty = base + 229416;
  // A warpgroup's index, from lane 0: the compiler then knows it is warp-uniform and keeps what
  // derives from it (the stages' addresses, wgmma's descriptors) in uniform registers.
  const int group = __shfl_sync(0xffffffffu, threadIdx.x / 128, 0), gthread = threadIdx.x % 128;
  if (threadIdx.x == 0) {
    for (int s = 0; s < 5; ++s) {
      ph::mbar_init(full + 8 * s, 128);  // the producer's arrivals, once their copies are done
      ph::mbar_init(empty + 8 * s, 2);  // an arrival from each consumer
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();  // the roles never meet again
  const i64 tiles = grid_x * grid_y * grid_z;
  const i64 group_rows = ph::wave_rows(gridDim.x, grid_y, 128.0f / 128);
  const int kblocks = (int)((K_ + 127) / 128);
  if (group == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 56;");
    u32 it = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      i64 block_x, block_y, block_z;
      ph::grouped_block(tile, grid_x, grid_y, group_rows, block_x, block_y, block_z);
      #line 443 "tests/corpus/dot.phobos"
      const i64 m0_ = ph::wmul(block_y, 128ll);
      #line 444 "tests/corpus/dot.phobos"
      const i64 n0_ = ph::wadd(ph::wmul(block_x, 128ll), 3ll);
      #line 446 "tests/corpus/dot.phobos"
      const i64 m_at = m0_, n_at = n0_;
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const u32 s = it % 5, phase = (it / 5) & 1;
        ph::mbar_wait(empty + 8 * s, phase ^ 1);
        const u32 a = base + s * 32768, b = a + 16384;
        #pragma unroll 4
        for (int q = gthread; q < 1024; q += 128) {
          const int r = (q >> 3) % 128, c = q & 7;
          ph::copy_async(a + r * 128 + ((c ^ (r & 7)) << 4), A_, m_at + r, kb * 128 + 16 * c, M_, K_);
        }
        #pragma unroll 4
        for (int q = gthread; q < 1024; q += 128) {
          const int r = q / 32 * 4, c = q % 32 * 4;  // k and n in the stage
          ph::copy_transposed(b, B_, kb * 128 + r, n_at + c, r, c, K_, N_, false);
        }
        ph::copies_arrive(full + 8 * s);
      }
    }
  } else {
    asm volatile("setmaxnreg.inc.sync.aligned.u32 224;");
    const int consumer = group - 1;
    i32 acc_0[64];  // tile<i32>[128, 128] in registers: the plan's fragment
    for (int r = 0; r < 64; ++r) acc_0[r] = 0;  // a tile's first slice overwrites it
    const int wg_row = gthread / 4 % 8 + gthread / 32 * 16, frag_row = consumer * 64 + wg_row, frag_col = gthread % 4 * 2;
    unsigned char* c_tile = smem + (base - ph::smem_address(smem)) + 163840 + consumer * 32768;  // this consumer's rows of the output, for their TMA store
    // Stage 0's descriptors: a stage, a k slice and an m64 block further is the address field plus
    // the bytes / 16 (it is the descriptor's low 14 bits, and shared memory is under 256 KB).
    const u64 a_desc = ph::smem_descriptor(base + consumer * 8192, 16, 1024), b_desc = ph::smem_descriptor(base + 16384, 16, 1024);
    u32 it = 0;
    for (i64 tile = blockIdx.x; tile < tiles; tile += gridDim.x) {
      i64 block_x, block_y, block_z;
      ph::grouped_block(tile, grid_x, grid_y, group_rows, block_x, block_y, block_z);
      #line 443 "tests/corpus/dot.phobos"
      const i64 m0_ = ph::wmul(block_y, 128ll);
      #line 444 "tests/corpus/dot.phobos"
      const i64 n0_ = ph::wadd(ph::wmul(block_x, 128ll), 3ll);
      #line 446 "tests/corpus/dot.phobos"
      for (int kb = 0; kb < kblocks; ++kb, ++it) {
        const u32 s = it % 5;
        ph::mbar_wait(full + 8 * s, (it / 5) & 1);
        ph::proxy_fence();
        const u64 da = a_desc + s * 2048, db = b_desc + s * 2048;
        ph::wgmma_fence();
        #pragma unroll
        for (int k16 = 0; k16 < 4; ++k16) {
          ph::wgmma(acc_0, da + 2 * k16, db + 2 * k16, (kb | k16) != 0);
        }
        ph::wgmma_commit();
        if (kb > 0) {  // one group in flight: the stage before it is free
          ph::wgmma_wait<1>();
          if (gthread == 0) ph::mbar_arrive(empty + 8 * ((it - 1) % 5));
        }
      }
      ph::wgmma_wait<0>();
      if (kblocks > 0 && gthread == 0) ph::mbar_arrive(empty + 8 * ((it - 1) % 5));
      ph::Box<2> acc_box = {{ph::max64(m0_, 0) - m0_, ph::max64(n0_, 0) - n0_}, {ph::min64(m0_ + 128, M_) - m0_, ph::min64(n0_ + 128, N_) - n0_}};
      acc_box.normalize();
      if (kblocks == 0) acc_box = {{0, 0}, {128, 128}};
      {  // a store of its own: its bounds and locals are its own
        #line 449 "tests/corpus/dot.phobos"
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
                ph::vstore<2>((i32*)(c_tile + ph::swizzled(wg_row + 8 * r0, j, 32, 8192, 4)), ph::Vec<i32, 2>{{acc_0[2 * r0 + 4 * r1], acc_0[2 * r0 + 4 * r1 + 1]}});
              }
            }
          }
          ph::named_sync(1 + consumer, 128);
          for (int q = gthread; q < 4096; q += 128) {
            const int r = q / 64;
            const int i = consumer * 64 + r, j = 2 * (q % 64), j1 = j + 1;
            const i32* c = (i32*)(c_tile + ph::swizzled(r, j, 32, 8192, 4));
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
