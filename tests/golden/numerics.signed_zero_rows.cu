
// kernel signed_zero_rows [R=8, C=64]: 128 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: A, B, O, S; rows 16-byte multiples apart: A, B, O
#line 96 "tests/corpus/numerics.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_signed_zero_rows(f32* A_, f32* B_, f32* O_, f32* S_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 99 "tests/corpus/numerics.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 100 "tests/corpus/numerics.phobos"
  f32 hi_[1];  // tile<f32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> hi_box;
  const f32 s = -__int_as_float(0x7f800000);
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 1; ++v) {
        const int i1 = g + v;
        hi_[0] = s;
      }
    }
  }
  hi_box = {{0, 0}, {8, 1}};
  #line 101 "tests/corpus/numerics.phobos"
  f32 lo_[1];  // tile<f32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> lo_box;
  const f32 s_2 = __int_as_float(0x7f800000);
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 1; ++v) {
        const int i1 = g + v;
        lo_[0] = s_2;
      }
    }
  }
  lo_box = {{0, 0}, {8, 1}};
  #line 102 "tests/corpus/numerics.phobos"
  for (i64 c_ = 0ll; c_ < N_; c_ += 64) {
    const i64 a_start0_ahead = r_;
    const i64 a_start1_ahead = c_;
    const i64 b_start0_ahead = r_;
    const i64 b_start1_ahead = c_;
    if (a_start0_ahead >= 0 && a_start0_ahead + 8 <= M_ && a_start1_ahead >= 0 && a_start1_ahead + 64 <= N_ && b_start0_ahead >= 0 && b_start0_ahead + 8 <= M_ && b_start1_ahead >= 0 && b_start1_ahead + 64 <= N_ && r_ >= 0 && r_ + 8 <= M_ && c_ >= 0 && c_ + 64 <= N_ && hi_box.lo[0] == 0 && hi_box.hi[0] == 8 && hi_box.lo[1] == 0 && hi_box.hi[1] == 1 && lo_box.lo[0] == 0 && lo_box.hi[0] == 8 && lo_box.lo[1] == 0 && lo_box.hi[1] == 1) {  // every window inside its tensor, every tile whole
      #line 103 "tests/corpus/numerics.phobos"
      const i64 a_start0_ = r_;
      #line 103 "tests/corpus/numerics.phobos"
      const i64 a_start1_ = c_;
      #line 104 "tests/corpus/numerics.phobos"
      const i64 b_start0_ = r_;
      #line 104 "tests/corpus/numerics.phobos"
      const i64 b_start1_ = c_;
      #line 105 "tests/corpus/numerics.phobos"
      for (int e = threadIdx.x; e < 512; e += 128) {
        const int i0 = e / 64;
        const int i1 = e % 64;
        O_[(r_ + i0) * N_ + (c_ + i1)] = (1.0f / fmaxf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
      }
      #line 106 "tests/corpus/numerics.phobos"
      __syncthreads();
      for (int e = threadIdx.x; e < 512; e += 128) {
        const int i0 = e / 64;
        const int i1 = e % 64;
        O_[(1 * M_ + (r_ + i0)) * N_ + (c_ + i1)] = (1.0f / fminf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
      }
      #line 107 "tests/corpus/numerics.phobos"
      f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // max along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          f32 acc = __int_as_float(0x7fc00000);
          #pragma unroll 4
          for (int j = lane; j < 64; j += 32) acc = fmaxf(acc, A_[(a_start0_ + i0) * N_ + (a_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
          if (lane == 0) {
            tmp[i0] = acc;
          }
        }
      }
      __syncthreads();
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = 0;
          if (!(row < 8)) continue;
          #pragma unroll
          for (int v = 0; v < 1; ++v) {
            const int i1 = g + v;
            hi_[0] = fmaxf(hi_[0], tmp[i0]);
          }
        }
      }
      hi_box = {{0, 0}, {8, 1}};
      #line 108 "tests/corpus/numerics.phobos"
      __syncthreads();
      f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // min along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          f32 acc = __int_as_float(0x7fc00000);
          #pragma unroll 4
          for (int j = lane; j < 64; j += 32) acc = fminf(acc, A_[(a_start0_ + i0) * N_ + (a_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
          if (lane == 0) {
            tmp_2[i0] = acc;
          }
        }
      }
      __syncthreads();
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = 0;
          if (!(row < 8)) continue;
          #pragma unroll
          for (int v = 0; v < 1; ++v) {
            const int i1 = g + v;
            lo_[0] = fminf(lo_[0], tmp_2[i0]);
          }
        }
      }
      lo_box = {{0, 0}, {8, 1}};
    } else {
      #line 103 "tests/corpus/numerics.phobos"
      const i64 a_start0_ = r_;
      #line 103 "tests/corpus/numerics.phobos"
      const i64 a_start1_ = c_;
      #line 104 "tests/corpus/numerics.phobos"
      const i64 b_start0_ = r_;
      #line 104 "tests/corpus/numerics.phobos"
      const i64 b_start1_ = c_;
      #line 105 "tests/corpus/numerics.phobos"
      ph::Box<2> box = {{ph::max64(a_start0_, 0) - a_start0_, ph::max64(a_start1_, 0) - a_start1_}, {ph::min64(a_start0_ + 8, M_) - a_start0_, ph::min64(a_start1_ + 64, N_) - a_start1_}};
      box.normalize();
      ph::Box<2> box_2 = {{ph::max64(b_start0_, 0) - b_start0_, ph::max64(b_start1_, 0) - b_start1_}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(b_start1_ + 64, N_) - b_start1_}};
      box_2.normalize();
      ph::Box<2> box_3 = {{ph::max64(ph::max64(box.lo[0], box_2.lo[0]), -r_), ph::max64(ph::max64(box.lo[1], box_2.lo[1]), -c_)}, {ph::min64(ph::min64(box.hi[0], box_2.hi[0]), M_ - r_), ph::min64(ph::min64(box.hi[1], box_2.hi[1]), N_ - c_)}};
      if (0 < 0 || 0 >= 2) box_3 = {};  // the window's index is outside
      if (c_ % 4 == 0 && a_start1_ % 4 == 0 && b_start1_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 16;
          const int g = (e % 16) * 4;
          if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(a_start0_ + i0) * N_ + (a_start1_ + g)]);
            const ph::Vec<f32, 4> B_g = ph::vload<4>(&B_[(b_start0_ + i0) * N_ + (b_start1_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (1.0f / fmaxf(A_g.v[v], B_g.v[v]));
            }
            ph::vstore(&O_[(r_ + i0) * N_ + (c_ + g)], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_3.has(i0, i1)) continue;
              O_[(r_ + i0) * N_ + (c_ + i1)] = (1.0f / fmaxf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 64;
          const int i1 = e % 64;
          if (!box_3.has(i0, i1)) continue;
          O_[(r_ + i0) * N_ + (c_ + i1)] = (1.0f / fmaxf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
        }
      }
      #line 106 "tests/corpus/numerics.phobos"
      __syncthreads();
      ph::Box<2> box_4 = {{ph::max64(a_start0_, 0) - a_start0_, ph::max64(a_start1_, 0) - a_start1_}, {ph::min64(a_start0_ + 8, M_) - a_start0_, ph::min64(a_start1_ + 64, N_) - a_start1_}};
      box_4.normalize();
      ph::Box<2> box_5 = {{ph::max64(b_start0_, 0) - b_start0_, ph::max64(b_start1_, 0) - b_start1_}, {ph::min64(b_start0_ + 8, M_) - b_start0_, ph::min64(b_start1_ + 64, N_) - b_start1_}};
      box_5.normalize();
      ph::Box<2> box_6 = {{ph::max64(ph::max64(box_4.lo[0], box_5.lo[0]), -r_), ph::max64(ph::max64(box_4.lo[1], box_5.lo[1]), -c_)}, {ph::min64(ph::min64(box_4.hi[0], box_5.hi[0]), M_ - r_), ph::min64(ph::min64(box_4.hi[1], box_5.hi[1]), N_ - c_)}};
      if (1 < 0 || 1 >= 2) box_6 = {};  // the window's index is outside
      if (c_ % 4 == 0 && a_start1_ % 4 == 0 && b_start1_ % 4 == 0) {  // every group's address is aligned
        // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
        for (int e = threadIdx.x; e < 128; e += 128) {
          const int i0 = e / 16;
          const int g = (e % 16) * 4;
          if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
            const ph::Vec<f32, 4> A_g = ph::vload<4>(&A_[(a_start0_ + i0) * N_ + (a_start1_ + g)]);
            const ph::Vec<f32, 4> B_g = ph::vload<4>(&B_[(b_start0_ + i0) * N_ + (b_start1_ + g)]);
            ph::Vec<f32, 4> out;
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              out.v[v] = (1.0f / fminf(A_g.v[v], B_g.v[v]));
            }
            ph::vstore(&O_[(1 * M_ + (r_ + i0)) * N_ + (c_ + g)], out);
          } else {  // the group crosses the region's edge: element by element, masked
            #pragma unroll
            for (int v = 0; v < 4; ++v) {
              const int i1 = g + v;
              if (!box_6.has(i0, i1)) continue;
              O_[(1 * M_ + (r_ + i0)) * N_ + (c_ + i1)] = (1.0f / fminf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
            }
          }
        }
      } else {  // scalar path: one element a thread a turn
        for (int e = threadIdx.x; e < 512; e += 128) {
          const int i0 = e / 64;
          const int i1 = e % 64;
          if (!box_6.has(i0, i1)) continue;
          O_[(1 * M_ + (r_ + i0)) * N_ + (c_ + i1)] = (1.0f / fminf(A_[(a_start0_ + i0) * N_ + (a_start1_ + i1)], B_[(b_start0_ + i0) * N_ + (b_start1_ + i1)]));
        }
      }
      #line 107 "tests/corpus/numerics.phobos"
      ph::Box<2> box_7 = {{ph::max64(a_start0_, 0) - a_start0_, ph::max64(a_start1_, 0) - a_start1_}, {ph::min64(a_start0_ + 8, M_) - a_start0_, ph::min64(a_start1_ + 64, N_) - a_start1_}};
      box_7.normalize();
      f32* tmp_3 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // max along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_7.lo[0] <= i0 && i0 < box_7.hi[0];  // the row is present
          const int begin = (int)box_7.lo[1];
          const int end = live ? (int)box_7.hi[1] : 0;
          f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, A_[(a_start0_ + i0) * N_ + (a_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_3[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_8 = {{ph::max64(hi_box.lo[0], box_7.lo[0]), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], box_7.hi[0]), hi_box.hi[1]}};
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = 0;
          if (!(row < 8)) continue;
          #pragma unroll
          for (int v = 0; v < 1; ++v) {
            const int i1 = g + v;
            if (!box_8.has(i0, i1)) continue;
            hi_[0] = fmaxf(hi_[0], tmp_3[i0]);
          }
        }
      }
      hi_box = box_8;
      #line 108 "tests/corpus/numerics.phobos"
      __syncthreads();
      ph::Box<2> box_9 = {{ph::max64(a_start0_, 0) - a_start0_, ph::max64(a_start1_, 0) - a_start1_}, {ph::min64(a_start0_ + 8, M_) - a_start0_, ph::min64(a_start1_ + 64, N_) - a_start1_}};
      box_9.normalize();
      f32* tmp_4 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // min along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_9.lo[0] <= i0 && i0 < box_9.hi[0];  // the row is present
          const int begin = (int)box_9.lo[1];
          const int end = live ? (int)box_9.hi[1] : 0;
          f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = fminf(acc, A_[(a_start0_ + i0) * N_ + (a_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_4[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_10 = {{ph::max64(lo_box.lo[0], box_9.lo[0]), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], box_9.hi[0]), lo_box.hi[1]}};
      {
        const int lane = 0;  // the thread's place in its row's group
        const int row = threadIdx.x;
        const int i0 = row;
        #pragma unroll
        for (int slot = 0; slot < 1; ++slot) {
          const int g = 0;
          if (!(row < 8)) continue;
          #pragma unroll
          for (int v = 0; v < 1; ++v) {
            const int i1 = g + v;
            if (!box_10.has(i0, i1)) continue;
            lo_[0] = fminf(lo_[0], tmp_4[i0]);
          }
        }
      }
      lo_box = box_10;
    }
  }
  #line 110 "tests/corpus/numerics.phobos"
  const ph::Box<2> box_11 = {{ph::max64(hi_box.lo[0], -r_), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], M_ - r_), hi_box.hi[1]}};
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 1; ++v) {
        const int i1 = g + v;
        if (!box_11.has(i0, i1)) continue;
        S_[r_ * 2 + (i0 * 2 + i1)] = (1.0f / hi_[0]);
      }
    }
  }
  #line 111 "tests/corpus/numerics.phobos"
  __syncthreads();
  const ph::Box<2> box_12 = {{ph::max64(lo_box.lo[0], -r_), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], M_ - r_), lo_box.hi[1]}};
  {
    const int lane = 0;  // the thread's place in its row's group
    const int row = threadIdx.x;
    const int i0 = row;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = 0;
      if (!(row < 8)) continue;
      #pragma unroll
      for (int v = 0; v < 1; ++v) {
        const int i1 = g + v;
        if (!box_12.has(i0, i1)) continue;
        S_[r_ * 2 + 1 + (i0 * 2 + i1)] = (1.0f / lo_[0]);
      }
    }
  }
}
