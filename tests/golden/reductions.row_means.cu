
// kernel row_means [ROWS=4, COLS=64]: 128 threads a CTA, 1056 bytes of shared memory
// 16-byte aligned tensors: X, OUT
#line 7 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) row_means(f32* X, f32* OUT, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 10 "tests/corpus/reductions.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 4ll);
  #line 11 "tests/corpus/reductions.phobos"
  f32* total = (f32*)(smem + 0);  // tile<f32>[4, 1]
  ph::Box<2> total_box;
  for (int e = threadIdx.x; e < 4; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    total[i0] = 0.0f;
  }
  total_box = {{0, 0}, {4, 1}};
  #line 12 "tests/corpus/reductions.phobos"
  for (i64 c = 0ll; c < N; c += 64) {
    #line 13 "tests/corpus/reductions.phobos"
    __syncthreads();
    f32* a = (f32*)(smem + 16);  // tile<f32>[4, 64]
    ph::Box<2> a_box;
    ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 4, M) - r, ph::min64(c + 64, N) - c}};
    box.normalize();
    if (c % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 64; e += 128) {
        const int i0 = e / 16;
        const int g = (e % 16) * 4;
        if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(r + i0) * N + (c + g)]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = X_g.v[v];
          }
          ph::vstore(&a[i0 * 64 + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            a[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int e = threadIdx.x; e < 256; e += 128) {
        const int i0 = e / 64;
        const int i1 = e % 64;
        if (!box.has(i0, i1)) continue;
        a[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
      }
    }
    a_box = box;
    #line 14 "tests/corpus/reductions.phobos"
    __syncthreads();
    f32* tmp = (f32*)(smem + 1040);  // tile<f32>[4, 1]
    {  // sum along the last axis of tile<f32>[4, 64]
      // 4 rows of 64, a group of 32 threads per row; lane l folds elements l, l + 32, ... in registers, then xor shuffles combine the group
      const int lane = threadIdx.x % 32;  // the thread's place in its row's group
      const int row = threadIdx.x / 32;
      const int i0 = row;
      const bool live = a_box.lo[0] <= i0 && i0 < a_box.hi[0];  // the row is present
      const int begin = (int)a_box.lo[1];
      const int end = live ? (int)a_box.hi[1] : 0;
      f32 acc = 0.0f;
      #pragma unroll 4
      for (int j = begin + lane; j < end; j += 32) acc = (acc + a[i0 * 64 + j]);
      // the 32 lanes combine pairwise, halving: each ends with the same bits
      #pragma unroll
      for (int m = 16; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 32));
      if (live && lane == 0) {
        tmp[i0] = acc;
      }
    }
    __syncthreads();
    const ph::Box<2> box_ = {{ph::max64(total_box.lo[0], a_box.lo[0]), total_box.lo[1]}, {ph::min64(total_box.hi[0], a_box.hi[0]), total_box.hi[1]}};
    for (int e = threadIdx.x; e < 4; e += 128) {
      const int i0 = e;
      const int i1 = 0;
      if (!box_.has(i0, i1)) continue;
      total[i0] = (total[i0] + tmp[i0]);
    }
    total_box = box_;
  }
  #line 16 "tests/corpus/reductions.phobos"
  __syncthreads();
  const f32 s = (1.0f / (f32)(N));
  const ph::Box<2> box_2 = {{ph::max64(total_box.lo[0], -r), total_box.lo[1]}, {ph::min64(total_box.hi[0], M - r), total_box.hi[1]}};
  for (int e = threadIdx.x; e < 4; e += 128) {
    const int i0 = e;
    const int i1 = 0;
    if (!box_2.has(i0, i1)) continue;
    OUT[r + i0] = (total[i0] * s);
  }
}
