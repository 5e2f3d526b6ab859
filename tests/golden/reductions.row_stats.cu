
// kernel row_stats [R=8, C=64]: 128 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: S, X; rows 16-byte multiples apart: X
#line 20 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_row_stats(f32* X_, f32* S_, i64 M_, i64 N_) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 22 "tests/corpus/reductions.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 23 "tests/corpus/reductions.phobos"
  f32 total_[1];  // tile<f32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> total_box;
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
        total_[0] = 0.0f;
      }
    }
  }
  total_box = {{0, 0}, {8, 1}};
  #line 24 "tests/corpus/reductions.phobos"
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
  #line 25 "tests/corpus/reductions.phobos"
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
  #line 26 "tests/corpus/reductions.phobos"
  for (i64 c_ = 0ll; c_ < N_; c_ += 64) {
    const i64 x_start0_ahead = r_;
    const i64 x_start1_ahead = c_;
    if (x_start0_ahead >= 0 && x_start0_ahead + 8 <= M_ && x_start1_ahead >= 0 && x_start1_ahead + 64 <= N_ && total_box.lo[0] == 0 && total_box.hi[0] == 8 && total_box.lo[1] == 0 && total_box.hi[1] == 1 && hi_box.lo[0] == 0 && hi_box.hi[0] == 8 && hi_box.lo[1] == 0 && hi_box.hi[1] == 1 && lo_box.lo[0] == 0 && lo_box.hi[0] == 8 && lo_box.lo[1] == 0 && lo_box.hi[1] == 1) {  // every window inside its tensor, every tile whole
      #line 27 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 27 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 28 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32* tmp = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // sum along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          f32 acc = 0.0f;
          #pragma unroll 4
          for (int j = lane; j < 64; j += 32) acc = (acc + X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
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
            total_[0] = (total_[0] + tmp[i0]);
          }
        }
      }
      total_box = {{0, 0}, {8, 1}};
      #line 29 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32* tmp_2 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // max along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          f32 acc = __int_as_float(0x7fc00000);
          #pragma unroll 4
          for (int j = lane; j < 64; j += 32) acc = fmaxf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
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
            hi_[0] = fmaxf(hi_[0], tmp_2[i0]);
          }
        }
      }
      hi_box = {{0, 0}, {8, 1}};
      #line 30 "tests/corpus/reductions.phobos"
      __syncthreads();
      f32* tmp_3 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // min along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          f32 acc = __int_as_float(0x7fc00000);
          #pragma unroll 4
          for (int j = lane; j < 64; j += 32) acc = fminf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
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
            lo_[0] = fminf(lo_[0], tmp_3[i0]);
          }
        }
      }
      lo_box = {{0, 0}, {8, 1}};
    } else {
      #line 27 "tests/corpus/reductions.phobos"
      const i64 x_start0_ = r_;
      #line 27 "tests/corpus/reductions.phobos"
      const i64 x_start1_ = c_;
      #line 28 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 64, N_) - x_start1_}};
      box.normalize();
      f32* tmp_4 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // sum along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box.lo[0] <= i0 && i0 < box.hi[0];  // the row is present
          const int begin = (int)box.lo[1];
          const int end = live ? (int)box.hi[1] : 0;
          f32 acc = 0.0f;
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = (acc + X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_4[i0] = acc;
          }
        }
      }
      __syncthreads();
      const ph::Box<2> box_2 = {{ph::max64(total_box.lo[0], box.lo[0]), total_box.lo[1]}, {ph::min64(total_box.hi[0], box.hi[0]), total_box.hi[1]}};
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
            total_[0] = (total_[0] + tmp_4[i0]);
          }
        }
      }
      total_box = box_2;
      #line 29 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box_3 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 64, N_) - x_start1_}};
      box_3.normalize();
      f32* tmp_5 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // max along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_3.lo[0] <= i0 && i0 < box_3.hi[0];  // the row is present
          const int begin = (int)box_3.lo[1];
          const int end = live ? (int)box_3.hi[1] : 0;
          f32 acc = (begin < end ? __int_as_float(0x7fc00000) : -__int_as_float(0x7f800000));
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = fmaxf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_5[i0] = acc;
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
            hi_[0] = fmaxf(hi_[0], tmp_5[i0]);
          }
        }
      }
      hi_box = box_4;
      #line 30 "tests/corpus/reductions.phobos"
      __syncthreads();
      ph::Box<2> box_5 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 64, N_) - x_start1_}};
      box_5.normalize();
      f32* tmp_6 = (f32*)(smem + 0);  // tile<f32>[8, 1]
      // min along the last axis of tile<f32>[8, 64]: 8 rows of 64, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      {
        const int lane = threadIdx.x % 32;  // the thread's place in its row's group
        for (int pass = 0; pass < 2; ++pass) {
          const int row = pass * 4 + threadIdx.x / 32;
          const int i0 = row;
          const bool live = box_5.lo[0] <= i0 && i0 < box_5.hi[0];  // the row is present
          const int begin = (int)box_5.lo[1];
          const int end = live ? (int)box_5.hi[1] : 0;
          f32 acc = (begin < end ? __int_as_float(0x7fc00000) : __int_as_float(0x7f800000));
          #pragma unroll 4
          for (int j = begin + lane; j < end; j += 32) acc = fminf(acc, X_[(x_start0_ + i0) * N_ + (x_start1_ + j)]);
          // the 32 lanes combine pairwise, halving: each ends with the same bits
          #pragma unroll
          for (int m = 16; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 32));
          if (live && lane == 0) {
            tmp_6[i0] = acc;
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
            lo_[0] = fminf(lo_[0], tmp_6[i0]);
          }
        }
      }
      lo_box = box_6;
    }
  }
  #line 32 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_7 = {{ph::max64(total_box.lo[0], -r_), total_box.lo[1]}, {ph::min64(total_box.hi[0], M_ - r_), total_box.hi[1]}};
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
        if (!box_7.has(i0, i1)) continue;
        S_[r_ * 3 + (i0 * 3 + i1)] = total_[0];
      }
    }
  }
  #line 33 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_8 = {{ph::max64(hi_box.lo[0], -r_), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], M_ - r_), hi_box.hi[1]}};
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
        S_[r_ * 3 + 1 + (i0 * 3 + i1)] = hi_[0];
      }
    }
  }
  #line 34 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_9 = {{ph::max64(lo_box.lo[0], -r_), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], M_ - r_), lo_box.hi[1]}};
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
        S_[r_ * 3 + 2 + (i0 * 3 + i1)] = lo_[0];
      }
    }
  }
}
