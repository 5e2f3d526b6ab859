
// kernel beyond_edge: 128 threads a CTA, 288 bytes of shared memory
// 16-byte aligned tensors: X, S, I
#line 82 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) beyond_edge(f32* X, f32* S, i32* I, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 83 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 84 "tests/corpus/reductions.phobos"
  const i64 x_start0 = r;
  #line 84 "tests/corpus/reductions.phobos"
  const i64 x_start1 = N;
  #line 85 "tests/corpus/reductions.phobos"
  ph::Box<2> box = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 8, N) - x_start1}};
  box.normalize();
  f32* tmp = (f32*)(smem + 256);  // tile<f32>[8, 1]
  {  // sum along the last axis of tile<f32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8 && box.lo[0] <= i0 && i0 < box.hi[0];  // the row exists and is present
    const int begin = (int)box.lo[1];
    const int end = live ? (int)box.hi[1] : 0;
    f32 acc = 0.0f;
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 8) acc = (acc + X[(x_start0 + i0) * N + (x_start1 + j)]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_ = {{ph::max64(box.lo[0], -r), 0}, {ph::min64(box.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_.has(i0, i1)) continue;
    S[(r + i0) * 4 + i1] = tmp[i0];
  }
  #line 86 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_2 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 8, N) - x_start1}};
  box_2.normalize();
  f32* tmp_ = (f32*)(smem + 256);  // tile<f32>[8, 1]
  {  // max along the last axis of tile<f32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8 && box_2.lo[0] <= i0 && i0 < box_2.hi[0];  // the row exists and is present
    const int begin = (int)box_2.lo[1];
    const int end = live ? (int)box_2.hi[1] : 0;
    f32 acc = -__int_as_float(0x7f800000);
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 8) acc = fmaxf(acc, X[(x_start0 + i0) * N + (x_start1 + j)]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = fmaxf(acc, ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp_[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_3 = {{ph::max64(box_2.lo[0], -r), 0}, {ph::min64(box_2.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_3.has(i0, i1)) continue;
    S[(r + i0) * 4 + (1 + i1)] = tmp_[i0];
  }
  #line 87 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 8, N) - x_start1}};
  box_4.normalize();
  f32* tmp_2 = (f32*)(smem + 256);  // tile<f32>[8, 1]
  {  // min along the last axis of tile<f32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8 && box_4.lo[0] <= i0 && i0 < box_4.hi[0];  // the row exists and is present
    const int begin = (int)box_4.lo[1];
    const int end = live ? (int)box_4.hi[1] : 0;
    f32 acc = __int_as_float(0x7f800000);
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 8) acc = fminf(acc, X[(x_start0 + i0) * N + (x_start1 + j)]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = fminf(acc, ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp_2[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_5 = {{ph::max64(box_4.lo[0], -r), 0}, {ph::min64(box_4.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_5.has(i0, i1)) continue;
    S[(r + i0) * 4 + (2 + i1)] = tmp_2[i0];
  }
  #line 88 "tests/corpus/reductions.phobos"
  __syncthreads();
  ph::Box<2> box_6 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 8, N) - x_start1}};
  box_6.normalize();
  f32 sum = 0.0f;
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 8;
    const int i1 = e % 8;
    if (!box_6.has(i0, i1)) continue;
    sum = (sum + X[(x_start0 + i0) * N + (x_start1 + i1)]);
  }
  sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
  const f32 s = (sum + 1.0f);
  const ph::Box<2> box_7 = {{ph::max64(0, -r), 0}, {ph::min64(8, M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_7.has(i0, i1)) continue;
    S[(r + i0) * 4 + (3 + i1)] = s;
  }
  #line 89 "tests/corpus/reductions.phobos"
  i32* k = (i32*)(smem + 0);  // tile<i32>[8, 8]
  ph::Box<2> k_box;
  ph::Box<2> box_8 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 8, N) - x_start1}};
  box_8.normalize();
  if (x_start1 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 128) {
      const int i0 = e / 2;
      const int g = (e % 2) * 4;
      if (box_8.has(i0, g) && box_8.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(x_start0 + i0) * N + (x_start1 + g)]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::to_i32((f64)(X_g.v[v]));
        }
        ph::vstore(&k[i0 * 8 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_8.has(i0, i1)) continue;
          k[i0 * 8 + i1] = ph::to_i32((f64)(X[(x_start0 + i0) * N + (x_start1 + i1)]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int i1 = e % 8;
      if (!box_8.has(i0, i1)) continue;
      k[i0 * 8 + i1] = ph::to_i32((f64)(X[(x_start0 + i0) * N + (x_start1 + i1)]));
    }
  }
  k_box = box_8;
  #line 90 "tests/corpus/reductions.phobos"
  __syncthreads();
  i32* tmp_3 = (i32*)(smem + 256);  // tile<i32>[8, 1]
  {  // max along the last axis of tile<i32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8 && k_box.lo[0] <= i0 && i0 < k_box.hi[0];  // the row exists and is present
    const int begin = (int)k_box.lo[1];
    const int end = live ? (int)k_box.hi[1] : 0;
    i32 acc = (-0x7fffffff - 1);
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 8) acc = ph::imax(acc, k[i0 * 8 + j]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = ph::imax(acc, ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp_3[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_9 = {{ph::max64(k_box.lo[0], -r), 0}, {ph::min64(k_box.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_9.has(i0, i1)) continue;
    I[(r + i0) * 2 + i1] = tmp_3[i0];
  }
  #line 91 "tests/corpus/reductions.phobos"
  __syncthreads();
  i32* tmp_4 = (i32*)(smem + 256);  // tile<i32>[8, 1]
  {  // min along the last axis of tile<i32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8 && k_box.lo[0] <= i0 && i0 < k_box.hi[0];  // the row exists and is present
    const int begin = (int)k_box.lo[1];
    const int end = live ? (int)k_box.hi[1] : 0;
    i32 acc = 2147483647;
    #pragma unroll 4
    for (int j = begin + lane; j < end; j += 8) acc = ph::imin(acc, k[i0 * 8 + j]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = ph::imin(acc, ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp_4[i0] = acc;
    }
  }
  __syncthreads();
  const ph::Box<2> box_10 = {{ph::max64(k_box.lo[0], -r), 0}, {ph::min64(k_box.hi[0], M - r), 1}};
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_10.has(i0, i1)) continue;
    I[(r + i0) * 2 + (1 + i1)] = tmp_4[i0];
  }
}
