
// kernel gemm_nt [TM=16, TN=32, TK=8]: 128 threads a CTA, 3840 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, BT, C; rows 16-byte multiples apart: A, BT, C
#line 53 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_nt(f32* A_, f32* BT_, f32* C_, f32 alpha_, f32 beta_, i64 M_, i64 K_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 56 "tests/corpus/dot.phobos"
  const i64 m0_ = ph::wmul((i64)blockIdx.y, 16ll);
  #line 57 "tests/corpus/dot.phobos"
  const i64 n0_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 58 "tests/corpus/dot.phobos"
  f32 acc_[4];  // tile<f32>[16, 32] in registers: 16 rows of 32, a group of 8 threads per row, each lane holding 1 group of 4
  ph::Box<2> acc_box;
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        acc_[v] = 0.0f;
      }
    }
  }
  acc_box = {{0, 0}, {16, 32}};
  #line 59 "tests/corpus/dot.phobos"
  for (i64 k_ = 0ll; k_ < K_; k_ += 8) {
    if (m0_ >= 0 && m0_ + 16 <= M_ && k_ >= 0 && k_ + 8 <= K_ && n0_ >= 0 && n0_ + 32 <= N_ && acc_box.lo[0] == 0 && acc_box.hi[0] == 16 && acc_box.lo[1] == 0 && acc_box.hi[1] == 32) {  // every window inside its tensor, every tile whole
      #line 60 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* a_ = (f32*)(smem + 0);  // tile<f32>[16, 8]
      ph::Box<2> a_box;
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 32; e += 128) {
          const int i0 = e / 2;
          const int g = (e % 2) * 4;
          const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (k_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = A_g.v[v];
          }
          ph::vstore(&a_[i0 * 8 + g], out);
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 8;
          const int i1 = e % 8;
          a_[i0 * 8 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
        }
      }
      a_box = {{0, 0}, {16, 8}};
      #line 61 "tests/corpus/dot.phobos"
      f32* b_ = (f32*)(smem + 512);  // tile<f32>[32, 8]
      ph::Box<2> b_box;
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int i0 = e / 2;
          const int g = (e % 2) * 4;
          const ph::Vec<f32, 4> BT_g = ph::vload<4>(&BT_[(n0_ + i0) * K_ + (k_ + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = BT_g.v[v];
          }
          ph::vstore(&b_[i0 * 8 + g], out);
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 256; e += 128) {
          const int i0 = e / 8;
          const int i1 = e % 8;
          b_[i0 * 8 + i1] = BT_[(n0_ + i0) * K_ + (k_ + i1)];
        }
      }
      b_box = {{0, 0}, {32, 8}};
      #line 62 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* stage = (f32*)(smem + 1536);  // tile<f32>[16, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at = ph::smem_address(stage);
      // tile<f32>[16, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int r = e / 2, c = e % 2 * 4;
        if (0 <= r && r < 16 && 0 <= c && c < 8 && 0 <= r && r < 16 && 0 <= c + 3 && c + 3 < 8) {  // read whole
          const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[r * 8 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = a_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage + (r) * 48))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage + (r) * 48))[col] = 0 <= r && r < 16 && 0 <= col && col < 8 ? a_[r * 8 + col] : 0.0f;
          }
        }
      }
      f32* stage_2 = (f32*)(smem + 2304);  // tile<f32>[32, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at_2 = ph::smem_address(stage_2);
      // tile<f32>[32, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int r = e / 2, c = e % 2 * 4;
        if (0 <= c && c < 8 && 0 <= r && r < 32 && 0 <= c + 3 && c + 3 < 8 && 0 <= r && r < 32) {  // read whole
          const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[r * 8 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = b_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_2 + (r) * 48))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_2 + (r) * 48))[col] = 0 <= col && col < 8 && 0 <= r && r < 32 ? b_[r * 8 + col] : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[16, 32] = dot by multiply-adds: each thread its 1 row of 4 columns (the row layout's), k outermost, from the stages
        const int row0 = threadIdx.x / 8, col0 = threadIdx.x % 8 * 4;
        #pragma unroll 8
        for (int k = 0; k < 8; ++k) {
          const f32 a = ((f32*)((unsigned char*)stage + (row0) * 48))[k];
          const f32 b = ((f32*)((unsigned char*)stage_2 + (col0) * 48))[k];
          const f32 b_2 = ((f32*)((unsigned char*)stage_2 + (col0 + 1) * 48))[k];
          const f32 b_3 = ((f32*)((unsigned char*)stage_2 + (col0 + 2) * 48))[k];
          const f32 b_4 = ((f32*)((unsigned char*)stage_2 + (col0 + 3) * 48))[k];
          acc_[0] = fmaf(a, b, acc_[0]);
          acc_[1] = fmaf(a, b_2, acc_[1]);
          acc_[2] = fmaf(a, b_3, acc_[2]);
          acc_[3] = fmaf(a, b_4, acc_[3]);
        }
      }
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            acc_[v] = acc_[v];
          }
        }
      }
      acc_box = {{0, 0}, {16, 32}};
    } else {
      #line 60 "tests/corpus/dot.phobos"
      __syncthreads();
      f32* a_ = (f32*)(smem + 0);  // tile<f32>[16, 8]
      ph::Box<2> a_box;
      ph::Box<2> box = {{ph::max64(m0_, 0) - m0_, ph::max64(k_, 0) - k_}, {ph::min64(m0_ + 16, M_) - m0_, ph::min64(k_ + 8, K_) - k_}};
      box.normalize();
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 32; e += 128) {
          const int i0 = e / 2;
          const int g = (e % 2) * 4;
          if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(m0_ + i0) * K_ + (k_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = A_g.v[v];
            }
            ph::vstore(&a_[i0 * 8 + g], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box.has(i0, i1)) continue;
              a_[i0 * 8 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 8;
          const int i1 = e % 8;
          if (!box.has(i0, i1)) continue;
          a_[i0 * 8 + i1] = A_[(m0_ + i0) * K_ + (k_ + i1)];
        }
      }
      a_box = box;
      #line 61 "tests/corpus/dot.phobos"
      f32* b_ = (f32*)(smem + 512);  // tile<f32>[32, 8]
      ph::Box<2> b_box;
      ph::Box<2> box_2 = {{ph::max64(n0_, 0) - n0_, ph::max64(k_, 0) - k_}, {ph::min64(n0_ + 32, N_) - n0_, ph::min64(k_ + 8, K_) - k_}};
      box_2.normalize();
      if (k_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 64; e += 128) {
          const int i0 = e / 2;
          const int g = (e % 2) * 4;
          if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> BT_g = ph::vload<4>(&BT_[(n0_ + i0) * K_ + (k_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = BT_g.v[v];
            }
            ph::vstore(&b_[i0 * 8 + g], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_2.has(i0, i1)) continue;
              b_[i0 * 8 + i1] = BT_[(n0_ + i0) * K_ + (k_ + i1)];
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 256; e += 128) {
          const int i0 = e / 8;
          const int i1 = e % 8;
          if (!box_2.has(i0, i1)) continue;
          b_[i0 * 8 + i1] = BT_[(n0_ + i0) * K_ + (k_ + i1)];
        }
      }
      b_box = box_2;
      #line 62 "tests/corpus/dot.phobos"
      __syncthreads();
      const i64 k_lo = ph::max64(a_box.lo[1], b_box.lo[1]);
      const i64 k_hi = ph::min64(a_box.hi[1], b_box.hi[1]);
      f32* stage_3 = (f32*)(smem + 1536);  // tile<f32>[16, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at_3 = ph::smem_address(stage_3);
      // tile<f32>[16, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 32; e += 128) {
        const int r = e / 2, c = e % 2 * 4;
        if (a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= c && c < k_hi && a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= c + 3 && c + 3 < k_hi) {  // read whole
          const ph::Vec<f32, 4> a_g = ph::vload<4>(&a_[r * 8 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = a_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_3 + (r) * 48))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_3 + (r) * 48))[col] = a_box.lo[0] <= r && r < a_box.hi[0] && k_lo <= col && col < k_hi ? a_[r * 8 + col] : 0.0f;
          }
        }
      }
      f32* stage_4 = (f32*)(smem + 2304);  // tile<f32>[32, 8] staged for multiply-adds, rows of 48 bytes
      const u32 stage_at_4 = ph::smem_address(stage_4);
      // tile<f32>[32, 8] to shared memory, 4 elements a thread a turn, zeros where nothing is read
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int r = e / 2, c = e % 2 * 4;
        if (k_lo <= c && c < k_hi && b_box.lo[0] <= r && r < b_box.hi[0] && k_lo <= c + 3 && c + 3 < k_hi && b_box.lo[0] <= r && r < b_box.hi[0]) {  // read whole
          const ph::Vec<f32, 4> b_g = ph::vload<4>(&b_[r * 8 + c]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = b_g.v[v];
          }
          ph::vstore(&((f32*)((unsigned char*)stage_4 + (r) * 48))[c], out);
        } else {
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int col = c + v;
            ((f32*)((unsigned char*)stage_4 + (r) * 48))[col] = k_lo <= col && col < k_hi && b_box.lo[0] <= r && r < b_box.hi[0] ? b_[r * 8 + col] : 0.0f;
          }
        }
      }
      __syncthreads();
      {  // tile<f32>[16, 32] = dot by multiply-adds: each thread its 1 row of 4 columns (the row layout's), k outermost, from the stages
        const int row0_2 = threadIdx.x / 8, col0_2 = threadIdx.x % 8 * 4;
        #pragma unroll 8
        for (int k_2 = 0; k_2 < 8; ++k_2) {
          const f32 a_2 = ((f32*)((unsigned char*)stage_3 + (row0_2) * 48))[k_2];
          const f32 b_5 = ((f32*)((unsigned char*)stage_4 + (col0_2) * 48))[k_2];
          const f32 b_6 = ((f32*)((unsigned char*)stage_4 + (col0_2 + 1) * 48))[k_2];
          const f32 b_7 = ((f32*)((unsigned char*)stage_4 + (col0_2 + 2) * 48))[k_2];
          const f32 b_8 = ((f32*)((unsigned char*)stage_4 + (col0_2 + 3) * 48))[k_2];
          acc_[0] = fmaf(a_2, b_5, acc_[0]);
          acc_[1] = fmaf(a_2, b_6, acc_[1]);
          acc_[2] = fmaf(a_2, b_7, acc_[2]);
          acc_[3] = fmaf(a_2, b_8, acc_[3]);
        }
      }
      const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], a_box.lo[0]), ph::max64(acc_box.lo[1], b_box.lo[0])}, {ph::min64(acc_box.hi[0], a_box.hi[0]), ph::min64(acc_box.hi[1], b_box.hi[0])}};
      {
        const int lane = threadIdx.x % 8;  // the thread's place in its row's group
        const int row = threadIdx.x / 8;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = lane * 4;
          if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present and aligned
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              acc_[v] = acc_[v];
            }
          } else {  // element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_3.has(i0, i1)) continue;
              acc_[v] = acc_[v];
            }
          }
        }
      }
      acc_box = box_3;
    }
  }
  #line 64 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(m0_, 0) - m0_, ph::max64(n0_, 0) - n0_}, {ph::min64(m0_ + 16, M_) - m0_, ph::min64(n0_ + 32, N_) - n0_}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(acc_box.lo[0], box_4.lo[0]), -m0_), ph::max64(ph::max64(acc_box.lo[1], box_4.lo[1]), -n0_)}, {ph::min64(ph::min64(acc_box.hi[0], box_4.hi[0]), M_ - m0_), ph::min64(ph::min64(acc_box.hi[1], box_4.hi[1]), N_ - n0_)}};
  {
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (n0_ % 4 == 0 && box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present and aligned
        const ph::Vec<f32, 4> C_g = ph::vload<4>(&C_[(m0_ + i0) * N_ + (n0_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((alpha_ * acc_[v]) + (beta_ * C_g.v[v]));
        }
        ph::vstore(&C_[(m0_ + i0) * N_ + (n0_ + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C_[(m0_ + i0) * N_ + (n0_ + i1)] = ((alpha_ * acc_[v]) + (beta_ * C_[(m0_ + i0) * N_ + (n0_ + i1)]));
        }
      }
    }
  }
}
