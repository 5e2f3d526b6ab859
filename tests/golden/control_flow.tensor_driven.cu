
// kernel tensor_driven [T=32]: 128 threads a CTA, 128 bytes of shared memory
// 16-byte aligned tensors: P, X, Y
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
    if (c % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int g = e * 4;
        if (box_.has(g) && box_.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[c + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (X_g.v[v] + 1.0f);
          }
          ph::vstore(&Y[c + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_.has(i0)) continue;
            Y[c + i0] = (X[c + i0] + 1.0f);
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
        if (!box_.has(i0)) continue;
        Y[c + i0] = (X[c + i0] + 1.0f);
      }
    }
  } else {
    #line 127 "tests/corpus/control_flow.phobos"
    ph::Box<1> box_2 = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
    box_2.normalize();
    const ph::Box<1> box_3 = {{ph::max64(box_2.lo[0], -c)}, {ph::min64(box_2.hi[0], N - c)}};
    if (c % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int g = e * 4;
        if (box_3.has(g) && box_3.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[c + g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = (X_g.v[v] - 1.0f);
          }
          ph::vstore(&Y[c + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_3.has(i0)) continue;
            Y[c + i0] = (X[c + i0] - 1.0f);
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
        if (!box_3.has(i0)) continue;
        Y[c + i0] = (X[c + i0] - 1.0f);
      }
    }
  }
  #line 129 "tests/corpus/control_flow.phobos"
  f32* t = (f32*)(smem + 0);  // tile<f32>[32]
  ph::Box<1> t_box;
  ph::Box<1> box_4 = {{ph::max64(c, 0) - c}, {ph::min64(c + 32, N) - c}};
  box_4.normalize();
  if (c % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int g = e * 4;
      if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[c + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&t[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          t[i0] = X[c + i0];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
      if (!box_4.has(i0)) continue;
      t[i0] = X[c + i0];
    }
  }
  t_box = box_4;
  #line 130 "tests/corpus/control_flow.phobos"
  const i64 hi = (i64)(P[1]);
  for (i64 k = 0ll; k < hi; ++k) {
    #line 131 "tests/corpus/control_flow.phobos"
    __syncthreads();
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 8; e += 128) {
      const int g = e * 4;
      if (t_box.has(g) && t_box.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> t_g = ph::vload<4>(&t[g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (t_g.v[v] * 2.0f);
        }
        ph::vstore(&t[g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!t_box.has(i0)) continue;
          t[i0] = (t[i0] * 2.0f);
        }
      }
    }
  }
  #line 133 "tests/corpus/control_flow.phobos"
  if ((P[2] == 1)) {
    #line 134 "tests/corpus/control_flow.phobos"
    __syncthreads();
    const ph::Box<1> box_5 = {{ph::max64(t_box.lo[0], -c)}, {ph::min64(t_box.hi[0], N - c)}};
    if (c % 4 == 0) {  // every group's address is aligned
      // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
      for (int e = threadIdx.x; e < 8; e += 128) {
        const int g = e * 4;
        if (box_5.has(g) && box_5.has(g + 3)) {  // the whole group is present
          const ph::Vec<f32, 4> t_g = ph::vload<4>(&t[g]);
          ph::Vec<f32, 4> out;
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            out.v[v] = t_g.v[v];
          }
          ph::vstore(&Y[c + g], out);
        } else {  // the group crosses the region's edge: element by element, masked
          #pragma unroll
          for (int v = 0; v < 4; ++v) {
            const int i0 = g + v;
            if (!box_5.has(i0)) continue;
            Y[c + i0] = t[i0];
          }
        }
      }
    } else {  // scalar path: one element a thread a turn
      for (int i0 = threadIdx.x; i0 < 32; i0 += 128) {
        if (!box_5.has(i0)) continue;
        Y[c + i0] = t[i0];
      }
    }
  }
}
