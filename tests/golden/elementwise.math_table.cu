
// kernel math_table [T=128]: 128 threads a CTA, 1024 bytes of shared memory
// 16-byte aligned tensors: X, O
#line 40 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(128) math_table(f32* X, f32* O, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 42 "tests/corpus/elementwise.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 128ll);
  #line 43 "tests/corpus/elementwise.phobos"
  f32* x = (f32*)(smem + 0);  // tile<f32>[128]
  ph::Box<1> x_box;
  ph::Box<1> box = {{ph::max64(c, 0) - c}, {ph::min64(c + 128, N) - c}};
  box.normalize();
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box.has(g) && box.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[c + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&x[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box.has(i0)) continue;
          x[i0] = X[c + i0];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box.has(i0)) continue;
      x[i0] = X[c + i0];
    }
  }
  x_box = box;
  #line 44 "tests/corpus/elementwise.phobos"
  __syncthreads();
  f32* p = (f32*)(smem + 512);  // tile<f32>[128]
  ph::Box<1> p_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 32; e += 128) {
    const int g = e * 4;
    if (x_box.has(g) && x_box.has(g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (fabsf(x_g.v[v]) + 0.5f);
      }
      ph::vstore(&p[g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!x_box.has(i0)) continue;
        p[i0] = (fabsf(x[i0]) + 0.5f);
      }
    }
  }
  p_box = x_box;
  #line 45 "tests/corpus/elementwise.phobos"
  ph::Box<1> box_ = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (0 < 0 || 0 >= 13) box_ = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_.has(g) && box_.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = expf(x_g.v[v]);
        }
        ph::vstore(&O[c + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_.has(i0)) continue;
          O[c + i0] = expf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_.has(i0)) continue;
      O[c + i0] = expf(x[i0]);
    }
  }
  #line 46 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_2 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (1 < 0 || 1 >= 13) box_2 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = exp2f(x_g.v[v]);
        }
        ph::vstore(&O[1 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          O[1 * N + (c + i0)] = exp2f(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_2.has(i0)) continue;
      O[1 * N + (c + i0)] = exp2f(x[i0]);
    }
  }
  #line 47 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_3 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (2 < 0 || 2 >= 13) box_3 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> p_g = ph::vload<4>(&p[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = logf(p_g.v[v]);
        }
        ph::vstore(&O[2 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_3.has(i0)) continue;
          O[2 * N + (c + i0)] = logf(p[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_3.has(i0)) continue;
      O[2 * N + (c + i0)] = logf(p[i0]);
    }
  }
  #line 48 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_4 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (3 < 0 || 3 >= 13) box_4 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> p_g = ph::vload<4>(&p[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = log2f(p_g.v[v]);
        }
        ph::vstore(&O[3 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          O[3 * N + (c + i0)] = log2f(p[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_4.has(i0)) continue;
      O[3 * N + (c + i0)] = log2f(p[i0]);
    }
  }
  #line 49 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_5 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (4 < 0 || 4 >= 13) box_5 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> p_g = ph::vload<4>(&p[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sqrtf(p_g.v[v]);
        }
        ph::vstore(&O[4 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_5.has(i0)) continue;
          O[4 * N + (c + i0)] = sqrtf(p[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_5.has(i0)) continue;
      O[4 * N + (c + i0)] = sqrtf(p[i0]);
    }
  }
  #line 50 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_6 = {{ph::max64(p_box.lo[0], -c)}, {ph::min64(p_box.hi[0], N - c)}};
  if (5 < 0 || 5 >= 13) box_6 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_6.has(g) && box_6.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> p_g = ph::vload<4>(&p[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = 1.0f / sqrtf(p_g.v[v]);
        }
        ph::vstore(&O[5 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_6.has(i0)) continue;
          O[5 * N + (c + i0)] = 1.0f / sqrtf(p[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_6.has(i0)) continue;
      O[5 * N + (c + i0)] = 1.0f / sqrtf(p[i0]);
    }
  }
  #line 51 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_7 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (6 < 0 || 6 >= 13) box_7 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_7.has(g) && box_7.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = sinf(x_g.v[v]);
        }
        ph::vstore(&O[6 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_7.has(i0)) continue;
          O[6 * N + (c + i0)] = sinf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_7.has(i0)) continue;
      O[6 * N + (c + i0)] = sinf(x[i0]);
    }
  }
  #line 52 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_8 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (7 < 0 || 7 >= 13) box_8 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_8.has(g) && box_8.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = cosf(x_g.v[v]);
        }
        ph::vstore(&O[7 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_8.has(i0)) continue;
          O[7 * N + (c + i0)] = cosf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_8.has(i0)) continue;
      O[7 * N + (c + i0)] = cosf(x[i0]);
    }
  }
  #line 53 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_9 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (8 < 0 || 8 >= 13) box_9 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_9.has(g) && box_9.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = tanhf(x_g.v[v]);
        }
        ph::vstore(&O[8 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_9.has(i0)) continue;
          O[8 * N + (c + i0)] = tanhf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_9.has(i0)) continue;
      O[8 * N + (c + i0)] = tanhf(x[i0]);
    }
  }
  #line 54 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_10 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (9 < 0 || 9 >= 13) box_10 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_10.has(g) && box_10.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = erff(x_g.v[v]);
        }
        ph::vstore(&O[9 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_10.has(i0)) continue;
          O[9 * N + (c + i0)] = erff(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_10.has(i0)) continue;
      O[9 * N + (c + i0)] = erff(x[i0]);
    }
  }
  #line 55 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_11 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (10 < 0 || 10 >= 13) box_11 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_11.has(g) && box_11.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = fabsf(x_g.v[v]);
        }
        ph::vstore(&O[10 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_11.has(i0)) continue;
          O[10 * N + (c + i0)] = fabsf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_11.has(i0)) continue;
      O[10 * N + (c + i0)] = fabsf(x[i0]);
    }
  }
  #line 56 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_12 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (11 < 0 || 11 >= 13) box_12 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_12.has(g) && box_12.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = floorf(x_g.v[v]);
        }
        ph::vstore(&O[11 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_12.has(i0)) continue;
          O[11 * N + (c + i0)] = floorf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_12.has(i0)) continue;
      O[11 * N + (c + i0)] = floorf(x[i0]);
    }
  }
  #line 57 "tests/corpus/elementwise.phobos"
  __syncthreads();
  ph::Box<1> box_13 = {{ph::max64(x_box.lo[0], -c)}, {ph::min64(x_box.hi[0], N - c)}};
  if (12 < 0 || 12 >= 13) box_13 = {};  // the window's index is outside
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 32; e += 128) {
      const int g = e * 4;
      if (box_13.has(g) && box_13.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> x_g = ph::vload<4>(&x[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ceilf(x_g.v[v]);
        }
        ph::vstore(&O[12 * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_13.has(i0)) continue;
          O[12 * N + (c + i0)] = ceilf(x[i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 128; i0 += 128) {
      if (!box_13.has(i0)) continue;
      O[12 * N + (c + i0)] = ceilf(x[i0]);
    }
  }
}
