
// kernel math_table [T=128]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 40 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_math_table(f32* X, f32* O, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 42 "tests/corpus/elementwise.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 128ll);
  #line 43 "tests/corpus/elementwise.phobos"
  f32 x[4];  // tile<f32>[128] in registers: 1 row of 128, a group of 32 threads per row, each lane holding 1 group of 4
  ph::Box<1> x_box;
  ph::Box<1> box = {{ph::max64(c, 0) - c}, {ph::min64(c + 128, N) - c}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      whole[0] = row < 1 && c % 4 == 0 && box.has(g) && box.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X[c + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          x[v] = X[c + i0];
        }
      }
    }
  }
  x_box = box;
  #line 44 "tests/corpus/elementwise.phobos"
  f32 p[4];  // tile<f32>[128] in registers: 1 row of 128, a group of 32 threads per row, each lane holding 1 group of 4
  ph::Box<1> p_box;
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (x_box.has(g) && x_box.has(g + 3)) {  // the whole group is present and aligned
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          p[v] = (fabsf(x[v]) + 0.5f);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!x_box.has(i0)) continue;
          p[v] = (fabsf(x[v]) + 0.5f);
        }
      }
    }
  }
  p_box = x_box;
  #line 45 "tests/corpus/elementwise.phobos"
  ph::Box<1> box_ = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (0 < 0 || 0 >= 13) box_ = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_.has(g) && box_.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = expf(x[v]);
        }
        ph::vstore(&O[c + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_.has(i0)) continue;
          O[c + i0] = expf(x[v]);
        }
      }
    }
  }
  #line 46 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_2 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (1 < 0 || 1 >= 13) box_2 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = exp2f(x[v]);
        }
        ph::vstore(&O[1 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          O[1 * N + (c + i0)] = exp2f(x[v]);
        }
      }
    }
  }
  #line 47 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (2 < 0 || 2 >= 13) box_3 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = logf(p[v]);
        }
        ph::vstore(&O[2 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          O[2 * N + (c + i0)] = logf(p[v]);
        }
      }
    }
  }
  #line 48 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_4 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (3 < 0 || 3 >= 13) box_4 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = log2f(p[v]);
        }
        ph::vstore(&O[3 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          O[3 * N + (c + i0)] = log2f(p[v]);
        }
      }
    }
  }
  #line 49 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_5 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (4 < 0 || 4 >= 13) box_5 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sqrtf(p[v]);
        }
        ph::vstore(&O[4 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_5.has(i0)) continue;
          O[4 * N + (c + i0)] = sqrtf(p[v]);
        }
      }
    }
  }
  #line 50 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_6 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (5 < 0 || 5 >= 13) box_6 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_6.has(g) && box_6.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = 1.0f / sqrtf(p[v]);
        }
        ph::vstore(&O[5 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_6.has(i0)) continue;
          O[5 * N + (c + i0)] = 1.0f / sqrtf(p[v]);
        }
      }
    }
  }
  #line 51 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (6 < 0 || 6 >= 13) box_7 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_7.has(g) && box_7.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sinf(x[v]);
        }
        ph::vstore(&O[6 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_7.has(i0)) continue;
          O[6 * N + (c + i0)] = sinf(x[v]);
        }
      }
    }
  }
  #line 52 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_8 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (7 < 0 || 7 >= 13) box_8 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_8.has(g) && box_8.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = cosf(x[v]);
        }
        ph::vstore(&O[7 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          O[7 * N + (c + i0)] = cosf(x[v]);
        }
      }
    }
  }
  #line 53 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_9 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (8 < 0 || 8 >= 13) box_9 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_9.has(g) && box_9.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = tanhf(x[v]);
        }
        ph::vstore(&O[8 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_9.has(i0)) continue;
          O[8 * N + (c + i0)] = tanhf(x[v]);
        }
      }
    }
  }
  #line 54 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_10 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (9 < 0 || 9 >= 13) box_10 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_10.has(g) && box_10.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = erff(x[v]);
        }
        ph::vstore(&O[9 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_10.has(i0)) continue;
          O[9 * N + (c + i0)] = erff(x[v]);
        }
      }
    }
  }
  #line 55 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_11 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (10 < 0 || 10 >= 13) box_11 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_11.has(g) && box_11.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = fabsf(x[v]);
        }
        ph::vstore(&O[10 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_11.has(i0)) continue;
          O[10 * N + (c + i0)] = fabsf(x[v]);
        }
      }
    }
  }
  #line 56 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_12 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (11 < 0 || 11 >= 13) box_12 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_12.has(g) && box_12.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = floorf(x[v]);
        }
        ph::vstore(&O[11 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_12.has(i0)) continue;
          O[11 * N + (c + i0)] = floorf(x[v]);
        }
      }
    }
  }
  #line 57 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_13 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (12 < 0 || 12 >= 13) box_13 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = threadIdx.x % 32 * 4;
      if (!(row < 1)) continue;
      if (c % 4 == 0 && box_13.has(g) && box_13.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ceilf(x[v]);
        }
        ph::vstore(&O[12 * N + (c + g)], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_13.has(i0)) continue;
          O[12 * N + (c + i0)] = ceilf(x[v]);
        }
      }
    }
  }
}
