
// kernel math_table [T=128]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: O, X; rows 16-byte multiples apart: O, X
#line 40 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_math_table(f32* X_, f32* O_, i64 N_) {
  #line 42 "tests/corpus/elementwise.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 128ll);
  #line 43 "tests/corpus/elementwise.phobos"
  f32 x_[4];  // tile<f32>[128] in registers: 1 row of 128, a group of 32 threads per row, each lane holding 1 group of 4
  ph::Box<1> x_box;
  ph::Box<1> box = {{ph::max64(c_, 0) - c_}, {ph::min64(c_ + 128, N_) - c_}};
  box.normalize();
  bool whole[1];  // whether each of this thread's groups is read whole
  ph::Vec<f32, 4> X_gs[1];
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      whole[0] = row < 1 && c_ % 4 == 0 && box.has(g) && box.has(g + 3);
      if (whole[0]) {
        X_gs[0] = ph::vload<4>(&X_[c_ + g]);
      }
    }
  }
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (whole[0]) {  // the whole group is present and aligned
        const ph::Vec<f32, 4>& X_g = X_gs[0];
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          x_[v] = X_g.v[v];
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          x_[v] = X_[c_ + i0];
        }
      }
    }
  }
  x_box = box;
  #line 44 "tests/corpus/elementwise.phobos"
  f32 p_[4];  // tile<f32>[128] in registers: 1 row of 128, a group of 32 threads per row, each lane holding 1 group of 4
  ph::Box<1> p_box;
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (x_box.has(g) && x_box.has(g + 3)) {  // the whole group is present and aligned
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          p_[v] = (fabsf(x_[v]) + 0.5f);
        }
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!x_box.has(i0)) continue;
          p_[v] = (fabsf(x_[v]) + 0.5f);
        }
      }
    }
  }
  p_box = x_box;
  #line 45 "tests/corpus/elementwise.phobos"
  ph::Box<1> box_2 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (0 < 0 || 0 >= 13) box_2 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = expf(x_[v]);
        }
        ph::vstore(&O_[c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          O_[c_ + i0] = expf(x_[v]);
        }
      }
    }
  }
  #line 46 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (1 < 0 || 1 >= 13) box_3 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = exp2f(x_[v]);
        }
        ph::vstore(&O_[1 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          O_[1 * N_ + c_ + i0] = exp2f(x_[v]);
        }
      }
    }
  }
  #line 47 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_4 = {{ph::max64(p_box.lo[0], -c_)}, {ph::min64(p_box.hi[0], N_ - c_)}};
  if (2 < 0 || 2 >= 13) box_4 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = logf(p_[v]);
        }
        ph::vstore(&O_[2 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          O_[2 * N_ + c_ + i0] = logf(p_[v]);
        }
      }
    }
  }
  #line 48 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_5 = {{ph::max64(p_box.lo[0], -c_)}, {ph::min64(p_box.hi[0], N_ - c_)}};
  if (3 < 0 || 3 >= 13) box_5 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = log2f(p_[v]);
        }
        ph::vstore(&O_[3 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_5.has(i0)) continue;
          O_[3 * N_ + c_ + i0] = log2f(p_[v]);
        }
      }
    }
  }
  #line 49 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_6 = {{ph::max64(p_box.lo[0], -c_)}, {ph::min64(p_box.hi[0], N_ - c_)}};
  if (4 < 0 || 4 >= 13) box_6 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_6.has(g) && box_6.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sqrtf(p_[v]);
        }
        ph::vstore(&O_[4 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_6.has(i0)) continue;
          O_[4 * N_ + c_ + i0] = sqrtf(p_[v]);
        }
      }
    }
  }
  #line 50 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(p_box.lo[0], -c_)}, {ph::min64(p_box.hi[0], N_ - c_)}};
  if (5 < 0 || 5 >= 13) box_7 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_7.has(g) && box_7.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = 1.0f / sqrtf(p_[v]);
        }
        ph::vstore(&O_[5 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_7.has(i0)) continue;
          O_[5 * N_ + c_ + i0] = 1.0f / sqrtf(p_[v]);
        }
      }
    }
  }
  #line 51 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_8 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (6 < 0 || 6 >= 13) box_8 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_8.has(g) && box_8.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sinf(x_[v]);
        }
        ph::vstore(&O_[6 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          O_[6 * N_ + c_ + i0] = sinf(x_[v]);
        }
      }
    }
  }
  #line 52 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_9 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (7 < 0 || 7 >= 13) box_9 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_9.has(g) && box_9.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = cosf(x_[v]);
        }
        ph::vstore(&O_[7 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_9.has(i0)) continue;
          O_[7 * N_ + c_ + i0] = cosf(x_[v]);
        }
      }
    }
  }
  #line 53 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_10 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (8 < 0 || 8 >= 13) box_10 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_10.has(g) && box_10.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = tanhf(x_[v]);
        }
        ph::vstore(&O_[8 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_10.has(i0)) continue;
          O_[8 * N_ + c_ + i0] = tanhf(x_[v]);
        }
      }
    }
  }
  #line 54 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_11 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (9 < 0 || 9 >= 13) box_11 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_11.has(g) && box_11.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = erff(x_[v]);
        }
        ph::vstore(&O_[9 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_11.has(i0)) continue;
          O_[9 * N_ + c_ + i0] = erff(x_[v]);
        }
      }
    }
  }
  #line 55 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_12 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (10 < 0 || 10 >= 13) box_12 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_12.has(g) && box_12.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = fabsf(x_[v]);
        }
        ph::vstore(&O_[10 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_12.has(i0)) continue;
          O_[10 * N_ + c_ + i0] = fabsf(x_[v]);
        }
      }
    }
  }
  #line 56 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_13 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (11 < 0 || 11 >= 13) box_13 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_13.has(g) && box_13.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = floorf(x_[v]);
        }
        ph::vstore(&O_[11 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_13.has(i0)) continue;
          O_[11 * N_ + c_ + i0] = floorf(x_[v]);
        }
      }
    }
  }
  #line 57 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_14 = {{ph::max64(x_box.lo[0], -c_)}, {ph::min64(x_box.hi[0], N_ - c_)}};
  if (12 < 0 || 12 >= 13) box_14 = {};  // the window's index is outside
  {
    const int lane = threadIdx.x % 32;  // the thread's place in its row's group
    const int row = threadIdx.x / 32;
    #pragma unroll
    for (int slot = 0; slot < 1; ++slot) {
      const int g = lane * 4;
      if (!(row < 1)) continue;
      if (c_ % 4 == 0 && box_14.has(g) && box_14.has(g + 3)) {  // the whole group is present and aligned
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ceilf(x_[v]);
        }
        ph::vstore(&O_[12 * N_ + c_ + g], out);
      } else {  // element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_14.has(i0)) continue;
          O_[12 * N_ + c_ + i0] = ceilf(x_[v]);
        }
      }
    }
  }
}
