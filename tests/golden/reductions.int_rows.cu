
// kernel int_rows [R=8, C=32]: 128 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: B, S, X; rows 16-byte multiples apart: S, X
#line 60 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_rows(i32* X_, i8* B_, i32* S_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 62 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 63 "tests/corpus/reductions.phobos"
  i32 s_[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> s_box;
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
        s_[0] = 0;
      }
    }
  }
  s_box = {{0, 0}, {8, 1}};
  #line 64 "tests/corpus/reductions.phobos"
  i32 hi_[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> hi_box;
  const i32 s = (-0x7fffffff - 1);
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
  #line 65 "tests/corpus/reductions.phobos"
  i32 lo_[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> lo_box;
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
        lo_[0] = 2147483647;
      }
    }
  }
  lo_box = {{0, 0}, {8, 1}};
  #line 66 "tests/corpus/reductions.phobos"
  i32 b_[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> b_box;
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
        b_[0] = 0;
      }
    }
  }
  b_box = {{0, 0}, {8, 1}};
  #line 67 "tests/corpus/reductions.phobos"
  for (i64 c_ = 0ll; c_ < N_; c_ += 32) {
    const i64 x_start0_ahead = r_;
    const i64 x_start1_ahead = c_;
    if (x_start0_ahead >= 0 && x_start0_ahead + 8 <= M_ && x_start1_ahead >= 0 && x_start1_ahead + 32 <= N_ && r_ >= 0 && r_ + 8 <= M_ && c_ >= 0 && c_ + 32 <= N_ && s_box.lo[0] == 0 && s_box.hi[0] == 8 && s_box.lo[1] == 0 && s_box.hi[1] == 1 && hi_box.lo[0] == 0 && hi_box.hi[0] == 8 && hi_box.lo[1] == 0 && hi_box.hi[1] == 1 && lo_box.lo[0] == 0 && lo_box.hi[0] == 8 && lo_box.lo[1] == 0 && lo_box.hi[1] == 1 && b_box.lo[0] == 0 && b_box.hi[0] == 8 && b_box.lo[1] == 0 && b_box.hi[1] == 1) {  // every window inside its tensor, every tile whole
      #line 68 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 68 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 69 "tests/corpus/reductions.phobos"
      __syncthreads();
      i32* tmp = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // sum along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          i32 acc = 0;
          #pragma unroll 4
          for (int j = lane; j < 32; j += 32) acc = ph::wadd(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
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
            s_[0] = ph::wadd(s_[0], tmp[i0]);
          }
        }
      }
      s_box = {{0, 0}, {8, 1}};
      #line 70 "tests/corpus/reductions.phobos"
      __syncthreads();
      i32* tmp_2 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // max along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          i32 acc = (-0x7fffffff - 1);
          #pragma unroll 4
          for (int j = lane; j < 32; j += 32) acc = ph::imax(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::imax(acc, ph::shfl_xor(acc, m, 32));
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
            hi_[0] = ph::imax(hi_[0], tmp_2[i0]);
          }
        }
      }
      hi_box = {{0, 0}, {8, 1}};
      #line 71 "tests/corpus/reductions.phobos"
      __syncthreads();
      i32* tmp_3 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // min along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          i32 acc = 2147483647;
          #pragma unroll 4
          for (int j = lane; j < 32; j += 32) acc = ph::imin(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::imin(acc, ph::shfl_xor(acc, m, 32));
          if (lane == 0) {
            tmp_3[i0] = acc;
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
            lo_[0] = ph::imin(lo_[0], tmp_3[i0]);
          }
        }
      }
      lo_box = {{0, 0}, {8, 1}};
      #line 72 "tests/corpus/reductions.phobos"
      __syncthreads();
      i32* tmp_4 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // sum along the last axis of tile<i8>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          i32 acc = 0;
          #pragma unroll 4
          for (int j = lane; j < 32; j += 32) acc = ph::wadd(acc, (i32)(B_[(r_ + i0) * N_ + (c_ + j)]));
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
          if (lane == 0) {
            tmp_4[i0] = acc;
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
            b_[0] = ph::wadd(b_[0], tmp_4[i0]);
          }
        }
      }
      b_box = {{0, 0}, {8, 1}};
    } else {
      #line 68 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 68 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 69 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
      box.normalize();
      i32* tmp_5 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // sum along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
          const int begin = (int)box.lo[1];
          const int end = live ? (int)box.hi[1] : 0;
          i32 acc = 0;
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = ph::wadd(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_5[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_2 = {{ph::max64(s_box.lo[0], box.lo[0]), s_box.lo[1]}, {ph::min64(s_box.hi[0], box.hi[0]), s_box.hi[1]}};
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
            if (!box_2.has(i0, i1)) continue;
            s_[0] = ph::wadd(s_[0], tmp_5[i0]);
          }
        }
      }
      s_box = box_2;
      #line 70 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box_3 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
      box_3.normalize();
      i32* tmp_6 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // max along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row is present
          const int begin = (int)box_3.lo[1];
          const int end = live ? (int)box_3.hi[1] : 0;
          i32 acc = (-0x7fffffff - 1);
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = ph::imax(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::imax(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_6[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_4 = {{ph::max64(hi_box.lo[0], box_3.lo[0]), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], box_3.hi[0]), hi_box.hi[1]}};
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
            if (!box_4.has(i0, i1)) continue;
            hi_[0] = ph::imax(hi_[0], tmp_6[i0]);
          }
        }
      }
      hi_box = box_4;
      #line 71 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box_5 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
      box_5.normalize();
      i32* tmp_7 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // min along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_5.lo[0] <= i0 && i0 < box_5.hi[0];  // the row is present
          const int begin = (int)box_5.lo[1];
          const int end = live ? (int)box_5.hi[1] : 0;
          i32 acc = 2147483647;
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = ph::imin(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::imin(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_7[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_6 = {{ph::max64(lo_box.lo[0], box_5.lo[0]), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], box_5.hi[0]), lo_box.hi[1]}};
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
            if (!box_6.has(i0, i1)) continue;
            lo_[0] = ph::imin(lo_[0], tmp_7[i0]);
          }
        }
      }
      lo_box = box_6;
      #line 72 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box_7 = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 8, M_) - r_, ph::min64(c_ + 32, N_) - c_}};
      box_7.normalize();
      i32* tmp_8 = (i32*)(smem + 0);  // tile<i32>[8, 1]
      // sum along the last axis of tile<i8>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_7.lo[0] <= i0 && i0 < box_7.hi[0];  // the row is present
          const int begin = (int)box_7.lo[1];
          const int end = live ? (int)box_7.hi[1] : 0;
          i32 acc = 0;
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = ph::wadd(acc, (i32)(B_[(r_ + i0) * N_ + (c_ + j)]));
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_8[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_8 = {{ph::max64(b_box.lo[0], box_7.lo[0]), b_box.lo[1]}, {ph::min64(b_box.hi[0], box_7.hi[0]), b_box.hi[1]}};
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
            b_[0] = ph::wadd(b_[0], tmp_8[i0]);
          }
        }
      }
      b_box = box_8;
    }
  }
  #line 74 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_9 = {{ph::max64(s_box.lo[0], -r_), s_box.lo[1]}, {ph::min64(s_box.hi[0], M_ - r_), s_box.hi[1]}};
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
        if (!box_9.has(i0, i1)) continue;
        S_[r_ * 4 + (i0 * 4 + i1)] = s_[0];
      }
    }
  }
  #line 75 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_10 = {{ph::max64(hi_box.lo[0], -r_), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], M_ - r_), hi_box.hi[1]}};
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
        S_[r_ * 4 + 1 + (i0 * 4 + i1)] = hi_[0];
      }
    }
  }
  #line 76 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_11 = {{ph::max64(lo_box.lo[0], -r_), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], M_ - r_), lo_box.hi[1]}};
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
        S_[r_ * 4 + 2 + (i0 * 4 + i1)] = lo_[0];
      }
    }
  }
  #line 77 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_12 = {{ph::max64(b_box.lo[0], -r_), b_box.lo[1]}, {ph::min64(b_box.hi[0], M_ - r_), b_box.hi[1]}};
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
        S_[r_ * 4 + 3 + (i0 * 4 + i1)] = b_[0];
      }
    }
  }
}
