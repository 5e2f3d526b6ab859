
// kernel ranges: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 13 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_ranges(f32* X_, f32* Y_, i64 M_) {
  #line 14 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 15 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 4}};
  box.normalize();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), box.lo[1]}, {ph::min64(box.hi[0], M_ - r_), box.hi[1]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int g = 0;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[r_ * 12 + 8 + (i0 * 12 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (X_g.v[v] * 2.0f);
      }
      ph::vstore(&Y_[r_ * 12 + (i0 * 12 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y_[r_ * 12 + (i0 * 12 + i1)] = (X_[r_ * 12 + 8 + (i0 * 12 + i1)] * 2.0f);
      }
    }
  }
  #line 16 "tests/corpus/slicing.phobos"
  __syncthreads();
  ph::Box<2> box_3 = {{ph::max64(r_, 0) - r_, 0}, {ph::min64(r_ + 8, M_) - r_, 8}};
  box_3.normalize();
  const ph::Box<2> box_4 = {{ph::max64(box_3.lo[0], -r_), box_3.lo[1]}, {ph::min64(box_3.hi[0], M_ - r_), box_3.hi[1]}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 16; e += 128) {
    const int i0 = e / 2;
    const int g = (e % 2) * 4;
    if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
      const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[r_ * 12 + (i0 * 12 + g)]);
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        out.v[v] = (X_g.v[v] + 1.0f);
      }
      ph::vstore(&Y_[r_ * 12 + 4 + (i0 * 12 + g)], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_4.has(i0, i1)) continue;
        Y_[r_ * 12 + 4 + (i0 * 12 + i1)] = (X_[r_ * 12 + (i0 * 12 + i1)] + 1.0f);
      }
    }
  }
}
