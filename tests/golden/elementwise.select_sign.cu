
// kernel select_sign: 64 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: T, X, Y; rows 16-byte multiples apart: T, X, Y
#line 83 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_select_sign(f32* X_, f32* Y_, f32* T_, i64 N_) {
  #line 85 "tests/corpus/elementwise.phobos"
  const i64 i_ = ph::wadd(ph::wmul((i64)blockIdx.x, 64ll), (i64)threadIdx.x);
  #line 86 "tests/corpus/elementwise.phobos"
  if ((i_ < N_)) {
    #line 87 "tests/corpus/elementwise.phobos"
    const f32 x_ = (0 <= i_ && i_ < N_ ? X_[i_] : 0.0f);
    #line 88 "tests/corpus/elementwise.phobos"
    const bool big_ = ((x_ > 1.0f) || (x_ < -1.0f));
    #line 89 "tests/corpus/elementwise.phobos"
    if (0 <= i_ && i_ < N_) Y_[i_] = ((big_ && (x_ > 0.0f)) ? 1.0f : (big_ ? -1.0f : x_));
  }
  #line 91 "tests/corpus/elementwise.phobos"
  const i64 t_start0_ = ph::wmul((i64)blockIdx.x, 64ll);
  #line 92 "tests/corpus/elementwise.phobos"
  ph::Box<1> box = {{ph::max64(t_start0_, 0) - t_start0_}, {ph::min64(t_start0_ + 64, N_) - t_start0_}};
  box.normalize();
  ph::Box<1> box_2 = {{ph::max64(t_start0_, 0) - t_start0_}, {ph::min64(t_start0_ + 64, N_) - t_start0_}};
  box_2.normalize();
  ph::Box<1> box_3 = {{ph::max64(t_start0_, 0) - t_start0_}, {ph::min64(t_start0_ + 64, N_) - t_start0_}};
  box_3.normalize();
  ph::Box<1> box_4 = {{ph::max64(t_start0_, 0) - t_start0_}, {ph::min64(t_start0_ + 64, N_) - t_start0_}};
  box_4.normalize();
  const i64 start = ph::wmul((i64)blockIdx.x, 64ll);
  const ph::Box<1> box_5 = {{ph::max64(ph::max64(ph::max64(ph::max64(box.lo[0], box_2.lo[0]), box_3.lo[0]), box_4.lo[0]), -start)}, {ph::min64(ph::min64(ph::min64(ph::min64(box.hi[0], box_2.hi[0]), box_3.hi[0]), box_4.hi[0]), N_ - start)}};
  if (start % 4 == 0 && t_start0_ % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 64) {
      const int g = e * 4;
      if (box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X_[t_start0_ + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (((X_g.v[v] >= 0.0f) && (X_g.v[v] < 0.5f)) ? (X_g.v[v] * 2.0f) : (-(X_g.v[v])));
        }
        ph::vstore(&T_[start + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_5.has(i0)) continue;
          T_[start + i0] = (((X_[t_start0_ + i0] >= 0.0f) && (X_[t_start0_ + i0] < 0.5f)) ? (X_[t_start0_ + i0] * 2.0f) : (-(X_[t_start0_ + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 64) {
      if (!box_5.has(i0)) continue;
      T_[start + i0] = (((X_[t_start0_ + i0] >= 0.0f) && (X_[t_start0_ + i0] < 0.5f)) ? (X_[t_start0_ + i0] * 2.0f) : (-(X_[t_start0_ + i0])));
    }
  }
}
