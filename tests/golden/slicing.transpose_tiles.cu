
// kernel transpose_tiles [T=16]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 124 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_transpose_tiles(f32* X, f32* Y, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 126 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 16ll);
  #line 127 "tests/corpus/slicing.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 16ll);
  #line 128 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(r, 0) - r, ph::max64(c, 0) - c}, {ph::min64(r + 16, M) - r, ph::min64(c + 16, N) - c}};
  box.normalize();
  const ph::Box<2> box_ = {{ph::max64(box.lo[1], -c), ph::max64(box.lo[0], -r)}, {ph::min64(box.hi[1], N - c), ph::min64(box.hi[0], M - r)}};
  if (r % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_.has(i0, g) && box_.has(i0, g + 3)) {  // the whole group is present
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          out.v[v] = X[(r + i1) * N + (c + i0)];
        }
        ph::vstore(&Y[(c + i0) * M + (r + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_.has(i0, i1)) continue;
          Y[(c + i0) * M + (r + i1)] = X[(r + i1) * N + (c + i0)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_.has(i0, i1)) continue;
      Y[(c + i0) * M + (r + i1)] = X[(r + i1) * N + (c + i0)];
    }
  }
}
