
// kernel broadcast_mix [R=16, C=64]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: COL, ROW, X, Y; rows 16-byte multiples apart: ROW, X, Y
#line 14 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_broadcast_mix(f32* X, f32* ROW, f32* COL, f32* Y, f32 s, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 17 "tests/corpus/elementwise.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 16ll);
  #line 18 "tests/corpus/elementwise.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 64ll);
  #line 19 "tests/corpus/elementwise.phobos"
  f32 x[8];  // tile<f32>[16, 64] in registers: 16 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 16, M) - r, ph::min64(c + 64, N) - c}};
  box.normalize();
  bool whole[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[2];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        whole[pass] = c % 4 == 0 && box.has(i0, g) && box.has(i0, g + 3);
        if (whole[pass]) {
          X_gs[pass] = ph::vload<4>(&X[(r + i0) * N + (c + g)]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        if (whole[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& X_g = X_gs[pass];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            x[pass * 4 + v] = X_g.v[v];
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box.has(i0, i1)) continue;
            x[pass * 4 + v] = X[(r + i0) * N + (c + i1)];
          }
        }
      }
    }
  }
  x_box = box;
  #line 20 "tests/corpus/elementwise.phobos"
  const i64 row_start1 = c;
  #line 21 "tests/corpus/elementwise.phobos"
  const i64 col_start0 = r;
  #line 22 "tests/corpus/elementwise.phobos"
  f32 y[8];  // tile<f32>[16, 64] in registers: 16 rows of 64, a group of 16 threads per row, each lane holding 1 group of 4 in each of 2 passes
  ph::Box<2> y_box;
  ph::Box<2> box_ = {{0, ph::max64(row_start1, 0) - row_start1}, {1, ph::min64(row_start1 + 64, N) - row_start1}};
  box_.normalize();
  ph::Box<2> box_2 = {{ph::max64(col_start0, 0) - col_start0, 0}, {ph::min64(col_start0 + 16, M) - col_start0, 1}};
  box_2.normalize();
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], box_2.lo[0]), ph::max64(x_box.lo[1], box_.lo[1])}, {ph::min64(ph::min64(x_box.hi[0], (box_.lo[0] < box_.hi[0] ? 16 : 0)), box_2.hi[0]), ph::min64(ph::min64(x_box.hi[1], box_.hi[1]), (box_2.lo[1] < box_2.hi[1] ? 64 : 0))}};
  bool whole_[2];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> ROW_gs[2];
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        whole_[pass] = row_start1 % 4 == 0 && box_3.has(i0, g) && box_3.has(i0, g + 3);
        if (whole_[pass]) {
          ROW_gs[pass] = ph::vload<4>(&ROW[row_start1 + g]);
        }
      }
    }
  }
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        if (whole_[pass]) {  // the whole group is present and aligned
          const ph::Vec<f32, 4>& ROW_g = ROW_gs[pass];
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            y[pass * 4 + v] = ((x[pass * 4 + v] * ROW_g.v[v]) + (COL[col_start0 + i0] * s));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_3.has(i0, i1)) continue;
            y[pass * 4 + v] = ((x[pass * 4 + v] * ROW[row_start1 + i1]) + (COL[col_start0 + i0] * s));
          }
        }
      }
    }
  }
  y_box = box_3;
  #line 23 "tests/corpus/elementwise.phobos"
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        if (y_box.has(i0, g) && y_box.has(i0, g + 3)) {  // the whole group is present and aligned
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            y[pass * 4 + v] = ((y[pass * 4 + v] > 0.0f) ? y[pass * 4 + v] : (0.25f * y[pass * 4 + v]));
          }
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!y_box.has(i0, i1)) continue;
            y[pass * 4 + v] = ((y[pass * 4 + v] > 0.0f) ? y[pass * 4 + v] : (0.25f * y[pass * 4 + v]));
          }
        }
      }
    }
  }
  #line 24 "tests/corpus/elementwise.phobos"
  ph::Box<2> box_4 = {{ph::max64(col_start0, 0) - col_start0, 0}, {ph::min64(col_start0 + 16, M) - col_start0, 1}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(y_box.lo[0], box_4.lo[0]), -r), ph::max64(y_box.lo[1], -c)}, {ph::min64(ph::min64(y_box.hi[0], box_4.hi[0]), M - r), ph::min64(ph::min64(y_box.hi[1], (box_4.lo[1] < box_4.hi[1] ? 64 : 0)), N - c)}};
  {
    const int lane = threadIdx.x % 16;  // the thread's place in its row's group
    #pragma unroll
    for (int pass = 0; pass < 2; ++pass) {
      const int row = pass * 8 + threadIdx.x / 16;
      const int i0 = row;
      #pragma unroll
      for (int slot = 0; slot < 1; ++slot) {
        const int g = threadIdx.x % 16 * 4;
        if (c % 4 == 0 && box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present and aligned
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (fminf(fmaxf(y[pass * 4 + v], -2.0f), 3.0f) - fabsf(COL[col_start0 + i0]));
          }
          ph::vstore(&Y[(r + i0) * N + (c + g)], out);
        } else {  // element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i1 = g + v;
            if (!box_5.has(i0, i1)) continue;
            Y[(r + i0) * N + (c + i1)] = (fminf(fmaxf(y[pass * 4 + v], -2.0f), 3.0f) - fabsf(COL[col_start0 + i0]));
          }
        }
      }
    }
  }
}
