
// kernel shifted_copy [T=16]: 128 threads a CTA, 0 bytes of shared memory
// for launches where multiples of 4: M, N; 16-byte aligned: X, Y; rows 16-byte multiples apart: X, Y
#line 5 "tests/corpus/slicing.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_shifted_copy(f32* X, f32* Y, i32 dr, i32 dc, i64 M, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(N % 4 == 0);
  #line 7 "tests/corpus/slicing.phobos"
  const i64 r = ph::wmul((i64)blockIdx.y, 16ll);
  #line 8 "tests/corpus/slicing.phobos"
  const i64 c = ph::wmul((i64)blockIdx.x, 16ll);
  #line 9 "tests/corpus/slicing.phobos"
  const i64 start = ph::wadd(r, (i64)(dr));
  const i64 start_ = ph::wadd(c, (i64)(dc));
  ph::Box<2> box = {{ph::max64(start, 0) - start, ph::max64(start_, 0) - start_}, {ph::min64(start + 16, M) - start, ph::min64(start_ + 16, N) - start_}};
  box.normalize();
  const i64 start_2 = ph::wadd(c, (i64)(dc));
  const i64 start_3 = ph::wadd(r, (i64)(dr));
  const i64 start_4 = ph::wadd(c, (i64)(dc));
  const ph::Box<2> box_ = {{ph::max64(box.lo[0], -r), ph::max64(box.lo[1], -c)}, {ph::min64(box.hi[0], M - r), ph::min64(box.hi[1], N - c)}};
  if (c % 4 == 0 && start_4 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_.has(i0, g) && box_.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> X_g = ph::vload<4>(&X[(start_3 + i0) * N + (start_4 + g)]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = X_g.v[v];
        }
        ph::vstore(&Y[(r + i0) * N + (c + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_.has(i0, i1)) continue;
          Y[(r + i0) * N + (c + i1)] = X[(start_3 + i0) * N + (start_4 + i1)];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_.has(i0, i1)) continue;
      Y[(r + i0) * N + (c + i1)] = X[(start_3 + i0) * N + (start_4 + i1)];
    }
  }
}
