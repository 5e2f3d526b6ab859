
// kernel absent_broadcast [R=8, C=32]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: COL, ROW, X, Y, Z; rows 16-byte multiples apart: ROW, X, Y, Z
#line 114 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_absent_broadcast(f32* X_, f32* ROW_, f32* COL_, f32* Y_, f32* Z_, i32 k_, i32 j_, i64 M_, i64 N_) {
  #line 117 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 8ll);
  #line 118 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 32ll);
  #line 119 "tests/corpus/slicing.phobos"
  const i64 x_start0_ = r_;
  #line 119 "tests/corpus/slicing.phobos"
  const i64 x_start1_ = c_;
  #line 120 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
  box.normalize();
  const i64 start = (i64)(k_);
  ph::Box<2> box_2 = {{ph::max64(start, 0) - start, ph::max64(c_, 0) - c_}, {ph::min64(start + 1, 1) - start, ph::min64(c_ + 32, N_) - c_}};
  box_2.normalize();
  const i64 start_2 = (i64)(k_);
  const ph::Box<2> box_3 = {{ph::max64(box.lo[0], -r_), ph::max64(ph::max64(box.lo[1], box_2.lo[1]), -c_)}, {ph::min64(ph::min64(box.hi[0], (box_2.lo[0] < box_2.hi[0] ? 8 : 0)), M_ - r_), ph::min64(ph::min64(box.hi[1], box_2.hi[1]), N_ - c_)}};
  if (c_ % 4 == 0 && x_start1_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
        const ph::Vec<f32, 4> ROW_g = ph::vload<4>(&ROW_[start_2 * N_ + (c_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] + ROW_g.v[v]);
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + (c_ + i1)] = (X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)] + ROW_[start_2 * N_ + (c_ + i1)]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_3.has(i0, i1)) continue;
      Y_[(r_ + i0) * N_ + (c_ + i1)] = (X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)] + ROW_[start_2 * N_ + (c_ + i1)]);
    }
  }
  #line 121 "tests/corpus/slicing.phobos"
  ph::Box<2> box_4 = {{ph::max64(x_start0_, 0) - x_start0_, ph::max64(x_start1_, 0) - x_start1_}, {ph::min64(x_start0_ + 8, M_) - x_start0_, ph::min64(x_start1_ + 32, N_) - x_start1_}};
  box_4.normalize();
  const i64 start_3 = (i64)(j_);
  ph::Box<2> box_5 = {{ph::max64(r_, 0) - r_, ph::max64(start_3, 0) - start_3}, {ph::min64(r_ + 8, M_) - r_, ph::min64(start_3 + 1, 1) - start_3}};
  box_5.normalize();
  const i64 start_4 = (i64)(j_);
  const i64 start_5 = (i64)(j_);
  const ph::Box<2> box_6 = {{ph::max64(ph::max64(box_4.lo[0], box_5.lo[0]), -r_), ph::max64(box_4.lo[1], -c_)}, {ph::min64(ph::min64(box_4.hi[0], box_5.hi[0]), M_ - r_), ph::min64(ph::min64(box_4.hi[1], (box_5.lo[1] < box_5.hi[1] ? 32 : 0)), N_ - c_)}};
  if (c_ % 4 == 0 && x_start1_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 8;
      const int g = (e % 8) * 4;
      if (box_6.has(i0, g) && box_6.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[(x_start0_ + i0) * N_ + (x_start1_ + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] * COL_[r_ + i0]);
        }
        ph::vstore(&Z_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_6.has(i0, i1)) continue;
          Z_[(r_ + i0) * N_ + (c_ + i1)] = (X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)] * COL_[r_ + i0]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 32;
      const int i1 = e % 32;
      if (!box_6.has(i0, i1)) continue;
      Z_[(r_ + i0) * N_ + (c_ + i1)] = (X_[(x_start0_ + i0) * N_ + (x_start1_ + i1)] * COL_[r_ + i0]);
    }
  }
}
