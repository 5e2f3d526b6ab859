
// kernel transpose_tiles [T=16]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 124 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_transpose_tiles(f32* X_, f32* Y_, i64 M_, i64 N_) {
  #line 126 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 16ll);
  #line 127 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 128 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, ph::max64(c_, 0) - c_}, {ph::min64(r_ + 16, M_) - r_, ph::min64(c_ + 16, N_) - c_}};
  box.normalize();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[1], -c_), ph::max64(box.lo[0], -r_)}, {ph::min64(box.hi[1], N_ - c_), ph::min64(box.hi[0], M_ - r_)}};
  if (r_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          out.v[v] = X_[(r_ + i1) * N_ + (c_ + i0)];
        }
        ph::vstore(&Y_[(c_ + i0) * M_ + (r_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y_[(c_ + i0) * M_ + (r_ + i1)] = X_[(r_ + i1) * N_ + (c_ + i0)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_2.has(i0, i1)) continue;
      Y_[(c_ + i0) * M_ + (r_ + i1)] = X_[(r_ + i1) * N_ + (c_ + i0)];
    }
  }
}
