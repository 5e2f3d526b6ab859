
// kernel view_varying: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 100 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_view_varying(f32* X, f32* Y, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 101 "tests/corpus/slicing.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 102 "tests/corpus/slicing.phobos"
  const i64 v_start0 = ph::wsub(i, 1ll);
  #line 103 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(v_start0, 0) - v_start0, 0}, {ph::min64(v_start0 + 3, N) - v_start0, 4}};
  box.normalize();
  ph::Box<2> box_ = {{ph::max64(v_start0, 0) - v_start0, 0}, {ph::min64(v_start0 + 3, N) - v_start0, 4}};
  box_.normalize();
  ph::Box<2> box_2 = {{ph::max64(v_start0, 0) - v_start0, 0}, {ph::min64(v_start0 + 3, N) - v_start0, 4}};
  box_2.normalize();
  if (0 <= i && i < N) Y[i] = (((box.lo[0] <= 0 && 0 < box.hi[0] && box.lo[1] <= 0 && 0 < box.hi[1] ? X[v_start0 * 4] : 0.0f) + (box_.lo[0] <= 1 && 1 < box_.hi[0] && box_.lo[1] <= 1 && 1 < box_.hi[1] ? X[v_start0 * 4 + 5] : 0.0f)) + (box_2.lo[0] <= 2 && 2 < box_2.hi[0] && box_2.lo[1] <= 3 && 3 < box_2.hi[1] ? X[v_start0 * 4 + 11] : 0.0f));
}
