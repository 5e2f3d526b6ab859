
// kernel view_varying: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 100 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_view_varying(f32* X_, f32* Y_, i64 N_) {
  #line 101 "tests/corpus/slicing.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 128ll), (i64)threadIdx.x);
  #line 102 "tests/corpus/slicing.phobos"
  const i64 v_start0_ = ph::wsub(i_, 1ll);
  #line 103 "tests/corpus/slicing.phobos"
  ph::Box<2> box = {{ph::max64(v_start0_, 0) - v_start0_, 0}, {ph::min64(v_start0_ + 3, N_) - v_start0_, 4}};
  box.normalize();
  ph::Box<2> box_2 = {{ph::max64(v_start0_, 0) - v_start0_, 0}, {ph::min64(v_start0_ + 3, N_) - v_start0_, 4}};
  box_2.normalize();
  ph::Box<2> box_3 = {{ph::max64(v_start0_, 0) - v_start0_, 0}, {ph::min64(v_start0_ + 3, N_) - v_start0_, 4}};
  box_3.normalize();
  if (0 <= i_ && i_ < N_) Y_[i_] = (((box.lo[0] <= 0 && 0 < box.hi[0] && box.lo[1] <= 0 && 0 < box.hi[1] ? X_[v_start0_ * 4] : 0.0f) + (box_2.lo[0] <= 1 && 1 < box_2.hi[0] && box_2.lo[1] <= 1 && 1 < box_2.hi[1] ? X_[v_start0_ * 4 + 5] : 0.0f)) + (box_3.lo[0] <= 2 && 2 < box_3.hi[0] && box_3.lo[1] <= 3 && 3 < box_3.hi[1] ? X_[v_start0_ * 4 + 11] : 0.0f));
}
