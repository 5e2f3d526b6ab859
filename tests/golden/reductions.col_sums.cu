
// kernel col_sums [R=16, C=32]: 128 threads a CTA, 256 bytes of shared memory
// for launches where multiples of 4: G, M, N; 16-byte aligned: COLS, TOTAL, X; rows 16-byte multiples apart: COLS, TOTAL, X
#line 45 "tests/corpus/reductions.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_col_sums(f32* X, f32* COLS, f32* TOTAL, i64 M, i64 N, i64 G) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  __builtin_assume(G % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 47 "tests/corpus/reductions.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 32ll);
  #line 48 "tests/corpus/reductions.phobos"
  f32* acc = (f32*)(smem + 0);  // tile<f32>[1, 32]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = 0;
    const int g = (e % 8) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc[i0 * 32 + g], out);
  }
  acc_box = {{0, 0}, {1, 32}};
  #line 49 "tests/corpus/reductions.phobos"
  f32 total = 0.0f;
  #line 50 "tests/corpus/reductions.phobos"
  for (i64 r = 0ll; r < M; r += 16) {
    #line 51 "tests/corpus/reductions.phobos"
    const i64 x_start0 = r;
    #line 51 "tests/corpus/reductions.phobos"
    const i64 x_start1 = c;
    #line 52 "tests/corpus/reductions.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 16, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
    box.normalize();
    f32* tmp = (f32*)(smem + 128);  // tile<f32>[1, 32]
    const ph::Box<2> box_ = {{0, box.lo[1]}, {1, box.hi[1]}};
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int i0 = 0;
      const int i1 = e % 32;
      if (!box_.has(i0, i1)) continue;
      f32 acc_ = 0.0f;
      for (i64 j = box.lo[0]; j < box.hi[0]; ++j) acc_ = (acc_ + X[(x_start0 + j) * N + (x_start1 + i1)]);
      tmp[i0 * 32 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_2 = {{acc_box.lo[0], ph::max64(acc_box.lo[1], box.lo[1])}, {acc_box.hi[0], ph::min64(acc_box.hi[1], box.hi[1])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int i0 = 0;
      const int g = (e % 8) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 32 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 32 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          acc[i0 * 32 + i1] = (acc[i0 * 32 + i1] + tmp[i0 * 32 + i1]);
        }
      }
    }
    acc_box = box_2;
    #line 53 "tests/corpus/reductions.phobos"
    ph::Box<2> box_3 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 16, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
    box_3.normalize();
    f32 sum = 0.0f;
    bool whole[1];  // whether each of this thread's groups is read whole
    ph::Vec<f32, 4> X_gs[1];
    {
      const int lane = threadIdx.x % 8;  // the thread's place in its row's group
      const int row = threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 8 * 4;
        whole[0] = x_start1 % 4 == 0 && box_3.has(i0, g) && box_3.has(i0, g + 3);
        if (whole[0]) {
          X_gs[0] = ph::vload<4>(&X[(x_start0 + i0) * N + (x_start1 + g)]);
        }
      }
    }
    {
      const int lane = threadIdx.x % 8;  // the thread's place in its row's group
      const int row = threadIdx.x / 8;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 8 * 4;
        if (whole[0]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& X_g = X_gs[0];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            sum = (sum + X_g.v[v]);
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            sum = (sum + X[(x_start0 + i0) * N + (x_start1 + i1)]);
          }
        }
      }
    }
    sum = ph::cta_reduce(sum, ph::Sum(), (f32)0.0f);
    total = (total + sum);
  }
  #line 55 "tests/corpus/reductions.phobos"
  __syncthreads();
  const ph::Box<2> box_4 = {{acc_box.lo[0], ph::max64(acc_box.lo[1], -c)}, {acc_box.hi[0], ph::min64(acc_box.hi[1], N - c)}};
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int i0 = 0;
      const int g = (e % 8) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 32 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&COLS[i0 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          COLS[i0 * N + (c + i1)] = acc[i0 * 32 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int i0 = 0;
      const int i1 = e % 32;
      if (!box_4.has(i0, i1)) continue;
      COLS[i0 * N + (c + i1)] = acc[i0 * 32 + i1];
    }
  }
  #line 56 "tests/corpus/reductions.phobos"
  if (0 <= (i64)blockIdx.x && (i64)blockIdx.x < G) TOTAL[(i64)blockIdx.x] = total;
}
