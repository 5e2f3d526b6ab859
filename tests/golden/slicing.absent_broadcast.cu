
// kernel absent_broadcast [R=8, C=32]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: COL, ROW, X, Y, Z; rows 16-byte multiples apart: ROW, X, Y, Z
#line 114 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_absent_broadcast(f32* X, f32* ROW, f32* COL, f32* Y, f32* Z, i32 k, i32 j, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 117 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 8ll);
  #line 118 "tests/corpus/slicing.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 32ll);
  #line 119 "tests/corpus/slicing.phobos"
  const i64 x_start0 = r;
  #line 119 "tests/corpus/slicing.phobos"
  const i64 x_start1 = c;
  #line 120 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
  box.normalize();
  const i64 start = (i64)(k);
  ph::Box<2> box_ = {{ph::max64(start, 0) - start, ph::max64(c, 0) - c}, {ph::min64(start + 1, 1) - start, ph::min64(c + 32, N) - c}};
  box_.normalize();
  const i64 start_ = (i64)(k);
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r), ph::max64(ph::max64(box.lo[1], box_.lo[1]), -c)}, {ph::min64(ph::min64(box.hi[0], (box_.lo[0] < box_.hi[0] ? 8 : 0)), M - r), ph::min64(ph::min64(box.hi[1], box_.hi[1]), N - c)}};
  if (c % 4 == 0 && x_start1 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(x_start0 + i0) * N + (x_start1 + g)]);
        const ph::Vec<f32, 4> ROW_g = ph::vload<4>(&ROW[start_ * N + (c + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] + ROW_g.v[v]);
        }
        ph::vstore(&Y[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y[(r + i0) * N + (c + i1)] = (X[(x_start0 + i0) * N + (x_start1 + i1)] + ROW[start_ * N + (c + i1)]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_2.has(i0, i1)) continue;
      Y[(r + i0) * N + (c + i1)] = (X[(x_start0 + i0) * N + (x_start1 + i1)] + ROW[start_ * N + (c + i1)]);
    }
  }
  #line 121 "tests/corpus/slicing.phobos"
  ph::Box<2> box_3 = {{ph::max64(x_start0, 0) - x_start0, ph::max64(x_start1, 0) - x_start1}, {ph::min64(x_start0 + 8, M) - x_start0, ph::min64(x_start1 + 32, N) - x_start1}};
  box_3.normalize();
  const i64 start_2 = (i64)(j);
  ph::Box<2> box_4 = {{ph::max64(r, 0) - r, ph::max64(start_2, 0) - start_2}, {ph::min64(r + 8, M) - r, ph::min64(start_2 + 1, 1) - start_2}};
  box_4.normalize();
  const i64 start_3 = (i64)(j);
  const i64 start_4 = (i64)(j);
  const ph::Box<2> box_5 = {{ph::max64(ph::max64(box_3.lo[0], box_4.lo[0]), -r), ph::max64(box_3.lo[1], -c)}, {ph::min64(ph::min64(box_3.hi[0], box_4.hi[0]), M - r), ph::min64(ph::min64(box_3.hi[1], (box_4.lo[1] < box_4.hi[1] ? 32 : 0)), N - c)}};
  if (c % 4 == 0 && x_start1 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(x_start0 + i0) * N + (x_start1 + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] * COL[r + i0]);
        }
        ph::vstore(&Z[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          Z[(r + i0) * N + (c + i1)] = (X[(x_start0 + i0) * N + (x_start1 + i1)] * COL[r + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_5.has(i0, i1)) continue;
      Z[(r + i0) * N + (c + i1)] = (X[(x_start0 + i0) * N + (x_start1 + i1)] * COL[r + i0]);
    }
  }
}
