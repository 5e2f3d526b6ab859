
// kernel half_tiles [T=64]: 128 threads a CTA, 1024 bytes of shared memory
// 16-byte aligned tensors: X, Y, Z, D
#line 53 "tests/corpus/dtypes.phobos"
extern "C" __global__ void __launch_bounds__(128) half_tiles(bf16* X, bf16* Y, f16* Z, f64* D, i64 M, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 56 "tests/corpus/dtypes.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 8ll);
  #line 57 "tests/corpus/dtypes.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 64ll);
  #line 58 "tests/corpus/dtypes.phobos"
  bf16* x = (bf16*)(smem + 0);  // tile<bf16>[8, 64]
  ph::Box<2> x_box;
  ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 8, M) - r, ph::min64(c + 64, N) - c}};
  box.normalize();
  if (c % 8 == 0 && N % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive bf16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 8;
      if (box.has(i0, g) && box.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<bf16, 8> X_g = ph::vload<8>(&X[(r + i0) * N + (c + g)]);
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&x[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box.has(i0, i1)) continue;
          x[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box.has(i0, i1)) continue;
      x[i0 * 64 + i1] = X[(r + i0) * N + (c + i1)];
    }
  }
  x_box = box;
  #line 59 "tests/corpus/dtypes.phobos"
  __syncthreads();
  const ph::Box<2> box_ = {{ph::max64(x_box.lo[0], -r), ph::max64(x_box.lo[1], -c)}, {ph::min64(x_box.hi[0], M - r), ph::min64(x_box.hi[1], N - c)}};
  if (c % 8 == 0 && N % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive bf16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 8;
      if (box_.has(i0, g) && box_.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<bf16, 8> x_g = ph::vload<8>(&x[i0 * 64 + g]);
        ph::Vec<bf16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_bf16(ph::round_bf16((ph::round_bf16((ph::from_bf16(x_g.v[v]) * ph::from_bf16(x_g.v[v]))) - 1.0f)));
        }
        ph::vstore(&Y[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_.has(i0, i1)) continue;
          Y[(r + i0) * N + (c + i1)] = ph::to_bf16(ph::round_bf16((ph::round_bf16((ph::from_bf16(x[i0 * 64 + i1]) * ph::from_bf16(x[i0 * 64 + i1]))) - 1.0f)));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_.has(i0, i1)) continue;
      Y[(r + i0) * N + (c + i1)] = ph::to_bf16(ph::round_bf16((ph::round_bf16((ph::from_bf16(x[i0 * 64 + i1]) * ph::from_bf16(x[i0 * 64 + i1]))) - 1.0f)));
    }
  }
  #line 60 "tests/corpus/dtypes.phobos"
  const ph::Box<2> box_2 = {{ph::max64(x_box.lo[0], -r), ph::max64(x_box.lo[1], -c)}, {ph::min64(x_box.hi[0], M - r), ph::min64(x_box.hi[1], N - c)}};
  if (c % 8 == 0 && N % 8 == 0) {  // every group's address is aligned
    // vector path: each thread moves 8 consecutive f16 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 8;
      if (box_2.has(i0, g) && box_2.has(i0, g + 7)) {  // the whole group is present
        const ph::Vec<bf16, 8> x_g = ph::vload<8>(&x[i0 * 64 + g]);
        ph::Vec<f16, 8> out;
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          out.v[v] = ph::to_f16(ph::round_f16(((f32)(ph::from_bf16(x_g.v[v])) * 0.5f)));
        }
        ph::vstore(&Z[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 8; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Z[(r + i0) * N + (c + i1)] = ph::to_f16(ph::round_f16(((f32)(ph::from_bf16(x[i0 * 64 + i1])) * 0.5f)));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_2.has(i0, i1)) continue;
      Z[(r + i0) * N + (c + i1)] = ph::to_f16(ph::round_f16(((f32)(ph::from_bf16(x[i0 * 64 + i1])) * 0.5f)));
    }
  }
  #line 61 "tests/corpus/dtypes.phobos"
  const ph::Box<2> box_3 = {{ph::max64(x_box.lo[0], -r), ph::max64(x_box.lo[1], -c)}, {ph::min64(x_box.hi[0], M - r), ph::min64(x_box.hi[1], N - c)}};
  if (c % 2 == 0) {  // every group's address is aligned
    // vector path: each thread moves 2 consecutive f64 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int g = (e % 32) * 2;
      if (box_3.has(i0, g) && box_3.has(i0, g + 1)) {  // the whole group is present
        const ph::Vec<bf16, 2> x_g = ph::vload<2>(&x[i0 * 64 + g]);
        ph::Vec<f64, 2> out;
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          out.v[v] = ((f64)(ph::from_bf16(x_g.v[v])) / 3.0);
        }
        ph::vstore(&D[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 2; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          D[(r + i0) * N + (c + i1)] = ((f64)(ph::from_bf16(x[i0 * 64 + i1])) / 3.0);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_3.has(i0, i1)) continue;
      D[(r + i0) * N + (c + i1)] = ((f64)(ph::from_bf16(x[i0 * 64 + i1])) / 3.0);
    }
  }
}
