
// kernel shifted_copy [T=16]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 5 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_shifted_copy(f32* X_, f32* Y_, i32 dr_, i32 dc_, i64 M_, i64 N_) {
  #line 7 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.y, 16ll);
  #line 8 "tests/corpus/slicing.phobos"
  const i64 c_ = ph::wmul((i64)blockIdx.x, 16ll);
  #line 9 "tests/corpus/slicing.phobos"
  const i64 start = ph::wadd(r_, (i64)(dr_));
  const i64 start_2 = ph::wadd(c_, (i64)(dc_));
  ph::Box<2> box = {{ph::max64(start, 0) - start, ph::max64(start_2, 0) - start_2}, {ph::min64(start + 16, M_) - start, ph::min64(start_2 + 16, N_) - start_2}};
  box.normalize();
  const i64 start_3 = ph::wadd(c_, (i64)(dc_));
  const i64 start_4 = ph::wadd(r_, (i64)(dr_));
  const i64 start_5 = ph::wadd(c_, (i64)(dc_));
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), ph::max64(box.lo[1], -c_)}, {ph::min64(box.hi[0], M_ - r_), ph::min64(box.hi[1], N_ - c_)}};
  if (c_ % 4 == 0 && start_5 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[(start_4 + i0) * N_ + (start_5 + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&Y_[(r_ + i0) * N_ + (c_ + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_2.has(i0, i1)) continue;
          Y_[(r_ + i0) * N_ + (c_ + i1)] = X_[(start_4 + i0) * N_ + (start_5 + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_2.has(i0, i1)) continue;
      Y_[(r_ + i0) * N_ + (c_ + i1)] = X_[(start_4 + i0) * N_ + (start_5 + i1)];
    }
  }
}
