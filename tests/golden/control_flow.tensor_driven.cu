
// kernel tensor_driven [T=32]: 128 threads a CTA, 128 bytes of shared memory
#line 121 "tests/corpus/control_flow.phobos"
extern "C" __global__ void __launch_bounds__(128) tensor_driven(i32* P, f32* X, f32* Y, i64 N) {
  extern __shared__ __align__(16) unsigned char smem[];
  #line 123 "tests/corpus/control_flow.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 32ll);
  #line 124 "tests/corpus/control_flow.phobos"
  if ((P[0] > 0)) {
    #line 125 "tests/corpus/control_flow.phobos"
    ph::Box<1> box = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
    box.normalize();
    const ph::Box<1> box_ = {{ph::max64(box.lo[0], -c)}, {ph::min64(box.hi[0], N - c)}};
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_.has(i0)) continue;
      Y[c + i0] = (X[c + i0] + 1.0f);
    }
  } else {
    #line 127 "tests/corpus/control_flow.phobos"
    ph::Box<1> box_2 = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
    box_2.normalize();
    const ph::Box<1> box_3 = {{ph::max64(box_2.lo[0], -c)}, {ph::min64(box_2.hi[0], N - c)}};
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_3.has(i0)) continue;
      Y[c + i0] = (X[c + i0] - 1.0f);
    }
  }
  #line 129 "tests/corpus/control_flow.phobos"
  f32* t = (f32*)(smem + 0);  // tile<f32>[32]
  ph::Box<1> t_box;
  ph::Box<1> box_4 = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
  box_4.normalize();
  for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
    if (!box_4.has(i0)) continue;
    t[i0] = X[c + i0];
  }
  t_box = box_4;
  #line 130 "tests/corpus/control_flow.phobos"
  const i64 hi = (i64)(P[1]);
  for (i64 k = 0ll; k < hi; ++k) {
    #line 131 "tests/corpus/control_flow.phobos"
    __syncthreads();
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!t_box.has(i0)) continue;
      t[i0] = (t[i0] * 2.0f);
    }
  }
  #line 133 "tests/corpus/control_flow.phobos"
  if ((P[2] == 1)) {
    #line 134 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const ph::Box<1> box_5 = {{ph::max64(t_box.lo[0], -c)}, {ph::min64(t_box.hi[0], N - c)}};
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_5.has(i0)) continue;
      Y[c + i0] = t[i0];
    }
  }
}
