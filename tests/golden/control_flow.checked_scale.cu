
// kernel checked_scale: 64 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 209 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_checked_scale(f32* X_, f32* Y_, f32 s_, i64 N_) {
  #line 211 "tests/corpus/control_flow.phobos"
  const i64 i_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 212 "tests/corpus/control_flow.phobos"
  const i64 x_start0_ = i_;
  #line 214 "tests/corpus/control_flow.phobos"
  if (((i64)blockIdx.x == 0ll)) {
  }
  #line 217 "tests/corpus/control_flow.phobos"
  if (((i64)threadIdx.x == 0ll)) {
  }
  #line 220 "tests/corpus/control_flow.phobos"
  ph::Box<1> box = {{ph::max64(x_start0_, 0) - x_start0_}, {ph::min64(x_start0_ + 64, N_) - x_start0_}};
  box.normalize();
  const ph::Box<1> box_2 = {{ph::max64(box.lo[0], -i_)}, {ph::min64(box.hi[0], N_ - i_)}};
  if (i_ % 4 == 0 && x_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 64) {
      const int g = e * 4;
      if (box_2.has(g) && box_2.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[x_start0_ + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (X_g.v[v] * s_);
        }
        ph::vstore(&Y_[i_ + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_2.has(i0)) continue;
          Y_[i_ + i0] = (X_[x_start0_ + i0] * s_);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 64) {
      if (!box_2.has(i0)) continue;
      Y_[i_ + i0] = (X_[x_start0_ + i0] * s_);
    }
  }
}
