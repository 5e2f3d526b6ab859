
// kernel int_rows [R=8, C=32]: 128 threads a CTA, 32 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: B, S, X; rows 16-byte multiples apart: S, X
#line 60 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_int_rows(i32* X, i8* B, i32* S, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 62 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 63 "tests/corpus/reductions.phobos"
  i32 s[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
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
        s[0] = 0;
      }
    }
  }
  s_box = {{0, 0}, {8, 1}};
  #line 64 "tests/corpus/reductions.phobos"
  i32 hi[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
  ph::Box<2> hi_box;
  const i32 s_ = (-0x7fffffff - 1);
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
        hi[0] = s_;
      }
    }
  }
  hi_box = {{0, 0}, {8, 1}};
  #line 65 "tests/corpus/reductions.phobos"
  i32 lo[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
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
        lo[0] = 2147483647;
      }
    }
  }
  lo_box = {{0, 0}, {8, 1}};
  #line 66 "tests/corpus/reductions.phobos"
  i32 b[1];  // tile<i32>[8, 1] in registers: 8 rows of 1, a group of 1 threads per row, each lane holding 1 group of 1
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
        b[0] = 0;
      }
    }
  }
  b_box = {{0, 0}, {8, 1}};
  #line 67 "tests/corpus/reductions.phobos"
  for (i64 c = 0ll; c < N; c += 32) {
    #line 68 "tests/corpus/reductions.phobos"
    const i64 x_start0 = r;
    #line 68 "tests/corpus/reductions.phobos"
    const i64 x_start1 = c;
    #line 69 "tests/corpus/reductions.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
    box.normalize();
    i32* tmp = (i32*)(smem + 0);  // tile<i32>[8, 1]
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
        for (int j = begin + lane; j < end; j += 32) acc = ph::wadd(acc, X[(x_start0 + i0) * N + (x_start1 + j)]);
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
        if (live && lane == 0) {
          tmp[i0] = acc;
        }
      }
    }
    __syncthreads();
    const ph::Box<2> box_ = {{ph::max64(s_box.lo[0], box.lo[0]), s_box.lo[1]}, {ph::min64(s_box.hi[0], box.hi[0]), s_box.hi[1]}};
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
          if (!box_.has(i0, i1)) continue;
          s[0] = ph::wadd(s[0], tmp[i0]);
        }
      }
    }
    s_box = box_;
    #line 70 "tests/corpus/reductions.phobos"
    __syncthreads();
    ph::Box<2> box_2 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
    box_2.normalize();
    i32* tmp_ = (i32*)(smem + 0);  // tile<i32>[8, 1]
    // max along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
    {
      const int lane = threadIdx.x % 32;  // the thread's place in its row's group
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass * 4 + threadIdx.x / 32;
        const int i0 = row;
        const bool live = box_2.lo[0] <= i0 && i0 < box_2.hi[0];  // the row is present
        const int begin = (int)box_2.lo[1];
        const int end = live ? (int)box_2.hi[1] : 0;
        i32 acc = (-0x7fffffff - 1);
        #pragma unroll 4
        for (int j = begin + lane; j < end; j += 32) acc = ph::imax(acc, X[(x_start0 + i0) * N + (x_start1 + j)]);
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = ph::imax(acc, ph::shfl_xor(acc, m, 32));
        if (live && lane == 0) {
          tmp_[i0] = acc;
        }
      }
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(hi_box.lo[0], box_2.lo[0]), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], box_2.hi[0]), hi_box.hi[1]}};
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
          if (!box_3.has(i0, i1)) continue;
          hi[0] = ph::imax(hi[0], tmp_[i0]);
        }
      }
    }
    hi_box = box_3;
    #line 71 "tests/corpus/reductions.phobos"
    __syncthreads();
    ph::Box<2> box_4 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
    box_4.normalize();
    i32* tmp_2 = (i32*)(smem + 0);  // tile<i32>[8, 1]
    // min along the last axis of tile<i32>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
    {
      const int lane = threadIdx.x % 32;  // the thread's place in its row's group
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass * 4 + threadIdx.x / 32;
        const int i0 = row;
        const bool live = box_4.lo[0] <= i0 && i0 < box_4.hi[0];  // the row is present
        const int begin = (int)box_4.lo[1];
        const int end = live ? (int)box_4.hi[1] : 0;
        i32 acc = 2147483647;
        #pragma unroll 4
        for (int j = begin + lane; j < end; j += 32) acc = ph::imin(acc, X[(x_start0 + i0) * N + (x_start1 + j)]);
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = ph::imin(acc, ph::shfl_xor(acc, m, 32));
        if (live && lane == 0) {
          tmp_2[i0] = acc;
        }
      }
    }
    __syncthreads();
    const ph::Box<2> box_5 = {{ph::max64(lo_box.lo[0], box_4.lo[0]), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], box_4.hi[0]), lo_box.hi[1]}};
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
          if (!box_5.has(i0, i1)) continue;
          lo[0] = ph::imin(lo[0], tmp_2[i0]);
        }
      }
    }
    lo_box = box_5;
    #line 72 "tests/corpus/reductions.phobos"
    __syncthreads();
    ph::Box<2> box_6 = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 8, M) - r, ph::min64(c + 32, N) - c}};
    box_6.normalize();
    i32* tmp_3 = (i32*)(smem + 0);  // tile<i32>[8, 1]
    // sum along the last axis of tile<i8>[8, 32]: 8 rows of 32, a group of 32 threads per row, 4 rows a pass (2 passes); lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
    {
      const int lane = threadIdx.x % 32;  // the thread's place in its row's group
      for (int pass = 0; pass < 2; ++pass) {
        const int row = pass * 4 + threadIdx.x / 32;
        const int i0 = row;
        const bool live = box_6.lo[0] <= i0 && i0 < box_6.hi[0];  // the row is present
        const int begin = (int)box_6.lo[1];
        const int end = live ? (int)box_6.hi[1] : 0;
        i32 acc = 0;
        #pragma unroll 4
        for (int j = begin + lane; j < end; j += 32) acc = ph::wadd(acc, (i32)(B[(r + i0) * N + (c + j)]));
        // the 32 lanes combine pairwise, halving: each ends with the same bits
        #pragma unroll
        for (int m = 16; m >= 1; m /= 2) acc = ph::wadd(acc, ph::shfl_xor(acc, m, 32));
        if (live && lane == 0) {
          tmp_3[i0] = acc;
        }
      }
    }
    __syncthreads();
    const ph::Box<2> box_7 = {{ph::max64(b_box.lo[0], box_6.lo[0]), b_box.lo[1]}, {ph::min64(b_box.hi[0], box_6.hi[0]), b_box.hi[1]}};
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
          b[0] = ph::wadd(b[0], tmp_3[i0]);
        }
      }
    }
    b_box = box_7;
  }
  #line 74 "tests/corpus/reductions.phobos"
  const ph::Box<2> box_8 = {{ph::max64(s_box.lo[0], -r), s_box.lo[1]}, {ph::min64(s_box.hi[0], M - r), s_box.hi[1]}};
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
        S[r * 4 + (i0 * 4 + i1)] = s[0];
      }
    }
  }
  #line 75 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_9 = {{ph::max64(hi_box.lo[0], -r), hi_box.lo[1]}, {ph::min64(hi_box.hi[0], M - r), hi_box.hi[1]}};
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
        S[r * 4 + 1 + (i0 * 4 + i1)] = hi[0];
      }
    }
  }
  #line 76 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_10 = {{ph::max64(lo_box.lo[0], -r), lo_box.lo[1]}, {ph::min64(lo_box.hi[0], M - r), lo_box.hi[1]}};
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
        S[r * 4 + 2 + (i0 * 4 + i1)] = lo[0];
      }
    }
  }
  #line 77 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_11 = {{ph::max64(b_box.lo[0], -r), b_box.lo[1]}, {ph::min64(b_box.hi[0], M - r), b_box.hi[1]}};
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
        S[r * 4 + 3 + (i0 * 4 + i1)] = b[0];
      }
    }
  }
}
