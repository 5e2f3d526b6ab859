
// kernel broadcast_mix [R=16, C=64]: 128 threads a CTA, 8192 bytes of shared memory
// 16-byte aligned tensors: X, ROW, COL, Y
#line 14 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) broadcast_mix(f32* X, f32* ROW, f32* COL, f32* Y, f32 s, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 17 "tests/corpus/elementwise.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 16ll);
  #line 18 "tests/corpus/elementwise.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 64ll);
  #line 19 "tests/corpus/elementwise.phobos"
  f32* x = (f32*)(smem + 0);  // tile<f32>[16, 64]
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 16, M) - r, ph::min64(c + 64, N) - c}};
  box.normalize();
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box.has(i0, g) && box.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(r + i0) * N + (c + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&x[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box.has(i0, i1)) continue;
      x[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
    }
  }
  x_box = box;
  #line 20 "tests/corpus/elementwise.phobos"
  const i64 row_start1 = c;
  #line 21 "tests/corpus/elementwise.phobos"
  const i64 col_start0 = r;
  #line 22 "tests/corpus/elementwise.phobos"
  __syncthreads();
  f32* y = (f32*)(smem + 4096);  // tile<f32>[16, 64]
  ph::Box<2> y_box;
  ph::Box<2> box_ = {{0, ph::max64(row_start1, 0) - row_start1}, {1, ph::min64(row_start1 + 64, N) - row_start1}};
  box_.normalize();
  ph::Box<2> box_2 = {{ph::max64(col_start0, 0) - col_start0, 0}, {ph::min64(col_start0 + 16, M) - col_start0, 1}};
  box_2.normalize();
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], box_2.lo[0]), ph::max64(x_box.lo[1], box_.lo[1])}, {ph::min64(ph::min64(x_box.hi[0], (box_.lo[0] < box_.hi[0] ? 16 : 0)), box_2.hi[0]), ph::min64(ph::min64(x_box.hi[1], box_.hi[1]), (box_2.lo[1] < box_2.hi[1] ? 64 : 0))}};
  if (row_start1 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[i0 * 64 + g]);
        const ph::Vec<f32, 4> ROW_g = ph::vload<4>(&ROW[row_start1 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ((x_g.v[v] * ROW_g.v[v]) + (COL[col_start0 + i0] * s));
        }
        ph::vstore(&y[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          y[i0 * 64 + i1] = ((x[i0 * 64 + i1] * ROW[row_start1 + i1]) + (COL[col_start0 + i0] * s));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_3.has(i0, i1)) continue;
      y[i0 * 64 + i1] = ((x[i0 * 64 + i1] * ROW[row_start1 + i1]) + (COL[col_start0 + i0] * s));
    }
  }
  y_box = box_3;
  #line 23 "tests/corpus/elementwise.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 256; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    if (y_box.has(i0, g) && y_box.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> y_g = ph::vload<4>(&y[i0 * 64 + g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = ((y_g.v[v] > 0.0f) ? y_g.v[v] : (0.25f * y_g.v[v]));
      }
      ph::vstore(&y[i0 * 64 + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!y_box.has(i0, i1)) continue;
        y[i0 * 64 + i1] = ((y[i0 * 64 + i1] > 0.0f) ? y[i0 * 64 + i1] : (0.25f * y[i0 * 64 + i1]));
      }
    }
  }
  #line 24 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{ph::max64(col_start0, 0) - col_start0, 0}, {ph::min64(col_start0 + 16, M) - col_start0, 1}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(y_box.lo[0], box_4.lo[0]), -r), ph::max64(y_box.lo[1], -c)}, {ph::min64(ph::min64(y_box.hi[0], box_4.hi[0]), M - r), ph::min64(ph::min64(y_box.hi[1], (box_4.lo[1] < box_4.hi[1] ? 64 : 0)), N - c)}};
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> y_g = ph::vload<4>(&y[i0 * 64 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (fminf(fmaxf(y_g.v[v], -2.0f), 3.0f) - fabsf(COL[col_start0 + i0]));
        }
        ph::vstore(&Y[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          Y[(r + i0) * N + (c + i1)] = (fminf(fmaxf(y[i0 * 64 + i1], -2.0f), 3.0f) - fabsf(COL[col_start0 + i0]));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 1024; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_5.has(i0, i1)) continue;
      Y[(r + i0) * N + (c + i1)] = (fminf(fmaxf(y[i0 * 64 + i1], -2.0f), 3.0f) - fabsf(COL[col_start0 + i0]));
    }
  }
}
