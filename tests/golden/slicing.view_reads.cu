
// kernel view_reads: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: W, X, Y; rows 16-byte multiples apart: W, X, Y
#line 90 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_view_reads(f32* X, f32* Y, f32* W, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 91 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.x, 8ll);
  #line 92 "tests/corpus/slicing.phobos"
  const i64 v_start0 = r;
  #line 93 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(v_start0, 0) - v_start0, 0}, {ph::min64(v_start0 + 8, M) - v_start0, ph::min64(5, N) - 1}};
  box.normalize();
  const ph::Box<2> box_ = {{ph::max64(box.lo[0], -r), box.lo[1]}, {ph::min64(box.hi[0], M - r), ph::min64(box.hi[1], N)}};
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 8; e += 128) {
    const int i0 = e;
    const int g = 0;
    if (box_.has(i0, g) && box_.has(i0, g + 3)) {  // the whole group is present
      ph::Vec<f32, 4> out;
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        out.v[v] = (X[(v_start0 + i0) * N + (1 + i1)] * 2.0f);
      }
      ph::vstore(&Y[(r + i0) * N + g], out);
    } else {  // the group crosses the region's edge: element by element, masked
      #pragma unroll
      for (int v = 0; v < 4; ++v) {
        const int i1 = g + v;
        if (!box_.has(i0, i1)) continue;
        Y[(r + i0) * N + i1] = (X[(v_start0 + i0) * N + (1 + i1)] * 2.0f);
      }
    }
  }
  #line 94 "tests/corpus/slicing.phobos"
  if (((i64)threadIdx.x < 64ll)) {
    #line 95 "tests/corpus/slicing.phobos"
    const i64 at = ph::wadd(r, ph::idiv((i64)threadIdx.x, 8ll));
    const i64 at_ = ph::imod((i64)threadIdx.x, 8ll);
    const i64 at_2 = ph::idiv((i64)threadIdx.x, 8ll);
    const i64 at_3 = ph::wsub(ph::imod((i64)threadIdx.x, 8ll), 2ll);
    ph::Box<2> box_2 = {{ph::max64(v_start0, 0) - v_start0, 0}, {ph::min64(v_start0 + 8, M) - v_start0, ph::min64(5, N) - 1}};
    box_2.normalize();
    if (0 <= at && at < M && 0 <= at_ && at_ < 8) W[at * 8 + at_] = ((box_2.lo[0] <= at_2 && at_2 < box_2.hi[0] && box_2.lo[1] <= at_3 && at_3 < box_2.hi[1] ? X[(v_start0 + (box_2.lo[0] <= at_2 && at_2 < box_2.hi[0] && box_2.lo[1] <= at_3 && at_3 < box_2.hi[1] ? at_2 : 0)) * N + (1 + (box_2.lo[0] <= at_2 && at_2 < box_2.hi[0] && box_2.lo[1] <= at_3 && at_3 < box_2.hi[1] ? at_3 : 0))] : 0.0f) + 1.0f);
  }
}
