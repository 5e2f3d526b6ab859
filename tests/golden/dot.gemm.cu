
// kernel gemm [TM=32, TN=32, TK=16]: 128 threads a CTA, 8960 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: A, B, C
#line 4 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm(f32* A_, f32* B_, f32* C_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 6 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 32ll);
  #line 7 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 8 "tests/corpus/dot.phobos"
  f32 acc_[8];  // tile<f32>[32, 32] in registers: 32 rows of 32, a group of 8 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          acc_[pass * 4 + v] = 0.0f;
        }
      }
    }
  }
  acc_box = {{0, 0}, {32, 32}};
  #line 9 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 16) {
    if (m0_ >= 0 && m0_ + 32 <= M_ && k_ >= 0 && k_ + 16 <= K_ && n0_ >= 0 && n0_ + 32 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 32 && acc_box.lo[1] == 0 && acc_box.hi[1] == 32) {  // every window inside its tensor, every tile whole
      #line 10 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* a_ = (f32*)(smem + 0);  // tile<f32>[32, 16]
      ph::Box<2> a_box;
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 4;
          const int g = (e % 4) * 4;
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (k_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = A_g.v[v];
          }
          ph::vstore(&a_[i0 * 16 + g], out);
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 16;
          const int i1 = e % 16;
          a_[i0 * 16 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
        }
      }
      a_box = {{0, 0}, {32, 16}};
      #line 11 "tests/corpus/dot.phobos"
      f32* b_ = (f32*)(smem + 2048);  // tile<f32>[16, 32]
      ph::Box<2> b_box;
      if (n0_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 8;
          const int g = (e % 8) * 4;
          const ph::Vec<f32, 4> B_g = ph::vload<4>(&B_[(k_ + i0) * N_ + (n0_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = B_g.v[v];
          }
          ph::vstore(&b_[i0 * 32 + g], out);
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 32;
          const int i1 = e % 32;
          b_[i0 * 32 + i1] = B_[(k_ + i0) * N_ + (n0_ + i1)];
        }
      }
      b_box = {{0, 0}, {16, 32}};
      #line 12 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* stage = (f32*)(smem + 4096);  // tile<f32>[32, 16] staged for multiply-adds, rows of 80 bytes
      const u32 stage_at = ph::smem_address(stage);
      // tile<f32>[32, 16] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int r = e / 4, c = e % 4 * 4;
        if (0 <= r && r < 32 && 0 <= c && c < 16 && 0 <= r && r < 32 && 0 <= c + 3 && c + 3 < 16) {  // read whole
          const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[r * 16 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = a_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage + (r) * 80))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage + (r) * 80))[col] = 0 <= r && r < 32 && 0 <= col && col < 16 ? a_[r * 16 + col] : 0.0f;
          }
        }
      }
      f32* stage_2 = (f32*)(smem + 6656);  // tile<f32>[16, 32] staged for multiply-adds, rows of 144 bytes
      const u32 stage_at_2 = ph::smem_address(stage_2);
      // tile<f32>[16, 32] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int r = e / 8, c = e % 8 * 4;
        if (0 <= r && r < 16 && 0 <= c && c < 32 && 0 <= r && r < 16 && 0 <= c + 3 && c + 3 < 32) {  // read whole
          const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[r * 32 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = b_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_2 + (r) * 144))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_2 + (r) * 144))[col] = 0 <= r && r < 16 && 0 <= col && col < 32 ? b_[r * 32 + col] : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[32, 32] = dot by multiply-adds: each thread its 2 rows of 4 columns (the row layout's), k outermost, from the stages
        const int row0 = threadIdx.x / 8, col0 = threadIdx.x % 8 * 4;
        #pragma unroll 8
        for (int k = 0; k < 16; ++k) {
          const f32 a = ((f32*)((unsigned char*)stage + (row0) * 80))[k];
          const f32 a_2 = ((f32*)((unsigned char*)stage + (row0 + 16) * 80))[k];
          const ph::Vec<f32, 4> b = ph::vload<4>(&((f32*)((unsigned char*)stage_2 + (k) * 144))[col0]);
          acc_[0] = fmaf(a, b.v[0], acc_[0]);
          acc_[1] = fmaf(a, b.v[1], acc_[1]);
          acc_[2] = fmaf(a, b.v[2], acc_[2]);
          acc_[3] = fmaf(a, b.v[3], acc_[3]);
          acc_[4] = fmaf(a_2, b.v[0], acc_[4]);
          acc_[5] = fmaf(a_2, b.v[1], acc_[5]);
          acc_[6] = fmaf(a_2, b.v[2], acc_[6]);
          acc_[7] = fmaf(a_2, b.v[3], acc_[7]);
        }
      }
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 16 + threadIdx.x / 8;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 1; ++slot) {
            const int g = lane * 4;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[pass * 4 + v] = acc_[pass * 4 + v];
            }
          }
        }
      }
      acc_box = {{0, 0}, {32, 32}};
    } else {
      #line 10 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* a_ = (f32*)(smem + 0);  // tile<f32>[32, 16]
      ph::Box<2> a_box;
      ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 32, M_) - m0_, ph::min64(k_ + 16, K_) - k_}};
      box.normalize();
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 4;
          const int g = (e % 4) * 4;
          if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (k_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = A_g.v[v];
            }
            ph::vstore(&a_[i0 * 16 + g], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box.has(i0, i1)) continue;
              a_[i0 * 16 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 16;
          const int i1 = e % 16;
          if (!box.has(i0, i1)) continue;
          a_[i0 * 16 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
        }
      }
      a_box = box;
      #line 11 "tests/corpus/dot.phobos"
      f32* b_ = (f32*)(smem + 2048);  // tile<f32>[16, 32]
      ph::Box<2> b_box;
      ph::Box<2> box_2 = {{ph::max64(k_, 0) - k_, ph::max64(n0_, 0) - n0_}, {ph::min64(k_ + 16, K_) - k_, ph::min64(n0_ + 32, N_) - n0_}};
      box_2.normalize();
      if (n0_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 8;
          const int g = (e % 8) * 4;
          if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> B_g = ph::vload<4>(&B_[(k_ + i0) * N_ + (n0_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = B_g.v[v];
            }
            ph::vstore(&b_[i0 * 32 + g], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_2.has(i0, i1)) continue;
              b_[i0 * 32 + i1] = B_[(k_ + i0) * N_ + (n0_ + i1)];
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 32;
          const int i1 = e % 32;
          if (!box_2.has(i0, i1)) continue;
          b_[i0 * 32 + i1] = B_[(k_ + i0) * N_ + (n0_ + i1)];
        }
      }
      b_box = box_2;
      #line 12 "tests/corpus/dot.phobos"
      __syncthreads();
      const i64 k_lo = ph::max64(a_box.lo[1], b_box.lo[0]);
      const i64 k_hi = ph::min64(a_box.hi[1], b_box.hi[0]);
      f32* stage_3 = (f32*)(smem + 4096);  // tile<f32>[32, 16] staged for multiply-adds, rows of 80 bytes
      const u32 stage_at_3 = ph::smem_address(stage_3);
      // tile<f32>[32, 16] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int r = e / 4, c = e % 4 * 4;
        if (a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= c && c < k_hi && a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= c + 3 && c + 3 < k_hi) {  // read whole
          const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[r * 16 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = a_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_3 + (r) * 80))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_3 + (r) * 80))[col] = a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= col && col < k_hi ? a_[r * 16 + col] : 0.0f;
          }
        }
      }
      f32* stage_4 = (f32*)(smem + 6656);  // tile<f32>[16, 32] staged for multiply-adds, rows of 144 bytes
      const u32 stage_at_4 = ph::smem_address(stage_4);
      // tile<f32>[16, 32] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 128; e += 128) {
        const int r = e / 8, c = e % 8 * 4;
        if (k_lo <= r && r < k_hi && b_box.lo[1] <= c && c < b_box.hi[1] && k_lo <= r && r < k_hi && b_box.lo[1] <= c + 3 && c + 3 < b_box.hi[1]) {  // read whole
          const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[r * 32 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = b_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_4 + (r) * 144))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_4 + (r) * 144))[col] = k_lo <= r && r < k_hi && b_box.lo[1] <= col && col < b_box.hi[1] ? b_[r * 32 + col] : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[32, 32] = dot by multiply-adds: each thread its 2 rows of 4 columns (the row layout's), k outermost, from the stages
        const int row0_2 = threadIdx.x / 8, col0_2 = threadIdx.x % 8 * 4;
        #pragma unroll 8
        for (int k_2 = 0; k_2 < 16; ++k_2) {
          const f32 a_3 = ((f32*)((unsigned char*)stage_3 + (row0_2) * 80))[k_2];
          const f32 a_4 = ((f32*)((unsigned char*)stage_3 + (row0_2 + 16) * 80))[k_2];
          const ph::Vec<f32, 4> b_2 = ph::vload<4>(&((f32*)((unsigned char*)stage_4 + (k_2) * 144))[col0_2]);
          acc_[0] = fmaf(a_3, b_2.v[0], acc_[0]);
          acc_[1] = fmaf(a_3, b_2.v[1], acc_[1]);
          acc_[2] = fmaf(a_3, b_2.v[2], acc_[2]);
          acc_[3] = fmaf(a_3, b_2.v[3], acc_[3]);
          acc_[4] = fmaf(a_4, b_2.v[0], acc_[4]);
          acc_[5] = fmaf(a_4, b_2.v[1], acc_[5]);
          acc_[6] = fmaf(a_4, b_2.v[2], acc_[6]);
          acc_[7] = fmaf(a_4, b_2.v[3], acc_[7]);
        }
      }
      const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], a_box.lo[0]), ph::max64(acc_box.lo[1], b_box.lo[1])}, {ph::min64(acc_box.hi[0], a_box.hi[0]), ph::min64(acc_box.hi[1], b_box.hi[1])}};
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        #pragma unroll
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 16 + threadIdx.x / 8;
          const int i0 = row;
          #pragma unroll
          for (int slot = 0; slot < 1; ++slot) {
            const int g = lane * 4;
            if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                acc_[pass * 4 + v] = acc_[pass * 4 + v];
              }
            } else {  // element by element, masked
              #pragma unroll
              for (int v = 0; v < 4; ++v) {
                const int i1 = g + v;
                if (!box_3.has(i0, i1)) continue;
                acc_[pass * 4 + v] = acc_[pass * 4 + v];
              }
            }
          }
        }
      }
      acc_box = box_3;
    }
  }
  #line 14 "tests/corpus/dot.phobos"
  const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], -m0_), ph::max64(acc_box.lo[1], -n0_)}, {ph::min64(acc_box.hi[0], M_ - m0_), ph::min64(acc_box.hi[1], N_ - n0_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 16 + threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = lane * 4;
        if (n0_ % 4 == 0 && box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = acc_[pass * 4 + v];
          }
          ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_4.has(i0, i1)) continue;
            C_[(m0_ + i0) * N_ + (n0_ + i1)] = acc_[pass * 4 + v];
          }
        }
      }
    }
  }
}
