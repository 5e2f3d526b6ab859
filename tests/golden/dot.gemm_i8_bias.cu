
// kernel gemm_i8_bias [TM=32, TN=64, TK=32]: 128 threads a CTA, 16384 bytes of shared memory
// for launches where multiples of 4: K, M, N; 16-byte aligned: A, B, BIAS, C; rows 16-byte multiples apart: BIAS, C
#line 94 "tests/corpus/dot.phobos"
extern "C" __global__ void __launch_bounds__(128) phobos_gemm_i8_bias(i8* A, i8* B, i32* BIAS, i32* C, i64 M, i64 K, i64 N) {
  __builtin_assume(M % 4 == 0);
  __builtin_assume(K % 4 == 0);
  __builtin_assume(N % 4 == 0);
  extern __shared__ __align__(16) unsigned char smem[];
  #line 99 "tests/corpus/dot.phobos"
  const i64 m0 = ph::wmul((i64)blockIdx.y, 32ll);
  #line 100 "tests/corpus/dot.phobos"
  const i64 n0 = ph::wmul((i64)blockIdx.x, 64ll);
  #line 101 "tests/corpus/dot.phobos"
  i32* acc = (i32*)(smem + 0);  // tile<i32>[32, 64]
  ph::Box<2> acc_box;
  // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
  for (int e = threadIdx.x; e < 512; e += 128) {
    const int i0 = e / 16;
    const int g = (e % 16) * 4;
    ph::Vec<i32, 4> out;
    #pragma unroll
    for (int v = 0; v < 4; ++v) {
      out.v[v] = 0;
    }
    ph::vstore(&acc[i0 * 64 + g], out);
  }
  acc_box = {{0, 0}, {32, 64}};
  #line 102 "tests/corpus/dot.phobos"
  for (i64 k = 0ll; k < K; k += 32) {
    #line 103 "tests/corpus/dot.phobos"
    const i64 a_start0 = m0;
    #line 103 "tests/corpus/dot.phobos"
    const i64 a_start1 = k;
    #line 104 "tests/corpus/dot.phobos"
    const i64 b_start0 = k;
    #line 104 "tests/corpus/dot.phobos"
    const i64 b_start1 = n0;
    #line 105 "tests/corpus/dot.phobos"
    __syncthreads();
    ph::Box<2> box = {{ph::max64(a_start0, 0) - a_start0, ph::max64(a_start1, 0) - a_start1}, {ph::min64(a_start0 + 32, M) - a_start0, ph::min64(a_start1 + 32, K) - a_start1}};
    box.normalize();
    ph::Box<2> box_ = {{ph::max64(b_start0, 0) - b_start0, ph::max64(b_start1, 0) - b_start1}, {ph::min64(b_start0 + 32, K) - b_start0, ph::min64(b_start1 + 64, N) - b_start1}};
    box_.normalize();
    const i64 k_lo = ph::max64(box.lo[1], box_.lo[0]);
    const i64 k_hi = ph::min64(box.hi[1], box_.hi[0]);
    i32* tmp = (i32*)(smem + 8192);  // tile<i32>[32, 64]
    const ph::Box<2> box_2 = {{box.lo[0], box_.lo[1]}, {box.hi[0], box_.hi[1]}};
    for (int e = threadIdx.x; e < 2048; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_2.has(i0, i1)) continue;
      i32 acc_ = 0;
      for (i64 k_ = k_lo; k_ < k_hi; ++k_) acc_ = ph::wadd(acc_, ph::wmul((i32)(A[(a_start0 + i0) * K + (a_start1 + k_)]), (i32)(B[(b_start0 + k_) * N + (b_start1 + i1)])));
      tmp[i0 * 64 + i1] = acc_;
    }
    __syncthreads();
    const ph::Box<2> box_3 = {{ph::max64(acc_box.lo[0], box.lo[0]), ph::max64(acc_box.lo[1], box_.lo[1])}, {ph::min64(acc_box.hi[0], box.hi[0]), ph::min64(acc_box.hi[1], box_.hi[1])}};
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_3.has(i0, g) && box_3.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc[i0 * 64 + g]);
        const ph::Vec<i32, 4> tmp_g = ph::vload<4>(&tmp[i0 * 64 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(acc_g.v[v], tmp_g.v[v]);
        }
        ph::vstore(&acc[i0 * 64 + g], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_3.has(i0, i1)) continue;
          acc[i0 * 64 + i1] = ph::wadd(acc[i0 * 64 + i1], tmp[i0 * 64 + i1]);
        }
      }
    }
    acc_box = box_3;
  }
  #line 107 "tests/corpus/dot.phobos"
  __syncthreads();
  ph::Box<2> box_4 = {{0, ph::max64(n0, 0) - n0}, {1, ph::min64(n0 + 64, N) - n0}};
  box_4.normalize();
  const ph::Box<2> box_5 = {{ph::max64(acc_box.lo[0], -m0), ph::max64(ph::max64(acc_box.lo[1], box_4.lo[1]), -n0)}, {ph::min64(ph::min64(acc_box.hi[0], (box_4.lo[0] < box_4.hi[0] ? 32 : 0)), M - m0), ph::min64(ph::min64(acc_box.hi[1], box_4.hi[1]), N - n0)}};
  if (n0 % 4 == 0) {  // every group's address is aligned
    // vector path: each thread moves 4 consecutive i32 (16 bytes) a turn, consecutive threads consecutive groups
    for (int e = threadIdx.x; e < 512; e += 128) {
      const int i0 = e / 16;
      const int g = (e % 16) * 4;
      if (box_5.has(i0, g) && box_5.has(i0, g + 3)) {  // the whole group is present
        const ph::Vec<i32, 4> acc_g = ph::vload<4>(&acc[i0 * 64 + g]);
        const ph::Vec<i32, 4> BIAS_g = ph::vload<4>(&BIAS[n0 + g]);
        ph::Vec<i32, 4> out;
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          out.v[v] = ph::wadd(acc_g.v[v], BIAS_g.v[v]);
        }
        ph::vstore(&C[(m0 + i0) * N + (n0 + g)], out);
      } else {  // the group crosses the region's edge: element by element, masked
        #pragma unroll
        for (int v = 0; v < 4; ++v) {
          const int i1 = g + v;
          if (!box_5.has(i0, i1)) continue;
          C[(m0 + i0) * N + (n0 + i1)] = ph::wadd(acc[i0 * 64 + i1], BIAS[n0 + i1]);
        }
      }
    }
  } else {  // scalar path: one element a thread a turn
    for (int e = threadIdx.x; e < 2048; e += 128) {
      const int i0 = e / 64;
      const int i1 = e % 64;
      if (!box_5.has(i0, i1)) continue;
      C[(m0 + i0) * N + (n0 + i1)] = ph::wadd(acc[i0 * 64 + i1], BIAS[n0 + i1]);
    }
  }
}
