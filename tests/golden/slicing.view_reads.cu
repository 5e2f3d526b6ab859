
// kernel view_reads: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: W, X, Y; rows 16-byte multiples apart: W, X, Y
#line 90 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_view_reads(f32* X_, f32* Y_, f32* W_, i64 M_, i64 N_) {
  #line 91 "tests/corpus/slicing.phobos"
  const i64 r_ = ph::wmul((i64)blockIdx.x, 8ll);
  #line 92 "tests/corpus/slicing.phobos"
  const i64 v_start0_ = r_;
  #line 93 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(v_start0_, 0) - v_start0_, 0}, {ph::min64(v_start0_ + 8, M_) - v_start0_, ph::min64(5, N_) - 1}};
  box.normalize();
  const ph::Box<2> box_2 = {{ph::max64(box.lo[0], -r_), box.lo[1]}, {ph::min64(box.hi[0], M_ - r_), ph::min64(box.hi[1], N_)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int g = 0;
    if (box_2.has(i0, g) && box_2.has(i0, g + 3)) {  // the whole group is present
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        out.v[v] = (X_[(v_start0_ + i0) * N_ + (1 + i1)] * 2.0f);
      }
      ph::vstore(&Y_[(r_ + i0) * N_ + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_2.has(i0, i1)) continue;
        Y_[(r_ + i0) * N_ + i1] = (X_[(v_start0_ + i0) * N_ + (1 + i1)] * 2.0f);
      }
    }
  }
  #line 94 "tests/corpus/slicing.phobos"
  if (((i64)threadIdx.x < 64ll)) {
    #line 95 "tests/corpus/slicing.phobos"
    const i64 at = ph::wadd(r_, ((i64)((i64)threadIdx.x / 8ll)));
    const i64 at_2 = ((i64)((i64)threadIdx.x % 8ll));
    const i64 at_3 = ((i64)((i64)threadIdx.x / 8ll));
    const i64 at_4 = ph::wsub(((i64)((i64)threadIdx.x % 8ll)), 2ll);
    ph::Box<2> box_3 = {{ph::max64(v_start0_, 0) - v_start0_, 0}, {ph::min64(v_start0_ + 8, M_) - v_start0_, ph::min64(5, N_) - 1}};
    box_3.normalize();
    if (0 <= at && at < M_ && 0 <= at_2 && at_2 < 8) W_[at * 8 + at_2] = ((box_3.lo[0] <= at_3 && at_3 < box_3.hi[0] && box_3.lo[1] <= at_4 && at_4 < box_3.hi[1] ? X_[(v_start0_ + (box_3.lo[0] <= at_3 && at_3 < box_3.hi[0] && box_3.lo[1] <= at_4 && at_4 < box_3.hi[1] ? at_3 : 0)) * N_ + (1 + (box_3.lo[0] <= at_3 && at_3 < box_3.hi[0] && box_3.lo[1] <= at_4 && at_4 < box_3.hi[1] ? at_4 : 0))] : 0.0f) + 1.0f);
  }
}
