
// kernel tile_assign: 128 threads a CTA, 1056 bytes of shared memory
// 16-byte aligned tensors: X, A, B, C, D
#line 57 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) tile_assign(f32* X, f32* A, f32* B, f32* C, f32* D) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 59 "tests/corpus/slicing.phobos"
  f32* a = (f32*)(smem + 0);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = X_g.v[v];
    }
    ph::vstore(&a[i0 * 8 + g], out);
  }
  #line 60 "tests/corpus/slicing.phobos"
  f32* b = (f32*)(smem + 256);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&b[i0 * 8 + g], out);
  }
  #line 61 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> a_g = ph::vload<4>(&a[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = a_g.v[v];
    }
    ph::vstore(&b[i0 * 8 + g], out);
  }
  #line 62 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<1> box = {{0}, {8}};
  if (0 < 0 || 0 >= 8) box = {};  // the window's index is outside
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 2; e += 128) {
    const int g = e * 4;
    if (box.has(g) && box.has(g + 3)) {  // the whole group is present
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = 5.0f;
      }
      ph::vstore(&b[g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i0 = g + v;
        if (!box.has(i0)) continue;
        b[i0] = 5.0f;
      }
    }
  }
  #line 63 "tests/corpus/slicing.phobos"
  f32* c = (f32*)(smem + 512);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 1.0f;
    }
    ph::vstore(&c[i0 * 8 + g], out);
  }
  #line 64 "tests/corpus/slicing.phobos"
  __syncthreads();
  f32* tmp = (f32*)(smem + 1024);  // tile<f32>[8, 1]
  {  // sum along the last axis of tile<f32>[8, 8]
    // 8 rows of 8, a group of 8 threads per row; lane l folds elements l, l + 8, ... in registers, then xor shuffles combine the group
    const int lane = threadIdx.x % 8;  // the thread's place in its row's group
    const int row = threadIdx.x / 8;
    const int i0 = row;
    const bool live = row < 8;  // the row exists
    const int end = live ? 8 : 0;
    f32 acc = 0.0f;
    #pragma unroll 4
    for (int j = lane; j < end; j += 8) acc = (acc + a[i0 * 8 + j]);
    // the 8 lanes combine pairwise, halving: each ends with the same bits
    #pragma unroll
    for (int m = 4; m >= 1; m /= 2) acc = (acc + ph::shfl_xor(acc, m, 8));
    if (live && lane == 0) {
      tmp[i0] = acc;
    }
  }
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = tmp[i0];
    }
    ph::vstore(&c[i0 * 8 + g], out);
  }
  #line 65 "tests/corpus/slicing.phobos"
  f32* d = (f32*)(smem + 768);  // tile<f32>[8, 8]
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&d[i0 * 8 + g], out);
  }
  #line 66 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      const int i1 = g + v;
      out.v[v] = a[i1 * 8 + i0];
    }
    ph::vstore(&d[i0 * 8 + g], out);
  }
  #line 67 "tests/corpus/slicing.phobos"
  __syncthreads();
  d[1 * 8 + 1] = -1.0f;
  #line 68 "tests/corpus/slicing.phobos"
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> a_g = ph::vload<4>(&a[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = a_g.v[v];
    }
    ph::vstore(&A[i0 * 8 + g], out);
  }
  #line 69 "tests/corpus/slicing.phobos"
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> b_g = ph::vload<4>(&b[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = b_g.v[v];
    }
    ph::vstore(&B[i0 * 8 + g], out);
  }
  #line 70 "tests/corpus/slicing.phobos"
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> c_g = ph::vload<4>(&c[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = c_g.v[v];
    }
    ph::vstore(&C[i0 * 8 + g], out);
  }
  #line 71 "tests/corpus/slicing.phobos"
  __syncthreads();
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    const ph::Vec<f32, 4> d_g = ph::vload<4>(&d[i0 * 8 + g]);
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = d_g.v[v];
    }
    ph::vstore(&D[i0 * 8 + g], out);
  }
}
