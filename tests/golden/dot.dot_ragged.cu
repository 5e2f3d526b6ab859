
// kernel dot_ragged [T=16]: 128 threads a CTA, 2048 bytes of shared memory
// for launches where multiples of 4: KA, KB, M, N; 16-byte aligned: A, B, C; rows 16-byte multiples apart: A, B, C
#line 70 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_dot_ragged(f32* A, f32* B, f32* C, i64 M, i64 KA, i64 KB, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(KA % 4 == 0);
  __builtin_assume(KB % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 72 "tests/corpus/dot.phobos"
  const i64 m0 = ph::wmul((i64)blockIdx.y, 16ll);
  #line 73 "tests/corpus/dot.phobos"
  const i64 n0 = ph::wmul((i64)blockIdx.x, 16ll);
  #line 74 "tests/corpus/dot.phobos"
  f32* acc = (f32*)(smem + 0);  // tile<f32>[16, 16]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 64; e += 128) {
    const int i0 = e / 4;
    const int g = (e % 4) * 4;
    ph::Vec<f32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0.0f;
    }
    ph::vstore(&acc[i0 * 16 + g], out);
  }
  acc_box = {{0, 0}, {16, 16}};
  #line 75 "tests/corpus/dot.phobos"
  const i64 hi = ph::imax(KA, KB);
  for (i64 k = 0ll; k < hi; k += 16) {
    #line 76 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(m0, 0) - m0, ph::max64(k, 0) - k}, {ph::min64(m0 + 16, M) - m0, ph::min64(k + 16, KA) - k}};
    box.normalize();
    ph::Box<2> box_ = {{ph::max64(k, 0) - k, ph::max64(n0, 0) - n0}, {ph::min64(k + 16, KB) - k, ph::min64(n0 + 16, N) - n0}};
    box_.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_.hi[0]);
    f32* tmp = (f32*)(smem + 1024);  // tile<f32>[16, 16]
    const ph::Box<2> box_2 = {{box.lo[0], box_.lo[1]}, {box.hi[0], box_.hi[1]}};
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_2.has(i0, i1)) continue;
      f32 acc_ = 0.0f;
      for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = (acc_ + ((A[(m0 + i0) * KA + (k + k_)] + 1.0f) * ((B[(k + k_) * N + (n0 + i1)] * 2.0f) + 1.0f)));
      tmp[i0 * 16 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_.hi[1])}};
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 16 + g]);
        const ph::Vec<f32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 16 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = (acc_g.v[v] + tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 16 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          acc[i0 * 16 + i1] = (acc[i0 * 16 + i1] + tmp[i0 * 16 + i1]);
        }
      }
    }
    acc_box = box_3;
  }
  #line 78 "tests/corpus/dot.phobos"
  __syncthreads();
  const ph::Box<2> box_4 = {{ph::max64(acc_box.lo[0], -m0), ph::max64(acc_box.lo[1], -n0)}, {ph::min64(acc_box.hi[0], M - m0), ph::min64(acc_box.hi[1], N - n0)}};
  if (n0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive f32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 64; e += 128) {
      const int i0 = e / 4;
      const int g = (e % 4) * 4;
      if (box_4.has(i0, g) && box_4.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<f32, 4> acc_g = ph::vload<4>(&acc[i0 * 16 + g]);
        ph::Vec<f32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = acc_g.v[v];
        }
        ph::vstore(&C[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_4.has(i0, i1)) continue;
          C[(m0 + i0) * N + (n0 + i1)] = acc[i0 * 16 + i1];
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 256; e += 128) {
      const int i0 = e / 16;
      const int i1 = e % 16;
      if (!box_4.has(i0, i1)) continue;
      C[(m0 + i0) * N + (n0 + i1)] = acc[i0 * 16 + i1];
    }
  }
}
