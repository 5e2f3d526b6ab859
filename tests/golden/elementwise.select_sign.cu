
// kernel select_sign: 64 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: N; 16-byte aligned: T, X, Y; rows 16-byte multiples apart: T, X, Y
#line 83 "tests/corpus/elementwise.phobos"
extern "C" __global__ void __launch_bounds__(64) phobos_select_sign(f32* X, f32* Y, f32* T, i64 N) {
  __builtin_assume(N % 4 == 0);
  #line 85 "tests/corpus/elementwise.phobos"
  const i64 i = ph::wadd(ph::wmul((i64)blockIdx.x, 64ll), (i64)threadIdx.x);
  #line 86 "tests/corpus/elementwise.phobos"
  if ((i < N)) {
    #line 87 "tests/corpus/elementwise.phobos"
    const f32 x = (0 <= i && i < N ? X[i] : 0.0f);
    #line 88 "tests/corpus/elementwise.phobos"
    const bool big = ((x > 1.0f) || (x < -1.0f));
    #line 89 "tests/corpus/elementwise.phobos"
    if (0 <= i && i < N) Y[i] = ((big && (x > 0.0f)) ? 1.0f : (big ? -1.0f : x));
  }
  #line 91 "tests/corpus/elementwise.phobos"
  const i64 t_start0 = ph::wmul((i64)blockIdx.x, 64ll);
  #line 92 "tests/corpus/elementwise.phobos"
  ph::Box<1> box = {{ph::max64(t_start0, 0) - t_start0}, {ph::min64(t_start0 + 64, N) - t_start0}};
  box.normalize();
  ph::Box<1> box_ = {{ph::max64(t_start0, 0) - t_start0}, {ph::min64(t_start0 + 64, N) - t_start0}};
  box_.normalize();
  ph::Box<1> box_2 = {{ph::max64(t_start0, 0) - t_start0}, {ph::min64(t_start0 + 64, N) - t_start0}};
  box_2.normalize();
  ph::Box<1> box_3 = {{ph::max64(t_start0, 0) - t_start0}, {ph::min64(t_start0 + 64, N) - t_start0}};
  box_3.normalize();
  const i64 start = ph::wmul((i64)blockIdx.x, 64ll);
  const ph::Box<1> box_4 = {{ph::max64(ph::max64(ph::max64(ph::max64(box.lo[0], box_.lo[0]), box_2.lo[0]), box_3.lo[0]), -start)}, {ph::min64(ph::min64(ph::min64(ph::min64(box.hi[0], box_.hi[0]), box_2.hi[0]), box_3.hi[0]), N - start)}};
  if (start % 4 == 0 && t_start0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 16; e += 64) {
      const int g = e * 4;
      if (box_4.has(g) && box_4.has(g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[t_start0 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (((X_g.v[v] >= 0.0f) && (X_g.v[v] < 0.5f)) ? (X_g.v[v] * 2.0f) : (-(X_g.v[v])));
        }
        ph::vstore(&T[start + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i0 = g + v;
          if (!box_4.has(i0)) continue;
          T[start + i0] = (((X[t_start0 + i0] >= 0.0f) && (X[t_start0 + i0] < 0.5f)) ? (X[t_start0 + i0] * 2.0f) : (-(X[t_start0 + i0])));
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int i0 = threadIdx.x; i0 < 64; i0 += 64) {
      if (!box_4.has(i0)) continue;
      T[start + i0] = (((X[t_start0 + i0] >= 0.0f) && (X[t_start0 + i0] < 0.5f)) ? (X[t_start0 + i0] * 2.0f) : (-(X[t_start0 + i0])));
    }
  }
}
